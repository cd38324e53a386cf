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
#   - what one writer per collection gives: adds per second with 1, 2, 4 and 8 processes
#     writing each to a collection of its own, and 4 processes writing to one collection; and
#     the ceiling of the one row of `catalog_state` that every write takes its version from,
#     last: transactions that only take the next version (pgbench), from 1 and 8 clients, with
#     commits that wait for the disk and without.
# Usage: Benchmarks/postgresql.sh           (RUNS turns, default 5; WRITES for the latencies, 20)
#        Benchmarks/postgresql.sh writers   (the writers' figures alone, on a catalog of their own)
#        Benchmarks/postgresql.sh replicas  (DESIGN §8's replica latencies and a failover's times,
#                                            on a primary and a standby of their own)
source "$(dirname "$0")/common.sh"
build_release
(cd "$root" && swift build -c release --product WriteBenchmark >&2)
write_benchmark="$root/.build/release/WriteBenchmark"
runs=${RUNS:-5}
writes=${WRITES:-20}

start_postgresql

# writers_benchmark: prints the writers' figures, writing in the catalog $db.
writers_benchmark() {
  # Writers at once: each process adds 200 items, one transaction each, to collections of the
  # benchmark's columns grouped by state, as the 1M collection is.
  local collection
  for collection in writer1 writer2 writer3 writer4 writer5 writer6 writer7 writer8 shared; do
    printf 'name,state,country,population\n' | "$catalog" --db "$db" import - -c "$collection" \
      --group-by state --replace --quiet
  done
  psql_run -c "CHECKPOINT"
  local one two four eight four_shared
  one=$(throughput writer1)
  two=$(throughput writer1 writer2)
  four=$(throughput writer1 writer2 writer3 writer4)
  eight=$(throughput writer1 writer2 writer3 writer4 writer5 writer6 writer7 writer8)
  four_shared=$(throughput shared shared shared shared)
  # The version row alone: a table of one row that each transaction moves on by one, as a
  # write's last step does, and commits.
  psql_run -c "DROP SCHEMA IF EXISTS bench_version CASCADE; CREATE SCHEMA bench_version;
    CREATE TABLE bench_version.state (version bigint); INSERT INTO bench_version.state VALUES (0)"
  printf 'UPDATE bench_version.state SET version = version + 1;\n' > "$work/version.sql"
  local row_one row_eight row_eight_unsynced
  row_one=$(version_row 1)
  row_eight=$(version_row 8)
  row_eight_unsynced=$(PGOPTIONS='-c synchronous_commit=off' version_row 8)
  printf '  adds per second, one collection per writer: 1 writer %s, 2 writers %s, 4 writers %s, 8 writers %s\n' \
    "$one" "$two" "$four" "$eight"
  printf '  adds per second, 4 writers to one collection (they take turns): %s\n' "$four_shared"
  printf '  the version row alone (pgbench, 5 s): 1 client %s, 8 clients %s transactions a second; 8 clients, synchronous_commit=off: %s\n' \
    "$row_one" "$row_eight" "$row_eight_unsynced"
}
throughput() {
  local start end collection
  start=$(date +%s.%N)
  for collection in "$@"; do "$write_benchmark" throughput "$db" "$collection" 200 > /dev/null & done
  wait
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" -v n="$#" 'BEGIN { printf "%.0f\n", n * 200 / (e - s) }'
}
# version_row CLIENTS: transactions a second of pgbench taking the next version, from CLIENTS.
version_row() {
  "${as_postgres[@]}" env PGOPTIONS="${PGOPTIONS:-}" "$bin/pgbench" -h "$cluster" -U postgres \
    -n -c "$1" -j "$1" -T 5 -f "$work/version.sql" postgres 2> /dev/null \
    | awk '/^tps/ { printf "%.0f\n", $3 }'
}

