# Type stub of chainerx.math: the Python-level math routines, the same objects as chainerx's (typed in
# __init__.pyi). tests/chainerx_tests/test_stubs.py checks the names against the runtime.
from chainerx import clip as clip
from chainerx import copysign as copysign
from chainerx import fix as fix
