"""L.NegativeSampling and L.BlackOut: parameters, their samplers, devices, and values against the
functions with the same samples."""

import numpy
import pytest

import chainer
import chainerx
from chainer import gradient_check
from chainer.functions.loss.black_out import black_out
from chainer.functions.loss.negative_sampling import negative_sampling
from chainer.links.loss.black_out import BlackOut
from chainer.links.loss.negative_sampling import NegativeSampling

from mode_utils import to_numpy

COUNTS = [8, 1, 0, 27, 64]
DEVICES = {'numpy': '@numpy', 'chainerx': 'native:0'}


def _send(mode, array):
    return chainer.get_device(DEVICES[mode]).send(array)


def _make(kind, in_size=3, sample_size=4):
    """A link of `kind` with a random float64 W (BlackOut's starts as NaN, as the original's)."""
    with chainer.using_config('dtype', numpy.float64):
        link = NegativeSampling(in_size, COUNTS, sample_size) if kind == 'ns' else \
            BlackOut(in_size, COUNTS, sample_size)
    link.W.array[...] = numpy.random.RandomState(1).uniform(-1, 1, link.W.shape)
    return link


def _inputs(mode, batch=5, in_size=3, ignored=()):
    rng = numpy.random.RandomState(2)
    x = rng.uniform(-1, 1, (batch, in_size))
    t = rng.choice([0, 1, 3, 4], batch).astype(numpy.int32)
    t[list(ignored)] = -1
    return _send(mode, x), _send(mode, t)


def _frequencies(samples, n):
    return numpy.bincount(to_numpy(samples).ravel(), minlength=n) / samples.size


def test_negative_sampling_parameters():
    link = NegativeSampling(3, COUNTS, 2)
    assert link.W.shape == (5, 3) and link.W.dtype == numpy.float32
    assert (link.W.array == 0).all()
    assert link.sample_size == 2 and [name for name, _ in link.namedparams()] == ['/W']
    with chainer.using_config('dtype', numpy.float16):
        assert NegativeSampling(3, COUNTS, 2).W.dtype == numpy.float16
    # `dtype` is that of the sampling weights; W follows chainer.config.dtype as in the original.
    assert NegativeSampling(3, COUNTS, 2, dtype=numpy.float64).W.dtype == numpy.float32


def test_black_out_parameters():
    link = BlackOut(3, COUNTS, 2)
    assert link.W.shape == (5, 3) and numpy.isnan(link.W.array).all()
    assert link.sample_size == 2 and [name for name, _ in link.namedparams()] == ['/W']


@pytest.mark.parametrize('kind, power', [('ns', 0.75), ('ns', 1.0), ('ns', 0.5), ('bo', 1.0)])
def test_sampler_follows_the_counts(kind, power):
    link = NegativeSampling(3, COUNTS, 2, power=power) if kind == 'ns' else \
        BlackOut(3, COUNTS, 2)
    numpy.random.seed(0)
    samples = link.sampler.sample((200, 1000))
    expected = numpy.power(COUNTS, power) / numpy.power(COUNTS, power).sum()
    # 200000 draws: each frequency is within 5 standard deviations (at most 0.0056) of its p.
    numpy.testing.assert_allclose(_frequencies(samples, 5), expected, atol=0.0056)
    assert samples.dtype == numpy.int32 and not (samples == 2).any()  # a count of 0


@pytest.mark.parametrize('counts', [[], [1, -1], [0, 0], [1, numpy.inf]])
@pytest.mark.parametrize('kind', ['ns', 'bo'])
def test_invalid_counts(kind, counts):
    with pytest.raises(ValueError):
        NegativeSampling(3, counts, 2) if kind == 'ns' else BlackOut(3, counts, 2)


@pytest.mark.parametrize('kind', ['ns', 'bo'])
def test_to_device_moves_the_sampler(kind):
    link = _make(kind)
    child = chainer.Sequential(link)
    for move, device in [(lambda: link.to_device('native:0'), 'native:0'),
                         (lambda: link.to_device('@numpy'), '@numpy'),
                         (lambda: child.to_device('native:0'), 'native:0'),  # through a parent
                         (link.from_chx, '@numpy'),
                         (link.to_chx, 'native:0'),
                         (link.to_cpu, '@numpy')]:
        move()
        assert link.device == chainer.get_device(device)
        assert link.sampler.device == link.device
        samples = link.sampler.sample((2, 3))
        assert chainer.backend.get_device_from_array(samples) == link.device
        assert samples.shape == (2, 3) and samples.dtype == numpy.int32


