#!/usr/bin/env bash
# The PostgreSQL benchmark (issue 20, DESIGN §8), against a local server on a Unix socket that
# this script starts in $BENCHMARK_DIR/postgresql (PostgreSQL's default durability: every commit
# waits for its WAL to reach the disk), on the generated 1,000,000-row file:
#   - `catalog import --group-by state` against psql's `\copy` of the file into a table plus
#     `CREATE INDEX ON t (state, name)`, in turns (target <= 2), with the CPU seconds each spent
#     in its own process and in the server, and whether the last import's lists and sections are
#     byte for byte a SQLite import's; and the floor this layout sets: `COPY` of the
#     catalog's own items and list rows into tables with its indexes, and the same into tables
#     of their own that are indexed after (the floor of a layout partitioned by list);
#   - the library's single writes (add, update, remove) on the 1M catalog with its state grouping
#     and search keys, medians of 300 (target < 3 ms), and the same with synchronous_commit off;
#   - `list --offset 900000 --limit 50` against `--offset 0` (target <= 2), and `sections
#     --group-by state` against psql's `SELECT state, count(*) FROM t GROUP BY state` (<= 1);
#   - a search (`search spr --limit 20`), which has no target: a read planned for its values;
#   - how soon a write is seen by `catalog watch` in another process and by a client of a
#     second `catalog serve`'s change stream (target <= 100 ms);
#   - what one writer per collection gives: adds per second with 1, 2 and 4 processes writing
#     each to a collection of its own, and 4 processes writing to one collection.
# Usage: Benchmarks/postgresql.sh   (RUNS turns, default 5; WRITES for the latencies, 20)
source "$(dirname "$0")/common.sh"
build_release
(cd "$root" && swift build -c release --product WriteBenchmark >&2)
write_benchmark="$root/.build/release/WriteBenchmark"
runs=${RUNS:-5}
writes=${WRITES:-20}

start_postgresql
csv=$(data 1000000)

# cpu_seconds PID…: the CPU seconds (user and system) that the processes PID have used, with
# those of their children that have ended and been waited for.
cpu_seconds() {
  python3 - "$@" <<'PY'
import os, sys
total = 0
for pid in sys.argv[1:]:
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except FileNotFoundError:  # ended since it was listed: counted in its parent's
        continue
    total += sum(int(value) for value in fields[11:15])
print(total / os.sysconf("SC_CLK_TCK"))
PY
}
# server_cpu: the CPU seconds the server has used so far: the postmaster and every process it
# started, the ended ones (each connection's) included.
postmaster=$(head -1 "$cluster/data/postmaster.pid")
server_cpu() { cpu_seconds "$postmaster" $(pgrep -P "$postmaster"); }
# timed COMMAND…: runs COMMAND (a program or a function) and prints its seconds, the CPU seconds
# of the processes it ran and the server's.
timed() {
  local start server_before server_after ran
  server_before=$(server_cpu)
  start=$(date +%s.%N)
  # The end is taken as the command ends, before its CPU seconds are read.
  ran=$(
    "$@" > /dev/null
    date +%s.%N
    cpu_seconds "$BASHPID"
  )
  server_after=$(server_cpu)
  echo "$ran" | awk -v s="$start" -v a="$server_before" -v b="$server_after" \
    'NR == 1 { e = $1 } NR == 2 { o = $1 } END { printf "%.3f %.2f %.2f\n", e - s, o, b - a }'
}

# The reference: psql's \copy of the file into a fresh table, and an index on (state, name);
# prints its seconds, psql's CPU seconds and the server's.
reference_import() {
  psql_run -c "DROP TABLE IF EXISTS t; CREATE TABLE t (name text, state text, country text, population text)"
  timed psql_run -c "\\copy t FROM '$csv' CSV HEADER" -c "CREATE INDEX ON t (state, name)"
}

# Import: the reference and ours in turns, each into a fresh table or schema; with the CPU each
# used, its own and the server's.
import_times=()
reference_times=()
for _ in $(seq "$runs"); do
  psql_run -c "DROP SCHEMA IF EXISTS bench_import CASCADE"
  import_times+=("$(timed "$catalog" --db "$(uri bench_import)" import "$csv" -c cities \
    --group-by state --quiet)")
  reference_times+=("$(reference_import)")
