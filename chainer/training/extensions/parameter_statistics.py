"""ParameterStatistics: reports statistics (mean, std, percentiles, ...) of parameters and grads."""

import numpy

import chainerx

from chainer import backend
from chainer import reporter
from chainer._array_types import get_array_types
from chainer.training import extension
from chainer.training import trigger as trigger_module

# The percentiles of the standard normal distribution at -3, -2, -1, 0, 1, 2 and 3 sigma.
_SIGMA_PERCENTILES = (0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87)


def _std(x):
    if isinstance(x, chainerx.ndarray):
        return chainerx.sqrt(chainerx.var(x))
    return backend.get_array_module(x).std(x)


def _percentiles(x, q=_SIGMA_PERCENTILES):
    if isinstance(x, chainerx.ndarray):
        # chainerx has no sort: the percentiles are computed by NumPy on a host copy.
        x = chainerx.to_numpy(x)
    return backend.get_array_module(x).percentile(x, q)


def _zeros(x):
    return backend.get_array_module(x).count_nonzero(x == 0)


def _isnan_any(x):
    xp = backend.get_array_module(x)
    return bool(xp.isnan(x).any()) if x.dtype.kind in 'fc' else False


class ParameterStatistics(extension.Extension):
    """Trainer extension that reports statistics of the parameters and gradients of links.

    Every call (every iteration by default) computes each statistic of the flattened ``data`` and
    ``grad`` of every parameter of the links and adds it to a summary; at each `trigger` the means
    of the summary are reported, under keys
    ``'{prefix}/{link name}{param path}/{data|grad}/{statistic}'`` such as
    ``'main/l1/W/data/mean'`` (a link without a name is called ``'None'``), and the summary starts
    again. A statistic returning several values (the percentiles) is reported with ``/0``, ``/1``,
    ... appended to its key. Uninitialized parameters, missing gradients and zero-size arrays are
    skipped. Statistics of chainerx arrays stay on their device until reported, except the
    percentiles, which are computed on a NumPy copy.

    Args:
        links (~chainer.Link or list of Link): Links whose parameters are observed.
        statistics (dict or 'default' or None): Map from names to functions of a flattened array
            returning a scalar or an array; ``'default'`` is :attr:`default_statistics` (mean, std,
            min, max, zeros and the percentiles at -3..3 sigma), None is nothing.
        report_params (bool): Report statistics of the parameter arrays.
        report_grads (bool): Report statistics of the gradient arrays.
        prefix (str): Prefix of the keys.
        trigger: When to report: an IntervalTrigger-like ``(period, unit)`` pair or a trigger.
        skip_nan_params (bool): Report NaN for every statistic of an array containing NaN instead
            of computing it.
    """

    default_name = 'parameter_statistics'
    priority = extension.PRIORITY_WRITER

    report_key_template = '{prefix}{link_name}{param_name}/{attr_name}/{function_name}'

    default_statistics = {
        'mean': lambda x: backend.get_array_module(x).mean(x),
        'std': _std,
        'min': lambda x: backend.get_array_module(x).amin(x),
        'max': lambda x: backend.get_array_module(x).amax(x),
        'zeros': _zeros,
        'percentile': _percentiles,
    }

    def __init__(self, links, statistics='default', report_params=True, report_grads=True,
                 prefix=None, trigger=(1, 'epoch'), skip_nan_params=False):
        if not isinstance(links, (list, tuple)):
            links = links,
        self._links = links
        if statistics is None:
            statistics = {}
        elif isinstance(statistics, str):
            if statistics != 'default':
                raise ValueError(
                    'ParameterStatistics: statistics must be a dict, \'default\' or None, '
                    'got {!r}'.format(statistics))
            statistics = self.default_statistics
        self._statistics = dict(statistics)
        self._attrs = [name for name, wanted in (('data', report_params), ('grad', report_grads))
                       if wanted]
        self._prefix = prefix
        self._trigger = trigger_module.get_trigger(trigger)
        self._summary = reporter.DictSummary()
        self._skip_nan_params = skip_nan_params

    def __call__(self, trainer):
        """Adds the statistics of this iteration and reports the means at the trigger."""
        statistics = {}
        prefix = self._prefix + '/' if self._prefix else ''
        for link in self._links:
            link_name = getattr(link, 'name', 'None')
            for param_name, param in link.namedparams():
                for attr_name in self._attrs:
                    array = getattr(param, attr_name)
                    if array is None or array.size == 0:
                        continue
                    names = dict(prefix=prefix, link_name=link_name, param_name=param_name,
                                 attr_name=attr_name)
                    self._add_statistics(statistics, names, array.ravel())
        self._summary.add(statistics)
        if self._trigger(trainer):
            reporter.report(self._summary.compute_mean())
            self._summary = reporter.DictSummary()

    def _add_statistics(self, statistics, names, flat):
        skip = self._skip_nan_params and _isnan_any(flat)
        for function_name, function in self._statistics.items():
            key = self.report_key_template.format(function_name=function_name, **names)
            value = numpy.nan if skip else function(flat)
            if isinstance(value, get_array_types()) and value.size > 1:
                for index, element in enumerate(value):
                    statistics['{}/{}'.format(key, index)] = element
            else:
                statistics[key] = value

    def register_statistics(self, name, function):
        """Adds a statistic: `function` maps a flattened array to a scalar or an array."""
        self._statistics[name] = function

    def serialize(self, serializer):
        """Saves or loads the summary of the current interval (and the trigger's state)."""
        self._summary.serialize(serializer['_summary'])
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['_trigger'])
