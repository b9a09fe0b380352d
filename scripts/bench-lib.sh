# What scripts/bench.sh and scripts/bench-tenants.sh share; sourced.

# free_port prints a loopback port nobody listens on.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# against_ceiling WORK ORIGIN HOST "NAME PATH GOAL"...: each cached page
# ORIGIN serves at PATH (asked for with Host HOST, unless it is empty)
# against plain net/http sending the same bytes and headers (bytesbench,
# built in WORK), two rounds each, interleaved, and its goal in percent.
against_ceiling() {
  local work=$1 origin=$2 host=$3; shift 3
  local header=() from=()
  if [ -n "$host" ]; then header=(-H "Host: $host"); from=(-host "$host"); fi
  rps() { wrk -t2 -c64 -d3s "${header[@]}" "$1" >/dev/null 2>&1 || true; wrk -t2 -c64 -d10s "${header[@]}" "$1" | awk '/Requests\/sec/ { print $2 }'; }
  local entry name path goal ceiling_port ceiling page plain page2 plain2
  for entry in "$@"; do
    read -r name path goal <<<"$entry"
    ceiling_port=$(free_port)
    "$work/bytesbench" -from "$origin$path" "${from[@]}" -addr "127.0.0.1:$ceiling_port" 2>"$work/bytes.log" &
    ceiling=$!
    for _ in $(seq 100); do curl -fs "http://127.0.0.1:$ceiling_port/" >/dev/null 2>&1 && break; sleep 0.05; done
    page=$(rps "$origin$path"); plain=$(rps "http://127.0.0.1:$ceiling_port/")
    page2=$(rps "$origin$path"); plain2=$(rps "http://127.0.0.1:$ceiling_port/")
    kill "$ceiling" 2>/dev/null || true; wait "$ceiling" 2>/dev/null || true
    awk -v n="$name" -v p="$path" -v g="$goal" -v a="$page" -v b="$plain" -v c="$page2" -v d="$plain2" 'BEGIN {
      r1 = 100 * a / b; r2 = 100 * c / d; r = (r1 < r2) ? r1 : r2
      printf "%-8s %-38s Slotwise %7.0f / %7.0f req/s, net/http %7.0f / %7.0f: %3.0f %% and %3.0f %% (budget %d %%)%s\n", n, p, a, c, b, d, r1, r2, g, (r >= g ? "" : "  UNDER") }'
  done
}
