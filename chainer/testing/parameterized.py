"""Class-level test parameterization: `parameterize`, `product` and `product_dict`.

`parameterize` turns one test class into one generated subclass per parameter dict, each holding its
parameters as class attributes (`self.shape`, `self.dtype`, ...). It works on `unittest.TestCase`
subclasses and on plain pytest classes, and composes with the other class decorators of
`chainer.testing` in any order. See Note [Parameterized classes].
"""

import itertools
import sys
import types

import numpy

# Note [Parameterized classes]
# A class decorator cannot make the decorated name in the module disappear: whatever it returns is
# bound to that name. So `parameterize` returns the original class with `__test__ = False` (pytest
# then skips it) and puts the generated subclasses, each with `__test__ = True`, into the module of
# the original class, where pytest collects them. The generated classes are recorded in the
# original's `__dict__` under _CASES_ATTR, so that a second `parameterize` on the same class (from
# stacked decorators) multiplies the existing cases instead of starting again from the original.
# Decorators that change a class in place (`fix_random`, `inject_backend_tests`, `condition.*`)
# may run before or after `parameterize`: the generated classes inherit those changes through the
# MRO either way.
_CASES_ATTR = '_chainer_testing_parameterized_cases'

# Generated class names show the parameters; long reprs (arrays, ...) are cut to this length.
_MAX_VALUE_REPR = 40


def parameterize(*params):
    """Generates one test class per parameter dict.

    Args:
        *params (dict): Parameter sets. Each generated subclass has the items of one dict as class
            attributes; its name is `<Name>_param_<index>_{<key>=<value>, ...}`.

    Returns:
        A class decorator. The decorated class itself is marked not to be collected.

    Raises:
        TypeError: If a parameter set is not a dict, or the decorated object is not a class.

    Example:
        >>> @chainer.testing.parameterize(*chainer.testing.product({
        ...     'shape': [(2, 3), ()], 'dtype': [numpy.float32, numpy.float64]}))
        ... class TestSquare(unittest.TestCase):
        ...     def test_square(self):
        ...         x = numpy.ones(self.shape, self.dtype)
        ...         assert (x * x).dtype == self.dtype
    """
    for param in params:
        if not isinstance(param, dict):
            raise TypeError('parameterize takes dicts, got {!r}'.format(type(param)))

    def decorator(cls):
        if not isinstance(cls, type):
            raise TypeError('parameterize decorates classes, got {!r}'.format(cls))
        module = sys.modules.get(cls.__module__)
        targets = cls.__dict__.get(_CASES_ATTR, [cls])
        cases = []
        for target in targets:
            if target is not cls and module is not None:
                module.__dict__.pop(target.__name__, None)
            cases.extend(_make_case(target, i, param) for i, param in enumerate(params))
        if module is not None:
            for case in cases:
                setattr(module, case.__name__, case)
        setattr(cls, _CASES_ATTR, cases)
        cls.__test__ = False
        return cls

    return decorator


def _make_case(base, index, param):
    name = '{}_param_{}_{{{}}}'.format(base.__name__, index, _param_to_str(param))
    attrs = dict(param)
    attrs.update({'__module__': base.__module__, '__qualname__': name, '__test__': True})
    return type(name, (base,), attrs)


def _param_to_str(param):
    return ', '.join('{}={}'.format(key, _value_to_str(value)) for key, value in param.items())


def _value_to_str(value):
    if isinstance(value, numpy.dtype):
        return value.name
    if isinstance(value, type):
        return value.__name__  # numpy.float32 -> float32, classes by name
    if isinstance(value, (types.FunctionType, types.BuiltinFunctionType)):
        return value.__name__
    text = repr(value)
    if len(text) > _MAX_VALUE_REPR:
        text = text[:_MAX_VALUE_REPR - 3] + '...'
    return text


def product(parameter):
    """Returns the Cartesian product of parameter choices as a list of dicts.

    Args:
        parameter (dict or list): Either a dict mapping each name to a list of values (the result
            has one dict per combination, the first key varying slowest), or a list of lists of
            dicts (the result merges one dict from each list, for every combination).

    Returns:
        list of dict: The combinations, for :func:`parameterize`.

    Raises:
        TypeError: If `parameter` is neither a dict nor a list.

    Example:
        >>> chainer.testing.product({'a': [1, 2], 'b': ['x']})
        [{'a': 1, 'b': 'x'}, {'a': 2, 'b': 'x'}]
        >>> chainer.testing.product([[{'a': 1}, {'a': 2}], [{'b': 3}]])
        [{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]
    """
    if isinstance(parameter, dict):
        keys = list(parameter)
        return [dict(zip(keys, values))
                for values in itertools.product(*(parameter[key] for key in keys))]
    if isinstance(parameter, list):
        return product_dict(*parameter)
    raise TypeError('product takes a dict or a list, got {!r}'.format(type(parameter)))


def product_dict(*parameters):
    """Returns the merged dicts of every combination of one dict from each list.

    Args:
        *parameters (list of dict): Lists of parameter dicts. Later dicts win on shared keys.

    Returns:
        list of dict: The merged combinations.

    Example:
        >>> chainer.testing.product_dict([{'a': 1}, {'a': 2}], [{'b': 3, 'c': 4}])
        [{'a': 1, 'b': 3, 'c': 4}, {'a': 2, 'b': 3, 'c': 4}]
    """
    result = []
    for dicts in itertools.product(*parameters):
        merged = {}
        for d in dicts:
            merged.update(d)
        result.append(merged)
    return result
