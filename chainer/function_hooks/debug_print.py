"""PrintHook: prints the inputs (and output gradients) of every hooked function call."""

import sys
import warnings

from chainer import backend
from chainer import function_hook
from chainer import variable


class PrintHook(function_hook.FunctionHook):
    """Function hook that prints debug information of each function call.

    Before every forward it prints the function's label and a summary (shape, dtype, statistics)
    of each input array; before every backward also each output gradient. Inputs not kept for
    backward are printed as ``None``.

    Args:
        sep: Deprecated and ignored (a DeprecationWarning is issued when it is given).
        end (str): String written after each printed block.
        file: Text stream to print to.
        flush (bool): Flush `file` after each call.

    Example:
        >>> with chainer.function_hooks.PrintHook():
        ...     y = F.relu(x)
    """

    name = 'PrintHook'

    def __init__(self, sep=None, end='\n', file=sys.stdout, flush=True):
        if sep is not None:
            warnings.warn('sep argument in PrintHook is deprecated.', DeprecationWarning)
        self.sep = sep
        self.end = end
        self.file = file
        self.flush = flush

    def _print(self, message):
        self.file.write(message)
        self.file.write(self.end)

    def _process(self, function, in_data, out_grad=None):
        self._print('function\t{}'.format(function.label))
        self._print('input data')
        for array in in_data:
            if array is None:
                self._print('None')
                continue
            self._print(variable.Variable(array, requires_grad=False).debug_print())
        if out_grad is not None:
            self._print('output gradient')
            for grad in out_grad:
                if grad is None:
                    self._print('None')
                    continue
                holder = variable.Variable(backend._array_like('zeros', grad), requires_grad=False)
                holder.grad = grad
                self._print(holder.debug_print())
        if self.flush and hasattr(self.file, 'flush'):
            self.file.flush()

    def forward_preprocess(self, function, in_data):
        self._process(function, in_data)

    def backward_preprocess(self, function, in_data, out_grad):
        self._process(function, in_data, out_grad)
