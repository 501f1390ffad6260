"""VariableStatisticsPlot: plots the mean, std and percentiles of variables over iterations.

Note [Statistics on the device]: each call computes one small row of statistics per key
(``data``, ``grad``) with the module of the arrays and keeps it where it is, in the running sample;
the sample goes to the host once, when the plot is drawn. The exception is a chainerx array with
percentiles to compute: chainerx has no sort, so the flattened values are copied to the host once
and every statistic of that key is computed from the copy by NumPy (computing the mean and the
standard deviation on the device as well would only add a second transfer).
"""

import numbers
import os

import numpy

import chainerx

from chainer import backend
from chainer import link as link_module
from chainer import variable
from chainer.training import extension
from chainer.training import trigger as trigger_module
from chainer.training.extensions import plot_report
from chainer.utils import argument

_PLOT_COLOR = '#1f77b4'   # matplotlib's first default color (C0)


def _unpack_variables(targets):
    """The Variables of `targets`: Variables, links (their parameters) and nested lists of them."""
    if isinstance(targets, variable.Variable):
        return (targets,)
    if isinstance(targets, link_module.Link):
        return tuple(targets.params(include_uninit=True))
    if isinstance(targets, (list, tuple)):
        return tuple(var for target in targets for var in _unpack_variables(target))
    return ()


def _to_host(array, dtype):
    return numpy.asarray(backend.CpuDevice().send(array), dtype=dtype)


def _stack_on_host(rows, dtype):
    """`rows` stacked into one NumPy array, with one transfer when they share a device."""
    first = rows[0]
    xp = backend.get_array_module(first)
    if xp is not numpy and all(backend.get_array_module(row) is xp and row.device == first.device
                               for row in rows):
        return _to_host(xp.stack(rows), dtype)
    return numpy.stack([_to_host(row, dtype) for row in rows])


class Reservoir:
    """A running sample of at most `size` items, each item kept with equal probability.

    The first `size` items are kept; afterwards the n-th item replaces a random kept one with
    probability ``size / n`` (reservoir sampling, drawn from ``numpy.random``). Items are arrays of
    shape `data_shape` of any device; they stay there until :meth:`get_data`.

    Args:
        size (int): The capacity.
        data_shape (tuple of int): The shape of each item.
        dtype: The dtype of the data :meth:`get_data` returns.
    """

    def __init__(self, size, data_shape, dtype=numpy.float32):
        if size < 1:
            raise ValueError('Reservoir size must be positive, not {}'.format(size))
        self.size = size
        self.data_shape = tuple(data_shape)
        self.dtype = numpy.dtype(dtype)
        self.counter = 0
        self._items = []
        self._idxs = []

    def add(self, x, idx=None):
        """Offers item `x` with index `idx` (the number of items offered before it if None)."""
        idx = self.counter if idx is None else idx
        if self.counter < self.size:
            self._items.append(x)
            self._idxs.append(idx)
        elif numpy.random.random() < self.size / float(self.counter + 1):
            slot = numpy.random.randint(self.size)
            self._items[slot] = x
            self._idxs[slot] = idx
        self.counter += 1

    def get_data(self):
        """The kept indexes (sorted, int64) and their items (NumPy, in the same order)."""
        idxs = numpy.asarray(self._idxs, dtype=numpy.int64)
        if not self._items:
            return idxs, numpy.zeros((0,) + self.data_shape, self.dtype)
        order = numpy.argsort(idxs, kind='stable')
        data = _stack_on_host(self._items, self.dtype)
        return idxs[order], data[order]


class Statistician:
    """Computes the mean, the standard deviation and percentiles of an array.

    Args:
        collect_mean (bool): Compute the mean.
        collect_std (bool): Compute the standard deviation.
        percentile_sigmas (float or tuple of float): Percentiles in ``[0, 100]`` to compute
            (None or empty for none).
    """

    def __init__(self, collect_mean, collect_std, percentile_sigmas):
        self.collect_mean = collect_mean
        self.collect_std = collect_std
        self.percentile_sigmas = percentile_sigmas

    def __call__(self, x, axis=0, dtype=None, xp=None):
        """The statistics of `x` over `axis` (all axes if None).

        Args:
            x: A NumPy, CuPy or chainerx array.
            axis (int or tuple of int): The axes to reduce.
            dtype: Unused; kept for compatibility.
            xp: Unused (the module of `x` is used); kept for compatibility.

        Returns:
            dict: ``'mean'``, ``'std'`` and ``'percentile'`` (those asked for). The values are
            arrays of the module of `x`, except with percentiles of a chainerx array: NumPy then
            (Note [Statistics on the device]).
        """
        if axis is None:
            axis = tuple(range(x.ndim))
        elif not isinstance(axis, (tuple, list)):
            axis = (axis,)
        return self.collect(x, tuple(axis))

    def collect(self, x, axis):
        """The statistics of `x` over the tuple of axes `axis` (see `__call__`)."""
        has_percentiles = _has_percentiles(self.percentile_sigmas)
        if has_percentiles and isinstance(x, chainerx.ndarray):
            x = backend.CpuDevice().send(x)
        xp = backend.get_array_module(x)
        out = {}
        if self.collect_mean:
            out['mean'] = xp.mean(x, axis=axis)
        if self.collect_std:
            out['std'] = (chainerx.sqrt(chainerx.var(x, axis=axis)) if xp is chainerx
                          else xp.std(x, axis=axis))
        if has_percentiles:
            out['percentile'] = xp.percentile(x, self.percentile_sigmas, axis=axis)
        return out


