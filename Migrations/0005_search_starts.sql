-- Schema 5: where a search begins to read a list.
--
-- A search's first page is its first matches in list order. The items that a search of a few
-- letters finds are often far from the list's start and close together in it (a list of names
-- sorted by first name finds its first "s" in the "Amélie S…" that follow every "Amélie A…" to
-- "Amélie P…"), so reading the list from its start to find them cost as much as finding every
-- match. Here, per list and per beginning of a search key (its first byte, its first two and
-- its first three), a row key that no row whose item has a key with that beginning comes
-- before: a search reads the list from there. A write lowers a start when it files such an item
-- before it and never raises it; the empty beginning, with the empty row key, marks a list whose
-- starts are built. The program builds them with the search keys, and the first search of a
-- list without them (as in every catalog this migration upgrades) builds them then.
CREATE TABLE search_starts (
  grouping_id INTEGER NOT NULL,
  prefix BLOB NOT NULL,    -- the first one to three bytes of search keys; x'' for the mark
  first_row BLOB NOT NULL, -- no row of the list whose item has such a key has a lesser key
  PRIMARY KEY (grouping_id, prefix)
) WITHOUT ROWID;
