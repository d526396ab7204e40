#!/usr/bin/env bash
# Runs every test: first all but the reliability suites, then those alone. The reliability suites
# load the machine on purpose (a thousand HTTP/2 connections against one server, a testssl.sh
# scan); run beside the rest they would make the timing of other tests (5 s fetch deadlines, a
# CA started by a test) depend on them. Extra arguments go to both runs.
set -euo pipefail
cd "$(dirname "$0")/.."
heavy='ReliabilityTests|TLSProfileTests|AdminListenerLimitTests'
swift test --skip "$heavy" "$@"
swift test --skip-build --filter "$heavy" "$@"
