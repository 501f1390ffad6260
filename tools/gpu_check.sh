#!/usr/bin/env bash
# The GPU check of the CUDA backend, run on a lent device machine in one call after tools/gpu_prepare.sh:
#   1. the CUDA gtests (every kernel family against native, the memory pool's steady loop);
#   2. the whole chainerx pytest suite with cuda:0 as the default device (CHAINERX_TEST_DEFAULT_DEVICE);
#   3. end to end: the main job's Chainer Trainer example for 3 epochs on cuda:0, and the CNN example for one;
#   4. the speed table: chainerx against PyTorch CUDA (benchmarks/run.py --device cuda).
# Logs and the benchmark JSON go to $OUT (the device tool brings them back). Each step has its own time limit so
# that one hang cannot eat the others' time; together they stay under the device tool's 600 s per call.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${OUT:-/tmp/gpu_check}"
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv | tee "$OUT/gpu.txt"
python3 -m pip install -q --no-index --no-deps --no-compile --upgrade --target /tmp/site \
    "$REPO"/.gpu/chainerx-*-cp312-*.whl
export PYTHONPATH=/tmp/site

echo "== gtest"
# Outside Bazel's runfiles the test finds cuBLAS/cuDNN through LD_LIBRARY_PATH: the nvidia wheels' folders on
# python3's sys.path.
nvidia_libs="$(python3 - <<'PY'
import glob, os, sys
dirs = []
for entry in sys.path:
    for pattern in ('nvidia/*/lib/libcublas.so.13', 'nvidia/*/lib/libcudnn.so.9'):
        for path in sorted(glob.glob(os.path.join(entry or '.', pattern))):
            if os.path.dirname(path) not in dirs:
                dirs.append(os.path.dirname(path))
print(':'.join(dirs))
PY
)"
xz -dc "$REPO/.gpu/cuda_backend_test.xz" > /tmp/cuda_backend_test && chmod +x /tmp/cuda_backend_test
LD_LIBRARY_PATH="$nvidia_libs" timeout 90 /tmp/cuda_backend_test 2>&1 | tee "$OUT/gtest.log" | grep -E '^\[  (FAILED|PASSED|SKIPPED) |^\[==========\]|Failure|error' | head -60

echo "== pytest on cuda:0"
# From /tmp, so that the repository's source tree does not shadow the installed package.
(cd /tmp && CHAINERX_TEST_DEFAULT_DEVICE=cuda:0 timeout 270 python3 -m pytest -q -p no:cacheprovider -n 8 \
    --timeout 60 --tb=line "$REPO/tests/chainerx_tests" > /tmp/pytest.log 2>&1)
echo "pytest exit $?"
tail -c 15000000 /tmp/pytest.log > "$OUT/pytest.log"  # a file that comes back is at most 16 MiB
grep -E '^(FAILED|ERROR)' /tmp/pytest.log | sed 's/ - .*//' | awk -F'::' '{print $1"::"$2}' | sed 's/\[.*//' \
    | sort | uniq -c | sort -rn | head -40
tail -n 3 /tmp/pytest.log

echo "== examples on cuda:0"
(cd /tmp && PYTHONPATH="/tmp/site:$REPO/examples/mnist" timeout 60 python3 "$REPO/examples/mnist/train_mnist.py" \
    --device cuda:0 --epoch 3 --noplot --out /tmp/result --require-accuracy 0.9 2>&1 | tail -n 8 | tee "$OUT/mnist.log")
(cd /tmp && PYTHONPATH="/tmp/site:$REPO/examples/mnist" timeout 60 python3 "$REPO/examples/mnist/train_mnist_cnn.py" \
    --device cuda:0 --epoch 1 --noplot --out /tmp/result_cnn 2>&1 | tail -n 6 | tee "$OUT/mnist_cnn.log")

echo "== benchmarks"
(cd /tmp && timeout 110 python3 "$REPO/benchmarks/run.py" --device cuda --frameworks chainerx,torch --repeat 5 \
    --bench add_2x3 --bench 'tiny_graph*' --bench 'mlp*' --bench 'train_step*' --bench 'conv*' \
    --bench add_1e8 --bench copy_1e8 \
    --json "$OUT/bench.json" 2>&1 | tee "$OUT/bench.log")
