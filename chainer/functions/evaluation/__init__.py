"""chainer.functions: the evaluation family (its public names are listed in __all__)."""

from chainer.functions.evaluation.accuracy import accuracy  # NOQA
from chainer.functions.evaluation.binary_accuracy import binary_accuracy  # NOQA
from chainer.functions.evaluation.classification_summary import classification_summary  # NOQA
from chainer.functions.evaluation.classification_summary import f1_score  # NOQA
from chainer.functions.evaluation.classification_summary import precision  # NOQA
from chainer.functions.evaluation.classification_summary import recall  # NOQA
from chainer.functions.evaluation.r2_score import r2_score  # NOQA

__all__ = ['accuracy', 'binary_accuracy', 'classification_summary', 'f1_score', 'precision', 'r2_score',
           'recall']
# All of them compute their (gradient-free) results with chainerx routines in forward_chainerx.
NATIVE = frozenset(__all__)
