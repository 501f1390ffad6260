"""InverseShift: ``init * (1 + gamma * t) ** -power`` after t calls, stopped at the target."""

import types

import pytest

from chainer.training import extensions


@pytest.mark.parametrize('gamma,power,init,target', [
    (0.5, 1.0, 2.0, None),
    (0.5, 2.0, 2.0, 0.1),
    (1.0, -0.5, 1.0, 2.0),   # a negative power grows: stopped from above
    (0.0, 3.0, 1.5, None),   # gamma 0 keeps the value
])
def test_values_follow_the_formula(gamma, power, init, target):
    optimizer = types.SimpleNamespace(alpha=0.0)
    ext = extensions.InverseShift('alpha', gamma, power, init=init, target=target,
                                  optimizer=optimizer)
    ext.initialize(None)
    values = [optimizer.alpha] + [(ext(None), optimizer.alpha)[1] for _ in range(12)]
    clipped = False
    for t, value in enumerate(values):
        expected = init * (1 + gamma * t) ** (-power)
        if target is not None and (expected / target > 1 if power < 0 else expected / target < 1):
            expected = target
            clipped = True
        assert value == expected, t
    assert clipped == (target is not None)


def test_init_defaults_to_the_optimizer_attribute():
    optimizer = types.SimpleNamespace(lr=0.3)
    ext = extensions.InverseShift('lr', 1.0, 1.0, optimizer=optimizer)
    ext.initialize(None)
    ext(None)
    ext(None)
    assert optimizer.lr == 0.3 / 3


def test_negative_gamma_raises():
    with pytest.raises(ValueError):
        extensions.InverseShift('lr', -0.1, 1.0)
