#!/usr/bin/env bash
# Benchmarks aasa-serve against nginx serving the same file, same certificate, same machine,
# same run. Scenarios: HTTP keep-alive, HTTPS keep-alive and HTTPS with a new connection (full
# TLS handshake) per request with wrk (THREADS threads); the new-connection scenario again with
# one client thread (wrk -t1 -c16), which leaves the servers a core; HTTP/2 with h2load (-c16
# -m10 -t1); and new versus resumed TLS handshakes with `openssl s_time` (one client, one
# connection at a time). Prints req/s for both, the ratio, each server's CPU time per request
# (utime + stime from /proc/PID/stat, all nginx processes summed), and aasa-serve's peak
# resident memory (VmHWM).
#
# Usage: Benchmarks/serve/run.sh [seconds per run, default 10]
# ONLY=close1,h2,... runs only those scenarios (http, https, https1, close, close1, close1w, h2,
# full, resumed). `https1` is HTTPS keep-alive with one worker each (aasa-serve --threads 1, a
# second nginx with worker_processes 1, wrk -t1): the same parallelism on both sides, where the
# default pair differs in how it spreads connections (nginx's first worker takes them all here,
# aasa-serve deals them out to every event loop). `close1w` is `close1` (a new TLS connection per
# request, wrk -t1 -c16) against the same one-worker pair.
# Not run by default, the HTTP/2 floor builds Benchmarks/serve/floor: `floor`, the least a server
# on NIOSSL and NIOHTTP2 (aasa-serve's HTTP/2 engine until issue 21; it is libnghttp2 now) can do
# per HTTP/2 request. It runs in one table with nginx, `nghttpd -n 2` (nghttp2's own server, for
# scale) and, when a scenario of its own is also selected, aasa-serve, taking turns (the order
# reversed every repeat); ratios are against nginx. ONLY=floor builds and starts no aasa-serve.
# SERVE_BIN=path runs that aasa-serve binary instead of building one (e.g. a build of an earlier
# commit, for a before/after table).
# ACME=1 also starts aasa-serve with --acme (passive: no CA is contacted; the same certificate
# pre-filled in its --acme-dir as certificates/default.crt, which clients without a matching
# name get), so the ClientHello look-ahead of --acme (ClientHelloReader: server name and ALPN,
# read before TLS starts) runs on every new connection. The HTTPS scenarios then alternate three
# servers each repeat (aasa-serve, aasa-serve --acme, nginx; the order reversed every other
# repeat) and add a row for --acme, its ratio against nginx from the same runs, and a line with
# every run's req/s of the two aasa-serve variants.
# Environment: THREADS / CONNECTIONS for wrk (default 2 / 64); ACCESS_LOG=off to benchmark both
# servers without access logging (default: both log every request to a file); REPEATS (default
# 2): each scenario runs this many times, alternating the two servers, and the best run of each
# is reported, which damps noise from anything else running on the machine.
set -euo pipefail

ONLY="${ONLY:-}"
want() { [ -z "$ONLY" ] || [[ ",$ONLY," == *",$1,"* ]]; }
# aasa-serve is built and started only for the scenarios that measure it.
NEED_AASA=0
for scenario in http https https1 close close1 close1w h2 full resumed; do
  want "$scenario" && NEED_AASA=1
done
FLOORS=()
for floor in floor; do
  [ -n "$ONLY" ] && want "$floor" && FLOORS+=("$floor")
done

DURATION="${1:-10}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-64}"
ACCESS_LOG="${ACCESS_LOG:-on}"
REPEATS="${REPEATS:-2}"
ACME="${ACME:-0}"
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
SCRATCH="${SCRATCH:-$REPO/.build-serve-release}"
WORK="$(mktemp -d /tmp/aasa-serve-bench.XXXXXX)"
PIDS=()

