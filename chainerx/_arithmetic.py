"""Python-level parts of the arithmetic routines (NumPy-backed fallbacks and thin compositions)."""

__all__ = []


def populate(ndarray):
    """Adds the Python-level arithmetic methods to `ndarray`."""
