"""F.gumbel_softmax, F.zoneout and F.simplified_dropconnect: values with seeded or given noise,
gradients, modes, errors."""

import numpy
import pytest

import chainer
from chainer.functions.noise.gumbel_softmax import gumbel_softmax
from chainer.functions.noise.simplified_dropconnect import simplified_dropconnect
from chainer.functions.noise.zoneout import zoneout
from chainer.utils import type_check

import loss_check
from mode_utils import make_array
from mode_utils import to_numpy

_SEED = 7


def _softmax(x, axis):
    e = numpy.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


@loss_check.function_tests({
    'shape': [(3, 4), (2, 3, 2), (0, 3)],
    'axis': [1, -1],
    'tau': [0.5, 2.0],
})
class TestGumbelSoftmax(loss_check.ToleranceTestCase):
    """The sample for noise drawn after seeding NumPy, which makes it deterministic."""

    tolerance_scale = 4.0

    def generate_inputs(self):
        return numpy.log(numpy.random.uniform(0.1, 1, self.shape)).astype(self.dtype),

    def forward(self, inputs, device):
        numpy.random.seed(_SEED)
        return gumbel_softmax(inputs[0], tau=self.tau, axis=self.axis),

    def forward_expected(self, inputs):
        numpy.random.seed(_SEED)
        noise = numpy.random.gumbel(size=self.shape).astype(self.dtype)
        x = (inputs[0] + noise).astype(numpy.float64) / self.tau
        return _softmax(x, self.axis).astype(self.dtype),


@loss_check.function_tests({'shape': [(3, 4), (), (0, 2)], 'ratio': [0.0, 0.3, 1.0]})
class TestZoneout(loss_check.ToleranceTestCase):
    """h where the seeded flags keep it (probability `ratio`), x elsewhere."""

    def generate_inputs(self):
        return tuple(loss_check.uniform(self.shape, self.dtype) for _ in range(2))

    def forward(self, inputs, device):
        numpy.random.seed(_SEED)
        with chainer.using_config('train', True):
            return zoneout(*inputs, ratio=self.ratio),

    def forward_expected(self, inputs):
        numpy.random.seed(_SEED)
        keep_x = numpy.random.random_sample(self.shape) >= self.ratio
        return numpy.asarray(numpy.where(keep_x, inputs[1], inputs[0])),


@loss_check.function_tests({
    'shapes': [((3, 4), (5, 4)), ((2, 2, 3), (4, 6)), ((0, 3), (2, 3))],
    'batchwise': [True, False],
    'bias': [True, False],
    'ratio': [0.0, 0.5],
})
class TestSimplifiedDropconnect(loss_check.ToleranceTestCase):
    """Given masks, per example or shared by the batch, with and without a bias."""

    tolerance_scale = 4.0

    def setUp(self):
        super().setUp()
        m, k = self.shapes[1]
        shape = (self.shapes[0][0], m, k) if self.batchwise else (m, k)
        self.mask = numpy.random.uniform(size=shape) >= self.ratio

    def generate_inputs(self):
        x_shape, w_shape = self.shapes
        arrays = [loss_check.uniform(x_shape, self.dtype), loss_check.uniform(w_shape, self.dtype)]
        if self.bias:
            arrays.append(loss_check.uniform(w_shape[:1], self.dtype))
        return tuple(arrays)

    def forward(self, inputs, device):
        x, W = inputs[:2]
        b = inputs[2] if self.bias else None
        return simplified_dropconnect(x, W, b, self.ratio, mask=device.send(self.mask)),

    def forward_expected(self, inputs):
        x, W = [a.astype(numpy.float64) for a in inputs[:2]]
        weights = W * self.mask / (1 - self.ratio)
        x = x.reshape(len(x), W.shape[1])
        if self.batchwise:
            y = numpy.einsum('nmk,nk->nm', weights, x)
        else:
            y = x.dot(weights.T)
        if self.bias:
            y = y + inputs[2]
        return y.astype(self.dtype),


def test_gumbel_softmax_same_seed_same_sample_in_both_modes():
    samples = []
    for mode in ('numpy', 'chainerx'):
        numpy.random.seed(3)
        y = gumbel_softmax(chainer.Variable(make_array(mode, numpy.zeros((4, 5)))), tau=1.)
        samples.append(to_numpy(y.array))
    numpy.testing.assert_allclose(samples[0], samples[1], rtol=1e-12)
    numpy.testing.assert_allclose(samples[0].sum(axis=1), 1)


def test_gumbel_softmax_small_tau_is_nearly_one_hot_and_follows_the_probabilities():
    numpy.random.seed(0)
    log_pi = numpy.log(numpy.tile([0.7, 0.2, 0.1], (4000, 1)))
    y = gumbel_softmax(log_pi, tau=0.01).array
    assert (y.max(axis=1) > 0.99).mean() > 0.95
    numpy.testing.assert_allclose(numpy.bincount(y.argmax(axis=1)) / 4000, [0.7, 0.2, 0.1],
                                  atol=0.03)


def test_gumbel_softmax_of_a_scalar_is_one(mode):
    y = gumbel_softmax(make_array(mode, 0.3, numpy.float32))
    assert y.shape == () and y.dtype == numpy.float32 and float(to_numpy(y.array)) == 1