cleanup() {
  for pid in "${PIDS[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  # nginx's master forks workers; its pid file names the master.
  for pidfile in "$WORK/nginx.pid" "$WORK/nginx1.pid"; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  sleep 0.5
  rm -rf "$WORK"
}
trap cleanup EXIT

need() { command -v "$1" >/dev/null 2>&1; }
if ! need wrk || ! need nginx || ! need h2load; then
  echo "installing wrk, nginx and h2load"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk nginx \
    nghttp2-client >/dev/null
fi
# nghttpd is the floor table's reference point.
if [ ${#FLOORS[@]} -gt 0 ] && ! need nghttpd; then
  echo "installing nghttpd"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    nghttp2-server >/dev/null
fi
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

# Other builds on the machine take turns through this lock (see the repository's rules).
LOCK=(flock /tmp/aasa-swift.lock)
need flock || LOCK=()
SERVE="${SERVE_BIN:-$SCRATCH/release/aasa-serve}"
if [ "$NEED_AASA" = 1 ] && [ -z "${SERVE_BIN:-}" ]; then
  echo "building aasa-serve (release)"
  "${LOCK[@]}" swift build -c release --scratch-path "$SCRATCH" --product aasa-serve >/dev/null 2>&1 \
    || "${LOCK[@]}" swift build -c release --scratch-path "$SCRATCH" --product aasa-serve
fi

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

# Distinct free ports: all sockets stay open until every port is known.
read -r AASA_HTTP AASA_HTTPS NGINX_HTTP NGINX_HTTPS AASA_HTTPS1 NGINX_HTTPS1 AASA_ACME < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(7)]
for s in socks: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))')

LOG_FLAG=""
NGINX_ACCESS_LOG="access_log $WORK/nginx-access.log;"
if [ "$ACCESS_LOG" = "off" ]; then
  LOG_FLAG="--no-access-log"
  NGINX_ACCESS_LOG="access_log off;"
fi

PORTS=("$NGINX_HTTP" "$NGINX_HTTPS")
HTTP_PID=""
HTTPS_PID=""
if [ "$NEED_AASA" = 1 ]; then
  "$SERVE" --root "$SITE" --port "$AASA_HTTP" --watch-interval 1 $LOG_FLAG >"$WORK/aasa-http.log" 2>&1 &
  PIDS+=($!)
  HTTP_PID=$!
  "$SERVE" --root "$SITE" --port "$AASA_HTTPS" --tls-cert "$WORK/cert.pem" --tls-key "$WORK/key.pem" \
    --watch-interval 1 $LOG_FLAG >"$WORK/aasa-https.log" 2>&1 &
  PIDS+=($!)
  HTTPS_PID=$!
  PORTS+=("$AASA_HTTP" "$AASA_HTTPS")
fi
ACME_PID=""
if [ "$NEED_AASA" = 1 ] && [ "$ACME" = 1 ]; then
  # The certificate already in --acme-dir, as another replica would have stored it; passive:
  # nothing is ordered, no CA needs to be reachable.
  mkdir -p "$WORK/acme/certificates"
  chmod 700 "$WORK/acme" "$WORK/acme/certificates"
  cp "$WORK/cert.pem" "$WORK/acme/certificates/default.crt"
  cp "$WORK/key.pem" "$WORK/acme/certificates/default.key"
  chmod 600 "$WORK/acme/certificates/default.key"
  "$SERVE" --root "$SITE" --port "$AASA_ACME" --acme --acme-passive \
    --acme-domain bench.example.test --acme-dir "$WORK/acme" --watch-interval 1 $LOG_FLAG \
    >"$WORK/aasa-acme.log" 2>&1 &
  PIDS+=($!)
  ACME_PID=$!
  PORTS+=("$AASA_ACME")
