"""Testing utilities for Chainer and for test suites written on it.

Array comparison (:func:`assert_allclose`), class parameterization (:func:`parameterize`,
:func:`product`, :func:`product_dict`), reproducible randomness (:func:`fix_random`), re-runs of
flaky tests (:mod:`~chainer.testing.condition`), pytest marks (:mod:`~chainer.testing.attr`),
backend configurations (:class:`BackendConfig`, :func:`inject_backend_tests`) and the test case
templates :class:`FunctionTestCase`, :class:`LinkTestCase` and :class:`LinkInitializersTestCase`.
"""

from chainer.testing import array  # NOQA
from chainer.testing import attr  # NOQA
from chainer.testing import condition  # NOQA
from chainer.testing import helper  # NOQA
from chainer.testing import parameterized  # NOQA
from chainer.testing import random  # NOQA
from chainer.testing.array import assert_allclose  # NOQA
from chainer.testing.backend import BackendConfig  # NOQA
from chainer.testing.backend import inject_backend_tests  # NOQA
from chainer.testing.function_link import FunctionTestBase  # NOQA
from chainer.testing.function_link import FunctionTestCase  # NOQA
from chainer.testing.function_link import FunctionTestError  # NOQA
from chainer.testing.function_link import LinkInitializersTestCase  # NOQA
from chainer.testing.function_link import LinkTestCase  # NOQA
from chainer.testing.function_link import LinkTestError  # NOQA
from chainer.testing.helper import patch  # NOQA
from chainer.testing.helper import with_requires  # NOQA
from chainer.testing.helper import without_requires  # NOQA
from chainer.testing.parameterized import parameterize  # NOQA
from chainer.testing.parameterized import product  # NOQA
from chainer.testing.parameterized import product_dict  # NOQA
from chainer.testing.random import fix_random  # NOQA
from chainer.testing.random import generate_seed  # NOQA


def get_trainer_with_mock_updater(stop_trigger=(10, 'iteration'), iter_per_epoch=10, extensions=None,
                                  out='result'):
    """A Trainer whose updater only counts iterations (see :mod:`chainer.testing.training`).

    chainer.testing is imported by `import chainer`; the training framework is imported on first use.
    """
    from chainer.testing import training
    return training.get_trainer_with_mock_updater(stop_trigger, iter_per_epoch, extensions, out)


def run_module(name, file):
    """Runs the tests of a module with pytest when it is executed as a script.

    Args:
        name (str): The module's `__name__`; nothing happens unless it is `'__main__'`.
        file (str): The module's `__file__`.

    Example:
        >>> chainer.testing.run_module(__name__, __file__)  # at the end of a test module
    """
    if name == '__main__':
        import pytest
        pytest.main([file, '-vvs', '-x', '--pdb'])
