#!/usr/bin/env bash
# Builds, here, what tools/gpu_check.sh needs on a lent device machine (Python 3.12, no Bazel, no network), into
# .gpu/ (in .gitignore; name it in the device call's `carry`):
#   - the wheel with the CUDA backend for CPython 3.12 (bazel build --config=cuda //:wheel against .venv-py312/);
#   - the CUDA gtest binary (gtest linked statically), compressed with xz to fit the carry limit;
#   - copies of the system libraries both need beyond glibc and the CUDA wheels (OpenBLAS, LAPACKE), xz-compressed.
# Then, in one device call (at most 570 s of the 600 s; see gpu_check.sh):
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
eval "$(grep -E '^PIP_CUDA_(HEADER_)?PACKAGES=' tools/setup.sh)"
"$VENV/bin/python" -m pip install -q numpy pybind11 wheel "${PIP_CUDA_PACKAGES[@]}"
"$VENV/bin/python" -m pip install -q --no-deps "${PIP_CUDA_HEADER_PACKAGES[@]}"

source tools/env.sh
export PYTHON_BIN_PATH="$VENV/bin/python"
# Re-read the interpreter's headers and the CUDA wheels even if PYTHON_BIN_PATH was this one before.
bazel sync --configure
bazel build --config=cuda //:wheel //chainerx/cuda:cuda_backend_test

rm -rf .gpu
mkdir -p .gpu/syslibs
cp bazel-bin/chainerx-*-cp312-*.whl .gpu/
xz -T0 -c bazel-bin/chainerx/cuda/cuda_backend_test > .gpu/cuda_backend_test.xz
# The system libraries the binaries load beyond glibc, libstdc++, zlib and the CUDA wheels: OpenBLAS, LAPACKE and
# their Fortran runtime, from this machine's Debian packages. The device's image may lack them (its README: "a binary
# built on this machine's image may not run on that one's"); gpu_check.sh puts a copy on LD_LIBRARY_PATH only for a
# library that the loader does not find there.
libs="$(ldd bazel-bin/chainerx/_core.so bazel-bin/chainerx/cuda/cuda_backend_test \
    | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | sort -u \
    | grep -vE '^(ld-linux[-_a-z0-9]*|libc|libm|libdl|librt|libpthread|libstdc\+\+|libgcc_s|libz)\.so' \
    | grep -vE '^(libcublas(Lt)?|libcudnn[_a-z]*)\.so' \
    || true)"
while read -r soname path; do
    [[ -n "$soname" ]] && cp -L "$path" ".gpu/syslibs/$soname"
done <<<"$libs"
echo "system libraries shipped: $(ls .gpu/syslibs | tr '\n' ' ')"
tar -C .gpu/syslibs -cf - . | xz -T0 > .gpu/syslibs.tar.xz
rm -rf .gpu/syslibs
du -ch .gpu/* | tail -n 1
