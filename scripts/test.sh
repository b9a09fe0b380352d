#!/usr/bin/env bash
# Runs every test of Slotwise against real services: one private PostgreSQL
# cluster for the whole run, the built binary, and Debian's Chromium. Ends
# with one summary line: "N passed, N failed".
#
# SLOTWISE_CLOCK_SHIFT=10y (or 1y, or a duration such as 36h) runs every
# suite with the clock moved: the server's clock package, the tests' own
# dates, the browser's clock and the UI tests' Date all read the moved time
# (make test-ahead runs a year and ten years ahead). PostgreSQL keeps the
# real time: it only stamps bookkeeping that is compared with itself.
set -uo pipefail
cd "$(dirname "$0")/.."

log_dir=$(mktemp -d /tmp/slotwise-test.XXXXXX)
chmod 755 "$log_dir"
passed=0 failed=0
declare -a suites=()

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# ensure_tool COMMAND PACKAGE WHAT: installs Debian's PACKAGE when COMMAND
# is missing and we may (root, apt), or says how to.
ensure_tool() {
  if command -v "$1" >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian's $2 for $3"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2") >"$log_dir/apt-$2.log" 2>&1 \
      || { tail -20 "$log_dir/apt-$2.log"; return 1; }
    return 0
  fi
  echo "The $3 need $1: install it (Debian: sudo apt-get install $2) and run make test again." >&2
  return 1
}

# The browser tests drive /usr/bin/chromium; the calendar tests talk to a
# real CalDAV server, Radicale, each starting its own (calsync/caldavtest).
ensure_chromium() { ensure_tool chromium chromium "browser tests"; }
ensure_radicale() { ensure_tool radicale radicale "calendar tests"; }
# The certificate tests ask a real ACME server, Pebble, with its test DNS.
ensure_pebble() { ensure_tool pebble pebble "certificate tests"; }

# Each suite's time is from its say line to its record: begin marks it.
begin() { say "$1"; suite_started=$SECONDS; }
record() { # suite passed failed
  local took=$((SECONDS - suite_started))
  suites+=("$(printf '%-16s %4d passed, %d failed  %3dm%02ds' "$1" "$2" "$3" $((took / 60)) $((took % 60)))")
  passed=$((passed + $2)); failed=$((failed + $3))
}

# fast_temp_root prints /dev/shm when it is a tmpfs with a few GB free,
# else /tmp. The tests create and drop a database for nearly every test:
# on a tmpfs that takes some 50 ms, on a journaling disk 150 to 700 ms
# even with fsync off, which made the Go tests wait on the disk more than
# they computed (dbtest and the browser tests' harness choose the same).
fast_temp_root() {
  if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] && [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt $((4 << 20)) ]; then
    echo /dev/shm
  else
    echo /tmp
  fi
}

# One PostgreSQL cluster for every test process of the run.
pg_dir=$(mktemp -d "$(fast_temp_root)/slotwise-test-pg.XXXXXX")
chmod 755 "$pg_dir"
cleanup() { bin/slotwise postgres stop --dir "$pg_dir" >/dev/null 2>&1 || true; rm -rf "$log_dir" "$pg_dir"; }
trap cleanup EXIT
if [ -n "${SLOTWISE_CLOCK_SHIFT:-}" ]; then say "the clock is moved ${SLOTWISE_CLOCK_SHIFT} ahead for this run"; fi
say "starting PostgreSQL for the test run"
if ! SLOTWISE_TEST_DATABASE_URL=$(bin/slotwise postgres start --dir "$pg_dir" --fast 2>"$log_dir/pg.log"); then
  cat "$log_dir/pg.log" >&2; exit 1
fi
export SLOTWISE_TEST_DATABASE_URL

