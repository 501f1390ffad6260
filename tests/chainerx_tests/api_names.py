"""The names chainerx-api.md (the specification of `import chainerx`) requires, by section.

Written out once from the document; test_api_names.py checks that each exists. Names that this project adds
beyond the original (``matmul``, ``from_dlpack``, ``__array__``, ...) are tested with their features, not here.
"""

# §A.2-§A.12: module-level routines, by family.
CREATION = (
    'array', 'asarray', 'ascontiguousarray', 'asanyarray', 'empty', 'full', 'zeros', 'ones', 'arange',
    'empty_like', 'zeros_like', 'ones_like', 'full_like', 'copy', 'frombuffer', 'fromfile', 'fromfunction',
    'fromiter', 'fromstring', 'loadtxt', 'identity', 'eye', 'tri', 'tril', 'triu', 'diag', 'diagflat',
    'linspace', 'meshgrid',
)
MANIPULATION = (
    'reshape', 'ravel', 'transpose', 'rollaxis', 'moveaxis', 'swapaxes', 'squeeze', 'expand_dims',
    'broadcast_to', 'flip', 'fliplr', 'flipud', 'repeat', 'concatenate', 'stack', 'hstack', 'vstack', 'dstack',
    'atleast_2d', 'atleast_3d', 'split', 'hsplit', 'vsplit', 'dsplit', 'copyto', 'broadcast_arrays',
)
ARITHMETIC = (
    'negative', 'add', 'subtract', 'multiply', 'divide', 'true_divide', 'floor_divide', 'reciprocal', 'power',
    'remainder', 'mod', 'fmod', 'square', 'sqrt', 'abs', 'absolute', 'fabs', 'sign', 'maximum', 'minimum',
    'clip', 'fix', 'copysign', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'left_shift', 'right_shift',
)
EXPLOG = ('exp', 'expm1', 'exp2', 'log', 'log10', 'log2', 'log1p', 'erf', 'logsumexp', 'log_softmax', 'softmax')
TRIGONOMETRIC = ('sin', 'cos', 'tan', 'arcsin', 'arccos', 'arctan', 'arctan2')
HYPERBOLIC = ('sinh', 'cosh', 'tanh', 'arcsinh', 'arccosh')
ROUNDING = ('ceil', 'floor', 'fix')
LOGIC = (
    'equal', 'not_equal', 'greater', 'greater_equal', 'less', 'less_equal', 'logical_and', 'logical_or',
    'logical_xor', 'logical_not', 'all', 'any', 'isnan', 'isinf', 'isfinite',
)
REDUCTION = ('sum', 'nansum', 'cumsum', 'amax', 'max', 'amin', 'min', 'mean', 'var', 'count_nonzero')
SORTING_INDEXING = ('argmax', 'argmin', 'nanargmax', 'nanargmin', 'take', 'where', 'nonzero')
LINALG_MODULE_LEVEL = ('dot',)
NEURAL_NETWORK = (
    'conv', 'conv_transpose', 'linear', 'lstm', 'batch_norm', 'fixed_batch_norm', 'max_pool', 'average_pool',
    'relu', 'sigmoid', 'elu', 'leaky_relu', 'clipped_relu', 'crelu', 'softplus', 'tree_lstm', 'slstm',
    'absolute_error', 'squared_error', 'gaussian_kl_divergence', 'huber_loss', 'sigmoid_cross_entropy',
    'softmax_cross_entropy', 'hinge', 'accuracy', 'n_step_lstm', 'n_step_bilstm', 'n_step_gru', 'n_step_bigru',
    'n_step_rnn', 'n_step_birnn',
)

# §A.13-§A.15: contexts, devices, autograd and conversion.
CONTEXT_DEVICE = (
    'get_backend', 'get_device', 'get_default_context', 'set_default_context', 'get_global_default_context',
    'set_global_default_context', 'context_scope', 'get_default_device', 'set_default_device', 'using_device',
)
BACKPROP = (
    'backprop_scope', 'anygraph', 'no_backprop_mode', 'force_backprop_mode', 'is_backprop_required', 'backward',
    'grad', 'check_backward', 'check_double_backward',
)
CONVERSION = ('to_numpy', 'is_available')