def _has_percentiles(percentile_sigmas):
    if percentile_sigmas is None:
        return False
    if isinstance(percentile_sigmas, numbers.Real):
        return True
    return len(percentile_sigmas) > 0


class VariableStatisticsPlot(extension.Extension):
    """Trainer extension that plots statistics of variables (e.g. a link's parameters) over time.

    Every call (every iteration by default) flattens and concatenates the arrays (``data``) and
    the gradients (``grad``) of all the target variables and computes their mean, standard
    deviation and percentiles; each row of statistics is kept, with the iteration, in a running
    sample of at most `max_sample_size` rows (reservoir sampling: past the limit, rows are dropped
    at random, every row being kept with the same probability). At each `trigger` the sample is
    plotted into ``trainer.out/filename``: one column per kind of array, the mean with the standard
    deviation as error bars in the first row, the percentiles as bands between symmetric pairs
    (e.g. 0.13 to 99.87) and a line for an unpaired middle one in the second.

    The statistics stay on the arrays' device until a plot is drawn (Note [Statistics on the
    device]). Uninitialized parameters and missing gradients are skipped; a kind with no array
    left gets zeros. Without matplotlib the extension warns once and does nothing, as
    :class:`PlotReport`; :meth:`available` tells whether it plots.

    Args:
        targets (~chainer.Variable, ~chainer.Link or list of them): The variables to observe.
        max_sample_size (int): The most rows kept for the plot.
        report_data (bool): Plot the statistics of the arrays.
        report_grad (bool): Plot the statistics of the gradients.
        plot_mean (bool): Plot the mean.
        plot_std (bool): Plot the standard deviation.
        percentile_sigmas (float or tuple of float): Percentiles in ``[0, 100]`` to plot; the
            default ones are those of the standard normal distribution at -3..3 sigma, with the
            minimum and the maximum.
        trigger: When to write the image: an IntervalTrigger-like ``(period, unit)`` pair or a
            trigger (it is not the trigger of the extension itself).
        filename (str): Name of the image under the output directory (``'statistics.png'`` by
            default; the old keyword ``file_name`` is accepted too).
        figsize (tuple of float): Size of the figure in inches (matplotlib's default if None).
        marker (str): Marker of the mean and percentile lines (None for lines only).
        grid (bool): Draw grids.

    Raises:
        ValueError: If `targets` holds no variable, or if nothing is to be plotted (no statistic,
            or neither data nor gradients).

    Example:
        >>> trainer.extend(VariableStatisticsPlot(model.l1, trigger=(1, 'epoch')))
    """

    def __init__(self, targets, max_sample_size=1000, report_data=True, report_grad=True,
                 plot_mean=True, plot_std=True,
                 percentile_sigmas=(0, 0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87, 100),
                 trigger=(1, 'epoch'), filename=None, figsize=None, marker=None, grid=True,
                 **kwargs):
        file_name, = argument.parse_kwargs(kwargs, ('file_name', 'statistics.png'))
        self._vars = _unpack_variables(targets)
        if not self._vars:
            raise ValueError('Need at least one variables for which to collect statistics.'
                             '\nActual: 0 <= 0')
        self._plot_percentile = _has_percentiles(percentile_sigmas)
        if not (plot_mean or plot_std or self._plot_percentile):
            raise ValueError('Nothing to plot: plot_mean, plot_std and percentile_sigmas are all '
                             'off')
        self._keys = [key for key, wanted in (('data', report_data), ('grad', report_grad))
                      if wanted]
        if not self._keys:
            raise ValueError('Nothing to plot: report_data and report_grad are both False')
        self._plot_mean = plot_mean
        self._plot_std = plot_std
        self._statistician = Statistician(plot_mean, plot_std, percentile_sigmas)
        n_percentiles = 0
        if self._plot_percentile:
            n_percentiles = (1 if isinstance(percentile_sigmas, numbers.Real)
                             else len(percentile_sigmas))
        self._data_shape = (len(self._keys), int(plot_mean) + int(plot_std) + n_percentiles)
        self._samples = Reservoir(max_sample_size, self._data_shape, dtype=numpy.float64)
        self._trigger = trigger_module.get_trigger(trigger)
        self._filename = file_name if filename is None else filename
        self._figsize = figsize
        self._marker = marker
        self._grid = grid
        plot_report._check_available()

    @staticmethod
    def available():
        """Whether matplotlib can be imported (warns once if not)."""
        return plot_report._check_available()

    def __call__(self, trainer):
        if not self.available():
            return
        self._samples.add(self._statistics_row(), idx=trainer.updater.iteration)
        if self._trigger(trainer):
            self.save_plot(os.path.join(trainer.out, self._filename))

    def _statistics_row(self):
        """This call's statistics: an array of shape (number of kinds, number of statistics)."""
        rows = [self._key_statistics(key) for key in self._keys]
        present = [row for row in rows if row is not None]
        if not present:
            return numpy.zeros(self._data_shape, numpy.float64)
        xp = backend.get_array_module(present[0])
        with backend.using_device(backend.get_device_from_array(present[0])):
            rows = [xp.zeros(present[0].shape, present[0].dtype) if row is None else row
                    for row in rows]
            return xp.stack(rows)

    def _key_statistics(self, key):
        """The statistics of the concatenated `key` arrays (1-d), or None if none is set."""
        flats = []
        for var in self._vars:
            array = getattr(var, key)
            if array is not None and array.size > 0:
                flats.append(array.ravel())
        if not flats:
            return None
        device = backend.get_device_from_array(flats[0])
        xp = device.xp
        with backend.using_device(device):
            x = flats[0] if len(flats) == 1 else xp.concatenate([device.send(f) for f in flats])
            if x.dtype.kind != 'f' or x.dtype == numpy.float16:
                x = x.astype(numpy.float32)   # float16 sums overflow; integers have no std
            stats = self._statistician(x, axis=0)
            xp = backend.get_array_module(*stats.values())
            parts = [xp.reshape(stats[name], (-1,)) for name in ('mean', 'std', 'percentile')
                     if name in stats]
            return xp.concatenate(parts)

    def save_plot(self, path):
        """Draws the sample into the image file `path` (written atomically, as PlotReport does)."""
        from matplotlib import colors
        color = colors.to_rgba(_PLOT_COLOR)
        band_color = color[:3] + (0.2,)
        idxs, data = self._samples.get_data()
        n_rows = int(self._plot_mean or self._plot_std) + int(self._plot_percentile)
        fig = plot_report._new_figure()
        if self._figsize is not None:
            fig.set_size_inches(*self._figsize)
        axes = fig.subplots(n_rows, len(self._keys), sharex=True, squeeze=False)
        offset = int(self._plot_mean) + int(self._plot_std)   # the first percentile's column
        for col, key in enumerate(self._keys):
            axes[0, col].set_title(key)
            row = 0
            if self._plot_mean or self._plot_std:
                ax = axes[row, col]
                if self._plot_mean and self._plot_std:
                    ax.errorbar(idxs, data[:, col, 0], data[:, col, 1], color=color,
                                ecolor=band_color, label='mean, std', marker=self._marker)
                else:
                    ax.plot(idxs, data[:, col, 0], color=color, marker=self._marker,
                            label='mean' if self._plot_mean else '\u03c3')
                row += 1
            if self._plot_percentile:
                self._plot_percentiles(axes[row, col], idxs, data[:, col, offset:], color,
                                       band_color)
            axes[-1, col].set_xlabel('iteration')
        for ax in axes.ravel():
            ax.legend()
            if self._grid:
                ax.grid()
                ax.set_axisbelow(True)
        plot_report._save_atomically(fig, path, ())

    def _plot_percentiles(self, ax, idxs, percentiles, color, band_color):
        # Symmetric pairs (first and last, second and second last, ...) make bands; the middle
        # one of an odd count is a line. Only one band is labeled, so the legend has one entry.
        n = percentiles.shape[1]
        for i in range(n // 2):
            ax.fill_between(idxs, percentiles[:, i], percentiles[:, n - 1 - i],
                            label='percentile' if i == n // 2 - 1 and n % 2 == 0 else '_nolegend_',
                            alpha=0.2, linewidth=0, color=band_color)
        if n % 2 == 1:
            ax.plot(idxs, percentiles[:, n // 2], color=color, label='percentile',
                    marker=self._marker)
