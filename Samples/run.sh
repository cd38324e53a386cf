#!/usr/bin/env bash
# Builds catalog (installing the Debian packages it needs first, when run as root), imports the
# bundled samples into a fresh catalog, shows their sections and index entries, and says how to
# look at them in a browser.
# Usage: bash Samples/run.sh   (CATALOG_DEMO_DB=PATH to put the catalog elsewhere; PATH must not
# exist yet)
set -euo pipefail
cd "$(dirname "$0")/.."
# The Debian packages the build needs: installed when missing (as root), or the command that would
# install them printed, and the script stopped (as anyone else).
source .ci/packages.sh
ensure_packages "${build_packages[@]}" || exit 1
swift build --product catalog >&2
catalog=.build/debug/catalog
db="${CATALOG_DEMO_DB:-$(mktemp -d)/samples.db}"
if [ -e "$db" ]; then
  echo "run.sh: $db exists already; give CATALOG_DEMO_DB a new path" >&2
  exit 1
fi
# Prints the arguments as a shell command line, quoting those that need it.
command_line() {
  local line="\$ catalog" arg
  for arg in "$@"; do
    case "$arg" in
      *[[:space:]\&\;\|\<\>\(\)\*\?\$\`\"\'\\\#\!\~]*) line+=" \"$arg\"" ;;
      *) line+=" $arg" ;;
    esac
  done
  printf '%s' "$line"
}
# Runs catalog on the demo catalog, after printing the command; messages go with the output.
run() {
  printf '\n%s\n' "$(command_line "$@")"
  "$catalog" --db "$db" "$@" 2>&1
}
# Like run, but shows only the first lines of the output.
first() {
  local count=$1
  shift
  printf '\n%s | head -n %s\n' "$(command_line "$@")" "$count"
  "$catalog" --db "$db" "$@" 2>&1 | head -n "$count"
}
# Like run, but shows only the last lines of the output.
last() {
  local count=$1
  shift
  printf '\n%s | tail -n %s\n' "$(command_line "$@")" "$count"
  "$catalog" --db "$db" "$@" 2>&1 | tail -n "$count"
}
title() {
  echo
  echo "=== $* ==="
}

title "US cities by state, with state codes in the index"
run import Samples/cities.csv --group-by state --locale en_US
first 8 sections -c cities --group-by state --index-by state_code
first 8 index -c cities --group-by state --index-by state_code
first 8 list -c cities --group-by state --section Texas
first 8 index -c cities --compact

title "Writes: one item at a time; every list stays exact, and each write has a change set"
run add -c cities name=Nome state=Alaska state_code=AK population=3699
run list -c cities --group-by state --section Alaska
run update -c cities 337 population=3700
run remove -c cities 337
# The change sets of those three writes, as a list view applies them: [section, row] pairs.
run watch -c cities --group-by state --since 1 --count 3

title "Countries by continent: one collection per language, titled and sorted in its locale"
run import Samples/countries.csv -c countries_sv --title name_sv --locale sv --group-by continent
run import Samples/countries.csv -c countries_de --title name_de --locale de --group-by continent
run import Samples/countries.csv -c countries_ja --title name_ja --sort-as name_ja_kana \
  --locale ja --group-by continent
run import Samples/countries.csv -c countries_zh --title name_zh --locale zh --group-by continent
run import Samples/countries.csv -c countries_ru --title name_ru --locale ru --group-by continent
run sections -c countries_sv --group-by continent
first 8 list -c countries_sv --group-by continent --section Europe
last 5 index -c countries_sv
run list -c countries_sv --index Ö
first 6 list -c countries_de --section A
first 8 list -c countries_ja --group-by continent --section Asia
run index -c countries_ja --compact
run list -c countries_ja --section な
run list -c countries_zh --section Z
run list -c countries_ru --section Ю

title "Contacts, by last name in Swedish, by reading in Japanese, by surname in Chinese"
run import Samples/contacts.csv -c contacts_sv --sort-as last_name,first_name --locale sv
run list -c contacts_sv --limit 21
run index -c contacts_sv --compact
# Only Japanese and Chinese names have a reading; the names after it sort the others.
run import Samples/contacts.csv -c contacts_ja --sort-as reading,last_name,first_name --locale ja
run list -c contacts_ja --index あ
run index -c contacts_ja --compact
# Chinese names file under their surname's reading (曾 as Zēng, 单 as Shàn), and search takes
# pinyin or its initials.
run import Samples/contacts.csv -c contacts_zh --locale zh --names
run list -c contacts_zh --section Z
run search -c contacts_zh zm

title "Settings: a grouped list with section headers and footers"
run import Samples/settings.csv --group-by group --locale en
run annotate -c settings --header "Settings"
run annotate -c settings --group-by group --section Network \
  --footer "Wi-Fi and Bluetooth stay on in Airplane Mode if you turn them on there."
run annotate -c settings --group-by group --section Notifications \
  --header "NOTIFICATION STYLE" --footer "Previews show the text of messages on the Lock Screen."
run annotate -c settings --group-by group --section "Privacy & Security" \
  --footer "Apps ask before they use your location, camera, microphone or contacts."
run annotate -c settings --group-by group --section General \
  --footer "Your iPhone checks for software updates once a day."
run list -c settings --group-by group
run sections -c settings --group-by group

title "A device that mirrors a served collection in Swedish, offline too"
# The server's catalog lists the contacts in English; a device's catalog mirrors them in Swedish,
# edits them while the server is stopped, and syncs when it is back (DESIGN §16).
device_dir="$(mktemp -d)"
server_db="$device_dir/server.db"
device_db="$device_dir/device.db"
"$catalog" --db "$server_db" import Samples/contacts.csv -c people --key name \
  --sort-as last_name,first_name --locale en --quiet
CATALOG_TOKEN="$("$catalog" --db "$server_db" token create device --write 2>/dev/null)"
export CATALOG_TOKEN
serve_log="$device_dir/serve.log"
start_server() {
  : > "$serve_log"
  "$catalog" --db "$server_db" serve --port "${port:-0}" 2> "$serve_log" &
  server=$!
  until grep -q 'serving' "$serve_log"; do sleep 0.05; done
  port="$(sed -n 's|.*127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$serve_log" | head -n 1)"
}
trap '[ -n "${server:-}" ] && kill "$server" 2>/dev/null; true' EXIT
start_server
url="http://127.0.0.1:$port/api/collections/people"
device() {
  printf '\n%s\n' "$(command_line "$@")"
  "$catalog" --db "$device_db" "$@" 2>&1
}
device mirror "$url" --locale sv
device index --compact
echo
echo "(the server stops)"
kill "$server"; wait "$server" 2>/dev/null || true
device update "Erik Ågren" city=Kiruna
device remove "Anna Andersson"
device sync --status
echo
echo "(the server is back)"
start_server
device sync
device sync --status
kill "$server"; wait "$server" 2>/dev/null || true
server=""
echo
echo "The same in Swift, as an app links it: Samples/LinkedApp's DeviceApp"
echo "  (cd Samples/LinkedApp && swift build && bash device-demo.sh)"

echo
echo "catalog: $db"
echo
echo "To look at the samples in a browser, serve the catalog (Ctrl-C stops it):"
echo "  $catalog --db $db serve"
echo "and open http://127.0.0.1:8750/ for the collections, or one list:"
echo "  http://127.0.0.1:8750/?c=contacts_sv                  Contacts, by last name in Swedish"
echo "  http://127.0.0.1:8750/?c=settings&group_by=group      a grouped list with headers and footers"
echo "  http://127.0.0.1:8750/?c=cities&group_by=state&index_by=state_code"
