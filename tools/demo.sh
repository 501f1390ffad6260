#!/usr/bin/env bash
# The README's main job: set everything up, build, and train the Chainer MNIST example with the Trainer on the
# native backend (examples/mnist/train_mnist.py: progress bar, printed report, log, plots and a snapshot under
# ./result; extra arguments are passed to it, e.g. --mnist DIR, --device @numpy, --epoch N).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tools/setup.sh
source tools/env.sh
flags=()
if [[ -n "${CI:-}" || ! -t 1 ]]; then
    flags+=(--color=no --curses=no)
fi
bazel run "${flags[@]}" //examples/mnist:train_mnist -- --require-accuracy=0.95 "$@" </dev/null
