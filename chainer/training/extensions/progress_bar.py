"""ProgressBar: a console display of the training progress and the estimated time to finish."""

import datetime
import sys

from chainer.training import _util
from chainer.training import extension
from chainer.training.extensions import util


class ProgressBar(extension.Extension):
    """Extension that shows the training progress on the console.

    Every `update_interval` iterations it redraws::

             total [#########.........................................] 18.33%
        this epoch [#################.................................] 35.00%
               110 iter, 1 epoch / 6 epochs
            12.345 iters/sec. Estimated time to finish: 0:00:37.123456.

    Args:
        training_length (tuple): ``(length, unit)`` of the whole training; taken from the stop trigger's
            ``get_training_length()`` if None.
        update_interval (int): Number of iterations between redraws.
        bar_length (int): Width of the bars in characters.
        out: Output stream, sys.stdout by default.
    """

    def __init__(self, training_length=None, update_interval=100, bar_length=50, out=sys.stdout):
        _util.check_positive('ProgressBar', 'update_interval', update_interval, integer=True)
        self._training_length = training_length
        self._update_interval = update_interval
        self._bar_length = bar_length
        self._out = out
        self._pbar = None

    def initialize(self, trainer):
        """Records where and when training (re)starts, so that the first redraw already shows a speed
        (the original shows 'inf iters/sec' until the second redraw)."""
        self._ensure_pbar(trainer).update_speed(trainer.updater.iteration, trainer.updater.epoch_detail)

    def __call__(self, trainer):
        """Redraws the display every `update_interval` iterations."""
        pbar = self._ensure_pbar(trainer)
        if trainer.updater.iteration % self._update_interval == 0:
            pbar.update()

    def _ensure_pbar(self, trainer):
        if self._pbar is None:
            self._pbar = _TrainerProgressBar(
                trainer, self._training_length, self._bar_length, self._out)
        return self._pbar

    def finalize(self):
        """Erases the display."""
        if self._pbar is not None:
            self._pbar.close()


class _TrainerProgressBar(util.ProgressBar):

    def __init__(self, trainer, training_length, bar_length, out):
        super().__init__(out)
        self.trainer = trainer
        self.training_length = training_length
        self.bar_length = bar_length
        self.status_template = None

    def _length(self):
        if self.training_length is None:
            stop_trigger = self.trainer.stop_trigger
            if not hasattr(stop_trigger, 'get_training_length'):
                raise TypeError('cannot retrieve the training length from {}'.format(type(stop_trigger)))
            self.training_length = stop_trigger.get_training_length()
        return self.training_length

    def get_lines(self):
        updater = self.trainer.updater
        iteration = updater.iteration
        epoch = updater.epoch_detail
        length, unit = self._length()
        rate = min((iteration if unit == 'iteration' else epoch) / length, 1.0)
        lines = [util.bar_line('     total', rate, self.bar_length),
                 util.bar_line('this epoch', epoch - int(epoch), self.bar_length)]
        if self.status_template is None:
            self.status_template = '{0.iteration:10} iter, {0.epoch} epoch / %s %ss\n' % (length, unit)
        lines.append(self.status_template.format(updater))
        speed_t, speed_e = self.update_speed(iteration, epoch)
        if unit == 'iteration':
            remaining = (length - iteration) / speed_t if speed_t else float('inf')
        else:
            remaining = (length - epoch) / speed_e if speed_e else float('inf')
        lines.append('{:10.5g} iters/sec. Estimated time to finish: {}.\n'.format(
            speed_t, _format_time(remaining)))
        return lines


def _format_time(seconds):
    # The first measurement (or a stalled one) has no finite speed; timedelta cannot hold infinity.
    if seconds != seconds or seconds == float('inf'):
        return 'unknown'
    return datetime.timedelta(seconds=max(seconds, 0.0))
