#!/usr/bin/env bash
# Runs chainerx pytest suites on an AddressSanitizer + UBSan build of the extension (`--config=asan`, which
# otherwise builds only the C++ tests): the sanitizer runtimes are preloaded into the uninstrumented
# interpreter, leak detection is off (CPython keeps objects alive until exit by design), and any report
# aborts the run. The default subset is the binding's bad-argument tests and the fuzz harness's quick run,
# where memory errors that do not crash would otherwise go unseen.
#
#
# With --emulated, the suites run on the emulated CUDA device instead (Note [CUDA emulation on the host]): the CUDA
# kernels as written, on the host, under the sanitizers, with the memory pool's caching off so that every array is
# an allocation of its own whose end the emulated runtime marks (CHAINERX_CUDA_MEMORY_CACHING=0): a kernel that
# reads or writes past an array is reported, which no GPU-less run would otherwise show.
#
# Usage: tools/pytest_asan.sh [--emulated] [BAZEL_FLAGS...] [-- PYTEST_ARGS...]   (after `source tools/env.sh`)
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

emulated=0
if [[ "${1:-}" == "--emulated" ]]; then
    emulated=1
    shift
fi
bazel_flags=()
while (($#)) && [[ "$1" != "--" ]]; do
    bazel_flags+=("$1")
    shift
done
[[ "${1:-}" == "--" ]] && shift
pytest_args=("$@")
if ((${#pytest_args[@]} == 0)); then
    pytest_args=(-q -p no:cacheprovider
                 tests/chainerx_tests/test_arguments.py
                 tests/chainerx_tests/test_fuzz.py
                 tests/chainerx_tests/test_pickle.py
                 tests/chainerx_tests/test_array_fast_methods.py
                 tests/chainerx_tests/test_array_number_slots.py
                 tests/chainerx_tests/test_backprop_errors.py
                 tests/chainerx_tests/test_function_node.py
                 tests/chainerx_tests/routines_tests/test_manipulation_views.py
                 tests/chainerx_tests/routines_tests/test_indexing_advanced.py
                 tests/chainerx_tests/routines_tests/test_fused_update.py)
fi

# The empty tag filter lifts --config=asan's exclusion of the binding (tag "py").
if ((emulated)); then
    bazel_flags+=(--config=cuda)
    target=_core_emulated.so
else
    target=_core.so
fi
bazel build "${bazel_flags[@]}" --config=asan --build_tag_filters= "//chainerx:$target"
core="$(bazel info "${bazel_flags[@]}" --config=asan bazel-bin 2>/dev/null)/chainerx/$target"
if ((emulated)); then
    # (pytest_staged.sh puts the emulated libraries beside the extension on the library path.)
    export CHAINERX_TEST_DEFAULT_DEVICE=cuda:0
    export CHAINERX_CUDA_MEMORY_CACHING=0
fi

runtimes="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
export CHAINERX_CORE_SO="$core"
export LD_PRELOAD="$runtimes"
# Allocations beyond 1 GiB fail, as larger ones would under the fuzz harness's address-space limit (which ASan's
# shadow memory rules out) and would run for minutes at -O1; a failed allocation is a bad_alloc (MemoryError),
# not an ASan abort.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:strict_string_checks=1:allocator_may_return_null=1:max_allocation_size_mb=1024
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
exec tools/pytest_staged.sh "$REPO/.venv/bin/python" "${pytest_args[@]}"
