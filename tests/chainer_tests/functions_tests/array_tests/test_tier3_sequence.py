"""pad_sequence, permutate and transpose_sequence against NumPy references, in both modes."""

import numpy
import pytest

import chainer
import chainerx
from chainer import backend
from chainer.functions.array.pad_sequence import pad_sequence
from chainer.functions.array.permutate import _permutation_on_device
from chainer.functions.array.permutate import permutate
from chainer.functions.array.transpose_sequence import transpose_sequence
from chainer.utils import type_check

import array_check as check
from mode_utils import make_array
from mode_utils import to_numpy

_PERMUTATION = numpy.array([2, 0, 3, 1], numpy.int32)


def _pad_sequence(xs, length=None, padding=0):
    length = max(len(x) for x in xs) if length is None else length
    y = numpy.full((len(xs), length) + xs[0].shape[1:], padding, xs[0].dtype)
    for i, x in enumerate(xs):
        y[i, :len(x)] = x
    return y


def _transpose_sequence(*xs):
    return tuple(numpy.stack([x[t] for x in xs if len(x) > t]) for t in range(len(xs[0])))


def _permutate(x, indices, axis=0, inv=False):
    if inv:
        indices = numpy.argsort(indices)
    return numpy.take(x, indices, axis)


CASES = [
    check.Case('pad_sequence', lambda *xs: pad_sequence(xs), lambda *xs: _pad_sequence(xs),
               [(3, 2), (1, 2), (2, 2)]),
    check.Case('pad_sequence_length_padding', lambda *xs: pad_sequence(xs, 4, -1.5),
               lambda *xs: _pad_sequence(xs, 4, -1.5), [(3,), (4,)]),
    check.Case('pad_sequence_empty_sequence', lambda *xs: pad_sequence(list(xs)),
               lambda *xs: _pad_sequence(xs), [(0, 2, 1), (2, 2, 1)]),
    check.Case('pad_sequence_all_empty', lambda *xs: pad_sequence(xs),
               lambda *xs: _pad_sequence(xs), [(0, 3), (0, 3)]),
    check.Case('permutate', permutate, _permutate, [(4, 3), _PERMUTATION]),
    check.Case('permutate_inv', lambda x, i: permutate(x, i, inv=True),
               lambda x, i: _permutate(x, i, inv=True), [(4, 3), _PERMUTATION]),
    check.Case('permutate_axis', lambda x, i: permutate(x, i, axis=-1, inv=True),
               lambda x, i: _permutate(x, i, axis=-1, inv=True),
               [(2, 3, 4), _PERMUTATION.astype(numpy.int64)]),
    check.Case('permutate_empty', permutate, _permutate, [(0, 3), _PERMUTATION[:0]]),
    check.Case('transpose_sequence', lambda *xs: transpose_sequence(xs), _transpose_sequence,
               [(4, 2), (2, 2), (2, 2), (1, 2)]),
    check.Case('transpose_sequence_one', lambda *xs: transpose_sequence(list(xs)),
               _transpose_sequence, [(3,)]),
    check.Case('transpose_sequence_empty_tail', lambda *xs: transpose_sequence(xs),
               _transpose_sequence, [(2, 1, 3), (1, 1, 3), (0, 1, 3)]),
]


@check.cases_test(CASES)
class TestTier3Sequence(check.ArrayTestCase):
    pass


def _seq(mode, *lengths, dtype=numpy.float64):
    return [check.variable(mode, numpy.arange(n * 2).reshape(n, 2), dtype) for n in lengths]


@pytest.mark.parametrize('function, error', [
    (lambda m: pad_sequence([]), type_check.InvalidType),
    (lambda m: pad_sequence(_seq(m, 3, 2), length=2), type_check.InvalidType),
    (lambda m: pad_sequence(_seq(m, 1) + [check.variable(m, numpy.zeros((1, 3)))]),
     type_check.InvalidType),
    (lambda m: pad_sequence(_seq(m, 1) + _seq(m, 1, dtype=numpy.float32)),
     type_check.InvalidType),
    (lambda m: pad_sequence([check.variable(m, 1.0)]), type_check.InvalidType),
    (lambda m: pad_sequence(_seq(m, 1), length=2.0), TypeError),
    (lambda m: pad_sequence(_seq(m, 1), padding=[0]), TypeError),
    (lambda m: permutate(_seq(m, 3)[0], make_array(m, [0, 1], numpy.int32)),
     type_check.InvalidType),
    (lambda m: permutate(_seq(m, 3)[0], make_array(m, [0, 1], numpy.int32), axis=2),
     type_check.InvalidType),
    (lambda m: permutate(_seq(m, 3)[0], make_array(m, [0, 1, 2], numpy.float32)),
     type_check.InvalidType),
    (lambda m: permutate(_seq(m, 3)[0], make_array(m, [[0, 1, 2]], numpy.int32)),
     type_check.InvalidType),
    (lambda m: permutate(_seq(m, 2)[0], make_array(m, [0, 1], numpy.int32), 0.0), TypeError),
    (lambda m: transpose_sequence(_seq(m, 1, 2)), type_check.InvalidType),
    (lambda m: transpose_sequence(_seq(m, 2) + [check.variable(m, numpy.zeros((1, 3)))]),
     type_check.InvalidType),
    (lambda m: transpose_sequence(_seq(m, 2) + _seq(m, 1, dtype=numpy.float32)),
     type_check.InvalidType),
    (lambda m: transpose_sequence([check.variable(m, 1.0)]), type_check.InvalidType),
])
def test_errors(mode, function, error):
    check.assert_error(error, function, mode)


