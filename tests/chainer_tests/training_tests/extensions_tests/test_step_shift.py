"""StepShift: ``init * gamma ** floor(t / step)`` after t calls, stopped at the target."""

import math
import types

import pytest

from chainer.training import extensions


@pytest.mark.parametrize('gamma,step,init,target', [
    (0.5, 3, 1.0, None),
    (0.5, 2, 1.0, 0.2),
    (2.0, 2, 1.0, 5.0),
    (0.1, 1, -1.0, -0.005),
])
def test_values_follow_the_formula(gamma, step, init, target):
    optimizer = types.SimpleNamespace(momentum=9.0)
    ext = extensions.StepShift('momentum', gamma, step, init=init, target=target,
                               optimizer=optimizer)
    ext.initialize(None)
    values = [optimizer.momentum] + [(ext(None), optimizer.momentum)[1] for _ in range(10)]
    for t, value in enumerate(values):
        expected = init * gamma ** math.floor(t / step)
        if target is not None and (expected / target > 1 if gamma > 1 else expected / target < 1):
            expected = target
        assert value == expected, t


def test_init_defaults_to_the_optimizer_attribute_and_steps_every_step_calls():
    optimizer = types.SimpleNamespace(lr=0.4)
    ext = extensions.StepShift('lr', 0.5, 2, optimizer=optimizer)
    ext.initialize(None)
    values = [optimizer.lr] + [(ext(None), optimizer.lr)[1] for _ in range(5)]
    assert values == [0.4, 0.4, 0.2, 0.2, 0.1, 0.1]


@pytest.mark.parametrize('kwargs,error', [
    (dict(gamma=0.5, step=0), ValueError),
    (dict(gamma=0.5, step=-2), ValueError),
    (dict(gamma=None, step=2), TypeError),
])
def test_bad_arguments_raise(kwargs, error):
    with pytest.raises(error):
        extensions.StepShift('lr', **kwargs)
