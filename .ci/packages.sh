# The Debian packages that catalog needs, listed once, and the function that installs those that
# are missing. Sourced by the README's two commands (Samples/run.sh: the build's; Tests/run.sh: the
# build's and the tests') and by .ci/run (all three lists).

# To build: SQLite, ICU and libmicrohttpd (`catalog serve`), found through pkg-config, and the
# headers of libpq (catalogs on PostgreSQL) and OpenSSL's libcrypto (the server's tokens), whose
# libraries are loaded when first used.
build_packages=(libsqlite3-dev libicu-dev pkg-config libmicrohttpd-dev libssl-dev libpq-dev)
# To test: the sqlite3 shell, which some tests hold a catalog's lock with, and PostgreSQL's server,
# which the tests start a throwaway cluster of.
test_packages=(sqlite3 postgresql)
# The page tests (.ci/run only): headless Chromium, its driver and Debian's selenium.
page_test_packages=(chromium chromium-driver python3-selenium)

# ensure_packages PACKAGE…: returns at once, saying nothing, when every PACKAGE is installed. Else
# as root it names the missing ones and installs them with apt-get; as anyone else it prints the
# one command that would install them and returns 1.
# dpkg-query, id and apt-get are found on PATH, so a test can stand in for all three
# (Tests/CatalogCLITests/SetupScriptTests.swift) without root and without touching the machine.
ensure_packages() {
  local package missing=()
  if ! command -v dpkg-query > /dev/null; then
    echo "no dpkg-query here to check for Debian's packages: $* (or their equivalents)" >&2
    return 0
  fi
  for package in "$@"; do
    # A removed package whose configuration files remain is "deinstall ok config-files".
    dpkg-query -W -f='${Status}' "$package" 2> /dev/null | grep -q "install ok installed" \
      || missing+=("$package")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  if [ "$(id -u)" -eq 0 ]; then
    echo "installing the missing Debian packages: ${missing[*]}" >&2
    apt-get update -qq \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >&2
  else
    echo "missing Debian packages: ${missing[*]}; install them with" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
}
