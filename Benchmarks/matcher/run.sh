#!/usr/bin/env bash
# The matcher benchmark: route 1,000,000 URLs with aasa-lint (whole processes) against generated
# apple-app-site-association files of 10, 100 and 1,000 rules, and compare with a
# straightforward baseline (Benchmarks/matcher/baseline: JSONSerialization + NSRegularExpression,
# rules tried in order) on a smaller sample of the same URLs.
#
#   bash Benchmarks/matcher/run.sh
#
# Steps: install hyperfine if missing; build aasa-lint (release, .build-release) and the baseline
# (release, Benchmarks/work/baseline-build); generate the data into Benchmarks/work (git-ignored);
# check that both produce identical TSV on the first CHECK_URLS URLs; time both; print a markdown
# table (also written to Benchmarks/work/results.md). Exit status 1 when the cross-check finds
# differences (the timings are still taken and printed).
#
# Knobs (environment): URLS (1000000), RUNS (5, aasa-lint runs per file), CHECK_URLS (20000),
# BASELINE_URLS (20000), BASELINE_RUNS (1), SEED (2024); LINT_BIN=path skips the aasa-lint build
# and times that binary instead (it must take aasa-lint's arguments).
set -euo pipefail

cd "$(dirname "$0")/../.."
here=Benchmarks/matcher
work=Benchmarks/work
urls_total=${URLS:-1000000}
runs=${RUNS:-5}
check_urls=${CHECK_URLS:-20000}
baseline_urls=${BASELINE_URLS:-20000}
baseline_runs=${BASELINE_RUNS:-1}
seed=${SEED:-2024}
rule_counts=(10 100 1000)
mkdir -p "$work"

say() { printf '\n== %s\n' "$*" >&2; }

# --- tools ----------------------------------------------------------------------------------------
if ! command -v hyperfine >/dev/null; then
  say "installing hyperfine"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd=sudo
  timeout 300 $sudo_cmd apt-get update -qq
  timeout 300 $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine
fi

if [ -n "${LINT_BIN:-}" ]; then
  lint=$LINT_BIN
else
  say "building aasa-lint (release, .build-release; the first build takes several minutes)"
  timeout 3600 swift build -c release --product aasa-lint --scratch-path .build-release >&2
  lint="$(swift build -c release --scratch-path .build-release --show-bin-path)/aasa-lint"
fi

say "building the baseline (release, $work/baseline-build)"
for table in ISOLanguageCodes ISORegionCodes; do
  # The baseline accepts exactly the engine's codes: it compiles the engine's own generated tables,
  # copied in here (git-ignored there) rather than kept as a second copy in the repository.
  cp "Sources/AASA/Patterns/$table.swift" "$here/baseline/Sources/aasa-baseline/$table.swift"
done
timeout 1800 swift build -c release --package-path "$here/baseline" \
  --scratch-path "$work/baseline-build" >&2
baseline="$(swift build -c release --package-path "$here/baseline" \
  --scratch-path "$work/baseline-build" --show-bin-path)/aasa-baseline"

# --- data -----------------------------------------------------------------------------------------
stamp="$work/data.stamp"
want="$(sha256sum "$here/generate.py" | cut -d' ' -f1) urls=$urls_total seed=$seed"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] || [ ! -s "$work/urls.txt" ]; then
  say "generating data"
  timeout 900 python3 "$here/generate.py" --out "$work" --urls "$urls_total" --seed "$seed" >&2
  echo "$want" >"$stamp"
else
  say "data is current ($work)"
fi
head -n "$check_urls" "$work/urls.txt" >"$work/urls-check.txt"
head -n "$baseline_urls" "$work/urls.txt" >"$work/urls-baseline.txt"
head -n 1 "$work/urls.txt" >"$work/urls-one.txt"

for n in "${rule_counts[@]}"; do
  # A benchmark file with findings would make aasa-lint exit 1: it must lint clean.
  timeout 60 "$lint" "$work/aasa-$n.json" --format json >"$work/lint-$n.json" || {
    echo "run.sh: aasa-lint reports errors in $work/aasa-$n.json:" >&2
    timeout 60 "$lint" "$work/aasa-$n.json" >&2 || true
    exit 2
  }
done

# --- cross-check ----------------------------------------------------------------------------------
say "cross-check: identical TSV on the first $check_urls URLs?"
differences=0
for n in "${rule_counts[@]}"; do
  timeout 600 "$lint" "$work/aasa-$n.json" --urls "$work/urls-check.txt" --format tsv \
    >"$work/check-lint-$n.tsv"
  timeout 3600 "$baseline" "$work/aasa-$n.json" "$work/urls-check.txt" >"$work/check-baseline-$n.tsv"
  if cmp -s "$work/check-lint-$n.tsv" "$work/check-baseline-$n.tsv"; then
    echo "  $n rules: identical ($(wc -l <"$work/check-lint-$n.tsv") lines)" >&2
  else
    count=$(diff "$work/check-lint-$n.tsv" "$work/check-baseline-$n.tsv" | grep -c '^<' || true)
    differences=$((differences + count))
    diff "$work/check-lint-$n.tsv" "$work/check-baseline-$n.tsv" >"$work/check-$n.diff" || true
    echo "  $n rules: $count lines differ (< aasa-lint, > baseline); first ones:" >&2
    head -n 12 "$work/check-$n.diff" >&2
  fi
