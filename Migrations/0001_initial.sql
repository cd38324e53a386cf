-- The catalog schema. Plain tables and BLOB key columns, so any SQLite client can read sections
-- and items in order with an ordinary ORDER BY (DESIGN §5). No custom collation is used anywhere.
-- The migrator sets PRAGMA application_id and user_version; this file only makes tables.

-- One row per imported CSV file.
CREATE TABLE collections (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  columns TEXT NOT NULL,        -- JSON array of the header's column names, in file order
  title_column TEXT NOT NULL,   -- the column shown for an item
  sort_as TEXT NOT NULL,        -- JSON array of the columns joined (with a space) to sort items
  locale TEXT NOT NULL,         -- canonical ICU locale id chosen at import
  header TEXT,                  -- grouped-list text above the whole collection
  footer TEXT,                  -- grouped-list text below the whole collection
  item_count INTEGER NOT NULL,
  imported_at TEXT NOT NULL     -- ISO 8601, UTC
);

-- Every item with all its CSV fields, in import order.
CREATE TABLE items (
  collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  item INTEGER NOT NULL,        -- position in the imported file, from 0
  title TEXT NOT NULL,          -- the title column's value
  fields TEXT NOT NULL,         -- JSON array of every field, in column order, exactly as written
  PRIMARY KEY (collection_id, item)
) WITHOUT ROWID;

-- A way of cutting a collection into sections, in one locale, with the versions that made its keys.
CREATE TABLE groupings (
  id INTEGER PRIMARY KEY,
  collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  group_by TEXT NOT NULL,       -- the grouping column; '' for letter grouping (no column is named '')
  locale TEXT NOT NULL,         -- canonical ICU locale id of the keys
  icu_version TEXT NOT NULL,    -- ICU that made the keys, such as '72.1'
  collator_version TEXT NOT NULL, -- ucol_getVersion of the collator that made the keys
  first_row_id INTEGER NOT NULL DEFAULT 0, -- rows.id of the list's row 0
  row_count INTEGER NOT NULL DEFAULT 0, -- rows of the list: ids first_row_id ..< first_row_id + row_count
  has_search_keys INTEGER NOT NULL DEFAULT 0, -- 1 once search_keys holds this grouping's words
  UNIQUE (collection_id, group_by, locale)
);

-- The sections of a grouping, in order. Listing sections never reads items; the section of a
-- row is the one with the greatest first_row not after it.
CREATE TABLE sections (
  grouping_id INTEGER NOT NULL REFERENCES groupings (id) ON DELETE CASCADE,
  section INTEGER NOT NULL,     -- position in section order, from 0
  section_key BLOB,             -- ICU primary key of the heading; NULL for '#' and blank values
  heading TEXT NOT NULL,        -- letter label, or the most frequent spelling of the column value
  letter TEXT NOT NULL,         -- the letter (index label) the heading files under
  item_count INTEGER NOT NULL,
  first_row INTEGER NOT NULL,   -- row of the section's first item in the whole list
  PRIMARY KEY (grouping_id, section)
) WITHOUT ROWID;

CREATE INDEX sections_by_first_row ON sections (grouping_id, first_row);

-- Index titles taken from another column (--index-by): a section's most frequent value there.
CREATE TABLE section_titles (
  grouping_id INTEGER NOT NULL REFERENCES groupings (id) ON DELETE CASCADE,
  index_by TEXT NOT NULL,
  section INTEGER NOT NULL,
  title TEXT NOT NULL,
  PRIMARY KEY (grouping_id, index_by, section)
) WITHOUT ROWID;

-- The whole list of every grouping in order: sections in order, each with its items in order of
-- their ICU sort keys (equal keys in import order). A grouping's rows have consecutive ids, so the
-- row at position r of its list has id = groupings.first_row_id + r: a row offset is found by key,
-- never by counting. (`SELECT ... FROM rows WHERE id BETWEEN ... ORDER BY id` lists in order.)
CREATE TABLE rows (
  id INTEGER PRIMARY KEY,
  grouping_id INTEGER NOT NULL, -- groupings.id (rows are deleted with it, by id range)
  sort_key BLOB NOT NULL,       -- ICU tertiary sort key of the item's sort-as value
  item INTEGER NOT NULL         -- items.item
);

-- Grouped-list text of sections, kept by heading so that rebuilding a grouping (an append, another
-- ICU) keeps it; a note belongs to the section whose heading folds equal in the list's locale.
CREATE TABLE section_notes (
  collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  group_by TEXT NOT NULL,       -- as groupings.group_by
  heading TEXT NOT NULL,
  header TEXT,                  -- grouped-list text above the section
  footer TEXT,                  -- grouped-list text below the section
  PRIMARY KEY (collection_id, group_by, heading)
) WITHOUT ROWID;

-- Word starts for `search`, built the first time a grouping is searched: the ICU primary key of
-- the title and of the sort-as value from each word on, and the row it belongs to.
CREATE TABLE search_keys (
  grouping_id INTEGER NOT NULL REFERENCES groupings (id) ON DELETE CASCADE,
  key BLOB NOT NULL,
  row INTEGER NOT NULL,
  PRIMARY KEY (grouping_id, key, row)
) WITHOUT ROWID;