@pytest.mark.parametrize('indices', [[0, 1, 1], [0, 1, 3], [-1, 1, 0]])
@pytest.mark.parametrize('inv', [False, True])
def test_permutate_checks_that_indices_are_a_permutation(mode, indices, inv):
    x = _seq(mode, 3)[0]
    indices = make_array(mode, indices, numpy.int32)
    with chainer.using_config('debug', True):
        check.assert_error(ValueError, permutate, x, indices, 0, inv)
    if backend._reads_without_waiting(indices):
        check.assert_error(ValueError, permutate, x, indices, 0, inv)
    else:  # on a GPU, unchecked outside debug mode (reading the indices back would wait for the device)
        assert permutate(x, indices, 0, inv).shape == x.shape


@pytest.mark.parametrize('xp', [numpy, chainerx])
def test_permutation_computed_on_the_device(xp):
    # The GPU path of permutate (no host read), run here on the host's arrays.
    indices = xp.asarray(numpy.array([2, 0, 3, 1], numpy.int32))
    forward = _permutation_on_device(xp, indices, False)
    inverse = _permutation_on_device(xp, indices, True)
    assert forward.dtype == numpy.int64 and inverse.dtype == numpy.int64
    numpy.testing.assert_array_equal(to_numpy(forward), [2, 0, 3, 1])
    numpy.testing.assert_array_equal(to_numpy(inverse), numpy.argsort([2, 0, 3, 1]))


def test_mixing_numpy_and_chainerx_is_a_type_error():
    x = numpy.zeros((2, 2))
    for function, args in ((pad_sequence, ([x, chainerx.array(x)],)),
                           (transpose_sequence, ([x, chainerx.array(x)],)),
                           (permutate, (chainerx.array(x), numpy.array([1, 0], numpy.int32)))):
        check.assert_error(TypeError, function, *args)


def test_empty_input_lists_give_no_outputs():
    assert transpose_sequence([]) == ()


def test_transpose_sequence_of_empty_sequences_gives_no_outputs(mode):
    assert transpose_sequence(_seq(mode, 0, 0)) == ()


def test_transpose_sequence_is_its_own_inverse(mode):
    xs = _seq(mode, 3, 3, 1)
    for x, y in zip(xs, transpose_sequence(transpose_sequence(xs))):
        numpy.testing.assert_array_equal(to_numpy(y.array), to_numpy(x.array))


def test_pad_sequence_of_integers_with_a_numpy_scalar_padding(mode):
    xs = _seq(mode, 1, 2, dtype=numpy.int32)
    y = pad_sequence(xs, padding=numpy.int64(-7))
    assert y.dtype == numpy.int32 and not y.requires_grad
    numpy.testing.assert_array_equal(to_numpy(y.array)[0, 1], [-7, -7])


def test_permutate_with_indices_in_a_variable(mode):
    x = check.variable(mode, numpy.arange(3.0))
    indices = chainer.Variable(make_array(mode, [2, 0, 1], numpy.int32))
    y = permutate(x, indices, inv=True)
    numpy.testing.assert_array_equal(to_numpy(y.array), [1.0, 2.0, 0.0])
    y.grad = make_array(mode, [1.0, 2.0, 3.0])
    y.backward()
    numpy.testing.assert_array_equal(to_numpy(x.grad), [3.0, 1.0, 2.0])


def test_unused_transpose_sequence_outputs_get_zero_gradients(mode):
    xs = _seq(mode, 2, 1)
    ys = transpose_sequence(xs)
    chainer.functions.sum(ys[1]).backward()
    numpy.testing.assert_array_equal(to_numpy(xs[0].grad), [[0, 0], [1, 1]])
    numpy.testing.assert_array_equal(to_numpy(xs[1].grad), [[0, 0]])
