"""EarlyStoppingTrigger: a stop trigger that ends training when a monitored value stops improving."""

import operator
import warnings

from chainer import reporter
from chainer.training import trigger as trigger_module
from chainer.utils import argument


class EarlyStoppingTrigger:
    """Stop trigger that fires when the monitored value has not improved for `patience` checks.

    Use it as the `stop_trigger` of a Trainer. The value is averaged between checks; training also stops
    at `max_trigger`.

    Args:
        check_trigger: When to check, ``(1, 'epoch')`` by default.
        monitor (str): Key of the observation to monitor.
        patience (int): Number of checks without improvement before stopping (3 if None).
        mode (str): 'max', 'min', or 'auto' ('max' if 'accuracy' is in the key, else 'min').
        verbose (bool): Print the comparison mode and the stop.
        max_trigger: Trigger that stops training anyway, ``(100, 'epoch')`` by default.
        patients (int): Deprecated alias of `patience`.

    Raises:
        TypeError: If both `patience` and `patients` are given.
    """

    def __init__(self, check_trigger=(1, 'epoch'), monitor='main/loss', patience=None, mode='auto',
                 verbose=False, max_trigger=(100, 'epoch'), **kwargs):
        patients, = argument.parse_kwargs(kwargs, ('patients', None))
        if patients is None:
            patience = 3 if patience is None else patience
        elif patience is None:
            patience = patients
        else:
            raise TypeError("Both 'patience' and 'patients' arguments are specified. 'patients' is an "
                            "alias of the former. Specify only 'patience'.")
        if mode not in ('auto', 'max', 'min'):
            raise ValueError("EarlyStoppingTrigger: mode must be 'auto', 'max' or 'min', got {!r}".format(
                mode))
        self.count = 0
        self.patience = patience
        self.monitor = monitor
        self.verbose = verbose
        self.already_warning = False
        self._max_trigger = trigger_module.get_trigger(max_trigger)
        self._interval_trigger = trigger_module.get_trigger(check_trigger)
        self._init_summary()
        maximize = mode == 'max' or (mode != 'min' and 'accuracy' in monitor)
        self._compare = operator.gt if maximize else operator.lt
        if verbose:
            print('early stopping: operator is {}'.format('greater' if maximize else 'less'))
        self.best = float('-inf') if maximize else float('inf')

    def __call__(self, trainer):
        """Whether to stop: the max trigger fired, or `patience` checks passed without improvement."""
        observation = trainer.observation
        if self.monitor in observation:
            self._summary.add({self.monitor: observation[self.monitor]})
        if self._max_trigger(trainer):
            return True
        if not self._interval_trigger(trainer):
            return False
        if self.monitor not in observation:
            warnings.warn('{} is not in observation'.format(self.monitor))
            return False
        current = float(self._summary.compute_mean()[self.monitor])
        self._init_summary()
        if self._compare(current, self.best):
            self.best = current
            self.count = 0
        else:
            self.count += 1
        if self._stop_condition():
            if self.verbose:
                print('Epoch {}: early stopping'.format(trainer.updater.epoch))
            return True
        return False

    def _stop_condition(self):
        return self.count >= self.patience

    def _init_summary(self):
        self._summary = reporter.DictSummary()

    def get_training_length(self):
        """The training length of the max trigger (for ProgressBar)."""
        return self._max_trigger.get_training_length()

    def serialize(self, serializer):
        """Saves or loads the triggers, the running summary, the best value and the count."""
        for name, trig in (('max_trigger', self._max_trigger), ('interval_trigger', self._interval_trigger)):
            if hasattr(trig, 'serialize'):
                trig.serialize(serializer[name])
        self._summary.serialize(serializer['summary'])
        self.best = float(serializer('best', self.best))
        self.count = int(serializer('count', self.count))
