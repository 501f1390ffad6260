"""chainer.functions: the loss family (its public names are listed in __all__)."""

__all__ = []
NATIVE = frozenset()
