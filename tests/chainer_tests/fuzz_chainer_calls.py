"""The chainer table of the chainerx fuzz harness (tests/chainerx_tests/fuzz_harness.py): every public callable
of chainer.functions, chainer.Variable's and chainer.Parameter's construction, methods, properties and operators,
chainer.grad and chainer.backward, and chainer.backend's device functions, called with good and bad values.

    tools/fuzz.sh --chainer --calls 30000 --seed 1          (crashes and hangs, reduced to reproducers)
    python fuzz_chainer_calls.py --seed 1 --calls 0:3000    (suspicious exceptions, made in this process)

The harness asks the table for its `calls` (this module): make_call rebuilds a call from the seed and index alone,
with_imports turns its source into a one-line reproducer, and child_main makes calls in a child. A reproducer
that uses `fz.` needs this directory on PYTHONPATH (fz.backprop(f, order) is f followed by a backward pass).

Note [Plausible calls]
Bad values alone stop at the first type check. So each call draws a theme (NumPy or chainerx, a dtype, a shape)
shared by its arrays, and the functions whose inputs must fit together (convolutions, RNNs, losses, ...) take
arguments of fitting shapes from TEMPLATES; then about one argument in eight is swapped for an edge value of its
parameter's kind (a stride of 0, an axis of 2**63) or a bad value of any kind. Arrays are NumPy or chainerx,
held by Variables or bare, contiguous or not, 0-d, zero-size, with 10 or 32 dimensions, and broadcast to 2**62.
Half the calls that return Variables are followed by a backward pass from them, one in six by a double backward.
"""

import argparse
import dataclasses
import functools
import gc
import inspect
import math
import os
import random
import re
import resource
import sys
import traceback
import typing as tp
import warnings

try:
    import fuzz_calls
except ImportError:  # run from tests/chainer_tests: the harness is the chainerx suite's
    sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, 'chainerx_tests'))
    import fuzz_calls
import fuzz_values
import numpy

import chainer
import chainer.functions as F
from chainer.utils import type_check
import chainerx

NAMESPACE = dict(fuzz_calls.NAMESPACE, chainer=chainer, F=F, fz=sys.modules[__name__])
IMPORTS = {'chainer': 'chainer', 'F': 'chainer.functions as F', 'fz': 'fuzz_chainer_calls as fz'}
FAMILIES = ('activation', 'array', 'connection', 'evaluation', 'loss', 'math', 'noise', 'normalization', 'pooling',
            'rnn', 'util')
CORE_FUNCTIONS = ('add', 'broadcast', 'broadcast_to', 'identity', 'sum_to')

DTYPES = ('float32',) * 5 + ('float64',) * 2 + ('float16',) + fuzz_values.DTYPE_NAMES
SHAPES = ((), (3,), (2, 3), (2, 3), (3, 3), (2, 3, 4), (1, 1, 4, 4), (2, 3, 5, 5), (0,), (2, 0), (0, 2, 4, 4),
          (1,) * 10)
DEAD = fuzz_values.DEAD_CONTEXT
BAD = ['None', "'x'", '[[1, 2], [3]]', '[[1.0, 2.0], [3.0, 4.0]]', '[]', '()', 'chainer.Variable()',
       'chainer.Parameter()', 'numpy.zeros((0, 2**62))', 'numpy.broadcast_to(numpy.ones(()), (0, 2**62, 2**62))',
       "numpy.broadcast_to(numpy.ones(1, 'float32'), (2**20,))", 'numpy.ones((1,) * 32)',
       'chainer.Variable(numpy.ones((1,) * 32))', 'chainer.Variable(numpy.zeros((0, 2**62)))',
       "chainer.Variable(numpy.broadcast_to(numpy.ones((), 'float32'), (2**10, 2**4)))",
       'chainer.Variable(chx.ones((2, 3)).require_grad())', 'chainer.Variable(chx.ones(3).require_grad() * 2)',
       "chainer.Variable(numpy.array(['a']))", "chainer.Variable(numpy.arange(6, dtype='>f8'))",
       'chainer.Variable(numpy.ones(3, complex))', "chainer.Variable(chx.ones(3, device='native:1'))",
       f"chainer.Variable(chx.ones(3, device={DEAD}.get_device('native:0')))",
       'chainer.Variable(chx.ndarray.__new__(chx.ndarray))', 'chainer.Variable(numpy.float32(2))',
       'numpy.ones(3, complex)', 'F', 'chainer.Variable', 'F.relu', 'chainer.FunctionNode()']
