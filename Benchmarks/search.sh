#!/usr/bin/env bash
# The search-key benchmark (issue 12, DESIGN §8): `catalog build --search` on the 1,000,000-row
# catalog (a fresh copy without search keys each turn), against the floor of SQLite itself
# writing the same keys: copying the built `search_keys` rows, already in order, into an empty
# table of the same shape with the `sqlite3` shell; and the floor of SQLite's own full-text index
# (FTS5 in its cheapest form: contentless, no positions, its own simple tokenizer) over the same
# titles, which a different layout of search keys could not go below. The target is at most 2 s.
# Usage: Benchmarks/search.sh   (RUNS=9 for more turns)
source "$(dirname "$0")/common.sh"
build_release
runs=${RUNS:-5}
db="$work/catalog-1m.db"
copy="$work/search.db"
floor="$work/search-floor.db"
benchmark_catalog "$db" "$(data 1000000)"

fresh_copy() {
  rm -f "$copy" "$copy-wal" "$copy-shm"
  sqlite3 "$db" ".backup '$copy'"
  sqlite3 "$copy" "DELETE FROM search_keys; DELETE FROM search_indexes; DELETE FROM search_starts;
    VACUUM" > /dev/null
  sync
}
build_times=()
floor_times=()
fts_times=()
for _ in $(seq "$runs"); do
  fresh_copy
  build_times+=("$(seconds "$catalog" --db "$copy" build -c cities --search)")
  rm -f "$floor"
  floor_times+=("$(seconds sqlite3 "$floor" "PRAGMA journal_mode = WAL" \
    "ATTACH '$copy' AS built" \
    "CREATE TABLE search_keys (search_index_id INTEGER NOT NULL, key BLOB NOT NULL,
       item INTEGER NOT NULL, PRIMARY KEY (search_index_id, key, item)) WITHOUT ROWID" \
    "INSERT INTO search_keys SELECT * FROM built.search_keys ORDER BY search_index_id, key, item")")
  rm -f "$floor"
  fts_times+=("$(seconds sqlite3 "$floor" "PRAGMA journal_mode = WAL" "ATTACH '$copy' AS built" \
    "CREATE VIRTUAL TABLE titles USING fts5(title, content = '', detail = none, columnsize = 0)" \
    "INSERT INTO titles (rowid, title) SELECT item, title FROM built.items")")
done
keys=$(sqlite3 "$copy" "SELECT count(*) FROM search_keys")
build=$(median_of "${build_times[@]}")
floor_time=$(median_of "${floor_times[@]}")
fts_time=$(median_of "${fts_times[@]}")
peak=$(fresh_copy && peak_mib "$catalog" --db "$copy" build -c cities --search)

printf 'search keys for 1,000,000 items (%s keys), median of %s turns\n' "$keys" "$runs"
printf '  catalog build --search                      %7.3f s   (target <= 2 s)\n' "$build"
printf '  floor: sqlite3 writing those keys in order  %7.3f s   ratio %s\n' "$floor_time" \
  "$(ratio "$build" "$floor_time")"
printf '  floor: SQLite FTS5 indexing the titles      %7.3f s   ratio %s\n' "$fts_time" \
  "$(ratio "$build" "$fts_time")"
printf '  peak memory of the build                    %s\n' "$(peak_text "$peak")"
