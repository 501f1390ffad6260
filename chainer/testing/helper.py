"""Skipping tests by installed packages (`with_requires`, `without_requires`) and `patch`."""

import importlib.metadata
import inspect
import unittest
from unittest import mock


def _installed(requirement):
    # `packaging` parses PEP 508 requirement strings; it is imported here so that importing
    # chainer.testing does not need it.
    from packaging.requirements import Requirement
    req = Requirement(requirement)
    try:
        version = importlib.metadata.version(req.name)
    except importlib.metadata.PackageNotFoundError:
        return False
    return req.specifier.contains(version, prereleases=True)


def _skip_unless(condition, reason):
    def decorator(obj):
        if isinstance(obj, type) and not issubclass(obj, unittest.TestCase):
            # unittest's skip marks a plain class with attributes that pytest does not read.
            import pytest
            return pytest.mark.skipif(not condition, reason=reason)(obj)
        return unittest.skipUnless(condition, reason)(obj)

    return decorator


def with_requires(*requirements):
    """Skips a test unless every requirement is installed.

    Args:
        *requirements (str): PEP 508 requirement strings such as `'numpy>=1.24'` or `'scipy'`.

    Returns:
        A decorator for test functions, methods and classes (unittest and plain pytest ones).

    Example:
        >>> @chainer.testing.with_requires('scipy>=1.0')
        ... def test_special():
        ...     import scipy.special
    """
    satisfied = all(_installed(r) for r in requirements)
    return _skip_unless(satisfied, 'requires: {}'.format(', '.join(requirements)))


def without_requires(*requirements):
    """Skips a test if every requirement is installed (for tests of the code paths without them).

    Args:
        *requirements (str): PEP 508 requirement strings.

    Returns:
        A decorator for test functions, methods and classes.
    """
    satisfied = all(_installed(r) for r in requirements)
    return _skip_unless(not satisfied, 'requires the absence of: {}'.format(
        ', '.join(requirements)))


def patch(target, *args, **kwargs):
    """`unittest.mock.patch` with `autospec=True` unless given otherwise.

    Autospec makes the mock keep the signature of the patched object, so a call with wrong
    arguments fails in the test instead of passing silently.

    Args:
        target (str): The object to patch, as `'package.module.name'`.
        *args: Passed to :func:`unittest.mock.patch`.
        **kwargs: Passed to :func:`unittest.mock.patch`.

    Returns:
        The patcher (a decorator and a context manager).
    """
    kwargs.setdefault('autospec', True)
    return mock.patch(target, *args, **kwargs)


def _call_with_optional_method(func, self, method):
    # pytest passes the test method to setup_method/teardown_method only if they accept it.
    if len(inspect.signature(func).parameters) > 1:
        func(self, method)
    else:
        func(self)
