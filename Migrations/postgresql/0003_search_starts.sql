-- Schema 3 on PostgreSQL, as schema 5 on SQLite (Migrations/0005_search_starts.sql): per list
-- and per beginning of a search key (its first one to three bytes), a row key that no row whose
-- item has a key with that beginning comes before, where a search begins to read the list. A
-- write lowers a start and never raises it; the empty beginning marks a list whose starts are
-- built, which the first search of a list without them does.
CREATE TABLE search_starts (
  grouping_id bigint NOT NULL,
  prefix bytea NOT NULL,
  first_row bytea NOT NULL,
  PRIMARY KEY (grouping_id, prefix)
);
