"""Python-level parts of the manipulation routines (NumPy-backed fallbacks and thin compositions)."""

__all__ = []


def populate(ndarray):
    """Adds the Python-level manipulation methods to `ndarray`."""