# replica_latencies: a primary and a streaming standby of their own (in $work/replica-primary and
# $work/replica-standby, synchronous, made afresh), a catalog of 10,000 rows on them, and: how
# soon a primary write's change set reaches a client of a `serve` on the standby; how soon a
# read with `Catalog-Min-Version` answers after a write through `serve --write-db`; and, after
# the primary stops, how long the standby's promotion takes and how long until a writer through
# a multi-host URI succeeds again.
replica_latencies() {
  local primary="$work/replica-primary" standby="$work/replica-standby" directory
  for directory in "$primary" "$standby"; do
    "${as_postgres[@]}" "$bin/pg_ctl" -D "$directory/data" -m immediate stop > /dev/null 2>&1 || true
    rm -rf "$directory"
    mkdir -p "$directory"
    [ "$(id -u)" = 0 ] && chown postgres "$directory"
  done
  "${as_postgres[@]}" "$bin/initdb" -D "$primary/data" -U postgres --auth=trust -E UTF8 \
    --locale=C.UTF-8 > /dev/null
  "${as_postgres[@]}" "$bin/pg_ctl" -D "$primary/data" -l "$primary/log" -w \
    -o "-k $primary -c listen_addresses=''" start > /dev/null
  "${as_postgres[@]}" "$bin/pg_basebackup" -h "$primary" -U postgres -D "$standby/data" -R \
    -C -S bench_standby --checkpoint=fast
  "${as_postgres[@]}" "$bin/pg_ctl" -D "$standby/data" -l "$standby/log" -w \
    -o "-k $standby -c listen_addresses='' -c hot_standby_feedback=on" start > /dev/null
  psql -h "$primary" -U postgres -d postgres -Xq -c "ALTER SYSTEM SET synchronous_standby_names = '*'" \
    -c "SELECT pg_reload_conf()" > /dev/null
  local on_primary="postgresql:///postgres?host=$primary&user=postgres&schema=replicas"
  local on_standby="postgresql:///postgres?host=$standby&user=postgres&schema=replicas"
  local on_both="postgresql:///postgres?host=$primary,$standby&user=postgres&target_session_attrs=read-write&schema=replicas"
  "$catalog" --db "$on_primary" import "$(data 10000)" -c cities --group-by state --quiet
  local token
  token=$("$catalog" --db "$on_primary" token create bench --write 2> /dev/null)
  sleep 1
  serve_on() {
    "$catalog" --db "$1" serve --port 0 "${@:2}" 2> "$work/serve-replica.log" &
    replica_server=$!
    replica_port=$(serve_port "$work/serve-replica.log")
  }
  serve_on "$on_standby"
  local stream
  stream=$("$write_benchmark" stream "$on_primary" cities "$writes" "$replica_port")
  kill "$replica_server"
  serve_on "$on_standby" --write-db "$on_both"
  local read_after_write
  read_after_write=$(python3 "$root/Benchmarks/min_version.py" "$replica_port" cities "$token" "$writes")
  # The primary goes away; a writer tries once every 10 ms from then on.
  local stopped promoted written
  stopped=$(date +%s.%N)
  "${as_postgres[@]}" "$bin/pg_ctl" -D "$primary/data" -m immediate stop > /dev/null
  (
    until "$catalog" --db "$on_both" add -c cities name=After state=Texas --quiet &> /dev/null; do
      sleep 0.01
    done
    date +%s.%N > "$work/written-after-failover"
  ) &
  local writer=$!
  "${as_postgres[@]}" "$bin/pg_ctl" -D "$standby/data" -w promote > /dev/null
  promoted=$(date +%s.%N)
  wait "$writer"
  written=$(cat "$work/written-after-failover")
  kill "$replica_server"
  "${as_postgres[@]}" "$bin/pg_ctl" -D "$standby/data" -m immediate stop > /dev/null
  printf '  replicas (10,000 rows, synchronous standby): a primary write on a serve of the standby: %s (target <= 100 ms after replay)\n' \
    "$stream"
  printf '    a read with Catalog-Min-Version after a write through serve --write-db: %s ms median, %s ms worst (%s writes) (target: median <= 100 ms)\n' \
    ${read_after_write} "$writes"
  awk -v s="$stopped" -v p="$promoted" -v w="$written" 'BEGIN {
    printf "    failover: the standby promoted %.2f s after the primary stopped; the first write through the multi-host URI %.2f s after\n", p - s, w - s }'
}

if [ "${1:-}" = replicas ]; then
  printf 'PostgreSQL %s on Unix sockets\n' "$(psql_run -Atc 'SHOW server_version')"
  replica_latencies
  exit
fi

if [ "${1:-}" = writers ]; then
  db=$(uri bench_writers)
  printf 'PostgreSQL %s on a Unix socket\n' "$(psql_run -Atc 'SHOW server_version')"
  writers_benchmark
  exit
fi
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
port=$(serve_port "$work/serve-postgresql.log")
stream=$("$write_benchmark" stream "$db" cities "$writes" "$port")

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
writers_benchmark
