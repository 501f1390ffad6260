"""chainer.testing.fix_random and generate_seed."""

import io
import random
import unittest

import numpy
import pytest

import chainerx
from chainer import testing


def _draw():
    return (numpy.random.uniform(), random.random(),
            float(chainerx.random.uniform(0, 1, (1,))[0]))


def test_fix_random_on_a_function_seeds_and_restores():
    numpy.random.seed(123)
    random.seed(123)
    expected_after = (numpy.random.RandomState(123).uniform(), random.Random(123).random())
    numpy.random.seed(123)
    random.seed(123)
    draws = testing.fix_random(seed=5)(_draw)
    first = draws()
    assert draws() == first
    numpy.random.seed(5)
    random.seed(5)
    assert first == _draw()
    numpy.random.seed(123)
    random.seed(123)
    draws()
    assert (numpy.random.uniform(), random.random()) == expected_after


def test_fix_random_default_seed_is_zero():
    assert testing.fix_random()(_draw)()[0] == numpy.random.RandomState(0).uniform()


def test_fix_random_restores_after_an_exception():
    numpy.random.seed(9)
    state = numpy.random.get_state()[1].copy()

    @testing.fix_random()
    def fails():
        numpy.random.uniform(size=10)
        raise ValueError('boom')

    with pytest.raises(ValueError):
        fails()
    assert (numpy.random.get_state()[1] == state).all()


@testing.fix_random(seed=3)
class TestFixRandomUnittestClass(unittest.TestCase):
    """setUp draws are fixed too: every test sees the same inputs."""

    def setUp(self):
        self.x = numpy.random.uniform(size=3)

    def test_setup_draw_is_seeded(self):
        numpy.testing.assert_array_equal(
            self.x, numpy.random.RandomState(3).uniform(size=3))

    def test_body_continues_the_seeded_stream(self):
        stream = numpy.random.RandomState(3)
        stream.uniform(size=3)
        assert numpy.random.uniform() == stream.uniform()


@testing.fix_random(seed=4)
class TestFixRandomPlainClass:

    def setup_method(self):
        self.x = random.random()

    def test_setup_draw_is_seeded(self):
        assert self.x == random.Random(4).random()


def test_fix_random_on_a_unittest_class_restores_after_each_test():
    numpy.random.seed(77)
    expected = numpy.random.RandomState(77).uniform()
    numpy.random.seed(77)
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(TestFixRandomUnittestClass)
    assert unittest.TextTestRunner(stream=io.StringIO()).run(suite).wasSuccessful()
    assert numpy.random.uniform() == expected


def test_fix_random_on_a_plain_class_restores_in_teardown():
    numpy.random.seed(78)
    expected = numpy.random.RandomState(78).uniform()
    numpy.random.seed(78)
    case = TestFixRandomPlainClass()
    case.setup_method(None)
    numpy.random.uniform(size=5)
    case.teardown_method(None)
    assert numpy.random.uniform() == expected


def test_generate_seed_is_reproducible_under_fix_random():
    seeds = testing.fix_random()(lambda: [testing.generate_seed() for _ in range(3)])
    first = seeds()
    assert first == seeds()
    assert all(isinstance(s, int) and 0 <= s < 2 ** 31 - 1 for s in first)
    assert len(set(first)) == 3
