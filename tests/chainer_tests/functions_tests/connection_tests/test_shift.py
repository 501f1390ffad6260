"""F.shift: forward against a per-element loop, gradients of both orders, native on chainerx, errors."""

import numpy
import pytest

import chainer
from chainer.functions.connection.shift import shift
from chainer.utils import type_check

import function_test_utils
import loss_check
from mode_utils import make_array
from mode_utils import to_numpy


def _pair(value):
    return tuple(value) if isinstance(value, tuple) else (value, value)


def _shift_reference(x, ksize, dilate):
    """The shift element by element, with the group of each channel as the original's CUDA kernel finds it."""
    (kh, kw), (dy, dx) = _pair(ksize), _pair(dilate)
    n, c, h, w = x.shape
    n_groups = kh * kw
    group_size = c // n_groups
    y = numpy.zeros_like(x)
    for channel in range(c):
        group = channel // group_size
        if group == (n_groups - 1) // 2:
            group = n_groups - 1
        elif group == n_groups - 1:
            group = (n_groups - 1) // 2
        ky, kx = (group // kw - kh // 2, group % kw - kw // 2) if group < n_groups else (0, 0)
        for row in range(h):
            for col in range(w):
                in_row, in_col = row - ky * dy, col - kx * dx
                if 0 <= in_row < h and 0 <= in_col < w:
                    y[:, channel, row, col] = x[:, channel, in_row, in_col]
    return y


@loss_check.function_tests({
    'case': [  # (ksize, dilate, x's shape)
        (3, 1, (2, 9, 4, 5)),
        (3, 2, (1, 11, 5, 4)),  # two channels over the groups: the last group takes them
        ((3, 1), (1, -2), (2, 3, 4, 3)),
        ((1, 5), 1, (1, 7, 2, 6)),
        (1, 1, (2, 2, 3, 3)),
        (3, 3, (1, 9, 2, 2)),  # every shift leaves the input
        (3, 1, (0, 9, 3, 3)),  # zero-size batch
        (5, (2, 1), (1, 25, 3, 4)),
    ],
})
class TestShift(loss_check.ToleranceTestCase):
    """Kernel grids of 1 to 25 offsets, dilations (negative ones too), remainder channels and empty batches."""

    def setUp(self):
        super().setUp()
        self.ksize, self.dilate, self.shape = self.case

    def generate_inputs(self):
        return loss_check.uniform(self.shape, self.dtype),

    def forward(self, inputs, device):
        return shift(inputs[0], ksize=self.ksize, dilate=self.dilate),

    def forward_expected(self, inputs):
        return _shift_reference(inputs[0], self.ksize, self.dilate),


def test_group_offsets_follow_the_original():
    # One channel per group of a 3 x 3 grid: channel i of the output at the centre of a 3 x 3 image reads the input
    # at (1 - ky, 1 - kx), where the middle group (4) and the last (8) exchange their offsets.
    x = numpy.arange(81, dtype=numpy.float32).reshape(1, 9, 3, 3)
    y = shift(x).array[0, :, 1, 1]
    offsets = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (1, 1), (0, 1), (1, -1), (1, 0), (0, 0)]
    numpy.testing.assert_array_equal(y, [x[0, i, 1 - ky, 1 - kx] for i, (ky, kx) in enumerate(offsets)])


def test_native_on_chainerx():
    y = function_test_utils.check_stays_native(lambda x: shift(x, ksize=3, dilate=(1, 2)), (2, 10, 4, 5))
    assert y.shape == (2, 10, 4, 5)


def test_zero_size_batch(mode):
    function_test_utils.check_zero_size_batch(mode, shift, [(0, 9, 3, 3)], (0, 9, 3, 3))


def test_pair_arguments_as_lists(mode):
    x = make_array(mode, numpy.random.RandomState(0).uniform(-1, 1, (1, 3, 3, 4)))
    y = shift(x, ksize=[1, 3], dilate=[1, 2])
    numpy.testing.assert_array_equal(to_numpy(y.array), _shift_reference(to_numpy(x), (1, 3), (1, 2)))


@pytest.mark.parametrize('ksize', [2, (3, 2), (4, 1)])
def test_even_kernel_is_a_value_error(mode, ksize):
    with pytest.raises(ValueError):
        shift(make_array(mode, numpy.zeros((1, 16, 3, 3))), ksize=ksize)


@pytest.mark.parametrize('shape, dtype, ksize', [
    ((1, 8, 3, 3), numpy.float32, 3),  # fewer channels than groups
    ((1, 14, 3, 3), numpy.float32, (3, 5)),
    ((9, 3, 3), numpy.float32, 3),  # 3-d
    ((1, 9, 3, 3, 1), numpy.float32, 3),  # 5-d
    ((1, 9, 3, 3), numpy.int32, 3),
])
def test_invalid_input_types(mode, shape, dtype, ksize):
    with pytest.raises(type_check.InvalidType):
        shift(make_array(mode, numpy.zeros(shape), dtype), ksize=ksize)


def test_gradient_is_the_opposite_shift(mode):
    x = chainer.Variable(make_array(mode, numpy.random.RandomState(1).uniform(-1, 1, (2, 9, 4, 4))))
    gy = numpy.random.RandomState(2).uniform(-1, 1, (2, 9, 4, 4))
    y = shift(x, dilate=2)
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, gy)])
    numpy.testing.assert_array_equal(to_numpy(gx.array), _shift_reference(gy, 3, -2))
