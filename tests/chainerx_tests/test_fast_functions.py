"""The module functions with a fast path (Note [Fast module functions]).

The fast path handles positional calls with arguments of the expected kinds; keyword calls and everything else
go to the pybind11 definition. So each case runs the same call both ways (and partly by keyword) and expects
the same result, or the same error class and message.
"""

import pickle

import numpy as np
import pytest

import chainerx


def _array(shape=(2, 3), dtype='float32', start=0):
    values = (np.arange(int(np.prod(shape))) + start - 2).reshape(shape)
    return chainerx.array(values.astype(dtype) if dtype != 'bool' else values % 2 == 0)


def _outcome(call):
    try:
        result = call()
    except Exception as e:  # NOQA: the class and the message are what is compared
        # pybind11's message ends with the arguments as passed, which differ between the forms of one call.
        return ('error', type(e), str(e).split('\n\nInvoked with')[0])
    if isinstance(result, chainerx.ndarray):
        return ('array', result.shape, result.dtype, str(chainerx.to_numpy(result).tolist()))  # str: nan == nan
    return ('value', result)


def _assert_positional_matches_keywords(func, names, args):
    """func(*args) against func(**dict(zip(names, args))) and against the mixed form."""
    positional = _outcome(lambda: func(*args))
    assert positional == _outcome(lambda: func(**dict(zip(names, args))))
    if len(args) > 1:
        assert positional == _outcome(lambda: func(args[0], **dict(zip(names[1:], args[1:]))))
    return positional


_FAST_FUNCTIONS = [
    'relu', 'sigmoid', 'tanh', 'exp', 'log', 'sqrt', 'negative', 'square', 'add', 'multiply', 'subtract', 'divide',
    'maximum', 'minimum', 'equal', 'matmul', 'dot', 'linear', 'conv', 'max_pool', 'average_pool', 'batch_norm',
    'fixed_batch_norm', 'log_softmax', 'softmax', 'softmax_cross_entropy', 'sigmoid_cross_entropy',
]


@pytest.mark.parametrize('name', _FAST_FUNCTIONS)
def test_fast_functions_keep_their_identity(name):
    func = getattr(chainerx, name)
    assert type(func).__name__ == 'builtin_function_or_method'
    assert func.__name__ == name
    assert func.__module__ == 'chainerx'
    assert (func.__doc__ or '').startswith(name + '(')  # the pybind11 signature line, then the docs
    assert pickle.loads(pickle.dumps(func)) is func


@pytest.mark.parametrize('name', ['relu', 'sigmoid', 'tanh', 'exp', 'log', 'negative'])
@pytest.mark.parametrize('x', [
    _array(), _array(()), _array((0, 3)), _array((2, 3), 'int32'), _array((3,), 'bool'),
    _array((2, 3)).T, np.ones(3, np.float32), 1.5, None, 'x',
])
def test_unary(name, x):
    func = getattr(chainerx, name)
    _assert_positional_matches_keywords(func, ['x'], (x,))


@pytest.mark.parametrize('name', ['add', 'multiply', 'maximum', 'equal', 'matmul'])
@pytest.mark.parametrize('x1,x2', [
    (_array(), _array()), (_array(), _array((3,))), (_array(), 2), (2.5, _array()), (_array(), np.float32(2)),
    (_array(), _array((4,))), (_array((2, 3)), _array((3, 2))), (_array(), np.ones((2, 3), np.float32)),
    (1, 2), (_array(), None), (_array((0, 3)), _array((3, 0))),
])
def test_binary(name, x1, x2):
    func = getattr(chainerx, name)
    _assert_positional_matches_keywords(func, ['x1', 'x2'], (x1, x2))


def test_wrong_argument_counts_go_to_the_pybind11_definition():
    a = _array()
    for call in [lambda: chainerx.relu(), lambda: chainerx.relu(a, a), lambda: chainerx.add(a),
                 lambda: chainerx.add(a, a, a), lambda: chainerx.linear(a), lambda: chainerx.relu(y=a),
                 lambda: chainerx.conv(a, a, None, 1, 0, False, 1, 0)]:
        with pytest.raises(TypeError, match='incompatible function arguments'):
            call()


@pytest.mark.parametrize('args', [
    (_array((4, 3)), _array((5, 3))),
    (_array((4, 3)), _array((5, 3)), None),
    (_array((4, 3)), _array((5, 3)), _array((5,))),
    (_array((4, 3)), _array((5, 3)), _array((5,)), 1),
    (_array((2, 2, 3)), _array((5, 3)), None, 2),
    (_array((2, 2, 3)), _array((5, 6)), None, np.int64(1)),
    (_array((4, 3)), _array((5, 4))),
    (_array((4, 3)), _array((5, 3)), _array((4,))),
    (_array((4, 3)), _array((5, 3)), None, 1.5),
    (_array((4, 3)), np.ones((5, 3), np.float32)),
])
def test_linear(args):
    outcome = _assert_positional_matches_keywords(chainerx.linear, ['x', 'w', 'b', 'n_batch_axes'], args)
    if outcome[0] == 'array' and len(args) < 4:
        b = args[2] if len(args) == 3 and args[2] is not None else None
        expected = chainerx.to_numpy(args[0]) @ chainerx.to_numpy(args[1]).T
        if b is not None:
            expected = expected + chainerx.to_numpy(b)
        np.testing.assert_allclose(chainerx.to_numpy(chainerx.linear(*args)), expected, rtol=1e-6)


