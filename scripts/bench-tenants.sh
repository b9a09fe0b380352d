#!/usr/bin/env bash
# make bench's deployment of many businesses (called by scripts/bench.sh
# with its work folder): 10,000 businesses, each the demo studio with ids
# of its own and 200 bookings (two million), in a PostgreSQL of their own;
# then, against the budgets of the issue that brought many businesses:
# RSS idle with 10,000 businesses against the demo's deployment, the
# cached home and booking page of business #9,999 against plain net/http,
# the first render of a business's booking page (a miss) and its slots at
# 20 connections, the queries a cached page costs (resolving the host
# is a map in memory), and the dashboard of the demo studio, which holds
# 10,000 bookings among them.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$1
bin=${SLOTWISE_BENCH_BIN:-bin/slotwise}
businesses=${SLOTWISE_BENCH_BUSINESSES:-10000}
. scripts/bench-lib.sh
rss() { awk '/^VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"; }
# wait_planned LOG: the server's one-off planning at start is done, so it is idle
wait_planned() { for _ in $(seq 1200); do grep -q "every business planned" "$1" && return; sleep 0.1; done; }

echo
echo "== $businesses businesses on one deployment: the demo studio copied with ids of its own, 200 bookings each"
# Their database takes about 0.7 MB a business (7 GB for 10,000, the
# search's terms of their bookings a third of it): a disk that fills
# halfway leaves a broken run, so say so before.
need_mb=$((businesses * 7 / 10 + 1024))
free_mb=$(df -Pm "$work" | awk 'NR == 2 { print $4 }')
if [ "$free_mb" -lt "$need_mb" ]; then
  echo "not measured: $businesses businesses need about $need_mb MB free under $work, and $free_mb MB are"
  exit 1
fi
tenants_url=$("$bin" postgres start --dir "$work/tenants" --fast 2>"$work/tenants-pg.log") || { cat "$work/tenants-pg.log"; exit 1; }
trap '"$bin" postgres stop --dir "$work/tenants" >/dev/null 2>&1 || true' EXIT
DATABASE_URL=$tenants_url "$bin" seed >"$work/tenants-seed.log" 2>&1 || { cat "$work/tenants-seed.log"; exit 1; }
go build -o "$work/tenantbench" ./backend/cmd/tenantbench
"$work/tenantbench" generate -db "$tenants_url" -businesses "$businesses" -bookings 200 -own 10000

# The demo's deployment (its two businesses), seeded, then started and idle.
"$bin" seed --data-dir "$work/one" >"$work/one-seed.log" 2>&1 || { cat "$work/one-seed.log"; exit 1; }
one_port=$(free_port)
"$bin" serve --addr "127.0.0.1:$one_port" --data-dir "$work/one" >"$work/one.log" 2>&1 &
one=$!
for _ in $(seq 600); do curl -fs "http://127.0.0.1:$one_port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
wait_planned "$work/one.log"; sleep 3
one_rss=$(rss "$one")
kill -TERM "$one"; wait "$one" || true

port=$(free_port)
start=$(date +%s.%N)
DATABASE_URL=$tenants_url "$bin" serve --addr "127.0.0.1:$port" --no-demo >"$work/tenants.log" 2>&1 &
server=$!
for _ in $(seq 1200); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
ready=$(date +%s.%N)
wait_planned "$work/tenants.log"; sleep 3
many_rss=$(rss "$server")
awk -v s="$start" -v r="$ready" -v t="$(grep 'every business planned' "$work/tenants.log" | grep -o 'took=[^ ]*' | cut -d= -f2)" 'BEGIN {
  printf "serving %.1f s after start; reminders and agendas of every business %s\n", r - s,
    (t == "" ? "planned before (the upkeep table): nothing read at start" : "planned in the background in " t) }'
awk -v a="$one_rss" -v b="$many_rss" -v n="$businesses" 'BEGIN {
  printf "RSS idle: the demo (2 businesses) %d MB, %d businesses %d MB: %+d MB (budget: under 100 MB more)%s\n", a, n, b, b - a, (b - a < 100 ? "" : "  OVER") }'

host=b$((businesses - 1)).bench.localhost
echo "-- cached pages of business #$((businesses - 1)) ($host) vs plain net/http sending the same response (wrk, 64 connections, five rounds each, the page then the ceiling; the median judged)"
go build -o "$work/bytesbench" ./backend/cmd/bytesbench
against_ceiling "$work" "http://127.0.0.1:$port" "$host" "home / 90" "booking /widget/bookings/demo-consultation 80"

# Transactions of the database while 2,000 cached pages are served, the
# background's included: the host is resolved, and the page found, in memory.
xacts() { psql "$tenants_url" -Atc "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"; }
before=$(xacts)
for _ in $(seq 2000); do printf 'url = "http://127.0.0.1:%s/"\noutput = "/dev/null"\n' "$port"; done | curl -s -H "Host: $host" -K -
after=$(xacts)
awk -v d="$((after - before - 1))" 'BEGIN { printf "queries while 2,000 cached pages were served, the background work included: %d (budget: none for the host; a cached page costs none)%s\n", d, (d < 20 ? "" : "  OVER") }'

settle "http://127.0.0.1:$port"
"$work/tenantbench" load -base "http://127.0.0.1:$port" -path /widget/bookings/demo-consultation -first 3 -last "$businesses" -conns 20 -n 2000 \
  -what "first renders of booking pages, each another business's (a cache miss; 200 other businesses' first to warm up)" -budget "p99 under 100 ms"
"$work/tenantbench" load -base "http://127.0.0.1:$port" -path "/api/booking/slots?calendar=demo-consultation&from={from}&to={to}&tz=Europe/Berlin" \
  -first 3 -last "$businesses" -conns 20 -n 2000 -what "slots of four weeks, each another business's, $((businesses * 200)) bookings in the database (200 others first)" -budget "p99 under 50 ms"
echo "-- the same slots, all of business #$((businesses - 1)) (its rows warm), for comparison (wrk, 20 connections, 10 s)"
wrk -t2 -c20 -d10s --latency -H "Host: $host" "http://127.0.0.1:$port/api/booking/slots?calendar=demo-consultation&from=$(date +%F)&to=$(date -d '+28 days' +%F)&tz=Europe/Berlin" |
  grep -E '^ +(50|99)%|Requests/sec'

echo "-- the dashboard of the demo studio (10,000 bookings) among them: each page from 20 people of its front desk signed in at once"
go build -o "$work/dashbench" ./backend/cmd/dashbench
for i in $(seq 20); do DATABASE_URL=$tenants_url "$bin" user add --business demo-studio --email "desk$i@bench.localhost" --role desk 2>>"$work/people.log" | tail -1; done >"$work/links.txt"
settle "http://127.0.0.1:$port"
"$work/dashbench" -base "http://127.0.0.1:$port" -conns 20 -n 400 <"$work/links.txt" || tail -20 "$work/tenants.log"
kill -TERM "$server"; wait "$server" || true
