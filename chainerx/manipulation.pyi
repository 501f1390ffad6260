# Type stub of chainerx.manipulation: the Python-level manipulation routines, the same objects as chainerx's
# (typed in __init__.pyi). tests/chainerx_tests/test_stubs.py checks the names against the runtime.
from chainerx import broadcast_arrays as broadcast_arrays
