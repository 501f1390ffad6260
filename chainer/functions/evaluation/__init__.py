"""chainer.functions: the evaluation family (its public names are listed in __all__)."""

from chainer.functions.evaluation.accuracy import accuracy  # NOQA
from chainer.functions.evaluation.binary_accuracy import binary_accuracy  # NOQA
from chainer.functions.evaluation.r2_score import r2_score  # NOQA

__all__ = ['accuracy', 'binary_accuracy', 'r2_score']
# All three compute their (gradient-free) results with chainerx routines in forward_chainerx.
NATIVE = frozenset(__all__)