@pytest.mark.parametrize('kind', ['ns', 'bo'])
def test_moving_a_copy_leaves_the_original_where_it_is(kind):
    link = _make(kind)
    moved = link.copy().to_device('native:0')
    assert isinstance(moved.sampler.sample((1,)), chainerx.ndarray)
    assert isinstance(link.sampler.sample((1,)), numpy.ndarray)
    x, t = _inputs('numpy')
    assert numpy.isfinite(float(link(x, t).array))


@pytest.mark.parametrize('reduce', ['sum', 'no'])
def test_negative_sampling_matches_the_function(mode, reduce):
    link = _make('ns').to_device(DEVICES[mode])
    x, t = _inputs(mode, ignored=[1])
    loss, samples = link(x, t, reduce=reduce, return_samples=True)
    assert samples.shape == (5, 5) and isinstance(samples, type(x))
    numpy.testing.assert_array_equal(to_numpy(samples)[:, 0], to_numpy(t))
    # The first column of the sampler's result is replaced by t: 2 (never drawn) stands in.
    drawn = chainer.backend.get_array_module(samples).concatenate(
        [_send(mode, numpy.full((5, 1), 2, numpy.int32)), samples[:, 1:]], axis=1)
    expected = negative_sampling(x, t, link.W, lambda shape: drawn, 4, reduce=reduce)
    numpy.testing.assert_allclose(to_numpy(loss.array), to_numpy(expected.array), rtol=1e-12)
    # The same, written out in NumPy.
    x_np, W_np, rows = to_numpy(x), to_numpy(link.W.array), to_numpy(samples)
    z = numpy.einsum('bd,bkd->bk', x_np, W_np[rows])
    per_row = numpy.logaddexp(0, -z[:, 0]) + numpy.logaddexp(0, z[:, 1:]).sum(axis=1)
    per_row[1] = 0
    numpy.testing.assert_allclose(to_numpy(loss.array), per_row.sum() if reduce == 'sum' else per_row,
                                  rtol=1e-12)


def test_black_out_matches_the_function(mode):
    link = _make('bo').to_device(DEVICES[mode])
    x, t = _inputs(mode)
    numpy.random.seed(7)
    loss = link(x, t)
    numpy.random.seed(7)  # the same draws (chainerx's sampler uses numpy.random too)
    samples = link.sampler.sample((5, 4))
    assert float(loss.array) == float(black_out(x, t, link.W, samples).array)
    link.sample_data = _send(mode, numpy.array([[2, 2, 0, 1]] * 5, numpy.int32))
    expected = black_out(x, t, link.W, link.sample_data)
    assert float(link(x, t).array) == float(expected.array)


@pytest.mark.parametrize('kind', ['ns', 'bo'])
def test_gradients_of_input_and_embedding(mode, kind):
    link = _make(kind).to_device(DEVICES[mode])
    x, t = _inputs(mode, batch=3)

    def forward(x):
        numpy.random.seed(3)  # the same samples at every call
        return link(x, t)

    gy = _send(mode, numpy.array(0.7))
    gradient_check.check_backward(forward, x, gy, params=(link.W,), eps=1e-6, atol=1e-7,
                                  rtol=1e-6)


@pytest.mark.parametrize('kind', ['ns', 'bo'])
def test_forward_on_chainerx_takes_no_fallback(kind):
    link = _make(kind).to_device('native:0')
    x, t = _inputs('chainerx')
    x = chainer.Variable(x)
    before = chainer.function_node.fallback_count
    loss = link(x, t)
    loss.backward()
    assert chainer.function_node.fallback_count == before
    assert isinstance(link.W.grad, chainerx.ndarray) and isinstance(x.grad, chainerx.ndarray)


def test_empty_batch(mode):
    for kind in ('ns', 'bo'):
        link = _make(kind).to_device(DEVICES[mode])
        x, t = _inputs(mode, batch=0)
        loss = link(x, t)
        assert loss.shape == () and float(loss.array) == 0
