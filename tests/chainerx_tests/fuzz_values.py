"""The edge and bad values of the fuzz harness (fuzz_harness.py), and the arguments built from them.

Every value is a *recipe*: the Python source of an expression, evaluated in the child process that makes the
call. A value is never kept as an object, because a call that kills the process must be printed as a one-line
reproducer and rebuilt in a fresh process from nothing but the seed and the call's index.

Arguments are mostly plausible (an array where the parameter is called ``x``, a small int for ``axis``) with
edge values mixed in, so that calls get past pybind11's overload resolution into the C++ routines, where the
crashes are; the rest are drawn from every kind of value at random.
"""

import random
import typing as tp

DTYPE_NAMES = ('bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'float16', 'float32', 'float64')

# The live default context's devices, other devices, and objects of a chainerx.Context() that is destroyed as
# soon as the expression has been evaluated (the temporary context is the only reference to it).
DEAD_CONTEXT = 'chx.Context()'
DEVICE_OBJECTS = ["chx.get_device('native:0')", "chx.get_device('native', 1)", 'chx.get_default_device()',
                  f"{DEAD_CONTEXT}.get_device('native:0')"]
BACKENDS = ["chx.get_backend('native')", f"{DEAD_CONTEXT}.get_backend('native')"]
CONTEXTS = ['chx.get_default_context()', DEAD_CONTEXT]
BACKPROP_IDS = ["chx.get_default_context().make_backprop_id('fuzz')", f"{DEAD_CONTEXT}.make_backprop_id('dead')"]

ARRAYS = [f'chx.arange(6).astype({name!r}).reshape(2, 3)' for name in DTYPE_NAMES] + [
    'chx.array(1.5)', "chx.zeros((), 'int64')", 'chx.array(True)',  # 0-d
    'chx.zeros((0,))', "chx.zeros((2, 0, 3), 'int32')",  # zero-size
    'chx.arange(12.0).reshape(3, 4).T', 'chx.arange(10.0)[::-2]', 'chx.ones((4, 5))[1:, ::2]',  # non-contiguous
    'chx.ones(1)', 'chx.ones(3)', 'chx.ones((2, 4))', 'chx.ones((1, 1, 4, 4))', "chx.ones((2, 3, 5, 5), 'float32')",
    'chx.ones((1,) * 10)',  # as many dimensions as chainerx allows
    # Huge dimensions without the memory: zero-size (the first dimension 0, so that iterating the array ends), or
    # broadcast (no bigger, so that a reduction over every element ends within the timeout; shapes whose size
    # overflows int64 are in _SHAPES).
    'chx.zeros((0, 2**62))', 'chx.broadcast_to(chx.ones(()), (0, 2**62, 2**62))',
    'chx.broadcast_to(chx.ones(1), (2**20,))',
    'chx.array([numpy.nan, numpy.inf, -numpy.inf, -0.0])', "chx.array([2**62, -2**63], 'int64')",
    'chx.ones((2, 3)).require_grad()', '(chx.ones(3).require_grad() * 2)',  # a graph leaf and an inner node
    "chx.ones(3, device='native:1')", f"chx.ones(3, device={DEAD_CONTEXT}.get_device('native:0'))",
    'chx.ndarray.__new__(chx.ndarray)',  # never initialised
]
NUMPY_ARRAYS = [
    'numpy.ones((2, 3))', "numpy.arange(6, dtype='int32')", 'numpy.array([True, False])', 'numpy.array(3.5)',
    'numpy.zeros((0, 2))', "numpy.arange(6, dtype='>f8')", 'numpy.arange(12).reshape(3, 4)[:, ::2]',
    "numpy.zeros(2, 'int32')", 'numpy.zeros(2)', "numpy.array(['a', 'b'])", "numpy.array([1, 'x'], dtype=object)",
    "numpy.ones((1, 1, 4, 4), 'float32')",
]
NUMPY_SCALARS = ['numpy.float64(1.5)', 'numpy.int64(-1)', 'numpy.bool_(True)', 'numpy.int32(2**31 - 1)',
                 "numpy.float32('nan')", 'numpy.uint64(2**64 - 1)', 'numpy.complex128(1j)', 'numpy.float16(65504)']
SMALL_INTS = ['0', '1', '2', '3', '-1', '-2']
EDGE_INTS = ['2**31 - 1', '2**31', '-2**31 - 1', '2**62', '2**63 - 1', '2**63', '-2**63', '2**64', '10**30',
             '-10**30']
FLOATS = ['0.0', '-0.0', '1.5', '-1.0', '1e-3', '1e308', '5e-324', "float('nan')", "float('inf')", "float('-inf')"]
STRINGS = ["'float32'", "'native:0'", "'native:1'", "'native'", "'cuda:0'", "'nosuch:0'", "''", "'x' * 1000",
           "'raise'", "'clip'", "'L'", "'r'", "'ij'", "'\\x00'"]
DTYPES = [repr(name) for name in DTYPE_NAMES] + [
    'numpy.float32', "numpy.dtype('>f4')", "'complex64'", "'object'", "'V8'", "'U3'", 'int', 'float', 'bool', 'None',
    "'nosuch'", 'chx.float16']
CALLABLES = ['chx.sin', '(lambda xs: xs)', '(lambda xs: [x * 2 for x in xs])', '(lambda xs: None)',
             '(lambda *a: 1 / 0)', '(lambda *a, **k: [chx.ones(2)])', 'len', 'chx.ndarray',
             '(lambda xs: [x.sum() for x in xs])']
MISC = ['None', 'True', 'False', "b'\\x00' * 8", 'bytearray(8)', '{}', "{'a': 1}", 'object()', '...',
        'slice(None, None, -1)', 'slice(0, 2**63)', '1j', 'set()', 'chx.anygraph', 'numpy.newaxis', 'range(3)']

# Values for parameters whose name says what they take; the other parameters get arrays.
_AXES = SMALL_INTS + ['None', '(0, 1)', '(0, 0)', '(-1,)', '()', '2**31', '-2**63', 'numpy.zeros(2)',
                      "numpy.zeros(2, 'int32')", 'numpy.int64(1)', '1.5', 'True', '[0, 1]']
_SHAPES = ['()', '(2, 3)', '(0,)', '(3,)', '(1, 1, 4, 4)', '(-1,)', '(2, -3)', '(2**32, 2**32)', '(2**62, 4)',
           '(1,) * 11', '(2**63,)', '[2, 3]', '2', '0', '-1', '2**62', 'numpy.array([2, 3])']
_INDICES = SMALL_INTS + [
    'slice(None)', 'slice(None, None, -1)', 'slice(0, 2**63)', '(0, 1)', '(None,)', '...', '(..., None)', 'None',
    '(slice(None), [0, 1])', '[0, -1]', '(0, 0, 0)', '2**63', '-2**63', 'chx.array([0, 1])', 'chx.array([[0], [1]])',
    'chx.array([True, False])', 'numpy.array([True, False])', "numpy.zeros((2, 3), 'int64')", '(0, chx.array([1]))',
    '[]', '()', '[[0, 1], [1, 0]]', '1.5', "'a'"]
_KINDS: tp.Dict[str, tp.List[str]] = {
    'array': ARRAYS, 'numpy': NUMPY_ARRAYS + NUMPY_SCALARS, 'int': SMALL_INTS + EDGE_INTS, 'float': FLOATS,
    'str': STRINGS, 'dtype': DTYPES, 'device': DEVICE_OBJECTS + ["'native:0'", "'native:1'", "'native:9'", 'None'],
    'backprop_id': BACKPROP_IDS + ['None', 'chx.anygraph', "'fuzz'", DEAD_CONTEXT], 'callable': CALLABLES,
    'misc': MISC, 'axis': _AXES, 'shape': _SHAPES, 'index': _INDICES,
    'object': ARRAYS + ARRAYS + BACKENDS + CONTEXTS + DEVICE_OBJECTS + BACKPROP_IDS,  # mostly arrays
    'protocol': ['-1', '0', '1', '2', '3', '4', '5', '6', '2**63'],
    'operand': ARRAYS + SMALL_INTS + FLOATS + NUMPY_SCALARS + EDGE_INTS[:4] + ['True'],
}
# The objects whose methods and properties are fuzzed, by kind.
RECEIVERS = {'array': ARRAYS, 'device': DEVICE_OBJECTS, 'backend': BACKENDS, 'context': CONTEXTS,
             'backprop_id': BACKPROP_IDS}
# Parameter names (as the signatures spell them) mapped to the kind of value they take.
_HINTS = {
    'int': ('n', 'N', 'M', 'k', 'n_layers', 'n_batch_axes', 'index', 'stop', 'step', 'num', 'count',
            'ignore_label', 'offset', 'ndmin', 'repeats', 'sections', 'stride', 'pad',
            'ksize', 'outsize', 'cover_all', 'size', 'stream', 'skiprows', 'groups'),
    'float': ('eps', 'atol', 'rtol', 'alpha', 'slope', 'z', 'beta', 'delta', 'norm', 'decay', 'rcond', 'loss_scale',
              'low', 'high', 'loc', 'scale', 'base'),
    'operand': ('other', 'x2', 'value', 'fill_value', 'a_min', 'a_max', 'scalar', 'object', 'iterable', 'buffer',
                'string', 'arg0', 'arg1', 'arg2', 'arg3', 'arg4', 'arg5'),
    'axis': ('axis', 'axes', 'axis1', 'axis2', 'source', 'destination', 'start', 'args', 'input_indexes_to_retain',
             'output_indexes_to_retain'),
    'shape': ('shape', 'newshape', 'reps', 'dl_device', 'max_version'),
    'dtype': ('dtype',),
    'device': ('device', 'backend_name', 'device_name'),
    'backprop_id': ('backprop_id', 'backprop_ids', 'graph', 'context'),
    'callable': ('func', 'function', 'fn', 'f', 'impl'),
    'str': ('mode', 'UPLO', 'indexing', 'name', 'backprop_name', 'casting', 'order', 'sep', 'fname', 'err_msg',
            'file', 'delimiter', 'comments', 'encoding', 'pad_mode', 'argname'),
    'protocol': ('protocol',),
    'object': ('obj',),
    'bool': ('keepdims', 'copy', 'full_matrices', 'compute_uv', 'enable_double_backprop', 'set_grad', 'retain_grad',
             'verbose', 'endpoint', 'dtype_check', 'strides_check', 'retain_graph', 'equal_nan', 'accept_error'),
    'index': ('key', 'indices', 'indices_or_sections'),
    'arrays': ('arrays', 'inputs', 'outputs', 'xs', 'ws', 'bs', 'hx', 'cx', 'grad_outputs', 'grad_grad_inputs',
               'xi', 'tup', 'grad_inputs', 'targets'),
}
HINT_OF_NAME = {name: kind for kind, names in _HINTS.items() for name in names}


def kind_of(name: str) -> str:
    """The kind of value a parameter takes, judged by its name (an array unless the name says otherwise)."""
    return HINT_OF_NAME.get(name, 'array')


def any_value(rng: random.Random, depth: int = 0) -> str:
    """A value of any kind: the bad arguments, which must raise a typed exception and nothing worse."""
    kind = rng.choice(sorted(_KINDS) + ['sequence', 'sequence', 'array', 'array', 'bool'])
    return value_of_kind(rng, kind, depth)


def value_of_kind(rng: random.Random, kind: str, depth: int = 0) -> str:
    """A value of one kind; one in eight is of any kind instead, because a parameter must survive those too."""
    if depth < 2 and rng.random() < 0.125:
        return any_value(rng, depth + 1)
    if kind == 'bool':
        return rng.choice(['True', 'False', '0', '1', 'None', 'numpy.bool_(True)'])
    if kind == 'arrays':
        return sequence(rng, 'array', depth)
    if kind == 'sequence':
        return sequence(rng, rng.choice(['array', 'int', 'any']), depth)
    if kind == 'any':
        return any_value(rng, depth + 1)
    if kind in ('axis', 'shape', 'int') and depth < 2 and rng.random() < 0.15:
        return sequence(rng, 'int', depth)
    return rng.choice(_KINDS[kind])


def sequence(rng: random.Random, kind: str, depth: int) -> str:
    """A list or tuple of 0 to 3 values of one kind, nested while shallow (lists where arrays are expected)."""
    if depth >= 2:
        return rng.choice(['[]', '()'])
    items = [value_of_kind(rng, kind, depth + 1) if rng.random() < 0.85 else sequence(rng, kind, depth + 1)
             for _ in range(rng.choice([0, 1, 1, 2, 2, 3]))]
    if rng.random() < 0.5:
        return '[' + ', '.join(items) + ']'
    return '(' + ''.join(item + ', ' for item in items).rstrip(' ') + ')'


# (name, kind, has a default) of each parameter; kind is 'posonly', 'positional', 'keyword' or 'var' (*args).
Params = tp.Tuple[tp.Tuple[str, str, bool], ...]


def arguments(rng: random.Random, params: Params) -> tp.Tuple[tp.List[str], tp.List[tp.Tuple[str, str]]]:
    """Positional and keyword argument recipes for a callable with these parameters.

    Most calls follow the signature (the required parameters, some optional ones, sometimes one too many); the
    others take 0 to 6 arguments of any kind, with a keyword named after a real parameter now and then.
    """
    names = [name for name, kind, _ in params if kind in ('positional', 'keyword')]
    if params and rng.random() < 0.7:
        return _following(rng, params)
    args = [any_value(rng) for _ in range(rng.randint(0, 6))]
    kwargs = []
    if rng.random() < 0.3:
        name = rng.choice(names + ['axis', 'dtype', 'device', 'out', 'nosuch'])
        kwargs.append((name, value_of_kind(rng, kind_of(name))))
    return args, kwargs


def _following(rng: random.Random, params: Params) -> tp.Tuple[tp.List[str], tp.List[tp.Tuple[str, str]]]:
    positional = [p for p in params if p[1] in ('posonly', 'positional')]
    required = sum(1 for p in positional if not p[2])
    count = rng.randint(required, len(positional))
    args = [value_of_kind(rng, kind_of(name)) for name, _, _ in positional[:count]]
    variadic = [name for name, kind, _ in params if kind == 'var']
    if variadic and count == len(positional):
        args += [value_of_kind(rng, kind_of(variadic[0])) for _ in range(rng.randint(0, 4))]
    elif rng.random() < 0.1:
        args.append(any_value(rng))  # one too many
    given = {name for name, _, _ in positional[:count]}
    kwargs = [(name, value_of_kind(rng, kind_of(name))) for name, kind, _ in params
              if kind in ('positional', 'keyword') and name not in given and rng.random() < 0.3]
    return args, kwargs