ensure_radicale || exit 1
ensure_pebble || exit 1
export SLOTWISE_REQUIRE_CALDAV=1 SLOTWISE_REQUIRE_ACME=1
begin "Go tests (unit and integration)"
go test -count=1 -v ./... >"$log_dir/go.log" 2>&1
go_status=$?
# The render pool on its other engine (ssr/engine_v8_11.go), so either can ship.
go test -count=1 -v -tags v8go_rogchap ./ssr >>"$log_dir/go.log" 2>&1 || go_status=$?
grep -E '^(ok|FAIL|---|panic:|\s+\S+_test\.go:)' "$log_dir/go.log" | grep -v -- '--- PASS' | tail -200
go_pass=$(grep -cE '^\s*--- PASS' "$log_dir/go.log")
go_fail=$(grep -cE '^\s*--- FAIL' "$log_dir/go.log")
if [ "$go_status" -ne 0 ] && [ "$go_fail" -eq 0 ]; then go_fail=1; tail -40 "$log_dir/go.log"; fi
if [ "$go_fail" -ne 0 ]; then
  echo "-- what the failing Go tests printed:"
  grep -A30 -E '^\s*--- FAIL' "$log_dir/go.log" | grep -vE 'level=INFO' | head -200
fi
record "Go" "$go_pass" "$go_fail"

begin "fuzzing (a short run of every fuzz target; make fuzz runs them long)"
fuzz_pass=0 fuzz_fail=0
while read -r pkg target; do
  if go test -run '^$' -fuzz "^${target}\$" -fuzztime "${SLOTWISE_FUZZTIME:-2000x}" "$pkg" >"$log_dir/fuzz-$target.log" 2>&1; then
    fuzz_pass=$((fuzz_pass + 1)); echo "ok   $target"
  else
    fuzz_fail=$((fuzz_fail + 1)); echo "FAIL $target"; grep -vE '^fuzz: elapsed' "$log_dir/fuzz-$target.log" | tail -20
  fi
done < <(scripts/fuzz-targets.sh)
record "Fuzz" "$fuzz_pass" "$fuzz_fail"

# The bundles are built without type checking (webpack strips the types):
# TypeScript's own check is a suite of one, so a type error fails here.
begin "TypeScript's check (tsc)"
if npx --no-install tsc --noEmit -p . >"$log_dir/tsc.log" 2>&1; then
  record "Types" 1 0
else
  tail -25 "$log_dir/tsc.log"
  record "Types" 0 1
fi

begin "UI unit tests (vitest)"
NO_COLOR=1 npx --no-install vitest run --reporter=default >"$log_dir/ui.log" 2>&1
ui_status=$?
tail -25 "$log_dir/ui.log"
tests_line=$(grep -E '^\s*Tests ' "$log_dir/ui.log" | tail -1)
ui_pass=$(grep -oE '[0-9]+ passed' <<<"$tests_line" | grep -oE '[0-9]+'); ui_pass=${ui_pass:-0}
ui_fail=$(grep -oE '[0-9]+ failed' <<<"$tests_line" | grep -oE '[0-9]+'); ui_fail=${ui_fail:-0}
if [ "$ui_status" -ne 0 ] && [ "$ui_fail" -eq 0 ]; then ui_fail=1; fi
record "UI unit" "$ui_pass" "$ui_fail"

begin "browser tests (Chromium)"
if ensure_chromium; then
  # Two files at once, each with its own server and private cluster (the
  # harness): the browser tests wait on pages more than they compute.
  node --test --test-concurrency="${SLOTWISE_E2E_WORKERS:-2}" --test-reporter=spec ui/e2e/ >"$log_dir/e2e.log" 2>&1
  e2e_status=$?
  grep -vE '^\s*$' "$log_dir/e2e.log" | tail -60
  e2e_pass=$(grep -oE '^ℹ pass [0-9]+' "$log_dir/e2e.log" | grep -oE '[0-9]+'); e2e_pass=${e2e_pass:-0}
  e2e_fail=$(grep -oE '^ℹ fail [0-9]+' "$log_dir/e2e.log" | grep -oE '[0-9]+'); e2e_fail=${e2e_fail:-0}
  if [ "$e2e_status" -ne 0 ] && [ "$e2e_fail" -eq 0 ]; then e2e_fail=1; fi
  record "Browser" "$e2e_pass" "$e2e_fail"
else
  record "Browser" 0 1
fi

# Keep the full logs of a failed run where a developer (or CI's output) can find them.
if [ "$failed" -ne 0 ]; then
  mkdir -p test-results && cp "$log_dir"/*.log test-results/ 2>/dev/null
  echo "full logs: test-results/{go,ui,e2e}.log"
fi

say "summary"
printf '%s\n' "${suites[@]}"
printf 'all suites in %dm%02ds\n' $((SECONDS / 60)) $((SECONDS % 60))
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
