#!/usr/bin/env bash
# Benchmarks a links.json answer against a static file's answer, same server, same run
# (issue 44): one aasa-serve over TLS on loopback serving a 99-byte file and the fallbacks of
# one rule, and h2load asking each in turn over HTTP/2 and HTTP/1.1, with the user agent of each
# kind of client. Scenarios:
#   static   GET /static.txt                      (a file from the snapshot: the baseline)
#   ios      GET /p/42, an iPhone's Safari         (302, prepared when the file loaded)
#   web      GET /p/42?utm_source=mail, a desktop (302, Location made per request with the query)
#   in_app   GET /p/42?ref=ig, Instagram's browser (200, the in-app page made per request)
#   preview  GET /p/42, facebookexternalhit        (200, the preview page made per request)
# Each round runs every scenario once, in that order and then reversed on the next round, and the
# best of ROUNDS is kept: other work on the machine moves absolute figures, so read the ratio to
# `static` from the same run.
#
# Usage: Benchmarks/links/run.sh [requests per run, default 100000]
# Environment: SERVE_BIN (default .build/debug/aasa-serve; give a release build for figures of
# record), ROUNDS (default 3), CLIENTS / STREAMS for h2load -c / -m (default 8 / 10),
# ACCESS_LOG=off to serve without access lines (default on, to a file).
set -euo pipefail

REQUESTS="${1:-100000}"
ROUNDS="${ROUNDS:-3}"
CLIENTS="${CLIENTS:-8}"
STREAMS="${STREAMS:-10}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SERVE_BIN="${SERVE_BIN:-$ROOT/.build/debug/aasa-serve}"
command -v h2load >/dev/null || { echo "h2load is missing (apt-get install nghttp2-client)" >&2; exit 2; }
[ -x "$SERVE_BIN" ] || { echo "no aasa-serve at $SERVE_BIN (swift build --product aasa-serve)" >&2; exit 2; }

WORK="$(mktemp -d)"
trap 'kill "${SERVER:-0}" 2>/dev/null || true; rm -rf "$WORK"' EXIT
mkdir -p "$WORK/site/.well-known"
printf '%s' '{"applinks":{"details":[{"appIDs":["9JA89QQLNQ.com.example.shop"],"components":[{"/":"/p/*"}]}]}}' \
  > "$WORK/site/.well-known/apple-app-site-association"
head -c 99 /dev/zero | tr '\0' 'x' > "$WORK/site/static.txt"
cat > "$WORK/site/links.json" <<'JSON'
{"domain": "go.example.com",
 "defaults": {"appName": "Example Shop", "og": {"image": "https://www.example.com/card.png"}},
 "rules": [{"path": "/p/*",
   "ios": "https://apps.apple.com/app/example-shop/id284882215",
   "android": "https://play.google.com/store/apps/details?id=com.example.shop",
   "web": "https://www.example.com/products",
   "og": {"title": "A product", "description": "Seen in the Example Shop"}}]}
JSON
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \
  -keyout "$WORK/key.pem" -out "$WORK/cert.pem" -subj /CN=127.0.0.1 \
  -addext subjectAltName=IP:127.0.0.1 2>/dev/null
LOG_FLAG=()
[ "${ACCESS_LOG:-on}" = off ] && LOG_FLAG=(--no-access-log)
"$SERVE_BIN" --root "$WORK/site" --port 0 --tls-cert "$WORK/cert.pem" --tls-key "$WORK/key.pem" \
  --allow-untrusted-certificate "${LOG_FLAG[@]}" > "$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do
  PORT=$(grep -o 'listening on https://127.0.0.1:[0-9]*' "$WORK/server.log" | grep -o '[0-9]*$' || true)
  [ -n "$PORT" ] && break
  sleep 0.1
done
[ -n "${PORT:-}" ] || { cat "$WORK/server.log" >&2; exit 1; }
BASE="https://127.0.0.1:$PORT"

declare -A PATHS=(
  [static]="/static.txt" [ios]="/p/42" [web]="/p/42?utm_source=mail" [in_app]="/p/42?ref=ig"
  [preview]="/p/42")
declare -A AGENTS=(
  [static]="Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
  [ios]="Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
  [web]="Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
  [in_app]="Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.3.26.90 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556; 604047934)"
  [preview]="facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)")
declare -A EXPECT=([static]=200 [ios]=302 [web]=302 [in_app]=200 [preview]=200)
SCENARIOS=(static ios web in_app preview)

# Each answer is what it should be before anything is timed.
for name in "${SCENARIOS[@]}"; do
  status=$(curl -sk -o /dev/null -w '%{http_code}' -A "${AGENTS[$name]}" "$BASE${PATHS[$name]}")
  [ "$status" = "${EXPECT[$name]}" ] || { echo "$name answered $status, not ${EXPECT[$name]}" >&2; exit 1; }
done

declare -A BEST
run() { # protocol scenario
  local flags=(-n "$REQUESTS" -c "$CLIENTS" -t 1 -H "user-agent: ${AGENTS[$2]}")
  if [ "$1" = h2 ]; then flags+=(-m "$STREAMS"); else flags+=(--h1 -m 1); fi
  local out
  out=$(h2load "${flags[@]}" "$BASE${PATHS[$2]}")
  grep -q " 0 failed, 0 errored" <<< "$out" || { echo "$out" >&2; exit 1; }
  local rate
  rate=$(grep -o 'finished in [^,]*, [0-9.]* req/s' <<< "$out" | grep -o '[0-9.]* req/s' | cut -d' ' -f1)
  local key="$1 $2"
  if [ -z "${BEST[$key]:-}" ] || awk "BEGIN{exit !($rate > ${BEST[$key]})}"; then BEST[$key]=$rate; fi
}

echo "aasa-serve: $SERVE_BIN; $REQUESTS requests per run, h2load -c$CLIENTS, best of $ROUNDS; access log ${ACCESS_LOG:-on}"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
for round in $(seq "$ROUNDS"); do
  order=("${SCENARIOS[@]}")
  if (( round % 2 == 0 )); then order=(preview in_app web ios static); fi
  for protocol in h2 h1; do
    for name in "${order[@]}"; do run "$protocol" "$name"; done
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
printf '\n| answer | HTTP/2 req/s | vs static | HTTP/1.1 req/s | vs static |\n|---|---:|---:|---:|---:|\n'
for name in "${SCENARIOS[@]}"; do
  h2="${BEST[h2 $name]}"; h1="${BEST[h1 $name]}"
  printf '| %s | %.0f | %.2f | %.0f | %.2f |\n' "$name" "$h2" \
    "$(awk "BEGIN{print $h2 / ${BEST[h2 static]}}")" "$h1" "$(awk "BEGIN{print $h1 / ${BEST[h1 static]}}")"
done
