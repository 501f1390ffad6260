"""LogReport: accumulates the observations and writes their means to a JSON log file."""

import json
import os
import warnings

from chainer import reporter
from chainer.training import _util
from chainer.training import extension
from chainer.training import trigger as trigger_module
from chainer.utils import argument


class LogReport(extension.Extension):
    """Extension that averages the observed values over an interval and appends them to a log.

    At the end of each interval (and once before training, if registered with ``call_before_training``)
    the means of the scalar observations are stored, with ``epoch``, ``iteration`` and ``elapsed_time``,
    as one dict of `log`, and the whole log is written as JSON to ``<trainer.out>/<filename>``. The file is
    replaced atomically, so a reader never sees a half-written log.

    Args:
        keys (list of str): Keys to accumulate (all scalar observations if None).
        trigger: Interval of the log entries, ``(1, 'epoch')`` by default.
        postprocess: Callable that may edit each entry (a dict) before it is stored.
        filename (str): Name of the log file, ``'log'`` by default; it may contain ``{epoch}``-style
            fields of the entry. None is the default; to write no file, pass ``log_name=None``.
        log_name (str): Deprecated alias of `filename`.
    """

    def __init__(self, keys=None, trigger=(1, 'epoch'), postprocess=None, filename=None, **kwargs):
        log_name, = argument.parse_kwargs(kwargs, ('log_name', 'log'))
        self._keys = keys
        self._trigger = trigger_module.get_trigger(trigger)
        self._postprocess = postprocess
        self._log = []
        self._log_name = log_name if filename is None else filename
        self._init_summary()

    def __call__(self, trainer):
        """Accumulates the observation and, at the end of an interval, appends an entry and writes it."""
        observation = trainer.observation
        if self._keys is None:
            self._summary.add(observation)
        else:
            self._summary.add({k: observation[k] for k in self._keys if k in observation})
        if not (trainer.is_before_training or self._trigger(trainer)):
            return
        entry = {name: float(value) for name, value in self._summary.compute_mean().items()}
        updater = trainer.updater
        entry['epoch'] = updater.epoch
        entry['iteration'] = updater.iteration
        entry['elapsed_time'] = trainer.elapsed_time
        if self._postprocess is not None:
            self._postprocess(entry)
        self._log.append(entry)
        if self._log_name is not None:
            self._write(os.path.join(trainer.out, self._log_name.format(**entry)))
        self._init_summary()

    def _write(self, path):
        def write(temp_path):
            with open(temp_path, 'w') as f:
                json.dump(self._log, f, indent=4)
        _util.atomic_write(path, write)

    @property
    def log(self):
        """The list of log entries (dicts) so far."""
        return self._log

    def serialize(self, serializer):
        """Saves or loads the trigger, the running summary and the log (as JSON text)."""
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['_trigger'])
        try:
            self._summary.serialize(serializer['_summary'])
        except KeyError:
            warnings.warn('The statistics are not saved.')
        if _util.is_saving(serializer):
            serializer('_log', json.dumps(self._log))
        else:
            self._log = json.loads(str(serializer('_log', '')))

    def _init_summary(self):
        self._summary = reporter.DictSummary()
