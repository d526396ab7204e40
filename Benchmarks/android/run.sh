#!/usr/bin/env bash
# The Android routing benchmark: route URLS (1,000,000) URLs against an assetlinks.json of 200
# dynamic rules with aasa-lint (whole process, --format tsv), and compare with a straightforward
# implementation of the same rules (baseline.py: a direct port of AOSP's PatternMatcher, no
# compilation step, in Python) on the first BASELINE_URLS (20,000) URLs, after checking that both
# print the same TSV for them.
#
#   LINT_BIN=.build-release/release/aasa-lint bash Benchmarks/android/run.sh
#
# Knobs: URLS, RULES (200), BASELINE_URLS, RUNS (3), SEED; LINT_BIN (default: a release build into
# .build-release, made here).
set -euo pipefail
cd "$(dirname "$0")/../.."
work=Benchmarks/work/android
urls=${URLS:-1000000}
baseline_urls=${BASELINE_URLS:-20000}
runs=${RUNS:-3}
mkdir -p "$work"
if [[ -z ${LINT_BIN:-} ]]; then
  flock /tmp/aasa-swift.lock swift build -c release --scratch-path .build-release --product aasa-lint
  LINT_BIN=.build-release/release/aasa-lint
fi
URLS=$urls python3 Benchmarks/android/generate.py "$work"
"$LINT_BIN" "$work/assetlinks.json" --urls "$work/urls.txt" --format tsv >"$work/lint.tsv" 2>/dev/null
python3 Benchmarks/android/baseline.py "$work/assetlinks.json" "$work/urls.txt" "$baseline_urls" >"$work/baseline.tsv"
if ! diff <(head -n "$baseline_urls" "$work/lint.tsv") "$work/baseline.tsv" >"$work/differences.txt"; then
  echo "run.sh: aasa-lint and the baseline disagree (see $work/differences.txt)" >&2
  status=1
fi
cut -f3 "$work/lint.tsv" | sort | uniq -c
best=""
for _ in $(seq "$runs"); do
  start=$(date +%s.%N)
  "$LINT_BIN" "$work/assetlinks.json" --urls "$work/urls.txt" --format tsv >/dev/null 2>&1
  end=$(date +%s.%N)
  elapsed=$(echo "$end - $start" | bc)
  echo "aasa-lint: $urls URLs in ${elapsed}s"
  if [[ -z $best ]] || (($(echo "$elapsed < $best" | bc))); then best=$elapsed; fi
done
start=$(date +%s.%N)
python3 Benchmarks/android/baseline.py "$work/assetlinks.json" "$work/urls.txt" "$baseline_urls" >/dev/null
end=$(date +%s.%N)
baseline=$(echo "$end - $start" | bc)
echo "baseline: $baseline_urls URLs in ${baseline}s"
echo "URLs/s: aasa-lint $(echo "$urls / $best" | bc), baseline $(echo "$baseline_urls / $baseline" | bc), ratio $(echo "($urls / $best) / ($baseline_urls / $baseline)" | bc)x"
exit ${status:-0}
