"""chainer.functions: the util family (its public names are listed in __all__)."""

from chainer.functions.util.forget import forget  # NOQA

__all__ = ['forget']
NATIVE = frozenset(__all__)
