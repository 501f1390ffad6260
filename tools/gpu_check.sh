#!/usr/bin/env bash
# The GPU check of the CUDA backend, run on a lent device machine in one call after tools/gpu_prepare.sh:
#   0. setup: the wheel installed into /tmp/site; shipped copies of the system libraries (OpenBLAS, LAPACKE) that
#      this machine lacks; an import of chainerx and a few ops on cuda:0 (cuBLAS/cuDNN found as users find them);
#   1. the CUDA gtests (every kernel family against native, the memory pool's steady loop);
#   2. the whole chainerx pytest suite with cuda:0 as the default device (CHAINERX_TEST_DEFAULT_DEVICE);
#   3. end to end: the main job's Chainer Trainer example for 3 epochs on cuda:0, and the CNN example for one;
#   4. the kernels of one MLP training step, chainerx's and PyTorch's (and Chainer's with Adam), as PyTorch's
#      profiler sees them (tools/gpu_launches.py: the count the emulation pins, whether linear and its gradients take
#      cuBLASLt's epilogues, whether Adam's update is one multi-tensor launch);
#   5. the speed table: chainerx against PyTorch CUDA (benchmarks/run.py --device cuda);
#   with GPU_CHECK_SANITIZER=1, also compute-sanitizer's memcheck over a subset of the suite (after step 2).
# Logs and the benchmark JSON go to $OUT (the device tool brings back at most 8 files of at most 16 MiB each: seven
# are written). Each step has its own time limit, shortened where needed so that the whole script ends by
# GPU_CHECK_SECONDS (default 570: the device call's 600 s less a margin), so one hang cannot eat the other steps'
# time. The exit status is 0 when every step passed; the last lines printed say which did not.
#
# Here, without a GPU, a dry run of the plumbing: GPU_DIR=<a folder like .gpu> OUT=/tmp/x tools/gpu_check.sh
# (python3 on PATH must have pytest; nvidia-smi may be a stand-in).
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GPU_DIR="${GPU_DIR:-$REPO/.gpu}"
OUT="${OUT:-/tmp/gpu_check}"
DEADLINE="${GPU_CHECK_SECONDS:-570}"
SITE=/tmp/site
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
SETUP_LOG="$OUT/setup.log"

results=()
failed=0
record() {  # record NAME STATUS
    results+=("$(printf '%-10s exit %s' "$1" "$2")")
    [[ "$2" == 0 ]] || failed=1
}
summary() {
    echo "== summary (${SECONDS}s)"
    printf '%s\n' "${results[@]}"
}
# limit CAP RESERVE: CAP seconds, or less so that RESERVE seconds are left before the deadline for the later steps.
limit() {
    local left=$((DEADLINE - SECONDS - $2))
    if ((left < $1)); then
        echo $((left > 10 ? left : 10))
    else
        echo "$1"
    fi
}
# unxz_to SRC DST: xz-utils may be missing from the image; Python's lzma is not.
unxz_to() {
    python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' "$1" "$2"
}

echo "== setup"
{
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
    python3 -c 'import sys; print(sys.executable, sys.version.split()[0])'
    python3 -m pip --version
    python3 -m pip list 2>/dev/null \
        | grep -iE '^(torch|cupy|numpy|nvidia-(cublas|cudnn|cuda-nvrtc|cuda-runtime|cusolver|cusparse|nvjitlink)|pytest|scikit-learn) '
} 2>&1 | tee "$SETUP_LOG"
wheels=("$GPU_DIR"/chainerx-*-cp312-*.whl)
if [[ ! -f "${wheels[0]}" || ! -f "$GPU_DIR/cuda_backend_test.xz" ]]; then
    echo "no wheel or gtest in $GPU_DIR: run tools/gpu_prepare.sh and carry .gpu" | tee -a "$SETUP_LOG"
    exit 2
fi
rm -rf "$SITE"
if ! python3 -m pip install -q --no-index --no-deps --no-compile --upgrade --target "$SITE" "${wheels[0]}" \
        >>"$SETUP_LOG" 2>&1; then
    tail -n 20 "$SETUP_LOG"
    echo "pip could not install ${wheels[0]}"
    exit 2
