#!/usr/bin/env bash
# Imports the bundled samples into a fresh catalog and shows their sections and index entries.
# Usage: bash Samples/run.sh   (CATALOG_DEMO_DB to put the catalog elsewhere)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product catalog >&2
catalog=.build/debug/catalog
db="${CATALOG_DEMO_DB:-$(mktemp -d)/samples.db}"
run() {
  echo
  echo "\$ catalog $*"
  "$catalog" --db "$db" "$@"
}

run import Samples/cities.csv --group-by state --locale en_US
run sections -c cities --group-by state --index-by state_code
run index -c cities --group-by state --index-by state_code
run list -c cities --group-by state --section Texas
run index -c cities --compact
echo
echo "catalog: $db"
