"""The ndarray operators run through number slots that call the operator functions directly
(Note [ndarray number slots] in python/arithmetic.cc). They must behave exactly as the bound methods
do: same results and errors for every operand kind, the reflected forms, in-place forms that return
the same object, and Python subclasses whose own operator methods still win."""

import operator

import numpy
import pytest

import chainerx as chx

_BINARY = [('__add__', '__radd__', operator.add), ('__sub__', '__rsub__', operator.sub),
           ('__mul__', '__rmul__', operator.mul), ('__truediv__', '__rtruediv__', operator.truediv),
           ('__floordiv__', '__rfloordiv__', operator.floordiv), ('__mod__', '__rmod__', operator.mod)]
_BITWISE = [('__and__', '__rand__', operator.and_), ('__or__', '__ror__', operator.or_),
            ('__xor__', '__rxor__', operator.xor), ('__lshift__', '__rlshift__', operator.lshift),
            ('__rshift__', '__rrshift__', operator.rshift)]
_INPLACE = [('__iadd__', operator.iadd), ('__isub__', operator.isub), ('__imul__', operator.imul),
            ('__itruediv__', operator.itruediv), ('__ifloordiv__', operator.ifloordiv),
            ('__imod__', operator.imod), ('__iand__', operator.iand), ('__ior__', operator.ior),
            ('__ixor__', operator.ixor), ('__ilshift__', operator.ilshift), ('__irshift__', operator.irshift)]


def _floats():
    return chx.array([[1.5, 2.0, 3.0], [4.0, 5.5, 6.0]], chx.float32)


def _ints():
    return chx.array([[1, 2, 3], [4, 5, 6]], chx.int32)


def _outcome(call):
    """What a call gives: its result converted for comparison, or the class of what it raised."""
    try:
        result = call()
    except Exception as e:  # NOQA: the error class is the outcome
        return 'raised', type(e)
    if isinstance(result, chx.ndarray):
        return type(result), result.dtype, chx.to_numpy(result).tolist()
    return 'returned', result


@pytest.mark.parametrize('name,rname,op', _BINARY + _BITWISE)
@pytest.mark.parametrize(
    'other', ['array', 2, 3.0, True, numpy.int64(2), numpy.float32(3), numpy.bool_(True)])
def test_operators_match_their_methods(name, rname, op, other):
    a = _ints() if (name, rname, op) in _BITWISE else _floats()
    b = chx.full_like(a, 2) if isinstance(other, str) else other
    assert _outcome(lambda: op(a, b)) == _outcome(lambda: getattr(a, name)(b))
    if isinstance(other, (int, float)):  # a NumPy scalar on the left runs NumPy's operator first
        assert _outcome(lambda: op(b, a)) == _outcome(lambda: getattr(a, rname)(b))


@pytest.mark.parametrize('name,op', _INPLACE)
@pytest.mark.parametrize('other', ['array', 2, 2.5, True])
@pytest.mark.parametrize('dtype', ['int32', 'float32'])
def test_inplace_operators_match_their_methods_and_return_self(name, op, other, dtype):
    def make():
        return _ints().astype(dtype)

    a = make()
    expected = make()
    b = chx.full_like(a, 2) if isinstance(other, str) else other
    outcome = _outcome(lambda: op(a, b))
    assert outcome == _outcome(lambda: getattr(expected, name)(b))
    assert _outcome(lambda: a) == _outcome(lambda: expected)
    if outcome[0] != 'raised':
        assert op(a, b) is a


def test_negative():
    a = _floats()
    assert _outcome(lambda: -a) == _outcome(a.__neg__)
    with pytest.raises(chx.DtypeError):
        -chx.array([True, False])


def test_errors_are_the_methods_errors():
    a = _floats()
    with pytest.raises(chx.DimensionError):
        a + chx.ones((4,), chx.float32)
    with pytest.raises(chx.DimensionError):
        a.__iadd__(chx.ones((4,), chx.float32))
    with pytest.raises(TypeError, match='unsupported operand'):
        a + 'x'
    with pytest.raises(TypeError, match='unsupported operand'):
        'x' - a
    with pytest.raises(TypeError):
        a + numpy.ones((2, 3), numpy.float32)
    with pytest.raises(TypeError):
        numpy.ones((2, 3), numpy.float32) + a
    with pytest.raises(TypeError, match='unsupported operand'):
        a += None
    with pytest.raises(chx.DtypeError):
        chx.array([True]) + chx.array([False])


class _Plain(chx.ndarray):
    pass


class _Overriding(chx.ndarray):
    def __add__(self, other):
        return 'add'

    def __radd__(self, other):
        return 'radd'

    def __iadd__(self, other):
        return 'iadd'

    def __neg__(self):
        return 'neg'


def test_subclass_without_overrides_uses_the_base_operators():
    s = _Plain((2, 3), chx.float32)
    s.fill(1)
    a = _floats()
    numpy.testing.assert_array_equal(chx.to_numpy(s + a), chx.to_numpy(a) + 1)
    numpy.testing.assert_array_equal(chx.to_numpy(a - s), chx.to_numpy(a) - 1)
    numpy.testing.assert_array_equal(chx.to_numpy(2 * s), numpy.full((2, 3), 2, numpy.float32))
    t = s
    t += a
    assert t is s


def test_subclass_methods_win_on_either_side():
    s = _Overriding((2, 3), chx.float32)
    a = _floats()
    assert s + a == 'add'
    assert a + s == 'radd'  # a subclass's reflected method runs first, as for any Python type
    assert 1 + s == 'radd'
    assert -s == 'neg'
    s += a
    assert s == 'iadd'
    # operators the subclass did not override still work
    t = _Overriding((2, 3), chx.float32)
    t.fill(2)
    numpy.testing.assert_array_equal(chx.to_numpy(t * a), chx.to_numpy(a) * 2)
