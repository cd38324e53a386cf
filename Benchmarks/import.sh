#!/usr/bin/env bash
# The import benchmark (issue 3, DESIGN §8): `catalog import --group-by state` of a generated
# 1,000,000-row CSV against the sqlite3 shell's `.import` of the same file plus
# `CREATE INDEX ON t(state, name)`, in the same run; the reader alone; peak memory at 1M and 5M.
# A floor beside them: the sqlite3 shell writing the items and the two lists' rows the import made,
# already in order, into an empty file of the same tables: what SQLite alone does for the import
# on the one thread that may write.
# The target is measured as a user's first import runs: into a new catalog (written through
# SQLite's rollback journal). An import into a catalog that already holds a collection goes through
# the write-ahead log, so that readers can read meanwhile; it is timed too.
# Usage: Benchmarks/import.sh   (RUNS=5 for more runs; BENCHMARK_DIR to keep data elsewhere)
source "$(dirname "$0")/common.sh"
build_release
runs=${RUNS:-3}
rows=1000000
csv=$(data $rows)
csv5=$(data 5000000)
reference_db="$work/reference.db"
db="$work/catalog-1m.db"
db5="$work/catalog-5m.db"
existing_db="$work/catalog-existing.db"
small="$work/small.csv"
head -n 1001 "$csv" > "$small"
fresh() { echo "rm -f $1 $1-wal $1-shm $1-journal"; }

# The reference and the two imports take turns, so that the machine's drift over the runs (which
# is large here) touches each of them alike.
reference_times=()
ours_times=()
existing_times=()
floor_times=()
floor_db="$work/floor.db"
for _ in $(seq "$runs"); do
  eval "$(fresh "$reference_db")"
  reference_times+=("$(seconds sqlite3 "$reference_db" ".import --csv $csv t" \
    "CREATE INDEX t_state_name ON t (state, name)")")
  eval "$(fresh "$db")"
  ours_times+=("$(seconds "$catalog" --db "$db" import "$csv" -c cities --group-by state --quiet)")
  eval "$(fresh "$floor_db")"
  # The WHERE clauses keep SQLite from copying the tables' pages as they are.
  floor_times+=("$(seconds sqlite3 "$floor_db" "$(sqlite3 "$db" .schema\ items .schema\ rows)" \
    "ATTACH '$db' AS made" "BEGIN" \
    "INSERT INTO items SELECT * FROM made.items WHERE item >= 0 ORDER BY collection_id, item" \
    "INSERT INTO rows SELECT * FROM made.rows WHERE item >= 0 ORDER BY grouping_id, key" "COMMIT")")
  eval "$(fresh "$existing_db")"
  "$catalog" --db "$existing_db" import "$small" -c small --quiet
  existing_times+=("$(seconds "$catalog" --db "$existing_db" import "$csv" -c cities \
    --group-by state --quiet)")
done
reference=$(median_of "${reference_times[@]}")
ours=$(median_of "${ours_times[@]}")
floor=$(median_of "${floor_times[@]}")
eval "$(fresh "$floor_db")"
existing=$(median_of "${existing_times[@]}")
reader=$(median "$runs" ":" "$reader_benchmark" "$csv")

# How long an import goes on after its commit (issue 22, item 10): from the moment another process
# that looks every 5 ms first sees the collection to the moment the import exits, into a new catalog
# and into one that holds a collection.
tail_of() { python3 "$root/Benchmarks/commit_tail.py" "$1" cities -- "${@:2}" | cut -d' ' -f3; }
new_tails=()
existing_tails=()
for _ in $(seq "$runs"); do
  eval "$(fresh "$db")"
  new_tails+=("$(tail_of "$db" "$catalog" --db "$db" import "$csv" -c cities --group-by state --quiet)")
  eval "$(fresh "$existing_db")"
  "$catalog" --db "$existing_db" import "$small" -c small --quiet
  existing_tails+=("$(tail_of "$existing_db" "$catalog" --db "$existing_db" import "$csv" -c cities \
    --group-by state --quiet)")
done
new_tail=$(median_of "${new_tails[@]}")
existing_tail=$(median_of "${existing_tails[@]}")

eval "$(fresh "$db")"
ours_peak=$(peak_mib "$catalog" --db "$db" import "$csv" -c cities --group-by state --quiet)
eval "$(fresh "$db5")"
ours_peak5=$(peak_mib "$catalog" --db "$db5" import "$csv5" -c cities --group-by state --quiet)
# Its own file: the others leave catalog-1m.db in the shape the query benchmarks expect.
distinct_db="$work/catalog-distinct.db"
eval "$(fresh "$distinct_db")"
distinct_peak=$(peak_mib "$catalog" --db "$distinct_db" import "$csv" -c cities --group-by name \
  --quiet)
eval "$(fresh "$distinct_db")"
eval "$(fresh "$reference_db")"
reference_peak=$(peak_mib sqlite3 "$reference_db" ".import --csv $csv t" \
  "CREATE INDEX t_state_name ON t (state, name)")

megabytes=$(awk -v b="$(stat -c %s "$csv")" 'BEGIN { printf "%.1f", b / 1e6 }')
printf 'import of %s rows (%s MB), median of %s runs\n' "$rows" "$megabytes" "$runs"
printf '  reference: sqlite3 .import + CREATE INDEX   %8.2f s\n' "$reference"
printf '  catalog import --group-by state            %8.2f s   ratio %s (target <= 1.5)\n' \
  "$ours" "$(ratio "$ours" "$reference")"
printf '  floor: sqlite3 writing its items and rows  %8.2f s   ratio %s\n' "$floor" \
  "$(ratio "$floor" "$reference")"
printf '  catalog rows per second                    %8.0f\n' "$(awk -v r=$rows -v s="$ours" 'BEGIN { print r / s }')"
printf '  the same into a catalog with a collection  %8.2f s   ratio %s\n' "$existing" \
  "$(ratio "$existing" "$reference")"
printf '  tail after commit, new catalog             %8.3f s   (commit seen to prompt back)\n' "$new_tail"
printf '  tail after commit, catalog with collection %8.3f s\n' "$existing_tail"
printf '  CSV reader alone                           %8.2f s   %.0f MB/s\n' "$reader" \
  "$(awk -v m="$megabytes" -v s="$reader" 'BEGIN { print m / s }')"
printf 'peak memory (target < 64 MiB and flat from 1M to 5M rows), resident and own\n'
printf '  catalog import, 1M rows                    %s\n' "$(peak_text "$ours_peak")"
printf '  catalog import, 5M rows                    %s\n' "$(peak_text "$ours_peak5")"
printf '  catalog import --group-by name, 1M rows    %s   (1,000,000 distinct sections)\n' \
  "$(peak_text "$distinct_peak")"
printf '  reference sqlite3, 1M rows                 %s\n' "$(peak_text "$reference_peak")"