fi
HTTPS1_PID=""
# The one-worker pair, for the scenarios that compare equal parallelism.
ONE_WORKER=0
{ want https1 || want close1w; } && ONE_WORKER=1
if [ "$ONE_WORKER" = 1 ]; then
  "$SERVE" --root "$SITE" --port "$AASA_HTTPS1" --threads 1 --tls-cert "$WORK/cert.pem" \
    --tls-key "$WORK/key.pem" --watch-interval 1 $LOG_FLAG >"$WORK/aasa-https1.log" 2>&1 &
  PIDS+=($!)
  HTTPS1_PID=$!
  PORTS+=("$AASA_HTTPS1" "$NGINX_HTTPS1")
fi

# nginx as it would be deployed for this: workers = cores, sendfile, keep-alive, http2 on.
# Arguments: worker_processes, pid file, a plain-HTTP server block (or nothing), the HTTPS port.
nginx_conf() {
  local workers=$1 pidfile=$2 http_listen=$3 https_listen=$4
  cat <<NGINX
worker_processes $workers;
pid $pidfile;
error_log $WORK/nginx-error.log warn;
events { worker_connections 4096; }
http {
  $NGINX_ACCESS_LOG
  client_body_temp_path $WORK/tmp; proxy_temp_path $WORK/tmp; fastcgi_temp_path $WORK/tmp;
  uwsgi_temp_path $WORK/tmp; scgi_temp_path $WORK/tmp;
  sendfile on; tcp_nopush on; keepalive_requests 1000000; keepalive_timeout 60;
  default_type application/json;
  $http_listen
  server {
    # "listen ... http2" works on every nginx (newer ones warn and prefer "http2 on").
    listen 127.0.0.1:$https_listen ssl http2;
    ssl_certificate $WORK/cert.pem;
    ssl_certificate_key $WORK/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    # nginx's defaults keep tickets on (with a key made at start-up) and the session cache off.
    ssl_session_tickets on;
    root $SITE;
  }
}
NGINX
}
nginx_conf auto "$WORK/nginx.pid" "server { listen 127.0.0.1:$NGINX_HTTP; root $SITE; }" \
  "$NGINX_HTTPS" >"$WORK/nginx.conf"
mkdir -p "$WORK/tmp"
"$NGINX" -c "$WORK/nginx.conf" -e "$WORK/nginx-error.log" 2>/dev/null \
  || "$NGINX" -c "$WORK/nginx.conf"
if [ "$ONE_WORKER" = 1 ]; then
  nginx_conf 1 "$WORK/nginx1.pid" "" "$NGINX_HTTPS1" >"$WORK/nginx1.conf"
  "$NGINX" -c "$WORK/nginx1.conf" -e "$WORK/nginx-error.log" 2>/dev/null \
    || "$NGINX" -c "$WORK/nginx1.conf"
fi

PATH_AASA=/.well-known/apple-app-site-association
for port in "${PORTS[@]}"; do
  for _ in $(seq 1 100); do
    curl -sk -o /dev/null "http://127.0.0.1:$port$PATH_AASA" 2>/dev/null && break
    curl -sk -o /dev/null "https://127.0.0.1:$port$PATH_AASA" 2>/dev/null && break
    sleep 0.1
  done
