"""The ndarray methods with a fast path (Note [ndarray fast methods]) and the identity of ndarray objects
(Note [ndarray objects without the registry]).

The fast path handles positional calls; keyword calls go to the pybind11 definition. So each case runs the
same call both ways and expects the same result, or the same error class and message.
"""

import gc
import pickle
import weakref

import numpy as np
import pytest

import chainerx


def _array(shape=(2, 3), dtype='float32'):
    return chainerx.array(np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape))


def _outcome(call):
    try:
        result = call()
    except Exception as e:  # NOQA: the class and the message are what is compared
        return ('error', type(e), str(e))
    if isinstance(result, chainerx.ndarray):
        return ('array', result.shape, result.dtype, chainerx.to_numpy(result).tolist())
    return ('value', result)


@pytest.mark.parametrize('shape', [(2, 3), (), (0, 4), (1, 0, 2)])
@pytest.mark.parametrize('args,kwargs', [
    ((), {}),
    ((None,), {'axis': None}),
    ((0,), {'axis': 0}),
    ((-1,), {'axis': -1}),
    (((0, 1),), {'axis': (0, 1)}),
    ((np.int64(0),), {'axis': np.int64(0)}),
    ((1, True), {'axis': 1, 'keepdims': True}),
    ((None, True), {'axis': None, 'keepdims': True}),
    ((None, False), {'axis': None, 'keepdims': False}),
    ((5,), {'axis': 5}),
    (('x',), {'axis': 'x'}),
    (((0, 0),), {'axis': (0, 0)}),
])
def test_sum_positional_matches_keywords(shape, args, kwargs):
    a = _array(shape)
    assert _outcome(lambda: a.sum(*args)) == _outcome(lambda: a.sum(**kwargs))


def test_sum_matches_numpy_for_every_form():
    a_np = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
    a = chainerx.array(a_np)
    np.testing.assert_array_equal(chainerx.to_numpy(a.sum()), a_np.sum())
    np.testing.assert_array_equal(chainerx.to_numpy(a.sum(1)), a_np.sum(1))
    np.testing.assert_array_equal(chainerx.to_numpy(a.sum((0, 2), True)), a_np.sum((0, 2), keepdims=True))
    # A non-bool keepdims goes to the pybind11 definition, which takes what it takes.
    assert _outcome(lambda: a.sum(0, 1)) == _outcome(lambda: a.sum(axis=0, keepdims=1))
    t = a.transpose(2, 0, 1)  # non-contiguous
    np.testing.assert_array_equal(chainerx.to_numpy(t.sum(0)), a_np.transpose(2, 0, 1).sum(0))


@pytest.mark.parametrize('args', [
    ((3, 2),), ([6],), ((6,),), (6,), (3, 2), (-1,), (2, -1), (np.int64(3), np.int64(2)), (np.array([3, 2]),),
    ((4, 2),), (4, 2), ('x',), (2, 'x'), ((),), (1, 2, 3),
])
def test_reshape_forms_match_the_function(args):
    a = _array()
    assert _outcome(lambda: a.reshape(*args)) == _outcome(lambda: chainerx.reshape(a, *args))


def test_reshape_zero_size_and_0d():
    assert _array((0, 4)).reshape(2, 0, 2).shape == (2, 0, 2)
    assert _array(()).reshape(1, 1).shape == (1, 1)
    assert _array((1,)).reshape(()).shape == ()
    with pytest.raises(chainerx.ChainerxError, match='a new shape is required'):
        _array().reshape()
    with pytest.raises(TypeError):
        _array().reshape(shape=(3, 2))  # the method takes the shape positionally only, as the original


def test_reshape_is_a_view_and_keeps_the_graph():
    a = _array().require_grad()
    b = a.reshape(3, 2)
    b.sum().backward()
    np.testing.assert_array_equal(chainerx.to_numpy(a.grad), np.ones((2, 3), np.float32))


def test_autograd_methods_positional_and_keywords():
    a = _array()
    assert a.require_grad() is a
    assert a.is_grad_required()
    y = (a * a).sum()
    y.backward()
    np.testing.assert_array_equal(chainerx.to_numpy(a.grad), 2 * chainerx.to_numpy(a))
    a.cleargrad()
    assert a.grad is None
    (a * a).sum().backward(backprop_id=None)
    assert a.grad is not None
    a.cleargrad(backprop_id=None)
    assert a.grad is None


def test_autograd_methods_on_several_graphs():
    with chainerx.backprop_scope('outer') as outer, chainerx.backprop_scope('inner') as inner:
        x = _array()
        assert x.require_grad(outer) is x
        x.require_grad(inner)
        y = (x * x).sum()
        y.backward(inner)
        assert x.get_grad(inner) is not None
        assert x.get_grad(outer) is None
        x.cleargrad(inner)
        assert x.get_grad(inner) is None
        y.backward(outer)
        np.testing.assert_array_equal(chainerx.to_numpy(x.get_grad(outer)), 2 * chainerx.to_numpy(x))


