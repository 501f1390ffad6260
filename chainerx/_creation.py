"""Python-level parts of the creation routines (NumPy-backed fallbacks and thin compositions)."""

__all__ = []


def populate(ndarray):
    """Adds the Python-level creation methods to `ndarray`."""
