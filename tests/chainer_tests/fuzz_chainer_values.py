"""The values of the chainer fuzz (fuzz_chainer_calls.py), as recipes: Python source evaluated in
the child process that makes the call (as in tests/chainerx_tests/fuzz_values.py, whose values it
mixes in).

Note [Plausible calls]
Bad values alone stop at the first type check. So each call draws a Theme (NumPy or chainerx, a
dtype, a shape) that its arrays share, and the functions whose inputs must fit together
(convolutions, RNNs, losses, ...) take arguments of fitting shapes from TEMPLATES; then at most one
argument in eight is swapped for an edge value of its parameter's kind (a stride of 0, an axis of
2**63) or a bad value of any kind. Arrays are NumPy or chainerx, held by Variables (or Parameters)
or bare, contiguous or not, of any dtype, 0-d or zero-size; BAD adds 32 dimensions, sizes of 2**124
that are zero-size or broadcast, strings, nested lists, devices of dead contexts, and so on.
"""

import dataclasses
import inspect
import math
import os
import sys
import typing as tp

try:
    import fuzz_values
except ImportError:  # imported from tests/chainer_tests: the harness is the chainerx suite's
    sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir,
                                 'chainerx_tests'))
    import fuzz_values

DTYPES = ('float32',) * 5 + ('float64',) * 2 + ('float16',) + fuzz_values.DTYPE_NAMES
SHAPES = ((), (3,), (2, 3), (2, 3), (3, 3), (2, 3, 4), (1, 1, 4, 4), (2, 3, 5, 5), (0,), (2, 0),
          (0, 2, 4, 4), (1,) * 10)
DEAD = fuzz_values.DEAD_CONTEXT
BAD = [
    'None', "'x'", '[[1, 2], [3]]', '[[1.0, 2.0], [3.0, 4.0]]', '[]', '()', 'chainer.Variable()',
    'chainer.Parameter()', 'numpy.zeros((0, 2**62))', 'numpy.ones((1,) * 32)',
    'numpy.broadcast_to(numpy.ones(()), (0, 2**62, 2**62))',
    # Broadcast, not bigger than this: F.separate or list() takes a Variable per element.
    "numpy.broadcast_to(numpy.ones(1, 'float32'), (2**14,))",
    'chainer.Variable(numpy.ones((1,) * 32))', 'chainer.Variable(numpy.zeros((0, 2**62)))',
    "chainer.Variable(numpy.broadcast_to(numpy.ones((), 'float32'), (2**10, 2**4)))",
    'chainer.Variable(chx.ones((2, 3)).require_grad())',
    'chainer.Variable(chx.ones(3).require_grad() * 2)', "chainer.Variable(numpy.array(['a']))",
    "chainer.Variable(numpy.arange(6, dtype='>f8'))", 'chainer.Variable(numpy.ones(3, complex))',
    "chainer.Variable(chx.ones(3, device='native:1'))",
    f"chainer.Variable(chx.ones(3, device={DEAD}.get_device('native:0')))",
    'chainer.Variable(chx.ndarray.__new__(chx.ndarray))', 'chainer.Variable(numpy.float32(2))',
    'numpy.ones(3, complex)', 'F', 'chainer.Variable', 'F.relu', 'chainer.FunctionNode()']
INTS = ['0', '1', '2', '3', '-1', '(2, 2)', '(1, 2)', '(0, 1)', '(2,) * 4', '2**31', '2**62',
        '2**63', '-2**63', '10**30', 'numpy.int64(2)', '1.5', 'None', 'True', '[2, 2]', '()', "'2'"]
FLOATS = fuzz_values.FLOATS + ['2', 'numpy.float32(0.5)', 'None', '10**30', 'numpy.ones(3)']
DEVICES = ["'@numpy'", "'@cupy:0'", "'@intel64'", "'native:0'", "'native:1'", "'native:99'",
           "'native'", "'cuda:0'", "'@numpy:0'", "'@'", "''", 'numpy', 'chx',
           "chainer.backend.get_device('native:0')", 'chainer.backend.CpuDevice()',
           "('native', 0)", '0', '-1', '2**63', 'None', "chx.get_device('native:0')",
           f"{DEAD}.get_device('native:0')", 'chainer.get_device']