fi
export PYTHONPATH="$SITE"
GTEST=/tmp/cuda_backend_test
unxz_to "$GPU_DIR/cuda_backend_test.xz" "$GTEST" && chmod +x "$GTEST"

# The binaries were linked on the build machine's Debian against its OpenBLAS and LAPACKE (and their Fortran
# runtime), which this image may lack: gpu_prepare.sh ships copies, and a copy is put on LD_LIBRARY_PATH only for
# a library that the loader cannot find here (ldd, repeated because a missing library hides its own needs).
SYSLIBS=/tmp/chainerx_syslibs
rm -rf "$SYSLIBS" "$SYSLIBS.all"
mkdir -p "$SYSLIBS" "$SYSLIBS.all"
if [[ -f "$GPU_DIR/syslibs.tar.xz" ]]; then
    python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2], filter="data")' \
        "$GPU_DIR/syslibs.tar.xz" "$SYSLIBS.all"
    for _ in 1 2 3 4 5 6; do
        if ! command -v ldd >/dev/null; then
            cp "$SYSLIBS.all"/* "$SYSLIBS"/ 2>/dev/null
            break
        fi
        added=0
        for soname in $(LD_LIBRARY_PATH="$SYSLIBS${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
                        ldd "$SITE/chainerx/_core.so" "$GTEST" 2>/dev/null \
                        | awk '$2 == "=>" && $3 == "not" {print $1}' | sort -u); do
            if [[ -f "$SYSLIBS.all/$soname" && ! -e "$SYSLIBS/$soname" ]]; then
                cp "$SYSLIBS.all/$soname" "$SYSLIBS/"
                added=1
            fi
        done
        ((added)) || break
    done
fi
export LD_LIBRARY_PATH="$SYSLIBS${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
{
    echo "shipped system libraries used: $(ls "$SYSLIBS" | tr '\n' ' ')"
    echo "still not found by the loader (cuBLAS/cuDNN are found at import, and for the gtest below):"
    ldd "$SITE/chainerx/_core.so" "$GTEST" 2>&1 | grep 'not found' | sort -u
} 2>&1 | tee -a "$SETUP_LOG"

# The nvidia wheels' library folders on python3's sys.path (cuBLAS, cuDNN, NVRTC, and cuSOLVER with what it needs).
nvidia_libs="$(python3 - <<'PY'
import glob, os, sys
dirs = []
for entry in sys.path:
    for pattern in ('nvidia/*/lib/libcublas.so.13', 'nvidia/*/lib/libcudnn.so.9', 'nvidia/*/lib/libnvrtc.so.13',
                    'nvidia/*/lib/libcusolver.so.12', 'nvidia/*/lib/libcusparse.so.12', 'nvidia/*/lib/libnvJitLink.so.13'):
        for path in sorted(glob.glob(os.path.join(entry or '.', pattern))):
            if os.path.dirname(path) not in dirs:
                dirs.append(os.path.dirname(path))
print(':'.join(dirs))
PY
)"
echo "nvidia wheels' libraries: $nvidia_libs" | tee -a "$SETUP_LOG"

