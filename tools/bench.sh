#!/usr/bin/env bash
# Sets up (with PyTorch 2.13.0 CPU), builds and runs the benchmark suite; arguments go to benchmarks/run.py,
# e.g. tools/bench.sh --threads 1 --json /tmp/bench.json
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tools/setup.sh --bench
source tools/env.sh
bazel build --color=no --curses=no //benchmarks:run </dev/null
exec bazel-bin/benchmarks/run "$@"
