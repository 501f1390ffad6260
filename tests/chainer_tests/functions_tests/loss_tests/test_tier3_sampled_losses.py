"""F.negative_sampling and F.black_out against float64 NumPy references, with fixed samples.

The samples are inputs of the test cases (int arrays), so that every call of a sampled loss in a
gradient check sees the same ones.
"""

import numpy
import pytest

import chainer
import chainerx
from chainer.functions.loss.black_out import black_out
from chainer.functions.loss.negative_sampling import negative_sampling
from chainer.utils import type_check

import loss_check
from math_elementwise_check import assert_native
from mode_utils import make_array
from mode_utils import to_numpy

N_ROWS, N_UNITS = 6, 3  # the vocabulary (rows of W) and the width of the features


def _softplus(z):
    return numpy.logaddexp(0, z)


def _negative_sampling(x, t, W, samples, reduce):
    loss = numpy.zeros(len(x))
    for b in range(len(x)):
        if t[b] == -1:
            continue
        loss[b] = _softplus(-x[b] @ W[t[b]]) + sum(_softplus(x[b] @ W[n]) for n in samples[b, 1:])
    return numpy.asarray(loss.sum()) if reduce == 'sum' else loss


def _log_sum_exp(values):
    top = max(values)
    return top + numpy.log(sum(numpy.exp(v - top) for v in values))


def _black_out(x, t, W, samples, reduce):
    """-log p_0 - sum_s log(1 - p_s), each log(1 - p_s) as the log of the others' share."""
    loss = numpy.zeros(len(x))
    for b in range(len(x)):
        scores = [x[b] @ W[t[b]]] + [x[b] @ W[n] for n in samples[b]]
        log_z = _log_sum_exp(scores)
        loss[b] = log_z - scores[0]
        for s in range(1, len(scores)):
            loss[b] -= _log_sum_exp(scores[:s] + scores[s + 1:]) - log_z
    return numpy.asarray(loss.sum() / max(len(x), 1)) if reduce == 'mean' else loss


def _labels(batch, ignored):
    t = numpy.random.randint(0, N_ROWS, batch).astype(numpy.int32)
    if ignored and batch:
        t[::2] = -1
    return t


def _fixed(samples):
    """A sampler returning the array `samples` (of the shape it is asked for)."""
    def sample(shape):
        assert shape == samples.shape
        return samples
    return sample


# (batch, sample_size, whether some labels are -1): a batch with ignored rows, one without, an
# empty batch and no negatives at all.
_NS_SHAPES = [(4, 3, True), (3, 1, False), (0, 2, False), (2, 0, True)]


@loss_check.function_tests({'shape': _NS_SHAPES, 'reduce': ['sum', 'no']})
class TestNegativeSampling(loss_check.ToleranceTestCase):
    """F.negative_sampling for both reductions, ignored labels, an empty batch, no negatives."""

    tolerance_scale = 4.0

    def generate_inputs(self):
        batch, sample_size, ignored = self.shape
        samples = numpy.random.randint(0, N_ROWS, (batch, sample_size + 1)).astype(numpy.int32)
        return (loss_check.uniform((batch, N_UNITS), self.dtype), _labels(batch, ignored),
                loss_check.uniform((N_ROWS, N_UNITS), self.dtype), samples)

    def forward(self, inputs, device):
        x, t, W, samples = inputs
        return negative_sampling(x, t, W, _fixed(samples.array), self.shape[1], self.reduce),

    def forward_expected(self, inputs):
        x, t, W, samples = inputs
        loss = _negative_sampling(x.astype(numpy.float64), t, W.astype(numpy.float64), samples,
                                  self.reduce)
        return loss.astype(self.dtype),


