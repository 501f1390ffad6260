"""TimerHook for links: measures the elapsed time of every call of the hooked links."""

import collections
import sys
import time

from chainer import link_hook
from chainer import variable
from chainer.function_hooks import timer as function_timer


def _arrays(values):
    """The arrays among `values` (a Variable gives its array)."""
    return [v.array if isinstance(v, variable.Variable) else v for v in values]


class TimerHook(link_hook.LinkHook):
    """Link hook that measures the time spent in each call of the links (their forward).

    Each call of a hooked link adds ``(link class name, elapsed seconds)`` to `call_history`.
    The timings are wall-clock times; on a GPU device the hook synchronizes the device of the
    inputs before reading the clock. A link called inside another one (a chain's children) is
    recorded too, but counted once in :meth:`total_time`.

    Attributes:
        call_history (list): ``(link class name, elapsed seconds)`` for every call, in order.

    Example:
        >>> with chainer.link_hooks.TimerHook() as hook:
        ...     y = model(x)
        >>> hook.print_report()
    """

    name = 'TimerHook'
    table = function_timer.TimerHook.table

    def __init__(self):
        self.call_history = []
        self._running_stack = []
        self._depth = 0
        self._total_time = 0.0

    def forward_preprocess(self, args):
        function_timer._synchronize(_arrays(args.args))
        self._running_stack.append(time.perf_counter())
        self._depth += 1

    def forward_postprocess(self, args):
        out = args.out if isinstance(args.out, (tuple, list)) else (args.out,)
        function_timer._synchronize(_arrays(out))
        elapsed = time.perf_counter() - self._running_stack.pop()
        self.call_history.append((type(args.link).__name__, elapsed))
        self._depth -= 1
        if self._depth == 0:
            self._total_time += elapsed

    def total_time(self):
        """The total seconds spent in the outermost hooked calls (nested calls counted once)."""
        return self._total_time

    def summary(self):
        """An ordered dict from link class name to ``{'elapsed_time': s, 'occurrence': n}``."""
        return summarize(self.call_history)

    def print_report(self, unit='auto', file=sys.stdout):
        """Prints a table of the total time and number of calls of each link class.

        Args:
            unit (str): ``'sec'``, ``'ms'``, ``'us'``, ``'ns'``, or ``'auto'`` to pick for each row
                the largest unit in which its time is at least 1.
            file: Text stream to print to.

        Raises:
            ValueError: If `unit` is not one of those.
        """
        function_timer.write_report(self.summary(), 'LinkName', unit, file)


def summarize(call_history):
    """An ordered dict from name to ``{'elapsed_time': s, 'occurrence': n}`` of `call_history`.

    Args:
        call_history: ``(name, elapsed seconds)`` pairs.
    """
    summary = collections.OrderedDict()
    for name, elapsed in call_history:
        record = summary.setdefault(name, {'elapsed_time': 0.0, 'occurrence': 0})
        record['elapsed_time'] += elapsed
        record['occurrence'] += 1
    return summary
