-- Schema 7: the pages of a mirror's copy in progress are kept in a file on the device, not in the
-- catalog (DESIGN §16).
--
-- A new mirror is now built by an import that reads the pages while they come; that import holds
-- its write transaction, so the pages it reads, which must outlive it when it is cut off, cannot
-- be kept in the catalog. The file (in the temporary directory) holds the pages and where the next
-- begins; `mirror_copies` keeps which copy it is.
--
-- A copy in progress when this runs starts again from its first page (the server has it all;
-- nothing written on the device is in it).
DROP TABLE mirror_copy_pages;
DROP TABLE mirror_copies;
CREATE TABLE mirror_copies (
  name text COLLATE "C" PRIMARY KEY,
  url text COLLATE "C" NOT NULL,
  identity text COLLATE "C" NOT NULL,
  version bigint NOT NULL,
  settings text COLLATE "C" NOT NULL
);
DELETE FROM mirror_copy_items;

-- The server version of a mirror's copy, which every item copied then and not written since has:
-- such an item has no row of its own in `mirror_items` (writing a row an item made a million-item
-- mirror a quarter of a second slower). 0 for mirrors copied before, whose items all have rows.
ALTER TABLE mirrors ADD COLUMN copy_version bigint NOT NULL DEFAULT 0;
