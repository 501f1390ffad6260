"""Tests of chainer.utils.type_check: expressions, their printing, expect's messages, light mode."""

import pickle
import threading

import numpy
import pytest

import chainer
import chainerx
from chainer.utils import type_check


def _types(*arrays, accept_none=False):
    return type_check.get_types(arrays, 'in_types', accept_none)


@pytest.fixture
def xw():
    """`in_types` for x (2, 3) float32 and W (4, 5) int32, named x and W."""
    in_types = _types(numpy.zeros((2, 3), numpy.float32), numpy.zeros((4, 5), numpy.int32))
    type_check.argname(in_types, ('x', 'W'))
    return in_types


def _raised(*conditions):
    with pytest.raises(type_check.InvalidType) as info:
        type_check.expect(*conditions)
    return info.value


# (builder of an expression from x and W, its string, its value)
_EXPRESSIONS = [
    (lambda x, w: x.ndim, 'x.ndim', 2),
    (lambda x, w: x.shape, 'x.shape', (2, 3)),
    (lambda x, w: x.shape[1], 'x.shape[1]', 3),
    (lambda x, w: x.shape[-1], 'x.shape[-1]', 3),
    (lambda x, w: x.shape[1:], 'x.shape[1:]', (3,)),
    (lambda x, w: x.shape[:1], 'x.shape[:1]', (2,)),
    (lambda x, w: x.shape[::2], 'x.shape[::2]', (2,)),
    (lambda x, w: x.shape[w.ndim - 1], 'x.shape[W.ndim - 1]', 3),
    (lambda x, w: x.dtype.kind, 'x.dtype.kind', 'f'),
    (lambda x, w: x.size, 'x.size', 6),
    (lambda x, w: x.ndim + w.ndim * 2, 'x.ndim + W.ndim * 2', 6),
    (lambda x, w: (x.ndim + w.ndim) * 2, '(x.ndim + W.ndim) * 2', 8),
    (lambda x, w: x.ndim - (w.ndim - 1), 'x.ndim - (W.ndim - 1)', 1),
    (lambda x, w: x.ndim - w.ndim - 1, 'x.ndim - W.ndim - 1', -1),
    (lambda x, w: 10 - x.ndim, '10 - x.ndim', 8),
    (lambda x, w: 7 // x.ndim, '7 // x.ndim', 3),
    (lambda x, w: x.shape[0] / 4, 'x.shape[0] / 4', 0.5),
    (lambda x, w: x.size % 4, 'x.size % 4', 2),
    (lambda x, w: -x.ndim, '-x.ndim', -2),
    (lambda x, w: -(x.ndim + 1), '-(x.ndim + 1)', -3),
    (lambda x, w: +x.ndim, '+x.ndim', 2),
    (lambda x, w: ~x.ndim, '~x.ndim', -3),
    (lambda x, w: x.ndim ** w.ndim ** 2, 'x.ndim ** W.ndim ** 2', 16),
    (lambda x, w: (x.ndim ** 2) ** 2, '(x.ndim ** 2) ** 2', 16),
    (lambda x, w: (-x.ndim) ** 2, '(-x.ndim) ** 2', 4),
    (lambda x, w: x.ndim << 1 | 1, 'x.ndim << 1 | 1', 5),
    (lambda x, w: x.size & 3 ^ 1, 'x.size & 3 ^ 1', 3),
    (lambda x, w: numpy.int64(3) * x.ndim, '3 * x.ndim', 6),
    (lambda x, w: type_check.prod(x.shape), 'prod(x.shape)', 6),
    (lambda x, w: type_check.prod(w.shape[1:]), 'prod(W.shape[1:])', 5),
    (lambda x, w: type_check.Variable(max, 'max')(x.ndim, 5), 'max(x.ndim, 5)', 5),
    (lambda x, w: type_check.make_variable(4, 'axis') - x.ndim, 'axis - x.ndim', 2),
    (lambda x, w: type_check.Constant(-1) ** x.ndim, '(-1) ** x.ndim', 1),
]


@pytest.mark.parametrize('build,text,value', _EXPRESSIONS)
def test_expression_prints_as_written_and_evaluates(xw, build, text, value):
    expr = build(*xw)
    assert isinstance(expr, type_check.Expr)
    assert str(expr) == text
    assert type_check.eval(expr) == value
    assert expr.eval() == value


# (builder of a failing condition, Expect line, Actual line)
_FAILURES = [
    (lambda x, w: w.dtype.kind == 'f', 'W.dtype.kind == f', 'i != f'),
    (lambda x, w: x.dtype.kind != 'f', 'x.dtype.kind != f', 'f == f'),
    (lambda x, w: w.dtype == numpy.float32, 'W.dtype == numpy.float32', 'int32 != numpy.float32'),
    (lambda x, w: x.dtype == w.dtype, 'x.dtype == W.dtype', 'float32 != int32'),
    (lambda x, w: x.shape[1] == w.shape[1], 'x.shape[1] == W.shape[1]', '3 != 5'),
    (lambda x, w: x.shape == (2, 4), 'x.shape == (2, 4)', '(2, 3) != (2, 4)'),
    (lambda x, w: x.ndim < 2, 'x.ndim < 2', '2 >= 2'),
    (lambda x, w: x.ndim <= 1, 'x.ndim <= 1', '2 > 1'),
    (lambda x, w: x.ndim > 2, 'x.ndim > 2', '2 <= 2'),
    (lambda x, w: x.ndim >= 3, 'x.ndim >= 3', '2 < 3'),
    (lambda x, w: 3 <= x.ndim, 'x.ndim >= 3', '2 < 3'),
    (lambda x, w: x.shape[0] * 2 == w.shape[0] + 1, 'x.shape[0] * 2 == W.shape[0] + 1', '4 != 5'),
    (lambda x, w: type_check.prod(x.shape) == w.size, 'prod(x.shape) == W.size', '6 != 20'),
    (lambda x, w: x.ndim > type_check.make_variable(2, 'axis'), 'x.ndim > axis', '2 <= 2'),
]


@pytest.mark.parametrize('build,expect_line,actual_line', _FAILURES)
def test_failed_condition_names_condition_and_values(xw, build, expect_line, actual_line):
    error = _raised(build(*xw))
    assert error.expect == expect_line
    assert error.actual == actual_line
    assert str(error) == 'Expect: {}\nActual: {}'.format(expect_line, actual_line)


def test_expect_checks_in_order_and_passes_when_all_hold(xw):
    x, w = xw
    type_check.expect(x.dtype.kind == 'f', w.dtype.kind == 'i', x.ndim == 2, x.shape[0] < 3)
    error = _raised(x.ndim == 2, x.ndim == 3, w.ndim == 1)
    assert error.expect == 'x.ndim == 3'


def test_default_names_are_tuple_indices():
    in_types = _types(numpy.zeros((2, 3), numpy.int8), numpy.zeros(3, numpy.float32))
    assert str(in_types[0].dtype.kind == 'f') == 'in_types[0].dtype.kind == f'
    error = _raised(in_types[0].dtype.kind == 'f')
    assert (error.expect, error.actual) == ('in_types[0].dtype.kind == f', 'i != f')
    assert str(in_types.size() == 2) == 'in_types.size == 2'
    assert type_check.eval(in_types.size()) == 2


def test_message_names_the_function_in_its_context(xw):
    class Sin:
        label = 'Sin'

    class NoLabel:
        pass

    with type_check.get_function_check_context(Sin()):
        error = _raised(xw[1].dtype.kind == 'f')
        with type_check.get_function_check_context(NoLabel()):
            inner = _raised(xw[0].ndim == 3)
        after_inner = _raised(xw[0].ndim == 3)
    outside = _raised(xw[0].ndim == 3)
    assert str(error) == ('\nInvalid operation is performed in: Sin (Forward)\n\n'
                          'Expect: W.dtype.kind == f\nActual: i != f')
    assert 'Invalid operation is performed in: NoLabel (Forward)' in str(inner)
    assert 'Sin (Forward)' in str(after_inner)
    assert str(outside) == 'Expect: x.ndim == 3\nActual: 2 != 3'


def test_function_context_is_restored_after_an_error(xw):
    class Cos:
        label = 'Cos'

    with pytest.raises(type_check.InvalidType):
        with type_check.get_function_check_context(Cos()):
            type_check.expect(xw[0].ndim == 5)
    assert 'Cos' not in str(_raised(xw[0].ndim == 5))


def test_invalid_type_is_an_exception_and_pickles_with_its_message(xw):
    class Tan:
        label = 'Tan'

    with type_check.get_function_check_context(Tan()):
        error = _raised(xw[0].ndim == 1)
    assert isinstance(error, Exception)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type_check.InvalidType
    assert str(copy) == str(error)
    assert (copy.expect, copy.actual) == (error.expect, error.actual)
    custom = type_check.InvalidType('a', 'b', msg='custom message')
    assert str(custom) == 'custom message'
    assert (custom.expect, custom.actual) == ('a', 'b')


def test_expression_refuses_bool_conversion(xw):
    x, _ = xw
    with pytest.raises(RuntimeError, match='Don\'t convert Expr to bool'):
        if x.ndim == 2:
            pass
    with pytest.raises(RuntimeError):
        1 < x.ndim < 3
    with pytest.raises(RuntimeError):
        bool(x.ndim)


def test_expression_refuses_iteration(xw):
    x, _ = xw
    with pytest.raises(TypeError, match='Don\'t iterate over Expr'):
        h, w = x.shape
    with pytest.raises(TypeError):
        list(x.shape[1:])
    with pytest.raises(TypeError):
        'f' in x.dtype.kind
    h, w = type_check.eval(x.shape)
    assert (h, w) == (2, 3)


def test_expect_rejects_plain_values_outside_light_mode(xw):
    with pytest.raises(TypeError):
        type_check.expect(True)
    with pytest.raises(TypeError):
        type_check.expect(xw[0].ndim == 2, False)


def test_argname_checks_the_number_of_arrays(xw):
    with pytest.raises(type_check.InvalidType) as info:
        type_check.argname(xw, ('x',))
    assert (info.value.expect, info.value.actual) == ('1 argument(s)', '2 argument(s)')
    sliced = xw[:1]
    type_check.argname(sliced, ('a',))
    assert str(xw[0].ndim) == 'a.ndim'
    assert type_check._argname is type_check.argname


def test_get_types_wraps_shape_dtype_ndim_size():
    in_types = _types(numpy.zeros((2, 0, 3), numpy.float16), numpy.float32(1))
    assert isinstance(in_types, type_check.TypeInfoTuple)
    assert in_types.name == 'in_types'
    info = in_types[0].eval()
    assert isinstance(info, type_check.TypeInfo)
    assert (info.shape, info.dtype, info.ndim, info.size) == ((2, 0, 3), numpy.float16, 3, 0)
    assert in_types[1].eval().shape == () and in_types[1].eval().size == 1
    named = type_check.get_types((numpy.zeros(2),), 'out_types', False)
    assert str(named[0].ndim) == 'out_types[0].ndim'
    assert str(named.size()) == 'out_types.size'


def test_get_types_on_chainerx_arrays():
    x = chainerx.ones((2, 3), 'float32', device='native:0')
    in_types = _types(x, chainerx.zeros((), 'int64'))
    type_check.expect(in_types[0].dtype == numpy.float32, in_types[0].shape == (2, 3),
                      in_types[1].ndim == 0, in_types[1].dtype.kind == 'i')
    assert isinstance(in_types[0].eval().dtype, numpy.dtype)
    error = _raised(in_types[0].dtype.kind == 'i')
    assert (error.expect, error.actual) == ('in_types[0].dtype.kind == i', 'f != i')


def test_get_types_with_given_shapes_and_missing_arrays():
    in_types = type_check.get_types((numpy.zeros(6), None), 'in_types', True,
                                    shapes=((2, 3), None))
    assert in_types[0].eval().shape == (2, 3)
    missing = in_types[1].eval()
    assert (missing.shape, missing.dtype) == ((), None)


def test_get_types_rejects_non_arrays():
    with pytest.raises(TypeError, match=r'in_types\[1\] is None'):
        _types(numpy.zeros(2), None)
    with pytest.raises(TypeError, match=r'in_types\[0\] must be an array, not list'):
        _types([1, 2])
    with pytest.raises(TypeError):
        type_check.get_types([numpy.zeros(2)], 'in_types', False)


def _check_linear(in_types):
    """A check written as functions write them, so that it runs in both modes."""
    n_in = in_types.size()
    type_check.expect(2 <= n_in, n_in <= 3)
    x_type, w_type = in_types[:2]
    type_check.argname((x_type, w_type), ('x', 'W'))
    type_check.expect(
        x_type.dtype.kind == 'f',
        x_type.ndim == 2,
        x_type.shape[1] == w_type.shape[1],
        type_check.prod(x_type.shape[1:]) == type_check.make_variable(3, 'n_in'),
    )
    if type_check.eval(n_in) == 3:
        type_check.expect(in_types[2].ndim == 1)


@pytest.mark.parametrize('arrays,ok', [
    ((numpy.zeros((2, 3), 'f'), numpy.zeros((4, 3), 'f')), True),
    ((numpy.zeros((2, 3), 'f'), numpy.zeros((4, 3), 'f'), numpy.zeros(4, 'f')), True),
    ((numpy.zeros((2, 3), 'f'), numpy.zeros((4, 3), 'f'), numpy.zeros((4, 1), 'f')), False),
    ((numpy.zeros((2, 3), 'i'), numpy.zeros((4, 3), 'f')), False),
    ((numpy.zeros((2, 4), 'f'), numpy.zeros((4, 4), 'f')), False),
    ((numpy.zeros((2, 3), 'f'), numpy.zeros((4, 2), 'f')), False),
    ((numpy.zeros((2, 3), 'f'),), False),
])
def test_light_mode_gives_the_verdict_of_full_mode(arrays, ok):
    with type_check.light_mode:
        assert type_check.in_light_mode()
        light_types = type_check.get_light_types(arrays)
        assert isinstance(light_types, type_check.LightTypeInfoTuple)
        assert light_types.size() == len(arrays)
        try:
            _check_linear(light_types)
            light_ok = True
        except type_check.InvalidType:
            light_ok = False
    assert not type_check.in_light_mode()
    try:
        _check_linear(_types(*arrays))
        full_ok = True
    except type_check.InvalidType:
        full_ok = False
    assert light_ok == full_ok == ok


def test_light_mode_helpers_return_plain_values():
    with type_check.light_mode:
        assert type_check.make_variable(3, 'axis') == 3
        assert type_check.prod((2, 3, 4)) == 24
        assert type_check.prod(()) == 1
        assert type_check.eval(5) == 5
        type_check.expect(True, numpy.bool_(True))
        with pytest.raises(type_check.InvalidType):
            type_check.expect(True, 0)
        infos = type_check.get_light_types((numpy.zeros(6),), shapes=((2, 3),))
        assert infos[0].shape == (2, 3) and infos[0].ndim == 2


def test_light_mode_nests_and_is_per_thread():
    seen_in_thread = []
    with type_check.light_mode:
        with type_check.light_mode:
            assert type_check.in_light_mode()
        assert type_check.in_light_mode()
        thread = threading.Thread(target=lambda: seen_in_thread.append(type_check.in_light_mode()))
        thread.start()
        thread.join()
    assert not type_check.in_light_mode()
    assert seen_in_thread == [False]


def test_bool_tests_any_expression(xw):
    x, _ = xw
    issubdtype = type_check.Variable(numpy.issubdtype, 'issubdtype')
    type_check.expect(type_check.Bool(issubdtype(x.dtype, numpy.floating)))
    error = _raised(type_check.Bool(issubdtype(x.dtype, numpy.integer)))
    assert error.expect == 'issubdtype(x.dtype, numpy.integer)'
    assert error.actual == 'False is false'
    with type_check.light_mode:
        type_check.expect(type_check.Bool(1))
        with pytest.raises(type_check.InvalidType):
            type_check.expect(type_check.Bool(0))


def test_expression_classes_and_protocols(xw):
    x, _ = xw
    assert isinstance(x.ndim == 2, type_check.BoolBinaryOperator)
    assert isinstance(x.ndim == 2, type_check.Testable)
    assert isinstance(x.ndim + 1, type_check.BinaryOperator)
    assert isinstance(-x.ndim, type_check.UnaryOperator)
    assert isinstance(x.shape, type_check.GetAttr)
    assert isinstance(x.shape[0], type_check.GetItem)
    assert isinstance(type_check.prod(x.shape), type_check.Call)
    assert all(isinstance(e, type_check.Member) for e in (x.shape, x.shape[0]))
    assert isinstance(x, type_check.Variable) and x.name == 'x'
    assert type_check.Constant('f').eval() == 'f'
    assert not hasattr(x, '__len__')  # Protocols are not turned into expressions.
    assert len({x, x}) == 1  # Hashable by identity despite `==` building expressions.


def test_same_types():
    a = numpy.zeros(2)
    c = chainerx.zeros(2)
    assert type_check.same_types(a, numpy.ones(3))
    assert type_check.same_types(c, chainerx.ones(1))
    assert not type_check.same_types(a, c)
    assert type_check.same_types()


class _FloatOnly(chainer.FunctionNode):
    """A node whose check fails on non-float input, as functions' checks do."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        return inputs[0] * 2,


@pytest.mark.parametrize('make', [numpy.array, lambda x: chainerx.array(x, device='native:0')])
def test_function_node_reports_failed_check_with_its_name(make):
    x = make(numpy.arange(3, dtype=numpy.int32))
    with pytest.raises(type_check.InvalidType) as info:
        _FloatOnly().apply((x,))
    assert str(info.value) == ('\nInvalid operation is performed in: _FloatOnly (Forward)\n\n'
                               'Expect: x.dtype.kind == f\nActual: i != f')
    y, = _FloatOnly().apply((make(numpy.arange(3, dtype=numpy.float32)),))
    numpy.testing.assert_array_equal(numpy.asarray(chainer.as_array(y).tolist()), [0, 2, 4])
    with chainer.using_config('type_check', False):
        _FloatOnly().apply((x,))
