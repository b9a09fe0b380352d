#!/usr/bin/env bash
# Lists every Go fuzz target as "package target", one a line.
set -euo pipefail
cd "$(dirname "$0")/.."
grep -rlE '^func Fuzz[A-Za-z0-9_]+\(f \*testing\.F\)' --include='*_test.go' backend ssr locales 2>/dev/null | sort | while read -r file; do
  for target in $(grep -oE '^func Fuzz[A-Za-z0-9_]+' "$file" | sed 's/^func //'); do
    echo "./$(dirname "$file") $target"
  done
done