INTS = ['0', '1', '2', '3', '-1', '(2, 2)', '(1, 2)', '(0, 1)', '(2,) * 4', '2**31', '2**63', '-2**63', '10**30',
        'numpy.int64(2)', '1.5', 'None', 'True', '[2, 2]', '()', "'2'"]
FLOATS = fuzz_values.FLOATS + ['2', 'numpy.float32(0.5)', 'None', '10**30', 'numpy.ones(3)']
DEVICES = ["'@numpy'", "'@cupy:0'", "'@intel64'", "'native:0'", "'native:1'", "'native:99'", "'native'", "'cuda:0'",
          "'@numpy:0'", "'@'", "''", 'numpy', 'chx', "chainer.backend.get_device('native:0')",
          'chainer.backend.CpuDevice()', "('native', 0)", '0', '-1', '2**63', 'None', "chx.get_device('native:0')",
          f"{DEAD}.get_device('native:0')", 'chainer.get_device']
CALLABLES = ['F.relu', 'F.identity', '(lambda *xs: xs)', '(lambda x: x * 2)', '(lambda *xs: None)',
             '(lambda *xs: 1 / 0)', '(lambda *xs: [x.array for x in xs])', '(lambda *xs: F.add(*xs))', 'len',
             'chainer.Variable', '(lambda *a, **k: chainer.Variable(numpy.ones(2)))'] + fuzz_values.CALLABLES
STRINGS = {'reduce': ['mean', 'sum', 'no', 'sum_along_second_axis', 'max'], 'norm': ['L1', 'L2', 'L3'],
           'mode': ['constant', 'edge', 'reflect', 'bilinear', 'nearest', 'wrap', 'x'],
           'activation': ['tanh', 'relu', 'sigmoid'], 'multioutput': ['uniform_average', 'raw_values'],
           'soft_target_loss': ['cross-entropy', 'kl-divergence'], 'pooling': ['max', 'average']}
# Parameter names mapped to the kind of value they take; the others take the theme's Variable, or the kind their
# default says (a bool, float, int or str default).
_HINTS = {
    'labels': ('t',), 'cond': ('condition',), 'vars': ('xs', 'inputs'), 'nested': ('ws', 'bs'),
    'int': ('ksize', 'stride', 'pad', 'dilate', 'groups', 'n_layers', 'n_batch_axes', 'pool_size', 'repeats',
            'pyramid_height', 'ignore_label', 'indices_or_sections', 'outsize', 'n'),
    'axis': ('axis', 'axes', 'source', 'destination', 'start', 'axis1', 'axis2'), 'index': ('slices',),
    'shape': ('shape', 'output_shape', 'reps', 'pad_width'), 'dtype': ('typ', 'dtype'),
    'device': ('dst', 'device', 'device_spec'), 'callable': ('func', 'pooling_class'),
    'float': ('ratio', 'dropout_ratio', 'delta', 'x_min', 'x_max', 'decay', 'loss_scale', 'constant_values'),
    'bool': ('return_mask', 'return_eps', 'return_r', 'train'), 'array': ('grad', 'src', 'mask', 'r'),
    'data': ('data', 'initializer'), 'convertible': ('obj', 'array', 'args'), 'outputs': ('outputs',),
    'grads': ('grad_outputs', 'grad_inputs'), 'operand': ('rhs', 'other'), 'fnode': ('gen_func', 'fnode', 'func_'),
}
_KIND_OF_NAME = {name: kind for kind, names in _HINTS.items() for name in names}
# Keyword arguments that functions take through **kwargs.
EXTRA_KWARGS = {'batch_normalization': ('eps', 'running_mean', 'running_var', 'decay', 'axis'),
                'convolution_2d': ('dilate', 'groups'), 'deconvolution_2d': ('dilate', 'groups'),
                'dropout': ('mask', 'return_mask'), 'gaussian': ('eps', 'return_eps'), 'rrelu': ('r', 'return_r'),
                'spatial_pyramid_pooling_2d': ('pooling_class',), 'pad': ('constant_values',),
                **{name: ('train',) for name in ('n_step_lstm', 'n_step_gru', 'n_step_rnn', 'n_step_bilstm')}}
OPERATORS = {'operator.' + name: 2 for name in ('add', 'sub', 'mul', 'truediv', 'floordiv', 'pow', 'matmul', 'mod',
                                                'getitem', 'lt', 'le', 'eq', 'ne', 'gt', 'ge', 'iadd', 'imul')}
