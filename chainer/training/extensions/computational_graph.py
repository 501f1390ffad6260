"""DumpGraph: writes the computational graph of a reported Variable once, as Graphviz (dot) text."""

import os

from chainer import computational_graph
from chainer import configuration
from chainer import variable
from chainer.training import extension
from chainer.utils import argument


class DumpGraph(extension.Extension):
    """Trainer extension that dumps the computational graph of a reported variable to a dot file.

    At its first call after an update (the first iteration, with the default trigger) it takes
    the Variable reported under `root_name` in ``trainer.observation``, builds its graph with
    :func:`~chainer.computational_graph.build_computational_graph` and writes it in the dot
    language to ``trainer.out/filename`` (``dot -Tpng cg.dot -o cg.png`` draws it). Later calls
    do nothing, so the graph is written once.

    The reporter normally stores Variables without their graph (see Note [Reported values are
    detached] in chainer/reporter.py). So that the graph can be dumped, :meth:`initialize` turns
    ``chainer.config.keep_graph_on_report`` on, and the first call (the dump) sets it back to its
    previous value; until then every reported Variable keeps its whole graph alive, which is why
    the default trigger, the first iteration, is strongly recommended.

    A root holding a chainerx array is drawn from the graph in the chainerx core, with its ops'
    names (not in the original, where such Variables have no graph to dump).

    Args:
        root_name (str): Key of the root Variable in the observation, e.g. ``'main/loss'``.
        filename (str): Name of the output file under the trainer's output directory
            (``'cg.dot'`` by default; the old keyword ``out_name`` is accepted too).
        variable_style (dict): Dot attributes of the variables (grey octagons if None).
        function_style (dict): Dot attributes of the functions (blue records if None).

    Raises:
        KeyError: At the dump, if the observation has no `root_name`.
        TypeError: At the dump, if the value under `root_name` is not a Variable.

    Example:
        >>> trainer.extend(DumpGraph('main/loss'))   # writes result/cg.dot after iteration 1
    """

    default_name = 'dump_graph'
    trigger = 1, 'iteration'

    def __init__(self, root_name, filename=None, variable_style=None, function_style=None,
                 **kwargs):
        out_name, = argument.parse_kwargs(kwargs, ('out_name', 'cg.dot'))
        self._root_name = root_name
        self._filename = out_name if filename is None else filename
        self._variable_style = (computational_graph._var_style if variable_style is None
                                else variable_style)
        self._function_style = (computational_graph._func_style if function_style is None
                                else function_style)
        self._dumped = False
        # The value of keep_graph_on_report before initialize changed it; None when the flag is
        # not (or no longer) ours to restore.
        self._original_flag = None

    def initialize(self, trainer):
        """Turns ``chainer.config.keep_graph_on_report`` on until the dump (unless it is done)."""
        if not self._dumped and self._original_flag is None:
            self._original_flag = bool(configuration.config.keep_graph_on_report)
            configuration.config.keep_graph_on_report = True

    def _restore_flag(self):
        if self._original_flag is not None:
            configuration.config.keep_graph_on_report = self._original_flag
            self._original_flag = None

    def __call__(self, trainer):
        if self._dumped:
            self._restore_flag()   # e.g. resumed from a snapshot taken after the dump
            return
        if trainer.is_before_training:
            return   # called before training: no update has built a graph yet
        try:
            self._dump(trainer)
        finally:
            self._dumped = True
            self._restore_flag()

    def _dump(self, trainer):
        observation = trainer.observation
        if self._root_name not in observation:
            raise KeyError('DumpGraph: the observation has no {!r} (its keys: {})'.format(
                self._root_name, ', '.join(sorted(observation))))
        root = observation[self._root_name]
        if not isinstance(root, variable.Variable):
            raise TypeError('DumpGraph: the value of {!r} is not a Variable but {}'.format(
                self._root_name, type(root).__name__))
        graph = computational_graph.build_computational_graph(
            [root], variable_style=self._variable_style, function_style=self._function_style)
        with open(os.path.join(trainer.out, self._filename), 'w') as f:
            f.write(graph.dump())

    def finalize(self):
        """Restores ``keep_graph_on_report`` if training ended before the dump."""
        self._restore_flag()

    def serialize(self, serializer):
        """Saves or loads whether the graph was dumped already."""
        self._dumped = bool(serializer('_dumped', self._dumped))


def dump_graph(root_name, filename='cg.dot', variable_style=None, function_style=None):
    """Returns a trainer extension that dumps a computational graph (a `DumpGraph`).

    Args:
        root_name (str): Key of the root Variable in the observation.
        filename (str): Name of the output file under the trainer's output directory.
        variable_style (dict): Dot attributes of the variables (grey octagons if None).
        function_style (dict): Dot attributes of the functions (blue records if None).

    Returns:
        DumpGraph: The extension.
    """
    return DumpGraph(root_name, filename, variable_style, function_style)
