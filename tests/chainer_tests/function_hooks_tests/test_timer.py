"""TimerHook: records each forward/backward of Python-graph functions; nested calls count once."""

import io
import re
import time

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import function_hooks


class _Sleep(chainer.FunctionNode):
    """Sleeps `seconds` in forward and in backward, then passes its input through."""

    def __init__(self, seconds):
        self.seconds = seconds

    def forward(self, inputs):
        time.sleep(self.seconds)
        return inputs[0].copy(),

    def backward(self, indexes, grad_outputs):
        time.sleep(self.seconds)
        return F.identity(grad_outputs[0]),


def _x():
    return chainer.Variable(numpy.array([1.0, -2.0, 3.0], numpy.float32))


def test_records_forward_and_backward_in_order():
    x = _x()
    with function_hooks.TimerHook() as hook:
        y = F.sum(F.exp(x))
        y.backward()
    labels = [label for label, _ in hook.call_history]
    assert labels[:2] == ['exp', 'Sum']
    assert labels.count('exp') >= 2 and labels.count('Sum') >= 2   # forward and backward
    assert all(seconds >= 0 for _, seconds in hook.call_history)


def test_total_time_counts_nested_calls_once():
    x = _x()
    with function_hooks.TimerHook() as hook:
        y, = _Sleep(0.02).apply((x,))
        y.grad = numpy.ones(3, numpy.float32)
        y.backward()
    labels = [label for label, _ in hook.call_history]
    # The backward of _Sleep applies Identity: recorded, but inside _Sleep's backward.
    assert labels == ['_Sleep', 'Identity', '_Sleep']
    history_sum = sum(seconds for _, seconds in hook.call_history)
    assert 0.04 <= hook.total_time() < history_sum
    summary = hook.summary()
    assert summary['_Sleep']['occurrence'] == 2
    assert summary['_Sleep']['elapsed_time'] >= 0.04


def test_native_chainerx_functions_bypass_the_hook():
    x = chainer.Variable(chainerx.array([1.0, 2.0], dtype='float32'))
    with function_hooks.TimerHook() as hook:
        F.sum(F.exp(x)).backward()
    assert hook.call_history == []
    assert hook.total_time() == 0


def test_local_hook_on_a_node():
    hook = function_hooks.TimerHook()
    node = _Sleep(0)
    node.add_hook(hook)
    node.apply((_x(),))
    F.exp(_x())   # not hooked
    assert [label for label, _ in hook.call_history] == ['_Sleep']


def _report_rows(hook, **kwargs):
    out = io.StringIO()
    hook.print_report(file=out, **kwargs)
    return [line.split() for line in out.getvalue().splitlines()]


def test_print_report_table_and_units():
    hook = function_hooks.TimerHook()
    hook.call_history = [('Exp', 2.5), ('Sum', 0.0015), ('Exp', 0.5), ('Tiny', 3e-10)]
    rows = _report_rows(hook)
    assert rows == [['FunctionName', 'ElapsedTime', 'Occurrence'], ['Exp', '3.00sec', '2'],
                    ['Sum', '1.50ms', '1'], ['Tiny', '0.30ns', '1']]
    assert _report_rows(hook, unit='ms')[1] == ['Exp', '3000.00ms', '2']
    with pytest.raises(ValueError):
        hook.print_report(unit='minutes')


def test_print_report_columns_are_right_aligned():
    hook = function_hooks.TimerHook()
    hook.call_history = [('LongFunctionName', 1.0), ('F', 20.0)]
    out = io.StringIO()
    hook.print_report(file=out)
    lines = out.getvalue().splitlines()
    assert len({len(line) for line in lines}) == 1
    assert re.match(r'^ +F +20\.00sec +1$', lines[2])


def test_registering_the_same_hook_name_twice_raises():
    with function_hooks.TimerHook():
        with pytest.raises(KeyError):
            with function_hooks.TimerHook():
                pass