done

# --- timing ---------------------------------------------------------------------------------------
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
say "timing (load average before: $load_before)"
for n in "${rule_counts[@]}"; do
  file="$work/aasa-$n.json"
  # The verdict mix of the full run, and a check that every URL produced a line.
  timeout 600 "$lint" "$file" --urls "$work/urls.txt" --format tsv |
    awk -F'\t' '{ c[$3]++ } END { printf "%d %d %d %d\n", NR, c["match"], c["blocked"], c["none"] }' \
      >"$work/mix-$n.txt"
  timeout 1800 hyperfine --style basic --warmup 1 --runs "$runs" \
    --export-json "$work/time-lint-$n.json" \
    "$lint $file --urls $work/urls.txt --format tsv" >&2
  timeout 600 hyperfine --style basic --warmup 1 --runs 10 \
    --export-json "$work/time-lint-start-$n.json" \
    "$lint $file --urls $work/urls-one.txt --format tsv" >&2
  timeout 7200 hyperfine --style basic --runs "$baseline_runs" \
    --export-json "$work/time-baseline-$n.json" \
    "$baseline $file $work/urls-baseline.txt" >&2
  timeout 600 hyperfine --style basic --warmup 1 --runs 5 \
    --export-json "$work/time-baseline-start-$n.json" \
    "$baseline $file $work/urls-one.txt" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# --- report ---------------------------------------------------------------------------------------
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
memory=$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
swift_version=$(swift --version 2>/dev/null | head -n 1)
python3 - "$work" "$urls_total" "$baseline_urls" "$runs" "$baseline_runs" \
  "$(nproc)" "$cpu" "$memory" "$swift_version" "$load_before" "$load_after" \
  "$(hyperfine --version)" <<'PY' | tee "$work/results.md"
import json, sys
(work, urls, burls, runs, bruns, nproc, cpu, memory, swift, load_before, load_after,
 hyperfine) = sys.argv[1:]
urls, burls = int(urls), int(burls)

def result(name):
    with open(f"{work}/{name}.json") as f:
        r = json.load(f)["results"][0]
    return r

print(f"Machine: {nproc} cores ({cpu}), {memory}, {swift}, {hyperfine}; "
      f"load average {load_before} before, {load_after} after.")
print()
print(f"aasa-lint: {urls:,} URLs, mean of {runs} runs (± stddev). Baseline: first {burls:,} of "
      f"the same URLs, {bruns} run(s). Start-up: the same command with 1 URL. "
      "Per URL = (time − start-up) / URLs.")
print()
print("| rules | URLs: match / blocked / none | aasa-lint wall, 1M URLs | aasa-lint CPU | start-up "
      "| aasa-lint per URL | aasa-lint URLs/s | baseline wall | baseline CPU | baseline per URL "
      "| baseline URLs/s | ratio, wall URLs/s | ratio, CPU URLs/s |")
print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for n in (10, 100, 1000):
    lint, lint0 = result(f"time-lint-{n}"), result(f"time-lint-start-{n}")
    base, base0 = result(f"time-baseline-{n}"), result(f"time-baseline-start-{n}")
    with open(f"{work}/mix-{n}.txt") as f:
        lines, match, blocked, none = map(int, f.read().split())
    assert lines == urls, f"{n} rules: {lines} output lines for {urls} URLs"
    lint_cpu = lint["user"] + lint["system"]
    base_cpu = base["user"] + base["system"]
    lint_per = max(lint["mean"] - lint0["mean"], 1e-9) / urls * 1e6
    base_per = max(base["mean"] - base0["mean"], 1e-9) / burls * 1e6
    wall_ratio = (urls / lint["mean"]) / (burls / base["mean"])
    cpu_ratio = (urls / max(lint_cpu, 1e-9)) / (burls / max(base_cpu, 1e-9))
    print(f"| {n:,} | {match:,} / {blocked:,} / {none:,} "
          f"| {lint['mean']:.2f} s ± {lint['stddev'] or 0:.2f} | {lint_cpu:.2f} s "
          f"| {lint0['mean'] * 1000:.0f} ms | {lint_per:.2f} µs | {urls / lint['mean']:,.0f} "
          f"| {base['mean']:.2f} s | {base_cpu:.2f} s | {base_per:,.1f} µs | {burls / base['mean']:,.0f} "
          f"| {wall_ratio:,.0f}× | {cpu_ratio:,.0f}× |")
PY

if [ "$differences" -ne 0 ]; then
  echo "run.sh: the cross-check found $differences differing lines (see $work/check-*.diff)" >&2
  exit 1
fi
