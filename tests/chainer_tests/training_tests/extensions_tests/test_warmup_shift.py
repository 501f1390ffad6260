"""WarmupShift: linear from warmup_start to init over warmup_iter calls, then init."""

import types

import pytest

from chainer.training import extensions


@pytest.mark.parametrize('warmup_start,warmup_iter,init', [
    (0.0, 4, 0.1),
    (1.0, 3, 0.25),     # a warm-"down" works the same
    (0.01, 1, 0.1),
    (0.01, 0, 0.1),     # no warm-up: init from the first call on
])
def test_values_follow_the_formula(warmup_start, warmup_iter, init):
    optimizer = types.SimpleNamespace(lr=123.0)
    ext = extensions.WarmupShift('lr', warmup_start, warmup_iter, init=init, optimizer=optimizer)
    ext.initialize(None)
    values = [optimizer.lr] + [(ext(None), optimizer.lr)[1] for _ in range(6)]
    assert values[0] == warmup_start
    for t, value in enumerate(values[1:], 1):
        if t < warmup_iter:
            expected = warmup_start + (init - warmup_start) * t / warmup_iter
            assert value == pytest.approx(expected, rel=1e-15), t
        else:
            assert value == init, t


def test_init_defaults_to_the_optimizer_attribute():
    optimizer = types.SimpleNamespace(lr=0.2)
    ext = extensions.WarmupShift('lr', 0.0, 2, optimizer=optimizer)
    ext.initialize(None)
    assert optimizer.lr == 0.0
    ext(None)
    assert optimizer.lr == pytest.approx(0.1)
    ext(None)
    assert optimizer.lr == 0.2


def test_negative_warmup_iter_raises():
    with pytest.raises(ValueError):
        extensions.WarmupShift('lr', 0.0, -1)
