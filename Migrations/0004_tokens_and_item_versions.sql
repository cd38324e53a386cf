-- Schema 4: writes over HTTP (DESIGN §15): the version that last wrote each item, for `ETag` and
-- `If-Match`, and the tokens that say who may read and write.
--
-- An item's version is `items.version`, or, where that is NULL, the version of its collection's
-- last whole import (`collections.imported_version`): an import writes every item at once and
-- leaves the column NULL, so that it costs nothing per item. A single write marks the items it
-- adds and updates with -1 while it runs, and gives them its version once it has one, at its end
-- (`UPDATE items SET version = V WHERE collection_id = C AND version = -1`, which the partial
-- index finds without reading the collection's other items: it names both columns, so that
-- SQLite's planner, which knows nothing of how few items it holds, prefers it to the primary
-- key). A catalog of schema 3 does not know when its items were written: each counts as written
-- by its collection's last write.
ALTER TABLE collections ADD COLUMN imported_version INTEGER NOT NULL DEFAULT 0;
UPDATE collections SET imported_version = version;
ALTER TABLE items ADD COLUMN version INTEGER; -- NULL: written by the last whole import
CREATE INDEX items_being_written ON items (collection_id, version) WHERE version = -1;

-- Who may read and write over HTTP. A token's secret is shown once, when it is made; the catalog
-- keeps only its SHA-256.
CREATE TABLE tokens (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  secret_sha256 BLOB NOT NULL,
  can_write INTEGER NOT NULL,   -- 1: read and write; 0: read only
  collections TEXT,             -- JSON array of the collections it may use; NULL for all
  created_at TEXT NOT NULL,     -- ISO 8601, UTC
  last_used_at TEXT             -- ISO 8601, UTC, recorded at most once a minute
);
