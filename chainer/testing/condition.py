"""Re-running flaky tests: `repeat`, `retry` and `repeat_with_success_at_least`.

Each decorator applies to a test function or method, or to a class (then to each of its `test*`
methods). Between two runs of a method, the test's fixture is rebuilt: `tearDown`, cleanups and
`setUp` for `unittest.TestCase`, `teardown_method`/`setup_method` for plain pytest classes.
"""

import functools
import traceback
import unittest

from chainer.testing.helper import _call_with_optional_method


def repeat_with_success_at_least(times, min_success):
    """Runs a test up to `times` times and passes if at least `min_success` runs pass.

    Runs stop as soon as the outcome is decided (enough successes, or too few runs left). A skip
    in any run skips the test.

    Args:
        times (int): The number of runs at most.
        min_success (int): The number of passing runs required.

    Returns:
        A decorator for test functions, methods and classes.

    Raises:
        ValueError: Unless `0 <= min_success <= times`.

    Example:
        >>> @chainer.testing.condition.repeat_with_success_at_least(10, 8)
        ... def test_sampling():
        ...     assert abs(numpy.random.normal(size=1000).mean()) < 0.1
    """
    if not 0 <= min_success <= times:
        raise ValueError('need 0 <= min_success <= times, got min_success={} and times={}'.format(
            min_success, times))

    def decorator(obj):
        if isinstance(obj, type):
            for name in dir(obj):
                method = getattr(obj, name)
                if name.startswith('test') and callable(method):
                    setattr(obj, name, _repeated(method, times, min_success))
            return obj
        return _repeated(obj, times, min_success)

    return decorator


def repeat(times):
    """Runs a test `times` times; every run must pass.

    Args:
        times (int): The number of runs.

    Returns:
        A decorator for test functions, methods and classes.
    """
    return repeat_with_success_at_least(times, times)


def retry(times):
    """Runs a test until it passes once, at most `times` times.

    Args:
        times (int): The number of runs at most.

    Returns:
        A decorator for test functions, methods and classes.
    """
    return repeat_with_success_at_least(times, 1)


def _repeated(func, times, min_success):
    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        instance = args[0] if args else None
        failures = []
        successes = 0
        for trial in range(times):
            if successes >= min_success or successes + (times - trial) < min_success:
                break
            if trial > 0:
                _rebuild_fixture(instance, wrapped)
            try:
                func(*args, **kwargs)
            except unittest.SkipTest:
                raise
            except Exception:  # pytest's skip/exit outcomes are BaseExceptions and pass through
                failures.append(traceback.format_exc())
            else:
                successes += 1
        if successes < min_success:
            raise AssertionError(
                '{} of {} runs passed, {} needed; the failures:\n\n{}'.format(
                    successes, len(failures) + successes, min_success, '\n'.join(failures)))

    return wrapped


def _rebuild_fixture(instance, method):
    if isinstance(instance, unittest.TestCase):
        instance.tearDown()
        instance.doCleanups()
        instance.setUp()
    elif instance is not None:
        for name in ('teardown_method', 'setup_method'):
            func = getattr(type(instance), name, None)
            if func is not None:
                _call_with_optional_method(func, instance, method)