CALLABLES = ['F.relu', 'F.identity', '(lambda *xs: xs)', '(lambda x: x * 2)', '(lambda *xs: None)',
             '(lambda *xs: 1 / 0)', '(lambda *xs: [x.array for x in xs])',
             '(lambda *xs: F.add(*xs))', 'len', 'chainer.Variable',
             '(lambda *a, **k: chainer.Variable(numpy.ones(2)))'] + fuzz_values.CALLABLES
FUNCTION_NODES = ['F.relu', 'chainer.FunctionNode()', 'None',
                  '(chainer.Variable(numpy.ones(2)) * 2).creator_node',
                  '(chainer.Variable(chx.ones(2)) * 2).creator_node']
STRINGS = {'reduce': ['mean', 'sum', 'no', 'sum_along_second_axis', 'max'],
           'norm': ['L1', 'L2', 'L3'],
           'mode': ['constant', 'edge', 'reflect', 'bilinear', 'nearest', 'wrap', 'x'],
           'activation': ['tanh', 'relu', 'sigmoid'],
           'multioutput': ['uniform_average', 'raw_values'],
           'soft_target_loss': ['cross-entropy', 'kl-divergence'], 'pooling': ['max', 'average']}
# Parameter names mapped to the kind of value they take (_value); the others take the theme's
# Variable, or the kind their default says (a bool, float, int or str default).
_HINTS = {
    'labels': ('t',), 'cond': ('condition',), 'vars': ('xs', 'inputs'), 'nested': ('ws', 'bs'),
    'int': ('ksize', 'stride', 'pad', 'dilate', 'groups', 'n_layers', 'n_batch_axes', 'pool_size',
            'repeats', 'pyramid_height', 'ignore_label', 'indices_or_sections', 'outsize', 'n'),
    'axis': ('axis', 'axes', 'source', 'destination', 'start', 'axis1', 'axis2'),
    'index': ('slices',), 'shape': ('shape', 'output_shape', 'reps', 'pad_width'),
    'dtype': ('typ', 'dtype'), 'device': ('dst', 'device', 'device_spec'),
    'callable': ('func', 'pooling_class'), 'str': ('name',),
    'float': ('ratio', 'dropout_ratio', 'delta', 'x_min', 'x_max', 'decay', 'loss_scale',
              'constant_values'),
    'bool': ('return_mask', 'return_eps', 'return_r', 'train'),
    'array': ('grad', 'src', 'mask', 'r', 'dst_array'), 'data': ('data', 'initializer'),
    'convertible': ('obj', 'array'), 'outputs': ('outputs',),
    'grads': ('grad_outputs', 'grad_inputs'), 'operand': ('rhs', 'other'),
    'fnode': ('gen_func', 'fnode'),
}
KIND_OF_NAME = {name: kind for kind, names in _HINTS.items() for name in names}


@dataclasses.dataclass(frozen=True)
class Theme:
    """What the arrays of one call share (Note [Plausible calls])."""
    backend: str
    dtype: str
    shape: tp.Tuple[int, ...]


def _v(*shape, fill='lin'):
    """Floats: fill 'lin' from -1 to 1, 'pos' from 0.5 to 2, 'spd' positive definite matrices."""
    return ('v', shape, fill)


def _labels(classes, *shape):
    """Class labels in range(classes), now and then -1 (the usual ignore_label)."""
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


