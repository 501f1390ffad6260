"""chainerx.testing's numpy_chainerx_* decorators: what they accept, and that they catch every kind of mismatch.

A decorated body is run here through `_run_decorated`, which calls the test function the decorator returns as
pytest would (with the dummy `xp=None`), so that a mismatch can be observed as pytest's failure exception.
"""

import warnings

import numpy
import pytest

import chainerx as chx
import chainerx.testing as testing

import array_utils

_DECORATORS = {
    'array_equal': testing.numpy_chainerx_array_equal,
    'allclose': testing.numpy_chainerx_allclose,
}


def _run_decorated(decorator_name, body, **decorator_kwargs):
    """Applies the decorator to `body` and calls the result; returns the failure message or None."""
    def named_body(xp):  # pytest.mark.parametrize does not take lambdas as test functions
        return body(xp)

    test_func = _DECORATORS[decorator_name](**decorator_kwargs)(named_body)
    (param_name, values), = [m.args for m in test_func.pytestmark if m.name == 'parametrize']
    try:
        test_func(**{param_name: values[0]})
    except pytest.fail.Exception as e:
        return str(e)
    return None


def test_decorator_adds_a_dummy_parametrization():
    @testing.numpy_chainerx_array_equal(name='module')
    def body(module):
        return module.zeros(2)

    (mark,) = body.pytestmark
    assert (mark.name, mark.args) == ('parametrize', ('module', [None]))


@pytest.mark.parametrize('decorator', sorted(_DECORATORS))
def test_equal_results_pass(decorator):
    def body(xp):
        a = xp.arange(6, dtype='float32').reshape(2, 3)
        return [a.T, (a.sum(axis=0), 3, 'text')]

    assert _run_decorated(decorator, body) is None


@testing.numpy_chainerx_array_equal()
def test_decorated_test_runs_under_pytest(xp):
    return xp.ones((2, 3), 'int8') * 2


@testing.numpy_chainerx_allclose(rtol=1e-6, float16_rtol=1e-3)
@pytest.mark.parametrize('dtype', testing.float_dtypes)
def test_decorated_allclose_test_runs_under_pytest(xp, dtype):
    return xp.exp(xp.asarray(numpy.linspace(-1, 1, 5).astype(dtype)))


# Each body differs between chainerx and NumPy in one way the decorators must catch, named in the failure.
_MISMATCHES = {
    'value': (lambda xp: xp.array([1, 2 if xp is numpy else 3]), 'Mismatched elements'),
    'dtype': (lambda xp: xp.zeros(2, 'float32' if xp is numpy else 'float64'), 'dtype mismatch'),
    'strides': (lambda xp: xp.zeros((2, 3), 'f').T if xp is numpy else xp.zeros((3, 2), 'f'), 'strides mismatch'),
    'shape': (lambda xp: xp.zeros((2, 3) if xp is numpy else (3, 2), 'f'), 'shape mismatch'),
    'device': (lambda xp: xp.zeros(2, 'f') if xp is numpy else xp.zeros(2, 'f', device=array_utils.other_device()),
               'not on the default device'),
    'list length': (lambda xp: [xp.zeros(1, 'f')] * (1 if xp is numpy else 2), 'list of 2'),
    'list vs tuple': (lambda xp: [xp.zeros(1, 'f')] if xp is numpy else (xp.zeros(1, 'f'),), 'tuple of 1'),
    'scalar type': (lambda xp: 1 if xp is numpy else 1.0, 'type mismatch'),
    'scalar value': (lambda xp: 1 if xp is numpy else 2, 'value mismatch'),
    'numpy from chainerx': (lambda xp: numpy.zeros(2), 'chainerx run returned a NumPy'),
    'array vs scalar': (lambda xp: xp.zeros(2) if xp is numpy else 0.0, 'type mismatch'),
    'non-array numpy result': (lambda xp: [0.0, 0.0] if xp is numpy else xp.zeros(2), 'NumPy a list'),
    'None': (lambda xp: None, 'returned None'),
    'one ignore': (lambda xp: testing.ignore() if xp is numpy else xp.zeros(1), 'ignore()'),
    'only numpy raises': (lambda xp: xp.zeros(1) if xp is chx else xp.foo, 'Only NumPy raised'),
    'only chainerx raises': (lambda xp: xp.zeros(1) if xp is numpy else xp.foo, 'Only chainerx raised'),
    'unaccepted errors': (lambda xp: xp.foo, 'not both an error of accept_error'),
}


