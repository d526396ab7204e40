#!/usr/bin/env bash
# Benchmarks aasa-serve against nginx serving the same file, same certificate, same machine,
# same run. Three scenarios with wrk: HTTP keep-alive, HTTPS keep-alive, and HTTPS with a new
# connection (full TLS handshake) per request. Prints req/s for both, the ratio, and
# aasa-serve's peak resident memory (VmHWM).
#
# Usage: Benchmarks/serve/run.sh [seconds per run, default 10]
# Environment: THREADS / CONNECTIONS for wrk (default 2 / 64); ACCESS_LOG=off to benchmark both
# servers without access logging (default: both log every request to a file); REPEATS (default
# 2): each scenario runs this many times, alternating the two servers, and the best run of each
# is reported, which damps noise from anything else running on the machine.
set -euo pipefail

DURATION="${1:-10}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-64}"
ACCESS_LOG="${ACCESS_LOG:-on}"
REPEATS="${REPEATS:-2}"
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
SCRATCH="${SCRATCH:-$REPO/.build-serve-release}"
WORK="$(mktemp -d /tmp/aasa-serve-bench.XXXXXX)"
PIDS=()

cleanup() {
  for pid in "${PIDS[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  # nginx's master forks workers; its pid file names the master.
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  sleep 0.5
  rm -rf "$WORK"
}
trap cleanup EXIT

need() { command -v "$1" >/dev/null 2>&1; }
if ! need wrk || ! need nginx; then
  echo "installing wrk and nginx"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk nginx >/dev/null
fi
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

echo "building aasa-serve (release)"
swift build -c release --scratch-path "$SCRATCH" --product aasa-serve >/dev/null 2>&1 \
  || swift build -c release --scratch-path "$SCRATCH" --product aasa-serve
SERVE="$SCRATCH/release/aasa-serve"

# The site: a 99-byte AASA file, the size the issue measured with.
SITE="$WORK/site"
mkdir -p "$SITE/.well-known"
printf '%s' '{"applinks":{"details":[{"appIDs":["9JA89QQLNQ.com.example.app"],"components":[{"/":"/*"}]}]}}' \
  >"$SITE/.well-known/apple-app-site-association"
# Pad to exactly 99 bytes with trailing spaces (JSON allows trailing whitespace).
while [ "$(wc -c <"$SITE/.well-known/apple-app-site-association")" -lt 99 ]; do
  printf ' ' >>"$SITE/.well-known/apple-app-site-association"
done

# nginx workers run as an unprivileged user: they must be able to read the site.
chmod 755 "$WORK"
chmod -R a+rX "$SITE"

# One certificate for both: ECDSA P-256, the common choice for a modern site.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
  -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -addext "keyUsage=critical,digitalSignature" -addext "extendedKeyUsage=serverAuth" \
  -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null

# Four distinct free ports: all sockets stay open until every port is known.
read -r AASA_HTTP AASA_HTTPS NGINX_HTTP NGINX_HTTPS < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(4)]
for s in socks: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))')

LOG_FLAG=""
NGINX_ACCESS_LOG="access_log $WORK/nginx-access.log;"
if [ "$ACCESS_LOG" = "off" ]; then
  LOG_FLAG="--no-access-log"
  NGINX_ACCESS_LOG="access_log off;"
fi

"$SERVE" --root "$SITE" --port "$AASA_HTTP" --watch-interval 1 $LOG_FLAG >"$WORK/aasa-http.log" 2>&1 &
PIDS+=($!)
HTTP_PID=$!
"$SERVE" --root "$SITE" --port "$AASA_HTTPS" --tls-cert "$WORK/cert.pem" --tls-key "$WORK/key.pem" \
  --watch-interval 1 $LOG_FLAG >"$WORK/aasa-https.log" 2>&1 &
PIDS+=($!)
HTTPS_PID=$!

