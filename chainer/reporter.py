"""The reporter: how models and extensions publish observed values (losses, accuracies) to the Trainer.

A `Reporter` holds the *observation*, a dict from names to values. Code anywhere in the call stack reports
into the reporter on top of a thread-local stack (`with reporter:` pushes one), so a loss function does not
need a reference to the Trainer::

    reporter = chainer.Reporter()
    reporter.add_observer('main', model)
    observation = {}
    with reporter.scope(observation):
        chainer.report({'loss': loss}, model)   # observation['main/loss'] = loss

`Summary` and `DictSummary` accumulate reported scalars into means and standard deviations (LogReport and
the Evaluator use them).
"""

import collections
import contextlib
import json
import numbers
import threading
import warnings

import numpy

import chainerx

from chainer import backend
from chainer import configuration
from chainer import variable

_thread_local = threading.local()


def _get_reporters():
    reporters = getattr(_thread_local, 'reporters', None)
    if reporters is None:
        reporters = _thread_local.reporters = []
    return reporters


def _detach(value):
    # Note [Reported values are detached]
    # A reported Variable usually is a loss at the end of a large graph; keeping it in the observation would
    # keep the whole graph (and every intermediate array) alive until the observation is dropped. Unless
    # `chainer.config.keep_graph_on_report` is set, the reporter stores a new Variable holding the same
    # array without any creator, as the original does.
    if isinstance(value, variable.Variable):
        return variable.Variable(value.array, name=value.name, requires_grad=False)
    return value


class Reporter:
    """An object that collects observed values into its current observation dict.

    Observers (usually links) are registered under names; a value reported with an observer is stored under
    ``'<observer name>/<key>'``. Using the reporter as a context manager makes it the current reporter of
    the thread, the one that `chainer.report` writes to.

    Attributes:
        observation (dict): The dict that values are reported into (replaced by `scope`).
    """

    def __init__(self):
        self._observer_names = {}
        self.observation = {}

    def __enter__(self):
        """Makes this reporter the current one of the thread."""
        _get_reporters().append(self)

    def __exit__(self, exc_type, exc_value, traceback):
        """Restores the previous current reporter."""
        _get_reporters().pop()

    @contextlib.contextmanager
    def scope(self, observation):
        """Makes this reporter current and reports into `observation` within the ``with`` block.

        Args:
            observation (dict): The dict to report into; the previous observation is restored on exit.
        """
        old = self.observation
        self.observation = observation
        self.__enter__()
        try:
            yield
        finally:
            self.__exit__(None, None, None)
            self.observation = old

    def add_observer(self, name, observer):
        """Registers `observer` (any object, compared by identity) under `name`."""
        self._observer_names[id(observer)] = name

    def add_observers(self, prefix, observers):
        """Registers each ``(name, observer)`` pair of `observers` under ``prefix + name``.

        Typically ``reporter.add_observers('main', model.namedlinks(skipself=True))``.
        """
        for name, observer in observers:
            self._observer_names[id(observer)] = prefix + name

    def report(self, values, observer=None):
        """Reports the values of a dict into the current observation.

        Args:
            values (dict): Names to values (scalars, 0-d arrays, Variables, ...). Variables are stored
                detached from their graph unless ``chainer.config.keep_graph_on_report`` is True (see
                Note [Reported values are detached]).
            observer: A registered observer; the keys are prefixed by its name and ``'/'``.

        Raises:
            KeyError: If `observer` is not registered to this reporter.
        """
        if not configuration.config.keep_graph_on_report:
            values = {key: _detach(value) for key, value in values.items()}
        if observer is None:
            self.observation.update(values)
            return
        observer_name = self._observer_names.get(id(observer))
        if observer_name is None:
            raise KeyError('Given observer is not registered to the reporter.')
        for key, value in values.items():
            self.observation['{}/{}'.format(observer_name, key)] = value


def get_current_reporter():
    """Returns the current reporter of the thread (the innermost one entered).

    Raises:
        IndexError: If no reporter is current.
    """
    return _get_reporters()[-1]


def report(values, observer=None):
    """Reports `values` to the current reporter; does nothing when no reporter is current.

    Args:
        values (dict): Names to observed values.
        observer: Registered observer whose name prefixes the keys (see `Reporter.report`).

    Example:
        >>> reporter = chainer.Reporter()
        >>> observation = {}
        >>> with reporter.scope(observation):
        ...     chainer.report({'x': 1})
        >>> observation
        {'x': 1}
    """
    reporters = _get_reporters()
    if reporters:
        reporters[-1].report(values, observer)


