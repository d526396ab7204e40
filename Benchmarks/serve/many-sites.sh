#!/usr/bin/env bash
# aasa-serve with many sites, each with its own certificate: start-up time, resident memory, and
# requests per second against random hosts.
#
# Makes SITES site folders (site-N.example/.well-known/apple-app-site-association, each naming its
# own app) and SITES certificates (site-N.example.crt + .key, ECDSA P-256, signed by one test
# authority, so a client can verify each host), then:
# - start-up: the time from exec to the "listening on" line, and VmRSS right after;
# - wrk -t1 -c16 keep-alive with a random Host per request (routing across all sites);
# - wrk -t1 -c16 with Connection: close and a random Host per request: a full handshake each
#   time (wrk's SNI is the URL's host, so one certificate name; the lookup is the same for all);
# - a sample of hosts fetched with curl --resolve and verified against the authority: each gets
#   its own certificate and its own file;
# - VmRSS and VmHWM at the end.
#
# Usage: Benchmarks/serve/many-sites.sh [seconds per run, default 10]; SITES (default 1000).
set -euo pipefail

DURATION="${1:-10}"
SITES="${SITES:-1000}"
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
SCRATCH="${SCRATCH:-$REPO/.build-serve-release}"
WORK="$(mktemp -d /tmp/aasa-many-sites.XXXXXX)"
PID=""
cleanup() {
  [ -n "$PID" ] && kill "$PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
LOCK=(flock /tmp/aasa-build.lock)
command -v flock >/dev/null || LOCK=()
"${LOCK[@]}" swift build -c release --scratch-path "$SCRATCH" --product aasa-serve >/dev/null 2>&1 \
  || "${LOCK[@]}" swift build -c release --scratch-path "$SCRATCH" --product aasa-serve
SERVE="$SCRATCH/release/aasa-serve"

echo "making $SITES sites and certificates"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
  -subj "/CN=aasa benchmark authority" -addext "basicConstraints=critical,CA:TRUE" \
  -addext "keyUsage=critical,keyCertSign" -keyout "$WORK/ca.key" -out "$WORK/ca.pem" 2>/dev/null
mkdir -p "$WORK/sites" "$WORK/tls"
# One key for every leaf keeps generation quick; each certificate is still its own, with its own
# context in the server.
openssl ecparam -name prime256v1 -genkey -noout -out "$WORK/leaf.key" 2>/dev/null
openssl req -new -key "$WORK/leaf.key" -subj "/CN=leaf" -out "$WORK/leaf.csr" 2>/dev/null
for i in $(seq 1 "$SITES"); do
  host="site-$i.example"
  mkdir -p "$WORK/sites/$host/.well-known"
  printf '{"applinks":{"details":[{"appIDs":["D3KQX62K1A.com.example.app%d"],"components":[{"/":"/*"}]}]}}' \
    "$i" >"$WORK/sites/$host/.well-known/apple-app-site-association"
  printf 'subjectAltName=DNS:%s\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n' \
    "$host" >"$WORK/ext"
  openssl x509 -req -in "$WORK/leaf.csr" -CA "$WORK/ca.pem" -CAkey "$WORK/ca.key" \
    -set_serial "$i" -days 2 -extfile "$WORK/ext" -out "$WORK/tls/$host.crt" 2>/dev/null
  cat "$WORK/ca.pem" >>"$WORK/tls/$host.crt"
  cp "$WORK/leaf.key" "$WORK/tls/$host.key"
done

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
started=$(date +%s.%N)
"$SERVE" --sites "$WORK/sites" --tls-dir "$WORK/tls" --port "$PORT" --no-access-log \
  >"$WORK/server.log" 2>&1 &
PID=$!
until grep -q "listening on" "$WORK/server.log"; do
  kill -0 "$PID" 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
  sleep 0.01
done
ready=$(date +%s.%N)
rss_start=$(awk '/VmRSS/ {print $2}' /proc/$PID/status)

cat >"$WORK/random-host.lua" <<LUA
math.randomseed(os.time())
request = function()
  wrk.headers["Host"] = "site-" .. math.random($SITES) .. ".example"
  return wrk.format("GET", "/.well-known/apple-app-site-association")
end
LUA
URL="https://site-1.example:$PORT/.well-known/apple-app-site-association"
run() {
  wrk -t1 -c16 -d"${DURATION}s" -s "$WORK/random-host.lua" "$@" \
    "https://127.0.0.1:$PORT/.well-known/apple-app-site-association" | tee "$WORK/wrk.out" >&2
  grep -q "Non-2xx" "$WORK/wrk.out" && { echo "non-2xx answers" >&2; exit 1; }
  awk '/Requests\/sec:/ {print $2}' "$WORK/wrk.out"
}
keepalive=$(run)
close=$(run -H "Connection: close")

checked=0
for i in $(shuf -i 1-"$SITES" -n 20); do
  host="site-$i.example"
  body=$(curl -sS --cacert "$WORK/ca.pem" --resolve "$host:$PORT:127.0.0.1" \
    "https://$host:$PORT/.well-known/apple-app-site-association")
  [[ "$body" == *"app$i\""* ]] || { echo "wrong answer for $host: $body" >&2; exit 1; }
  checked=$((checked + 1))
done

printf '\nmachine: %s cores, %s; load average %s\n' "$(nproc)" \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '| %s sites, each with its own certificate | value |\n|---|---:|\n' "$SITES"
printf '| start-up (exec to listening) | %.2f s |\n' "$(echo "$ready - $started" | bc)"
printf '| RSS after start-up | %.1f MB |\n' "$(echo "$rss_start / 1024" | bc -l)"
printf '| HTTPS keep-alive, random Host (wrk -t1 -c16) | %.0f req/s |\n' "$keepalive"
printf '| HTTPS new connection per request, random Host (wrk -t1 -c16) | %.0f req/s |\n' "$close"
printf '| RSS at the end (VmRSS / VmHWM) | %.1f / %.1f MB |\n' \
  "$(awk '/VmRSS/ {print $2 / 1024}' /proc/$PID/status)" "$(awk '/VmHWM/ {print $2 / 1024}' /proc/$PID/status)"
printf '| hosts verified with their own certificate (curl --cacert) | %d of %d |\n' "$checked" 20
