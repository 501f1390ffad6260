"""Regression tests of the argument checks of the n-step RNNs (found by the chainer fuzz)."""

import numpy
import pytest

import chainer
import chainer.functions as F

from mode_utils import make_array, mode  # NOQA: F401 (fixture)

_H = 2


def _gru_arguments(mode):
    ws = [[make_array(mode, numpy.ones((_H, _H))) for _ in range(6)]]
    bs = [[make_array(mode, numpy.ones(_H)) for _ in range(6)]]
    return make_array(mode, numpy.ones((1, 2, _H))), ws, bs, [make_array(mode, numpy.ones((2, _H)))]


@pytest.mark.parametrize('bad', [1.5, [[[1.0, 1.0]]], 'hx', chainer.Variable()],
                         ids=['float', 'list', 'str', 'empty'])
@pytest.mark.parametrize('where', ['hx', 'xs'])
def test_non_array_states_and_inputs(mode, bad, where):
    hx, ws, bs, xs = _gru_arguments(mode)
    assert F.n_step_gru(1, 0.0, hx, ws, bs, xs)[0].shape == (1, 2, _H)
    if where == 'hx':
        hx = bad
    else:
        xs = [bad]
    with pytest.raises(TypeError) as info:
        F.n_step_gru(1, 0.0, hx, ws, bs, xs)
    assert type(info.value) is TypeError


@pytest.mark.parametrize('cx', [1.5, chainer.Variable()], ids=['float', 'empty'])
def test_non_array_cell_state(mode, cx):
    hx, ws, bs, xs = _gru_arguments(mode)
    ws = [w[:4] * 2 for w in ws]
    bs = [b[:4] * 2 for b in bs]
    with pytest.raises(TypeError) as info:
        F.n_step_lstm(1, 0.0, hx, cx, ws, bs, xs)
    assert type(info.value) is TypeError
