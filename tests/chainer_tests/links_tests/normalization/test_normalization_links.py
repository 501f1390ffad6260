"""L.LayerNormalization, L.GroupNormalization, L.BatchRenormalization and
L.DecorrelatedBatchNormalization: values against NumPy, gradients, statistics, lazy init, errors."""

import numpy
import pytest

import chainer
from chainer import function_node
from chainer import gradient_check
from chainer import testing
from chainer.links.normalization import BatchRenormalization
from chainer.links.normalization import DecorrelatedBatchNormalization
from chainer.links.normalization import GroupNormalization
from chainer.links.normalization import LayerNormalization

from mode_utils import to_numpy

_DEVICES = {'numpy': '@numpy', 'chainerx': 'native:0'}


def _send(mode, array):
    return chainer.get_device(_DEVICES[mode]).send(array)


def _standardize(x, axes, eps):
    mean = x.mean(axis=axes, keepdims=True)
    return (x - mean) / numpy.sqrt(x.var(axis=axes, keepdims=True) + eps)


def _layer_reference(x, gamma, beta, eps):
    return _standardize(x, tuple(range(1, x.ndim)), eps) * gamma + beta


def _group_reference(x, groups, gamma, beta, eps):
    grouped = _standardize(x.reshape(x.shape[0], groups, -1), (2,), eps).reshape(x.shape)
    shape = (1, -1) + (1,) * (x.ndim - 2)
    return grouped * gamma.reshape(shape) + beta.reshape(shape)


# (link factory, x shape, reference(link, x) with the link's parameters in NumPy)
_AFFINE_CASES = {
    'layer': (lambda: LayerNormalization(4, initial_gamma=numpy.linspace(.5, 2, 4)),
              (3, 4), lambda l, x: _layer_reference(x, *_params(l), l.eps)),
    'layer_lazy_nd': (lambda: LayerNormalization(eps=1e-3), (3, 2, 3),
                      lambda l, x: _layer_reference(x, *_params(l), l.eps)),
    'group': (lambda: GroupNormalization(2, 4, initial_beta=numpy.arange(4.)), (3, 4, 5),
              lambda l, x: _group_reference(x, 2, *_params(l), l.eps)),
    'group_lazy': (lambda: GroupNormalization(3), (2, 6), lambda l, x: _group_reference(
        x, 3, *_params(l), l.eps)),
}


def _params(link):
    return to_numpy(link.gamma.array), to_numpy(link.beta.array)


