"""batch_norm and fixed_batch_norm (spec A.12) against NumPy references: axes, parameter shapes,
dtypes, the in-place update of the running statistics, gradients of first and second order and
the errors for bad parameters."""

import numpy
import pytest

import chainerx as chx

import array_utils


def _axes(axis):
    return (0,) if axis is None else tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)


def _param_shape(x_shape, axis):
    axes = [a % len(x_shape) for a in _axes(axis)]
    return tuple(1 if i in axes else d for i, d in enumerate(x_shape))


def _normalize(x, mean, var, gamma, beta, eps, shape):
    return (x - mean.reshape(shape)) / numpy.sqrt(var.reshape(shape) + eps) * gamma.reshape(
        shape
    ) + beta.reshape(shape)


def _batch_norm(x, gamma, beta, running_mean, running_var, eps, decay, axis):
    """The output and the updated running statistics."""
    x = x.astype(numpy.float64)
    axes = _axes(axis)
    mean = x.mean(axis=axes, keepdims=True)
    var = x.var(axis=axes, keepdims=True)
    m = x.size // mean.size
    out = _normalize(x, mean, var, gamma, beta, eps, mean.shape)
    new_mean = decay * running_mean + (1 - decay) * mean.reshape(running_mean.shape)
    new_var = decay * running_var + (1 - decay) * var.reshape(running_var.shape) * m / max(m - 1, 1)
    return out, new_mean, new_var


# (x shape, axis, parameter shape): parameters need one value per position of the kept axes.
_CASES = [
    ((4, 3), None, (3,)),
    ((5, 3, 2, 2), (0, 2, 3), (3,)),
    ((4, 3, 2), None, (3, 2)),
    ((2, 3, 4), (0, 1), (4,)),
    ((3, 2, 2), [0, -1], (2,)),
    ((2, 3), 0, (1, 3)),
    ((1, 2), None, (2,)),
]


