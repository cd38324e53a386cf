# Shared by the benchmark scripts: building, data, timing and peak memory.
# Figures on these machines are noisy: every timing is a median of several runs, and every target
# is a ratio against a reference measured in the same run.

set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${BENCHMARK_DIR:-/tmp/catalog-benchmarks}"
mkdir -p "$work"

build_release() {
  (cd "$root" && swift build -c release --product catalog >&2 && swift build -c release --product ReaderBenchmark >&2)
  catalog="$root/.build/release/catalog"
  reader_benchmark="$root/.build/release/ReaderBenchmark"
}

# data ROWS: the path of a generated CSV with ROWS rows, made once and kept in $work.
data() {
  local path="$work/data-$1.csv"
  [ -s "$path" ] || python3 "$root/Benchmarks/generate.py" "$1" > "$path"
  echo "$path"
}

# keyed_data ROWS: the generated rows with a key `id` before them, five columns in all: a
# permutation of the row numbers (i * 7919 mod 1000003, a prime above any row count here), so keys
# come in no order.
keyed_data() {
  local path="$work/keyed-$1.csv"
  [ -s "$path" ] || awk -F, -v OFS=, 'NR == 1 { print "id," $0; next }
    { printf "id%07d,%s\n", ((NR - 1) * 7919) % 1000003, $0 }' "$(data "$1")" > "$path"
  echo "$path"
}

# skewed_data ROWS: the generated rows with nine in ten moved to the state "Everywhere", so that
# one section holds most of the list (a deep offset then lands inside it).
skewed_data() {
  local path="$work/data-skewed-$1.csv"
  [ -s "$path" ] || awk -F, -v OFS=, 'NR > 1 && NR % 10 != 0 { $2 = "Everywhere" } { print }' \
    "$(data "$1")" > "$path"
  echo "$path"
}

# reference_database: the reference, sqlite3's `.import` of the 1,000,000 rows with an index on
# (state, name), made once and kept in $work.
reference_database() {
  local path="$work/reference.db"
  [ -s "$path" ] \
    || sqlite3 "$path" ".import --csv $(data 1000000) t" "CREATE INDEX t_state_name ON t (state, name)"
  echo "$path"
}

# benchmark_catalog PATH CSV [IMPORT OPTION…]: makes PATH, a catalog of the rows of CSV as the
# collection `cities` grouped by state, unless it is there; its write-ahead log checkpointed.
benchmark_catalog() {
  local path=$1 csv=$2
  shift 2
  [ -s "$path" ] && return
  rm -f "$path" "$path-wal" "$path-shm"
  "$catalog" --db "$path" import "$csv" -c cities --group-by state --quiet "$@"
  sqlite3 "$path" "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null
}

# benchmark_catalogs: the catalogs of 1,000,000 and 5,000,000 rows grouped by state, made when
# missing, in $db and $db5.
benchmark_catalogs() {
  db="$work/catalog-1m.db"
  db5="$work/catalog-5m.db"
  benchmark_catalog "$db" "$(data 1000000)"
  benchmark_catalog "$db5" "$(data 5000000)"
}

# serve_port LOG: the port that the `catalog serve` writing LOG says it serves on, once it says so.
serve_port() {
  local port=""
  for _ in $(seq 100); do
    port=$(grep -oE 'http://127\.0\.0\.1:[0-9]+/' "$1" | grep -oE '[0-9]+/$' | tr -d /) || true
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { cat "$1" >&2; exit 1; }
  echo "$port"
}

# seconds COMMAND…: wall-clock seconds of one run.
seconds() {
  local start end
  start=$(date +%s.%N)
  # A command that fails has no time worth printing: the benchmark stops, saying which.
  "$@" > /dev/null || { echo "failed: $*" >&2; return 1; }
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", e - s }'
}

# median_of NUMBER…: the median of the numbers.
median_of() {
  printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# median RUNS SETUP COMMAND…: the median seconds of RUNS runs, running SETUP (a shell snippet)
# before each.
median() {
  local runs=$1 setup=$2
  shift 2
  local times=()
  for _ in $(seq "$runs"); do
    eval "$setup"
    times+=("$(seconds "$@")")
  done
  median_of "${times[@]}"
}

# peak_mib COMMAND…: the peak memory of one run in MiB, as "RESIDENT OWN": the resident set, which
# also counts the pages of the catalog file that a reader maps and touches, and the process's own
# (anonymous) memory; peak_memory.py says why both.
peak_mib() { python3 "$root/Benchmarks/peak_memory.py" "$@"; }

# peak_text PEAK: peak_mib's answer as "190.3 MiB   own   3.0 MiB".
peak_text() { printf '%7s MiB   own %5s MiB' "${1% *}" "${1#* }"; }

# ratio A B: A / B with two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f\n", a / b }'; }

# start_postgresql: a local PostgreSQL server on a Unix socket in $work/postgresql, made once and
# started when it is not running (PostgreSQL refuses to run as root, so as `postgres` then); sets
# $bin, $cluster and $as_postgres, and defines psql_run and `uri SCHEMA`, a catalog's URI there.
start_postgresql() {
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  cluster="$work/postgresql"
  as_postgres=()
  [ "$(id -u)" = 0 ] && as_postgres=(runuser -u postgres --)
  if [ ! -d "$cluster/data" ]; then
    mkdir -p "$cluster"
    [ "$(id -u)" = 0 ] && chown postgres "$cluster"
    "${as_postgres[@]}" "$bin/initdb" -D "$cluster/data" -U postgres --auth=trust -E UTF8 \
      --locale=C.UTF-8 > /dev/null
  fi
  if ! "${as_postgres[@]}" "$bin/pg_ctl" -D "$cluster/data" status > /dev/null; then
    "${as_postgres[@]}" "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w \
      -o "-k $cluster -c listen_addresses='' -c shared_buffers=512MB -c max_wal_size=8GB" \
      start > /dev/null
  fi
}
psql_run() { psql -h "$cluster" -U postgres -d postgres -X -q -v ON_ERROR_STOP=1 "$@"; }
uri() { echo "postgresql:///postgres?host=$cluster&user=postgres&schema=$1"; }
