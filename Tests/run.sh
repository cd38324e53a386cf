#!/usr/bin/env bash
# The README's test command: installs the Debian packages that the build and the tests need when
# some are missing (as root; as anyone else it prints the command that would, and stops), then
# runs `swift build && swift test`, which is all a developer runs once the packages are there.
# Usage: bash Tests/run.sh [ARGUMENT…]   (ARGUMENTs go to `swift test`, such as --filter NAME)
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/packages.sh
ensure_packages "${build_packages[@]}" "${test_packages[@]}" || exit 1
swift build && swift test "$@"
