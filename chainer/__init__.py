"""Chainer on ChainerX: a define-by-run deep learning framework running on chainerx arrays.

This package grows with the Chainer issues; for now it only makes sure that chainerx is importable, as the
original Chainer does at import time.
"""

import chainerx  # NOQA

__version__ = '0.1.0'