def test_zoneout_test_mode_returns_x(mode):
    h, x = make_array(mode, [1.0, 2.0]), chainer.Variable(make_array(mode, [3.0, 4.0]))
    with chainer.using_config('train', False):
        assert zoneout(h, x) is x
        y = zoneout(h, make_array(mode, [5.0]))
    assert isinstance(y, chainer.Variable)
    numpy.testing.assert_array_equal(to_numpy(y.array), [5.0])


def test_zoneout_keeps_h_at_the_rate_and_seeds_alike_in_both_modes():
    outputs = []
    for mode in ('numpy', 'chainerx'):
        numpy.random.seed(5)
        with chainer.using_config('train', True):
            y = zoneout(make_array(mode, numpy.zeros((100, 100))),
                        make_array(mode, numpy.ones((100, 100))), ratio=0.3)
        outputs.append(to_numpy(y.array))
    numpy.testing.assert_array_equal(outputs[0], outputs[1])
    assert abs((outputs[0] == 0).mean() - 0.3) < 0.02


@pytest.mark.parametrize('h, x', [
    (numpy.zeros(3), numpy.zeros(3, numpy.float32)),
    (numpy.zeros(3), numpy.zeros(2)),
    (numpy.zeros(3, numpy.int32), numpy.zeros(3, numpy.int32)),
])
def test_zoneout_invalid_inputs(mode, h, x):
    with chainer.using_config('train', True):
        loss_check.raises_in_both_modes(mode, type_check.InvalidType, zoneout, h, x)


@pytest.mark.parametrize('batchwise', [True, False])
def test_dropconnect_random_mask_rate_scale_and_seed(batchwise):
    outputs = []
    for mode in ('numpy', 'chainerx'):
        numpy.random.seed(2)
        # x = I picks one column of the masked weights per example: 0 or 1 / 0.75.
        y = simplified_dropconnect(make_array(mode, numpy.eye(50)),
                                   make_array(mode, numpy.ones((40, 50))), ratio=0.25,
                                   use_batchwise_mask=batchwise)
        outputs.append(to_numpy(y.array))
    numpy.testing.assert_array_equal(outputs[0], outputs[1])
    assert set(numpy.unique(outputs[0]).round(6).tolist()) == {0.0, round(1 / 0.75, 6)}
    assert abs((outputs[0] == 0).mean() - 0.25) < 0.03
    # Equal examples give equal outputs exactly when the mask is shared by the batch.
    y = simplified_dropconnect(numpy.ones((2, 50)), numpy.ones((40, 50)), ratio=0.5,
                               use_batchwise_mask=batchwise).array
    assert (y[0] == y[1]).all() != batchwise


def test_dropconnect_not_training_is_linear(mode):
    rng = numpy.random.RandomState(0)
    x, W, b = rng.randn(3, 4), rng.randn(2, 4), rng.randn(2)
    y = simplified_dropconnect(*[make_array(mode, a) for a in (x, W, b)], train=False)
    numpy.testing.assert_allclose(to_numpy(y.array), x.dot(W.T) + b, rtol=1e-12)


def test_dropconnect_mixed_dtypes_keep_x_dtype(mode):
    x = chainer.Variable(make_array(mode, numpy.ones((2, 3)), numpy.float16))
    W = chainer.Variable(make_array(mode, numpy.ones((4, 3)), numpy.float32))
    y = simplified_dropconnect(x, W, ratio=0.5, mask=numpy.ones((2, 4, 3), bool))
    gx, gW = chainer.grad([y], [x, W], grad_outputs=[make_array(mode, numpy.ones((2, 4)),
                                                                numpy.float16)])
    assert (y.dtype, gx.dtype, gW.dtype) == (numpy.float16, numpy.float16, numpy.float32)
    numpy.testing.assert_array_equal(to_numpy(y.array), numpy.full((2, 4), 6))


@pytest.mark.parametrize('x_shape, w_shape, b_shape, mask_shape', [
    ((2, 3), (4, 2), None, None),
    ((2, 3), (4, 3, 1), None, None),
    ((2, 3), (4, 3), (3,), None),
    ((2, 3), (4, 3), None, (3, 4, 3)),
    ((2, 3), (4, 3), None, (4, 2)),
    ((3,), (4, 3), None, None),
])
def test_dropconnect_invalid_shapes(mode, x_shape, w_shape, b_shape, mask_shape):
    arrays = [make_array(mode, numpy.zeros(s)) for s in (x_shape, w_shape, b_shape) if s]
    mask = None if mask_shape is None else numpy.ones(mask_shape, bool)
    with pytest.raises(type_check.InvalidType):
        simplified_dropconnect(arrays[0], arrays[1], *arrays[2:], mask=mask)


@pytest.mark.parametrize('kwargs, error', [
    ({'ratio': 1.0}, ValueError),
    ({'ratio': -0.1}, ValueError),
    ({'mask': [[True] * 3] * 4}, TypeError),
])
def test_dropconnect_invalid_arguments(kwargs, error):
    with pytest.raises(error):
        simplified_dropconnect(numpy.zeros((2, 3)), numpy.zeros((4, 3)), **kwargs)


def test_gumbel_softmax_needs_an_array():
    with pytest.raises(TypeError):
        gumbel_softmax([[0.0, 1.0]])