def test_double_backprop_goes_through_the_keyword_form():
    x = _array((3,), 'float64').require_grad()
    y = (x * x * x).sum()
    y.backward(enable_double_backprop=True)
    gx = x.grad
    x.cleargrad()
    gx.sum().backward()
    np.testing.assert_allclose(chainerx.to_numpy(x.grad), 6 * chainerx.to_numpy(x))


@pytest.mark.parametrize('method', ['require_grad', 'cleargrad', 'backward'])
@pytest.mark.parametrize('bad', [3, 'name', np.float32(1), [1]])
def test_bad_backprop_ids_fail_alike(method, bad):
    def positional():
        return getattr(_array().require_grad(), method)(bad)

    def keyword():
        return getattr(_array().require_grad(), method)(backprop_id=bad)

    outcome = _outcome(positional)
    assert outcome[0] == 'error'
    assert outcome[1:] == _outcome(keyword)[1:]


def test_wrong_argument_counts_give_pybind11_errors():
    a = _array()
    for call in (lambda: a.cleargrad(None, None), lambda: a.require_grad(None, None),
                 lambda: a.sum(None, False, None), lambda: a.sum(unknown=1)):
        with pytest.raises(TypeError, match='incompatible function arguments'):
            call()


def test_grad_property():
    a = _array()
    with pytest.raises(chainerx.ChainerxError):
        a.grad
    a.require_grad()
    assert a.grad is None
    g = chainerx.ones((2, 3), 'float32')
    a.grad = g
    assert a.grad is g  # the same object: the body points back to it
    assert a.grad is a.grad
    a.grad = None
    assert a.grad is None
    with pytest.raises(TypeError, match='expected a chainerx.ndarray'):
        a.grad = 3
    with pytest.raises(TypeError):
        a.grad = np.ones((2, 3), np.float32)
    with pytest.raises(chainerx.GradientError):
        a.grad = chainerx.ones((3,), 'float32')
    with pytest.raises(AttributeError):
        del a.grad
    assert 'gradient' in type(a).__dict__['grad'].__doc__


def test_docstrings_keep_the_pybind11_signature_line():
    for name in ('require_grad', 'cleargrad', 'backward', 'sum', 'reshape'):
        doc = getattr(chainerx.ndarray, name).__doc__
        assert doc.startswith(name + '(self: chainerx.ndarray'), doc
        assert len(doc.splitlines()) > 2  # the text chainerx._docs attached


def test_subclass_overrides_win():
    class Sub(chainerx.ndarray):
        def sum(self, *args, **kwargs):
            return 'overridden'

        @property
        def grad(self):
            return 'own grad'

    s = Sub((2,), 'float32')
    assert s.sum() == 'overridden'
    assert s.grad == 'own grad'
    assert s.require_grad() is s  # inherited fast path, same object
    assert s.reshape(2, 1).shape == (2, 1)


def test_methods_reject_other_self_types():
    with pytest.raises(TypeError):
        chainerx.ndarray.sum(np.ones(3))
    with pytest.raises(TypeError):
        chainerx.ndarray.cleargrad(3)


# Identity of ndarray objects (Note [ndarray objects without the registry]).

def test_a_body_keeps_its_object():
    a = _array()
    b = a.view()
    a_id = id(a)
    x = a
    x += b
    assert x is a and id(x) == a_id
    a.require_grad()
    assert a.require_grad() is a
    (a * 2).sum().backward()
    assert a.grad is a.grad


def test_objects_made_by_pybind11_keep_their_identity():
    made = chainerx.ndarray((2, 3), 'float32')  # made by pybind11's constructor (registered)
    assert made.require_grad() is made
    unpickled = pickle.loads(pickle.dumps(_array()))
    assert unpickled.require_grad() is unpickled
    unpickled.grad = made
    assert unpickled.grad is made


def test_a_dead_object_is_replaced_by_a_new_one():
    a = _array().require_grad()
    (a * 2).sum().backward()
    ref = weakref.ref(a.grad)
    gc.collect()
    assert ref() is None  # nothing kept the first wrapper alive
    g = a.grad  # the body lives on in the graph: a new object
    assert g is a.grad
    np.testing.assert_array_equal(chainerx.to_numpy(g), np.full((2, 3), 2, np.float32))


def test_weak_references_to_arrays():
    a = _array()
    ref = weakref.ref(a)
    assert ref() is a
    del a
    gc.collect()
    assert ref() is None


def test_error_in_flight_survives_deallocation():
    # Deallocating an array while an exception propagates must not clear it.
    def raising():
        temp = _array() + 1  # NOQA
        raise KeyError('kept')
    with pytest.raises(KeyError, match='kept'):
        raising()
