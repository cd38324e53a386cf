#!/usr/bin/env bash
# The search-page benchmark (issue 33, DESIGN §8): the first page of a search, 20 matches in list
# order, for prefixes of one, two and three letters, one that finds a few items and one that
# finds none, on the catalogs of 1,000,000 and 5,000,000 rows (the letter list, as `serve`'s page
# shows it), beside two references: the `sqlite3` shell's `SELECT * FROM t WHERE name LIKE 'S%'
# ORDER BY name LIMIT 20` on the plain table of the same rows (as Datasette's `name__startswith`
# sorted by name), and the deep page of the same list (`list --offset 900000 --limit 20`), which
# DESIGN §8 wants a search's first page to take at most 4× of. Each is timed three ways, in
# turns: as a process (`catalog search TEXT --limit 20`, of which starting the process is 10 ms
# or more), through `catalog serve` on one keep-alive connection (`/search?q=TEXT&limit=20`,
# Benchmarks/http_client.py), and in the library on an open list (Benchmarks/SearchBenchmark).
# The issue's target for the page is 20 ms. Every figure is a median over the turns.
# Usage: Benchmarks/search_page.sh   (RUNS turns, default 5; REQUESTS per turn, 20; TEXTS, default
#   "S Sa San Kow Z 1234 Zyx"; CATALOG_BINARY=PATH times another build as a process and through
#   serve only: give it a BENCHMARK_DIR of its own, as its catalogs must be of its schema)
source "$(dirname "$0")/common.sh"
build_release
(cd "$root" && swift build -c release --product SearchBenchmark >&2)
search_benchmark="$root/.build/release/SearchBenchmark"
library=1
if [ -n "${CATALOG_BINARY:-}" ]; then
  catalog=$CATALOG_BINARY
  library=0
fi
runs=${RUNS:-5}
requests=${REQUESTS:-20}
read -r -a texts <<< "${TEXTS:-S Sa San Kow Z 1234 Zyx}"
benchmark_catalogs
reference1=$(reference_database)
reference5="$work/reference-5m.db"
[ -s "$reference5" ] \
  || sqlite3 "$reference5" ".import --csv $(data 5000000) t" "CREATE INDEX t_state_name ON t (state, name)"

# Warm-up: the first search of a list builds its search keys; the figures are for reads.
for catalog_db in "$db" "$db5"; do
  "$catalog" --db "$catalog_db" search a -c cities --limit 1 > /dev/null 2>&1
done
"$catalog" --db "$db" serve --port 0 2> "$work/search-serve.log" &
server=$!
"$catalog" --db "$db5" serve --port 0 2> "$work/search-serve5.log" &
server5=$!
trap 'kill "$server" "$server5" 2>/dev/null' EXIT
port=$(serve_port "$work/search-serve.log")
port5=$(serve_port "$work/search-serve5.log")

# measure SIZE DB REFERENCE PORT: one turn at one size, every figure appended to arrays named
# after SIZE and what was timed.
measure() {
  local size=$1 catalog_db=$2 reference_db=$3 server_port=$4 text
  local -n deep_process="deep_process_$size" deep_serve="deep_serve_$size"
  deep_process+=("$(seconds "$catalog" --db "$catalog_db" list -c cities --offset 900000 --limit 20)")
  read -r _ ms _ < <(python3 "$root/Benchmarks/http_client.py" "$server_port" \
    "/api/collections/cities/rows?offset=900000&limit=20" "$requests")
  deep_serve+=("$ms")
  for index in "${!texts[@]}"; do
    text=${texts[$index]}
    local -n reference_times="reference_${size}_$index" process_times="process_${size}_$index"
    local -n serve_times="serve_${size}_$index"
    reference_times+=("$(seconds sqlite3 "$reference_db" \
      "SELECT * FROM t WHERE name LIKE '$text%' ORDER BY name LIMIT 20")")
    process_times+=("$(seconds "$catalog" --db "$catalog_db" search "$text" -c cities --limit 20)")
    read -r _ ms _ < <(python3 "$root/Benchmarks/http_client.py" "$server_port" \
      "/api/collections/cities/search?q=$text&limit=20" "$requests")
    serve_times+=("$ms")
  done
  if [ "$library" = 1 ]; then
    local -n deep_library="deep_library_$size"
    while read -r kind name milliseconds _ _ _ plan; do
      if [ "$kind" = deep ]; then
        deep_library+=("$milliseconds")
      else
        for index in "${!texts[@]}"; do
          if [ "${texts[$index]}" = "$name" ]; then
            local -n library_times="library_${size}_$index" plans="plan_${size}_$index"
            library_times+=("$milliseconds")
            plans=$plan
          fi
        done
      fi
    done < <("$search_benchmark" pages "$catalog_db" cities 5 20 900000 "${texts[@]}")
  fi
}

for size in 1m 5m; do
  declare -a "deep_process_$size" "deep_serve_$size" "deep_library_$size"
  for index in "${!texts[@]}"; do
    declare -a "reference_${size}_$index" "process_${size}_$index" "serve_${size}_$index" \
      "library_${size}_$index"
    declare "plan_${size}_$index="
  done
done
for _ in $(seq "$runs"); do
  measure 1m "$db" "$reference1" "$port"
  measure 5m "$db5" "$reference5" "$port5"
done

milliseconds() { awk -v s="$1" 'BEGIN { printf "%.1f", s * 1000 }'; }
printf 'first page of a search (20 rows) in the letter list, medians of %s turns; times in ms\n' \
  "$runs"
printf '(process: catalog search TEXT --limit 20; serve: /search?q=TEXT&limit=20 on a keep-alive\n'
printf 'connection, %s requests a turn; library: IndexedList.search on an open list)\n' "$requests"
for size in 1m 5m; do
  declare -n deep_process="deep_process_$size" deep_serve="deep_serve_$size"
  declare -n deep_library="deep_library_$size"
  process_deep=$(median_of "${deep_process[@]}")
  serve_deep=$(median_of "${deep_serve[@]}")
  printf '%s rows             reference   process  ×ref  ×deep     serve  ×deep   library\n' \
    "$([ "$size" = 1m ] && echo 1,000,000 || echo 5,000,000)"
  printf '  deep page (list --offset 900000)    %8s             %8s         %8s\n' \
    "$(milliseconds "$process_deep")" "$serve_deep" \
    "$([ "$library" = 1 ] && median_of "${deep_library[@]}" || echo -)"
  for index in "${!texts[@]}"; do
    declare -n reference_times="reference_${size}_$index" process_times="process_${size}_$index"
    declare -n serve_times="serve_${size}_$index" library_times="library_${size}_$index"
    declare -n plan="plan_${size}_$index"
    reference=$(median_of "${reference_times[@]}")
    process=$(median_of "${process_times[@]}")
    serve=$(median_of "${serve_times[@]}")
    printf '  search %-6s %12s  %8s %5s %6s  %8s %6s  %8s  %s\n' "${texts[$index]}" \
      "$(milliseconds "$reference")" "$(milliseconds "$process")" \
      "$(ratio "$process" "$reference")" "$(ratio "$process" "$process_deep")" "$serve" \
      "$(ratio "$serve" "$serve_deep")" \
      "$([ "$library" = 1 ] && median_of "${library_times[@]}" || echo -)" "$plan"
  done
done