done
# The last import's lists and sections against SQLite's import of the same file, byte for byte.
sqlite_catalog="$work/postgresql-sqlite-twin.db"
rm -f "$sqlite_catalog" "$sqlite_catalog-wal" "$sqlite_catalog-shm"
"$catalog" --db "$sqlite_catalog" import "$csv" -c cities --group-by state --quiet
same_as_sqlite=yes
for read in "list --format csv" "list --group-by state --format csv" "sections --group-by state"; do
  # shellcheck disable=SC2086 # the words of $read are the command's arguments
  "$catalog" --db "$(uri bench_import)" $read -c cities > "$work/twin-postgresql.out"
  # shellcheck disable=SC2086
  "$catalog" --db "$sqlite_catalog" $read -c cities > "$work/twin-sqlite.out"
  [ -s "$work/twin-postgresql.out" ] && cmp -s "$work/twin-postgresql.out" "$work/twin-sqlite.out" \
    || same_as_sqlite=no
done
psql_run -c "DROP SCHEMA IF EXISTS bench_import CASCADE; ANALYZE t"
# median_field N TIMES…: the median of the Nth figure of each of TIMES.
median_field() {
  local n=$1
  shift
  median_of $(printf '%s\n' "$@" | awk -v n="$n" '{ print $n }')
}
import=$(median_field 1 "${import_times[@]}")
reference=$(median_field 1 "${reference_times[@]}")

# The catalog the other figures use: the 1M rows grouped by state, with search keys.
db=$(uri bench)
if [ "$(psql_run -Atc "SELECT count(*) FROM pg_namespace WHERE nspname = 'bench'")" = 0 ]; then
  "$catalog" --db "$db" import "$csv" -c cities --group-by state --search --quiet
fi
"$catalog" --db "$db" index -c cities > /dev/null

# What this layout costs to write before any key is made: the catalog's own items and list rows
# (1M and 2M, in key order) copied into fresh tables with the catalog's indexes, in turns with
# the reference. An import cannot take less than this. Beside it, what the same rows would cost
# in a layout with a table of its own for each collection's items and each list's rows (as
# PostgreSQL's partitions by collection and by list would be): copied into tables without
# indexes, which are then built by sorting.
floor_items="$work/floor-items.copy"
floor_rows="$work/floor-rows.copy"
cities="(SELECT id FROM bench.collections WHERE name = 'cities')"
lists="(SELECT id FROM bench.groupings WHERE collection_id = $cities)"
# (psql reads a \copy to the end of its line.)
psql_run \
  -c "\\copy (SELECT collection_id, item, title, fields, key FROM bench.items WHERE collection_id = $cities) TO '$floor_items' (FORMAT binary)" \
  -c "\\copy (SELECT grouping_id, key, item FROM bench.rows WHERE grouping_id IN $lists ORDER BY grouping_id, key) TO '$floor_rows' (FORMAT binary)"
floor_tables() {
  psql_run -c "DROP SCHEMA IF EXISTS bench_floor CASCADE" -c "CREATE SCHEMA bench_floor" \
    -c "CREATE TABLE bench_floor.items (LIKE bench.items $1)" \
    -c "CREATE TABLE bench_floor.rows (LIKE bench.rows $1)" -c "CHECKPOINT"
}
floor_copy() {
  timed psql_run -c "BEGIN" \
    -c "\\copy bench_floor.items (collection_id, item, title, fields, key) FROM '$floor_items' (FORMAT binary)" \
    -c "\\copy bench_floor.rows (grouping_id, key, item) FROM '$floor_rows' (FORMAT binary)" \
    "$@" -c "COMMIT"
}
floor_times=()
own_tables_times=()
floor_reference_times=()
for _ in $(seq "$runs"); do
  floor_tables "INCLUDING ALL"
  floor_times+=("$(floor_copy)")
  floor_tables ""
  own_tables_times+=("$(floor_copy \
    -c "ALTER TABLE bench_floor.items ADD PRIMARY KEY (collection_id, item)" \
    -c "CREATE UNIQUE INDEX ON bench_floor.items (collection_id, key) WHERE key IS NOT NULL" \
    -c "ALTER TABLE bench_floor.rows ADD PRIMARY KEY (grouping_id, key)")")
  floor_reference_times+=("$(reference_import)")
done
psql_run -c "DROP SCHEMA IF EXISTS bench_floor CASCADE; ANALYZE t"
floor=$(median_field 1 "${floor_times[@]}")
own_tables=$(median_field 1 "${own_tables_times[@]}")
floor_reference=$(median_field 1 "${floor_reference_times[@]}")

# The imports above leave gigabytes of WAL whose checkpoint would land in the writes' commits.
psql_run -c "CHECKPOINT"
library=$("$write_benchmark" writes "$db" cities 300)
# The same writes with the durability SQLite's catalog has (a commit that does not wait for the
# disk), which a user chooses in the URI with libpq's `options`: what of a write is the commit's.
unsynced=$("$write_benchmark" writes "$db&options=-c%20synchronous_commit%3Doff" cities 300)

