"""PlotReport: plots reported values over iterations or epochs into an image (needs matplotlib)."""

import json
import os
import secrets
import warnings

import numpy

from chainer import reporter
from chainer.training import extension
from chainer.training import trigger as trigger_module
from chainer.utils import argument

_available = None
_warned = False


def _check_available():
    """Imports matplotlib once; warns (once per process) when it is missing."""
    global _available, _warned
    if _available is None:
        try:
            import matplotlib  # NOQA
            _available = True
        except (ImportError, TypeError):
            _available = False
    if not _available and not _warned:
        _warned = True
        warnings.warn('matplotlib is not installed on your environment, so nothing will be '
                      'plotted at this time. Please install matplotlib to plot figures.\n\n'
                      '  $ pip install matplotlib\n')
    return _available


def _new_figure():
    # Note [Figures without pyplot]
    # The figure is built with matplotlib's object API on an Agg canvas rather than through pyplot:
    # pyplot keeps global state (the current figure, the interactive backend chosen at first
    # import), may try to open a display, and is not thread-safe. An Agg canvas only renders to
    # files, so the extension works on headless machines whatever backend the user selected, and
    # never leaks figures.
    from matplotlib.backends import backend_agg
    from matplotlib import figure as figure_module
    fig = figure_module.Figure()
    backend_agg.FigureCanvasAgg(fig)
    return fig


def _save_atomically(fig, path, extra_artists):
    """Writes the figure to a temporary file beside `path` and renames it, so that a reader never
    sees a half-written image."""
    directory = os.path.dirname(path) or '.'
    os.makedirs(directory, exist_ok=True)
    root, ext = os.path.splitext(os.path.basename(path))
    # Opened with open(..., 'xb') rather than tempfile.mkstemp, so that the image gets the usual
    # umask-based permissions instead of mkstemp's owner-only ones.
    tmp_path = os.path.join(directory, '{}.tmp{}{}'.format(root, secrets.token_hex(6), ext))
    try:
        with open(tmp_path, 'xb') as f:
            fig.savefig(f, format=ext[1:] or 'png', bbox_extra_artists=extra_artists,
                        bbox_inches='tight')
        os.replace(tmp_path, path)
    except BaseException:
        if os.path.exists(tmp_path):
            os.unlink(tmp_path)
        raise


class PlotReport(extension.Extension):
    """Trainer extension that plots the means of reported values into an image file.

    Every call (every iteration by default) adds the observed values of `y_keys` to a summary; at
    each `trigger` it appends the means of the interval to the plotted series, against `x_key`,
    and writes the figure to ``trainer.out/filename`` (the format follows the file's extension).
    Without matplotlib the extension warns once and does nothing; :meth:`available` tells whether
    it plots.

    Args:
        y_keys (str or list of str): Keys of the observation to plot.
        x_key (str): ``'iteration'``, ``'epoch'`` or one of `y_keys`.
        trigger: When to plot: an IntervalTrigger-like ``(period, unit)`` pair or a trigger.
        postprocess (callable): Called as ``postprocess(figure, axes, summary)`` before saving,
            to adjust the figure.
        filename (str): Name of the image file under the trainer's output directory
            (``'plot.png'`` by default; the old keyword ``file_name`` is accepted too).
        marker (str): Marker of the data points (None for lines only).
        grid (bool): Draw a grid.

    Example:
        >>> trainer.extend(extensions.PlotReport(
        ...     ['main/loss', 'validation/main/loss'], 'epoch', filename='loss.png'))
    """

    def __init__(self, y_keys, x_key='iteration', trigger=(1, 'epoch'), postprocess=None,
                 filename=None, marker='x', grid=True, **kwargs):
        file_name, = argument.parse_kwargs(kwargs, ('file_name', 'plot.png'))
        if filename is None:
            filename = file_name
        _check_available()
        if isinstance(y_keys, str):
            y_keys = (y_keys,)
        self._x_key = x_key
        self._y_keys = tuple(y_keys)
        self._trigger = trigger_module.get_trigger(trigger)
        self._file_name = filename
        self._marker = marker
        self._grid = grid
        self._postprocess = postprocess
        self._summary = reporter.DictSummary()
        self._data = {key: [] for key in self._y_keys}

    @staticmethod
    def available():
        """Whether matplotlib can be imported (warns once if not)."""
        return _check_available()

    def __call__(self, trainer):
        if not self.available():
            return
        observation = trainer.observation
        summary = self._summary
        summary.add({key: observation[key] for key in self._y_keys if key in observation})
        # Before training (call_before_training=True) the values of iteration 0 make their own point,
        # as LogReport makes its own row, instead of being averaged into the first epoch's point.
        if not (trainer.is_before_training or self._trigger(trainer)):
            return
        means = {name: float(value) for name, value in summary.compute_mean().items()}
        means['epoch'] = trainer.updater.epoch
        means['iteration'] = trainer.updater.iteration
        x = means[self._x_key]
        for key in self._y_keys:
            if key in means:
                self._data[key].append((x, means[key]))
        self._plot(os.path.join(trainer.out, self._file_name), summary)
        self._summary = reporter.DictSummary()

    def _plot(self, path, summary):
        fig = _new_figure()
        axes = fig.add_subplot(111)
        axes.set_xlabel(self._x_key)
        if self._grid:
            axes.grid()
        for key in self._y_keys:
            points = self._data[key]
            if points:
                xy = numpy.array(points)
                axes.plot(xy[:, 0], xy[:, 1], marker=self._marker, label=key)
        if not axes.has_data():
            return
        if self._postprocess is not None:
            self._postprocess(fig, axes, summary)
        legend = axes.legend(bbox_to_anchor=(1.05, 1), loc=2, borderaxespad=0.)
        _save_atomically(fig, path, (legend,))

    def serialize(self, serializer):
        """Saves or loads the plotted series (as JSON, under a key naming the file)."""
        from chainer import serializer as serializer_module
        key = '_plot_{}'.format(self._file_name)
        if isinstance(serializer, serializer_module.Serializer):
            serializer(key, json.dumps(self._data))
        else:
            loaded = json.loads(str(serializer(key, '')))
            self._data = {name: [tuple(point) for point in loaded.get(name, [])]
                          for name in self._y_keys}