@loss_check.function_tests({'shape': [(4, 3), (3, 1), (0, 2), (2, 0)], 'reduce': ['mean', 'no']})
class TestBlackOut(loss_check.ToleranceTestCase):
    """F.black_out for both reductions, an empty batch and no samples."""

    tolerance_scale = 4.0

    def generate_inputs(self):
        batch, sample_size = self.shape
        return (loss_check.uniform((batch, N_UNITS), self.dtype), _labels(batch, False),
                loss_check.uniform((N_ROWS, N_UNITS), self.dtype),
                numpy.random.randint(0, N_ROWS, (batch, sample_size)).astype(numpy.int32))

    def forward(self, inputs, device):
        x, t, W, samples = inputs
        return black_out(x, t, W, samples, self.reduce),

    def forward_expected(self, inputs):
        x, t, W, samples = inputs
        loss = _black_out(x.astype(numpy.float64), t, W.astype(numpy.float64), samples,
                          self.reduce)
        return loss.astype(self.dtype),


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_black_out_is_finite_when_a_sample_dominates(mode, dtype):
    # Scores (0, 50, 1) and (1, 50, 50): the original's log(1 - exp(n - logsumexp)) is -inf there.
    x = chainer.Variable(make_array(mode, numpy.ones((2, 1)), dtype))
    W = chainer.Variable(make_array(mode, [[0.], [50.], [1.]], dtype))
    t = make_array(mode, [0, 2], numpy.int32)
    samples = make_array(mode, [[1, 2], [1, 1]], numpy.int32)
    loss = black_out(x, t, W, samples, reduce='no')
    expected = _black_out(numpy.ones((2, 1)), [0, 2], numpy.array([[0.], [50.], [1.]]),
                          numpy.array([[1, 2], [1, 1]]), 'no')
    numpy.testing.assert_allclose(to_numpy(loss.array), expected, rtol=1e-6)
    gx, gW = chainer.grad([chainer.functions.sum(loss)], [x, W])
    assert numpy.isfinite(to_numpy(gx.array)).all() and numpy.isfinite(to_numpy(gW.array)).all()


def test_black_out_gradient_is_exact_when_a_sample_dominates(mode):
    rng = numpy.random.RandomState(3)
    x = make_array(mode, rng.uniform(1, 2, (3, 2)))
    W = make_array(mode, numpy.concatenate([rng.uniform(-1, 1, (4, 2)), [[40., 40.]]]))
    t = make_array(mode, [0, 1, 2], numpy.int32)
    samples = make_array(mode, [[4, 3], [4, 4], [3, 0]], numpy.int32)
    gy = make_array(mode, rng.uniform(-1, 1, 3))
    chainer.gradient_check.check_backward(
        lambda x, W: black_out(x, t, W, samples, reduce='no'), (x, W), gy, eps=1e-4,
        atol=1e-6, rtol=1e-5)


def test_ignored_labels_get_no_gradient(mode):
    rng = numpy.random.RandomState(0)
    x = chainer.Variable(make_array(mode, rng.uniform(-1, 1, (3, N_UNITS))))
    W = chainer.Variable(make_array(mode, rng.uniform(-1, 1, (N_ROWS, N_UNITS))))
    t = make_array(mode, [2, -1, 4], numpy.int32)
    samples = numpy.array([[0, 1, 1], [0, 5, 3], [0, 0, 1]], numpy.int32)
    loss = negative_sampling(x, t, W, _fixed(samples), 2, reduce='no')
    gx, gW = chainer.grad([chainer.functions.sum(loss)], [x, W])
    assert float(to_numpy(loss.array)[1]) == 0
    numpy.testing.assert_array_equal(to_numpy(gx.array)[1], 0)
    # Rows 3 and 5 are drawn for the ignored example only.
    numpy.testing.assert_array_equal(to_numpy(gW.array)[[3, 5]], 0)
    assert (to_numpy(gW.array)[[1, 2, 4]] != 0).all()