done
URLS=("http://127.0.0.1:$NGINX_HTTP" "https://127.0.0.1:$NGINX_HTTPS")
[ "$NEED_AASA" = 1 ] && URLS+=("http://127.0.0.1:$AASA_HTTP" "https://127.0.0.1:$AASA_HTTPS")
[ "$ONE_WORKER" = 1 ] && URLS+=("https://127.0.0.1:$AASA_HTTPS1" "https://127.0.0.1:$NGINX_HTTPS1")
[ -n "$ACME_PID" ] && URLS+=("https://127.0.0.1:$AASA_ACME")
for url in "${URLS[@]}"; do
  size=$(curl -sk "$url$PATH_AASA" | wc -c)
  [ "$size" = 99 ] || { echo "unexpected body size $size from $url" >&2; cat "$WORK"/*.log >&2; exit 1; }
done
# --acme must serve the benchmark's certificate (not its self-signed placeholder), and run the
# look-ahead (its start-up line says so).
if [ -n "$ACME_PID" ]; then
  served=$(openssl s_client -connect "127.0.0.1:$AASA_ACME" </dev/null 2>/dev/null \
    | openssl x509 -noout -fingerprint -sha256)
  expected=$(openssl x509 -in "$WORK/cert.pem" -noout -fingerprint -sha256)
  [ "$served" = "$expected" ] || { echo "aasa-serve --acme serves another certificate" >&2; cat "$WORK/aasa-acme.log" >&2; exit 1; }
  grep -q "ACME: passive" "$WORK/aasa-acme.log" || { echo "aasa-serve --acme did not start ACME" >&2; cat "$WORK/aasa-acme.log" >&2; exit 1; }
fi

# CPU ticks (utime + stime) of a process and its children now running (nginx's workers).
ticks() {
  local total=0 pid
  for pid in "$@" $(for p in "$@"; do cat /proc/[0-9]*/stat 2>/dev/null | awk -v parent="$p" '$4 == parent {print $1}'; done); do
    [ -r "/proc/$pid/stat" ] || continue
    total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
  done
  echo "$total"
}
HERTZ=$(getconf CLK_TCK)
NGINX_MASTER() { cat "$WORK/nginx.pid"; }

# One measurement: prints "req/s requests" from wrk's output; non-2xx answers abort.
bench() {
  local url=$1 threads=$2 connections=$3 close=${4:-}
  local out header=()
  # "close": a new connection (and a full TLS handshake) per request.
  [ "$close" = close ] && header=(-H "Connection: close")
  out=$(wrk -t"$threads" -c"$connections" -d"${DURATION}s" "${header[@]}" "$url")
  if echo "$out" | grep -q "Non-2xx\|Socket errors"; then
    echo "errors from $url" >&2
    echo "$out" >&2
    echo "$out" | grep -q "Non-2xx" && exit 1
  fi
  echo "$(echo "$out" | awk '/Requests\/sec:/ {print $2}') $(echo "$out" | awk '/requests in/ {print $1}')"
}

# h2load: "req/s requests"; every request must succeed.
bench_h2() {
  local url=$1
  local out
  out=$(h2load -c16 -m10 -t1 -D"$DURATION" "$url" 2>&1)
  local done succeeded
  done=$(echo "$out" | awk '/^requests:/ {print $6}')
  succeeded=$(echo "$out" | awk '/^requests:/ {print $8}')
  if [ -z "$succeeded" ] || [ "$succeeded" = 0 ] || [ "$done" != "$succeeded" ]; then
    echo "h2load failed requests against $url" >&2
    echo "$out" >&2
    exit 1
  fi
  echo "$(echo "$out" | awk '/^finished in/ {print $4}') $succeeded"
}

# openssl s_time: "connections/s connections", one connection at a time, each fetching the
# file; MODE is -new (full handshakes) or -reuse (resumed with the first session's ticket).
bench_stime() {
  local port=$1 mode=$2
  local out
  out=$(openssl s_time -connect "127.0.0.1:$port" -www "$PATH_AASA" "$mode" -time "$DURATION" 2>&1)
  echo "$out" | awk '/connections in .* real seconds/ {printf "%.1f %d\n", $1 / $4, $1; exit}'
}

printf '\nmachine: %s cores, %s\n' "$(nproc)" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf 'load average before: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'wrk: %s threads, %s connections, %ss per run, best of %s; access log: %s\n\n' \
  "$THREADS" "$CONNECTIONS" "$DURATION" "$REPEATS" "$ACCESS_LOG"
if [ "$NEED_AASA" = 1 ]; then
  printf '| scenario | aasa-serve req/s | nginx req/s | ratio | aasa-serve CPU µs/req | nginx CPU µs/req |\n'
  printf '|---|---:|---:|---:|---:|---:|\n'
