#!/usr/bin/env bash
# The hostile-page benchmark (security review S4-4): whole aasa-lint processes on App Links pages
# built to stall or crash the HTML5 parser, each filling the page fetch limit (5 MiB), against
# the figure the project promises:
#   - every page up to 5 MiB is answered (linted, or refused with its code) in under 2 s.
#
#   bash Benchmarks/html/run.sh
#
# The pages (Benchmarks/html/generate.py): nesting hidden from a guard (`<!-->`, `<!--->`,
# `--!>`, SVG title and style, li/dd, optgroup, rt, void names in SVG, tables), nesting under the
# 4,000 limit followed by a cheap token repeated to the end (`</p>`, `</li>`, spans, formatting
# elements, text), formatting elements reconstructed by every character, anchors and formatting
# left open, one tag of 650,000 attributes, body tags whose attributes merge, and a plain page.
# Each run reads the file (`--max-size 6M`, over the CLI's 4 MiB default) and renders text to
# /dev/null; the table shows the median wall time and what the run answered.
#
# Knobs (environment): RUNS (3, the median is reported), LINT_BIN=path skips the build and times
# that binary. The build takes the shared build lock (/tmp/aasa-build.lock) when flock exists.
set -euo pipefail

cd "$(dirname "$0")/../.."
work=Benchmarks/work/html
runs=${RUNS:-3}
mkdir -p "$work"

say() { printf '\n== %s\n' "$*" >&2; }

if [ -z "${LINT_BIN:-}" ]; then
  say "building aasa-lint (release, .build-release)"
  lock=()
  if command -v flock >/dev/null; then lock=(flock /tmp/aasa-build.lock); fi
  "${lock[@]}" swift build -c release --product aasa-lint --scratch-path .build-release >&2
  LINT_BIN=.build-release/release/aasa-lint
fi

say "generating the pages into $work"
python3 Benchmarks/html/generate.py "$work"

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

# What a run answers: the AL011 reason, or the other findings' codes.
answer() {
  local output status
  output=$("$LINT_BIN" "$1" --max-size 6M 2>&1) && status=0 || status=$?
  if [ "$status" -gt 2 ]; then
    echo "signal or crash (status $status)"
  # Here-strings, not `echo | grep -q`: under pipefail, grep -q leaving early makes echo's
  # SIGPIPE fail the pipeline, and a page's long excerpt was then read as "no AL011".
  elif grep -q "AL011" <<<"$output"; then
    case "$(grep -m 1 "AL011" <<<"$output")" in
    *"nest about"*) echo "AL011 nesting" ;;
    *"open elements about"*) echo "AL011 work" ;;
    *"CPU time"*) echo "AL011 CPU budget" ;;
    *aborts*) echo "AL011 parser abort" ;;
    *) echo "AL011" ;;
    esac
  else
    codes=$(grep -o '\bAL[0-9][0-9][0-9]\b' <<<"$output" | sort -u | paste -sd ' ' -)
    echo "read (${codes:-no findings})"
  fi
}

verdict() { if [ "$(echo "$1 < $2" | bc -l)" = 1 ]; then echo "met"; else echo "MISSED"; fi; }

echo "| page (5 MiB) | bytes | answer | aasa-lint | target | |"
echo "|---|---|---|---|---|---|"
for file in "$work"/*.html; do
  name=$(basename "$file" .html)
  size=$(stat -c %s "$file")
  seconds=$(median "$LINT_BIN" "$file" --max-size 6M)
  printf '| %s | %s | %s | %.3f s | < 2 s | %s |\n' "$name" "$size" "$(answer "$file")" \
    "$seconds" "$(verdict "$seconds" 2)"
done
