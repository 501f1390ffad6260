#!/bin/bash
# Installs the wheel given as $1 into a fresh venv and checks that the packages work from there.
set -euo pipefail

wheel="$PWD/$1"
venv="$TEST_TMPDIR/venv"
"$PYTHON_BIN" -m venv "$venv"

# numpy comes from the configured interpreter: a .pth file adds its site-packages (the wheel is
# installed without dependencies, offline). --system-site-packages does not work when
# $PYTHON_BIN is itself a venv.
site_packages="$("$PYTHON_BIN" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
venv_site_packages="$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
echo "$site_packages" > "$venv_site_packages/_parent_site_packages.pth"

"$venv/bin/python" -m pip install -q --no-index --no-deps --disable-pip-version-check "$wheel"

# Outside the source tree and runfiles, so only the installed packages can be imported.
cd "$TEST_TMPDIR"
"$venv/bin/python" - <<'PYEOF'
import os
import chainerx
import chainer

for module in (chainerx, chainer):
    assert module.__file__.startswith(os.environ["TEST_TMPDIR"]), module.__file__
a = chainerx.ones((2, 3)) + 1
assert chainerx.to_numpy(a).tolist() == [[2.0] * 3] * 2
# chainerx.testing is a Bazel package of its own; the wheel must still ship it.
import chainerx.testing
chainerx.testing.assert_array_equal_ex(chainerx.testing._fromnumpy(chainerx.to_numpy(a)), a)
# PEP 561: the stubs and the py.typed marker are installed beside the package.
package_dir = os.path.dirname(chainerx.__file__)
for name in ("py.typed", "__init__.pyi", "_core.pyi", "linalg.pyi", "random.pyi", "creation.pyi", "math.pyi",
             "manipulation.pyi"):
    assert os.path.isfile(os.path.join(package_dir, name)), name
print("wheel_install_test: OK")
PYEOF
