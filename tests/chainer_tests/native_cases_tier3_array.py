"""Native cases of the Tier 3 array, connection, evaluation and math functions (functions_tests/
test_native.py).

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
from chainer.functions.array.spatial_transformer_grid import spatial_transformer_grid
from chainer.functions.array.spatial_transformer_sampler import spatial_transformer_sampler
from chainer.functions.array.transpose_sequence import transpose_sequence
from chainer.functions.connection.deformable_convolution_2d_sampler import (
    deformable_convolution_2d_sampler)
from chainer.functions.connection.shift import shift
from chainer.functions.evaluation.classification_summary import classification_summary
from chainer.functions.evaluation.classification_summary import f1_score
from chainer.functions.evaluation.classification_summary import precision
from chainer.functions.evaluation.classification_summary import recall
from chainer.functions.math.fft import fft
from chainer.functions.math.fft import ifft
from chainer.functions.math.sparse_matmul import sparse_matmul
from chainer.utils.sparse import CooMatrix


def _x(*shape, seed=0):
    values = numpy.random.RandomState(seed).uniform(-1, 1, shape)
    return chainer.Variable(chainerx.array(values))


def _labels(values):
    return chainerx.array(numpy.asarray(values, numpy.int32))


def _sparse_matmul():
    row = chainerx.array(numpy.array([0, 2, 1, 0, 2, 2], numpy.int32))
    col = chainerx.array(numpy.array([1, 0, 3, 1, 2, 3], numpy.int32))
    sp = CooMatrix(_x(6), row, col, (3, 4))
    return sparse_matmul(sp, _x(4, 5, seed=1)), sparse_matmul(_x(5, 3, seed=2), sp)


CASES = {
    'as_strided': lambda: as_strided(_x(2, 3), (3, 2), (1, 2), 1),
    'depth2space': lambda: depth2space(_x(2, 8, 2, 3), 2),
    'diagonal': lambda: diagonal(_x(3, 2, 4), -1, 2, 0),
    'im2col': lambda: im2col(_x(1, 2, 4, 5), 3, 2, 1, cover_all=True, dilate=(1, 2)),
    'pad_sequence': lambda: pad_sequence([_x(2, 3), _x(4, 3, seed=1)], length=5, padding=-1),
    'permutate': lambda: (permutate(_x(3, 2), _labels([2, 0, 1])),
                          permutate(_x(3, 2), _labels([2, 0, 1]), axis=0, inv=True)),
    'space2depth': lambda: space2depth(_x(2, 3, 4, 6), 2),
    'spatial_transformer_grid': lambda: spatial_transformer_grid(_x(2, 2, 3), (3, 4)),
    'spatial_transformer_sampler': lambda: spatial_transformer_sampler(_x(2, 3, 4, 5),
                                                                       _x(2, 2, 3, 2, seed=1)),
    'deformable_convolution_2d_sampler': lambda: deformable_convolution_2d_sampler(
        _x(2, 3, 5, 4), _x(2, 12, 3, 3, seed=1), _x(2, 3, 2, 3, seed=2), _x(2, seed=3),
        stride=2, pad=1),
    'shift': lambda: shift(_x(2, 9, 4, 5), ksize=3, dilate=(1, 2)),
    'fft': lambda: fft((_x(2, 8), _x(2, 8, seed=1))),
    'ifft': lambda: ifft((_x(2, 8), _x(2, 8, seed=1))),
    'sparse_matmul': _sparse_matmul,
    'transpose_sequence': lambda: transpose_sequence([_x(3, 2), _x(2, 2, seed=1),
                                                      _x(0, 2, seed=2)]),
    'classification_summary': lambda: classification_summary(_x(4, 3), _labels([0, 2, -1, 2])),
    'precision': lambda: precision(_x(4, 3), _labels([0, 2, 1, 2]), label_num=4),
    'recall': lambda: recall(_x(4, 3), _labels([0, 2, 1, 0]), ignore_label=1),
    'f1_score': lambda: f1_score(_x(4, 3), _labels([0, 2, 1, 2])),
}
