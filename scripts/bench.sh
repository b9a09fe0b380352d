#!/usr/bin/env bash
# make bench: renders per second of a booking page through the Go V8 pool
# and, on the same machine in the same run, under Node, and their ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/slotwise-bench.XXXXXX); chmod 755 "$work"
trap 'bin/slotwise postgres stop --dir "$work/postgres" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
SLOTWISE_TEST_DATABASE_URL=$(bin/slotwise postgres start --dir "$work/postgres" --fast 2>"$work/pg.log") || { cat "$work/pg.log"; exit 1; }
export SLOTWISE_TEST_DATABASE_URL SLOTWISE_BENCH_PAYLOAD="$work/payload.json"

echo "== Go: V8 isolate pool (go test -bench)"
go test -run '^$' -bench 'RenderBookingPage' -benchtime 3s -benchmem ./backend/internal/web/ | tee "$work/go.txt"
echo
echo "== Node $(node --version): the same bundle and payload, renderToString"
node ui/bench/render-node.mjs "$work/payload.json" 3 | tee "$work/node.txt"

go1=$(awk '/workers=1-?[0-9]*[ \t]/ { for (i = 1; i <= NF; i++) if ($(i+1) == "renders/s") print $i }' "$work/go.txt")
gon=$(awk '/workers=[2-9]/ { for (i = 1; i <= NF; i++) if ($(i+1) == "renders/s") print $i }' "$work/go.txt")
node=$(awk '{ print $3 }' "$work/node.txt")
echo
echo "== Summary (renders per second; higher is better)"
printf 'Go pool, 1 worker:        %8.0f\n' "$go1"
[ -n "$gon" ] && printf 'Go pool, %d workers:       %8.0f\n' "$(nproc)" "$gon"
printf 'Node, 1 thread:           %8.0f\n' "$node"
awk -v g="$go1" -v n="$node" 'BEGIN { printf "ratio Go 1 worker / Node:  %7.2f\n", g / n }'
