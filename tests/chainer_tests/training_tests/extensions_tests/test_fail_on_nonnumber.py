"""FailOnNonNumber: raises RuntimeError naming the diverged parameter, in both modes."""

import types

import numpy
import pytest

import chainer
from chainer.training import extensions


def _trainer(mode, bad_value=None):
    """A trainer whose updater has optimizers 'main' (finite) and 'disc' (W[1] = bad_value)."""
    links = []
    for _ in range(2):
        link = chainer.Link()
        with link.init_scope():
            link.W = chainer.Parameter(numpy.arange(3, dtype=numpy.float32))
            link.pending = chainer.Parameter()   # uninitialized: skipped
        links.append(link)
    if bad_value is not None:
        links[1].W.array[1] = bad_value
    if mode == 'chainerx':
        for link in links:
            link.to_device('native:0')
    optimizers = {'main': types.SimpleNamespace(target=links[0]),
                  'disc': types.SimpleNamespace(target=links[1])}
    return types.SimpleNamespace(
        updater=types.SimpleNamespace(get_all_optimizers=lambda: optimizers))


@pytest.mark.parametrize('bad_value', [numpy.nan, numpy.inf, -numpy.inf])
def test_raises_naming_the_optimizer_and_parameter(mode, bad_value):
    ext = extensions.FailOnNonNumber()
    with pytest.raises(RuntimeError, match=r"optimizer 'disc'.*parameter '/W'"):
        ext(_trainer(mode, bad_value))


def test_finite_parameters_pass(mode):
    assert extensions.FailOnNonNumber()(_trainer(mode)) is False


def test_raise_error_false_warns_and_returns_true(mode):
    ext = extensions.FailOnNonNumber(raise_error=False)
    with pytest.warns(RuntimeWarning, match='diverge'):
        assert ext(_trainer(mode, numpy.nan)) is True


def test_integer_parameters_are_always_finite(mode):
    link = chainer.Link()
    with link.init_scope():
        link.count = chainer.Parameter(numpy.arange(3, dtype=numpy.int32))
    if mode == 'chainerx':
        link.to_device('native:0')
    trainer = types.SimpleNamespace(updater=types.SimpleNamespace(
        get_all_optimizers=lambda: {'main': types.SimpleNamespace(target=link)}))
    assert extensions.FailOnNonNumber()(trainer) is False


def test_raise_error_is_keyword_only():
    with pytest.raises(TypeError):
        extensions.FailOnNonNumber(False)


def test_real_trainer_stops_when_the_parameters_diverge(tiny, tmp_path, mode):
    dataset = tiny.dataset(8)
    dataset[5] = (numpy.full(3, numpy.nan, numpy.float32), dataset[5][1])   # in the 2nd batch
    updater = tiny.updater(device='native:0' if mode == 'chainerx' else '@numpy', dataset=dataset)
    trainer = chainer.training.Trainer(updater, (3, 'iteration'), out=str(tmp_path))
    trainer.extend(extensions.FailOnNonNumber())
    with pytest.raises(RuntimeError, match=r"optimizer 'main'.*parameter '/(W|b)'"):
        trainer.run(show_loop_exception_msg=False)
    assert updater.iteration == 2