def test_negative_sampling_returns_samples_with_labels_first(mode):
    calls = []

    def sampler(shape):
        calls.append(shape)
        return numpy.arange(shape[0] * shape[1], dtype=numpy.int32).reshape(shape) % N_ROWS

    x = make_array(mode, numpy.zeros((2, N_UNITS)))
    t = make_array(mode, [3, -1], numpy.int32)
    W = make_array(mode, numpy.zeros((N_ROWS, N_UNITS)))
    loss, samples = negative_sampling(x, t, W, sampler, numpy.int64(2), return_samples=True)
    assert calls == [(2, 3)] and all(type(n) is int for n in calls[0])
    # A NumPy sampler's samples are sent to the device of x.
    assert isinstance(samples, type(x)) and samples.dtype == numpy.int32
    numpy.testing.assert_array_equal(to_numpy(samples), [[3, 1, 2], [-1, 4, 5]])
    numpy.testing.assert_allclose(float(loss.array), 3 * numpy.log(2))


@pytest.mark.parametrize('sample_size', [numpy.int32(2), numpy.int64(2), 2])
def test_numpy_integer_sample_size(sample_size):
    x, W = numpy.zeros((1, N_UNITS)), numpy.zeros((N_ROWS, N_UNITS))
    sampler = _fixed(numpy.zeros((1, 3), numpy.int32))
    loss = negative_sampling(x, numpy.array([0], numpy.int32), W, sampler, sample_size)
    numpy.testing.assert_allclose(float(loss.array), 3 * numpy.log(2))


@pytest.mark.parametrize('sample_size, error', [
    (-1, ValueError), (2.0, TypeError), (True, TypeError), ('2', TypeError)])
def test_invalid_sample_size(sample_size, error):
    x, W = numpy.zeros((1, N_UNITS)), numpy.zeros((N_ROWS, N_UNITS))
    with pytest.raises(error):
        negative_sampling(x, numpy.array([0], numpy.int32), W, numpy.zeros, sample_size)


@pytest.mark.parametrize('result', [
    numpy.zeros((2, 2), numpy.int32),  # one column short
    numpy.zeros((2, 3)),  # float indices
    [[0, 0, 0], [0, 0, 0]],  # not an array
])
def test_invalid_sampler_result(result):
    x, W = numpy.zeros((2, N_UNITS)), numpy.zeros((N_ROWS, N_UNITS))
    with pytest.raises(ValueError, match='sampler'):
        negative_sampling(x, numpy.array([0, 1], numpy.int32), W, lambda shape: result, 2)


@pytest.mark.parametrize('reduce', ['mean', 'avg'])
def test_negative_sampling_invalid_reduce(reduce):
    x, W = numpy.zeros((1, N_UNITS)), numpy.zeros((N_ROWS, N_UNITS))
    with pytest.raises(ValueError, match="'sum' and 'no'"):
        negative_sampling(x, numpy.zeros(1, numpy.int32), W, numpy.zeros, 2, reduce=reduce)


@pytest.mark.parametrize('reduce', ['sum', 'avg'])
def test_black_out_invalid_reduce(reduce):
    x, W = numpy.zeros((1, N_UNITS)), numpy.zeros((N_ROWS, N_UNITS))
    with pytest.raises(ValueError, match="'mean' and 'no'"):
        black_out(x, numpy.zeros(1, numpy.int32), W, numpy.zeros((1, 2), numpy.int32), reduce)


# (x shape, x dtype, t shape, t dtype, W shape, W dtype): each breaks one condition.
_BAD_INPUTS = [
    ((2,), 'd', (2,), 'i', (6, 3), 'd'),  # x is 1-d
    ((2, 3), 'i', (2,), 'i', (6, 3), 'i'),  # x is not float
    ((2, 3), 'd', (2,), 'd', (6, 3), 'd'),  # t is not integer
    ((2, 3), 'd', (2, 1), 'i', (6, 3), 'd'),  # t is 2-d
    ((2, 3), 'd', (3,), 'i', (6, 3), 'd'),  # t's batch differs
    ((2, 3), 'd', (2,), 'i', (6, 3), 'f'),  # W's dtype differs
    ((2, 3), 'd', (2,), 'i', (18,), 'd'),  # W is 1-d
    ((2, 3), 'd', (2,), 'i', (6, 4), 'd'),  # W's width differs
]


