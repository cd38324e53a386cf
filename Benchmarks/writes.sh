#!/usr/bin/env bash
# The writes benchmark (issue 10, DESIGN §8), on a catalog of 1,000,000 generated rows with its
# letter grouping, a grouping by state and search keys (made once in $BENCHMARK_DIR, and again
# from a pristine copy before each timed write so every run starts alike):
#   - `catalog add` against `catalog list --limit 1` on the same catalog, in turns (a ratio);
#   - the library's single writes (add, update that moves between sections, remove), each in its
#     own transaction, medians over 300 (WriteBenchmark), on 1M and 5M rows (flat: log n);
#   - `import --append` of 10,000 rows against sqlite3's `.import` of them into the indexed
#     reference table, in turns;
#   - how soon `catalog watch` in another process prints a write's change set.
# Catalogs use WAL with synchronous=NORMAL (a commit does not wait for the disk).
# Usage: Benchmarks/writes.sh   (RUNS=9 for more turns)
source "$(dirname "$0")/common.sh"
build_release
(cd "$root" && swift build -c release --product WriteBenchmark >&2)
write_benchmark="$root/.build/release/WriteBenchmark"
runs=${RUNS:-5}
reference_db=$(reference_database)
base="$work/writes-1m.db"
base5="$work/writes-5m.db"
db="$work/writes.db"
appended="$work/append-10000.csv"
benchmark_catalog "$base" "$(data 1000000)" --search
benchmark_catalog "$base5" "$(data 5000000)" --search
skewed="$work/writes-skewed-1m.db"
benchmark_catalog "$skewed" "$(skewed_data 1000000)" --search
# 10,000 new rows in the benchmark's shape (generate.py's rows after the millionth).
[ -s "$appended" ] || { head -n 1 "$(data 1010000)"; tail -n 10000 "$(data 1010000)"; } > "$appended"
# restore: a fresh copy of the base catalog, written out to disk so no flush lands in a timing.
restore() { rm -f "$db" "$db-wal" "$db-shm"; cp "$1" "$db"; sync; }

add_times=()
list_times=()
restore "$base"
for turn in $(seq $((runs * 3))); do
  list_times+=("$(seconds "$catalog" --db "$db" list -c cities --limit 1)")
  add_times+=("$(seconds "$catalog" --db "$db" add -c cities "name=Added $turn" "state=State 0042" \
    --quiet)")
done
add=$(median_of "${add_times[@]}")
list=$(median_of "${list_times[@]}")

restore "$base"
library=$("$write_benchmark" writes "$db" cities 300)
restore "$base5"
library5=$("$write_benchmark" writes "$db" cities 300)
restore "$skewed"
library_skewed=$("$write_benchmark" writes "$db" cities 300 Everywhere)

# Both sides append to the same file turn after turn (each grows by 10,000 rows a turn), neither
# freshly copied: sqlite3's import into a file copied just before took 0.43-0.56 s where the same
# import into a file it had written before took 0.29-0.47 s (5 turns each, alternating), and the
# reference was the copy before.
append_times=()
reference_times=()
restore "$base"
rm -f "$work/ref-copy.db"
cp "$reference_db" "$work/ref-copy.db"
sync
for _ in $(seq "$runs"); do
  append_times+=("$(seconds "$catalog" --db "$db" import "$appended" -c cities --append --quiet)")
  reference_times+=("$(seconds sqlite3 "$work/ref-copy.db" ".import --csv --skip 1 $appended t")")
done
append=$(median_of "${append_times[@]}")
reference=$(median_of "${reference_times[@]}")

restore "$base"
watch=$("$write_benchmark" watch "$db" cities 20 "$catalog")

printf 'writes on 1,000,000 items (letters, state, search keys), medians\n'
printf '  catalog list --limit 1                      %7.3f s\n' "$list"
printf '  catalog add                                 %7.3f s   ratio %s (target <= 1.5)\n' \
  "$add" "$(ratio "$add" "$list")"
printf '  library, 1M items: %s\n' "$library"
printf '  library, 5M items: %s\n' "$library5"
printf '  library, 1M items, 9 in 10 in one state, writing into it: %s\n' "$library_skewed"
printf '  (target: median write < 1 ms, and flat from 1M to 5M)\n'
printf '  reference: sqlite3 .import of 10,000 rows   %7.3f s\n' "$reference"
printf '  catalog import --append of 10,000 rows      %7.3f s   ratio %s (target <= 3)\n' \
  "$append" "$(ratio "$append" "$reference")"
printf '  %s (target <= 100 ms)\n' "$watch"
