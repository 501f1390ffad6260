"""Adds the ndarray methods written in Python (``clip``, ``tolist``, the NumPy fallbacks of ``__getitem__`` and
``__setitem__``, ``__cuda_array_interface__``) to the compiled class; each module defines its own."""

from chainerx import _arithmetic, _creation, _cuda, _indexing, _manipulation

_FAMILY_MODULES = (_arithmetic, _creation, _cuda, _indexing, _manipulation)


def populate() -> None:
    """Installs the Python-level methods of every family on ``chainerx.ndarray`` (once, at import)."""
    import chainerx

    for module in _FAMILY_MODULES:
        module.populate(chainerx.ndarray)
