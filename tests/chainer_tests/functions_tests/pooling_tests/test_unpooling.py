"""unpooling_1d/2d/3d/nd and upsampling_2d: forward against a loop reference, gradients, errors."""

import numpy
import pytest

from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.pooling._window import WindowGather
from chainer.functions.pooling._window import WindowScatter
from chainer.functions.pooling._window import WindowSpread
from chainer.functions.pooling._window import WindowSum

import function_test_utils
import pooling_reference
from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)

_DIMS = [
    {'dims': (4,), 'ksize': 3, 'stride': 2, 'pad': 1, 'api': 'specific'},
    {'dims': (3, 4), 'ksize': 2, 'stride': None, 'pad': 0, 'api': 'specific'},
    {'dims': (3, 3), 'ksize': (3, 2), 'stride': (2, 1), 'pad': (1, 0), 'api': 'nd'},
    {'dims': (2, 3, 2), 'ksize': 2, 'stride': 2, 'pad': 1, 'api': 'specific'},
]


@testing.parameterize(*testing.product_dict(
    _DIMS,
    function_test_utils.DTYPE_PARAMETERS,
    [{'cover_all': True, 'outsize_extra': None, 'fallback': False},
     {'cover_all': False, 'outsize_extra': None, 'fallback': False},
     {'cover_all': False, 'outsize_extra': 1, 'fallback': True}],
))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestUnpoolingND(pooling_reference.Case, testing.FunctionTestCase):

    function_prefix = 'unpooling'
    fallback_nodes = (WindowSum, WindowSpread)

    def setUp(self):
        super().setUp()
        self.outsize = None
        if self.outsize_extra is not None:
            ndim = len(self.dims)
            ksize = pooling_reference._tuple(self.ksize, ndim)
            stride = ksize if self.stride is None else pooling_reference._tuple(self.stride, ndim)
            pad = pooling_reference._tuple(self.pad, ndim)
            # One more pixel than the default: windows still end inside the padding (s > 1) or not
            # at all.
            self.outsize = tuple(s * (n - 1) + k - 2 * p + (self.outsize_extra if s > 1 else 0)
                                 for n, k, s, p in zip(self.dims, ksize, stride, pad))

    def options(self):
        return {'outsize': self.outsize, 'cover_all': self.cover_all}

    def forward_expected(self, inputs):
        y = pooling_reference.spread(
            inputs[0], self.ksize, self.stride, self.pad, self.outsize, self.cover_all)
        return y.astype(self.dtype),


@testing.parameterize(*testing.product({
    'geometry': [(2, None, 0, (4, 6)), (3, 2, 1, (5, 6)), (3, 2, 1, None)],
    'dtype': function_test_utils.FLOAT_DTYPES,
    'cover_all': [True, False],
    'fallback': [False, True],
}))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestUpsampling2D(pooling_reference.Case, testing.FunctionTestCase):

    fallback_nodes = (WindowGather, WindowScatter)

    def setUp(self):
        super().setUp()
        ksize, stride, pad, outsize = self.geometry
        image = outsize or (5, 6)
        dims = tuple(pooling_reference.out_size(n, ksize, stride or ksize, pad, self.cover_all)
                     for n in image)
        self.indexes = numpy.random.randint(0, ksize * ksize, (2, 3) + dims)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.indexes.shape).astype(self.dtype),

    def forward(self, inputs, device):
        ksize, stride, pad, outsize = self.geometry
        indexes = device.send(self.indexes)
        return F.upsampling_2d(inputs[0], indexes, ksize, stride, pad, outsize, self.cover_all),

    def forward_expected(self, inputs):
        ksize, stride, pad, outsize = self.geometry
        return pooling_reference.spread(inputs[0], ksize, stride, pad, outsize, self.cover_all,
                                        indexes=self.indexes).astype(self.dtype),


def test_upsampling_inverts_max_pooling(mode):
    x_np = numpy.random.RandomState(1).permutation(60).reshape(1, 3, 4, 5).astype(numpy.float32)
    y, indexes = F.max_pooling_2d(make_array(mode, x_np, numpy.float32), 2, return_indices=True)
    up = to_numpy(F.upsampling_2d(y, indexes, 2, outsize=(4, 5)).array)
    # Every window maximum is back in place; everything else is zero.
    numpy.testing.assert_array_equal(up[up != 0], x_np[up != 0])
    assert (up != 0).sum() == y.size


def test_zero_size_batch(mode):
    function_test_utils.check_zero_size_batch(
        mode, lambda x: F.unpooling_2d(x, 2), [(0, 3, 2, 2)], (0, 3, 3, 3))


@pytest.mark.parametrize('make_call, error', [
    *pooling_reference.input_type_errors(F.unpooling_2d),
    (lambda a: F.unpooling_2d(a((2, 3, 4, 4)), 2, outsize=(10, 8), cover_all=False),
     type_check.InvalidType),
    (lambda a: F.unpooling_2d(a((2, 3, 4, 4)), 2, outsize=(8,)), ValueError),
    (lambda a: F.unpooling_1d(a((2, 3, 4, 4)), 2), ValueError),
    (lambda a: F.unpooling_3d(a((2, 3, 4, 4)), 2), ValueError),
    (lambda a: F.upsampling_2d(a((2, 3, 2, 2)), numpy.zeros((2, 3, 2, 3), numpy.int64), 2),
     type_check.InvalidType),
    (lambda a: F.upsampling_2d(a((2, 3, 2, 2)), numpy.zeros((2, 3, 2, 2), numpy.int64), 2,
                               outsize=(6, 4), cover_all=False), type_check.InvalidType),
])
def test_errors(mode, make_call, error):
    with pytest.raises(error):
        make_call(lambda shape: make_array(mode, numpy.zeros(shape)))


testing.run_module(__name__, __file__)