group_reference=$(median "$runs" ":" psql_run -c "SELECT state, count(*) FROM t GROUP BY state")
sections=$(median "$runs" ":" "$catalog" --db "$db" sections -c cities --group-by state)
first_page=$(median "$runs" ":" "$catalog" --db "$db" list -c cities --offset 0 --limit 50)
deep_page=$(median "$runs" ":" "$catalog" --db "$db" list -c cities --offset 900000 --limit 50)
search=$(median "$runs" ":" "$catalog" --db "$db" search -c cities spr --limit 20)

watch=$("$write_benchmark" watch "$db" cities "$writes" "$catalog")
"$catalog" --db "$db" serve --port 0 2> "$work/serve-postgresql.log" &
server=$!
trap 'kill "$server" 2>/dev/null' EXIT
port=""
for _ in $(seq 100); do
  port=$(grep -oE 'http://127\.0\.0\.1:[0-9]+/' "$work/serve-postgresql.log" \
    | grep -oE '[0-9]+/$' | tr -d /) || true
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$work/serve-postgresql.log" >&2; exit 1; }
stream=$("$write_benchmark" stream "$db" cities "$writes" "$port")

# Writers at once: each process adds 200 items, one transaction each.
# Collections of the benchmark's columns, grouped by state, as the 1M collection is.
for collection in writer1 writer2 writer3 writer4 shared; do
  printf 'name,state,country,population\n' | "$catalog" --db "$db" import - -c "$collection" \
    --group-by state --replace --quiet
done
throughput() {
  local start end
  start=$(date +%s.%N)
  for collection in "$@"; do "$write_benchmark" throughput "$db" "$collection" 200 > /dev/null & done
  wait
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" -v n="$#" 'BEGIN { printf "%.0f\n", n * 200 / (e - s) }'
}
one=$(throughput writer1)
two=$(throughput writer1 writer2)
four=$(throughput writer1 writer2 writer3 writer4)
four_shared=$(throughput shared shared shared shared)

printf 'PostgreSQL %s on a Unix socket, 1,000,000 rows, medians of %s turns\n' \
  "$(psql_run -Atc 'SHOW server_version')" "$runs"
printf '  reference: psql \\copy + CREATE INDEX (state, name)  %7.3f s\n' "$reference"
printf '  catalog import --group-by state                %7.3f s   ratio %s (target <= 2)\n' \
  "$import" "$(ratio "$import" "$reference")"
printf '    CPU seconds: the import %s + the server %s; the reference: psql %s + the server %s\n' \
  "$(median_field 2 "${import_times[@]}")" "$(median_field 3 "${import_times[@]}")" \
  "$(median_field 2 "${reference_times[@]}")" "$(median_field 3 "${reference_times[@]}")"
printf '    its lists (letters, state) and sections, byte for byte as SQLite imports them: %s\n' \
  "$same_as_sqlite"
printf '  floor: COPY of its own items and rows into tables with its indexes  %7.3f s   ratio %s (server CPU %s s)\n' \
  "$floor" "$(ratio "$floor" "$floor_reference")" "$(median_field 3 "${floor_times[@]}")"
printf '    with a table for each collection and list, indexed after  %7.3f s   ratio %s (server CPU %s s)\n' \
  "$own_tables" "$(ratio "$own_tables" "$floor_reference")" "$(median_field 3 "${own_tables_times[@]}")"
printf '    (against the reference in their turns: %.3f s, server CPU %s s; no keys made)\n' \
  "$floor_reference" "$(median_field 3 "${floor_reference_times[@]}")"
printf '  library, 1M items: %s (target: median < 3 ms)\n' "$library"
printf '  the same, synchronous_commit=off: %s\n' "$unsynced"
printf '  reference: psql GROUP BY state                 %7.3f s\n' "$group_reference"
printf '  sections --group-by state                      %7.3f s   ratio %s (target <= 1)\n' \
  "$sections" "$(ratio "$sections" "$group_reference")"
printf '  list --offset 0 --limit 50                     %7.3f s\n' "$first_page"
printf '  list --offset 900000 --limit 50                %7.3f s   ratio %s (target <= 2)\n' \
  "$deep_page" "$(ratio "$deep_page" "$first_page")"
printf '  search spr --limit 20                          %7.3f s   (no target; beside the first page)\n' \
  "$search"
printf '  %s (target <= 100 ms)\n' "$watch"
printf '  through a catalog serve in another process: %s (target <= 100 ms)\n' "$stream"
printf '  adds per second, one collection per writer: 1 writer %s, 2 writers %s, 4 writers %s\n' \
  "$one" "$two" "$four"
printf '  adds per second, 4 writers to one collection (they take turns): %s\n' "$four_shared"