def _params(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    gamma = rng.uniform(0.5, 1.5, shape).astype(dtype)
    beta = rng.uniform(-1, 1, shape).astype(dtype)
    mean = rng.uniform(-1, 1, shape).astype(dtype)
    var = rng.uniform(0.5, 1.5, shape).astype(dtype)
    return gamma, beta, mean, var


def _tolerances(*dtypes):
    # float16 statistics round coarsely.
    if 'float16' in dtypes:
        return 1e-2, 1e-2
    return array_utils.tolerance(min(dtypes, key=lambda d: numpy.dtype(d).itemsize))


@pytest.mark.parametrize('shape,axis,param_shape', _CASES)
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('param_dtype', array_utils.FLOAT_DTYPES)
def test_batch_norm_matches_numpy(shape, axis, param_shape, dtype, param_dtype, device):
    # The result has x's dtype whatever the parameters' (computed in the promoted dtype); the
    # running statistics keep their own.
    x = array_utils.make_numpy(shape, dtype, contiguous=False)
    gamma, beta, running_mean, running_var = _params(param_shape, param_dtype)
    expected, new_mean, new_var = _batch_norm(
        x, gamma, beta, running_mean, running_var, 1e-3, 0.8, axis
    )
    chx_mean, chx_var = chx.array(running_mean, device=device), chx.array(
        running_var, device=device
    )
    out = chx.batch_norm(
        chx.array(x, copy=False, device=device),
        chx.array(gamma, device=device),
        chx.array(beta, device=device),
        chx_mean,
        chx_var,
        eps=1e-3,
        decay=0.8,
        axis=axis,
    )
    assert out.device is device
    rtol, atol = _tolerances(dtype, param_dtype)
    array_utils.assert_array_equal(out, expected, dtype=dtype, rtol=rtol, atol=atol)
    array_utils.assert_array_equal(chx_mean, new_mean, dtype=param_dtype, rtol=rtol, atol=atol)
    array_utils.assert_array_equal(chx_var, new_var, dtype=param_dtype, rtol=rtol, atol=atol)


@pytest.mark.parametrize('shape,axis,param_shape', _CASES)
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('param_dtype', array_utils.FLOAT_DTYPES)
def test_fixed_batch_norm_matches_numpy(shape, axis, param_shape, dtype, param_dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=False)
    params = _params(param_shape, param_dtype)
    gamma, beta, mean, var = params
    expected = _normalize(
        x.astype(numpy.float64), mean, var, gamma, beta, 1e-3, _param_shape(shape, axis)
    )
    out = chx.fixed_batch_norm(
        chx.array(x, copy=False, device=device),
        *[chx.array(p, device=device) for p in params],
        eps=1e-3,
        axis=axis
    )
    assert out.device is device
    rtol, atol = _tolerances(dtype, param_dtype)
    array_utils.assert_array_equal(out, expected, dtype=dtype, rtol=rtol, atol=atol)


@pytest.mark.parametrize('dtypes', [
    ('float16', 'float32', 'float32', 'float32', 'float32'),
    ('float32', 'float64', 'float16', 'float32', 'float64'),
    ('float16', 'float16', 'float16', 'float64', 'float16'),
])
def test_fixed_batch_norm_mixed_dtypes_return_x_dtype(dtypes):
    # Computed in ResultType(x, gamma, beta, mean, var), cast back to x's dtype.
    x = array_utils.make_numpy((4, 3), dtypes[0])
    params = [p.astype(d) for p, d in zip(_params((3,), 'float64'), dtypes[1:])]
    out = chx.fixed_batch_norm(chx.array(x), *[chx.array(p) for p in params])
    gamma, beta, mean, var = [p.astype(numpy.float64) for p in params]
    expected = _normalize(x.astype(numpy.float64), mean, var, gamma, beta, 2e-5, (1, 3))
    array_utils.assert_array_equal(out, expected, dtype=dtypes[0], rtol=1e-2, atol=1e-2)


def test_fixed_batch_norm_reproducer_keeps_float16():
    out = chx.fixed_batch_norm(chx.ones((3, 2), 'float16'), *[chx.ones((2,), 'float32')] * 4)
    assert out.dtype == numpy.float16


@pytest.mark.parametrize('name', ['batch_norm', 'fixed_batch_norm'])
@pytest.mark.parametrize('dtype', ['int32', 'uint8', 'bool_'])
def test_non_float_x_raises_dtype_error(name, dtype):
    args = _bn_args()
    args[0] = chx.ones((4, 3), dtype)
    with pytest.raises(chx.DtypeError):
        getattr(chx, name)(*args)


@pytest.mark.parametrize('name', ['batch_norm', 'fixed_batch_norm'])
def test_gradients_have_their_inputs_dtypes(name):
    x = chx.array(array_utils.make_numpy((4, 3), 'float16')).require_grad()
    params = [chx.array(p) for p in _params((3,), 'float32')]
    params[0].require_grad()
    params[1].require_grad()
    if name == 'batch_norm':
        out = chx.batch_norm(x, *params)
    else:
        out = chx.fixed_batch_norm(x, *params)
    assert out.dtype == numpy.float16
    (out * out).sum().backward()
    assert x.grad.dtype == numpy.float16
    assert params[0].grad.dtype == numpy.float32 and params[1].grad.dtype == numpy.float32


def test_defaults_and_running_stats_in_their_own_dtype():
    x = array_utils.make_numpy((6, 3), 'float64')
    gamma, beta, running_mean, running_var = _params((3,), 'float32')
    chx_mean, chx_var = chx.array(running_mean), chx.array(running_var)
    out = chx.batch_norm(chx.array(x), chx.array(gamma), chx.array(beta), chx_mean, chx_var)
    expected, new_mean, new_var = _batch_norm(
        x, gamma, beta, running_mean, running_var, 2e-5, 0.9, None
    )
    array_utils.assert_array_equal(out, expected)
    array_utils.assert_array_equal(chx_mean, new_mean, dtype='float32')
    array_utils.assert_array_equal(chx_var, new_var, dtype='float32')


def _running_stats_in(layout, running_mean, running_var):
    """The running statistics as chainerx arrays laid out as `layout` says, and the arrays to read them back from
    (the same arrays, or the buffer they view)."""
    if layout == 'strided':
        buffer = chx.array(numpy.stack([running_mean, running_var], axis=1).reshape(-1))
        return buffer[0::2], buffer[1::2], (buffer[0::2], buffer[1::2])
    if layout == 'one buffer':
        buffer = chx.array(numpy.concatenate([running_mean, running_var]))
        n = len(running_mean)
        return buffer[:n], buffer[n:], (buffer[:n], buffer[n:])
    if layout == 'keepdims':
        mean, var = chx.array(running_mean.reshape(1, -1, 1, 1)), chx.array(running_var.reshape(1, 1, -1))
        return mean, var, (mean.reshape(-1), var.reshape(-1))
    if layout == 'mixed dtypes':
        mean, var = chx.array(running_mean), chx.array(running_var.astype('float64'))
        return mean, var, (mean, var)
    assert layout == 'contiguous'
    mean, var = chx.array(running_mean), chx.array(running_var)
    return mean, var, (mean, var)


# CUDA updates contiguous running statistics of one dtype together with the statistics' last step (Note [Batch
# statistics in one launch] in chainerx/cuda/normalization.cu), and other layouts after it: both as the routines do.
@pytest.mark.parametrize('layout', ['contiguous', 'strided', 'one buffer', 'keepdims', 'mixed dtypes'])
@pytest.mark.parametrize('dtype,stat_dtype', [
    ('float32', 'float32'), ('float16', 'float16'), ('float16', 'float32'), ('float32', 'float16'),
    ('float64', 'float32'), ('float32', 'float64'),
])
def test_running_stats_in_any_layout(layout, dtype, stat_dtype):
    x = array_utils.make_numpy((5, 3, 2, 2), 'float64').astype(dtype)
    gamma, beta, running_mean, running_var = _params((3,), stat_dtype)
    mean, var, read_back = _running_stats_in(layout, running_mean, running_var)
    out = chx.batch_norm(chx.array(x), chx.array(gamma.astype(dtype)), chx.array(beta.astype(dtype)), mean, var,
                         eps=1e-3, decay=0.7, axis=(0, 2, 3))
    expected, new_mean, new_var = _batch_norm(
        x, gamma.astype(dtype), beta.astype(dtype), running_mean.astype(numpy.float64),
        running_var.astype(numpy.float64), 1e-3, 0.7, (0, 2, 3))
    rtol, atol = _tolerances(dtype, stat_dtype)
    array_utils.assert_array_equal(out, expected, dtype=dtype, rtol=rtol, atol=atol)
    assert mean.dtype == stat_dtype and var.dtype == ('float64' if layout == 'mixed dtypes' else stat_dtype)
    array_utils.assert_array_equal(read_back[0], new_mean, dtype=mean.dtype, rtol=rtol, atol=atol)
    array_utils.assert_array_equal(read_back[1], new_var, dtype=var.dtype, rtol=rtol, atol=atol)


def test_one_array_as_both_running_stats_is_updated_twice():
    # As the routines do it: the mean's update, then the variance's on top of it.
    x = array_utils.make_numpy((5, 3, 2, 2), 'float32')
    gamma, beta, running, _ = _params((3,), 'float32')
    both = chx.array(running)
    chx.batch_norm(chx.array(x), chx.array(gamma), chx.array(beta), both, both, decay=0.5, axis=(0, 2, 3))
    _, after_mean, _ = _batch_norm(x, gamma, beta, running, running, 2e-5, 0.5, (0, 2, 3))
    _, _, after_var = _batch_norm(x, gamma, beta, after_mean, after_mean, 2e-5, 0.5, (0, 2, 3))
    array_utils.assert_array_equal(both, after_var, dtype='float32', rtol=1e-5, atol=1e-6)


def test_running_stats_are_updated_outside_the_graph():
    x = chx.array(array_utils.make_numpy((4, 2), 'float64')).require_grad()
    mean, var = chx.zeros((2,)), chx.ones((2,))
    chx.batch_norm(x, chx.ones((2,)), chx.zeros((2,)), mean, var).sum().backward()
    assert not mean.is_backprop_required() and not var.is_backprop_required()


def _bn_args(x_shape=(4, 3), param_shape=(3,)):
    return [
        chx.ones(x_shape),
        chx.ones(param_shape),
        chx.zeros(param_shape),
        chx.zeros(param_shape),
        chx.ones(param_shape),
    ]


@pytest.mark.parametrize('name', ['batch_norm', 'fixed_batch_norm'])
@pytest.mark.parametrize(
    'x_shape,param_shape,axis',
    [
        ((4, 3), (4,), None),
        ((4, 3), (3,), (0, 1)),
        ((4, 3, 2), (3,), None),
        ((4, 3), (3,), 2),
        ((4, 3), (3,), (0, 0)),
        ((), (1,), None),
    ],
)
def test_bad_shapes_raise_dimension_error(name, x_shape, param_shape, axis):
    with pytest.raises(chx.DimensionError):
        getattr(chx, name)(*_bn_args(x_shape, param_shape), axis=axis)


@pytest.mark.parametrize('index', [1, 2, 3, 4])
def test_one_bad_parameter_raises_dimension_error(index):
    args = _bn_args()
    args[index] = chx.ones((2,))
    with pytest.raises(chx.DimensionError):
        chx.batch_norm(*args)


def test_integer_running_stats_raise_dtype_error():
    args = _bn_args()
    args[3] = chx.zeros((3,), 'int32')
    with pytest.raises(chx.DtypeError):
        chx.batch_norm(*args)


def test_running_stats_requiring_grad_raise():
    args = _bn_args()
    args[4] = args[4].require_grad()
    with pytest.raises(chx.ChainerxError):
        chx.batch_norm(*args)


def test_parameters_on_another_device_raise_device_error():
    args = _bn_args()
    args[1] = args[1].to_device(array_utils.other_device())
    with pytest.raises(chx.DeviceError):
        chx.fixed_batch_norm(*args)


_GRAD_CASES = [((4, 3), None, (3,)), ((3, 2, 2), (0, 2), (2,)), ((2, 3, 2, 2), (0, 2, 3), (3,))]


def _check_grads(fn, inputs):
    """First- and second-order checks of float64 inputs."""
    with chx.no_backprop_mode():
        out_shape = fn(*inputs).shape
    gy = array_utils.make_grad_input(out_shape, 'float64', seed=9)
    array_utils.check_backward(fn, inputs, gy, 'float64', **array_utils.SMOOTH_GRAD_CHECK)
    ggxs = [
        array_utils.make_grad_input(a.shape, 'float64', seed=20 + i) for i, a in enumerate(inputs)
    ]
    array_utils.check_double_backward(
        fn, inputs, gy, ggxs, 'float64', **array_utils.SMOOTH_GRAD_CHECK
    )


@pytest.mark.parametrize('shape,axis,param_shape', _GRAD_CASES)
def test_batch_norm_backward_and_double_backward(shape, axis, param_shape):
    def fn(x, gamma, beta):
        # Fresh running statistics per call: the numerical gradient calls fn many times.
        return chx.batch_norm(
            x,
            gamma,
            beta,
            chx.zeros(param_shape, x.dtype),
            chx.ones(param_shape, x.dtype),
            axis=axis,
        )

    inputs = [
        array_utils.make_grad_input(s, 'float64', seed=i)
        for i, s in enumerate([shape, param_shape, param_shape])
    ]
    _check_grads(fn, inputs)


@pytest.mark.parametrize('shape,axis,param_shape', _GRAD_CASES)
def test_fixed_batch_norm_backward_and_double_backward(shape, axis, param_shape):
    def fn(x, gamma, beta, mean, var):
        return chx.fixed_batch_norm(x, gamma, beta, mean, var, axis=axis)

    inputs = [
        array_utils.make_grad_input(s, 'float64', seed=i)
        for i, s in enumerate([shape] + [param_shape] * 3)
    ]
    var = chx.array(_params(param_shape, 'float64')[3])
    _check_grads(fn, inputs + [var])


@pytest.mark.parametrize('shape,axis,param_shape', _GRAD_CASES)
def test_frozen_fixed_batch_norm_backward_and_double_backward(shape, axis, param_shape):
    # Constant statistics (Note [Frozen batch normalization]): the inference kernel forward, routines backward.
    _, _, mean, var = (chx.array(p) for p in _params(param_shape, 'float64'))

    def fn(x, gamma, beta):
        return chx.fixed_batch_norm(x, gamma, beta, mean, var, axis=axis)

    inputs = [
        array_utils.make_grad_input(s, 'float64', seed=i)
        for i, s in enumerate([shape, param_shape, param_shape])
    ]
    _check_grads(fn, inputs)


def test_frozen_fixed_batch_norm_gradient_of_x_alone_matches_the_formula(device):
    rng = numpy.random.default_rng(0)
    x_np = rng.standard_normal((4, 3, 2))
    gamma_np, beta_np, mean_np = (rng.standard_normal(3) for _ in range(3))
    var_np = rng.uniform(0.5, 2, 3)
    gy_np = rng.standard_normal((4, 3, 2))
    x = chx.array(x_np, device=device).require_grad()
    gamma, beta, mean, var = (chx.array(a, device=device) for a in (gamma_np, beta_np, mean_np, var_np))
    y = chx.fixed_batch_norm(x, gamma, beta, mean, var, eps=1e-3, axis=(0, 2))
    gx, = chx.grad([y], [x], grad_outputs=[chx.array(gy_np, device=device)])
    scale = (gamma_np / numpy.sqrt(var_np + 1e-3))[:, None]
    numpy.testing.assert_allclose(chx.to_numpy(y), (x_np - mean_np[:, None]) * scale + beta_np[:, None], rtol=1e-12)
    numpy.testing.assert_allclose(chx.to_numpy(gx), gy_np * scale, rtol=1e-12)


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_backward_in_low_precision_matches_float64(dtype):
    # Central differences in float16 are too noisy for a division by small deviations; the
    # analytic gradients are compared with the float64 ones instead.
    def fn(x, gamma, beta):
        return chx.batch_norm(x, gamma, beta, chx.zeros((3,), x.dtype), chx.ones((3,), x.dtype))

    inputs = [
        array_utils.make_grad_input(s, 'float64', seed=i)
        for i, s in enumerate([(4, 3), (3,), (3,)])
    ]
    gy = array_utils.make_grad_input((4, 3), 'float64', seed=9)
    expected = array_utils.first_order_grads(fn, inputs, [gy])
    grads = array_utils.first_order_grads(fn, [a.astype(dtype) for a in inputs], [gy.astype(dtype)])
    for grad, want in zip(grads, expected):
        array_utils.assert_array_equal(grad, chx.to_numpy(want), dtype=dtype, rtol=2e-2, atol=2e-2)