fi
max() { echo "$1 $2" | awk '{print ($1 > $2) ? $1 : $2}'; }
# Runs KIND (bench, bench_h2, bench_stime) against one server and prints "req/s µs-per-request".
measure() {
  local pids=$1; shift
  local before after result
  before=$(ticks $pids)
  result=$("$@")
  after=$(ticks $pids)
  echo "$result" | awk -v t=$((after - before)) -v hz="$HERTZ" \
    '{printf "%s %.1f\n", $1, ($2 > 0) ? t / hz / $2 * 1e6 : 0}'
}
# Alternates the two servers REPEATS times; keeps the best req/s of each and the CPU per request
# of that run. With ACME_CMD (ACME=1), aasa-serve --acme takes turns too, and gets a row.
scenario() {
  local name=$1 ours_pids=$2 theirs_pids=$3 ours_cmd=$4 theirs_cmd=$5 acme_cmd=${6:-}
  local best_ours="0 0" best_theirs="0 0" best_acme="0 0" run round
  local runs_ours="" runs_acme=""
  keep() { echo "$1 $2" | awk '{print ($3 > $1) ? $3" "$4 : $1" "$2}'; }
  for round in $(seq 1 "$REPEATS"); do
    if [ -z "$acme_cmd" ]; then
      run=$(measure "$ours_pids" $ours_cmd)
      best_ours=$(keep "$best_ours" "$run")
      run=$(measure "$theirs_pids" $theirs_cmd)
      best_theirs=$(keep "$best_theirs" "$run")
      continue
    fi
    # Odd rounds: aasa-serve, --acme, nginx; even rounds the other way round.
    local order=(ours acme theirs)
    [ $((round % 2)) = 0 ] && order=(theirs acme ours)
    for who in "${order[@]}"; do
      case $who in
        ours) run=$(measure "$ours_pids" $ours_cmd); best_ours=$(keep "$best_ours" "$run")
          runs_ours="${runs_ours:+$runs_ours, }${run%% *}" ;;
        acme) run=$(measure "$ACME_PID" $acme_cmd); best_acme=$(keep "$best_acme" "$run")
          runs_acme="${runs_acme:+$runs_acme, }${run%% *}" ;;
        theirs) run=$(measure "$theirs_pids" $theirs_cmd); best_theirs=$(keep "$best_theirs" "$run") ;;
      esac
    done
  done
  echo "$best_ours $best_theirs" | awk -v name="$name" \
    '{printf "| %s | %.0f | %.0f | %.2f | %.0f | %.0f |\n", name, $1, $3, $1 / $3, $2, $4}'
  if [ -n "$acme_cmd" ]; then
    echo "$best_acme $best_theirs" | awk -v name="$name, aasa-serve --acme" \
      '{printf "| %s | %.0f | %.0f | %.2f | %.0f | %.0f |\n", name, $1, $3, $1 / $3, $2, $4}'
    ACME_NOTES+=("$name: aasa-serve req/s per run: $runs_ours; with --acme: $runs_acme")
  fi
}
ACME_NOTES=()
# The --acme command of a scenario run against aasa-serve's HTTPS port: the same against its
# --acme port (ACME=1), else nothing.
acme_variant() {
  [ -n "$ACME_PID" ] || return 0
  echo "${1//:$AASA_HTTPS/:$AASA_ACME}" | sed "s/ $AASA_HTTPS / $AASA_ACME /"
}
OURS_HTTP="$HTTP_PID"
OURS_HTTPS="$HTTPS_PID"
THEIRS="$(NGINX_MASTER)"
A_HTTP="http://127.0.0.1:$AASA_HTTP$PATH_AASA"
A_HTTPS="https://127.0.0.1:$AASA_HTTPS$PATH_AASA"
N_HTTP="http://127.0.0.1:$NGINX_HTTP$PATH_AASA"
N_HTTPS="https://127.0.0.1:$NGINX_HTTPS$PATH_AASA"
want http && scenario "HTTP keep-alive (wrk -t$THREADS -c$CONNECTIONS)" "$OURS_HTTP" "$THEIRS" \
  "bench $A_HTTP $THREADS $CONNECTIONS" "bench $N_HTTP $THREADS $CONNECTIONS"
