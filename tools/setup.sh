#!/usr/bin/env bash
# One idempotent set-up for building and testing ChainerX:
#   - Debian packages Bazel and the C++ dependencies need,
#   - the project virtualenv .venv/ with the Python packages the build and tests import,
#   - with --numpy1, a second virtualenv .venv-numpy1/ (same Python) whose NumPy is 1.x, for testing the
#     built package against NumPy 1 (tools/pytest_staged.sh .venv-numpy1/bin/python).
# Quiet and fast when everything is already there; only missing pieces are installed.
#
# Usage: tools/setup.sh [--cuda] [--bench] [--numpy1]
#   --cuda    also cuBLAS and cuDNN (headers and libraries) and cuSOLVER's headers from pip, for `--config=cuda`
#   --bench   also the CPU build of PyTorch, for benchmarks/
#   --numpy1  also .venv-numpy1/ with NumPy 1.26, pytest and a scikit-learn built for it
# Environment: CHAINERX_PYTHON  interpreter the venv is created from (default: python3)
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO/.venv"
VENV_NUMPY1="$REPO/.venv-numpy1"

# Open MPI (mpiexec and libmpi) is what chainermn's mpi4py runs on; its tests run under mpiexec.
APT_PACKAGES=(bazel-bootstrap bazel-platforms bazel-rules-java
              libgtest-dev libgmock-dev libopenblas-dev liblapack-dev liblapacke-dev
              openmpi-bin libopenmpi-dev)
# mypy (17 MB with its dependencies) type-checks code against chainerx's stubs in test_stubs.py.
# matplotlib (PlotReport), pillow (ImageDataset) and h5py (the hdf5 serializers) are optional at run
# time for chainer; installed here so that their tests run instead of skipping.
# mpi4py (chainermn) ships wheels that load the system's Open MPI at run time.
PIP_PACKAGES=(numpy pytest pybind11 wheel scikit-learn mypy matplotlib pillow h5py mpi4py)
# Pinned to the cuBLAS of the CUDA 13.0 Update 2 toolkit in /usr/local/cuda (runtime 13.0.96),
# and a cuDNN 9 built for CUDA 13.0.
PIP_CUDA_PACKAGES=(nvidia-cublas==13.1.0.3 nvidia-cudnn-cu13==9.13.1.26)
# cuSOLVER is loaded at run time when it is there (Note [cuSOLVER loaded on demand] in chainerx/cuda/cusolver.h): the
# build needs only its headers, so its wheel comes without the wheels it needs at run time (cuSPARSE, nvJitLink).
# The cuSOLVER of CUDA 13.0; the legacy dense API the kernels use is in every libcusolver.so.12.
PIP_CUDA_HEADER_PACKAGES=(nvidia-cusolver==12.0.4.66)
# The CPU wheel only: a plain `torch` would pull several GB of CUDA wheels.
PIP_BENCH_PACKAGES=(torch==2.13.0+cpu)
# The last NumPy 1.x; installed in one pip call with the rest, so pip picks a scikit-learn built for it.
PIP_NUMPY1_PACKAGES=(numpy==1.26.4 pytest scikit-learn)

usage() { sed -n '2,13s/^# \{0,1\}//p' "$0"; }
log() { echo "setup.sh: $*" >&2; }

want=("${PIP_PACKAGES[@]}")
want_no_deps=()
numpy1=false
for arg in "$@"; do
    case "$arg" in
        --cuda)
            want+=("${PIP_CUDA_PACKAGES[@]}")
            want_no_deps+=("${PIP_CUDA_HEADER_PACKAGES[@]}")
            ;;
        --bench) want+=("${PIP_BENCH_PACKAGES[@]}") ;;
        --numpy1) numpy1=true ;;
        -h|--help) usage; exit 0 ;;
        *) log "unknown option: $arg"; usage >&2; exit 2 ;;
    esac
done

# --- Debian packages -------------------------------------------------------
missing_apt=()
installed_apt="$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${APT_PACKAGES[@]}" 2>/dev/null || true)"
for pkg in "${APT_PACKAGES[@]}"; do
    grep -q "^$pkg ii" <<<"$installed_apt" || missing_apt+=("$pkg")
done
if ((${#missing_apt[@]})); then
    log "installing Debian packages: ${missing_apt[*]}"
    sudo=()
    if [[ $(id -u) != 0 ]]; then sudo=(sudo); fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq "${missing_apt[@]}" >/dev/null
fi

# --- virtualenvs ------------------------------------------------------------
# ensure_venv DIR BASE_PYTHON: creates the virtualenv DIR unless it already works.
ensure_venv() {
    if ! "$1/bin/python" -c '' 2>/dev/null; then
        log "creating $1 from $2"
        rm -rf "$1"
        "$2" -m venv "$1"
    fi
}

# ensure_pip [--no-deps] PYTHON REQUIREMENT...: installs the requirements (name or name==version) that are missing.
ensure_pip() {
    local pip_flags=()
    if [[ "$1" == --no-deps ]]; then
        pip_flags+=(--no-deps)
        shift
    fi
    local py="$1"
    shift
    local missing
    missing="$("$py" - "$@" <<'PYEOF'
import sys
from importlib import metadata
for spec in sys.argv[1:]:
    name, _, pinned = spec.partition("==")
    try:
        have = metadata.version(name)
    except metadata.PackageNotFoundError:
        print(spec)
        continue
    if pinned and have != pinned:
        print(spec)
PYEOF
)"
    if [[ -n "$missing" ]]; then
        log "installing into $(dirname "$(dirname "$py")"): $(tr '\n' ' ' <<<"$missing")"
        # All requirements in one call, so that pins constrain the resolution of the others.
        "$py" -m pip install -q --disable-pip-version-check "${pip_flags[@]}" "$@"
    fi
}

ensure_venv "$VENV" "${CHAINERX_PYTHON:-python3}"
ensure_pip "$VENV/bin/python" "${want[@]}"
if ((${#want_no_deps[@]})); then
    ensure_pip --no-deps "$VENV/bin/python" "${want_no_deps[@]}"
fi
if $numpy1; then
    # The same interpreter as .venv (the extension is built for its Python version).
    base_python="$("$VENV/bin/python" -c 'import sys; print(sys._base_executable)')"
    ensure_venv "$VENV_NUMPY1" "$base_python"
    ensure_pip "$VENV_NUMPY1/bin/python" "${PIP_NUMPY1_PACKAGES[@]}"
fi
