"""Tests of chainer.utils.argument."""

import pytest

from chainer.utils import argument


def dropout_like(x, **kwargs):
    return argument.parse_kwargs(
        kwargs, ('mask', None), ('return_mask', False),
        train='train argument is not supported anymore. Use chainer.using_config')


def no_kwargs(**kwargs):
    argument.assert_kwargs_empty(kwargs)
    return 'ok'


def test_parse_kwargs_returns_values_in_order_with_defaults():
    assert dropout_like(1) == (None, False)
    assert dropout_like(1, return_mask=True) == (None, True)
    assert dropout_like(1, return_mask=True, mask=3) == (3, True)


def test_parse_kwargs_returns_a_tuple_for_one_argument():
    kwargs = {'x': 1}
    assert argument.parse_kwargs(kwargs, ('x', 0)) == (1,)


def test_parse_kwargs_pops_parsed_entries():
    kwargs = {'mask': 1}
    argument.parse_kwargs(kwargs, ('mask', None))
    assert kwargs == {}


def test_parse_kwargs_names_caller_and_unknown_arguments_sorted():
    with pytest.raises(TypeError) as info:
        dropout_like(1, zeta=1, alpha=2)
    assert str(info.value) == "dropout_like() got unexpected keyword argument(s) 'alpha', 'zeta'"


def test_parse_kwargs_gives_the_message_of_a_retired_argument():
    with pytest.raises(ValueError) as info:
        dropout_like(1, train=True)
    assert str(info.value) == ('train argument is not supported anymore. '
                               'Use chainer.using_config')


def test_check_unexpected_kwargs():
    argument.check_unexpected_kwargs({'a': 1}, b='b is gone')
    argument.check_unexpected_kwargs({}, b='b is gone')
    with pytest.raises(ValueError, match='^b is gone$'):
        argument.check_unexpected_kwargs({'a': 1, 'b': 2}, b='b is gone')


def test_assert_kwargs_empty_names_the_caller():
    assert no_kwargs() == 'ok'
    with pytest.raises(TypeError) as info:
        no_kwargs(foo=1)
    assert str(info.value) == "no_kwargs() got unexpected keyword argument(s) 'foo'"
