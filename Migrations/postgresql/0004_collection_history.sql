-- Schema 4 on PostgreSQL, as schema 6 on SQLite (Migrations/0006_collection_history.sql): each
-- collection's identity, made anew when its contents are replaced wholesale; the lowest version
-- after which its changed items can be told (`history_floor`); an index of items by the version
-- that last wrote them; the removed items with the version that removed them; and the first
-- answer to each write sent with an `Idempotency-Key` (DESIGN §16).
ALTER TABLE collections ADD COLUMN identity text COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE collections ADD COLUMN history_floor bigint NOT NULL DEFAULT 0;
UPDATE collections SET identity = replace(gen_random_uuid()::text, '-', ''),
  history_floor = (SELECT version FROM catalog_state);
CREATE INDEX items_by_version ON items (collection_id, version, item) WHERE version > 0;

CREATE TABLE removed_items (
  collection_id bigint NOT NULL,
  version bigint NOT NULL,                -- -1 while the write that removed it runs
  item bigint NOT NULL,
  key text COLLATE "C",
  PRIMARY KEY (collection_id, version, item)
);

CREATE TABLE idempotency_keys (
  scope text COLLATE "C" NOT NULL,        -- the name of the token that sent the key
  key text COLLATE "C" NOT NULL,
  request_sha256 bytea NOT NULL,
  status integer NOT NULL,
  headers text COLLATE "C" NOT NULL,      -- JSON array: name, value, name, value…
  body bytea NOT NULL,
  created_at bigint NOT NULL,             -- seconds since 1970, UTC
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
