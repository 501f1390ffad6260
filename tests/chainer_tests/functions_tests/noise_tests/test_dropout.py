"""F.dropout: the mask (values, dtype, seed, reuse), train/test behaviour, gradients, errors,
native path."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
import math_elementwise_check as check
from mode_utils import make_array
from mode_utils import to_numpy


def _train():
    return chainer.using_config('train', True)


@loss_check.function_tests({
    'shape': [(3, 4), (), (0, 2)],
    'ratio': [0.0, 0.3, 0.75],
})
class TestDropoutWithMask(loss_check.ToleranceTestCase):
    """Gradients with a given mask (so that the function is deterministic)."""

    def setUp(self):
        super().setUp()
        scale = self.dtype(1 / (1 - self.ratio))
        self.mask = (numpy.random.uniform(size=self.shape) >= self.ratio) * scale
        self.mask = self.mask.astype(self.dtype)

    def generate_inputs(self):
        return loss_check.uniform(self.shape, self.dtype),

    def forward(self, inputs, device):
        with _train():
            return F.dropout(inputs[0], self.ratio, mask=device.send(self.mask)),

    def forward_expected(self, inputs):
        return numpy.asarray(inputs[0] * self.mask),


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('ratio', [0.0, 0.25, 0.5, 0.9])
def test_mask_values_dtype_and_rate(mode, dtype, ratio):
    numpy.random.seed(0)
    x = make_array(mode, numpy.ones((100, 100)), dtype)
    with _train():
        y, mask = F.dropout(x, ratio, return_mask=True)
    mask, y = to_numpy(mask), to_numpy(y.array)
    scale = dtype(1 / (1 - ratio))
    assert y.dtype == dtype and mask.dtype == dtype and mask.shape == (100, 100)
    assert set(numpy.unique(mask).tolist()) <= {0.0, float(scale)}
    numpy.testing.assert_array_equal(y, mask)
    assert abs((mask == 0).mean() - ratio) < 0.02


def test_same_seed_gives_the_same_mask_in_both_modes():
    masks = []
    for mode in ('numpy', 'chainerx'):
        numpy.random.seed(3)
        with _train():
            _, mask = F.dropout(make_array(mode, numpy.ones((4, 5))), 0.5, return_mask=True)
        masks.append(to_numpy(mask))
    numpy.testing.assert_array_equal(masks[0], masks[1])


def test_returned_mask_is_on_the_input_device(mode):
    with _train():
        _, mask = F.dropout(make_array(mode, numpy.ones(3)), return_mask=True)
    assert type(mask) is type(make_array(mode, [1.0]))


def test_given_mask_is_used_and_returned(mode):
    x = make_array(mode, numpy.arange(4.0))
    with _train():
        y1, mask = F.dropout(x, 0.5, return_mask=True)
        y2 = F.dropout(x, 0.5, mask=mask)
        y3, mask3 = F.dropout(x, 0.5, mask=to_numpy(mask), return_mask=True)
    numpy.testing.assert_array_equal(to_numpy(y1.array), to_numpy(y2.array))
    numpy.testing.assert_array_equal(to_numpy(y1.array), to_numpy(y3.array))
    numpy.testing.assert_array_equal(to_numpy(mask3), to_numpy(mask))


def test_mask_of_another_dtype_keeps_the_input_dtype(mode):
    x = chainer.Variable(make_array(mode, [1.0, 2.0], numpy.float32))
    mask = make_array(mode, [0.0, 2.0], numpy.float64)
    with _train():
        y = F.dropout(x, 0.5, mask=mask)
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, [1.0, 1.0], numpy.float32)])
    assert y.dtype == numpy.float32 and gx.dtype == numpy.float32
    numpy.testing.assert_array_equal(to_numpy(y.array), [0.0, 4.0])


def test_gradient_is_the_mask(mode):
    x = chainer.Variable(make_array(mode, numpy.ones((5, 6))))
    with _train():
        y, mask = F.dropout(x, 0.4, return_mask=True)
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, numpy.full((5, 6), 2.0))])
    numpy.testing.assert_array_equal(to_numpy(gx.array), 2 * to_numpy(mask))


def test_test_mode_is_the_identity(mode):
    x = chainer.Variable(make_array(mode, numpy.arange(3.0)))
    with chainer.using_config('train', False):
        y, mask = F.dropout(x, 0.5, return_mask=True)
        z = F.dropout(make_array(mode, [1.0, 2.0]), 0.99)
    assert y is x and mask is None
    assert isinstance(z, chainer.Variable)
    numpy.testing.assert_array_equal(to_numpy(z.array), [1.0, 2.0])


@pytest.mark.parametrize('ratio', [1.0, -0.1, 1.5])
def test_ratio_out_of_range(mode, ratio):
    with _train(), pytest.raises(ValueError):
        F.dropout(make_array(mode, [1.0]), ratio)


def test_retired_and_unknown_arguments(mode):
    x = make_array(mode, [1.0])
    with pytest.raises(ValueError, match='using_config'):
        F.dropout(x, train=True)
    with pytest.raises(TypeError):
        F.dropout(x, masks=None)


def test_integer_input_is_invalid_type(mode):
    with _train(), pytest.raises(type_check.InvalidType):
        F.dropout(make_array(mode, [1, 2], numpy.int32))


def test_native_on_chainerx():
    with _train():
        y, (gx,) = check.assert_native(lambda x: F.dropout(x, 0.5), [[1.0, 2.0], [4.0, 5.0]])
    kept = to_numpy(y.array) != 0
    numpy.testing.assert_array_equal(to_numpy(gx.array), numpy.where(kept, 2.0, 0.0))
