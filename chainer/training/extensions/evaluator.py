"""Evaluator: computes the mean of reported values over a validation set."""

import copy
import datetime
import warnings

from chainer import _backprop_mode
from chainer import backend
from chainer import configuration
from chainer import link
from chainer import reporter as reporter_module
from chainer.dataset import convert
from chainer.dataset import iterator as iterator_module
from chainer.training import _util
from chainer.training import extension
from chainer.training.extensions import util
from chainer.utils import argument


class Evaluator(extension.Extension):
    """Extension that evaluates a model on a validation iterator and reports the means.

    Each call sweeps the main iterator once (reset first), calls `eval_func` (the main target link by
    default) on every converted batch under ``chainer.using_config('train', False)`` and
    `chainer.no_backprop_mode`, averages what the targets report, and reports the means to the trainer's
    observation under ``'<extension name>/<target name>/...'``, e.g. ``'validation/main/loss'``.

    Args:
        iterator: Dataset iterator (or dict of them; ``'main'`` is swept). It must not repeat.
        target: Link to evaluate (or dict of them; ``'main'`` is the default `eval_func`).
        converter: Converts a batch into the arguments of `eval_func`; `concat_examples` by default.
        device: Device specifier the batches are sent to.
        eval_hook: Callable taking the evaluator, called before each evaluation.
        eval_func: Callable evaluating a batch; the main target if None.
        progress_bar (bool): Show a progress bar of the sweep on stdout.
    """

    trigger = 1, 'epoch'
    default_name = 'validation'
    priority = extension.PRIORITY_WRITER
    name = None

    def __init__(self, iterator, target, converter=convert.concat_examples, device=None,
                 eval_hook=None, eval_func=None, **kwargs):
        progress_bar, = argument.parse_kwargs(kwargs, ('progress_bar', False))
        if device is not None:
            device = backend.get_device(device)
        self._iterators = _util.named_dict(
            iterator, iterator_module.Iterator, 'iterator', 'Evaluator')
        self._targets = _util.named_dict(target, link.Link, 'target', 'Evaluator')
        self.converter = converter
        self.device = device
        self.eval_hook = eval_hook
        self.eval_func = eval_func
        self._progress_bar = progress_bar
        for key, it in self._iterators.items():
            if getattr(it, 'repeat', False) is True:
                warnings.warn(
                    'The `repeat` property of the iterator {} is set to `True`. Typically, the evaluator '
                    'sweeps over iterators until they stop, but as the property being `True`, this '
                    'iterator might not stop and evaluation could go into an infinite loop. We '
                    'recommend to check the configuration of iterators'.format(key))

    def get_iterator(self, name):
        """The iterator registered under `name`."""
        return self._iterators[name]

    def get_all_iterators(self):
        """A dict of all the iterators by name."""
        return dict(self._iterators)

    def get_target(self, name):
        """The target link registered under `name`."""
        return self._targets[name]

    def get_all_targets(self):
        """A dict of all the target links by name."""
        return dict(self._targets)

    def __call__(self, trainer=None):
        """Evaluates, reports the means to the current reporter and returns them as a dict."""
        reporter = reporter_module.Reporter()
        prefix = '' if self.name is None else self.name + '/'
        for name, target in self._targets.items():
            reporter.add_observer(prefix + name, target)
            reporter.add_observers(prefix + name, target.namedlinks(skipself=True))
        with reporter:
            with configuration.using_config('train', False):
                result = self.evaluate()
        reporter_module.report(result)
        return result

    def evaluate(self):
        """Sweeps the main iterator and returns the mean of each value reported per batch."""
        iterator = self._iterators['main']
        eval_func = self.eval_func or self._targets['main']
        if self.eval_hook:
            self.eval_hook(self)
        it = _rewound(iterator)
        summary = reporter_module.DictSummary()
        pbar = _IteratorProgressBar(it) if self._progress_bar else None
        for batch in it:
            observation = {}
            with reporter_module.report_scope(observation):
                in_arrays = convert._call_converter(self.converter, batch, self.device)
                with _backprop_mode.no_backprop_mode():
                    _util.call_with_batch(eval_func, in_arrays)
            summary.add(observation)
            if pbar is not None:
                pbar.update()
        if pbar is not None:
            pbar.close()
        return summary.compute_mean()

    def finalize(self):
        """Finalizes the iterators."""
        for iterator in self._iterators.values():
            iterator.finalize()


def _rewound(iterator):
    # An iterator that cannot be reset is copied before the sweep (the original's deprecated fallback),
    # so that the sweep does not consume the iterator the user holds.
    try:
        iterator.reset()
        return iterator
    except (AttributeError, NotImplementedError):
        warnings.warn(
            'This iterator does not have the reset method. Evaluator copies the iterator instead of '
            'resetting. This behavior is deprecated. Please implement the reset method.',
            DeprecationWarning)
        return copy.copy(iterator)


class _IteratorProgressBar(util.ProgressBar):

    def __init__(self, iterator, bar_length=50, out=None):
        if not (hasattr(iterator, 'current_position') and hasattr(iterator, 'epoch_detail')):
            raise TypeError('Iterator must have the following attributes to enable a progress bar: '
                            'current_position, epoch_detail')
        super().__init__(out)
        self._iterator = iterator
        self._bar_length = bar_length

    def get_lines(self):
        iteration = self._iterator.current_position
        epoch_detail = self._iterator.epoch_detail
        epoch_size = getattr(self._iterator, '_epoch_size', None)
        lines = [util.bar_line('validation', min(epoch_detail, 1.0), self._bar_length)]
        if epoch_size:
            lines.append('{:10} / {} iterations\n'.format(iteration, epoch_size))
        else:
            lines.append('{:10} iterations\n'.format(iteration))
        speed_t, speed_e = self.update_speed(iteration, epoch_detail)
        remaining = (1.0 - epoch_detail) / speed_e if speed_e > 0 else 0.0
        lines.append('{:10.5g} iters/sec. Estimated time to finish: {}.\n'.format(
            speed_t, datetime.timedelta(seconds=max(remaining, 0.0))))
        return lines
