#!/usr/bin/env bash
# The README's main job: set everything up, build, and train the MLP example on handwritten digits on the
# native backend (examples/mnist/train_mlp.py; extra arguments are passed to it, e.g. --mnist DIR).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tools/setup.sh
source tools/env.sh
flags=()
if [[ -n "${CI:-}" || ! -t 1 ]]; then
    flags+=(--color=no --curses=no)
fi
bazel run "${flags[@]}" //examples/mnist:train_mlp -- --require-accuracy=0.95 "$@" </dev/null