@pytest.mark.parametrize('case', sorted(_AFFINE_CASES))
def test_affine_normalizations_match_numpy_and_initialize_lazily(mode, case):
    make, shape, reference = _AFFINE_CASES[case]
    link = make().to_device(_DEVICES[mode])
    x = numpy.random.RandomState(0).uniform(-2, 2, shape).astype(numpy.float32)
    fallbacks = function_node.fallback_count
    y = link(_send(mode, x))
    assert function_node.fallback_count == fallbacks
    assert chainer.backend.get_device_from_array(link.gamma.array) == \
        chainer.get_device(_DEVICES[mode])
    numpy.testing.assert_allclose(to_numpy(y.array), reference(link, x), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize('case', sorted(_AFFINE_CASES))
@testing.fix_random()
def test_affine_normalization_gradients(mode, case):
    make, shape, _ = _AFFINE_CASES[case]
    rs = numpy.random.RandomState(1)
    x, gy, ggx = [_send(mode, rs.uniform(-1, 1, shape)) for _ in range(3)]
    with chainer.using_config('dtype', numpy.float64):
        link = make().to_device(_DEVICES[mode])
        link(x)  # lazy initialization
    params = (link.gamma, link.beta)
    ggp = [_send(mode, rs.uniform(-1, 1, p.shape)) for p in params]
    gradient_check.check_backward(link, x, gy, params=params, atol=1e-6, rtol=1e-5)
    gradient_check.check_double_backward(link, x, gy, ggx, params=params, params_grad_grad=ggp,
                                         atol=1e-5, rtol=1e-4)


def test_layer_normalization_defaults():
    link = LayerNormalization(3)
    assert link.eps == 1e-6
    numpy.testing.assert_array_equal(link.gamma.array, numpy.ones(3))
    numpy.testing.assert_array_equal(link.beta.array, numpy.zeros(3))


def test_group_normalization_errors():
    with pytest.raises(TypeError):
        GroupNormalization(2.0)
    with pytest.raises(ValueError):
        GroupNormalization(0)
    with pytest.raises(ValueError, match='at least 2'):
        GroupNormalization(2)(numpy.zeros(4, numpy.float32))
    with pytest.raises(ValueError, match='divisible'):
        GroupNormalization(3)(numpy.zeros((2, 4), numpy.float32))


def test_group_normalization_mixed16_casts_parameters(mode):
    with chainer.using_config('dtype', chainer.mixed16):
        link = GroupNormalization(2, 4).to_device(_DEVICES[mode])
    assert link.gamma.dtype == numpy.float32
    x = numpy.random.RandomState(2).uniform(-1, 1, (3, 4)).astype(numpy.float16)
    y = link(_send(mode, x))
    assert y.dtype == numpy.float16
    expected = _group_reference(x.astype(numpy.float64), 2, numpy.ones(4), numpy.zeros(4), 1e-5)
    numpy.testing.assert_allclose(to_numpy(y.array), expected, atol=5e-3)


def _renorm_reference(x, gamma, beta, mean_r, var_r, rmax, dmax, eps):
    mean, std = x.mean(axis=0), numpy.sqrt(x.var(axis=0) + eps)
    sigma = numpy.sqrt(var_r + eps)
    r = numpy.clip(std / sigma, 1 / rmax, rmax)
    d = numpy.clip((mean - mean_r) / sigma, -dmax, dmax)
    return gamma * ((x - mean) / std * r + d) + beta


def test_batch_renormalization_training_and_test_modes(mode):
    rs = numpy.random.RandomState(3)
    link = BatchRenormalization(3, rmax=1.5, dmax=0.3, decay=0.7,
                                initial_avg_var=2.0).to_device(_DEVICES[mode])
    mean_r, var_r = numpy.zeros(3), numpy.full(3, 2.0)
    fallbacks = function_node.fallback_count
    for _ in range(3):
        x = rs.uniform(-1, 3, (6, 3)).astype(numpy.float32)
        y = link(_send(mode, x))
        expected = _renorm_reference(x, 1, 0, mean_r, var_r, 1.5, 0.3, link.eps)
        numpy.testing.assert_allclose(to_numpy(y.array), expected, rtol=1e-4, atol=1e-4)
        mean_r = 0.7 * mean_r + 0.3 * x.mean(axis=0)
        var_r = 0.7 * var_r + 0.3 * x.var(axis=0) * 6 / 5
    assert function_node.fallback_count == fallbacks
    numpy.testing.assert_allclose(to_numpy(link.avg_mean), mean_r, rtol=1e-5)
    numpy.testing.assert_allclose(to_numpy(link.avg_var), var_r, rtol=1e-5)
    with chainer.using_config('train', False):
        y = link(_send(mode, x))
    numpy.testing.assert_allclose(to_numpy(y.array), (x - mean_r) / numpy.sqrt(var_r + link.eps),
                                  rtol=1e-4, atol=1e-5)


def test_batch_renormalization_finetune_and_recompute(mode):
    link = BatchRenormalization(2).to_device(_DEVICES[mode])
    x = numpy.random.RandomState(4).uniform(-1, 1, (4, 2)).astype(numpy.float32)
    link(_send(mode, x), finetune=True)
    assert link.N == 1
    numpy.testing.assert_allclose(to_numpy(link.avg_mean), x.mean(axis=0), rtol=1e-5)
    with chainer.using_config('in_recomputing', True):
        link(_send(mode, x * 3), finetune=True)
    assert link.N == 1
    numpy.testing.assert_allclose(to_numpy(link.avg_mean), x.mean(axis=0), rtol=1e-5)


@testing.fix_random()
def test_batch_renormalization_gradients(mode):
    rs = numpy.random.RandomState(5)
    # r and d get no gradient; with running statistics far from the batch's they are clipped to
    # rmax and -dmax, constants near x, so the numerical gradient agrees.
    link = BatchRenormalization(3, rmax=1.2, dmax=0.1, dtype=numpy.float64,
                                initial_gamma=rs.uniform(.5, 1.5, 3), initial_avg_mean=10.,
                                initial_avg_var=0.01).to_device(_DEVICES[mode])
    x, gy = [_send(mode, rs.uniform(-1, 1, (5, 3))) for _ in range(2)]
    # A recomputation keeps the statistics fixed between the evaluations.
    with chainer.using_config('in_recomputing', True):
        gradient_check.check_backward(link, x, gy, params=(link.gamma, link.beta), atol=1e-6,
                                      rtol=1e-5)


def test_decorrelated_batch_normalization_whitens_and_keeps_statistics(mode):
    rs = numpy.random.RandomState(6)
    link = DecorrelatedBatchNormalization(4, groups=2, decay=0.5).to_device(_DEVICES[mode])
    assert link.avg_mean.shape == (2, 2) and link.avg_projection.shape == (2, 2, 2)
    numpy.testing.assert_array_equal(to_numpy(link.avg_projection), [numpy.eye(2)] * 2)
    mixing = numpy.array([[1., .5, 0, 0], [0, 1, 0, 0], [0, 0, 2, 0], [0, 0, 1, 1]])
    x = (rs.normal(size=(50, 4)).dot(mixing) + 1).astype(numpy.float32)
    fallbacks = function_node.fallback_count
    y = to_numpy(link(_send(mode, x)).array)
    assert function_node.fallback_count == fallbacks
    for g in range(2):
        block = y[:, 2 * g:2 * g + 2]
        numpy.testing.assert_allclose(block.T.dot(block) / 50, numpy.eye(2), atol=2e-3)
    numpy.testing.assert_allclose(to_numpy(link.avg_mean),
                                  0.5 * x.mean(axis=0).reshape(2, 2), rtol=1e-4)
    with chainer.using_config('train', False):
        y_test = to_numpy(link(_send(mode, x)).array)
    mean, projection = to_numpy(link.avg_mean), to_numpy(link.avg_projection)
    expected = numpy.concatenate(
        [(x[:, 2 * g:2 * g + 2] - mean[g]).dot(projection[g].T) for g in range(2)], axis=1)
    numpy.testing.assert_allclose(y_test, expected, rtol=1e-4, atol=1e-4)


def test_decorrelated_batch_normalization_persistents_and_errors(mode):
    link = DecorrelatedBatchNormalization(6, groups=3, dtype=numpy.float64)
    assert {'avg_mean', 'avg_projection', 'N'} <= link._persistent
    link.to_device(_DEVICES[mode])
    assert link.avg_projection.dtype == numpy.float64
    assert chainer.backend.get_device_from_array(link.avg_mean) == \
        chainer.get_device(_DEVICES[mode])
    with pytest.raises(ValueError):
        DecorrelatedBatchNormalization(6, groups=4)
    with pytest.raises(ValueError, match='test argument'):
        link(_send(mode, numpy.zeros((2, 6))), test=True)