_POOLINGS = ('max_pooling', 'average_pooling', 'unpooling')
# Positional and keyword arguments that fit together, for the functions whose inputs must (Note
# [Plausible calls]): specs of arrays (_v, _labels, ('i', shape, n) index arrays in range(n) never
# held by a Variable, ('c', shape, 2) conditions), lists of specs, and literal recipes.
TEMPLATES = {
    **{f'{kind}_{dims}d': _conv(dims, kind == 'deconvolution')
       for kind in ('convolution', 'deconvolution') for dims in (1, 2, 3)},
    'convolution_nd': _conv(2), 'deconvolution_nd': _conv(1, True),
    'dilated_convolution_2d': _conv(2),
    'depthwise_convolution_2d': ((_v(1, 2, 4, 4), _v(2, 2, 2, 2), _v(4)), {}),
    'local_convolution_2d': ((_v(1, 2, 4, 4), _v(3, 3, 3, 2, 2, 2), _v(3, 3, 3)), {}),
    'linear': ((_v(2, 3), _v(4, 3), _v(4)), {}), 'embed_id': ((_labels(5, 2, 3), _v(5, 3)), {}),
    'bilinear': ((_v(2, 3), _v(2, 4), _v(3, 4, 5), _v(3, 5), _v(4, 5), _v(5)), {}),
    'batch_normalization': ((_v(2, 3, 4), _v(3), _v(3)), {}),
    'fixed_batch_normalization': ((_v(2, 3, 4), _v(3), _v(3), _v(3), _v(3, fill='pos')), {}),
    'layer_normalization': ((_v(2, 3), _v(3), _v(3)), {}),
    'group_normalization': ((_v(2, 4, 3), '2', _v(4), _v(4)), {}),
    'local_response_normalization': ((_v(1, 5, 2, 2),), {}),
    'lstm': ((_v(2, 3), _v(2, 12)), {}),
    'slstm': ((_v(2, 3), _v(2, 3), _v(2, 12), _v(2, 12)), {}),
    'tree_lstm': ((_v(2, 3), _v(2, 3), _v(2, 15)), {}),
    'n_step_lstm': _rnn(8, cell=True), 'n_step_bilstm': _rnn(8, True, True),
    'n_step_gru': _rnn(6), 'n_step_bigru': _rnn(6, True), 'n_step_rnn': _rnn(2),
    'n_step_birnn': _rnn(2, True),
    **{f'{kind}_{dims}d': ((_v(1, 1, *(4,) * dims), '2'), {})
       for kind in _POOLINGS for dims in (1, 2, 3)},
    **{f'{kind}_nd': ((_v(1, 1, 4, 4), '2'), {}) for kind in _POOLINGS},
    'upsampling_2d': ((_v(1, 1, 2, 2), ('i', (1, 1, 2, 2), 4), '2'), {'outsize': '(4, 4)'}),
    'spatial_pyramid_pooling_2d': ((_v(1, 1, 4, 4), '2'), {'pooling': "'max'"}),
    'resize_images': ((_v(1, 1, 4, 4), '(3, 5)'), {}),
    'select_item': ((_v(2, 3), _labels(3, 2)), {}), 'accuracy': ((_v(2, 3), _labels(3, 2)), {}),
    'softmax_cross_entropy': ((_v(2, 3), _labels(3, 2)), {}),
    'hinge': ((_v(2, 3), _labels(3, 2)), {}),
    'sigmoid_cross_entropy': ((_v(2, 3), _labels(2, 2, 3)), {}),
    'binary_accuracy': ((_v(2, 3), _labels(2, 2, 3)), {}),
    'where': ((('c', (2, 3), 2), _v(2, 3), _v(2, 3)), {}),
    'einsum': (("'ij,jk->ik'", _v(2, 3), _v(3, 4)), {}),
    'matmul': ((_v(2, 3), _v(3, 4)), {}), 'batch_matmul': ((_v(2, 2, 3), _v(2, 3, 4)), {}),
    'tensordot': ((_v(2, 3), _v(3, 4), '1'), {}),
    **{name: ((_v(3, 3, fill='spd'),), {}) for name in ('det', 'inv', 'cholesky')},
    **{name: ((_v(2, 3, 3, fill='spd'),), {}) for name in ('batch_det', 'batch_inv')},
    'prelu': ((_v(2, 3), _v(3)), {}), 'maxout': ((_v(2, 6), '2'), {}),
    'swish': ((_v(2, 3), _v(3)), {}), 'bias': ((_v(2, 3, 4), _v(3)), {}),
    'scale': ((_v(2, 3, 4), _v(3)), {}), 'huber_loss': ((_v(2, 3), _v(2, 3), '1.0'), {}),
    'r2_score': ((_v(3), _v(3)), {}),
    'polygamma': ((_labels(3, 2, 3), _v(2, 3, fill='pos')), {}),
    'zeta': ((_v(2, 3, fill='pos'),) * 2, {}),
    'bernoulli_nll': ((_v(2, 3), _v(2, 3, fill='pos')), {}),
    'average': ((_v(2, 3), '1', _v(3, fill='pos')), {}),
    'split_axis': ((_v(2, 4), '2', '1'), {}), 'scatter_add': ((_v(3, 4), '1', _v(4)), {}),
    'pad': ((_v(2, 3), '1', "'constant'"), {}), 'clip': ((_v(2, 3), '-0.5', '0.5'), {}),
    'sum_to': ((_v(2, 3), '(3,)'), {}), 'broadcast_to': ((_v(3), '(2, 3)'), {}),
    'forget': (('F.tanh', _v(2, 3)), {}), 'copy': ((_v(2, 3), "'native:0'"), {}),
    'cast': ((_v(2, 3), "'float64'"), {}),
}


