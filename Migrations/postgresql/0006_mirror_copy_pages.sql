-- Schema 6: a copy in progress keeps the server's pages as they came (DESIGN §16).
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
