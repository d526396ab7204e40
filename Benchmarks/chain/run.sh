#!/usr/bin/env bash
# The certificate-chain benchmark (security review F2, issue 39): `aasa-lint check` on a loopback
# site whose certificate set is N CAs each cross-signed by every other (N*(N-1) intermediates),
# against the figure the project promises:
#   - whatever certificates a server or a signed file sends, a check answers in under 1 s.
#
#   bash Benchmarks/chain/run.sh
#
# Two rows per N: "tls", the server presents the leaf and every intermediate (the tls-chain
# line); "signed", the server presents the leaf alone and serves an apple-app-site-association
# CMS-signed by it with every intermediate in the message (the signer-trust line). The trust
# store is an unrelated root (--ca-file), so no path ends at a root and an unbounded search tries
# them all. Each run is a whole process, `check https://127.0.0.1:PORT --no-cdn`, best of RUNS.
#
# Knobs (environment): NS ("4 5 6 7 8 9 10 11 12"), RUNS (3), LINT_BIN=path skips the build and
# times that binary (otherwise a release build in the package's own .build, under the shared
# build lock); BEFORE_BIN=path also times an older binary, for N up to BEFORE_MAX (7: each CA
# more multiplies its time by about N), each run cut at BEFORE_TIMEOUT seconds (600).
# Needs python3 with the `cryptography` package, and openssl.
set -euo pipefail

cd "$(dirname "$0")/../.."
work=Benchmarks/work/chain
runs=${RUNS:-3}
ns=${NS:-4 5 6 7 8 9 10 11 12}
before_max=${BEFORE_MAX:-7}
before_timeout=${BEFORE_TIMEOUT:-600}
port=${PORT:-18744}
mkdir -p "$work"

say() { printf '\n== %s\n' "$*" >&2; }

if [ -z "${LINT_BIN:-}" ]; then
  say "building aasa-lint (release)"
  lock=()
  if command -v flock >/dev/null; then lock=(flock /tmp/aasa-swift.lock); fi
  "${lock[@]}" swift build -c release --product aasa-lint >&2
  LINT_BIN=.build/release/aasa-lint
fi

server=""
stop_server() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi; }
trap stop_server EXIT

# Starts serve.py with a chain, a key and a folder; waits until it accepts.
start_server() {
  stop_server
  python3 Benchmarks/chain/serve.py "$port" "$1" "$2" "$3" &
  server=$!
  for _ in $(seq 100); do
    if (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null; then return; fi
    sleep 0.05
  done
  echo "serve.py did not start" >&2
  exit 1
}

# The best wall time of `runs` checks by binary $1 (seconds), or "> T s" when cut at $2 seconds;
# $3 is the file to keep the last output in.
best() {
  local binary=$1 limit=$2 output=$3 best=""
  for _ in $(seq "$runs"); do
    local start end seconds
    start=$(date +%s.%N)
    local status=0
    timeout "$limit" "$binary" check "https://127.0.0.1:$port" --no-cdn \
      --ca-file "$dir/root.pem" >"$output" 2>&1 || status=$?
    # check fails (1) on these sites by design; 124 is the cut.
    if [ "$status" -eq 124 ]; then echo "> $limit s"; return; fi
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$seconds < $best" | bc -l)" = 1 ]; then best=$seconds; fi
  done
  printf '%.3f s' "$best"
}

echo "| N | intermediates | PEM bytes | row | aasa-lint | said | before |"
echo "|---|---|---|---|---|---|---|"
for n in $ns; do
  dir=$work/n$n
  python3 Benchmarks/chain/generate.py "$n" "$dir" >/dev/null
  mkdir -p "$dir/plain/.well-known" "$dir/signed/.well-known"
  cp examples/site/.well-known/apple-app-site-association "$dir/plain/.well-known/" 2>/dev/null \
    || echo '{"applinks": {"details": []}}' >"$dir/plain/.well-known/apple-app-site-association"
  openssl cms -sign -in "$dir/plain/.well-known/apple-app-site-association" -signer "$dir/leaf.pem" \
    -inkey "$dir/leaf.key" -certfile "$dir/intermediates.pem" -outform DER -nodetach -binary \
    -out "$dir/signed/.well-known/apple-app-site-association"
  intermediates=$((n * (n - 1)))
  bytes=$(stat -c %s "$dir/chain.pem")
  for row in tls signed; do
    if [ "$row" = tls ]; then
      start_server "$dir/chain.pem" "$dir/leaf.key" "$dir/plain"
      line=tls-chain
    else
      start_server "$dir/leaf.pem" "$dir/leaf.key" "$dir/signed"
      line=signer-trust
    fi
    after=$(best "$LINT_BIN" 60 "$dir/$row.after.txt")
    said=$(grep -c "only the first 8" "$dir/$row.after.txt" || true)
    said=$([ "$said" -gt 0 ] && echo "$line: only the first 8 searched" || echo "-")
    before="-"
    if [ -n "${BEFORE_BIN:-}" ] && [ "$n" -le "$before_max" ]; then
      before=$(best "$BEFORE_BIN" "$before_timeout" "$dir/$row.before.txt")
    fi
    echo "| $n | $intermediates | $bytes | $row | $after | $said | $before |"
  done
done
