#!/usr/bin/env bash
# Builds the libFuzzer targets (address sanitizer on) and runs each for SECONDS (default 60),
# starting from the seed corpus in Tests/Fuzz/corpus. A crash stops the run with its input saved
# in .build/fuzz as crash-*: fix it and keep the input as a regression test.
# The seed is fixed (FUZZ_SEED, default 1) and the corpus starts from the seeds, so a run explores
# the same inputs in the same order each time: a longer run covers what CI's shorter one does.
# Usage: Tests/Fuzz/run.sh [SECONDS]
set -euo pipefail
seconds=${1:-60}
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/.build/fuzz"
toolchain="$(dirname "$(command -v swiftc)")"
mkdir -p "$out/include"

"$toolchain/clang++" -std=c++17 -O1 -g -fsanitize=fuzzer-no-link,address \
  -I "$root/Sources/CICU/include" -c "$root/Sources/CICU/shim.cpp" -o "$out/shim.o"
printf 'module CICU {\n  header "%s"\n  export *\n}\n' "$root/Sources/CICU/include/CICU.h" \
  > "$out/include/module.modulemap"

# build NAME SOURCES…: one module holding the fuzz target and the code it tests (our own
# `import` lines dropped, since the code is compiled together).
build() {
  local name=$1
  shift
  rm -rf "$out/src-$name"
  mkdir -p "$out/src-$name"
  for source in "$@"; do
    sed '/^import CatalogCollation$/d' "$source" > "$out/src-$name/$(basename "$source")"
  done
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld -module-name "Fuzz$name" \
    -I "$out/include" "$out/src-$name"/*.swift "$out/shim.o" \
    -licui18n -licuuc -licudata -lstdc++ -o "$out/fuzz-$name"
}

build CSV "$root/Tests/Fuzz/CSVReaderFuzz.swift" "$root"/Sources/CatalogStore/CSV/*.swift \
  "$root/Sources/CatalogCollation/WhiteSpace.swift"
build Collation "$root/Tests/Fuzz/CollationFuzz.swift" "$root"/Sources/CatalogCollation/*.swift

for target in CSV Collation; do
  corpus="$out/corpus-$target"
  rm -rf "$corpus"
  mkdir -p "$corpus"
  seeds="$root/Tests/Fuzz/corpus/$(echo "$target" | tr '[:upper:]' '[:lower:]')"
  echo "fuzzing $target for $seconds s"
  (cd "$out" && SWIFT_BACKTRACE=enable=no "./fuzz-$target" -max_total_time="$seconds" -seed="${FUZZ_SEED:-1}" \
    -print_final_stats=1 \
    -max_len=4096 "$corpus" "$seeds" 2>&1 | grep -E "^(stat::|Done|#[0-9]+ *DONE)|ERROR|SUMMARY" || true)
  if ls "$out"/crash-* > /dev/null 2>&1; then
    echo "fuzz-$target found a crash: $(ls "$out"/crash-*)" >&2
    exit 1
  fi
done
