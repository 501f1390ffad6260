"""Shared helpers of the chainerx tests: seeded inputs, comparison with NumPy, numerical gradients.

The parameter tables (dtypes, shapes, devices) are defined here once and used by every test family.
"""

import numpy

import chainerx as chx

ALL_DTYPES = ('bool_', 'int8', 'int16', 'int32', 'int64', 'uint8', 'float16', 'float32', 'float64')
FLOAT_DTYPES = ('float16', 'float32', 'float64')
INT_DTYPES = ('int8', 'int16', 'int32', 'int64', 'uint8')
NUMERIC_DTYPES = INT_DTYPES + FLOAT_DTYPES


def _cuda_device_count():
    try:
        return chx.get_backend('cuda').get_device_count()
    except chx.BackendError:  # a build without the CUDA backend
        return 0


CUDA_DEVICE_COUNT = _cuda_device_count()


def other_device():
    """A device other than the default one (the suite may run on another default, see conftest.py)."""
    return chx.get_device('native:0' if chx.get_default_device().name == 'native:1' else 'native:1')
# The shared device list: cuda:0 joins it where a GPU is present.
NATIVE_DEVICES = ('native:0', 'native:1')
DEVICES = NATIVE_DEVICES + (('cuda:0',) if CUDA_DEVICE_COUNT > 0 else ())

# Shapes used by elementwise and shape-preserving tests: 0-d, zero-size, size 1, small n-d.
SHAPES = ((), (0,), (1,), (3,), (2, 3), (2, 0, 3), (2, 3, 4))

# (rtol, atol) of forward comparisons.
_TOLERANCES = {'float16': (1e-3, 1e-3), 'float32': (1e-6, 1e-6), 'float64': (1e-12, 1e-12)}

# Step and tolerances of numerical gradient checks. Inputs from `make_grad_input` are multiples
# of 1/4 and the steps are powers of two, so polynomial ops of degree <= 2 are differentiated
# exactly up to the rounding of the outputs themselves.
GRAD_EPS = {'float16': 2**-2, 'float32': 2**-4, 'float64': 2**-6}
GRAD_TOLERANCES = {'float16': (1e-2, 1e-2), 'float32': (1e-4, 1e-4), 'float64': (1e-8, 1e-8)}
# Step and (rtol, atol) for float64 checks of non-polynomial ops (1/x, x**y, sqrt, ...), whose
# central differences carry an O(eps**2) truncation error: pass as `**SMOOTH_GRAD_CHECK`.
SMOOTH_GRAD_CHECK = {'eps': 2**-14, 'tolerances': (1e-5, 1e-5)}


_KIND_RANK = {'b': 0, 'u': 1, 'i': 1, 'f': 2}


def result_dtype(dtype1, dtype2):
    """chainerx's array-array promotion (spec A.4, not NumPy's).

    bool is lowest, float beats int of any width, same kind takes the wider, int8 + uint8 -> int16.
    """
    d1, d2 = numpy.dtype(dtype1), numpy.dtype(dtype2)
    r1, r2 = _KIND_RANK[d1.kind], _KIND_RANK[d2.kind]
    if r1 != r2:
        return d1 if r1 > r2 else d2
    if d1.kind == d2.kind:
        return d1 if d1.itemsize >= d2.itemsize else d2
    signed = d1 if d1.kind == 'i' else d2
    return signed if signed.itemsize > 1 else numpy.dtype('int16')


def scalar_result_dtype(dtype, scalar):
    """chainerx's array-scalar promotion: the array's dtype, unless the scalar is of a higher kind
    (bool < int < float), which gives that kind's default dtype (int32, float32). NumPy scalars count
    as Python scalars of their kind."""
    dtype = numpy.dtype(dtype)
    if isinstance(scalar, (float, numpy.floating)) and dtype.kind != 'f':
        return numpy.dtype('float32')
    if (isinstance(scalar, (int, numpy.integer)) and not isinstance(scalar, (bool, numpy.bool_))
            and dtype.kind == 'b'):
        return numpy.dtype('int32')
    return dtype


def math_dtype(dtype):
    """The dtype chainerx's math functions compute in: float dtypes stay, others are float32."""
    dtype = numpy.dtype(dtype)
    return dtype if dtype.kind == 'f' else numpy.dtype('float32')