@pytest.mark.parametrize('x_shape, x_dtype, t_shape, t_dtype, W_shape, W_dtype', _BAD_INPUTS + [
    ((2, 3), 'd', (2,), 'q', (6, 3), 'd'),  # the original takes int32 labels only
])
def test_negative_sampling_invalid_inputs(mode, x_shape, x_dtype, t_shape, t_dtype, W_shape,
                                          W_dtype):
    arrays = [numpy.zeros(x_shape, x_dtype), numpy.zeros(t_shape, t_dtype),
              numpy.zeros(W_shape, W_dtype)]
    loss_check.raises_in_both_modes(
        mode, type_check.InvalidType,
        lambda x, t, W: negative_sampling(x, t, W, numpy.zeros, 2), *arrays)


@pytest.mark.parametrize('x_shape, x_dtype, t_shape, t_dtype, W_shape, W_dtype', _BAD_INPUTS)
def test_black_out_invalid_inputs(mode, x_shape, x_dtype, t_shape, t_dtype, W_shape, W_dtype):
    arrays = [numpy.zeros(x_shape, x_dtype), numpy.zeros(t_shape, t_dtype),
              numpy.zeros(W_shape, W_dtype), numpy.zeros((2, 2), numpy.int32)]
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, black_out, *arrays)


@pytest.mark.parametrize('samples', [
    numpy.zeros((2, 2)),  # not integer
    numpy.zeros(2, numpy.int32),  # 1-d
    numpy.zeros((3, 2), numpy.int32),  # another batch
])
def test_black_out_invalid_samples(mode, samples):
    arrays = [numpy.zeros((2, 3)), numpy.zeros(2, numpy.int32), numpy.zeros((6, 3)), samples]
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, black_out, *arrays)


@pytest.mark.parametrize('function', ['negative_sampling', 'black_out'])
def test_label_outside_the_vocabulary(mode, function):
    x, W = make_array(mode, numpy.zeros((1, N_UNITS))), make_array(mode, numpy.zeros((2, N_UNITS)))
    t = make_array(mode, [2], numpy.int32)
    with pytest.raises(ValueError):
        if function == 'negative_sampling':
            negative_sampling(x, t, W, _fixed(numpy.zeros((1, 2), numpy.int32)), 1)
        else:
            black_out(x, t, W, make_array(mode, [[0]], numpy.int32))


def test_without_type_check_the_loss_is_the_same():
    rng = numpy.random.RandomState(0)
    x, W = rng.uniform(-1, 1, (2, N_UNITS)), rng.uniform(-1, 1, (N_ROWS, N_UNITS))
    t, samples = numpy.array([1, 4], numpy.int32), numpy.array([[0, 5], [2, 2]], numpy.int32)
    expected = black_out(x, t, W, samples).array
    with chainer.using_config('type_check', False):
        numpy.testing.assert_array_equal(black_out(x, t, W, samples).array, expected)


def test_numpy_and_chainerx_inputs_do_not_mix():
    x, W = numpy.zeros((1, N_UNITS)), numpy.zeros((N_ROWS, N_UNITS))
    with pytest.raises(TypeError):
        black_out(chainer.Variable(chainerx.array(x)), numpy.zeros(1, numpy.int32),
                  chainer.Variable(W), numpy.zeros((1, 2), numpy.int32))


def _chainerx_ints(values):
    return chainerx.array(numpy.asarray(values, numpy.int32))


def test_native_on_chainerx():
    rng = numpy.random.RandomState(0)
    x, W = rng.uniform(-1, 1, (3, N_UNITS)), rng.uniform(-1, 1, (N_ROWS, N_UNITS))
    samples = _chainerx_ints([[0, 1, 5], [2, 3, 3], [4, 4, 0]])
    for reduce in ('sum', 'no'):
        t = _chainerx_ints([1, -1, 3])
        assert_native(lambda x, W: negative_sampling(x, t, W, _fixed(samples), 2, reduce), x, W)
    for reduce in ('mean', 'no'):
        t = _chainerx_ints([1, 0, 3])
        assert_native(lambda x, W: black_out(x, t, W, samples, reduce), x, W)