# §A.0 and §A.16: classes, exceptions, NumPy re-exports, builtins, submodules.
CLASSES = (
    'ndarray', 'Context', 'Backend', 'Device', 'ContextScope', 'DeviceScope', 'BackpropId', 'BackpropScope',
    'AnyGraph', 'NoBackpropMode', 'ForceBackpropMode',
)
EXCEPTIONS = (
    'ChainerxError', 'ContextError', 'BackendError', 'DeviceError', 'DimensionError', 'DtypeError',
    'NotImplementedError', 'GradientError', 'GradientCheckError',
)
# Re-exported as NumPy's own objects (those NumPy 2 removed are chainerx's own there).
NUMPY_OBJECTS = (
    'dtype', 'e', 'euler_gamma', 'inf', 'nan', 'newaxis', 'pi',
    'bool_', 'int8', 'int16', 'int32', 'int64', 'uint8', 'float16', 'float32', 'float64',
)
NUMPY1_CONSTANTS = ('Inf', 'Infinity', 'NAN', 'NINF', 'NZERO', 'NaN', 'PINF', 'PZERO', 'infty')
BUILTINS = ('bool', 'int', 'float')
OTHER_ATTRIBUTES = ('all_dtypes', 'linalg', 'random', 'creation', 'math', 'manipulation')

# Aliases that must be the very same object as the routine they name.
ALIASES = {'mod': 'remainder', 'absolute': 'abs', 'max': 'amax', 'min': 'amin'}

MODULE_LEVEL = (
    CREATION + MANIPULATION + ARITHMETIC + EXPLOG + TRIGONOMETRIC + HYPERBOLIC + ROUNDING + LOGIC + REDUCTION
    + SORTING_INDEXING + LINALG_MODULE_LEVEL + NEURAL_NETWORK + CONTEXT_DEVICE + BACKPROP + CONVERSION + CLASSES
    + EXCEPTIONS + NUMPY_OBJECTS + NUMPY1_CONSTANTS + BUILTINS + OTHER_ATTRIBUTES
)

# §A.11, §A.17, §C.1.
LINALG = ('solve', 'inv', 'svd', 'pinv', 'qr', 'cholesky', 'eigh', 'eigvalsh', '_is_lapack_available')
RANDOM = ('normal', 'uniform')
TESTING = (
    '_DeviceBuffer', '_fromnumpy', 'array', 'helper', 'dtypes',
    'assert_allclose', 'assert_array_equal', 'assert_allclose_ex', 'assert_array_equal_ex',
    'float_dtypes', 'signed_dtypes', 'unsigned_dtypes', 'integral_dtypes', 'signed_integral_dtypes',
    'nonfloat_dtypes', 'numeric_dtypes', 'all_dtypes', 'parametrize_dtype_specifier', 'ignore',
    'numpy_chainerx_array_equal', 'numpy_chainerx_allclose',
)

# §A.13-§A.14: members of the classes, as (class, member).
CLASS_MEMBERS = (
    [('Context', m) for m in (
        'get_backend', 'get_device', 'make_backprop_id', 'release_backprop_id', '_check_valid_backprop_id')]
    + [('Backend', m) for m in ('name', 'context', 'get_device', 'get_device_count')]
    + [('Device', m) for m in ('name', 'backend', 'context', 'index', 'synchronize', '__reduce__')]
    + [('BackpropId', m) for m in ('name', 'context')]
    + [('DeviceScope', m) for m in ('device', '__enter__', '__exit__')]
    + [(cls, m) for cls in ('ContextScope', 'BackpropScope', 'NoBackpropMode', 'ForceBackpropMode')
       for m in ('__enter__', '__exit__')]
)

