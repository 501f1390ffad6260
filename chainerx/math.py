"""The math routines written in Python, grouped as the original's ``chainerx.math`` package was.

They are also module-level functions of ``chainerx`` (``chainerx.math.clip is chainerx.clip``); the compiled
ones (``exp``, ``add``, ...) live only there. Inside the ``chainerx`` package, ``import math`` still finds the
standard library's module (imports are absolute).
"""

from chainerx._arithmetic import clip, copysign, fix  # NOQA

__all__ = ['clip', 'copysign', 'fix']
