"""Native cases of the array functions (functions_tests/test_native.py): one per name.

broadcast and broadcast_to are the core's cases. pad is native in its gathering and constant modes,
copy between chainerx devices.
"""

import numpy

import chainer
import chainer.functions as F
import chainerx


def _x(*shape, seed=0):
    values = numpy.random.RandomState(seed).uniform(-1, 1, shape)
    return chainer.Variable(chainerx.array(values))


def _condition(*shape):
    return chainerx.array(numpy.random.RandomState(1).uniform(size=shape) > 0.5)


CASES = {
    'cast': lambda: F.cast(_x(2, 3), numpy.float32),
    'concat': lambda: F.concat([_x(2, 3), _x(2, 1, seed=1)], axis=1),
    'copy': lambda: F.copy(_x(2, 3), 'native:1'),
    'dstack': lambda: F.dstack([_x(2, 3), _x(2, 3, seed=1)]),
    'expand_dims': lambda: F.expand_dims(_x(2, 3), 1),
    'flatten': lambda: F.flatten(_x(2, 3)),
    'flip': lambda: F.flip(_x(2, 3), 1),
    'fliplr': lambda: F.fliplr(_x(2, 3)),
    'flipud': lambda: F.flipud(_x(2, 3)),
    'get_item': lambda: F.get_item(_x(3, 4), (slice(1, None), [0, 3, 3])),
    'hstack': lambda: F.hstack([_x(2, 3), _x(2, 2, seed=1)]),
    'moveaxis': lambda: F.moveaxis(_x(2, 3, 4), 0, -1),
    'pad': lambda: (F.pad(_x(2, 3), ((1, 0), (2, 1)), 'constant', constant_values=0.5),
                    F.pad(_x(2, 3), 2, 'reflect')),
    'repeat': lambda: F.repeat(_x(2, 3), (1, 0, 2), axis=1),
    'reshape': lambda: F.reshape(_x(2, 3), (3, -1)),
    'resize_images': lambda: (F.resize_images(_x(1, 2, 3, 3), (5, 4)),
                              F.resize_images(_x(1, 2, 3, 3), (2, 5), mode='nearest')),
    'rollaxis': lambda: F.rollaxis(_x(2, 3, 4), 2),
    'scatter_add': lambda: F.scatter_add(_x(3, 2), ([0, 2, 0], slice(None)), _x(3, 2)),
    'select_item': lambda: F.select_item(_x(2, 3), chainerx.array([2, 0], numpy.int32)),
    'separate': lambda: F.separate(_x(2, 3), axis=1),
    'split_axis': lambda: F.split_axis(_x(2, 5), [1, 3], axis=1),
    'squeeze': lambda: F.squeeze(_x(2, 1, 3)),
    'stack': lambda: F.stack([_x(2, 3), _x(2, 3, seed=1)], axis=1),
    'swapaxes': lambda: F.swapaxes(_x(2, 3, 4), 0, 2),
    'tile': lambda: F.tile(_x(2, 3), (2, 1, 2)),
    'transpose': lambda: F.transpose(_x(2, 3, 4), (1, 2, 0)),
    'vstack': lambda: F.vstack([_x(3), _x(3, seed=1)]),
    'where': lambda: F.where(_condition(2, 3), _x(2, 3), _x(1, 3, seed=1)),
}
