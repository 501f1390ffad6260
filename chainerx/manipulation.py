"""The manipulation routines written in Python, grouped as the original's ``chainerx.manipulation`` package was.

They are also module-level functions of ``chainerx`` (``chainerx.manipulation.broadcast_arrays is
chainerx.broadcast_arrays``); the compiled ones (``reshape``, ``concatenate``, ...) live only there.
"""

from chainerx._manipulation import broadcast_arrays  # NOQA

__all__ = ['broadcast_arrays']