@pytest.mark.parametrize('decorator', sorted(_DECORATORS))
@pytest.mark.parametrize('mismatch', sorted(_MISMATCHES))
def test_mismatches_fail(decorator, mismatch):
    body, fragment = _MISMATCHES[mismatch]
    message = _run_decorated(decorator, body)
    assert message is not None and fragment in message, message


def test_failure_message_locates_the_mismatch():
    def body(xp):
        return (xp.zeros(1, 'f'), [xp.zeros(2, 'f'), xp.array([1.0, 2.0 if xp is numpy else 2.5])])

    message = _run_decorated('allclose', body)
    assert 'result[1][1]' in message
    assert 'Mismatched elements' in message


@pytest.mark.parametrize('decorator', sorted(_DECORATORS))
def test_accepted_errors_pass(decorator):
    def body(xp):
        return xp.zeros((2, 3)) + xp.zeros((4, 5))

    assert _run_decorated(decorator, body, accept_error=(chx.DimensionError, ValueError)) is None
    assert _run_decorated(decorator, body, accept_error=ValueError) is not None


@pytest.mark.parametrize('decorator', sorted(_DECORATORS))
def test_ignore_skips_the_comparison(decorator):
    assert _run_decorated(decorator, lambda xp: testing.ignore()) is None
    assert _run_decorated(decorator, lambda xp: (xp.zeros(1, 'f'), testing.ignore())) is None


def test_dtype_and_strides_checks_can_be_turned_off():
    assert _run_decorated('array_equal', _MISMATCHES['strides'][0], strides_check=False) is None
    assert _run_decorated('array_equal', _MISMATCHES['dtype'][0], dtype_check=False) is None
    assert _run_decorated('allclose', _MISMATCHES['dtype'][0], dtype_check=False) is None


def test_allclose_tolerances():
    def body(xp):
        return xp.array([1.0, 2.0 + (1e-4 if xp is numpy else 0)], 'float32')

    assert _run_decorated('allclose', body) is not None
    assert _run_decorated('allclose', body, rtol=1e-3) is None
    assert _run_decorated('allclose', body, atol=1e-3) is None
    assert _run_decorated('allclose', body, float32_rtol=1e-3) is None
    assert _run_decorated('allclose', body, float64_rtol=1e-3) is not None


@pytest.mark.parametrize('decorator', sorted(_DECORATORS))
def test_unknown_tolerance_names_are_rejected(decorator):
    with pytest.raises(TypeError):
        _DECORATORS[decorator](int8_rtol=1)


def test_array_equal_accepts_and_ignores_dtype_tolerances():
    # Test modules written for the original pass the allclose tolerances to array_equal too.
    tolerances = {f'float{bits}_{kind}': 1e-1 for bits in (16, 32, 64) for kind in ('rtol', 'atol')}
    assert _run_decorated('array_equal', lambda xp: xp.arange(3, dtype='int8'), **tolerances) is None
    assert _run_decorated('array_equal', lambda xp: xp.array([1.0, 2.0 + (0.5 if xp is numpy else 0)]),
                          **tolerances) is not None


def test_numpy_runtime_warnings_are_silenced():
    def body(xp):
        return xp.log(xp.array([0.0, -1.0]))

    with warnings.catch_warnings():
        warnings.simplefilter('error', RuntimeWarning)
        assert _run_decorated('allclose', body) is None


def test_the_default_device_is_checked_at_comparison():
    def body(xp):
        return xp.zeros(2, 'f')

    with chx.using_device('native:1'):
        assert _run_decorated('array_equal', body) is None
