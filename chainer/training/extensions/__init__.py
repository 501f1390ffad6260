"""Trainer extensions: evaluation, logging, console output, snapshots, hyperparameter schedules."""

from chainer.training.extensions import snapshot_writers  # NOQA
from chainer.training.extensions._snapshot import snapshot  # NOQA
from chainer.training.extensions._snapshot import snapshot_object  # NOQA
from chainer.training.extensions.computational_graph import DumpGraph  # NOQA
from chainer.training.extensions.computational_graph import dump_graph  # NOQA
from chainer.training.extensions.evaluator import Evaluator  # NOQA
from chainer.training.extensions.exponential_shift import ExponentialShift  # NOQA
from chainer.training.extensions.fail_on_nonnumber import FailOnNonNumber  # NOQA
from chainer.training.extensions.inverse_shift import InverseShift  # NOQA
from chainer.training.extensions.linear_shift import LinearShift  # NOQA
from chainer.training.extensions.log_report import LogReport  # NOQA
from chainer.training.extensions.micro_average import MicroAverage  # NOQA
from chainer.training.extensions.multistep_shift import MultistepShift  # NOQA
from chainer.training.extensions.parameter_statistics import ParameterStatistics  # NOQA
from chainer.training.extensions.plot_report import PlotReport  # NOQA
from chainer.training.extensions.polynomial_shift import PolynomialShift  # NOQA
from chainer.training.extensions.print_report import PrintReport  # NOQA
from chainer.training.extensions.progress_bar import ProgressBar  # NOQA
from chainer.training.extensions.step_shift import StepShift  # NOQA
from chainer.training.extensions.unchain_variables import unchain_variables  # NOQA
from chainer.training.extensions.value_observation import observe_lr  # NOQA
from chainer.training.extensions.value_observation import observe_value  # NOQA
from chainer.training.extensions.variable_statistics_plot import VariableStatisticsPlot  # NOQA
from chainer.training.extensions.warmup_shift import WarmupShift  # NOQA
