"""Reproducible randomness in tests: `fix_random` and `generate_seed`.

chainerx has no global random generator of its own (`chainerx.random` draws from NumPy's), so
seeding NumPy, Python's `random` and CuPy (when it is loaded) covers every array library.
"""

import contextlib
import functools
import random
import sys
import unittest

import numpy

from chainer.testing.helper import _call_with_optional_method


def _cupy():
    # CuPy is seeded only if something already imported it: importing it here could fail on a
    # machine without a GPU, and a test that never imported it cannot be using its generator.
    return sys.modules.get('cupy')


@contextlib.contextmanager
def _fixed_random(seed):
    """Seeds every generator within the block and restores their previous states after it."""
    cupy = _cupy()
    numpy_state = numpy.random.get_state()
    python_state = random.getstate()
    cupy_state = cupy.random.get_random_state() if cupy is not None else None
    numpy.random.seed(seed)
    random.seed(seed)
    if cupy is not None:
        cupy.random.seed(seed)
    try:
        yield
    finally:
        numpy.random.set_state(numpy_state)
        random.setstate(python_state)
        if cupy is not None:
            cupy.random.set_random_state(cupy_state)


def fix_random(*, seed=0):
    """Makes a test deterministic by seeding the random generators before it runs.

    On a function (a test method, a plain test function) the generators are seeded before each
    call and restored after it. On a class they are seeded before `setUp` (`setup_method` for
    plain pytest classes) of every test and restored after its teardown, so that inputs drawn in
    `setUp` are fixed too.

    Args:
        seed (int): The seed given to NumPy, Python's `random` and CuPy.

    Returns:
        A decorator for functions and classes.

    Example:
        >>> @chainer.testing.fix_random()
        ... class TestNoise(unittest.TestCase):
        ...     def setUp(self):
        ...         self.x = numpy.random.uniform(-1, 1, (3,))
    """
    def decorator(obj):
        if not isinstance(obj, type):
            return _fix_function(obj, seed)
        if issubclass(obj, unittest.TestCase):
            return _fix_unittest_class(obj, seed)
        return _fix_pytest_class(obj, seed)

    return decorator


def _fix_function(func, seed):
    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        with _fixed_random(seed):
            return func(*args, **kwargs)

    return wrapped


def _fix_unittest_class(cls, seed):
    original = cls.setUp

    @functools.wraps(original)
    def setUp(self):
        scope = _fixed_random(seed)
        scope.__enter__()
        # Cleanups run after tearDown, and also when setUp itself fails.
        self.addCleanup(scope.__exit__, None, None, None)
        original(self)

    cls.setUp = setUp
    return cls


def _fix_pytest_class(cls, seed):
    original_setup = getattr(cls, 'setup_method', None)
    original_teardown = getattr(cls, 'teardown_method', None)

    def setup_method(self, method):
        scope = _fixed_random(seed)
        scope.__enter__()
        self._chainer_testing_random_scope = scope
        if original_setup is not None:
            try:
                _call_with_optional_method(original_setup, self, method)
            except BaseException:
                # pytest skips teardown_method when setup_method fails.
                self.__dict__.pop('_chainer_testing_random_scope').__exit__(None, None, None)
                raise

    def teardown_method(self, method):
        try:
            if original_teardown is not None:
                _call_with_optional_method(original_teardown, self, method)
        finally:
            self.__dict__.pop('_chainer_testing_random_scope').__exit__(None, None, None)

    cls.setup_method = setup_method
    cls.teardown_method = teardown_method
    return cls


def generate_seed():
    """Returns a seed drawn from NumPy's global generator.

    Inside a :func:`fix_random` test the result is reproducible, which makes it the way to seed
    a separate generator (e.g. `numpy.random.RandomState(generate_seed())`) in such a test.

    Returns:
        int: A seed in `[0, 2**31 - 1)`.
    """
    return int(numpy.random.randint(0, 2 ** 31 - 1))