OPERATORS.update({'operator.neg': 1, 'operator.pos': 1, 'operator.abs': 1, 'operator.index': 1, 'bool': 1, 'len': 1,
                  'repr': 1, 'str': 1, 'hash': 1, 'float': 1, 'int': 1, 'list': 1, 'pickle.dumps': 1,
                  'copy.copy': 1, 'copy.deepcopy': 1, 'numpy.asarray': 1, 'chx.asarray': 1})
# Callables given as source (name, target, the parameters the fuzz passes them).
_GRAD_PARAMS = 'grad_outputs=None, grad_inputs=None, set_grad=False, retain_grad=False, ' \
               'enable_double_backprop=False, loss_scale=None'
LAMBDAS = [
    ('chainer.grad[connected]', '(lambda x, *a, **k: chainer.grad([F.sin(x) * x], [x], *a, **k))',
     'x, ' + _GRAD_PARAMS),
    ('chainer.backward[connected]', '(lambda x, *a, **k: chainer.backward([F.sin(x) * x], *a, **k))',
     'x, grad_outputs=None, *, retain_grad=False, enable_double_backprop=False, loss_scale=None'),
    ('Variable.backward[connected]', '(lambda x, *a, **k: F.sum(F.sin(x) * x).backward(*a, **k))',
     'x, retain_grad=False, enable_double_backprop=False, loss_scale=None'),
    ('Device.send', '(lambda d, x: chainer.backend.get_device(d).send(x))', 'device, obj'),
    ('Device.use', '(lambda d: chainer.backend.get_device(d).use())', 'device'),
    ('Device.is_array_supported', '(lambda d, x: chainer.backend.get_device(d).is_array_supported(x))',
     'device, obj'),
    ('chainer.backend.get_array_module', 'chainer.backend.get_array_module', '*args'),
]
_NOT_FUZZED = ('__init__', '__init_subclass__', '__subclasshook__', '__new__', '__class__')
BACKEND = ('get_device', 'to_chx', 'from_chx', 'copyto', 'get_device_from_array')


@dataclasses.dataclass(frozen=True)
class Entry(fuzz_calls.Entry):
    """A callable of the table; `maker` names the function that makes its arguments (_MAKERS), `params` the
    parameters of a callable given as source."""
    maker: str = 'signature'
    params: str = ''


class Table(list):
    """The entries, and the module that makes their calls (the harness asks a table for its `calls`)."""
    calls = sys.modules[__name__]


@dataclasses.dataclass(frozen=True)
class Theme:
    """What the arrays of one call share (Note [Plausible calls])."""
    backend: str
    dtype: str
    shape: tp.Tuple[int, ...]


def _v(*shape, fill='lin'):
    return ('v', shape, fill)


def _labels(classes, *shape):
    return ('l', shape, classes)


def _conv(dims, deconv=False):
    kernel = (2,) * dims
    weight = (2, 3) + kernel if deconv else (3, 2) + kernel
    return (_v(1, 2, *(4,) * dims), _v(*weight), _v(3)), {}


