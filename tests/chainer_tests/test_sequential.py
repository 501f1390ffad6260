"""chainer.Sequential: layers that are links or callables, list operations, forward, copies."""

import numpy
import pytest

import chainer
import chainer.functions as F

from mode_utils import to_numpy


class Scale(chainer.Link):
    """y = w * x with a scalar parameter w."""

    def __init__(self, w):
        super().__init__()
        with self.init_scope():
            self.w = chainer.Parameter(lambda a: a.fill(w), ())

    def forward(self, x):
        return F.broadcast_to(self.w, x.shape) * x


def double(x):
    return x * 2


def split(x):
    return x, x


def test_forward_applies_the_layers_in_order_and_unpacks_tuples():
    seq = chainer.Sequential(Scale(3), double, split, lambda a, b: a + b)
    x = numpy.array([1, -2], 'f')
    numpy.testing.assert_array_equal(seq(x).array, x * 12)
    with pytest.raises(RuntimeError, match='does not have any layer'):
        chainer.Sequential()(x)


@pytest.mark.parametrize('device', ['@numpy', 'native:0'])
def test_links_are_children_moved_and_differentiated(device):
    seq = chainer.Sequential(Scale(3), F.relu, Scale(-2)).to_device(device)
    assert [p for p, _ in seq.namedparams()] == ['/0/w', '/1/w']
    x = chainer.get_device(device).send(numpy.array([1, -2, 4], 'f'))
    y = F.sum(seq(x))
    y.backward()
    numpy.testing.assert_allclose(to_numpy(y.array), -2 * 3 * 5)
    numpy.testing.assert_allclose(to_numpy(seq[0].w.grad), -2 * 5)
    numpy.testing.assert_allclose(to_numpy(seq[2].w.grad), 3 * 5)


def test_non_callable_layers_are_rejected():
    with pytest.raises(ValueError, match='callable'):
        chainer.Sequential(1)
    seq = chainer.Sequential(double)
    with pytest.raises(ValueError, match='callable'):
        seq.append('x')
    with pytest.raises(ValueError, match='callable'):
        seq[0] = None


def test_insert_keeps_children_in_layer_order():
    a, b, c = Scale(1), Scale(2), Scale(3)
    seq = chainer.Sequential(double, a, double)
    seq.append(c)
    seq.insert(2, b)
    seq.insert(-5, double)
    assert list(seq) == [double, double, a, b, double, c]
    assert list(seq.children()) == [a, b, c] and [x.name for x in (a, b, c)] == ['0', '1', '2']
    with pytest.raises(IndexError):
        seq.insert(7, double)
    with pytest.raises(IndexError):
        seq.insert(-7, double)


def test_remove_pop_delete_and_replace():
    a, b = Scale(1), Scale(2)
    seq = chainer.Sequential(a, double, b)
    assert seq.pop(0) is a and a.name is None and b.name == '0'
    seq.remove(double)
    assert list(seq) == [b]
    with pytest.raises(ValueError, match='no layer'):
        seq.remove(double)
    seq[0] = a
    assert list(seq) == [a] and list(seq.children()) == [a] and b.name is None
    seq.extend([double, b])
    del seq[1:]
    assert list(seq) == [a] and list(seq.children()) == [a]
    with pytest.raises(IndexError):
        seq[1] = double
    seq.clear()
    assert len(seq) == 0 and list(seq.children()) == []


def test_slicing_indexing_and_counting():
    a = Scale(1)
    seq = chainer.Sequential(a, double, F.relu, double)
    assert seq[1:3] == [double, F.relu] and seq[-1] is double
    assert seq.index(double) == 1 and seq.index(double, 2) == 3
    assert seq.count(double) == 2 and a in seq and Scale(1) not in seq
    assert seq.count_by_layer_type('Scale') == 1
    assert seq.count_by_layer_type('double') == 2
    assert seq.count_by_layer_type('relu') == 1
    seq.remove_by_layer_type('double')
    assert list(seq) == [a, F.relu]
    assert list(reversed(seq)) == [F.relu, a]


def test_addition_and_flatten():
    a, b = Scale(1), Scale(2)
    left, right = chainer.Sequential(a), chainer.Sequential(double, b)
    both = left + right
    assert list(both) == [a, double, b] and list(left) == [a]
    left += right
    assert list(left) == [a, double, b]
    with pytest.raises(ValueError, match='Sequential'):
        left + [double]
    with pytest.raises(ValueError):
        left += [double]
    nested = chainer.Sequential(chainer.Sequential(a, chainer.Sequential(double)), F.relu)
    assert list(nested.flatten()) == [a, double, F.relu]


@pytest.mark.parametrize('mode', ['share', 'copy', 'init'])
def test_copy_copies_links_and_keeps_callables(mode):
    seq = chainer.Sequential(Scale(2), double)
    copied = seq.copy(mode)
    assert isinstance(copied, chainer.Sequential) and copied[1] is double
    assert copied[0] is not seq[0] and copied[0].name == '0'
    seq[0].w.array[...] = 5
    assert float(copied[0].w.array) == (5 if mode == 'share' else 2)


def test_copyparams_from_another_sequential():
    src = chainer.Sequential(Scale(4), double)
    dst = chainer.Sequential(Scale(1), double)
    dst.copyparams(src)
    assert float(dst[0].w.array) == 4
    with pytest.raises(ValueError):
        dst.copyparams(Scale(1))


def test_repr_lists_the_layers():
    seq = chainer.Sequential(chainer.Sequential(double), Scale(1))
    assert repr(seq).startswith('Sequential(\n  (0): Sequential(\n    (0): <function double')
    assert repr(seq).endswith('  ),\n  (1): Scale(),\n)')
    assert repr(chainer.Sequential()) == 'Sequential()'
