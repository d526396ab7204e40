#!/usr/bin/env bash
# The route benchmark: route 1,000,000 deep links with aasa-lint (whole process, --format tsv)
# against a generated 200-route MobileDeepLinkingConfig.json, beside a straightforward baseline
# (Benchmarks/routes/baseline: JSONSerialization, URL, an NSRegularExpression compiled per check,
# routes tried one after the other, as the MobileDeepLinking libraries do it).
#
#   bash Benchmarks/routes/run.sh
#
# Steps: build aasa-lint (release, .build-release) and the baseline (release, its own scratch path
# Benchmarks/work/mdl-baseline-build); generate the data into Benchmarks/work (git-ignored); check
# that both write identical TSV on the first CHECK_LINKS links; then time them ALTERNATELY, RUNS
# rounds of (aasa-lint on all links, baseline on BASELINE_LINKS links), so that a slow spell of the
# machine hits both; print per-link costs and the ratio (also to Benchmarks/work/routes-results.md).
# Exit status 1 when the cross-check finds differences.
#
# Knobs (environment): LINKS (1000000), BASELINE_LINKS (50000: the baseline takes ~0.4 ms a link,
# so a million would take minutes per run), RUNS (3), CHECK_LINKS (20000), SEED (2024); LINT_BIN
# skips the aasa-lint build. Builds take the shared lock /tmp/aasa-build.lock; timing runs do not.
set -euo pipefail

cd "$(dirname "$0")/../.."
here=Benchmarks/routes
work=Benchmarks/work
links_total=${LINKS:-1000000}
baseline_links=${BASELINE_LINKS:-50000}
runs=${RUNS:-3}
check_links=${CHECK_LINKS:-20000}
seed=${SEED:-2024}
mkdir -p "$work"
say() { printf '\n== %s\n' "$*" >&2; }

if [ -n "${LINT_BIN:-}" ]; then
  lint=$LINT_BIN
else
  say "building aasa-lint (release, .build-release)"
  flock /tmp/aasa-build.lock swift build -c release --product aasa-lint \
    --scratch-path .build-release >&2
  lint="$(swift build -c release --scratch-path .build-release --show-bin-path)/aasa-lint"
fi
say "building the baseline (release, $work/mdl-baseline-build)"
flock /tmp/aasa-build.lock swift build -c release --package-path "$here/baseline" \
  --scratch-path "$work/mdl-baseline-build" >&2
baseline="$(swift build -c release --package-path "$here/baseline" \
  --scratch-path "$work/mdl-baseline-build" --show-bin-path)/mdl-baseline"

say "generating data"
python3 "$here/generate.py" --out "$work" --links "$links_total" --seed "$seed"
config="$work/routes-200.json"
head -n "$check_links" "$work/links.txt" >"$work/links-check.txt"
head -n "$baseline_links" "$work/links.txt" >"$work/links-baseline.txt"

# The config must lint clean (aasa-lint exits 1 on errors).
"$lint" "$config" >/dev/null

say "cross-check: identical TSV on the first $check_links links?"
"$lint" "$config" --urls "$work/links-check.txt" --platform ios --format tsv >"$work/routes-check-lint.tsv"
"$baseline" "$config" "$work/links-check.txt" >"$work/routes-check-baseline.tsv"
status=0
if cmp -s "$work/routes-check-lint.tsv" "$work/routes-check-baseline.tsv"; then
  echo "  identical ($(wc -l <"$work/routes-check-lint.tsv") lines)" >&2
else
  status=1
  diff "$work/routes-check-lint.tsv" "$work/routes-check-baseline.tsv" | head -n 12 >&2 || true
fi
# The mix of answers over all links, and a check that every link produced a line.
"$lint" "$config" --urls "$work/links.txt" --platform ios --format tsv |
  awk -F'\t' '{ c[$3]++ } END { printf "lines %d: exact %d, trimmed %d, default %d\n", NR, c["exact"], c["trimmed"], c["default"] }' >&2

seconds() { # seconds COMMAND...: wall time of one run, output discarded
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

say "timing, alternating (load average before: $(cut -d' ' -f1-3 /proc/loadavg))"
lint_times=()
baseline_times=()
for round in $(seq 1 "$runs"); do
  t=$(seconds "$lint" "$config" --urls "$work/links.txt" --platform ios --format tsv)
  lint_times+=("$t")
  u=$(seconds "$baseline" "$config" "$work/links-baseline.txt")
  baseline_times+=("$u")
  printf '  round %d: aasa-lint %.3f s (%d links), baseline %.3f s (%d links)\n' \
    "$round" "$t" "$links_total" "$u" "$baseline_links" >&2
done
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
lint_median=$(median "${lint_times[@]}")
baseline_median=$(median "${baseline_times[@]}")
lint_us=$(echo "$lint_median * 1000000 / $links_total" | bc -l)
baseline_us=$(echo "$baseline_median * 1000000 / $baseline_links" | bc -l)
ratio=$(echo "$baseline_us / $lint_us" | bc -l)
{
  echo "| | links | median wall time | per link | runs |"
  echo "|---|---:|---:|---:|---|"
  printf '| aasa-lint --platform ios --format tsv | %d | %.3f s | %.2f µs | %s |\n' \
    "$links_total" "$lint_median" "$lint_us" "${lint_times[*]}"
  printf '| baseline (libraries'"'"' way) | %d | %.3f s | %.2f µs | %s |\n' \
    "$baseline_links" "$baseline_median" "$baseline_us" "${baseline_times[*]}"
  printf '\naasa-lint is %.0f× faster per link; the baseline would take about %.0f s for %d links.\n' \
    "$ratio" "$(echo "$baseline_us * $links_total / 1000000" | bc -l)" "$links_total"
} | tee "$work/routes-results.md"
exit $status