def _rnn(matrices, bidirectional=False, cell=False):
    directions = 2 if bidirectional else 1
    ws = [[_v(3, 4)] * (matrices // 2) + [_v(3, 3)] * (matrices // 2)] * directions
    bs = [[_v(3)] * matrices] * directions
    states = [_v(directions, 2, 3)] * (2 if cell else 1)
    return ('1', '0.0', *states, ws, bs, [_v(2, 4), _v(1, 4)]), {}


# Arguments that fit together, for the functions whose inputs must (Note [Plausible calls]).
TEMPLATES = {
    **{f'{kind}_{dims}d': _conv(dims, kind == 'deconvolution') for kind in ('convolution', 'deconvolution')
       for dims in (1, 2, 3)},
    'convolution_nd': _conv(2), 'deconvolution_nd': _conv(1, True), 'dilated_convolution_2d': _conv(2),
    'depthwise_convolution_2d': ((_v(1, 2, 4, 4), _v(2, 2, 2, 2), _v(4)), {}),
    'local_convolution_2d': ((_v(1, 2, 4, 4), _v(3, 3, 3, 2, 2, 2), _v(3, 3, 3)), {}),
    'linear': ((_v(2, 3), _v(4, 3), _v(4)), {}), 'embed_id': ((_labels(5, 2, 3), _v(5, 3)), {}),
    'bilinear': ((_v(2, 3), _v(2, 4), _v(3, 4, 5), _v(3, 5), _v(4, 5), _v(5)), {}),
    'batch_normalization': ((_v(2, 3, 4), _v(3), _v(3)), {}),
    'fixed_batch_normalization': ((_v(2, 3, 4), _v(3), _v(3), _v(3), _v(3, fill='pos')), {}),
    'layer_normalization': ((_v(2, 3), _v(3), _v(3)), {}),
    'group_normalization': ((_v(2, 4, 3), '2', _v(4), _v(4)), {}),
    'local_response_normalization': ((_v(1, 5, 2, 2),), {}),
    'lstm': ((_v(2, 3), _v(2, 12)), {}), 'slstm': ((_v(2, 3), _v(2, 3), _v(2, 12), _v(2, 12)), {}),
    'tree_lstm': ((_v(2, 3), _v(2, 3), _v(2, 15)), {}),
    'n_step_lstm': _rnn(8, cell=True), 'n_step_bilstm': _rnn(8, True, True), 'n_step_gru': _rnn(6),
    'n_step_bigru': _rnn(6, True), 'n_step_rnn': _rnn(2), 'n_step_birnn': _rnn(2, True),
    **{f'{kind}_{dims}d': ((_v(1, 1, *(4,) * dims), '2'), {}) for kind in ('max_pooling', 'average_pooling',
                                                                             'unpooling') for dims in (1, 2, 3)},
    **{f'{kind}_nd': ((_v(1, 1, 4, 4), '2'), {}) for kind in ('max_pooling', 'average_pooling', 'unpooling')},
    'upsampling_2d': ((_v(1, 1, 2, 2), _labels(4, 1, 1, 2, 2), '2'), {'outsize': '(4, 4)'}),
    'spatial_pyramid_pooling_2d': ((_v(1, 1, 4, 4), '2'), {}),
    'resize_images': ((_v(1, 1, 4, 4), '(3, 5)'), {}),
    'select_item': ((_v(2, 3), _labels(3, 2)), {}), 'accuracy': ((_v(2, 3), _labels(3, 2)), {}),
    'softmax_cross_entropy': ((_v(2, 3), _labels(3, 2)), {}), 'hinge': ((_v(2, 3), _labels(3, 2)), {}),
    'sigmoid_cross_entropy': ((_v(2, 3), _labels(2, 2, 3)), {}),
    'binary_accuracy': ((_v(2, 3), _labels(2, 2, 3)), {}),
    'where': ((('c', (2, 3), 2), _v(2, 3), _v(2, 3)), {}),
    'einsum': (("'ij,jk->ik'", _v(2, 3), _v(3, 4)), {}),
    'matmul': ((_v(2, 3), _v(3, 4)), {}), 'batch_matmul': ((_v(2, 2, 3), _v(2, 3, 4)), {}),
    'tensordot': ((_v(2, 3), _v(3, 4), '1'), {}),
    **{name: ((_v(3, 3, fill='spd'),), {}) for name in ('det', 'inv', 'cholesky')},
    **{name: ((_v(2, 3, 3, fill='spd'),), {}) for name in ('batch_det', 'batch_inv')},
    'prelu': ((_v(2, 3), _v(3)), {}), 'maxout': ((_v(2, 6), '2'), {}), 'swish': ((_v(2, 3), _v(3)), {}),
    'bias': ((_v(2, 3, 4), _v(3)), {}), 'scale': ((_v(2, 3, 4), _v(3)), {}),
    'huber_loss': ((_v(2, 3), _v(2, 3), '1.0'), {}), 'r2_score': ((_v(3), _v(3)), {}),
    'polygamma': ((_labels(3, 2, 3), _v(2, 3, fill='pos')), {}), 'zeta': ((_v(2, 3, fill='pos'),) * 2, {}),
    'bernoulli_nll': ((_v(2, 3), _v(2, 3, fill='pos')), {}),
    'average': ((_v(2, 3), '1', _v(3, fill='pos')), {}), 'split_axis': ((_v(2, 4), '2', '1'), {}),
    'scatter_add': ((_v(3, 4), '1', _v(3)), {}), 'pad': ((_v(2, 3), '1', "'constant'"), {}),
    'clip': ((_v(2, 3), '-0.5', '0.5'), {}), 'sum_to': ((_v(2, 3), '(3,)'), {}),
    'broadcast_to': ((_v(3), '(2, 3)'), {}), 'forget': (('F.tanh', _v(2, 3)), {}),
    'copy': ((_v(2, 3), "'native:0'"), {}), 'cast': ((_v(2, 3), "'float64'"), {}),
}


def _recipe_of_array(rng, theme, spec):
    """A NumPy or chainerx array (Note [Plausible calls]): (kind, shape, fill or classes) of _v or _labels."""
    kind, shape, fill = spec
    layout = rng.random() if shape and math.prod(shape) else 1.0
    base, suffix = shape, ''
    if layout < 0.12:
        base, suffix = shape[:-1] + (2 * shape[-1],), '[..., ::2]'
    elif layout < 0.2 and len(shape) >= 2:
        base, suffix = shape[::-1], '.T'
    size, dtype = math.prod(base), theme.dtype
    if kind == 'v' and fill == 'spd':
        data = f'(numpy.eye({shape[-1]}) + 1 + numpy.zeros({base}))'
    elif kind == 'v':
        data = f"numpy.linspace({'0.5, 2' if fill == 'pos' else '-1, 1'}, {size}).reshape({base})"
    else:
        modulo = f'% {fill + 1} - 1' if kind == 'l' and rng.random() < 0.2 else f'% {fill}'  # -1: ignore_label
        data, dtype = f'(numpy.arange({size}) {modulo}).reshape({base})', 'bool' if kind == 'c' else 'int32'
    array = f'{data}.astype({dtype!r})'
    backend = theme.backend if rng.random() > 0.03 else {'numpy': 'chx', 'chx': 'numpy'}[theme.backend]
    return (f'chx.array({array})' if backend == 'chx' else array) + suffix


def _render(rng, spec, theme):
    """The recipe of a template's argument: an array held by a Variable (mostly), a list of them, or a literal."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, list):
        return '[' + ', '.join(_render(rng, item, theme) for item in spec) + ']'
    array = _recipe_of_array(rng, theme, spec)
    draw = rng.random()
    if draw < 0.75:
        return f'chainer.Variable({array})'
    if draw < 0.87:
        return array
    return f'chainer.Variable({array}, requires_grad=False)' if draw < 0.94 else f'chainer.Parameter({array})'


def _bad(rng):
    """A value of any kind: the chainerx fuzz's, or chainer's odd Variables and arrays."""
    return fuzz_values.any_value(rng) if rng.random() < 0.5 else rng.choice(BAD)


def _value(rng, kind, theme, name=''):
    """A value of one kind (_HINTS); one in ten is a bad value of any kind instead."""
    if rng.random() < 0.1:
        return _bad(rng)
    shape = theme.shape
    makers = {
        'var': lambda: _render(rng, _v(*shape), theme), 'labels': lambda: _render(rng, _labels(3, *shape[:1]), theme),
        'cond': lambda: _render(rng, ('c', shape, 2), theme),
        'array': lambda: _recipe_of_array(rng, theme, ('v', shape, 'lin')),
        'vars': lambda: '[' + ', '.join(_value(rng, 'var', theme) for _ in range(rng.randint(0, 3))) + ']',
        'nested': lambda: '[' + _value(rng, 'vars', theme) + ']', 'int': lambda: rng.choice(INTS),
        'float': lambda: rng.choice(FLOATS), 'device': lambda: rng.choice(DEVICES),
        'callable': lambda: rng.choice(CALLABLES),
        'str': lambda: repr(rng.choice(STRINGS.get(name, ['x']))) if rng.random() < 0.8 else rng.choice(
            fuzz_values.STRINGS),
        'data': lambda: _value(rng, rng.choice(['array', 'array', 'array', 'var', 'float']), theme),
        'convertible': lambda: rng.choice([_value(rng, 'array', theme), _value(rng, 'var', theme),
                                           '[' + _value(rng, 'array', theme) + ', None]',
                                           "{'a': " + _value(rng, 'array', theme) + '}', 'None', '3']),
        'outputs': lambda: '[' + rng.choice(['F.sin({})', '({} * 2)', '{}']).format(_value(rng, 'var', theme)) + ']',
        'grads': lambda: rng.choice(['None', '[None]', '[' + _value(rng, 'array', theme) + ']',
                                     '[' + _value(rng, 'var', theme) + ']']),
        'operand': lambda: _value(rng, rng.choice(['var', 'var', 'array', 'float', 'int']), theme),
        'fnode': lambda: rng.choice(['F.relu', 'chainer.FunctionNode()', 'None', '(chainer.Variable(numpy.ones(2))'
                                     ' * 2).creator_node', "(chainer.Variable(chx.ones(2)) * 2).creator_node"]),
    }
    maker = makers.get(kind)
    return maker() if maker else fuzz_values.value_of_kind(rng, kind)


def _kind(parameter: inspect.Parameter) -> str:
    """The kind of value a parameter takes: by its name, else by its default, else the theme's Variable."""
    kind = _KIND_OF_NAME.get(parameter.name)
    default = parameter.default
    if kind is None and default is not inspect.Parameter.empty and default is not None:
        kind = {bool: 'bool', float: 'float', int: 'int', str: 'str'}.get(type(default))
    return kind or 'var'


@functools.lru_cache(maxsize=None)
def _parameters(entry: Entry) -> tp.Tuple[inspect.Parameter, ...]:
    func = eval(f"lambda {entry.params}: 0" if entry.params else entry.target, NAMESPACE)
    try:
        parameters = tuple(inspect.signature(func).parameters.values())
    except (TypeError, ValueError):  # a builtin without a signature
        return ()
    return parameters[1:] if entry.maker == 'method' else parameters


def _signature_arguments(rng, entry, theme):
    """Arguments following the signature: the required ones, some optional ones, now and then one too many."""
    parameters = _parameters(entry)
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = sum(p.default is p.empty for p in positional)
    count = required if rng.random() < 0.5 else rng.randint(required, len(positional))
    args = [_value(rng, _kind(p), theme, p.name) for p in positional[:count]]
    variadic = [p for p in parameters if p.kind == p.VAR_POSITIONAL]
    if variadic and count == len(positional):
        args += [_value(rng, _kind(variadic[0]), theme) for _ in range(rng.randint(0, 4))]
    elif rng.random() < 0.05:
        args.append(_bad(rng))
    names = [p.name for p in positional[count:] if p.kind != p.POSITIONAL_ONLY] + [
        p.name for p in parameters if p.kind == p.KEYWORD_ONLY]
    names += EXTRA_KWARGS.get(entry.target.rpartition('.')[2], ()) if entry.maker == 'function' else ()
    kwargs = [(name, _value(rng, _KIND_OF_NAME.get(name) or _kind(_named(parameters, name)), theme, name))
              for name in names if rng.random() < 0.2]
    if rng.random() < 0.02:
        kwargs.append(('nosuch', _bad(rng)))
    return args, kwargs


def _named(parameters, name):
    return next((p for p in parameters if p.name == name), inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY))


def _function_arguments(rng, entry, theme):
    """A chainer.functions call: its template's arguments or the signature's, then one in eight swapped."""
    template = TEMPLATES.get(entry.target[len('F.'):])
    if template is None or rng.random() < 0.15:
        return _signature_arguments(rng, entry, theme)
    parameters = _parameters(entry)
    args = [_render(rng, spec, theme) for spec in template[0]]
    kwargs = [(name, _render(rng, spec, theme)) for name, spec in template[1].items()]
    for position in range(len(args)):
        if rng.random() < 0.125:
            parameter = parameters[min(position, len(parameters) - 1)] if parameters else None
            args[position] = _value(rng, _kind(parameter), theme, parameter.name) if parameter else _bad(rng)
    if rng.random() < 0.3:
        args = args[:rng.randint(1, len(args))] if args else args
    _, extra = _signature_arguments(rng, entry, theme)
    return args, kwargs + [(name, value) for name, value in extra if name not in dict(kwargs)
                           and name not in [p.name for p in parameters[:len(args)]]]


def _receiver(rng, entry, theme):
    """A Variable (or Parameter) for a method: plain, an inner node of a graph, with a grad, or odd."""
    array = _recipe_of_array(rng, theme, ('v', theme.shape, 'lin'))
    if entry.name.startswith('Parameter.'):
        return rng.choice([f'chainer.Parameter({array})', 'chainer.Parameter()', 'chainer.Parameter(1.5, (2, 3))',
                           "chainer.Parameter(numpy.ones, (2, 0), name='p')"])
    draw = rng.random()
    if draw < 0.6:
        return f'chainer.Variable({array})'
    if draw < 0.75:
        return rng.choice(['(chainer.Variable({}) * 2)', 'F.sin(chainer.Variable({}))']).format(array)
    if draw < 0.82:
        return f'chainer.Variable({array}, grad={array})'
    if draw < 0.87:
        return f'chainer.Parameter({array})'
    return rng.choice([bad for bad in BAD if bad.startswith(('chainer.Variable(', 'chainer.Parameter('))])


def _method_arguments(rng, entry, theme):
    args, kwargs = _signature_arguments(rng, entry, theme)
    return [_receiver(rng, entry, theme)] + args, kwargs


def _operator_arguments(rng, entry, theme):
    args = [_receiver(rng, entry, theme)] + [_value(rng, 'operand', theme) for _ in range(OPERATORS[entry.name] - 1)]
    return (args[::-1] if rng.random() < 0.4 else args), []


_MAKERS = {'signature': _signature_arguments, 'function': _function_arguments, 'method': _method_arguments,
           'operator': _operator_arguments}


def make_call(table: tp.Sequence[Entry], seed: int, index: int) -> fuzz_calls.Call:
    """The call number `index` of the run with this seed: the same in every process."""
    rng = random.Random(f'chainer/{seed}/{index}')
    entry = table[rng.randrange(len(table))]
    theme = Theme(rng.choice(('numpy', 'chx')), rng.choice(DTYPES), rng.choice(SHAPES))
    if entry.kind == 'get':
        return fuzz_calls.Call(index, entry, _receiver(rng, entry, theme), (), ())
    if entry.kind == 'set':
        value = _value(rng, _KIND_OF_NAME.get(entry.target, 'array'), theme, entry.target)
        return fuzz_calls.Call(index, entry, _receiver(rng, entry, theme), (value,), ())
    args, kwargs = _MAKERS[entry.maker](rng, entry, theme)
    if entry.maker != 'signature' and rng.random() < 0.5:
        order = 2 if rng.random() < 0.33 else 1
        entry = dataclasses.replace(entry, target=f'fz.backprop({entry.target}, {order})')
    return fuzz_calls.Call(index, entry, None, tuple(args), tuple(kwargs))


def _variables(value, depth=0):
    if isinstance(value, chainer.Variable):
        return [value]
    if depth < 3 and isinstance(value, (list, tuple, dict)):
        items = value.values() if isinstance(value, dict) else value
        return [found for item in items for found in _variables(item, depth + 1)]
    return []


def backprop(func, order):
    """`func`, then a backward pass from the floating Variables it returns to the Variables it was given (order 2:
    with enable_double_backprop, then a backward pass from their gradients)."""
    def call(*args, **kwargs):
        result = func(*args, **kwargs)
        outputs = [y for y in _variables(result) if y.dtype.kind == 'f']
        if not outputs:
            return result
        grads = [y.xp.ones_like(y.array) for y in outputs]
        if order == 1:
            chainer.backward(outputs, grads)
            return result
        inputs = [x for x in _variables((args, kwargs)) if x.requires_grad]
        gxs = chainer.grad(outputs, inputs, grads, enable_double_backprop=True)
        second = [gx for gx in gxs if gx is not None and gx.dtype.kind == 'f']
        if second:
            chainer.backward(second, [gx.xp.ones_like(gx.array) for gx in second])
        return result
    return call


def _class_entries(cls) -> tp.List[Entry]:
    entries = []
    for name, value in sorted(vars(cls).items()):
        if name.startswith('_') and not name.endswith('__') or name in _NOT_FUZZED:
            continue
        full = f'{cls.__name__}.{name}'
        if isinstance(value, property):
            entries.append(Entry(full, name, 'get'))
            if value.fset is not None:
                entries.append(Entry(full + '=', name, 'set'))
        elif callable(value):
            entries.append(Entry(full, f'chainer.{cls.__name__}.{name}', maker='method'))
    return entries


def function_names() -> tp.List[str]:
    """Every public name of chainer.functions: the families' __all__ and the core's own functions."""
    return sorted({name for family in FAMILIES for name in getattr(F, family).__all__} | set(CORE_FUNCTIONS))


def build_table() -> Table:
    """Every public callable of chainer.functions, Variable, Parameter, chainer.grad/backward and backend."""
    entries = [Entry(f'F.{name}', f'F.{name}', maker='function') for name in function_names()]
    entries += _class_entries(chainer.Variable) + _class_entries(chainer.Parameter)
    entries += [Entry(name, name, maker='operator') for name in OPERATORS]
    entries += [Entry(name, name) for name in ('chainer.Variable', 'chainer.Parameter', 'chainer.as_variable',
                                               'chainer.as_array', 'chainer.grad', 'chainer.backward')]
    entries += [Entry(f'chainer.backend.{name}', f'chainer.backend.{name}') for name in BACKEND]
    entries += [Entry(name, target, params=params) for name, target, params in LAMBDAS]
    return Table(sorted(entries, key=lambda entry: entry.name))


def with_imports(source: str) -> str:
    """The source preceded by the imports it needs: a line that runs as it is in ``python -c``."""
    line = fuzz_calls.with_imports(source)
    modules = [IMPORTS[name] for name in IMPORTS if re.search(rf'\b{name}\.', source)]
    return ('import ' + ', '.join(modules) + '; ' if modules else '') + line


class Child(fuzz_calls.Child):
    """fuzz_calls's child, with chainer's names in the recipes."""

    def evaluate(self, recipe: str) -> tp.Any:
        return eval(recipe, NAMESPACE)  # uncached: compiling a recipe costs microseconds, the call milliseconds


def child_main(table: tp.Sequence[Entry], seed: int, indices: tp.Sequence[int], progress_path: str,
               memory_bytes: int, avoid: tp.Sequence[str] = ()) -> None:
    """The child's body, as fuzz_calls.child_main's (which see) with this module's calls."""
    if 'libasan' not in os.environ.get('LD_PRELOAD', ''):
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 20, 64 << 20))
    warnings.simplefilter('ignore')
    child = Child(progress_path)
    child.note('ready')
    for index in indices:
        child.restore(index)
        call = make_call(table, seed, index)
        skipped = any(recipe in call.source() for recipe in avoid)
        child.note('=', index, 'skipped' if skipped else child.run(call), call.entry.name)
    child.note('end')
    gc.collect()
    child.note('gc')
    os._exit(0)


