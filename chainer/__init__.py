"""Chainer on ChainerX: a define-by-run deep learning framework running on chainerx arrays.

`import chainer` gives the Variable and FunctionNode core, the configuration, the devices of chainer.backend,
chainer.functions, gradient_check and chainer.testing. Variables hold NumPy, CuPy or chainerx arrays; see
Note [Two graphs] in chainer/variable.py and Note [Native paths] in chainer/function_node.py.
"""

import os

import numpy

import chainerx  # NOQA  (chainer always imports chainerx, as the original does)

from chainer import configuration
from chainer.configuration import config, global_config, using_config  # NOQA
from chainer._array_types import get_array_types, is_arrays_compatible  # NOQA
from chainer._backprop_mode import force_backprop_mode, no_backprop_mode  # NOQA
from chainer.variable import Variable, as_array, as_variable  # NOQA
from chainer.variable_node import VariableNode  # NOQA
from chainer.function_node import Fallback, FunctionNode  # NOQA
from chainer.function_hook import FunctionHook  # NOQA
from chainer.function import Function, FunctionAdapter  # NOQA
from chainer._backprop import backward  # NOQA
from chainer._grad import grad  # NOQA

__version__ = '7.8.1'



def _env_flag(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    return value not in ('0', '', 'false', 'False')


global_config.debug = _env_flag('CHAINER_DEBUG', False)
global_config.cudnn_deterministic = _env_flag('CHAINER_CUDNN_DETERMINISTIC', False)
global_config.warn_nondeterministic = _env_flag('CHAINER_WARN_NONDETERMINISTIC', False)
global_config.enable_backprop = True
global_config.keep_graph_on_report = _env_flag('CHAINER_KEEP_GRAPH_ON_REPORT', False)
global_config.train = True
global_config.type_check = _env_flag('CHAINER_TYPE_CHECK', True)
global_config.use_cudnn = os.environ.get('CHAINER_USE_CUDNN', 'auto')
global_config.use_cudnn_tensor_core = 'auto'
global_config.autotune = False
global_config.schedule_func = None
global_config.use_static_graph = True
global_config.use_ideep = os.environ.get('CHAINER_USE_IDEEP', 'never')
global_config.lazy_grad_sum = _env_flag('CHAINER_LAZY_GRAD_SUM', False)
global_config.cudnn_fast_batch_normalization = _env_flag('CHAINER_CUDNN_FAST_BATCH_NORMALIZATION', False)
global_config.in_recomputing = False
disable_experimental_feature_warning = _env_flag('CHAINER_DISABLE_EXPERIMENTAL_FEATURE_WARNING', False)
global_config.compute_mode = None
global_config._will_recompute = False
global_config.dtype = numpy.dtype(os.environ.get('CHAINER_DTYPE', 'float32')) \
    if os.environ.get('CHAINER_DTYPE', 'float32') != 'mixed16' else 'mixed16'


def is_debug():
    """Whether the debug mode is on (`chainer.config.debug`)."""
    return bool(config.debug)


def set_debug(debug):
    """Turns the debug mode on or off (sets `chainer.config.debug`)."""
    config.debug = debug


class DebugMode:
    """Context manager that sets the debug mode within a block (prefer `using_config('debug', ...)`)."""

    def __init__(self, debug):
        self._using = using_config('debug', debug)

    def __enter__(self):
        self._using.__enter__()

    def __exit__(self, *args):
        self._using.__exit__(*args)


def get_dtype(dtype=None, map_mixed16=None):
    """The dtype to use: `dtype` if given, else `chainer.config.dtype`; 'mixed16' maps to float16 (or
    `map_mixed16`)."""
    if dtype is None:
        dtype = config.dtype
    if dtype == 'mixed16' or (isinstance(dtype, str) and dtype == 'mixed16'):
        return numpy.dtype(numpy.float16 if map_mixed16 is None else map_mixed16)
    return numpy.dtype(dtype)


mixed16 = 'mixed16'

from chainer import backend  # NOQA
from chainer.backend import get_device, using_device  # NOQA
from chainer.device_resident import DeviceResident  # NOQA
from chainer import functions  # NOQA
from chainer import utils  # NOQA
from chainer import variable  # NOQA
from chainer import function_node  # NOQA
from chainer.variable import Parameter  # NOQA

from chainer import gradient_check  # NOQA
from chainer import testing  # NOQA


# Note [Lazy framework modules]
# The training framework (links, optimizers, datasets, iterators, the Trainer, serializers, the reporter)
# is imported on first use through the module-level __getattr__ below (PEP 562), not by `import chainer`:
# `chainer.links`, `chainer.Link`, `from chainer import training` all work as in the original, while a
# script that only builds graphs does not pay for importing matplotlib-aware extensions, PIL-aware datasets
# or multiprocessing iterators. Each top-level name maps to the module that defines it.
_LAZY_SUBMODULES = (
    'computational_graph', 'dataset', 'datasets', 'distribution', 'distributions', 'function_hooks',
    'initializer', 'initializers', 'iterators', 'link', 'link_hooks', 'links', 'optimizer',
    'optimizer_hooks', 'optimizers', 'reporter', 'sequential', 'serializer', 'serializers',
    'training',
)
_LAZY_NAMES = {
    'AbstractSerializer': 'chainer.serializer',
    'Chain': 'chainer.link',
    'ChainList': 'chainer.link',
    'Deserializer': 'chainer.serializer',
    'DictSummary': 'chainer.reporter',
    'Distribution': 'chainer.distributions',
    'GradientMethod': 'chainer.optimizer',
    'Initializer': 'chainer.initializer',
    'Link': 'chainer.link',
    'LinkHook': 'chainer.link_hook',
    'Optimizer': 'chainer.optimizer',
    'Reporter': 'chainer.reporter',
    'Sequential': 'chainer.sequential',
    'Serializer': 'chainer.serializer',
    'Summary': 'chainer.reporter',
    'UpdateRule': 'chainer.optimizer',
    'cross_entropy': 'chainer.distributions',
    'get_current_reporter': 'chainer.reporter',
    'kl_divergence': 'chainer.distributions',
    'register_kl': 'chainer.distributions',
    'report': 'chainer.reporter',
    'report_scope': 'chainer.reporter',
}


def __getattr__(name):
    import importlib
    if name in _LAZY_SUBMODULES:
        return importlib.import_module('chainer.' + name)
    module = _LAZY_NAMES.get(name)
    if module is None:
        raise AttributeError('module \'chainer\' has no attribute {!r}'.format(name))
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY_SUBMODULES) | set(_LAZY_NAMES))
