#!/usr/bin/env bash
# Runs the chainerx pytest suite on cuda:0 of the CUDA backend built for the host (Note [CUDA emulation on the
# host] in chainerx/cuda/emulation/device.h): every test that runs on the default device runs the CUDA kernels,
# launch configurations and transfers, without a GPU. Builds //chainerx:_core_emulated.so (--config=cuda) first.
#
# Usage: tools/pytest_emulated.sh [PYTEST_ARGS...]   (default: tests/chainerx_tests)
#   e.g. tools/pytest_emulated.sh -q -x tests/chainerx_tests/routines_tests/test_reduction.py
# BAZEL_FLAGS (a string) adds flags to the bazel build.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
source tools/env.sh
# shellcheck disable=SC2086
bazel build ${BAZEL_FLAGS:-} --config=cuda //chainerx:_core_emulated.so
args=("$@")
if ((${#args[@]} == 0)) || [[ "${args[-1]}" == -* ]]; then
    args+=(tests/chainerx_tests)
fi
CHAINERX_CORE_SO="$REPO/bazel-bin/chainerx/_core_emulated.so" CHAINERX_TEST_DEFAULT_DEVICE=cuda:0 \
    exec tools/pytest_staged.sh .venv/bin/python "${args[@]}"
