#!/usr/bin/env bash
# Runs the chainerx and chainer pytest suites on the already-built extension with any interpreter, without Bazel:
# stages the package's Python files (with stubs) and bazel-bin/chainerx/_core.so in a temporary directory and puts it on
# PYTHONPATH. CI uses it to test the same build against NumPy 1.x (.venv-numpy1, see tools/setup.sh --numpy1);
# it is also the quick edit-test loop after `bazel build //chainerx:_core.so`.
#
# Usage: tools/pytest_staged.sh [--mpi N | --jobs N] PYTHON [PYTEST_ARGS...]   (default test paths: tests/chainerx_tests tests/chainer_tests)
#   e.g. tools/pytest_staged.sh .venv-numpy1/bin/python -q -x tests/chainerx_tests/test_dlpack.py
#   --mpi N runs pytest in N MPI processes (the chainermn suites; tools/pytest/mpi_pytest_main.py)
#   --jobs N runs the test files in N pytest processes side by side (Note [Parallel pytest runs] below); the
#   default is $PYTEST_JOBS, or 1 (tools/test.sh sets it for its steps, through tools/pytest_emulated.sh and
#   tools/pytest_asan.sh too)
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mpi_np=""
jobs="${PYTEST_JOBS:-1}"
while (($#)); do
    case "$1" in
        --mpi) mpi_np="$2"; jobs=1; shift 2 ;;  # not $PYTEST_JOBS: the MPI processes share the cores
        --jobs) jobs="$2"; shift 2 ;;
        *) break ;;
    esac
done
if (($# < 1)) || [[ ! "$jobs" =~ ^[1-9][0-9]*$ ]] || { [[ -n "$mpi_np" ]] && ((jobs > 1)); }; then
    sed -n '7,12s/^# \{0,1\}//p' "$0" >&2
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
paths=()
options=()  # the arguments but the paths, for --jobs
for arg in "$@"; do
    if [[ "$arg" != -* && -e "$REPO/$arg" ]]; then
        args+=("$REPO/$arg")
        paths+=("$REPO/$arg")
    else
        args+=("$arg")
        options+=("$arg")
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
if ((jobs > 1)); then
    # Note [Parallel pytest runs]: one pytest process uses one core, and CI's machines have two or more. With
    # --jobs N the test files (of the paths given, or of both suites) go into 4N groups of about equal size in
    # bytes, per suite (each test tree has its own pytest.ini and conftest.py, so a process runs files of one
    # tree), and N processes run the groups, largest first, each taking the next group when it ends. Every file
    # still runs whole in one process, as under Bazel, which already runs the test files side by side; a process
    # per group rather than per file keeps the interpreter's start-up (about half a second) to a few per suite.
    # Each group's output is printed when it ends (with its files if it failed); the exit status is the first
    # failure's.
    ((${#paths[@]})) || paths=("$REPO/tests/chainerx_tests" "$REPO/tests/chainer_tests")
    groups="$("$python" "$REPO/tools/pytest/split_test_files.py" --groups-per-suite $((4 * jobs)) "${paths[@]}")"
    status=0
    declare -A group_of_pid=()
    finish_one() {  # waits for a group to end and prints its output
        local pid rc=0
        wait -n -p pid || rc=$?
        local number="${group_of_pid[$pid]}"
        unset "group_of_pid[$pid]"
        local files
        files="$(sed "s|$REPO/||g" "$stage/group$number.files")"
        if ((rc)); then
            echo "== pytest group $number (exit $rc): $files"
        else
            echo "== pytest group $number (exit 0): $(wc -w <<< "$files") test file(s), the first ${files%% *}"
        fi
        cat "$stage/group$number.log"
        ((status)) || status=$rc
    }
    number=0
    while IFS= read -r group; do
        number=$((number + 1))
        ((${#group_of_pid[@]} < jobs)) || finish_one
        echo "$group" > "$stage/group$number.files"
        # shellcheck disable=SC2086  # a group is a line of absolute paths without white space (split_test_files.py)
        run_pytest "${options[@]}" $group > "$stage/group$number.log" 2>&1 &
        group_of_pid[$!]=$number
    done <<< "$groups"
    while ((${#group_of_pid[@]})); do finish_one; done
    # The totals of the groups' summary lines ("3 failed, 120 passed, 4 skipped in 9.81s").
    tail -qn 1 "$stage"/group*.log | grep -oE '[0-9]+ [a-z]+' |
        awk '{n[$2] += $1} END {for (k in n) printf "%s%d %s", (s++ ? ", " : "== pytest groups: "), n[k], k; print ""}' || true
    exit "$status"
fi
if ((${#paths[@]})); then
    run_pytest "${args[@]}"
else
    # One run per suite: each test tree has its own pytest.ini (rootdir, pythonpath) and conftest.py.
    status=0
    run_pytest "${args[@]}" "$REPO/tests/chainerx_tests" || status=$?
    run_pytest "${args[@]}" "$REPO/tests/chainer_tests" || status=$?
    exit "$status"
fi
