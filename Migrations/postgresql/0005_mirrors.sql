-- Schema 5 on PostgreSQL, as schema 7 on SQLite (Migrations/0007_mirrors.sql): what a device
-- that mirrors a server collection keeps (DESIGN §16).
--
-- A mirrored collection is an ordinary collection with a row in `mirrors`: where it comes from
-- (the collection's address on a `catalog serve`, never a token), the server collection's
-- identity, the server version reached (written in the transaction that applies it), this
-- mirror's random id (with a write's number, its `Idempotency-Key`) and the next write's number.
CREATE TABLE mirrors (
  collection_id bigint PRIMARY KEY,
  url text COLLATE "C" NOT NULL,
  identity text COLLATE "C" NOT NULL,
  reached bigint NOT NULL,
  mirror_id text COLLATE "C" NOT NULL,
  next_write bigint NOT NULL DEFAULT 1
);

-- The server version of each item that came from the server (the `If-Match` of a write on it).
CREATE TABLE mirror_items (
  collection_id bigint NOT NULL,
  item bigint NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (collection_id, item)
);

-- The queue of local writes, in order, each written in the local write's own transaction: its
-- kind (add, update, remove), the item (a local number until an added item is confirmed) and
-- its key, the fields it wrote (a JSON array: column, value, column, value…), and the base it wrote on: the
-- item's server version and server fields (NULL for an add).
CREATE TABLE mirror_writes (
  collection_id bigint NOT NULL,
  number bigint NOT NULL,
  kind text COLLATE "C" NOT NULL,
  item bigint NOT NULL,
  key text COLLATE "C",
  fields text COLLATE "C" NOT NULL,
  base_version bigint,
  base_fields text COLLATE "C",
  PRIMARY KEY (collection_id, number)
);

-- Conflicts, one an item: base, local and server fields (JSON arrays as above; local or server NULL
-- where that side removed the item, base NULL where both added the key).
CREATE TABLE mirror_conflicts (
  collection_id bigint NOT NULL,
  item bigint NOT NULL,
  key text COLLATE "C",
  base text COLLATE "C",
  local text COLLATE "C",
  server text COLLATE "C",
  PRIMARY KEY (collection_id, item)
);

-- Writes the server refused (400, 403, 404): the status, its error and the fields sent.
CREATE TABLE mirror_rejected (
  collection_id bigint NOT NULL,
  number bigint NOT NULL,
  item bigint NOT NULL,
  key text COLLATE "C",
  status bigint NOT NULL,
  error text COLLATE "C" NOT NULL,
  fields text COLLATE "C" NOT NULL,
  PRIMARY KEY (collection_id, number)
);

-- A copy in progress, by the local collection's name (it may not exist yet): the server
-- collection as of one version, page by page, kept aside until it is complete and swapped in at
-- once. `settings` is the server collection's record (columns, title, key, locale…) as JSON.
CREATE TABLE mirror_copies (
  name text COLLATE "C" PRIMARY KEY,
  url text COLLATE "C" NOT NULL,
  identity text COLLATE "C" NOT NULL,
  version bigint NOT NULL,
  after bigint,
  complete bigint NOT NULL DEFAULT 0,
  settings text COLLATE "C" NOT NULL
);
CREATE TABLE mirror_copy_items (
  name text COLLATE "C" NOT NULL,
  item bigint NOT NULL,
  key text COLLATE "C",
  version bigint NOT NULL,
  fields text COLLATE "C" NOT NULL,
  PRIMARY KEY (name, item)
);