_X4 = _array((1, 2, 5, 5))
_W4 = _array((3, 2, 3, 3))


@pytest.mark.parametrize('args', [
    (_X4, _W4), (_X4, _W4, None), (_X4, _W4, _array((3,))), (_X4, _W4, None, 2), (_X4, _W4, None, (1, 2), 1),
    (_X4, _W4, None, 2, 0, True), (_X4, _W4, None, 2, 0, False), (_X4, _W4, None, 2, 0, np.bool_(True)),
    (_X4, _W4, None, 2, 0, 1), (_X4, _W4, None, 0), (_X4, _W4, None, (1, 1, 1)), (_X4, _array((3, 4, 3, 3))),
    (_X4, _W4, None, 1, -1),
])
def test_conv(args):
    _assert_positional_matches_keywords(chainerx.conv, ['x', 'w', 'b', 'stride', 'pad', 'cover_all'], args)


@pytest.mark.parametrize('args', [
    (_X4, 2), (_X4, 2, None), (_X4, 2, 1), (_X4, (2, 3), (1, 2), 1), (_X4, 3, 2, 0, True),
    (_X4, 3, 2, 0, False), (_X4, 3, 2, 0, 1), (_X4, 0), (_X4, (2, 2, 2)), (_X4, 2, None, 5),
])
def test_max_pool(args):
    _assert_positional_matches_keywords(chainerx.max_pool, ['x', 'ksize', 'stride', 'pad', 'cover_all'], args)


@pytest.mark.parametrize('args', [
    (_X4, 2), (_X4, 2, None, 1), (_X4, 3, 2, 1, 'zero'), (_X4, 3, 2, 1, 'ignore'), (_X4, 3, 2, 1, 'other'),
    (_X4, 3, 2, 1, None), (_X4, 3, 2, 1, b'zero'),
])
def test_average_pool(args):
    _assert_positional_matches_keywords(chainerx.average_pool, ['x', 'ksize', 'stride', 'pad', 'pad_mode'], args)


def _norm_inputs():
    return _array((4, 3)), _array((3,), start=3), _array((3,)), _array((3,)), _array((3,), start=3)


@pytest.mark.parametrize('extra', [(), (1e-3,), (1e-3, 0.5), (1e-3, 0.5, None), (1e-3, 0.5, 0), (1, 0.5),
                                   (np.float64(1e-3),), (1e-3, 'x'), (1e-3, 0.5, (0, 1))])
def test_batch_norm(extra):
    x, gamma, beta, mean, var = _norm_inputs()
    names = ['x', 'gamma', 'beta', 'running_mean', 'running_var', 'eps', 'decay', 'axis']
    # batch_norm updates the running statistics in place: each form gets its own copies.
    positional = _outcome(lambda: chainerx.batch_norm(x, gamma, beta, mean.copy(), var.copy(), *extra))
    args = (x, gamma, beta, mean.copy(), var.copy()) + extra
    assert positional == _outcome(lambda: chainerx.batch_norm(**dict(zip(names, args))))


@pytest.mark.parametrize('extra', [(), (1e-3,), (1e-3, None), (1e-3, 0), (1,), (1e-3, (0, 1)), ('x',)])
def test_fixed_batch_norm(extra):
    args = _norm_inputs() + extra
    _assert_positional_matches_keywords(chainerx.fixed_batch_norm, ['x', 'gamma', 'beta', 'mean', 'var', 'eps', 'axis'],
                                        args)


@pytest.mark.parametrize('name', ['log_softmax', 'softmax'])
@pytest.mark.parametrize('args', [(_array(),), (_array(), None), (_array(), 0), (_array(), (0, 1)), (_array(), 2),
                                  (_array(()),), (np.ones(3),), (_array(), 'x')])
def test_softmax_family(name, args):
    _assert_positional_matches_keywords(getattr(chainerx, name), ['x', 'axis'], args)


def test_dot_keeps_its_parameter_names():
    a = _array((2, 3))
    b = _array((3, 2))
    assert _outcome(lambda: chainerx.dot(a, b)) == _outcome(lambda: chainerx.dot(a=a, b=b))
    np.testing.assert_array_equal(chainerx.to_numpy(chainerx.dot(a, b)),
                                  chainerx.to_numpy(a) @ chainerx.to_numpy(b))


def test_fast_functions_record_the_graph():
    x = _array((4, 3)).require_grad()
    w = _array((5, 3)).require_grad()
    y = chainerx.relu(chainerx.linear(x, w)).sum()
    y.backward()
    relu_mask = (chainerx.to_numpy(x) @ chainerx.to_numpy(w).T > 0).astype(np.float32)
    np.testing.assert_allclose(chainerx.to_numpy(x.grad), relu_mask @ chainerx.to_numpy(w), rtol=1e-6)
