#!/usr/bin/env bash
# The full check, exactly what CI runs (.ci/run execs this):
#   1. tools/setup.sh --cuda            Debian packages, .venv, cuBLAS/cuDNN wheels
#   2. bazel test //...                 the main suite (C++ gtest, pytest, wheel install)
#   3. bazel build --config=cuda //...  the CUDA backend compiles and links (no GPU needed)
#   4. bazel test --config=asan //chainerx/...   C++ tests under AddressSanitizer + UBSan
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

step "setup" tools/setup.sh --cuda
source tools/env.sh
step "test" bazel test "${bazel_flags[@]}" //...
step "cuda build" bazel build "${bazel_flags[@]}" --config=cuda //...
step "asan test" bazel test "${bazel_flags[@]}" --config=asan //chainerx/...
