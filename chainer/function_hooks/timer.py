"""TimerHook: measures the elapsed time of every forward and backward of the hooked functions."""

import collections
import sys
import time

import numpy

import chainerx

from chainer import function_hook
from chainer.function_hooks import _report


def _synchronize(arrays):
    """Waits for the device of the first array that lives on an asynchronous (GPU) device."""
    for array in arrays:
        if array is None or isinstance(array, numpy.ndarray):
            continue
        device = getattr(array, 'device', None)
        if isinstance(array, chainerx.ndarray):
            if device.backend.name == 'native':
                continue
        if hasattr(device, 'synchronize'):
            device.synchronize()
            return


class TimerHook(function_hook.FunctionHook):
    """Function hook that measures the time spent in each function's forward and backward.

    Each forward or backward of a hooked function adds ``(label, seconds)`` to `call_history`.
    The timings are wall-clock times; on a GPU device the hook synchronizes the device before
    reading the clock, so that asynchronous kernels are counted where they run. A function
    called inside another one's forward or backward (e.g. the functions applied by a backward)
    is recorded too, but counted once in :meth:`total_time`.

    Attributes:
        call_history (list): ``(function label, elapsed seconds)`` for every call, in order.

    Example:
        >>> with chainer.function_hooks.TimerHook() as hook:
        ...     y = F.exp(x)
        ...     y.grad = numpy.ones_like(y.array)
        ...     y.backward()
        >>> hook.print_report()
    """

    name = 'TimerHook'
    table = {'sec': 1, 'ms': 10 ** 3, 'us': 10 ** 6, 'ns': 10 ** 9}

    def __init__(self):
        self.call_history = []
        self._running_stack = []
        self._depth = 0
        self._total_time = 0.0

    def _preprocess(self, arrays):
        _synchronize(arrays)
        self._running_stack.append(time.perf_counter())
        self._depth += 1

    def _postprocess(self, function, arrays):
        _synchronize(arrays)
        elapsed = time.perf_counter() - self._running_stack.pop()
        self.call_history.append((function.label, elapsed))
        self._depth -= 1
        if self._depth == 0:
            self._total_time += elapsed

    def forward_preprocess(self, function, in_data):
        self._preprocess(in_data)

    def forward_postprocess(self, function, in_data):
        self._postprocess(function, in_data)

    def backward_preprocess(self, function, in_data, out_grad):
        self._preprocess(tuple(in_data) + tuple(out_grad))

    def backward_postprocess(self, function, in_data, out_grad):
        self._postprocess(function, tuple(in_data) + tuple(out_grad))

    def total_time(self):
        """The total seconds spent in the outermost hooked calls (nested calls counted once)."""
        return self._total_time

    def summary(self):
        """An ordered dict from function label to ``{'elapsed_time': s, 'occurrence': n}``."""
        summary = collections.OrderedDict()
        for label, elapsed in self.call_history:
            record = summary.setdefault(label, {'elapsed_time': 0.0, 'occurrence': 0})
            record['elapsed_time'] += elapsed
            record['occurrence'] += 1
        return summary

    def print_report(self, unit='auto', file=sys.stdout):
        """Prints a table of the total time and number of calls of each function.

        Args:
            unit (str): ``'sec'``, ``'ms'``, ``'us'``, ``'ns'``, or ``'auto'`` to pick for each row
                the largest unit in which its time is at least 1.
            file: Text stream to print to.

        Raises:
            ValueError: If `unit` is not one of those.
        """
        write_report(self.summary(), 'FunctionName', unit, file)


def write_report(summary, name_header, unit, file):
    """Writes the table of a timer hook's `summary` (this TimerHook's or the link hook's), the names
    under `name_header`.

    Raises:
        ValueError: If `unit` is not ``'auto'`` or a key of `TimerHook.table`.
    """
    _report.check_unit(unit, _TIME_FACTORS)
    rows = [(name_header, 'ElapsedTime', 'Occurrence')]
    for name, record in summary.items():
        elapsed = _report.format_quantity(record['elapsed_time'], unit, _TIME_FACTORS)
        rows.append((name, elapsed, str(record['occurrence'])))
    _report.write_table(rows, file)


# The units of the report, the largest first; a factor is how many of the unit make one second.
_TIME_FACTORS = collections.OrderedDict(
    sorted(TimerHook.table.items(), key=lambda item: item[1]))
