"""The creation routines written in Python, grouped as the original's ``chainerx.creation`` package was.

They are also module-level functions of ``chainerx`` (``chainerx.creation.fromfile is chainerx.fromfile``); the
compiled ones (``zeros``, ``arange``, ...) live only there.
"""

from chainerx._creation import asanyarray, fromfile, fromfunction, fromiter, fromstring, loadtxt  # NOQA

__all__ = ['asanyarray', 'fromfile', 'fromfunction', 'fromiter', 'fromstring', 'loadtxt']
