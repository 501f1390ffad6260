"""L.BatchNormalization: values, running statistics, fine-tuning, test mode, lazy init, devices."""

import numpy
import pytest

import chainer
import chainerx
from chainer import function_node
from chainer import gradient_check
from chainer import testing
from chainer.links.normalization import BatchNormalization

from mode_utils import to_numpy

_DEVICES = {'numpy': '@numpy', 'chainerx': 'native:0'}

# (x shape, BatchNormalization arguments, the normalized axes)
_LAYOUTS = [
    ((6, 3), {'size': 3}, (0,)),
    ((4, 3, 2, 2), {'size': 3}, (0, 2, 3)),
    ((4, 3, 2), {'size': (3, 2)}, (0,)),
    ((4, 3, 5), {'axis': (0, 2)}, (0, 2)),
    ((4, 3, 5), {'axis': (-3, -1)}, (0, 2)),
    ((5, 2, 4), {'axis': 0}, (0,)),
]


def _kept_shape(x_shape, axes):
    return tuple([n for i, n in enumerate(x_shape) if i not in axes])


def _expand(p, x_shape, axes):
    return p.reshape([1 if i in axes else n for i, n in enumerate(x_shape)])


def _reference(x, gamma, beta, mean, var, eps, axes):
    e = lambda p: _expand(p, x.shape, axes)  # NOQA
    return e(gamma) * (x - e(mean)) / numpy.sqrt(e(var) + eps) + e(beta)


def _batch(rs, shape, device, dtype=numpy.float32):
    x = rs.uniform(-2, 2, shape).astype(dtype)
    return x, chainer.get_device(device).send(x)


