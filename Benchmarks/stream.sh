#!/usr/bin/env bash
# The streaming benchmark (issue 11, DESIGN §8): the whole list as CSV (`catalog list --format
# csv`) and the collection as CSV (`catalog export`) over the 1,000,000-row benchmark catalog,
# against `sqlite3 -csv ref.db "SELECT * FROM t"` on the reference database, in turns; the floor
# of a list in list order (the `sqlite3` shell joining the letter list's rows to their items, with
# no output work of ours); the list of a collection of five columns (the rows with a key column
# before them, imported without --group-by) against the same reference over its own five columns;
# and the peak memory of both at 1M and 5M rows (flat).
# Usage: Benchmarks/stream.sh   (RUNS=9 for more turns)
source "$(dirname "$0")/common.sh"
build_release
runs=${RUNS:-5}
reference_db=$(reference_database)
benchmark_catalogs
five_csv=$(keyed_data 1000000)
five_reference="$work/reference-five.db"
[ -s "$five_reference" ] || sqlite3 "$five_reference" ".import --csv $five_csv t"
five_db="$work/catalog-five.db"
[ -s "$five_db" ] || "$catalog" --db "$five_db" import "$five_csv" -c five --quiet

# The rows of the letter list, in order, each with its item's title and fields.
join="SELECT r.item, i.title, i.fields FROM rows r JOIN items i ON i.item = r.item
  AND i.collection_id = (SELECT id FROM collections WHERE name = 'cities')
  WHERE r.grouping_id = (SELECT g.id FROM groupings g JOIN collections c ON c.id = g.collection_id
    WHERE c.name = 'cities' AND g.group_by = '' AND g.locale = c.locale)
  ORDER BY r.key"
reference_times=()
join_times=()
list_times=()
export_times=()
five_reference_times=()
five_list_times=()
for _ in $(seq "$runs"); do
  five_reference_times+=("$(seconds sqlite3 -csv "$five_reference" "SELECT * FROM t")")
  five_list_times+=("$(seconds "$catalog" --db "$five_db" list -c five --format csv)")
  reference_times+=("$(seconds sqlite3 -csv "$reference_db" "SELECT * FROM t")")
  join_times+=("$(seconds sqlite3 -csv "$db" "$join")")
  list_times+=("$(seconds "$catalog" --db "$db" list -c cities --format csv)")
  export_times+=("$(seconds "$catalog" --db "$db" export -c cities)")
done
reference=$(median_of "${reference_times[@]}")
join_floor=$(median_of "${join_times[@]}")
list=$(median_of "${list_times[@]}")
exported=$(median_of "${export_times[@]}")
five_reference=$(median_of "${five_reference_times[@]}")
five_list=$(median_of "${five_list_times[@]}")
list_peak=$(peak_mib "$catalog" --db "$db" list -c cities --format csv)
list_peak5=$(peak_mib "$catalog" --db "$db5" list -c cities --format csv)
export_peak=$(peak_mib "$catalog" --db "$db" export -c cities)
export_peak5=$(peak_mib "$catalog" --db "$db5" export -c cities)

printf 'streaming 1,000,000 rows as CSV, median of %s turns\n' "$runs"
printf '  reference: sqlite3 -csv SELECT * FROM t     %7.3f s\n' "$reference"
printf '  floor: sqlite3 joining rows to items        %7.3f s   ratio %s\n' "$join_floor" \
  "$(ratio "$join_floor" "$reference")"
printf '  catalog list --format csv                   %7.3f s   ratio %s (target <= 5, goal 2)\n' \
  "$list" "$(ratio "$list" "$reference")"
printf '  catalog export                              %7.3f s   ratio %s (target <= 1.5)\n' \
  "$exported" "$(ratio "$exported" "$reference")"
printf 'five columns (a key column first), the letter list\n'
printf '  reference: sqlite3 -csv SELECT * FROM t     %7.3f s\n' "$five_reference"
printf '  catalog list --format csv                   %7.3f s   ratio %s (target <= 5, goal 2)\n' \
  "$five_list" "$(ratio "$five_list" "$five_reference")"
printf 'peak memory (flat from 1M to 5M rows), resident and own\n'
printf '  list --format csv, 1M rows                  %s\n' "$(peak_text "$list_peak")"
printf '  list --format csv, 5M rows                  %s\n' "$(peak_text "$list_peak5")"
printf '  export, 1M rows                             %s\n' "$(peak_text "$export_peak")"
printf '  export, 5M rows                             %s\n' "$(peak_text "$export_peak5")"
