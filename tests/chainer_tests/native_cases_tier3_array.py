"""Native cases of the Tier 3 array and evaluation functions (functions_tests/test_native.py).

The functions are imported from their modules, so the cases work whether or not the family
packages export them yet.
"""

import numpy

import chainer
import chainerx
from chainer.functions.array.as_strided import as_strided
from chainer.functions.array.depth2space import depth2space
from chainer.functions.array.diagonal import diagonal
from chainer.functions.array.im2col import im2col
from chainer.functions.array.pad_sequence import pad_sequence
from chainer.functions.array.permutate import permutate
from chainer.functions.array.space2depth import space2depth
from chainer.functions.array.transpose_sequence import transpose_sequence
from chainer.functions.evaluation.classification_summary import classification_summary
from chainer.functions.evaluation.classification_summary import f1_score
from chainer.functions.evaluation.classification_summary import precision
from chainer.functions.evaluation.classification_summary import recall


def _x(*shape, seed=0):
    values = numpy.random.RandomState(seed).uniform(-1, 1, shape)
    return chainer.Variable(chainerx.array(values))


def _labels(values):
    return chainerx.array(numpy.asarray(values, numpy.int32))


CASES = {
    'as_strided': lambda: as_strided(_x(2, 3), (3, 2), (1, 2), 1),
    'depth2space': lambda: depth2space(_x(2, 8, 2, 3), 2),
    'diagonal': lambda: diagonal(_x(3, 2, 4), -1, 2, 0),
    'im2col': lambda: im2col(_x(1, 2, 4, 5), 3, 2, 1, cover_all=True, dilate=(1, 2)),
    'pad_sequence': lambda: pad_sequence([_x(2, 3), _x(4, 3, seed=1)], length=5, padding=-1),
    'permutate': lambda: (permutate(_x(3, 2), _labels([2, 0, 1])),
                          permutate(_x(3, 2), _labels([2, 0, 1]), axis=0, inv=True)),
    'space2depth': lambda: space2depth(_x(2, 3, 4, 6), 2),
    'transpose_sequence': lambda: transpose_sequence([_x(3, 2), _x(2, 2, seed=1),
                                                      _x(0, 2, seed=2)]),
    'classification_summary': lambda: classification_summary(_x(4, 3), _labels([0, 2, -1, 2])),
    'precision': lambda: precision(_x(4, 3), _labels([0, 2, 1, 2]), label_num=4),
    'recall': lambda: recall(_x(4, 3), _labels([0, 2, 1, 0]), ignore_label=1),
    'f1_score': lambda: f1_score(_x(4, 3), _labels([0, 2, 1, 2])),
}
