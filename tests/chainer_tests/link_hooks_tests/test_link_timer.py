"""TimerHook for links: call history per link class, nested calls, summary and the report."""

import io
import re
import time

import numpy
import pytest

import chainer
import chainer.links as L
from chainer.link_hooks import TimerHook

import hook_cases
from mode_utils import make_array


class _Slow(chainer.Link):
    """A link whose forward takes at least `seconds`."""

    def __init__(self, seconds):
        super().__init__()
        self.seconds = seconds

    def forward(self, x):
        time.sleep(self.seconds)
        return x


class _Model(chainer.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(3, 4)
            self.l2 = L.Linear(4, 2)
            self.slow = _Slow(0.01)

    def forward(self, x):
        return self.slow(self.l2(self.l1(x)))


def test_global_hook_times_every_link_and_counts_nested_calls_once(mode):
    model = hook_cases.make_link(mode, _Model)
    x = make_array(mode, numpy.ones((2, 3)))
    with TimerHook() as hook:
        model(x)
        model(x)
    model(x)  # outside the scope: not recorded
    names = [name for name, _ in hook.call_history]
    assert names == ['Linear', 'Linear', '_Slow', '_Model'] * 2
    outer = [elapsed for name, elapsed in hook.call_history if name == '_Model']
    assert hook.total_time() == pytest.approx(sum(outer))
    assert hook.total_time() >= 0.02
    summary = hook.summary()
    assert list(summary) == ['Linear', '_Slow', '_Model']
    assert [record['occurrence'] for record in summary.values()] == [4, 2, 2]
    assert summary['_Slow']['elapsed_time'] >= 0.02
    assert all(elapsed <= summary['_Model']['elapsed_time'] for _, elapsed in hook.call_history)
    assert not chainer.link_hook.get_global_link_hooks()


def test_hook_on_one_link_times_that_link_only(mode):
    model = hook_cases.make_link(mode, _Model)
    hook = TimerHook()
    model.l2.add_hook(hook)
    model(make_array(mode, numpy.ones((2, 3))))
    assert [name for name, _ in hook.call_history] == ['Linear']
    assert hook.total_time() == hook.call_history[0][1]


def test_print_report_table():
    hook = TimerHook()
    hook.call_history = [('Linear', 0.0025), ('Linear', 0.0015), ('Convolution2D', 2.5)]
    out = io.StringIO()
    hook.print_report(file=out)
    lines = out.getvalue().splitlines()
    assert [line.split() for line in lines] == [
        ['LinkName', 'ElapsedTime', 'Occurrence'], ['Linear', '4.00ms', '2'],
        ['Convolution2D', '2.50sec', '1']]
    assert len({len(line) for line in lines}) == 1  # right-aligned columns
    out = io.StringIO()
    hook.print_report(unit='us', file=out)
    assert re.search(r'Linear\s+4000.00us\s+2', out.getvalue())


def test_print_report_rejects_an_unknown_unit():
    with pytest.raises(ValueError, match='unit'):
        TimerHook().print_report(unit='min', file=io.StringIO())


def test_public_name():
    assert chainer.link_hooks.TimerHook is TimerHook and TimerHook.name == 'TimerHook'
