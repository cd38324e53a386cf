#!/usr/bin/env bash
# Keyed imports (issue 33, item 0): the generated 1,000,000 rows with a key column `id` first (keys
# in no order), imported with `--key id` against the same file without it, in turns, on SQLite and
# on a local PostgreSQL server (target: keyed at most 1.2x unkeyed on each); then, on each, an
# `--upsert` of the rows with one in ten changed and a `--sync` that drops one in ten and adds as
# many, each checked against the file it was given (its `export`, sorted, is the file's rows).
# Usage: Benchmarks/keyed.sh   (RUNS turns, default 5; ENGINES="sqlite postgresql" by default;
# PG_ROWS, the PostgreSQL rows, default 1000000)
source "$(dirname "$0")/common.sh"
build_release
runs=${RUNS:-5}
engines=${ENGINES:-sqlite postgresql}

# turns CSV: times the unkeyed and the keyed import of CSV in turns, each into a fresh catalog
# made by `fresh_place N` (N: the turn's name); prints "UNKEYED_MEDIAN KEYED_MEDIAN".
turns() {
  local csv=$1 unkeyed=() keyed=()
  for _ in $(seq "$runs"); do
    unkeyed+=("$(seconds "$catalog" --db "$(fresh_place unkeyed)" import "$csv" -c people \
      --group-by state --quiet)")
    keyed+=("$(seconds "$catalog" --db "$(fresh_place keyed)" import "$csv" -c people \
      --group-by state --key id --quiet)")
  done
  echo "$(median_of "${unkeyed[@]}") $(median_of "${keyed[@]}")"
}

report() {
  printf '  %-10s %9s rows: without --key %6.2f s, with --key id %6.2f s   ratio %s (target <= 1.2)\n' \
    "$1" "$2" "$3" "$4" "$(ratio "$4" "$3")"
}

# checked_export DB FILE: whether the collection's export, sorted, is FILE's rows, sorted (quotes
# taken out: the export quotes only where needed).
checked_export() {
  if cmp -s <("$catalog" --db "$1" export -c people | tail -n +2 | tr -d '"' | sort) \
    <(tail -n +2 "$2" | tr -d '"' | sort); then echo "same as the file"; else echo "DIFFERENT from the file"; fi
}

rows=1000000
csv=$(keyed_data $rows)
echo "keyed imports, medians of $runs turns"
for engine in $engines; do
  case $engine in
    sqlite)
      fresh_place() {
        local path="$work/keyed-$1.db"
        rm -f "$path" "$path-wal" "$path-shm" "$path-journal"
        echo "$path"
      }
      read -r unkeyed keyed <<< "$(turns "$csv")"
      report SQLite $rows "$unkeyed" "$keyed"
      ;;
    postgresql)
      start_postgresql
      pg_rows=${PG_ROWS:-$rows}
      pg_csv=$csv
      [ "$pg_rows" = "$rows" ] || pg_csv=$(keyed_data "$pg_rows")
      fresh_place() {
        psql_run -c "SET client_min_messages = warning" -c "DROP SCHEMA IF EXISTS bench_$1 CASCADE"
        uri "bench_$1"
      }
      read -r unkeyed keyed <<< "$(turns "$pg_csv")"
      report PostgreSQL "$pg_rows" "$unkeyed" "$keyed"
      ;;
  esac
done

# upserts ENGINE DB CSV ROWS: an `--upsert` of CSV (ROWS rows, as imported into DB's `people`) with
# one row in ten changed, then a `--sync` that drops one in ten and adds as many, each timed and
# checked against its file.
upserts() {
  local engine=$1 db=$2 csv=$3 rows=$4 upsert_csv sync_csv upsert sync
  upsert_csv="$work/keyed-upsert-$rows.csv"
  awk -F, -v OFS=, 'NR > 1 && NR % 10 == 0 { $5 = $5 + 1 } { print }' "$csv" > "$upsert_csv"
  sync_csv="$work/keyed-sync-$rows.csv"
  awk -F, -v OFS=, 'NR == 1 || NR % 10 != 3 { print }
    NR > 1 && NR % 10 == 3 { $1 = "new" $1; print }' "$upsert_csv" > "$sync_csv"
  upsert=$(seconds "$catalog" --db "$db" import "$upsert_csv" -c people --upsert --quiet)
  printf '  %-10s --upsert of %s rows, one in ten changed:        %7.2f s, export %s\n' \
    "$engine" "$rows" "$upsert" "$(checked_export "$db" "$upsert_csv")"
  sync=$(seconds "$catalog" --db "$db" import "$sync_csv" -c people --sync --quiet)
  printf '  %-10s --sync of %s rows, one in ten out, as many in: %7.2f s, export %s\n' \
    "$engine" "$rows" "$sync" "$(checked_export "$db" "$sync_csv")"
}

for engine in $engines; do
  case $engine in
    sqlite) upserts SQLite "$work/keyed-keyed.db" "$csv" "$rows" ;;
    postgresql) upserts PostgreSQL "$(uri bench_keyed)" "$pg_csv" "$pg_rows" ;;
  esac
done