def make_numpy(shape, dtype, seed=0, contiguous=True, low=-3, high=3):
    """A seeded NumPy array.

    Non-contiguous arrays are strided views (every other element of the last axis).
    """
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    full_shape = tuple(shape)
    if not contiguous and full_shape:
        full_shape = full_shape[:-1] + (full_shape[-1] * 2,)
    if dtype == numpy.bool_:
        a = rng.integers(0, 2, full_shape).astype(dtype)
    elif dtype.kind == 'u':
        a = rng.integers(0, high + 1, full_shape).astype(dtype)
    elif dtype.kind == 'i':
        a = rng.integers(low, high + 1, full_shape).astype(dtype)
    else:
        a = rng.uniform(low, high, full_shape).astype(dtype)
    if not contiguous and full_shape:
        a = a[..., ::2]
        assert not a.flags.c_contiguous or a.size <= 1
    return a


# Memory layouts of interop tests: layout -> (base shape, view). The same view expression applies to NumPy and
# chainerx arrays, so a test can build the pair and compare what other libraries see of the chainerx one.
VIEW_LAYOUTS = {
    'contiguous': ((2, 3), lambda x: x),
    '0-d': ((), lambda x: x),
    'zero-size': ((2, 0, 3), lambda x: x),
    'transposed': ((2, 3, 4), lambda x: x.T),
    'strided': ((4, 6), lambda x: x[::2, 1::3]),
    'reversed': ((5,), lambda x: x[::-1]),
}


def make_view_pair(layout, dtype, seed=0):
    """A chainerx view and the equal NumPy view of the same values, in one of VIEW_LAYOUTS."""
    shape, view = VIEW_LAYOUTS[layout]
    base = make_numpy(shape, dtype, seed=seed)
    return view(chx.array(base)), view(base)


def numpy_data_address(np_array):
    return np_array.__array_interface__['data'][0]


def make_grad_input(shape, dtype, seed=0):
    """A seeded float array of multiples of 1/4 in [-2, 2] avoiding 0 (exact in float16)."""
    rng = numpy.random.default_rng(seed)
    values = rng.integers(1, 9, shape) * rng.choice((-1, 1), shape) / 4.0
    return chx.array(values.astype(dtype))


def tolerance(dtype):
    return _TOLERANCES.get(numpy.dtype(dtype).name, (0, 0))


def assert_array_equal(actual, expected, dtype=None, rtol=None, atol=None):
    """Checks a chainerx array against a NumPy array (or a value): type, shape, dtype and values.

    The expected dtype defaults to the dtype of `expected`; float comparisons use the tolerance of
    that dtype.
    """
    assert isinstance(actual, chx.ndarray), type(actual)
    expected = numpy.asarray(expected)
    dtype = numpy.dtype(expected.dtype if dtype is None else dtype)
    assert actual.dtype == dtype, (actual.dtype, dtype)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    default_rtol, default_atol = tolerance(dtype)
    numpy.testing.assert_allclose(
        chx.to_numpy(actual).astype(numpy.float64) if dtype.kind == 'f' else chx.to_numpy(actual),
        expected.astype(dtype),
        rtol=default_rtol if rtol is None else rtol,
        atol=default_atol if atol is None else atol,
    )


def _as_list(outputs):
    return list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]


def _weighted_sum(outputs, grad_outputs, dtype=None):
    """sum_i <y_i, gy_i> as a chainerx 0-d array (computed in `dtype` if given)."""
    total = None
    for y, gy in zip(outputs, grad_outputs):
        if dtype is not None:
            y, gy = y.astype(dtype), gy.astype(dtype)
        term = (y * gy).sum()
        total = term if total is None else total + term
    return total


def numerical_grads(fn, inputs, grad_outputs, eps):
    """Central differences of sum_i <fn(inputs)_i, grad_outputs_i> w.r.t. each input.

    The results are NumPy float64 arrays. `inputs` must not require grad; `fn` may run backward
    internally (as in check_double_backward).
    """
    grads = []
    for i, x in enumerate(inputs):
        grad = numpy.zeros(x.shape, numpy.float64)
        for j in range(x.size):
            basis = numpy.zeros(x.size, x.dtype)
            basis[j] = eps
            delta = chx.array(basis.reshape(x.shape), device=x.device)
            values = []
            for step in (delta, -delta):
                shifted = list(inputs)
                shifted[i] = x + step
                outputs = _as_list(fn(*shifted))
                with chx.no_backprop_mode():
                    values.append(_weighted_sum(outputs, grad_outputs, 'float64').item())
            grad.flat[j] = (values[0] - values[1]) / (2 * eps)
        grads.append(grad)
    return grads


def _fresh_leaves(arrays):
    return [a.as_grad_stopped(copy=True).require_grad() for a in arrays]