def array(rng, theme, spec):
    """A NumPy or chainerx array of a spec (TEMPLATES), contiguous or not, of the theme's dtype."""
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
        bounds = '0.5, 2' if fill == 'pos' else '-1, 1'
        data = f'numpy.linspace({bounds}, {size}).reshape({base})'
    else:  # 'l' labels, 'i' indices and 'c' conditions, in range(fill); labels may be -1
        modulo = f'% {fill + 1} - 1' if kind == 'l' and rng.random() < 0.2 else f'% {fill}'
        data = f'(numpy.arange({size}) {modulo}).reshape({base})'
        dtype = 'bool' if kind == 'c' else 'int32'
    recipe = f'{data}.astype({dtype!r})'
    backend = theme.backend if rng.random() > 0.03 else {'numpy': 'chx', 'chx': 'numpy'}[
        theme.backend]  # mixed NumPy and chainerx
    return (f'chx.array({recipe})' if backend == 'chx' else recipe) + suffix


def render(rng, spec, theme):
    """A template's argument: an array held by a Variable (mostly), a list of them, or a literal."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, list):
        return '[' + ', '.join(render(rng, item, theme) for item in spec) + ']'
    recipe = array(rng, theme, spec)
    draw = rng.random()
    if spec[0] == 'i' or 0.75 <= draw < 0.87:
        return recipe
    if draw < 0.75:
        return f'chainer.Variable({recipe})'
    if draw < 0.94:
        return f'chainer.Variable({recipe}, requires_grad=False)'
    return f'chainer.Parameter({recipe})'


def bad(rng):
    """A value of any kind: the chainerx fuzz's, or chainer's odd Variables and arrays."""
    return fuzz_values.any_value(rng) if rng.random() < 0.5 else rng.choice(BAD)


def value(rng, kind, theme, name=''):
    """A value of a kind (_HINTS; `name` picks the strings of 'str'); one in ten is bad()."""
    if rng.random() < 0.1:
        return bad(rng)
    shape = theme.shape
    if kind in ('var', 'labels', 'cond'):
        spec = {'var': _v(*shape), 'labels': _labels(3, *shape[:1]), 'cond': ('c', shape, 2)}[kind]
        return render(rng, spec, theme)
    if kind in ('vars', 'nested'):
        items = [value(rng, 'var' if kind == 'vars' else 'vars', theme)
                 for _ in range(rng.randint(0, 3) if kind == 'vars' else 1)]
        return '[' + ', '.join(items) + ']'
    if kind == 'array':
        return array(rng, theme, _v(*shape))
    if kind == 'str':
        strings = [repr(string) for string in STRINGS.get(name, ['x'])]
        return rng.choice(strings if rng.random() < 0.8 else fuzz_values.STRINGS)
    if kind in _CHOICES:
        return rng.choice(_CHOICES[kind])
    if kind in _MIXED:
        recipe = value(rng, rng.choice(_MIXED[kind][0]), theme)
        return rng.choice(_MIXED[kind][1]).format(recipe)
    return fuzz_values.value_of_kind(rng, kind)


_CHOICES = {'int': INTS, 'float': FLOATS, 'device': DEVICES, 'callable': CALLABLES,
            'fnode': FUNCTION_NODES}
# Kinds made of a value of another kind, drawn from the first list, put in a format of the second.
_MIXED = {
    'data': (['array', 'array', 'array', 'var', 'float'], ['{}']),
    'convertible': (['array', 'array', 'var'], ['{}', '{}', '[{}, None]', "{{'a': {}}}", '({},)']),
    'outputs': (['var'], ['[F.sin({})]', '[({} * 2)]', '[{}]', '{}']),
    'grads': (['array', 'var'], ['None', '[None]', '[{}]', '[{}]']),
    'operand': (['var', 'var', 'array', 'float', 'int'], ['{}']),
}


def kind_of(parameter: inspect.Parameter) -> str:
    """The kind of value a parameter takes: by its name, else by its default, else 'var'."""
    kind = KIND_OF_NAME.get(parameter.name)
    default = parameter.default
    if kind is None and default is not inspect.Parameter.empty and default is not None:
        kind = {bool: 'bool', float: 'float', int: 'int', str: 'str'}.get(type(default))
    return kind or 'var'
