#!/usr/bin/env bash
# The query benchmark (issue 4, DESIGN §8), on the catalogs of 1,000,000 and 5,000,000 rows that
# Benchmarks/import.sh leaves in $BENCHMARK_DIR (made here when missing): `sections` and `index`
# against the reference `SELECT state, count(*) FROM t GROUP BY state`, the deep page against the
# first, and the peak memory of listing every row as JSON.
# Usage: Benchmarks/query.sh   (RUNS=9 for more runs)
source "$(dirname "$0")/common.sh"
build_release
runs=${RUNS:-5}
reference_db=$(reference_database)
benchmark_catalogs
skewed="$work/catalog-skewed-1m.db"
benchmark_catalog "$skewed" "$(skewed_data 1000000)"
# Warm-up: the first query of a grouping or locale would build it; the targets are for reads.
"$catalog" --db "$db" index -c cities > /dev/null
"$catalog" --db "$db5" index -c cities > /dev/null
"$catalog" --db "$skewed" index -c cities --group-by state > /dev/null

reference=$(median "$runs" ":" sqlite3 "$reference_db" "SELECT state, count(*) FROM t GROUP BY state")
sections=$(median "$runs" ":" "$catalog" --db "$db" sections -c cities --group-by state)
sections5=$(median "$runs" ":" "$catalog" --db "$db5" sections -c cities --group-by state)
index=$(median "$runs" ":" "$catalog" --db "$db" index -c cities)
index5=$(median "$runs" ":" "$catalog" --db "$db5" index -c cities)
first_page=$(median "$runs" ":" "$catalog" --db "$db" list -c cities --offset 0 --limit 50)
deep_page=$(median "$runs" ":" "$catalog" --db "$db" list -c cities --offset 900000 --limit 50)
deep_page5=$(median "$runs" ":" "$catalog" --db "$db5" list -c cities --offset 4500000 --limit 50)
skewed_first=$(median "$runs" ":" "$catalog" --db "$skewed" list -c cities --group-by state \
  --offset 0 --limit 50)
skewed_deep=$(median "$runs" ":" "$catalog" --db "$skewed" list -c cities --group-by state \
  --offset 450000 --limit 50)
skewed_sections=$(median "$runs" ":" "$catalog" --db "$skewed" sections -c cities --group-by state)
list_peak=$(peak_mib "$catalog" --db "$db" list -c cities --format json)
list_peak5=$(peak_mib "$catalog" --db "$db5" list -c cities --format json)

printf 'queries, median of %s runs\n' "$runs"
printf '  reference: sqlite3 GROUP BY state, 1M rows   %7.3f s\n' "$reference"
printf '  sections --group-by state, 1M rows          %7.3f s   ratio %s (target <= 1)\n' \
  "$sections" "$(ratio "$sections" "$reference")"
printf '  sections --group-by state, 5M rows          %7.3f s   5M/1M %s (target: flat)\n' \
  "$sections5" "$(ratio "$sections5" "$sections")"
printf '  index, 1M rows                              %7.3f s   ratio %s (target <= 1)\n' \
  "$index" "$(ratio "$index" "$reference")"
printf '  index, 5M rows                              %7.3f s   5M/1M %s (target: flat)\n' \
  "$index5" "$(ratio "$index5" "$index")"
printf '  list --offset 0 --limit 50                  %7.3f s\n' "$first_page"
printf '  list --offset 900000 --limit 50             %7.3f s   ratio %s (target <= 2)\n' \
  "$deep_page" "$(ratio "$deep_page" "$first_page")"
printf '  list --offset 4500000 --limit 50, 5M rows   %7.3f s   ratio %s (target <= 2)\n' \
  "$deep_page5" "$(ratio "$deep_page5" "$first_page")"
printf 'one state holding 9 rows in 10 (1M rows, --group-by state)\n'
printf '  sections                                    %7.3f s   ratio %s (target <= 1)\n' \
  "$skewed_sections" "$(ratio "$skewed_sections" "$reference")"
printf '  list --offset 0 --limit 50                  %7.3f s\n' "$skewed_first"
printf '  list --offset 450000 --limit 50 (inside it) %7.3f s   ratio %s (target <= 2)\n' \
  "$skewed_deep" "$(ratio "$skewed_deep" "$skewed_first")"
printf 'peak memory of list --format json over every row (target < 64 MiB, flat), resident and own\n'
printf '  1M rows                                     %s\n' "$(peak_text "$list_peak")"
printf '  5M rows                                     %s\n' "$(peak_text "$list_peak5")"
