#!/usr/bin/env bash
# Prints command N (1: set up and run the main job, 2: run the tests) of the README's first
# ```sh block, so that CI runs the README's own words instead of a copy kept in step by hand.
# Usage: bash Scripts/readme-command.sh 1|2
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  1 | 2) ;;
  *)
    echo "usage: bash Scripts/readme-command.sh 1|2 (1: set-up and the main job, 2: the tests)" >&2
    exit 2
    ;;
esac
command=$(awk '/^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' README.md | sed -n "${1}p")
if [ -z "$command" ]; then
  echo "README.md: its first \`\`\`sh block has no command $1" >&2
  exit 1
fi
printf '%s\n' "$command"
