"""chainer.testing.parameterize, product and product_dict."""

import io
import sys
import types
import unittest

import numpy
import pytest

from chainer import testing


@pytest.fixture
def module():
    """A throwaway module for the generated classes, so that pytest does not collect them here."""
    mod = types.ModuleType('chainer_testing_parameterized_scratch')
    sys.modules[mod.__name__] = mod
    yield mod
    del sys.modules[mod.__name__]


def _define(module, name, bases, **attrs):
    cls = type(name, bases, dict(attrs, __module__=module.__name__))
    setattr(module, name, cls)
    return cls


def _generated(module):
    return {name: obj for name, obj in vars(module).items()
            if isinstance(obj, type) and getattr(obj, '__test__', True)}


def test_product_of_a_dict_varies_the_first_key_slowest():
    assert testing.product({'a': [1, 2], 'b': ['x', 'y']}) == [
        {'a': 1, 'b': 'x'}, {'a': 1, 'b': 'y'}, {'a': 2, 'b': 'x'}, {'a': 2, 'b': 'y'}]
    assert testing.product({'a': []}) == []
    assert testing.product({}) == [{}]


def test_product_of_lists_of_dicts_merges_them():
    result = testing.product([[{'a': 1}, {'a': 2}], [{'b': 3, 'c': 4}]])
    assert result == [{'a': 1, 'b': 3, 'c': 4}, {'a': 2, 'b': 3, 'c': 4}]
    assert testing.product_dict([{'a': 1}], [{'a': 2, 'b': 0}]) == [{'a': 2, 'b': 0}]
    assert testing.product_dict() == [{}]


def test_product_rejects_other_types():
    with pytest.raises(TypeError):
        testing.product(({'a': 1},))


def test_parameterize_generates_one_unittest_class_per_dict(module):
    ran = []

    def test_it(self):
        ran.append((self.shape, self.dtype))

    base = _define(module, 'TestBase', (unittest.TestCase,), test_it=test_it)
    params = testing.product({'shape': [(2, 3), ()], 'dtype': [numpy.float32, numpy.float64]})
    returned = testing.parameterize(*params)(base)
    assert returned is base and base.__test__ is False
    generated = _generated(module)
    assert sorted(generated) == sorted([
        'TestBase_param_0_{shape=(2, 3), dtype=float32}',
        'TestBase_param_1_{shape=(2, 3), dtype=float64}',
        'TestBase_param_2_{shape=(), dtype=float32}',
        'TestBase_param_3_{shape=(), dtype=float64}'])
    for name, cls in generated.items():
        assert issubclass(cls, base) and cls.__qualname__ == name and cls.__test__ is True
        assert cls.__module__ == module.__name__
    suite = unittest.TestSuite(
        unittest.defaultTestLoader.loadTestsFromTestCase(cls) for cls in generated.values())
    assert unittest.TextTestRunner(stream=io.StringIO()).run(suite).wasSuccessful()
    assert sorted(ran, key=repr) == sorted(
        [(p['shape'], p['dtype']) for p in params], key=repr)


def test_parameterize_works_on_plain_pytest_classes(module):
    base = _define(module, 'TestPlain', (object,), value=0)
    testing.parameterize({'value': 1}, {'value': 'long' * 20})(base)
    generated = _generated(module)
    assert [cls.value for cls in generated.values()] == [1, 'long' * 20]
    long_name = [name for name in generated if name.startswith('TestPlain_param_1')][0]
    # Long reprs are cut to 40 characters: the quote, 36 characters and '...'.
    assert long_name.endswith("{value='" + 'long' * 9 + "...}")


def test_stacked_parameterize_multiplies_the_cases(module):
    base = _define(module, 'TestStacked', (unittest.TestCase,))
    testing.parameterize({'b': 10}, {'b': 20})(testing.parameterize({'a': 1}, {'a': 2})(base))
    generated = _generated(module)
    assert len(generated) == 4
    assert sorted((cls.a, cls.b) for cls in generated.values()) == [
        (1, 10), (1, 20), (2, 10), (2, 20)]
    assert 'TestStacked_param_1_{a=2}_param_0_{b=10}' in generated


def test_class_decorators_after_parameterize_reach_the_cases(module):
    def test_draw(self):
        self.drawn = numpy.random.uniform()

    base = _define(module, 'TestOrder', (unittest.TestCase,), test_draw=test_draw)
    testing.fix_random(seed=7)(testing.parameterize({'p': 0})(base))
    case, = _generated(module).values()
    first, second = case('test_draw'), case('test_draw')
    for test in (first, second):
        unittest.TextTestRunner(stream=io.StringIO()).run(test)
    assert first.drawn == second.drawn == numpy.random.RandomState(7).uniform()


def test_parameterize_value_names():
    describe = testing.parameterized._value_to_str
    assert describe(numpy.dtype('int8')) == 'int8'
    assert describe(numpy.float16) == 'float16'
    assert describe(len) == 'len'
    assert describe('ab') == "'ab'"
    assert describe(None) == 'None'


def test_parameterize_rejects_non_dicts_and_non_classes():
    with pytest.raises(TypeError):
        testing.parameterize([('a', 1)])
    with pytest.raises(TypeError):
        testing.parameterize({'a': 1})(lambda: None)


@testing.parameterize({'n': 1}, {'n': 2})
class TestCollectedUnittest(unittest.TestCase):

    def test_has_its_parameter(self):
        assert self.n in (1, 2)


@testing.parameterize(*testing.product({'n': [3], 'm': [4, 5]}))
class TestCollectedPlain:

    def test_has_its_parameters(self):
        assert (self.n, self.m) in ((3, 4), (3, 5))


def test_pytest_collects_the_generated_classes_and_not_the_originals(request):
    classes = {item.nodeid.split('::')[1] for item in request.session.items
               if item.nodeid.split('::')[0].endswith('test_parameterized.py')
               and item.nodeid.count('::') == 2}
    assert classes == {
        'TestCollectedUnittest_param_0_{n=1}', 'TestCollectedUnittest_param_1_{n=2}',
        'TestCollectedPlain_param_0_{n=3, m=4}', 'TestCollectedPlain_param_1_{n=3, m=5}'}
