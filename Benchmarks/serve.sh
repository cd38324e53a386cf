#!/usr/bin/env bash
# The server benchmark (issue 13): requests per second and median latency of a deep page of rows
# and of the sections, on the 1,000,000-row catalog that Benchmarks/query.sh uses (made here when
# missing), answered by `catalog serve` to one client on 127.0.0.1 (Benchmarks/http_client.py:
# one keep-alive connection, one request after another), against the `catalog` command doing the
# same query as a process. Server and CLI take turns, and every figure is a median over turns.
# Then the latency of the change stream: from a `catalog add` commit to its change set's event at
# a client of /changes (Benchmarks/sse_latency.py), which DESIGN §8 wants within 100 ms.
# Last, writes over HTTP (issue 21): on a copy of the catalog, POSTs of one item on keep-alive
# connections (Benchmarks/http_writes.py), from one client and from 32 at once, beside
# `catalog add` of one item as a process; DESIGN §8 wants one POST's median under 2 ms, and 32
# clients to keep at least half of one client's writes per second.
# Usage: Benchmarks/serve.sh   (RUNS turns, default 5; REQUESTS per turn, 500; CLI_RUNS, 9;
#                               WRITES for the latency, 20; POSTS per turn, 640)
source "$(dirname "$0")/common.sh"
build_release
runs=${RUNS:-5}
requests=${REQUESTS:-500}
cli_runs=${CLI_RUNS:-9}
writes=${WRITES:-20}
posts=${POSTS:-640}
db="$work/catalog-1m.db"
benchmark_catalog "$db" "$(data 1000000)"
# Warm-up: the first query of a grouping would build it; the figures are for reads.
"$catalog" --db "$db" index -c cities > /dev/null
# The writes go to a copy, so that the reads here and in later runs keep their catalog.
writes_db="$work/serve-writes.db"
sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null
rm -f "$writes_db" "$writes_db-wal" "$writes_db-shm"
cp "$db" "$writes_db"
token=$("$catalog" --db "$writes_db" token create benchmark --write 2> /dev/null)

"$catalog" --db "$db" serve --port 0 2> "$work/serve.log" &
server=$!
"$catalog" --db "$writes_db" serve --port 0 2> "$work/serve-writes.log" &
writes_server=$!
trap 'kill "$server" "$writes_server" 2>/dev/null' EXIT
port=$(serve_port "$work/serve.log")
writes_port=$(serve_port "$work/serve-writes.log")

rows_path="/api/collections/cities/rows?offset=900000&limit=50"
sections_path="/api/collections/cities/sections"
rows_cli=(list -c cities --offset 900000 --limit 50 --format json)
sections_cli=(sections -c cities --format json)

# The server's answer must be the CLI's lines as a JSON array, or the comparison means nothing.
for pair in "rows_path:rows_cli" "sections_path:sections_cli"; do
  path_name=${pair%%:*}
  declare -n cli_arguments=${pair##*:}
  expected=$("$catalog" --db "$db" "${cli_arguments[@]}" | awk 'BEGIN { print "[" } NR > 1 { print prev "," } { prev = $0 } END { print prev; print "]" }')
  actual=$(python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())' "http://127.0.0.1:$port${!path_name}")
  if [ "$expected" != "$actual" ]; then
    echo "serve.sh: ${!path_name} differs from catalog ${cli_arguments[*]}" >&2
    exit 1
  fi
done

declare -a rows_rps rows_ms rows_cli_s sections_rps sections_ms sections_cli_s
for _ in $(seq "$runs"); do
  read -r rps ms _ < <(python3 "$root/Benchmarks/http_client.py" "$port" "$rows_path" "$requests")
  rows_rps+=("$rps") rows_ms+=("$ms")
  rows_cli_s+=("$(median "$cli_runs" ":" "$catalog" --db "$db" "${rows_cli[@]}")")
  read -r rps ms _ < <(python3 "$root/Benchmarks/http_client.py" "$port" "$sections_path" "$requests")
  sections_rps+=("$rps") sections_ms+=("$ms")
  sections_cli_s+=("$(median "$cli_runs" ":" "$catalog" --db "$db" "${sections_cli[@]}")")
done

report() {
  local name=$1 rps=$2 ms=$3 cli_s=$4
  local cli_ms cli_rps
  cli_ms=$(awk -v s="$cli_s" 'BEGIN { printf "%.3f", s * 1000 }')
  cli_rps=$(awk -v s="$cli_s" 'BEGIN { printf "%.1f", 1 / s }')
  printf '  %s\n' "$name"
  printf '    catalog serve   %9s requests/s   median %8s ms\n' "$rps" "$ms"
  printf '    catalog (CLI)   %9s runs/s       median %8s ms   CLI/server %s\n' \
    "$cli_rps" "$cli_ms" "$(ratio "$cli_ms" "$ms")"
}
printf 'catalog serve on 1,000,000 rows: %s turns of %s requests (one keep-alive client, Python\n' \
  "$runs" "$requests"
printf 'http.client) and of %s CLI runs; medians over the turns\n' "$cli_runs"
report "rows?offset=900000&limit=50  vs  list --offset 900000 --limit 50 --format json" \
  "$(median_of "${rows_rps[@]}")" "$(median_of "${rows_ms[@]}")" "$(median_of "${rows_cli_s[@]}")"
report "sections  vs  sections --format json" \
  "$(median_of "${sections_rps[@]}")" "$(median_of "${sections_ms[@]}")" \
  "$(median_of "${sections_cli_s[@]}")"

read -r latency_median latency_p90 latency_max < <(
  python3 "$root/Benchmarks/sse_latency.py" "$port" "$db" "$catalog" cities "$writes")
printf '  /changes: from a catalog add commit to its event at the client, %s writes\n' "$writes"
printf '    median %s ms   p90 %s ms   max %s ms   (DESIGN §8: within 100 ms)\n' \
  "$latency_median" "$latency_p90" "$latency_max"

declare -a one_wps one_ms many_wps many_ms add_s
for _ in $(seq "$runs"); do
  read -r wps ms < <(python3 "$root/Benchmarks/http_writes.py" "$writes_port" cities "$token" 1 "$posts")
  one_wps+=("$wps") one_ms+=("$ms")
  read -r wps ms < <(
    python3 "$root/Benchmarks/http_writes.py" "$writes_port" cities "$token" 32 "$((posts / 32))")
  many_wps+=("$wps") many_ms+=("$ms")
  add_s+=("$(median "$cli_runs" ":" "$catalog" --db "$writes_db" add -c cities "name=Added" \
    "state=State 0042" --quiet)")
done
one=$(median_of "${one_wps[@]}")
many=$(median_of "${many_wps[@]}")
add_ms=$(awk -v s="$(median_of "${add_s[@]}")" 'BEGIN { printf "%.3f", s * 1000 }')
printf '  writes: POST of one item to a copy of the catalog, on keep-alive connections, %s a turn\n' \
  "$posts"
printf '    1 client        %9s writes/s   median %8s ms   (DESIGN §8: median < 2 ms)\n' \
  "$one" "$(median_of "${one_ms[@]}")"
printf '    32 clients      %9s writes/s   median %8s ms   32/1 %s (DESIGN §8: >= 0.5)\n' \
  "$many" "$(median_of "${many_ms[@]}")" "$(ratio "$many" "$one")"
printf '    catalog add     %9s runs/s     median %8s ms   (one process per write)\n' \
  "$(awk -v ms="$add_ms" 'BEGIN { printf "%.1f", 1000 / ms }')" "$add_ms"
