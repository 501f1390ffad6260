# Source this (`source tools/env.sh`) after tools/setup.sh: Bazel's python_configure then builds
# and tests against the project virtualenv, whatever python3 is on PATH.
CHAINERX_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PYTHON_BIN_PATH="$CHAINERX_REPO/.venv/bin/python"
