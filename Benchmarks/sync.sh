#!/usr/bin/env bash
# Mirrors (DESIGN §8, §16), against a local `catalog serve` of the generated collection:
# - `catalog mirror` of the whole collection against `catalog import` of the same CSV (target
#   at most 1.5×), and the mirror's peak memory (target under 64 MiB);
# - 10,000 single-item server versions caught up by `sync` against `import --append` of 10,000
#   rows into the same device catalog (target at most 3×);
# - a server write's change set in `watch` on the device, which `sync --follow` keeps up to date
#   (target within 100 ms, median; Benchmarks/mirror_latency.py);
# - 1,000 queued device writes uploaded by `sync` (target 500 writes/s or more).
# Usage: bash Benchmarks/sync.sh [ROWS]   (default 1,000,000; SYNC_VERSIONS, SYNC_UPLOADS,
#   SYNC_WRITES: the server writes timed to the device's watch, default 20)
source "$(dirname "$0")/common.sh"
build_release
rows="${1:-1000000}"
versions="${SYNC_VERSIONS:-10000}"
uploads="${SYNC_UPLOADS:-1000}"
latency_writes="${SYNC_WRITES:-20}"
csv="$(data "$rows")"
dir="$(mktemp -d "$work/sync.XXXXXX")"
server_db="$dir/server.db"
"$catalog" --db "$server_db" import "$csv" -c cities --group-by state --quiet
token="$("$catalog" --db "$server_db" token create bench --write 2>/dev/null)"
"$catalog" --db "$server_db" serve --port 0 2> "$dir/serve.log" &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
port="$(serve_port "$dir/serve.log")"
url="http://127.0.0.1:$port/api/collections/cities"

import_seconds=$(seconds "$catalog" --db "$dir/imported.db" import "$csv" -c cities \
  --group-by state --quiet)
mirror_seconds=$(CATALOG_TOKEN="$token" seconds "$catalog" --db "$dir/device.db" mirror "$url" \
  --group-by state)
mirror_peak=$(CATALOG_TOKEN="$token" peak_mib "$catalog" --db "$dir/device-peak.db" mirror "$url" \
  --group-by state)

# Server versions, one item each, over one keep-alive connection.
python3 "$root/Benchmarks/http_writes.py" "$port" cities "$token" 1 "$versions" > /dev/null
catch_up_seconds=$(CATALOG_TOKEN="$token" seconds "$catalog" --db "$dir/device.db" sync)
# The reference: as many rows appended to the same collection imported (a mirror takes no new
# item without a key column, and these rows have none).
head -n $((versions + 1)) "$csv" > "$dir/append.csv"
append_seconds=$(seconds "$catalog" --db "$dir/imported.db" import "$dir/append.csv" \
  -c cities --append --quiet)

# Server writes followed by the device, each timed from its commit to the device's watch.
read -r latency_median latency_p90 latency_max < <(CATALOG_TOKEN="$token" python3 \
  "$root/Benchmarks/mirror_latency.py" "$server_db" "$dir/device.db" "$catalog" cities \
  "$latency_writes")

# Device writes queued (each its own local write), then uploaded by one sync.
for item in $(seq 0 $((uploads - 1))); do
  "$catalog" --db "$dir/device.db" update "$item" "population=$item" 2> /dev/null
done
upload_seconds=$(CATALOG_TOKEN="$token" seconds "$catalog" --db "$dir/device.db" sync)

printf 'mirror of %s rows            %8.3f s   import %8.3f s   ratio %s (target <= 1.5)\n' \
  "$rows" "$mirror_seconds" "$import_seconds" "$(ratio "$mirror_seconds" "$import_seconds")"
printf 'mirror peak memory          %s (target < 64 MiB)\n' "$(peak_text "$mirror_peak")"
printf 'catch-up of %s versions    %8.3f s   append %8.3f s   ratio %s (target <= 3)\n' \
  "$versions" "$catch_up_seconds" "$append_seconds" \
  "$(ratio "$catch_up_seconds" "$append_seconds")"
printf 'server write to device watch  median %s ms   p90 %s ms   max %s ms (%s writes; target: median <= 100 ms)\n' \
  "$latency_median" "$latency_p90" "$latency_max" "$latency_writes"
printf 'upload of %s writes         %8.3f s   %s writes/s (target >= 500)\n' "$uploads" \
  "$upload_seconds" "$(awk -v n="$uploads" -v s="$upload_seconds" 'BEGIN { printf "%.0f", n / s }')"
