-- Schema 6: what a device that mirrors a collection needs of the server (DESIGN §16).
--
-- A collection's identity: random (16 bytes as hex), made when the collection is made, and made
-- anew when its contents are replaced wholesale (`import --replace`, a new collection under a
-- dropped one's name), so that a device that followed the old one copies it again instead of
-- applying versions that do not describe what it holds. Each collection this migration upgrades
-- gets one.
--
-- `history_floor` is the lowest version V for which the catalog can say which items of the
-- collection changed after V, removals included: the version that gave it its identity, raised
-- when the removals of older versions are pruned. Items changed after V are the items whose
-- version is greater (an item written by the last whole import has a NULL version and that
-- import's, which is never above the floor); `items_by_version` finds them in order without
-- reading the others, and holds no entry for an import's items (NULL) or for items a write marks
-- while it runs (-1).
ALTER TABLE collections ADD COLUMN identity TEXT NOT NULL DEFAULT '';
ALTER TABLE collections ADD COLUMN history_floor INTEGER NOT NULL DEFAULT 0;
UPDATE collections SET identity = lower(hex(randomblob(16))),
  history_floor = (SELECT version FROM catalog_state);
CREATE INDEX items_by_version ON items (collection_id, version, item) WHERE version > 0;

-- Items removed, with the version that removed them (a write that learns its version at its end
-- records -1 until then); pruned past the versions kept, which raises the collection's floor.
CREATE TABLE removed_items (
  collection_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  item INTEGER NOT NULL,
  key TEXT,
  PRIMARY KEY (collection_id, version, item)
) WITHOUT ROWID;

-- The first answer to each write sent with an `Idempotency-Key`, by the token that sent it (its
-- name) and the key, with the SHA-256 of the request (method, target, body): the same key with
-- the same request gets this answer again, and writes nothing. Kept at least a day.
CREATE TABLE idempotency_keys (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  request_sha256 BLOB NOT NULL,
  status INTEGER NOT NULL,
  headers TEXT NOT NULL,        -- JSON array: name, value, name, value…
  body BLOB NOT NULL,
  created_at INTEGER NOT NULL,  -- seconds since 1970, UTC
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
