#!/usr/bin/env bash
# Builds, here, what tools/gpu_check.sh needs on a lent device machine (Python 3.12, no Bazel, no network), into
# .gpu/ (in .gitignore; name it in the device call's `carry`):
#   - the wheel with the CUDA backend for CPython 3.12 (bazel build --config=cuda //:wheel against .venv-py312/);
#   - the CUDA gtest binary (statically linked), compressed with xz to fit the carry limit.
# Then, in one device call (about 8 minutes):
#   run(command="tools/gpu_check.sh", carry=[".gpu"], timeout_s=600)
# Building against another Python rebuilds the binding; `source tools/env.sh` afterwards and the next default
# build switches back (PYTHON_BIN_PATH is re-read).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
PY312="${PY312:-$HOME/.pyenv/versions/3.12.1/bin/python3}"
VENV="$REPO/.venv-py312"

if [[ ! -x "$VENV/bin/python" ]]; then
    "$PY312" -m venv "$VENV"
fi
# The build finds cuBLAS/cuDNN headers in the interpreter's site-packages (third_party/cuda): the same pins as setup.sh.
eval "$(grep '^PIP_CUDA_PACKAGES=' tools/setup.sh)"
"$VENV/bin/python" -m pip install -q numpy pybind11 wheel "${PIP_CUDA_PACKAGES[@]}"

source tools/env.sh
export PYTHON_BIN_PATH="$VENV/bin/python"
# Re-read the interpreter's headers and the CUDA wheels even if PYTHON_BIN_PATH was this one before.
bazel sync --configure
bazel build --config=cuda //:wheel //chainerx/cuda:cuda_backend_test

rm -rf .gpu
mkdir -p .gpu
cp bazel-bin/chainerx-*-cp312-*.whl .gpu/
xz -T0 -c bazel-bin/chainerx/cuda/cuda_backend_test > .gpu/cuda_backend_test.xz
du -ch .gpu/* | tail -n 1