want https && scenario "HTTPS keep-alive (wrk -t$THREADS -c$CONNECTIONS)" "$OURS_HTTPS" "$THEIRS" \
  "bench $A_HTTPS $THREADS $CONNECTIONS" "bench $N_HTTPS $THREADS $CONNECTIONS"
want https1 && scenario "HTTPS keep-alive, one worker each (wrk -t1 -c$CONNECTIONS)" "$HTTPS1_PID" \
  "$(cat "$WORK/nginx1.pid")" "bench https://127.0.0.1:$AASA_HTTPS1$PATH_AASA 1 $CONNECTIONS" \
  "bench https://127.0.0.1:$NGINX_HTTPS1$PATH_AASA 1 $CONNECTIONS"
want close1w && scenario "HTTPS, new connection per request, one worker each (wrk -t1 -c16)" \
  "$HTTPS1_PID" "$(cat "$WORK/nginx1.pid")" \
  "bench https://127.0.0.1:$AASA_HTTPS1$PATH_AASA 1 16 close" \
  "bench https://127.0.0.1:$NGINX_HTTPS1$PATH_AASA 1 16 close"
want close && scenario "HTTPS, new connection per request (wrk -t$THREADS -c$CONNECTIONS)" \
  "$OURS_HTTPS" "$THEIRS" "bench $A_HTTPS $THREADS $CONNECTIONS close" \
  "bench $N_HTTPS $THREADS $CONNECTIONS close" \
  "$(acme_variant "bench $A_HTTPS $THREADS $CONNECTIONS close")"
want close1 && scenario "HTTPS, new connection per request (wrk -t1 -c16)" "$OURS_HTTPS" "$THEIRS" \
  "bench $A_HTTPS 1 16 close" "bench $N_HTTPS 1 16 close" "$(acme_variant "bench $A_HTTPS 1 16 close")"
want h2 && scenario "HTTP/2 (h2load -c16 -m10 -t1)" "$OURS_HTTPS" "$THEIRS" \
  "bench_h2 $A_HTTPS" "bench_h2 $N_HTTPS"
want full && scenario "TLS full handshakes, one at a time (s_time -new)" "$OURS_HTTPS" "$THEIRS" \
  "bench_stime $AASA_HTTPS -new" "bench_stime $NGINX_HTTPS -new" \
  "$(acme_variant "bench_stime $AASA_HTTPS -new")"
want resumed && scenario "TLS resumed handshakes, one at a time (s_time -reuse)" "$OURS_HTTPS" "$THEIRS" \
  "bench_stime $AASA_HTTPS -reuse" "bench_stime $NGINX_HTTPS -reuse"
