#!/usr/bin/env bash
# The README's main job: set everything up, build, and run the example (for now, a tour of the first
# slice; later issues make it train a model on the native backend).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tools/setup.sh
source tools/env.sh
flags=()
if [[ -n "${CI:-}" || ! -t 1 ]]; then
    flags+=(--color=no --curses=no)
fi
bazel run "${flags[@]}" //examples:demo </dev/null
