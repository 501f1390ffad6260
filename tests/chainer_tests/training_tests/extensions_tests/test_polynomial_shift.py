"""PolynomialShift: ``init * max(1 - t / max_count, 0) ** rate`` after t calls."""

import types

import pytest

from chainer.training import extensions


@pytest.mark.parametrize('rate,max_count,target', [
    (0.5, 5, None),
    (2.0, 4, None),
    (1.0, 10, 0.25),
])
def test_values_follow_the_formula(rate, max_count, target):
    optimizer = types.SimpleNamespace(lr=1.0)
    ext = extensions.PolynomialShift('lr', rate, max_count, target=target, optimizer=optimizer)
    ext.initialize(None)
    values = [optimizer.lr] + [(ext(None), optimizer.lr)[1] for _ in range(max_count + 3)]
    for t, value in enumerate(values):
        expected = 1.0 * max(1 - t / max_count, 0) ** rate
        if target is not None and expected < target:
            expected = target
        assert value == expected, t
    assert values[-1] == (0.0 if target is None else target)


def test_init_is_the_optimizer_attribute_at_initialize():
    optimizer = types.SimpleNamespace(lr=0.8)
    ext = extensions.PolynomialShift('lr', 1.0, 4, optimizer=optimizer)
    ext.initialize(None)
    ext(None)
    assert optimizer.lr == 0.8 * 0.75


@pytest.mark.parametrize('max_count', [0, -3])
def test_non_positive_max_count_raises(max_count):
    with pytest.raises(ValueError):
        extensions.PolynomialShift('lr', 0.5, max_count)
