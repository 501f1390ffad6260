#!/usr/bin/env bash
# Runs the chainerx and chainer pytest suites on the already-built extension with any interpreter, without Bazel:
# stages the package's Python files (with stubs) and bazel-bin/chainerx/_core.so in a temporary directory and puts it on
# PYTHONPATH. CI uses it to test the same build against NumPy 1.x (.venv-numpy1, see tools/setup.sh --numpy1);
# it is also the quick edit-test loop after `bazel build //chainerx:_core.so`.
#
# Usage: tools/pytest_staged.sh [--mpi N] PYTHON [PYTEST_ARGS...]   (default test paths: tests/chainerx_tests tests/chainer_tests)
#   e.g. tools/pytest_staged.sh .venv-numpy1/bin/python -q -x tests/chainerx_tests/test_dlpack.py
#   --mpi N runs pytest in N MPI processes (the chainermn suites; tools/pytest/mpi_pytest_main.py)
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mpi_np=""
if [[ "${1:-}" == --mpi ]]; then
    mpi_np="$2"
    shift 2
fi
if (($# < 1)); then
    sed -n '7,9s/^# \{0,1\}//p' "$0" >&2
    exit 2
fi
python="$1"
if [[ "$python" == */* ]]; then
    python="$(cd "$(dirname "$python")" && pwd)/$(basename "$python")"  # still the venv's link, not its target
fi
shift
source "$REPO/tools/stage_package.sh"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
# CHAINERX_CORE_SO picks another build of the extension (tools/pytest_asan.sh: the sanitizer build).
core="$REPO/bazel-bin/chainerx/_core.so"
if [[ "$(readlink "$REPO/bazel-bin")" == *dbgasan* ]]; then
    # The last build was the sanitizer one (tools/pytest_asan.sh): use the optimised build instead.
    core="$REPO/bazel-out/k8-opt/bin/chainerx/_core.so"
fi
core="${CHAINERX_CORE_SO:-$core}"
stage_package "$stage" "$REPO" "$core"
# A CUDA build of the extension (--config=cuda shares the default output tree) finds cuBLAS/cuDNN through
# Bazel's solib directory, relative to where it was built; the staged copy needs it on the library path.
solib_dirs=("$(dirname "$(dirname "$core")")"/_solib_k8/*/)
if [[ -d "${solib_dirs[0]}" ]]; then
    export LD_LIBRARY_PATH="$(IFS=:; echo "${solib_dirs[*]}")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi

# Paths (relative to the repository) are made absolute, because pytest runs from the staging directory: run
# from the checkout, `python -m pytest` would import the source tree's chainerx/, which has no _core.so.
args=()
has_path=false
for arg in "$@"; do
    if [[ "$arg" != -* && -e "$REPO/$arg" ]]; then
        args+=("$REPO/$arg")
        has_path=true
    else
        args+=("$arg")
    fi
done
cd "$stage"
run_pytest() {
    if [[ -n "$mpi_np" ]]; then
        PYTHONPATH="$stage" PYTHONDONTWRITEBYTECODE=1 "$python" "$REPO/tools/pytest/mpi_pytest_main.py" \
            --np "$mpi_np" "$@"
    else
        PYTHONPATH="$stage" PYTHONDONTWRITEBYTECODE=1 "$python" -m pytest -p no:cacheprovider "$@"
    fi
}
if $has_path; then
    run_pytest "${args[@]}"
else
    # One run per suite: each test tree has its own pytest.ini (rootdir, pythonpath) and conftest.py.
    status=0
    run_pytest "${args[@]}" "$REPO/tests/chainerx_tests" || status=$?
    run_pytest "${args[@]}" "$REPO/tests/chainer_tests" || status=$?
    exit "$status"
fi
