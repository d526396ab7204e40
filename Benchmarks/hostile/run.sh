#!/usr/bin/env bash
# The hostile-input benchmark (issue 8): whole aasa-lint processes on files built to crash or
# stall a linter, against the figures the project promises on this machine:
#   - any file up to 1 MB lints in under 1 s;
#   - a 50 MB file is refused in under 1 s;
#   - any URL against any file up to 128 KB is routed and explained in under 10 ms.
#
#   bash Benchmarks/hostile/run.sh
#
# Each lint is timed as a whole process (output to /dev/null, text format, which renders every
# finding). Routing is timed twice: the whole process with one URL (reading, linting and
# compiling the file dominate), and each further URL: the difference between the file with
# ROUTE_COPIES + 1 copies of the URL and with one, divided by ROUTE_COPIES. Text output names the
# closest rule for every URL that opens no app, so each URL is routed and explained.
#
# The named peer is Python's json module (`json.load`, C accelerated) reading the same file:
# parsing alone, no checks, for scale. It cannot read the deeply nested files at all (it raises
# RecursionError); those rows say so.
#
# Knobs (environment): RUNS (5, the median is reported), ROUTE_COPIES (100), ONLY=lint|routes
# runs one of the two tables, LINT_BIN=path skips the build and times that binary.
set -euo pipefail

cd "$(dirname "$0")/../.."
work=Benchmarks/work/hostile
runs=${RUNS:-5}
copies=${ROUTE_COPIES:-100}
only=${ONLY:-all}
mkdir -p "$work"

say() { printf '\n== %s\n' "$*" >&2; }

if [ -z "${LINT_BIN:-}" ]; then
  say "building aasa-lint (release, .build-release)"
  swift build -c release --product aasa-lint --scratch-path .build-release >&2
  LINT_BIN=.build-release/release/aasa-lint
fi

say "generating the inputs into $work"
python3 Benchmarks/hostile/generate.py "$work"

# The median wall time of `runs` runs of a command, in seconds.
median() {
  local times=()
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    times+=("$(echo "$end - $start" | bc -l)")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

peer() {
  python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$1" \
    >/dev/null 2>&1 && median python3 -c \
    'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$1" || echo "fails"
}

ratio() {
  case "$2" in fails) echo "peer fails" ;; *) printf '%.2f×' "$(echo "$1 / $2" | bc -l)" ;; esac
}

verdict() { if [ "$(echo "$1 < $2" | bc -l)" = 1 ]; then echo "met"; else echo "MISSED"; fi; }

if [ "$only" != routes ]; then
echo "| input | size | aasa-lint | target | | json.load (peer) | aasa-lint / peer |"
echo "|---|---|---|---|---|---|---|"
for file in "$work"/*-1m.json "$work"/nested-arrays-20k.json "$work"/huge-50m.json; do
  name=$(basename "$file")
  size=$(stat -c %s "$file")
  seconds=$(median "$LINT_BIN" "$file")
  if [ "$size" -gt 10000000 ]; then peer_seconds="not run"; else peer_seconds=$(peer "$file"); fi
  printf '| %s | %s | %.3f s | < 1 s | %s | %s | %s |\n' "$name" "$size" "$seconds" \
    "$(verdict "$seconds" 1)" "$peer_seconds" \
    "$([ "$peer_seconds" = "not run" ] && echo "-" || ratio "$seconds" "$peer_seconds")"
done
echo
fi

[ "$only" != lint ] || exit 0

echo "| file (128 KB) | URL | whole process, 1 URL | each further URL, routed and explained | target | |"
echo "|---|---|---|---|---|---|"
route_case() {
  local file=$1 url_file=$2 copies=${3:-$copies}
  local list="$work/$(basename "$url_file" .txt)-x$copies.txt"
  for _ in $(seq "$((copies + 1))"); do cat "$url_file"; done >"$list"
  local one many
  one=$(median "$LINT_BIN" "$file" --urls "$url_file")
  many=$(median "$LINT_BIN" "$file" --urls "$list")
  local per_url
  per_url=$(echo "($many - $one) * 1000 / $copies" | bc -l)
  if [ "$(echo "$per_url < 0" | bc -l)" = 1 ]; then per_url=0; fi
  printf '| %s | %s | %.3f s | %.3f ms | < 10 ms | %s |\n' "$(basename "$file")" \
    "$(basename "$url_file")" "$one" "$per_url" "$(verdict "$per_url" 10)"
}
route_case "$work/unindexed-rules-128k.json" "$work/path-2k.txt"
# A 100 KB path costs each of the 4,850 rules O(path) to match: ten copies say enough.
route_case "$work/unindexed-rules-128k.json" "$work/path-100k.txt" 10
route_case "$work/lang-128k.json" "$work/path-lang.txt"
route_case "$work/lang-under-budget-128k.json" "$work/path-lang.txt"
route_case "$work/lang-under-budget-128k.json" "$work/path-100k.txt" 10
route_case "$work/long-literal-variable-128k.json" "$work/path-a-100k.txt" 10