@pytest.mark.parametrize('layout', _LAYOUTS)
def test_training_normalizes_and_updates_running_statistics(mode, layout):
    x_shape, kwargs, axes = layout
    rs = numpy.random.RandomState(0)
    shape = _kept_shape(x_shape, axes)
    gamma = rs.uniform(0.5, 1.5, shape).astype(numpy.float32)
    beta = rs.uniform(-1, 1, shape).astype(numpy.float32)
    bn = BatchNormalization(decay=0.8, initial_gamma=gamma, initial_beta=beta, **kwargs)
    bn.to_device(_DEVICES[mode])
    mean_ref = numpy.zeros(shape)
    var_ref = numpy.ones(shape)
    m = numpy.prod([x_shape[a] for a in axes])
    fallbacks = function_node.fallback_count
    for _ in range(3):
        x, x_dev = _batch(rs, x_shape, _DEVICES[mode])
        y = bn(x_dev)
        mean = x.mean(axis=axes)
        var = x.var(axis=axes)
        numpy.testing.assert_allclose(
            to_numpy(y.array), _reference(x, gamma, beta, mean, var, bn.eps, axes),
            rtol=1e-4, atol=1e-4)
        mean_ref = 0.8 * mean_ref + 0.2 * mean
        var_ref = 0.8 * var_ref + 0.2 * var * m / (m - 1)
    assert function_node.fallback_count == fallbacks
    assert bn.avg_mean.shape == shape
    assert type(bn.avg_mean) is (chainerx.ndarray if mode == 'chainerx' else numpy.ndarray)
    numpy.testing.assert_allclose(to_numpy(bn.avg_mean), mean_ref, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(to_numpy(bn.avg_var), var_ref, rtol=1e-5, atol=1e-6)
    assert bn.N == 0


def test_test_mode_uses_the_stored_statistics(mode):
    rs = numpy.random.RandomState(1)
    mean = rs.uniform(-1, 1, 3).astype(numpy.float32)
    var = rs.uniform(0.5, 2, 3).astype(numpy.float32)
    bn = BatchNormalization(3, initial_avg_mean=mean, initial_avg_var=var,
                            initial_gamma=2, initial_beta=0.5).to_device(_DEVICES[mode])
    x, x_dev = _batch(rs, (4, 3, 2), _DEVICES[mode])
    fallbacks = function_node.fallback_count
    with chainer.using_config('train', False):
        y = bn(x_dev)
    assert function_node.fallback_count == fallbacks
    expected = _reference(x, numpy.full(3, 2.), numpy.full(3, .5), mean, var, bn.eps, (0, 2))
    numpy.testing.assert_allclose(to_numpy(y.array), expected, rtol=1e-5, atol=1e-5)
    numpy.testing.assert_array_equal(to_numpy(bn.avg_mean), mean)
    numpy.testing.assert_array_equal(to_numpy(bn.avg_var), var)


def test_finetune_averages_the_batch_statistics_exactly(mode):
    rs = numpy.random.RandomState(2)
    bn = BatchNormalization(3, decay=0.5).to_device(_DEVICES[mode])
    means, variances = [], []
    for _ in range(4):
        x, x_dev = _batch(rs, (5, 3), _DEVICES[mode])
        bn(x_dev, finetune=True)
        means.append(x.mean(axis=0))
        variances.append(x.var(axis=0) * 5 / 4)
    assert bn.N == 4
    numpy.testing.assert_allclose(to_numpy(bn.avg_mean), numpy.mean(means, axis=0), rtol=1e-5)
    numpy.testing.assert_allclose(to_numpy(bn.avg_var), numpy.mean(variances, axis=0), rtol=1e-5)
    bn.start_finetuning()
    assert bn.N == 0


def test_recomputation_updates_nothing(mode):
    bn = BatchNormalization(3).to_device(_DEVICES[mode])
    _, x_dev = _batch(numpy.random.RandomState(3), (5, 3), _DEVICES[mode])
    with chainer.using_config('in_recomputing', True):
        bn(x_dev)
        bn(x_dev, finetune=True)
    assert bn.N == 0
    numpy.testing.assert_array_equal(to_numpy(bn.avg_mean), numpy.zeros(3))
    numpy.testing.assert_array_equal(to_numpy(bn.avg_var), numpy.ones(3))


def test_lazy_initialization_on_the_link_device(mode):
    bn = BatchNormalization(axis=(0, 2)).to_device(_DEVICES[mode])
    assert bn.avg_mean is None and not bn.gamma.is_initialized
    assert 'avg_mean' not in bn._persistent
    _, x_dev = _batch(numpy.random.RandomState(4), (4, 3, 5), _DEVICES[mode])
    bn(x_dev)
    for array in (bn.avg_mean, bn.avg_var, bn.gamma.array, bn.beta.array):
        assert array.shape == (3,)
        assert chainer.backend.get_device_from_array(array) == chainer.get_device(_DEVICES[mode])
    assert {'N', 'avg_mean', 'avg_var'} <= bn._persistent


def test_size_or_axis_is_required():
    with pytest.raises(RuntimeError):
        BatchNormalization()


def test_without_gamma_and_beta_standardizes(mode):
    bn = BatchNormalization(3, use_gamma=False, use_beta=False).to_device(_DEVICES[mode])
    assert bn.gamma is None and bn.beta is None
    assert list(bn.params()) == []
    x, x_dev = _batch(numpy.random.RandomState(5), (6, 3), _DEVICES[mode])
    y = to_numpy(bn(x_dev).array)
    expected = (x - x.mean(axis=0)) / numpy.sqrt(x.var(axis=0) + bn.eps)
    numpy.testing.assert_allclose(y, expected, rtol=1e-4, atol=1e-5)
    mean = 0.1 * x.mean(axis=0)
    var = 0.9 + 0.1 * x.var(axis=0) * 6 / 5
    with chainer.using_config('train', False):
        numpy.testing.assert_allclose(to_numpy(bn(x_dev).array),
                                      (x - mean) / numpy.sqrt(var + bn.eps), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('train', [True, False])
@testing.fix_random()
def test_gradients(mode, train):
    rs = numpy.random.RandomState(6)
    bn = BatchNormalization(3, dtype=numpy.float64, initial_gamma=rs.uniform(.5, 1.5, 3),
                            initial_beta=rs.uniform(-1, 1, 3))
    bn.to_device(_DEVICES[mode])
    device = chainer.get_device(_DEVICES[mode])
    x = device.send(rs.uniform(-2, 2, (5, 3, 2)))
    gy = device.send(rs.uniform(-1, 1, (5, 3, 2)))
    ggx = device.send(rs.uniform(-1, 1, (5, 3, 2)))
    ggamma, gbeta = [device.send(rs.uniform(-1, 1, 3)) for _ in range(2)]
    params = (bn.gamma, bn.beta)
    with chainer.using_config('train', train):
        gradient_check.check_backward(bn, x, gy, params=params, atol=1e-6, rtol=1e-5)
        gradient_check.check_double_backward(bn, x, gy, ggx, params=params,
                                             params_grad_grad=(ggamma, gbeta),
                                             atol=1e-5, rtol=1e-4)


def test_dtypes_of_parameters_and_statistics(mode):
    bn = BatchNormalization(3, dtype=numpy.float64).to_device(_DEVICES[mode])
    for array in (bn.gamma.array, bn.beta.array, bn.avg_mean, bn.avg_var):
        assert array.dtype == numpy.float64
    with chainer.using_config('dtype', chainer.mixed16):
        bn16 = BatchNormalization(3).to_device(_DEVICES[mode])
        assert bn16.gamma.dtype == numpy.float32 and bn16.avg_var.dtype == numpy.float32
        x, x_dev = _batch(numpy.random.RandomState(7), (6, 3), _DEVICES[mode], numpy.float16)
        y = bn16(x_dev)
    assert y.dtype == numpy.float16
    numpy.testing.assert_allclose(to_numpy(bn16.avg_mean), x.mean(axis=0) * 0.1, atol=2e-3)


def test_persistents_move_with_to_device():
    bn = BatchNormalization(3, initial_avg_mean=numpy.arange(3, dtype=numpy.float32))
    assert isinstance(bn.avg_mean, numpy.ndarray)
    bn.to_device('native:0')
    assert isinstance(bn.avg_mean, chainerx.ndarray) and isinstance(bn.avg_var, chainerx.ndarray)
    assert bn.avg_mean.device.name == 'native:0'
    numpy.testing.assert_array_equal(chainerx.to_numpy(bn.avg_mean), [0, 1, 2])
    bn.to_device('@numpy')
    assert isinstance(bn.avg_mean, numpy.ndarray) and isinstance(bn.gamma.array, numpy.ndarray)
    numpy.testing.assert_array_equal(bn.avg_mean, [0, 1, 2])


def test_copyparams_copies_the_statistics(mode):
    src = BatchNormalization(3, initial_avg_mean=1.5, initial_avg_var=4.0)
    src.N = 7
    dst = BatchNormalization(3).to_device(_DEVICES[mode])
    dst.copyparams(src)
    numpy.testing.assert_array_equal(to_numpy(dst.avg_mean), numpy.full(3, 1.5))
    numpy.testing.assert_array_equal(to_numpy(dst.avg_var), numpy.full(3, 4.0))
    assert dst.N == 7


def test_arguments_of_forward():
    bn = BatchNormalization(3)
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError, match='test argument is not supported'):
        bn(x, test=True)
    with pytest.raises(TypeError):
        bn(x, train=True)


def test_bad_input_raises(mode):
    bn = BatchNormalization(3).to_device(_DEVICES[mode])
    _, x_dev = _batch(numpy.random.RandomState(8), (4, 5), _DEVICES[mode])
    with pytest.raises(chainer.utils.type_check.InvalidType):
        bn(x_dev)
    lazy = BatchNormalization(axis=3)
    with pytest.raises(ValueError):
        lazy(numpy.zeros((2, 3), numpy.float32))


def test_repr_lists_the_configuration():
    assert repr(BatchNormalization(4, decay=0.5, use_beta=False)) == (
        'BatchNormalization(size=4, decay=0.5, eps=2e-05, dtype=float32, use_gamma=True, '
        'use_beta=False)')


def test_save_and_load_keep_the_statistics_on_the_device(mode, tmp_path):
    from chainer import serializers
    src = BatchNormalization(3)
    src(numpy.random.RandomState(9).uniform(-1, 1, (5, 3)).astype(numpy.float32))
    src.N = 4
    serializers.save_npz(str(tmp_path / 'bn.npz'), src)
    dst = BatchNormalization(3).to_device(_DEVICES[mode])
    serializers.load_npz(str(tmp_path / 'bn.npz'), dst)
    assert type(dst.avg_mean) is type(chainer.get_device(_DEVICES[mode]).send(src.avg_mean))
    numpy.testing.assert_array_equal(to_numpy(dst.avg_mean), src.avg_mean)
    numpy.testing.assert_array_equal(to_numpy(dst.avg_var), src.avg_var)
    assert int(dst.N) == 4
