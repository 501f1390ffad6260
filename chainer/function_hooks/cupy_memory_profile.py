"""CupyMemoryProfileHook: the CuPy memory taken by each forward and backward of hooked functions."""

import collections
import sys

from chainer import function_hook
from chainer.backends import cuda
from chainer.function_hooks import _report


def _cumulative_memory_hook():
    """A CuPy memory hook (``cupy.cuda.memory_hook.MemoryHook``) adding up what passes through it:
    `used_bytes`, the sizes of the blocks the pool hands out (``malloc``), and `acquired_bytes`,
    the sizes of what the pool gets from the device (``alloc``)."""

    class CumulativeMemoryHook(cuda.cupy.cuda.memory_hook.MemoryHook):
        name = 'CupyMemoryCumulativeHook'

        def __init__(self):
            self.used_bytes = 0
            self.acquired_bytes = 0

        def alloc_postprocess(self, **kwargs):
            self.acquired_bytes += kwargs['mem_size']

        def malloc_postprocess(self, **kwargs):
            self.used_bytes += kwargs['mem_size']

    return CumulativeMemoryHook()


class CupyMemoryProfileHook(function_hook.FunctionHook):
    """Function hook that measures the CuPy memory taken by each function's forward and backward.

    While the hook is registered, a CuPy memory hook adds up the sizes of the blocks that CuPy's
    memory pool hands out ("used" bytes) and of what the pool gets from the device ("acquired"
    bytes, which a pool that can reuse a freed block does not need). Each forward and backward of
    a hooked function adds what passed during it to `call_history`: sums of allocations, which
    frees do not decrease. A function called inside another one's forward or backward (e.g. the
    functions applied by a backward) is recorded too, but counted once in the totals.

    Only CuPy's pool is seen: chainerx arrays (even on a CUDA device) come from chainerx's own
    pool. Like every function hook it sees the functions that run through the Python graph: those
    on NumPy/CuPy Variables and chainerx functions that fall back to Python. Functions running
    natively on chainerx have no Python node and are not recorded.

    Attributes:
        call_history (list): ``(function label, used bytes, acquired bytes, depth)`` for every
            call, in order; `depth` is 0 for a call not nested in another hooked call.

    Raises:
        RuntimeError: If CUDA (CuPy) is not available.

    Example:
        >>> with chainer.function_hooks.CupyMemoryProfileHook() as hook:
        ...     y = model(x)
        ...     y.backward()
        >>> hook.print_report()
    """

    name = 'CupyMemoryProfileHook'
    _units = ('B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB')
    table = collections.OrderedDict((unit, 1024 ** i) for i, unit in enumerate(_units))

    def __init__(self):
        cuda.check_cuda_available()
        self._memory_hook = _cumulative_memory_hook()
        self._registrations = 0
        self.call_history = []
        self._running_stack = []
        self._total_used_bytes = 0
        self._total_acquired_bytes = 0

    # The memory hook is in CuPy's thread-local list while this hook is registered anywhere
    # (globally or on nodes); CuPy refuses to enter one twice.
    def added(self, function):
        if self._registrations == 0:
            self._memory_hook.__enter__()
        self._registrations += 1

    def deleted(self, function):
        self._registrations -= 1
        if self._registrations == 0:
            self._memory_hook.__exit__(None, None, None)

    def _preprocess(self):
        self._running_stack.append(
            (self._memory_hook.used_bytes, self._memory_hook.acquired_bytes))

    def _postprocess(self, function):
        start_used, start_acquired = self._running_stack.pop()
        used_bytes = self._memory_hook.used_bytes - start_used
        acquired_bytes = self._memory_hook.acquired_bytes - start_acquired
        depth = len(self._running_stack)
        self.call_history.append((function.label, used_bytes, acquired_bytes, depth))
        if depth == 0:
            self._total_used_bytes += used_bytes
            self._total_acquired_bytes += acquired_bytes

    def forward_preprocess(self, function, in_data):
        self._preprocess()

    def forward_postprocess(self, function, in_data):
        self._postprocess(function)

    def backward_preprocess(self, function, in_data, out_grad):
        self._preprocess()

    def backward_postprocess(self, function, in_data, out_grad):
        self._postprocess(function)

    def total_used_bytes(self):
        """The bytes put in use by the outermost hooked calls (nested calls counted once)."""
        return self._total_used_bytes

    def total_acquired_bytes(self):
        """The bytes acquired by the pool in the outermost hooked calls (nested counted once)."""
        return self._total_acquired_bytes

    def summary(self):
        """An ordered dict from function label to its sums over `call_history`.

        Returns:
            collections.OrderedDict: label to ``{'used_bytes': n, 'acquired_bytes': n,
            'occurrence': n}``, in the order of the labels' first calls.
        """
        summary = collections.OrderedDict()
        for label, used_bytes, acquired_bytes, _ in self.call_history:
            record = summary.setdefault(
                label, {'used_bytes': 0, 'acquired_bytes': 0, 'occurrence': 0})
            record['used_bytes'] += used_bytes
            record['acquired_bytes'] += acquired_bytes
            record['occurrence'] += 1
        return summary

    def print_report(self, unit='auto', file=sys.stdout):
        """Prints a table of the used and acquired bytes and the number of calls of each function.

        Args:
            unit (str): ``'B'``, ``'KB'``, ``'MB'``, ``'GB'``, ``'TB'``, ``'PB'``, ``'EB'``,
                ``'ZB'`` (powers of 1024), or ``'auto'`` to pick for each cell the largest unit in
                which its size is at least 1.
            file: Text stream to print to.

        Raises:
            ValueError: If `unit` is not one of those.
        """
        factors = collections.OrderedDict(
            (name, 1.0 / size) for name, size in reversed(self.table.items()))
        _report.check_unit(unit, factors)
        rows = [('FunctionName', 'UsedBytes', 'AcquiredBytes', 'Occurrence')]
        for label, record in self.summary().items():
            rows.append((label, _report.format_quantity(record['used_bytes'], unit, factors),
                         _report.format_quantity(record['acquired_bytes'], unit, factors),
                         str(record['occurrence'])))
        _report.write_table(rows, file)