# The exceptions a bad argument may raise; the others are findings (judge).
EXPECTED = (TypeError, ValueError, IndexError, NotImplementedError, OverflowError, chainerx.ChainerxError,
            type_check.InvalidType)
_PACKAGE_FILE = re.compile(r'[/\\]chainerx?[/\\]')


def judge(error: BaseException) -> tp.Optional[str]:
    """None when an exception is of a kind a bad argument may raise; else its class and where it was raised
    ('AttributeError at chainer/variable.py:120'): its innermost frame in chainer/ or chainerx/. RuntimeErrors are
    expected from a `raise` there, not from C++ (pybind11's "Unable to cast" above all), and ZeroDivisionError from
    the fuzz's own callables only."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [frame for frame in frames if _PACKAGE_FILE.search(frame.filename)]
    innermost = frames[-1] if frames else None
    raised_there = bool(ours) and innermost is ours[-1] and (innermost.line or '').startswith('raise')
    if isinstance(error, EXPECTED) and fuzz_calls.outcome_of(error) != '!cast':
        return None
    if isinstance(error, RuntimeError) and raised_there:
        return None
    if isinstance(error, ZeroDivisionError) and innermost is not None and innermost.filename == '<string>':
        return None
    where = ours[-1] if ours else innermost
    if where is None:
        return fuzz_calls.outcome_of(error)
    match = _PACKAGE_FILE.search(where.filename)
    path = where.filename[match.start() + 1:] if match else where.filename
    return f'{fuzz_calls.outcome_of(error)} at {path}:{where.lineno}'


def _invoke(child: Child, call: fuzz_calls.Call) -> None:
    """Makes a call in this process, letting its exception out."""
    entry, receiver = call.entry, child.evaluate(call.receiver) if call.receiver else None
    args = [child.evaluate(recipe) for recipe in call.args]
    kwargs = {name: child.evaluate(recipe) for name, recipe in call.kwargs}
    if entry.kind == 'get':
        getattr(receiver, entry.target)
    elif entry.kind == 'set':
        setattr(receiver, entry.target, args[0])
    else:
        child.evaluate(entry.target)(*args, **kwargs)


def triage(seed: int, indices: tp.Iterable[int], skip: tp.Container[int] = ()) -> tp.Dict[tp.Tuple[str, str], int]:
    """Makes the calls in this process (skipping those that crash or hang); returns the first call of each
    (callable, suspicious exception and site)."""
    table, found = build_table(), {}
    child = Child(os.devnull)
    for index in indices:
        if index in skip:
            continue
        child.restore(index)
        call = make_call(table, seed, index)
        try:
            _invoke(child, call)
        except BaseException as error:  # NOQA: SystemExit and the like are findings too
            verdict = judge(error)
            if verdict:
                found.setdefault((call.entry.name, verdict), index)
    return found


def main(argv: tp.Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description='Lists the suspicious exceptions of chainer fuzz calls.')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--calls', default='0:1000', help='START:STOP or I,J,... (default 0:1000)')
    parser.add_argument('--skip', default='', help='calls not to make (I,J,...): those that crash or hang')
    parser.add_argument('--memory', type=float, default=4.0, help='address space, GiB (default 4)')
    args = parser.parse_args(argv)
    memory = int(args.memory * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    warnings.simplefilter('ignore')
    table = build_table()
    found = triage(args.seed, fuzz_calls.parse_indices(args.calls), set(fuzz_calls.parse_indices(args.skip)))
    for (name, verdict), index in sorted(found.items()):
        print(f'{name}  {verdict}  #{index}: {with_imports(make_call(table, args.seed, index).source())}')
    return 1 if found else 0


if __name__ == '__main__':
    import fuzz_chainer_calls  # the module itself, not __main__: `fz.` in recipes is that one
    sys.exit(fuzz_chainer_calls.main(sys.argv[1:]))
