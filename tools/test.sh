#!/usr/bin/env bash
# The full check, exactly what CI runs (.ci/run execs this):
#   1. tools/setup.sh --cuda --numpy1   Debian packages, .venv, cuBLAS/cuDNN wheels, .venv-numpy1
#   2. bazel test //...                 the main suite (C++ gtest, pytest with NumPy 2, wheel install)
#   3. the chainerx pytest suites again, on the same _core.so, with NumPy 1.26 (.venv-numpy1) and native:1 as
#      the chainerx tests' default device (a test that assumes native:0 would fail on cuda:0 too)
#   4. bazel build --config=cuda_ci //...   the CUDA backend compiles and links (no GPU needed; the device code as
#      PTX for one architecture: Note [CI's CUDA build] in third_party/cuda/cuda.bzl), and its gtests load and run
#      (each skips its GPU part when there is no device); the CUDA _core.so imports without a GPU and finds
#      cuBLAS/cuDNN (a pytest subset); and the chainerx suite on cuda:0 of the CUDA backend built for the host
#      (tools/pytest_emulated.sh; Note [CUDA emulation on the host]), the gtests with blocks and threads reversed
#      and the suite with them shuffled (Note [Emulated schedules] in chainerx/cuda/emulation/grid.cc)
#   5. bazel test --config=asan //chainerx/...   C++ tests under AddressSanitizer + UBSan
#   6. tools/pytest_asan.sh             a pytest subset (bad arguments, quick fuzz) on a sanitizer build of _core.so
# The pytest runs of steps 3, 4 and 6 use every core (PYTEST_JOBS; Note [Parallel pytest runs] in
# tools/pytest_staged.sh).
# Extra arguments are passed to every bazel command (e.g. --jobs=4).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

bazel_flags=("$@")
if [[ -n "${CI:-}" || ! -t 1 ]]; then
    # No tty in CI: plain, rate-limited progress output.
    bazel_flags+=(--color=no --curses=no --show_progress_rate_limit=15)
fi

timings=()
report() {
    local rc=$?
    ((${#timings[@]})) && printf '%s\n' "== timings" "${timings[@]}"
    exit "$rc"
}
trap report EXIT

step() {
    local name="$1"
    shift
    echo "== $name: $*"
    local start=$SECONDS
    "$@" </dev/null
    timings+=("$(printf '%5ds  %s' $((SECONDS - start)) "$name")")
}

step "setup" tools/setup.sh --cuda --numpy1
source tools/env.sh
export PYTEST_JOBS="${PYTEST_JOBS:-$(nproc)}"
step "test" bazel test "${bazel_flags[@]}" //...
# Right after step 2, while bazel-bin holds the default (non-CUDA) build of _core.so and the test plug-in.
CHAINERX_TEST_DEFAULT_DEVICE=native:1 step "numpy1 test" tools/pytest_staged.sh .venv-numpy1/bin/python -q
step "cuda build" bazel build "${bazel_flags[@]}" --config=cuda_ci //...
step "cuda test" bazel test "${bazel_flags[@]}" --config=cuda_ci --test_env=CHAINERX_CUDA_EMULATION_SCHEDULE=reversed \
    //chainerx/cuda/...
# bazel-bin/chainerx/_core.so is now the CUDA build.
step "cuda pytest" tools/pytest_staged.sh .venv/bin/python -q tests/chainerx_tests/test_cuda_memory_pool.py \
    tests/chainerx_tests/test_cuda_libraries.py tests/chainerx_tests/test_interop_zero_copy.py \
    tests/chainerx_tests/test_cuda_interop.py
step "cuda emulated pytest" env BAZEL_FLAGS="${bazel_flags[*]} --config=cuda_ci" CHAINERX_CUDA_EMULATION_SCHEDULE=shuffled \
    tools/pytest_emulated.sh -q
step "asan test" bazel test "${bazel_flags[@]}" --config=asan //chainerx/...
step "asan pytest" tools/pytest_asan.sh "${bazel_flags[@]}"