# §B.1-§B.2: ndarray properties and methods (34 methods, 14 properties, and the private ones).
NDARRAY_PROPERTIES = (
    'shape', 'strides', 'dtype', 'device', 'ndim', 'size', 'itemsize', 'nbytes', 'offset', 'is_contiguous', 'T',
    'data_ptr', 'data_size', 'grad',
)
NDARRAY_METHODS = (
    'view', 'astype', 'copy', 'fill', 'item', 'to_device', 'as_grad_stopped', 'reshape', 'ravel', 'flatten',
    'transpose', 'squeeze', 'swapaxes', 'repeat', 'take', 'dot', 'sum', 'max', 'min', 'mean', 'var', 'all', 'any',
    'argmax', 'argmin', 'clip', 'tolist', 'require_grad', 'is_grad_required', 'is_backprop_required', 'get_grad',
    'set_grad', 'cleargrad', 'backward',
)
NDARRAY_PRIVATE = (
    '_debug_data_memory_address', '_debug_flat_data', '_is_chained', '_debug_dump_computational_graph',
)
# §B.4: the 57 dunder names.
NDARRAY_DUNDERS = (
    '__init__', '__getstate__', '__setstate__', '__len__', '__bool__', '__int__', '__float__', '__repr__',
    '__getitem__', '__setitem__', '__eq__', '__ne__', '__lt__', '__le__', '__gt__', '__ge__', '__neg__', '__abs__',
    '__add__', '__radd__', '__sub__', '__rsub__', '__mul__', '__rmul__', '__truediv__', '__rtruediv__',
    '__floordiv__', '__rfloordiv__', '__pow__', '__rpow__', '__mod__', '__rmod__', '__and__', '__rand__',
    '__or__', '__ror__', '__xor__', '__rxor__', '__lshift__', '__rlshift__', '__rshift__', '__rrshift__',
    '__remainder__', '__rremainder__', '__iremainder__',
    '__iadd__', '__isub__', '__imul__', '__itruediv__', '__ifloordiv__', '__imod__', '__iand__', '__ior__',
    '__ixor__', '__ilshift__', '__irshift__', '__array_priority__', '__reduce_ex__',
)
NDARRAY = NDARRAY_PROPERTIES + NDARRAY_METHODS + NDARRAY_PRIVATE + NDARRAY_DUNDERS

# §A.0, §A.14, §A.15, §C.2, §C.5: private names other code (Chainer, the tests) relies on, as dotted paths
# from `chainerx`.
PRIVATE = (
    '_global_context', '_core', '_build_info.build_chainerx', '_to_cupy', '_core._to_cupy', '_core._is_debug',
    '_core._fromrawpointer', '_core._function_node_forward', '_testing._fromnumpy', '_testing._DeviceBuffer',
    '_device._recover_device', '_cuda.cupy_share_allocator', '_ndarray.populate', '_docs.set_docs',
    '_core._set_pybind_doc',
)

# §A.0 submodules, by import name.
SUBMODULES = (
    'chainerx._core', 'chainerx.linalg', 'chainerx._testing', 'chainerx.testing', 'chainerx.random',
    'chainerx.creation', 'chainerx.math', 'chainerx.manipulation', 'chainerx._device', 'chainerx._cuda',
    'chainerx._ndarray', 'chainerx._build_info', 'chainerx._docs',
)
# Consciously not provided, with the reason (the test reports them as skipped):
OMITTED_SUBMODULES = {
    'chainerx._pybind_cuda': 'the CUDA backend has no Python submodule of its own; chainerx._cuda holds the '
                             'CuPy interop that Python code uses',
    'chainerx._fallback_workarounds': 'the NumPy fallbacks live in their family modules (_arithmetic: fix, '
                                      'copysign; _manipulation: broadcast_arrays; _indexing: __getitem__, '
                                      '__setitem__, tolist), which chainerx._ndarray installs',
}
