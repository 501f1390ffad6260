"""Tests of the random initializers: Normal, Uniform and the LeCun, Glorot and He kinds."""

import math

import numpy
import pytest

import chainer
from chainer import initializers
from chainer.initializer import get_fans

from mode_utils import to_numpy

# A convolution-like shape: fan_in = 20 * 3 * 2 = 120, fan_out = 40 * 3 * 2 = 240, 4800 elements.
SHAPE = (40, 20, 3, 2)
FAN_IN, FAN_OUT = 120, 240

# (name, factory, distribution, expected standard deviation for SHAPE)
CASES = [
    ('Normal', lambda **kw: initializers.Normal(scale=0.3, **kw), 'normal', 0.3),
    ('LeCunNormal', lambda **kw: initializers.LeCunNormal(scale=2.0, **kw), 'normal',
     2.0 * math.sqrt(1.0 / FAN_IN)),
    ('GlorotNormal', lambda **kw: initializers.GlorotNormal(**kw), 'normal',
     math.sqrt(2.0 / (FAN_IN + FAN_OUT))),
    ('HeNormal', lambda **kw: initializers.HeNormal(**kw), 'normal', math.sqrt(2.0 / FAN_IN)),
    ('HeNormal-fan_out', lambda **kw: initializers.HeNormal(fan_option='fan_out', **kw), 'normal',
     math.sqrt(2.0 / FAN_OUT)),
    ('Uniform', lambda **kw: initializers.Uniform(scale=0.3, **kw), 'uniform', 0.3 / math.sqrt(3)),
    ('LeCunUniform', lambda **kw: initializers.LeCunUniform(scale=2.0, **kw), 'uniform',
     2.0 * math.sqrt(1.0 / FAN_IN)),
    ('GlorotUniform', lambda **kw: initializers.GlorotUniform(**kw), 'uniform',
     math.sqrt(2.0 / (FAN_IN + FAN_OUT))),
    ('HeUniform', lambda **kw: initializers.HeUniform(**kw), 'uniform', math.sqrt(2.0 / FAN_IN)),
    ('HeUniform-fan_out', lambda **kw: initializers.HeUniform(fan_option='fan_out', **kw),
     'uniform', math.sqrt(2.0 / FAN_OUT)),
]
FAN_SCALED = [case for case in CASES if not case[0] in ('Normal', 'Uniform')]


def _ids(cases):
    return [case[0] for case in cases]


@pytest.mark.parametrize('name,factory,distribution,std', CASES, ids=_ids(CASES))
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_statistics(empty, name, factory, distribution, std, dtype):
    numpy.random.seed(0)
    array = empty(SHAPE, dtype)
    factory()(array)
    assert array.dtype == dtype
    values = to_numpy(array).astype(numpy.float64)
    # 4800 samples: the sample mean is within 4 standard errors and the sample std within 5%.
    assert abs(values.mean()) < 4 * std / math.sqrt(values.size)
    assert values.std() == pytest.approx(std, rel=0.05)
    if distribution == 'uniform':
        bound = std * math.sqrt(3)
        assert values.min() >= -bound * (1 + 1e-3) and values.max() <= bound * (1 + 1e-3)
        assert values.min() < -0.95 * bound and values.max() > 0.95 * bound
    else:
        assert numpy.abs(values).max() > 3 * std


@pytest.mark.parametrize('name,factory,distribution,std', CASES, ids=_ids(CASES))
def test_same_seed_gives_same_values_on_both_devices(name, factory, distribution, std):
    results = []
    for spec in ('@numpy', 'native:0'):
        numpy.random.seed(3)
        array = chainer.get_device(spec).send(numpy.empty((5, 4), numpy.float32))
        factory()(array)
        results.append(to_numpy(array))
    numpy.testing.assert_array_equal(results[0], results[1])


@pytest.mark.parametrize('name,factory,distribution,std', CASES, ids=_ids(CASES))
@pytest.mark.parametrize('make_rng', [numpy.random.RandomState, numpy.random.default_rng])
def test_rng_argument_is_used(empty, name, factory, distribution, std, make_rng):
    numpy.random.seed(1)
    first, second = empty((6, 5)), empty((6, 5))
    factory(rng=make_rng(42))(first)
    factory(rng=make_rng(42))(second)
    numpy.testing.assert_array_equal(to_numpy(first), to_numpy(second))
    global_draw = numpy.random.uniform()
    numpy.random.seed(1)
    assert numpy.random.uniform() == global_draw  # the global state was left alone


@pytest.mark.parametrize('name,factory,distribution,std', FAN_SCALED, ids=_ids(FAN_SCALED))
@pytest.mark.parametrize('shape', [(3,), ()])
def test_fan_scaled_need_two_axes(empty, name, factory, distribution, std, shape):
    with pytest.raises(ValueError, match='length >= 2'):
        factory()(empty(shape))


@pytest.mark.parametrize('name,factory,distribution,std', CASES, ids=_ids(CASES))
@pytest.mark.parametrize('shape', [(0, 3), (3, 0), (2, 0, 4)])
def test_zero_size_arrays(empty, name, factory, distribution, std, shape):
    array = empty(shape)
    factory()(array)
    assert array.shape == shape


@pytest.mark.parametrize('shape', [(), (7,)])
@pytest.mark.parametrize('cls', [initializers.Normal, initializers.Uniform])
def test_plain_distributions_take_any_shape(empty, shape, cls):
    array = empty(shape)
    cls(scale=0.5)(array)
    values = to_numpy(array)
    assert numpy.all(numpy.abs(values) < 5) and numpy.all(values != 12345)


@pytest.mark.parametrize('name,factory,distribution,std', CASES, ids=_ids(CASES))
def test_dtype_mismatch_raises(empty, name, factory, distribution, std):
    with pytest.raises(ValueError, match='dtype float16'):
        factory(dtype=numpy.float16)(empty((3, 3), numpy.float32))


@pytest.mark.parametrize('cls', [initializers.HeNormal, initializers.HeUniform])
def test_he_fan_option_is_checked(cls):
    with pytest.raises(ValueError, match='fan_option'):
        cls(fan_option='fan_avg')
    assert cls(fan_option='fan_out').fan_option == 'fan_out'


def test_defaults_and_attributes():
    assert initializers.Normal().scale == 0.05
    assert initializers.Uniform().scale == 0.05
    for cls in (initializers.LeCunNormal, initializers.GlorotNormal, initializers.HeNormal,
                initializers.LeCunUniform, initializers.GlorotUniform, initializers.HeUniform):
        init = cls()
        assert init.scale == 1.0 and init.rng is None and init.dtype is None
    rng = numpy.random.RandomState(0)
    assert initializers.HeNormal(0.5, numpy.float64, 'fan_out', rng).rng is rng


@pytest.mark.parametrize('shape,fans', [
    ((2, 3), (3, 2)), ((4, 3, 2, 5), (30, 40)), ((1, 1, 7), (7, 7)), ((0, 5), (5, 0))])
def test_get_fans(shape, fans):
    assert get_fans(shape) == fans


@pytest.mark.parametrize('shape', [(3,), (), [2, 3]])
def test_get_fans_errors(shape):
    with pytest.raises(ValueError):
        get_fans(shape)