# nginx as it would be deployed for this: workers = cores, sendfile, keep-alive, http2 on.
cat >"$WORK/nginx.conf" <<NGINX
worker_processes auto;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log warn;
events { worker_connections 4096; }
http {
  $NGINX_ACCESS_LOG
  client_body_temp_path $WORK/tmp; proxy_temp_path $WORK/tmp; fastcgi_temp_path $WORK/tmp;
  uwsgi_temp_path $WORK/tmp; scgi_temp_path $WORK/tmp;
  sendfile on; tcp_nopush on; keepalive_requests 1000000; keepalive_timeout 60;
  default_type application/json;
  server {
    listen 127.0.0.1:$NGINX_HTTP;
    root $SITE;
  }
  server {
    # "listen ... http2" works on every nginx (newer ones warn and prefer "http2 on").
    listen 127.0.0.1:$NGINX_HTTPS ssl http2;
    ssl_certificate $WORK/cert.pem;
    ssl_certificate_key $WORK/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    root $SITE;
  }
}
NGINX
mkdir -p "$WORK/tmp"
"$NGINX" -c "$WORK/nginx.conf" -e "$WORK/nginx-error.log" 2>/dev/null \
  || "$NGINX" -c "$WORK/nginx.conf"

PATH_AASA=/.well-known/apple-app-site-association
for port in $AASA_HTTP $AASA_HTTPS $NGINX_HTTP $NGINX_HTTPS; do
  for _ in $(seq 1 100); do
    curl -sk -o /dev/null "http://127.0.0.1:$port$PATH_AASA" 2>/dev/null && break
    curl -sk -o /dev/null "https://127.0.0.1:$port$PATH_AASA" 2>/dev/null && break
    sleep 0.1
  done
done
for url in "http://127.0.0.1:$AASA_HTTP" "https://127.0.0.1:$AASA_HTTPS" \
  "http://127.0.0.1:$NGINX_HTTP" "https://127.0.0.1:$NGINX_HTTPS"; do
  size=$(curl -sk "$url$PATH_AASA" | wc -c)
  [ "$size" = 99 ] || { echo "unexpected body size $size from $url" >&2; cat "$WORK"/*.log >&2; exit 1; }
done

# req/s from wrk's "Requests/sec:" line; non-2xx answers would mean a broken run.
bench() {
  local url=$1; shift
  local out
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "$@" "$url")
  if echo "$out" | grep -q "Non-2xx"; then
    echo "non-2xx responses from $url" >&2
    echo "$out" >&2
    exit 1
  fi
  echo "$out" | awk '/Requests\/sec:/ {print $2}'
}

printf '\nmachine: %s cores, %s\n' "$(nproc)" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf 'load average before: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'wrk: %s threads, %s connections, %ss per run, best of %s; access log: %s\n\n' \
  "$THREADS" "$CONNECTIONS" "$DURATION" "$REPEATS" "$ACCESS_LOG"
printf '| scenario | aasa-serve req/s | nginx req/s | ratio |\n|---|---:|---:|---:|\n'
row() {
  local name=$1 ours=$2 theirs=$3
  printf '| %s | %.0f | %.0f | %.2f |\n' "$name" "$ours" "$theirs" "$(awk -v a="$ours" -v b="$theirs" 'BEGIN {print a / b}')"
}
max() { echo "$1 $2" | awk '{print ($1 > $2) ? $1 : $2}'; }
scenario() {
  local name=$1 ours_url=$2 theirs_url=$3; shift 3
  local best_ours=0 best_theirs=0
  for _ in $(seq 1 "$REPEATS"); do
    best_ours=$(max "$best_ours" "$(bench "$ours_url" "$@")")
    best_theirs=$(max "$best_theirs" "$(bench "$theirs_url" "$@")")
  done
  row "$name" "$best_ours" "$best_theirs"
}
scenario "HTTP keep-alive" "http://127.0.0.1:$AASA_HTTP$PATH_AASA" "http://127.0.0.1:$NGINX_HTTP$PATH_AASA"
scenario "HTTPS keep-alive" "https://127.0.0.1:$AASA_HTTPS$PATH_AASA" "https://127.0.0.1:$NGINX_HTTPS$PATH_AASA"
scenario "HTTPS, new connection per request" "https://127.0.0.1:$AASA_HTTPS$PATH_AASA" \
  "https://127.0.0.1:$NGINX_HTTPS$PATH_AASA" -H "Connection: close"
printf 'load average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '\naasa-serve peak RSS (VmHWM): HTTP %s, HTTPS %s\n' \
  "$(awk '/VmHWM/ {print $2" "$3}' /proc/$HTTP_PID/status)" \
  "$(awk '/VmHWM/ {print $2" "$3}' /proc/$HTTPS_PID/status)"