@contextlib.contextmanager
def report_scope(observation):
    """Makes the current reporter report into `observation` within the ``with`` block.

    Raises:
        IndexError: If no reporter is current.
    """
    current = get_current_reporter()
    with current.scope(observation):
        yield


def _plain_array(value):
    if isinstance(value, variable.Variable):
        value = value.array
    if isinstance(value, chainerx.ndarray) and value.is_backprop_required():
        value = value.as_grad_stopped()
    return value


def _is_scalar(value):
    # Numbers and 0-d arrays; unlike numpy.isscalar, strings are not accumulated.
    return isinstance(value, numbers.Number) or getattr(value, 'ndim', -1) == 0


class Summary:
    """An online accumulator of a scalar's weighted mean and standard deviation.

    Values may be Python numbers or 0-d NumPy/CuPy/chainerx arrays (Variables are unwrapped); the sums stay
    on the device of the values, so that accumulating does not synchronise with the device.
    """

    def __init__(self):
        self._x = 0.0
        self._x2 = 0.0
        self._n = 0

    def add(self, value, weight=1):
        """Adds `value` with weight `weight` (a number or a 0-d array)."""
        value = _plain_array(value)
        weight = _plain_array(weight)
        if isinstance(value, (int, float, numpy.number, numpy.bool_, numpy.ndarray)):
            self._accumulate(value, weight)
            return
        with backend.using_device(backend.get_device_from_array(value)):
            self._accumulate(value, weight)

    def _accumulate(self, value, weight):
        self._x = self._x + weight * value
        self._x2 = self._x2 + weight * value * value
        self._n = self._n + weight

    def compute_mean(self):
        """The weighted mean of the added values (NaN-like division by zero if nothing was added)."""
        return self._x / self._n

    def make_statistics(self):
        """The weighted mean and standard deviation of the added values, as a tuple."""
        mean = self._x / self._n
        var = self._x2 / self._n - mean * mean
        if isinstance(var, chainerx.ndarray):
            return mean, chainerx.sqrt(var)
        return mean, numpy.sqrt(var)

    def serialize(self, serializer):
        """Saves or loads the running sums through `serializer`.

        A snapshot that lacks them (written by an older program) is loaded with a warning and leaves the
        summary as it is.
        """
        try:
            self._x = serializer('_x', self._x)
            self._x2 = serializer('_x2', self._x2)
            self._n = serializer('_n', self._n)
        except KeyError:
            warnings.warn('The previous statistics are not saved.')


class DictSummary:
    """A `Summary` per key of the added dicts.

    Only scalar values (numbers, 0-d arrays, 0-d Variables) are accumulated; other values are ignored. A
    value may be a ``(value, weight)`` tuple.
    """

    def __init__(self):
        self._summaries = collections.defaultdict(Summary)

    def add(self, d):
        """Adds the scalar values of dict `d` to the summaries of their keys.

        Raises:
            ValueError: If a given weight is not a scalar.
        """
        summaries = self._summaries
        for key, value in d.items():
            weight = 1
            if isinstance(value, tuple):
                value, weight = value
                weight = _plain_array(weight)
                if not _is_scalar(weight):
                    raise ValueError('Given weight to {} was not scalar.'.format(key))
            value = _plain_array(value)
            if _is_scalar(value):
                summaries[key].add(value, weight=weight)

    def compute_mean(self):
        """A dict from each key to the mean of its values."""
        return {name: summary.compute_mean() for name, summary in self._summaries.items()}

    def make_statistics(self):
        """A dict with the mean under each key and the standard deviation under ``key + '.std'``."""
        stats = {}
        for name, summary in self._summaries.items():
            mean, std = summary.make_statistics()
            stats[name] = mean
            stats[name + '.std'] = std
        return stats

    def serialize(self, serializer):
        """Saves or loads the summaries (their names as JSON, then each summary by index)."""
        from chainer import serializer as serializer_module
        if isinstance(serializer, serializer_module.Serializer):
            names = list(self._summaries.keys())
            serializer('_names', json.dumps(names))
            for index, name in enumerate(names):
                self._summaries[name].serialize(serializer['_summaries'][str(index)])
            return
        self._summaries.clear()
        try:
            names = json.loads(str(serializer('_names', '')))
        except KeyError:
            warnings.warn('The names of statistics are not saved.')
            return
        for index, name in enumerate(names):
            self._summaries[name].serialize(serializer['_summaries'][str(index)])
