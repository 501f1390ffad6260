# Type stub of chainerx.creation: the Python-level creation routines, the same objects as chainerx's (typed in
# __init__.pyi). tests/chainerx_tests/test_stubs.py checks the names against the runtime.
from chainerx import asanyarray as asanyarray
from chainerx import fromfile as fromfile
from chainerx import fromfunction as fromfunction
from chainerx import fromiter as fromiter
from chainerx import fromstring as fromstring
from chainerx import loadtxt as loadtxt
