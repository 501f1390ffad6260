#!/usr/bin/env bash
# One idempotent set-up for building and testing ChainerX:
#   - Debian packages Bazel and the C++ dependencies need,
#   - the project virtualenv .venv/ with the Python packages the build and tests import.
# Quiet and fast when everything is already there; only missing pieces are installed.
#
# Usage: tools/setup.sh [--cuda] [--bench]
#   --cuda   also cuBLAS and cuDNN (headers and libraries) from pip, for `--config=cuda`
#   --bench  also the CPU build of PyTorch, for benchmarks/
# Environment: CHAINERX_PYTHON  interpreter the venv is created from (default: python3)
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO/.venv"

APT_PACKAGES=(bazel-bootstrap bazel-platforms bazel-rules-java
              libgtest-dev libgmock-dev libopenblas-dev liblapack-dev liblapacke-dev)
# mypy (17 MB with its dependencies) type-checks code against chainerx's stubs in test_stubs.py.
PIP_PACKAGES=(numpy pytest pybind11 wheel scikit-learn mypy)
# Pinned to the cuBLAS of the CUDA 13.0 Update 2 toolkit in /usr/local/cuda (runtime 13.0.96),
# and a cuDNN 9 built for CUDA 13.0.
PIP_CUDA_PACKAGES=(nvidia-cublas==13.1.0.3 nvidia-cudnn-cu13==9.13.1.26)
# The CPU wheel only: a plain `torch` would pull several GB of CUDA wheels.
PIP_BENCH_PACKAGES=(torch==2.13.0+cpu)

usage() { sed -n '2,10s/^# \{0,1\}//p' "$0"; }
log() { echo "setup.sh: $*" >&2; }

want=("${PIP_PACKAGES[@]}")
for arg in "$@"; do
    case "$arg" in
        --cuda) want+=("${PIP_CUDA_PACKAGES[@]}") ;;
        --bench) want+=("${PIP_BENCH_PACKAGES[@]}") ;;
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

# --- virtualenv ------------------------------------------------------------
if ! "$VENV/bin/python" -c '' 2>/dev/null; then
    base_python="${CHAINERX_PYTHON:-python3}"
    log "creating $VENV from $base_python"
    rm -rf "$VENV"
    "$base_python" -m venv "$VENV"
fi
PY="$VENV/bin/python"

# Prints the requirements (name or name==version) that are not installed in the venv.
missing_pip="$("$PY" - "${want[@]}" <<'PYEOF'
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
if [[ -n "$missing_pip" ]]; then
    mapfile -t missing_pip <<<"$missing_pip"
    log "installing into .venv: ${missing_pip[*]}"
    "$PY" -m pip install -q --disable-pip-version-check "${missing_pip[@]}"
fi
