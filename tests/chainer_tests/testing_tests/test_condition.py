"""chainer.testing.condition: repeat, retry, repeat_with_success_at_least."""

import io
import unittest

import pytest

from chainer import testing
from chainer.testing import condition


def _flaky(outcomes):
    """A test function that passes or fails by the next outcome; it records its calls."""
    calls = []

    def test():
        calls.append(None)
        assert outcomes[len(calls) - 1], 'run {} fails'.format(len(calls))

    return test, calls


def test_chainer_testing_exports_condition():
    assert testing.condition is condition


def test_repeat_runs_every_time():
    test, calls = _flaky([True] * 5)
    condition.repeat(5)(test)()
    assert len(calls) == 5


def test_repeat_fails_at_the_first_failure_with_its_message():
    test, calls = _flaky([True, False, True, True])
    with pytest.raises(AssertionError) as info:
        condition.repeat(4)(test)()
    assert len(calls) == 2  # the outcome is decided after the second run
    assert '1 of 2 runs passed, 4 needed' in str(info.value)
    assert 'run 2 fails' in str(info.value)


def test_retry_stops_at_the_first_success():
    test, calls = _flaky([False, False, True, True])
    condition.retry(5)(test)()
    assert len(calls) == 3


def test_retry_fails_when_every_run_fails():
    test, calls = _flaky([False] * 3)
    with pytest.raises(AssertionError) as info:
        condition.retry(3)(test)()
    assert len(calls) == 3
    assert str(info.value).count('AssertionError: run') == 3


def test_repeat_with_success_at_least_counts():
    test, calls = _flaky([False, True, False, True, True, False])
    condition.repeat_with_success_at_least(6, 3)(test)()
    assert len(calls) == 5
    test, calls = _flaky([False, True, False, False, True, True])
    with pytest.raises(AssertionError):
        condition.repeat_with_success_at_least(6, 4)(test)()
    assert len(calls) == 4  # 1 success and 2 runs left cannot reach 4


def test_repeat_with_success_at_least_validates():
    with pytest.raises(ValueError):
        condition.repeat_with_success_at_least(2, 3)
    with pytest.raises(ValueError):
        condition.repeat_with_success_at_least(2, -1)


def test_a_skip_is_not_a_failure():
    calls = []

    def test():
        calls.append(None)
        raise unittest.SkipTest('no')

    with pytest.raises(unittest.SkipTest):
        condition.retry(3)(test)()
    assert len(calls) == 1


class _Counting(unittest.TestCase):
    events = []

    def setUp(self):
        self.events.append('setUp')
        self.addCleanup(self.events.append, 'cleanup')

    def tearDown(self):
        self.events.append('tearDown')

    @condition.retry(3)
    def test_second_run_passes(self):
        self.events.append('run')
        assert self.events.count('run') == 2


def test_unittest_fixture_is_rebuilt_between_runs():
    _Counting.events = []
    result = unittest.TextTestRunner(stream=io.StringIO()).run(_Counting('test_second_run_passes'))
    assert result.wasSuccessful()
    assert _Counting.events == [
        'setUp', 'run', 'tearDown', 'cleanup', 'setUp', 'run', 'tearDown', 'cleanup']


def test_class_decorator_wraps_every_test_method():
    events = []

    @condition.repeat(2)
    class Case(unittest.TestCase):
        def test_a(self):
            events.append('a')

        def test_b(self):
            events.append('b')

        def helper(self):
            events.append('helper')

    suite = unittest.defaultTestLoader.loadTestsFromTestCase(Case)
    assert unittest.TextTestRunner(stream=io.StringIO()).run(suite).wasSuccessful()
    Case('test_a').helper()
    assert sorted(events) == ['a', 'a', 'b', 'b', 'helper']


class TestPlainClassFixtureIsRebuilt:
    setups = 0

    def setup_method(self, method):
        type(self).setups += 1
        self.fresh = True

    @condition.retry(3)
    def test_each_run_sees_a_fresh_fixture(self):
        assert self.fresh
        self.fresh = False
        assert type(self).setups >= 2  # the first run fails; the second has a new setup
