"""Python-level parts of the indexing routines (NumPy-backed fallbacks and thin compositions)."""

__all__ = []


def populate(ndarray):
    """Adds the Python-level indexing methods to `ndarray`."""
