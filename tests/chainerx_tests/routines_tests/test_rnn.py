"""lstm, slstm and tree_lstm (spec A.12, as chainer.functions) against NumPy references: gate
layouts, extra rows of the cell state, every dtype, gradients of first and second order, errors."""

import numpy
import pytest

import chainerx as chx

import array_utils


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _gates(x, n, interleaved):
    """lstm/slstm interleave the gates along axis 1; tree_lstm stores them one after another."""
    if interleaved:
        r = x.reshape((x.shape[0], x.shape[1] // n, n) + x.shape[2:])
        return [r[:, :, g] for g in range(n)]
    r = x.reshape((x.shape[0], n, x.shape[1] // n) + x.shape[2:])
    return [r[:, g] for g in range(n)]


def _lstm(c, x):
    a, i, f, o = _gates(x, 4, True)
    batch = len(x)
    c_new = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * c[:batch]
    h = _sigmoid(o) * numpy.tanh(c_new)
    return numpy.concatenate([c_new, c[batch:]]), h


def _slstm(c_prev1, c_prev2, x1, x2):
    a1, i1, f1, o1 = _gates(x1, 4, True)
    a2, i2, f2, o2 = _gates(x2, 4, True)
    # Each child's input gate scales its own candidate (as Chainer's slstm); the output gates add.
    c = (numpy.tanh(a1) * _sigmoid(i1) + numpy.tanh(a2) * _sigmoid(i2)
         + _sigmoid(f1) * c_prev1 + _sigmoid(f2) * c_prev2)
    return c, _sigmoid(o1 + o2) * numpy.tanh(c)


def _tree_lstm(*inputs):
    cs, x = inputs[:-1], inputs[-1]
    a, i, o, *fs = _gates(x, 3 + len(cs), False)
    c = numpy.tanh(a) * _sigmoid(i) + sum(_sigmoid(f) * c_k for f, c_k in zip(fs, cs))
    return c, _sigmoid(o) * numpy.tanh(c)


# (name, input shapes): cell states have H = 3 units; x packs the gates along axis 1.
_CASES = [
    ('lstm', [(2, 3), (2, 12)]),
    ('lstm', [(4, 3), (2, 12)]),  # rows of c beyond x's batch pass through
    ('lstm', [(2, 3, 2), (2, 12, 2)]),
    ('lstm', [(0, 3), (0, 12)]),
    ('lstm', [(2, 0), (2, 0)]),
    ('slstm', [(2, 3), (2, 3), (2, 12), (2, 12)]),
    ('slstm', [(1, 3, 2), (1, 3, 2), (1, 12, 2), (1, 12, 2)]),
    ('tree_lstm', [(2, 3), (2, 12)]),
    ('tree_lstm', [(2, 3), (2, 3), (2, 15)]),
    ('tree_lstm', [(1, 3, 2), (1, 3, 2), (1, 3, 2), (1, 18, 2)]),
]
_REFERENCES = {'lstm': _lstm, 'slstm': _slstm, 'tree_lstm': _tree_lstm}


def _dtypes_of(name):
    """lstm takes float c and x of one dtype only (see test_lstm_dtype_errors)."""
    return array_utils.FLOAT_DTYPES if name == 'lstm' else array_utils.ALL_DTYPES


@pytest.mark.parametrize('name,shapes,dtype', [
    case + (dtype,) for case in _CASES for dtype in _dtypes_of(case[0])])
def test_matches_numpy(name, shapes, dtype, device):
    inputs = [
        array_utils.make_numpy(s, dtype, seed=i, contiguous=i > 0) for i, s in enumerate(shapes)
    ]
    outputs = getattr(chx, name)(*[chx.array(a, copy=False, device=device) for a in inputs])
    assert isinstance(outputs, tuple) and len(outputs) == 2
    expected = _REFERENCES[name](*[a.astype(numpy.float64) for a in inputs])
    # In float16 every gate is rounded before the sum of products, which may cancel.
    rtol, atol = (1e-2, 1e-2) if dtype == 'float16' else (None, None)
    for out, want in zip(outputs, expected):
        assert out.device is device
        array_utils.assert_array_equal(
            out, want, dtype=array_utils.math_dtype(dtype), rtol=rtol, atol=atol
        )


def test_lstm_returns_c_then_h_with_keywords():
    c = array_utils.make_numpy((3, 2), 'float32')
    x = array_utils.make_numpy((2, 8), 'float32', seed=1)
    c_new, h = chx.lstm(c=chx.array(c), x=chx.array(x))
    assert c_new.shape == (3, 2) and h.shape == (2, 2)
    slstm_out = chx.slstm(
        c_prev1=chx.array(c[:2]), c_prev2=chx.array(c[:2]), x1=chx.array(x), x2=chx.array(x)
    )
    assert [a.shape for a in slstm_out] == [(2, 2), (2, 2)]


@pytest.mark.parametrize(
    'name,shapes',
    [
        ('lstm', [(2, 3), (2, 10)]),  # not 4 gates
        ('lstm', [(2, 4), (2, 12)]),  # units differ
        ('lstm', [(1, 3), (2, 12)]),  # fewer rows in c than in x
        ('lstm', [(2, 3), (2,)]),
        ('slstm', [(2, 3), (2, 3), (2, 12), (2, 8)]),
        ('slstm', [(2, 3), (2, 2), (2, 12), (2, 12)]),
        ('tree_lstm', [(2, 12)]),
        ('tree_lstm', [(2, 3), (2, 3), (2, 12)]),  # 2 children need 5 gates
        ('tree_lstm', [(2, 3), (2, 4), (2, 15)]),
    ],
)
def test_bad_shapes_raise_dimension_error(name, shapes):
    with pytest.raises(chx.DimensionError):
        getattr(chx, name)(*[chx.ones(s) for s in shapes])


@pytest.mark.parametrize('c_dtype,x_dtype', [
    ('float32', 'float16'), ('float64', 'float32'), ('int32', 'int32'), ('bool_', 'bool_'),
    ('int32', 'float32'), ('float32', 'int32'), ('uint8', 'uint8'),
])
def test_lstm_dtype_errors(c_dtype, x_dtype):
    # c must be floating point and of x's dtype.
    with pytest.raises(chx.DtypeError):
        chx.lstm(chx.ones((10, 3), c_dtype), chx.ones((10, 12), x_dtype))


def test_lstm_checks_shapes_before_dtypes():
    with pytest.raises(chx.DimensionError):
        chx.lstm(chx.ones((10, 4), 'int32'), chx.ones((10, 12), 'float32'))


def _check_grads(name, shapes, dtype, double):
    inputs = [array_utils.make_grad_input(s, dtype, seed=i) for i, s in enumerate(shapes)]

    def fn(*args):
        return list(getattr(chx, name)(*args))

    with chx.no_backprop_mode():
        out_shapes = [y.shape for y in fn(*inputs)]
    gys = [array_utils.make_grad_input(s, dtype, seed=10 + i) for i, s in enumerate(out_shapes)]
    options = (
        dict(array_utils.SMOOTH_GRAD_CHECK) if dtype == 'float64' else {'tolerances': (5e-2, 5e-2)}
    )
    array_utils.check_backward(fn, inputs, gys, dtype, **options)
    if double:
        ggxs = [array_utils.make_grad_input(s, dtype, seed=20 + i) for i, s in enumerate(shapes)]
        array_utils.check_double_backward(fn, inputs, gys, ggxs, dtype, **options)


@pytest.mark.parametrize('name,shapes', [case for case in _CASES if 0 not in sum(case[1], ())][:6])
def test_backward_and_double_backward(name, shapes):
    _check_grads(name, shapes, 'float64', True)


@pytest.mark.parametrize('name,shapes', [_CASES[0], _CASES[5], _CASES[8]])
@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_backward_in_low_precision(name, shapes, dtype):
    _check_grads(name, shapes, dtype, False)


@pytest.mark.parametrize('output', [0, 1])
@pytest.mark.parametrize('c_rows', [3, 5])
def test_lstm_gradient_of_one_output(output, c_rows):
    # The fused gradient (Note [LSTM cell in one pass] in chainerx/core/routines/rnn.cc) takes the other output's
    # absent gradient as zero; with more rows in c, the extra rows' gradient passes through.
    inputs = [array_utils.make_grad_input((c_rows, 4), 'float64', seed=0),
              array_utils.make_grad_input((3, 16), 'float64', seed=1)]

    def fn(c, x):
        return [chx.lstm(c, x)[output]]

    with chx.no_backprop_mode():
        out_shape = fn(*inputs)[0].shape
    gy = array_utils.make_grad_input(out_shape, 'float64', seed=5)
    array_utils.check_backward(fn, inputs, [gy], 'float64', **array_utils.SMOOTH_GRAD_CHECK)


def test_lstm_gradients_of_transposed_operands():
    # c, x and both output gradients as transposed views: the fused kernels take contiguous copies.
    inputs = [array_utils.make_grad_input((3, 3), 'float64', seed=0),
              array_utils.make_grad_input((12, 3), 'float64', seed=1)]

    def fn(c_t, x_t):
        return list(chx.lstm(c_t.T, x_t.T))

    gys = [array_utils.make_grad_input((3, 3), 'float64', seed=s).T for s in (2, 3)]
    assert not gys[0].is_contiguous
    array_utils.check_backward(fn, inputs, gys, 'float64', **array_utils.SMOOTH_GRAD_CHECK)
