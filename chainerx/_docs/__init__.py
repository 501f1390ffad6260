"""Docstrings of the compiled chainerx names, one module per family, applied once by `set_docs()`.

Each family module has a ``DOCS`` dict from a dotted path below ``chainerx`` (``'exp'``,
``'linalg.solve'``, ``'ndarray.reshape'``, ``'Device.name'``) to the docstring. Python-level
routines (``clip``, ``fromfile``, ...) keep their docstrings in their own source.

pybind11 functions keep the signature lines pybind11 generates on top (``help()`` and the stub
test read them) and get the text below them through ``_core._set_pybind_doc``, since Python
cannot assign ``__doc__`` of a builtin function. Properties and classes are assigned directly.
"""

import importlib
import typing as tp

_FAMILIES = (
    'creation', 'manipulation', 'arithmetic', 'explog', 'trigonometric', 'hyperbolic', 'rounding',
    'logic', 'reduction', 'statistics', 'sorting', 'indexing', 'linalg', 'connection', 'pooling', 'normalization',
    'activation', 'loss', 'rnn', 'device', 'backprop', 'array', 'array_operators', 'error', 'testing', 'interop',
)

_applied = False


def all_docs() -> tp.Dict[str, str]:
    """Every documented path and its docstring, gathered from the family modules."""
    docs: tp.Dict[str, str] = {}
    for family in _FAMILIES:
        module = importlib.import_module('chainerx._docs.' + family)
        duplicates = docs.keys() & module.DOCS.keys()
        if duplicates:
            raise RuntimeError('documented twice: {}'.format(sorted(duplicates)))
        docs.update(module.DOCS)
    return docs


def _resolve(path: str) -> tp.Tuple[tp.Any, str, tp.Any]:
    """(owner, attribute name, attribute) for a dotted path; the attribute is looked up in the
    owner's ``__dict__`` when the owner is a class, so that properties come back as such."""
    import chainerx

    owner: tp.Any = chainerx
    *parents, name = path.split('.')
    for part in parents:
        owner = getattr(owner, part)
    if isinstance(owner, type):
        for klass in owner.__mro__:
            if name in vars(klass):
                return owner, name, vars(klass)[name]
        raise AttributeError(path)
    return owner, name, getattr(owner, name)


def _is_pybind_function(obj: tp.Any) -> bool:
    # method_descriptor: an ndarray method with a fast path, whose docstring _set_pybind_doc sets too.
    func = getattr(obj, '__func__', obj)
    return type(func).__name__ in ('builtin_function_or_method', 'method_descriptor')


def _apply(path: str, text: str) -> None:
    from chainerx import _core

    _, _, obj = _resolve(path)
    if _is_pybind_function(obj):
        # The signature lines pybind11 wrote (one per overload) stay first.
        signature = (obj.__doc__ or '').rstrip('\n')
        _core._set_pybind_doc(obj, signature + '\n\n' + text)
    else:
        # Classes, exception types, properties and Python functions accept a plain assignment.
        obj.__doc__ = text


def set_docs() -> None:
    """Installs the docstrings (at import of chainerx; later calls do nothing). Paths that do not
    exist in this build (e.g. a CUDA-only name) are skipped; test_docs.py checks the two sets."""
    global _applied
    if _applied:
        return
    _applied = True
    for path, text in all_docs().items():
        try:
            _resolve(path)
        except AttributeError:
            continue
        _apply(path, text)
