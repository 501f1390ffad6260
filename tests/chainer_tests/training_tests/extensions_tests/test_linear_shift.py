"""LinearShift: v1 until t1, v2 from t2, linear in between; resumable."""

import types

import pytest

from chainer.training import extensions


@pytest.mark.parametrize('value_range,time_range', [
    ((0.1, 0.5), (2, 6)),
    ((1.0, -1.0), (0, 4)),
    ((3.0, 1.0), (5, 5)),   # a step at t = 5
])
def test_values_follow_the_formula(value_range, time_range):
    optimizer = types.SimpleNamespace(lr=123.0)
    ext = extensions.LinearShift('lr', value_range, time_range, optimizer=optimizer)
    ext.initialize(None)
    values = [optimizer.lr] + [(ext(None), optimizer.lr)[1] for _ in range(9)]
    (v1, v2), (t1, t2) = value_range, time_range
    for t, value in enumerate(values):
        if t <= t1:
            expected = v1
        elif t >= t2:
            expected = v2
        else:
            expected = v1 + (t - t1) / (t2 - t1) * (v2 - v1)
        assert value == pytest.approx(expected, rel=1e-15, abs=1e-15), t


@pytest.mark.parametrize('value_range,time_range,error', [
    ((0.1,), (0, 1), TypeError),
    (0.1, (0, 1), TypeError),
    ((0.1, 0.2), (3, 1), ValueError),
    ((0.1, 'a'), (0, 1), TypeError),
])
def test_bad_ranges_raise(value_range, time_range, error):
    with pytest.raises(error):
        extensions.LinearShift('lr', value_range, time_range)


def test_serialize_resumes_the_schedule():
    serializers = pytest.importorskip('chainer.serializers')
    optimizer = types.SimpleNamespace(lr=0.0)
    ext = extensions.LinearShift('lr', (0.0, 1.0), (0, 10), optimizer=optimizer)
    ext.initialize(None)
    for _ in range(4):
        ext(None)
    saved = serializers.DictionarySerializer()
    ext.serialize(saved)

    resumed_optimizer = types.SimpleNamespace(lr=0.0)
    resumed = extensions.LinearShift('lr', (0.0, 1.0), (0, 10), optimizer=resumed_optimizer)
    resumed.serialize(serializers.NpzDeserializer(saved.target))
    resumed.initialize(None)
    assert resumed_optimizer.lr == pytest.approx(0.4)
    resumed(None)
    assert resumed_optimizer.lr == pytest.approx(0.5)
