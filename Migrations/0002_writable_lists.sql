-- Schema 2: lists that take one write at a time.
--
-- Schema 1 numbered every row of a list by its position, so one insert renumbered the rows after
-- it. Here a row is identified by its key alone (its section, its ICU sort key, its item), and
-- positions are counted: `row_blocks` holds how many rows and sections fall in each block of
-- keys, in a few levels, so a position is found, and a write is counted, in O(log n) rows.
--
-- The lists of schema 1 are derived data: this migration keeps every item, setting and note,
-- drops the old list tables, and records which lists, index titles and search keys existed; the
-- program then builds them again from the items in the same transaction.

-- Collections learn a key column, an item counter that never goes back, and the version of their
-- last write.
ALTER TABLE collections ADD COLUMN key_column TEXT; -- the --key column; NULL when items have none
ALTER TABLE collections ADD COLUMN next_item INTEGER NOT NULL DEFAULT 0; -- never reused
ALTER TABLE collections ADD COLUMN version INTEGER NOT NULL DEFAULT 0; -- of its last write
UPDATE collections SET next_item = item_count;
-- How values are read for sorting, filing and search (import --names, --ignore-articles).
ALTER TABLE collections ADD COLUMN names INTEGER NOT NULL DEFAULT 0;
ALTER TABLE collections ADD COLUMN ignores_articles INTEGER NOT NULL DEFAULT 0;

-- An item's key, trimmed, when its collection has a key column.
ALTER TABLE items ADD COLUMN key TEXT;
CREATE UNIQUE INDEX items_by_key ON items (collection_id, key) WHERE key IS NOT NULL;

-- The catalog's version, which every committed write raises by one.
CREATE TABLE catalog_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL,
  first_logged_version INTEGER NOT NULL -- change_sets holds every version from this one on
);
INSERT INTO catalog_state (id, version, first_logged_version) VALUES (1, 0, 1);

-- What a later write must keep up to date, recorded before the old tables go.
CREATE TABLE search_indexes (
  id INTEGER PRIMARY KEY,
  collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  icu_version TEXT NOT NULL,
  collator_version TEXT NOT NULL,
  UNIQUE (collection_id, locale)
);
INSERT INTO search_indexes (collection_id, locale, icu_version, collator_version)
SELECT DISTINCT collection_id, locale, '', '' FROM groupings WHERE has_search_keys = 1;

CREATE TABLE index_columns (
  grouping_id INTEGER NOT NULL REFERENCES groupings (id) ON DELETE CASCADE,
  index_by TEXT NOT NULL,
  PRIMARY KEY (grouping_id, index_by)
) WITHOUT ROWID;
INSERT INTO index_columns (grouping_id, index_by)
SELECT DISTINCT grouping_id, index_by FROM section_titles;

DROP TABLE search_keys;
DROP TABLE rows;
DROP TABLE section_titles;
DROP TABLE sections;
ALTER TABLE groupings DROP COLUMN first_row_id;
ALTER TABLE groupings DROP COLUMN row_count;
ALTER TABLE groupings DROP COLUMN has_search_keys;
-- The version from which the grouping's change sets are in the log; watchers of an older version
-- get a reload.
ALTER TABLE groupings ADD COLUMN built_version INTEGER NOT NULL DEFAULT 0;

-- A list's sections, in the order of their keys. A section's key is its part of its rows' keys:
-- x'01' and the letter's position (2 bytes) or the ICU primary key of the column value, or x'02'
-- for blank values, then a zero byte. So `ORDER BY key` is section order, with '#' and blank
-- last.
CREATE TABLE sections (
  grouping_id INTEGER NOT NULL REFERENCES groupings (id) ON DELETE CASCADE,
  key BLOB NOT NULL,
  heading TEXT NOT NULL, -- the letter, or the section's most frequent spelling of the value
  letter TEXT NOT NULL, -- the letter (index label) the heading files under
  item_count INTEGER NOT NULL,
  PRIMARY KEY (grouping_id, key)
) WITHOUT ROWID;

-- A list's rows in list order: `ORDER BY key` is the list. A row's key is its section's key, the
-- ICU tertiary sort key of the item's sort-as value, a zero byte and the item number (8 bytes,
-- big-endian), so equal sort keys keep item order. Rows carry no foreign key, which would cost
-- a lookup per appended row; the layout deletes them with their grouping.
CREATE TABLE rows (
  grouping_id INTEGER NOT NULL,
  key BLOB NOT NULL,
  item INTEGER NOT NULL,
  PRIMARY KEY (grouping_id, key)
) WITHOUT ROWID;

-- Counts of a list's rows and sections by block of keys. A node at `level` covers the keys from
-- its first_key to the next node's at that level; every level starts with x'' and each level's
-- first keys are a subset of the level below's, so a position is found by summing at most a few
-- dozen nodes per level.
CREATE TABLE row_blocks (
  grouping_id INTEGER NOT NULL,
  level INTEGER NOT NULL,
  first_key BLOB NOT NULL,
  row_count INTEGER NOT NULL,
  section_count INTEGER NOT NULL,
  PRIMARY KEY (grouping_id, level, first_key)
) WITHOUT ROWID;

-- How often each (trimmed) value of a column occurs in a section: the grouping column's spellings,
-- whose most frequent is the heading, and each --index-by column's values, whose most frequent is
-- the section's index title. Ties go to the first in collation order (sort_key, then the value).
-- A section holds a few spellings of its value, so the most frequent is found by reading them.
CREATE TABLE section_values (
  grouping_id INTEGER NOT NULL,
  column_name TEXT NOT NULL,
  section BLOB NOT NULL,
  value TEXT NOT NULL,
  sort_key BLOB NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (grouping_id, column_name, section, value)
) WITHOUT ROWID;

-- Word starts for `search`, per collection and locale: the ICU primary key of the title and of
-- the sort-as value from each word on, and the item.
CREATE TABLE search_keys (
  search_index_id INTEGER NOT NULL,
  key BLOB NOT NULL,
  item INTEGER NOT NULL,
  PRIMARY KEY (search_index_id, key, item)
) WITHOUT ROWID;

-- How each write changed each list (DESIGN §10), as the JSON line `catalog watch` prints.
CREATE TABLE change_sets (
  version INTEGER NOT NULL,
  collection TEXT NOT NULL,
  group_by TEXT NOT NULL,
  locale TEXT NOT NULL,
  change_set TEXT NOT NULL,
  PRIMARY KEY (version, collection, group_by, locale)
) WITHOUT ROWID;
