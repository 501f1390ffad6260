#!/usr/bin/env bash
# Fuzzing: calls every public chainerx callable (chainerx.*, linalg, random, testing, the methods and properties of
# ndarray, Device, Backend, Context and BackpropId, pickling and the other Python protocols) with random bad and
# edge arguments, in batches that each run in a child process, and reduces each crash or hang to a one-line
# reproducer. The harness is tests/chainerx_tests/fuzz_harness.py (its docstring says how); test_fuzz.py in the same
# directory runs a fixed-seed quick run of 10000 calls as a test. This script runs the long one on the
# already-built extension, staged as tools/pytest_staged.sh stages it (no Bazel involved): the package's Python
# files, stubs and py.typed, and bazel-bin/chainerx/_core.so, copied into a temporary directory on PYTHONPATH
# (with the harness, so that the checkout can change during the run).
#
# Usage: tools/fuzz.sh [--chainer] [--calls N] [--seed S] [--jobs J] [--timeout SECONDS] [--replay INDICES] [...]
#   default 100000 calls, seed 0, one child per core, 10 s per call; PYTHON=... picks the interpreter
#   (default .venv/bin/python). Exit status 1 when a crash or hang was found. About 2 minutes on 2 cores.
#   --chainer fuzzes the chainer package instead (tests/chainer_tests/fuzz_chainer_calls.py: chainer.functions,
#   Variable, Parameter, grad/backward, chainer.backend; about 1 minute per 10000 calls on 2 cores).
#   --emulated-cuda fuzzes cuda:0 of the CUDA backend built for the host (Note [CUDA emulation on the host]): the
#   values' arrays live there; build it first with `bazel build --config=cuda //chainerx:_core_emulated.so`.
#   e.g. tools/fuzz.sh --calls 30000 --seed 7;  tools/fuzz.sh --seed 7 --replay 1234 (prints and reruns call 1234)
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-$REPO/.venv/bin/python}"
source "$REPO/tools/stage_package.sh"
core="${CHAINERX_CORE_SO:-$REPO/bazel-bin/chainerx/_core.so}"
memory_args=()
if [[ " $* " == *" --emulated-cuda "* ]]; then
    core="$REPO/bazel-bin/chainerx/_core_emulated.so"
    export CHAINERX_FUZZ_DEVICE=cuda:0
    # The emulated device memory is an 8 GiB reservation of address space (emulation/runtime.cc).
    memory_args=(--memory 16)
    # The extension links the cuSOLVER stand-in from Bazel's solib directories.
    solib_dirs=("$REPO"/bazel-bin/_solib_k8/*/)
    export LD_LIBRARY_PATH="$(IFS=:; echo "${solib_dirs[*]}")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
stage_package "$stage" "$REPO" "$core"
# The harness too, so that editing or rebuilding the checkout during a long run changes nothing in it.
mkdir "$stage/harness"
cp "$REPO"/tests/chainerx_tests/{fuzz_calls,fuzz_harness,fuzz_values,pybind_signatures}.py "$stage/harness/"
cp "$REPO"/tests/chainer_tests/fuzz_chainer_{calls,values}.py "$stage/harness/"
args=("${memory_args[@]}")
for arg in "$@"; do
    if [[ "$arg" == --chainer ]]; then
        args+=(--table fuzz_chainer_calls:build_table)
    elif [[ "$arg" == --emulated-cuda ]]; then
        continue
    else
        args+=("$arg")
    fi
done

# From the staging directory, so that the checkout's chainerx/ (which has no _core.so) is not the one imported.
cd "$stage"
PYTHONPATH="$stage" PYTHONDONTWRITEBYTECODE=1 "$python" "$stage/harness/fuzz_harness.py" ${args[@]+"${args[@]}"}