# The HTTP/2 floor (floor/: one fixed answer, no routing, logging, metrics or timers) on NIOHTTP2
# under the same NIOSSL, next to nginx, nghttpd and (when it runs) aasa-serve. Not in the
# default set: a build of their own.
if [ ${#FLOORS[@]} -gt 0 ]; then
  FLOOR_SCRATCH="${FLOOR_SCRATCH:-$REPO/.build-floor}"
  "${LOCK[@]}" swift build -c release --package-path "$REPO/Benchmarks/serve/floor" \
    --scratch-path "$FLOOR_SCRATCH" >/dev/null 2>&1 \
    || "${LOCK[@]}" swift build -c release --package-path "$REPO/Benchmarks/serve/floor" \
      --scratch-path "$FLOOR_SCRATCH"
  free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
  # Parallel lists: each server's name, pids (CPU is counted over them) and URL.
  NAMES=("nginx $("$NGINX" -v 2>&1 | sed 's|.*nginx/||')")
  SERVER_PIDS=("$THEIRS")
  SERVER_URLS=("$N_HTTPS")
  if [ "$NEED_AASA" = 1 ]; then
    NAMES+=("aasa-serve")
    SERVER_PIDS+=("$OURS_HTTPS")
    SERVER_URLS+=("$A_HTTPS")
  fi
  for floor in "${FLOORS[@]}"; do
    binary=h2-floor
    port=$(free_port)
    "$FLOOR_SCRATCH/release/$binary" "$port" "$WORK/cert.pem" "$WORK/key.pem" \
      "$SITE/.well-known/apple-app-site-association" >"$WORK/$floor.log" 2>&1 &
    PIDS+=($!)
    NAMES+=("$binary")
    SERVER_PIDS+=("$!")
    SERVER_URLS+=("https://127.0.0.1:$port$PATH_AASA")
  done
  if need nghttpd; then
    port=$(free_port)
    nghttpd --address=127.0.0.1 -n 2 -d "$SITE" "$port" "$WORK/key.pem" "$WORK/cert.pem" \
      >"$WORK/nghttpd.log" 2>&1 &
    PIDS+=($!)
    NAMES+=("nghttpd -n 2 ($(nghttpd --version | awk '{print $NF}'))")
    SERVER_PIDS+=("$!")
    SERVER_URLS+=("https://127.0.0.1:$port$PATH_AASA")
  fi
  for url in "${SERVER_URLS[@]}"; do
    size=0
    for _ in $(seq 1 100); do
      size=$(curl -sk --http2 "$url" 2>/dev/null | wc -c) && [ "$size" = 99 ] && break
      sleep 0.1
    done
    [ "$size" = 99 ] || { echo "unexpected body size $size from $url" >&2; cat "$WORK"/*.log >&2; exit 1; }
    [ "$(curl -sk --http2 -o /dev/null -w '%{http_version}' "$url")" = 2 ] \
      || { echo "no HTTP/2 from $url" >&2; exit 1; }
  done
  count=${#NAMES[@]}
  BEST=()
  RUNS=()
  for ((i = 0; i < count; i++)); do BEST+=("0 0"); RUNS+=(""); done
  for round in $(seq 1 "$REPEATS"); do
    for ((k = 0; k < count; k++)); do
      # Odd rounds go down the list, even rounds up it: no server always follows the same one.
      i=$k
      [ $((round % 2)) = 0 ] && i=$((count - 1 - k))
      run=$(measure "${SERVER_PIDS[$i]}" bench_h2 "${SERVER_URLS[$i]}")
      BEST[$i]=$(echo "${BEST[$i]} $run" | awk '{print ($3 > $1) ? $3" "$4 : $1" "$2}')
      RUNS[$i]="${RUNS[$i]:+${RUNS[$i]}, }$(echo "$run" | awk '{printf "%.0f", $1}')"
    done
  done
  printf '\nHTTP/2 engines (h2load -c16 -m10 -t1, %ss per run, best of %s, the order reversed every run)\n\n' \
    "$DURATION" "$REPEATS"
  printf '| server | req/s (best) | vs nginx | CPU µs/req | every run (req/s) |\n'
  printf '|---|---:|---:|---:|---|\n'
  reference=${BEST[0]%% *}
  for ((i = 0; i < count; i++)); do
    echo "${BEST[$i]}" | awk -v name="${NAMES[$i]}" -v ref="$reference" -v runs="${RUNS[$i]}" \
      '{printf "| %s | %.0f | %.2f | %.1f | %s |\n", name, $1, $1 / ref, $2, runs}'
  done
fi
for note in "${ACME_NOTES[@]:-}"; do [ -n "$note" ] && printf '%s\n' "$note"; done
printf 'load average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
[ "$NEED_AASA" = 1 ] && printf '\naasa-serve peak RSS (VmHWM): HTTP %s, HTTPS %s\n' \
  "$(awk '/VmHWM/ {print $2" "$3}' /proc/$HTTP_PID/status)" \
  "$(awk '/VmHWM/ {print $2" "$3}' /proc/$HTTPS_PID/status)"
exit 0
