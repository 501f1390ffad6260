"""deconvolution_1d/2d/3d/nd: forward against a loop reference, gradients, outsize, errors."""

import numpy
import pytest

from chainer import testing
from chainer.utils import type_check
import chainer.functions as F

import conv_reference
import function_test_utils
from function_test_utils import seeded_arrays
from mode_utils import mode, to_numpy  # NOQA: F401 (fixture)

# `outsize_extra` adds to the default output size (1 is the size a cover_all convolution maps back).
_OPTIONS = [
    {'stride': 1, 'pad': 0, 'outsize_extra': None, 'dilate': 1, 'groups': 1, 'nobias': False},
    {'stride': 2, 'pad': 1, 'outsize_extra': 1, 'dilate': 1, 'groups': 1, 'nobias': False},
    {'stride': 2, 'pad': 1, 'outsize_extra': 0, 'dilate': 2, 'groups': 1, 'nobias': True},
    {'stride': 3, 'pad': 0, 'outsize_extra': None, 'dilate': 2, 'groups': 2, 'nobias': False},
]


def _default_outsize(dims, ksize, stride, pad, dilate):
    return tuple(stride * (n - 1) + dilate * (ksize - 1) + 1 - 2 * pad for n in dims)


@conv_reference.nd_cases(
    [{'dims': (4,), 'ksize': 3, 'api': 'specific'}, {'dims': (3, 4), 'ksize': 3, 'api': 'specific'},
     {'dims': (3, 3), 'ksize': 2, 'api': 'nd'}, {'dims': (2, 3, 2), 'ksize': 2, 'api': 'specific'},
     {'dims': (3, 4), 'ksize': 3, 'api': 'nd', 'fallback': True}],
    _OPTIONS)
class TestDeconvolutionND(conv_reference.NdCase, testing.FunctionTestCase):
    """deconvolution_1d/2d/3d/nd against conv_reference.deconv."""

    transposed = True

    def setUp(self):
        super().setUp()
        self.outsize = None
        if self.outsize_extra is not None:
            self.outsize = tuple(o + self.outsize_extra for o in _default_outsize(
                self.dims, self.ksize, self.stride, self.pad, self.dilate))


def test_is_the_adjoint_of_convolution(mode):
    x, W, gy = seeded_arrays(mode, (2, 3, 5, 6), (4, 3, 3, 2), (2, 4, 3, 3))
    kwargs = dict(stride=2, pad=(1, 0))
    # <conv(x), gy> == <x, deconv(gy)> for the deconvolution whose output has x's shape.
    y = F.convolution_2d(x, W, cover_all=True, **kwargs)
    z = F.deconvolution_2d(gy, W, outsize=(5, 6), **kwargs)
    assert y.shape == gy.shape and z.shape == x.shape
    numpy.testing.assert_allclose(float((to_numpy(y.array) * to_numpy(gy)).sum()),
                                  float((to_numpy(x) * to_numpy(z.array)).sum()))


def test_mixed_dtypes_keep_the_dtype_of_x(mode):
    x, = seeded_arrays(mode, (2, 3, 3, 3), dtype=numpy.float32)
    W, = seeded_arrays(mode, (3, 2, 2, 2), dtype=numpy.float64)
    conv_reference.check_mixed_dtypes(
        F.deconvolution_2d, conv_reference.deconv, (x, W), (2, 2, 6, 6), 1e-5, stride=2)


def test_zero_size_batch(mode):
    function_test_utils.check_zero_size_batch(
        mode, lambda x, W: F.deconvolution_2d(x, W, stride=2), [(0, 3, 2, 2), (3, 2, 3, 3)],
        (0, 2, 5, 5))


@pytest.mark.parametrize('make_call, error', [
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((2, 2, 3, 3))), type_check.InvalidType),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), a((3,))),
     type_check.InvalidType),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), groups=2),
     type_check.InvalidType),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), stride=2, outsize=(11, 9)),
     type_check.InvalidType),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), stride=2, outsize=(6, 9)),
     type_check.InvalidType),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), outsize=(6,)), ValueError),
    (lambda a: F.deconvolution_2d(a((2, 3, 1, 1)), a((3, 2, 1, 1)), pad=1), ValueError),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), deterministic=False),
     ValueError),
    (lambda a: F.deconvolution_1d(a((2, 3, 4, 4)), a((3, 2, 3, 3))), ValueError),
    (lambda a: F.deconvolution_3d(a((2, 3, 4)), a((3, 2, 3))), ValueError),
])
def test_errors(mode, make_call, error):
    with pytest.raises(error):
        make_call(lambda shape: seeded_arrays(mode, shape)[0])


testing.run_module(__name__, __file__)
