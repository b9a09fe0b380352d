# What scripts/bench.sh and scripts/bench-tenants.sh share; sourced.

# free_port prints a loopback port nobody listens on.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# against_ceiling WORK ORIGIN HOST "NAME PATH GOAL"...: each cached page
# ORIGIN serves at PATH (asked for with Host HOST, unless it is empty)
# against plain net/http sending the same bytes and headers (bytesbench,
# built in WORK), in five rounds, each the page then the ceiling, and its
# goal in percent. On a shared two-core machine one round's ratio moves
# by ten points and more as neighbours come and go, so the figure judged
# is the median of the five rounds' ratios, printed beside every round's.
against_ceiling() {
  local work=$1 origin=$2 host=$3; shift 3
  local header=() from=()
  if [ -n "$host" ]; then header=(-H "Host: $host"); from=(-host "$host"); fi
  rps() { wrk -t2 -c64 -d2s "${header[@]}" "$1" >/dev/null 2>&1 || true; wrk -t2 -c64 -d5s "${header[@]}" "$1" | awk '/Requests\/sec/ { print $2 }'; }
  local entry name path goal ceiling_port ceiling rounds
  for entry in "$@"; do
    read -r name path goal <<<"$entry"
    ceiling_port=$(free_port)
    "$work/bytesbench" -from "$origin$path" "${from[@]}" -addr "127.0.0.1:$ceiling_port" 2>"$work/bytes.log" &
    ceiling=$!
    for _ in $(seq 100); do curl -fs "http://127.0.0.1:$ceiling_port/" >/dev/null 2>&1 && break; sleep 0.05; done
    rounds=""
    for _ in 1 2 3 4 5; do
      rounds="$rounds $(rps "$origin$path") $(rps "http://127.0.0.1:$ceiling_port/")"
    done
    kill "$ceiling" 2>/dev/null || true; wait "$ceiling" 2>/dev/null || true
    awk -v n="$name" -v p="$path" -v g="$goal" -v rounds="$rounds" 'BEGIN {
      k = split(rounds, v, " ")
      for (i = 1; i <= k / 2; i++) { page[i] = v[2 * i - 1]; plain[i] = v[2 * i]; r[i] = 100 * page[i] / plain[i]; s[i] = r[i] }
      m = k / 2
      for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
      med = s[int((m + 1) / 2)]
      list = ""; for (i = 1; i <= m; i++) list = list sprintf("%s%.0f", (i > 1 ? " " : ""), r[i])
      printf "%-8s %-38s Slotwise %7.0f req/s, net/http %7.0f (round 1): median %3.0f %% (rounds: %s; budget %d %%)%s\n", n, p, page[1], plain[1], med, list, g, (med >= g ? "" : "  UNDER") }'
  done
}

# settle ORIGIN waits, up to a minute, until the server at ORIGIN has no
# events left to hand to their consumers (slotwise_backlog at /metrics,
# with SLOTWISE_METRICS_TOKEN when one is set): what one step left behind
# after its commits (mails rendered, caches dropped, webhooks queued) is
# that step's work, not the next step's.
settle() {
  local n auth=()
  [ -n "${SLOTWISE_METRICS_TOKEN:-}" ] && auth=(-H "Authorization: Bearer $SLOTWISE_METRICS_TOKEN")
  for _ in $(seq 600); do
    n=$(curl -fs "${auth[@]}" "$1/metrics" | awk '/^slotwise_backlog\{queue="events"\}/ { print $2 }') || n=""
    if [ -z "$n" ]; then
      echo "(settle: $1/metrics tells no backlog of events; the next step may start in the last one's wake)"
      return 0
    fi
    [ "$n" = 0 ] && return 0
    sleep 0.1
  done
  echo "(settle: the server still had $n events waiting after a minute)"
}