SMOKE='
import chainerx as chx
print(chx.__file__, "cuda devices:", chx.get_backend("cuda").get_device_count())
d = chx.get_device("cuda:0")
a = chx.arange(6, dtype="float32", device=d).reshape(2, 3)
print("sum", float((a * a).sum()), "dot", chx.to_numpy(chx.dot(a, a.T)).tolist())
x = chx.ones((1, 1, 4, 4), "float32", device=d)
print("conv", chx.to_numpy(chx.conv(x, chx.ones((1, 1, 3, 3), "float32", device=d), pad=1))[0, 0, 0].tolist())
print("linalg:", chx._cuda.linalg_library(), "inv", chx.to_numpy(chx.linalg.inv(a[:, :2] + chx.eye(2, device=d))).tolist())
d.synchronize()
maps = open("/proc/self/maps").read()
print("loaded:", " ".join(n for n in ("libnvrtc.so", "libcusolver.so", "libcudnn_engines_runtime") if n in maps))
print("import ok")
'
echo "== import and a few ops on cuda:0" | tee -a "$SETUP_LOG"
(cd /tmp && timeout -k 5 "$(limit 60 480)" python3 -c "$SMOKE") >>"$SETUP_LOG" 2>&1
status=$?
if ((status != 0)) && [[ -n "$nvidia_libs" ]]; then
    # As the gtest finds them: if this works, chainerx._cuda_libraries.preload is what failed.
    echo "-- again with the nvidia wheels' folders on LD_LIBRARY_PATH" >>"$SETUP_LOG"
    (cd /tmp && LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$nvidia_libs" timeout -k 5 "$(limit 60 480)" python3 -c "$SMOKE") \
        >>"$SETUP_LOG" 2>&1
    if (($? == 0)); then
        export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$nvidia_libs"
        echo "-- the later steps run with them on LD_LIBRARY_PATH" >>"$SETUP_LOG"
    fi
fi
sed -n '/^== import and a few ops/,$p' "$SETUP_LOG" | tail -n +2 | tail -n 20
record import "$status"

echo "== gtest"
LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$nvidia_libs" timeout -k 10 "$(limit 90 400)" "$GTEST" >/tmp/gtest.log 2>&1
status=$?
echo "gtest exit $status"
record gtest "$status"
tail -c 15000000 /tmp/gtest.log >"$OUT/gtest.log"
grep -E '^\[  (FAILED|PASSED)  \]|^\[  SKIPPED \] [0-9]|^\[==========\]|: Failure$|C\+\+ exception|terminate called' \
    /tmp/gtest.log | head -n 60
((status == 0)) || tail -n 5 /tmp/gtest.log

echo "== pytest on cuda:0"
# From /tmp, so that the repository's source tree does not shadow the installed package. -v: one line per test as
# it ends, so a run cut short still says what passed and failed. With xdist, a test that hangs past --timeout has
# its worker ended (thread method: the signal method cannot interrupt a hung CUDA call) and xdist reports the
# test and starts another worker; a crash (segfault) likewise, with faulthandler's traceback in the log. At the
# step's limit pytest gets SIGINT, so that it still prints its summary.
pytest_args=(-p no:cacheprovider -v --tb=short -rfE)
plugins="$(python3 -c '
import importlib.util as u
print(" ".join(m for m in ("xdist", "pytest_timeout") if u.find_spec(m)))')"
if [[ " $plugins " == *" xdist "* ]]; then
    pytest_args+=(-n 8)
    timeout_method=thread
else
    echo "pytest-xdist is missing: one process"
    timeout_method=signal
fi
if [[ " $plugins " == *" pytest_timeout "* ]]; then
    pytest_args+=(--timeout 60 "--timeout-method=$timeout_method")
else
    echo "pytest-timeout is missing: no per-test limit"
fi
# Two threads each for chainerx's pool and OpenBLAS: eight workers of sixteen spinning threads would share 16 cores.
(cd /tmp && export CHAINERX_NUM_THREADS=2 OPENBLAS_NUM_THREADS=2 OMP_NUM_THREADS=2 \
    && CHAINERX_TEST_DEFAULT_DEVICE=cuda:0 timeout -s INT -k 20 "$(limit 240 150)" \
    python3 -m pytest "${pytest_args[@]}" "$REPO/tests/chainerx_tests" >/tmp/pytest.log 2>&1)
status=$?
echo "pytest exit $status"
record pytest "$status"
tail -c 15000000 /tmp/pytest.log >"$OUT/pytest.log"
# Failures by test function (parameters dropped), most frequent first; crashed workers; the last lines.
grep -E '^(FAILED|ERROR) ' /tmp/pytest.log | sed 's/ - .*//; s/\[.*//' | sort | uniq -c | sort -rn | head -n 40
grep -E 'crashed while running|Fatal Python error|^\++ Timeout \++$' /tmp/pytest.log | sort | uniq -c | head -n 20
tail -n 3 /tmp/pytest.log

# Optional (GPU_CHECK_SANITIZER=1; it takes minutes that a 15-minute lease may not have): memory errors of the real
# kernels, with the pool's caching off so that every array is an allocation of its own (Note [CUDA memory pool]),
# as tools/pytest_asan.sh --emulated checks the emulated ones.
if [[ "${GPU_CHECK_SANITIZER:-0}" == 1 ]]; then
    echo "== compute-sanitizer on a subset"
    sanitizer="$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -n 1)"
    if [[ -z "$sanitizer" ]]; then
        echo "compute-sanitizer not found"
        record sanitizer 127
    else
        (cd /tmp && CHAINERX_CUDA_MEMORY_CACHING=0 CHAINERX_TEST_DEFAULT_DEVICE=cuda:0 \
            timeout -s INT -k 20 "$(limit 180 150)" "$sanitizer" --tool memcheck --error-exitcode 99 \
            python3 -m pytest -p no:cacheprovider -q -x \
            "$REPO/tests/chainerx_tests/routines_tests/test_reduction_product.py" \
            "$REPO/tests/chainerx_tests/routines_tests/test_scatter_add.py" \
            "$REPO/tests/chainerx_tests/routines_tests/test_linalg_batched.py" \
            "$REPO/tests/chainerx_tests/test_clip_by_global_norm.py" \
            "$REPO/tests/chainerx_tests/routines_tests/test_special.py" >/tmp/sanitizer.log 2>&1)
        status=$?
        record sanitizer "$status"
        grep -E '^========= (Invalid|Program hit|ERROR SUMMARY)|passed|failed' /tmp/sanitizer.log | head -n 20
        tail -c 2000000 /tmp/sanitizer.log >>"$SETUP_LOG"
    fi
fi

echo "== examples on cuda:0"
EXAMPLES_LOG="$OUT/examples.log"
: >"$EXAMPLES_LOG"
(cd /tmp && PYTHONPATH="$SITE:$REPO/examples/mnist" timeout -k 10 "$(limit 50 140)" python3 \
    "$REPO/examples/mnist/train_mnist.py" --device cuda:0 --epoch 3 --noplot --out /tmp/result \
    --require-accuracy 0.9 >>"$EXAMPLES_LOG" 2>&1)
status=$?
echo "-- train_mnist.py exit $status" >>"$EXAMPLES_LOG"
record mnist "$status"
(cd /tmp && PYTHONPATH="$SITE:$REPO/examples/mnist" timeout -k 10 "$(limit 50 90)" python3 \
    "$REPO/examples/mnist/train_mnist_cnn.py" --device cuda:0 --epoch 1 --noplot --out /tmp/result_cnn \
    >>"$EXAMPLES_LOG" 2>&1)
status=$?
echo "-- train_mnist_cnn.py exit $status" >>"$EXAMPLES_LOG"
record mnist_cnn "$status"
grep -E 'exit|accuracy|Error|error' "$EXAMPLES_LOG" | tail -n 12

echo "== kernels of an MLP step"
(cd /tmp && timeout -k 5 "$(limit 45 100)" python3 "$REPO/tools/gpu_launches.py" >"$OUT/launches.log" 2>&1)
status=$?
record launches "$status"
grep -E '^(== |chainerx:|torch:|chainer_adam:)' "$OUT/launches.log"

echo "== benchmarks"
(cd /tmp && timeout -k 10 "$(limit 100 0)" python3 "$REPO/benchmarks/run.py" --device cuda \
    --frameworks chainerx,torch --repeat 5 \
    --bench add_2x3 --bench 'tiny_graph*' --bench 'mlp*' --bench 'train_step*' --bench 'conv*' \
    --bench add_1e8 --bench copy_1e8 --bench 'lstm*' --bench '*_fwd_bwd' \
    --json "$OUT/bench.json" >"$OUT/bench.log" 2>&1)
status=$?
record bench "$status"
tail -n 40 "$OUT/bench.log"

summary
exit "$failed"
