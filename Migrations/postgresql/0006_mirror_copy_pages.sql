-- Schema 6: a copy in progress keeps the server's pages as they came, and a mirror follows its
-- collection's headers and footers (DESIGN §16).
--
-- A mirror's copy is fetched as CSV pages (`items?format=csv`), each kept whole but for its header
-- line, with how many items it holds, in order, in the transaction that records where the next
-- begins. When the last is in, the pages are read as one CSV file by the import: a device builds
-- its lists from a copy as fast as from a file, instead of item by item. `mirror_copy_items` stays
-- the scratch of a copy swapped in under a mirror there is.
--
-- A copy in progress when this runs held its items in `mirror_copy_items`, a row each: it starts
-- again from its first page (the server has it all; nothing written on the device is in it).
CREATE TABLE mirror_copy_pages (
  name text COLLATE "C" NOT NULL,
  page bigint NOT NULL,
  items bigint NOT NULL,
  body bytea NOT NULL,
  PRIMARY KEY (name, page)
);
DELETE FROM mirror_copy_items;
DELETE FROM mirror_copies;

-- The catalog version of the last write that changed a collection's header, footer or section
-- notes (`annotate`), which a mirror compares with the one its copies of them are at: 0 where
-- none has since this schema, the version it is upgraded at where the collection has notes.
ALTER TABLE collections ADD COLUMN notes_version bigint NOT NULL DEFAULT 0;
UPDATE collections SET notes_version = (SELECT version FROM catalog_state)
WHERE header IS NOT NULL OR footer IS NOT NULL
  OR id IN (SELECT collection_id FROM section_notes);
-- The server's `notes_version` that a mirror's header, footer and section notes are at.
ALTER TABLE mirrors ADD COLUMN notes_version bigint NOT NULL DEFAULT 0;