def _grad_or_zeros(x, grad):
    return chx.zeros_like(x, device=x.device) if grad is None else grad


def _assert_grads_close(leaves, grads, expected, dtype, tolerances=None):
    rtol, atol = GRAD_TOLERANCES[dtype] if tolerances is None else tolerances
    for x, grad, numerical in zip(leaves, grads, expected):
        grad = _grad_or_zeros(x, grad)
        assert grad.dtype == x.dtype and grad.shape == x.shape, (
            grad.dtype,
            grad.shape,
            x.dtype,
            x.shape,
        )
        numpy.testing.assert_allclose(
            chx.to_numpy(grad).astype(numpy.float64), numerical, rtol=rtol, atol=atol
        )


def first_order_grads(fn, inputs, grad_outputs):
    """Gradients of sum_i <fn(inputs)_i, grad_outputs_i> by backward (zeros if unreachable)."""
    xs = _fresh_leaves(inputs)
    _weighted_sum(_as_list(fn(*xs)), grad_outputs).backward()
    return [_grad_or_zeros(x, x.grad) for x in xs]


def check_backward(fn, inputs, grad_outputs, dtype, eps=None, tolerances=None):
    """Checks first-order gradients of `fn` (chainerx arrays in and out) by central differences.

    `eps` and `tolerances` (rtol, atol) default to GRAD_EPS and GRAD_TOLERANCES of `dtype`.
    """
    grad_outputs = _as_list(grad_outputs)
    xs = _fresh_leaves(inputs)
    _weighted_sum(_as_list(fn(*xs)), grad_outputs).backward()
    expected = numerical_grads(fn, inputs, grad_outputs, eps or GRAD_EPS[dtype])
    _assert_grads_close(xs, [x.grad for x in xs], expected, dtype, tolerances)


def check_double_backward(
    fn, inputs, grad_outputs, grad_grad_inputs, dtype, eps=None, tolerances=None
):
    """Checks second-order gradients of `fn`.

    The double-backprop gradient is compared with numerical differentiation of the first-order
    gradient, w.r.t. the inputs and the output gradients. `eps` and `tolerances` as in
    check_backward.
    """
    grad_outputs = _as_list(grad_outputs)
    grad_grad_inputs = _as_list(grad_grad_inputs)
    n = len(inputs)
    leaves = _fresh_leaves(list(inputs) + grad_outputs)
    _weighted_sum(_as_list(fn(*leaves[:n])), leaves[n:]).backward(enable_double_backprop=True)
    grads = [_grad_or_zeros(x, x.grad) for x in leaves[:n]]
    for leaf in leaves:
        leaf.cleargrad()
    _weighted_sum(grads, grad_grad_inputs).backward()

    def grads_of(*args):
        return first_order_grads(fn, args[:n], args[n:])

    expected = numerical_grads(
        grads_of, list(inputs) + grad_outputs, grad_grad_inputs, eps or GRAD_EPS[dtype]
    )
    _assert_grads_close(leaves, [leaf.grad for leaf in leaves], expected, dtype, tolerances)


def check_grads(fn, shapes, dtype, seed=0):
    """Checks backward and double backward of `fn` at seeded inputs of the given shapes.

    `fn` maps chainerx arrays to an array or a list of arrays. Double backward is checked on
    fn(x * x), so that it is non-trivial for the linear functions (views, copies) too.
    """
    xs = [make_grad_input(shape, dtype, seed=seed + i) for i, shape in enumerate(shapes)]
    with chx.no_backprop_mode():
        outputs = _as_list(fn(*xs))
    gys = [make_grad_input(y.shape, dtype, seed=seed + 10 + i) for i, y in enumerate(outputs)]
    check_backward(fn, xs, gys, dtype)
    ggxs = [make_grad_input(shape, dtype, seed=seed + 20 + i) for i, shape in enumerate(shapes)]
    check_double_backward(lambda *a: fn(*[v * v for v in a]), xs, gys, ggxs, dtype)


def check_setitem(shape, key, value, dtype):
    """Checks `a[key] = value` against NumPy on an array of `shape` and `dtype`.

    A value written as ('chx', numpy_data) is assigned as a chainerx array, any other value as is.
    """
    expected = make_numpy(shape, dtype)
    a = chx.array(expected)
    if isinstance(value, tuple):
        a[key] = chx.array(value[1])
        value = value[1]
    else:
        a[key] = value
    expected[key] = value
    assert_array_equal(a, expected)
