"""chainer.testing.with_requires, without_requires, patch and the attr marks."""

import io
import os
import unittest

import pytest

from chainer import testing
from chainer.testing import attr


def _run(case_class):
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(case_class)
    return unittest.TextTestRunner(stream=io.StringIO()).run(suite)


@pytest.mark.parametrize('requirements, satisfied', [
    (('numpy',), True),
    (('numpy>=1.0',), True),
    (('numpy<1.0',), False),
    (('numpy', 'pytest>=3'), True),
    (('numpy', 'no-such-package-for-chainer-tests'), False),
])
def test_with_requires_on_functions(requirements, satisfied):
    calls = []
    decorated = testing.with_requires(*requirements)(lambda: calls.append(None))
    if satisfied:
        decorated()
        assert calls == [None]
    else:
        with pytest.raises(unittest.SkipTest, match='requires'):
            decorated()
    opposite = testing.without_requires(*requirements)(lambda: calls.append(None))
    if satisfied:
        with pytest.raises(unittest.SkipTest):
            opposite()
    else:
        opposite()


def test_with_requires_on_a_unittest_class():
    @testing.with_requires('no-such-package-for-chainer-tests')
    class Case(unittest.TestCase):
        def test_never_runs(self):
            raise AssertionError('ran')

    result = _run(Case)
    assert len(result.skipped) == 1 and result.wasSuccessful()


def test_with_requires_on_a_plain_class_uses_a_pytest_mark():
    @testing.with_requires('no-such-package-for-chainer-tests')
    class Plain:
        pass

    mark, = Plain.pytestmark
    assert mark.name == 'skipif' and mark.args == (True,)


def test_patch_is_autospecced():
    with testing.patch('os.path.join') as join:
        os.path.join('a', 'b')
        join.assert_called_once_with('a', 'b')
        with pytest.raises(TypeError):
            os.path.join(keyword_it_does_not_take=1)
    with testing.patch('os.path.join', autospec=False) as join:
        os.path.join(keyword_it_does_not_take=1)


def test_attr_marks():
    for name in ('gpu', 'cudnn', 'ideep', 'slow', 'chainerx'):
        assert getattr(attr, name).name == name
    mark = attr.multi_gpu(2)
    assert mark.name == 'gpu' and mark.args == (2,)


@attr.slow
def test_marked_function_keeps_running_and_carries_the_mark(request):
    assert request.node.get_closest_marker('slow') is not None


def test_gpu_count_is_zero_without_cuda():
    from chainer.backends import cuda
    import chainerx
    try:
        chainerx.get_backend('cuda')
        has_chainerx_cuda = True
    except chainerx.BackendError:
        has_chainerx_cuda = False
    if cuda.available or has_chainerx_cuda:
        pytest.skip('a CUDA backend exists here')
    assert attr.gpu_count() == 0
