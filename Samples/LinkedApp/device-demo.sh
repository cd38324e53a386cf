#!/usr/bin/env bash
# The device app (Sources/DeviceApp) against a running catalog serve: it mirrors the contacts in
# Swedish, edits them while the server is stopped, and syncs when the server is back.
# Usage: bash Samples/LinkedApp/device-demo.sh   (after `swift build` here and in the root)
set -euo pipefail
cd "$(dirname "$0")"
catalog="${CATALOG_BINARY:-../../.build/debug/catalog}"
app=.build/debug/DeviceApp
dir="$(mktemp -d)"
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; true' EXIT

# Starts catalog serve on $port (0: any free one) and sets $port to the one it took.
start_server() {
  : > "$dir/serve.log"
  "$catalog" --db "$dir/server.db" serve --port "${port:-0}" 2> "$dir/serve.log" &
  server=$!
  until grep -q 'serving' "$dir/serve.log"; do sleep 0.05; done
  port="$(sed -n 's|.*127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$dir/serve.log" | head -n 1)"
}
stop_server() {
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
}

"$catalog" --db "$dir/server.db" import ../contacts.csv -c people --key name \
  --sort-as last_name,first_name --locale en --quiet
CATALOG_TOKEN="$("$catalog" --db "$dir/server.db" token create device --write 2>/dev/null)"
export CATALOG_TOKEN
start_server
url="http://127.0.0.1:$port/api/collections/people"

echo "== the server lists the contacts in English (Å under A, Ö under O):"
"$catalog" --db "$dir/server.db" sections -c people
echo
echo "== the device mirrors them in Swedish:"
"$app" mirror "$url" "$dir/device.db"
echo
echo "== the server stops; the device edits offline, and the server's catalog is written too:"
stop_server
"$app" edit "$dir/device.db"
"$catalog" --db "$dir/server.db" update "Erik Ågren" "phone=+46 70 000 00 00"
echo
echo "== the server is back; the device syncs:"
start_server
"$app" sync "$dir/device.db"
echo
echo "== the server now has the device's writes:"
"$catalog" --db "$dir/server.db" list -c people --format csv | grep -E 'Ågren|Öst|Andersson' || true
