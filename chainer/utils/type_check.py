"""The type-checking mini-language of `FunctionNode.check_type_forward`.

A function states what it expects of its inputs as comparisons of symbolic expressions:

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'W'))
        x_type, w_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.shape[1] == w_type.shape[1],
        )

`in_types` holds one `Variable` expression per input, wrapping a `TypeInfo` (shape, dtype, ndim,
size). Attribute access, indexing, calls and operators on expressions build larger expressions that
can both evaluate and print themselves, so a failed `expect` names the condition as written and
the values found:

    Invalid operation is performed in: LinearFunction (Forward)

    Expect: x.shape[1] == W.shape[1]
    Actual: 3 != 4

Note [Light mode]: building and printing expressions costs microseconds per condition, which adds
up over the thousands of function calls of a training step. So the core first runs
`check_type_forward` inside `with light_mode:` on `get_light_types(in_data)`, where `in_types`
holds the arrays themselves and every condition is an ordinary Python value; only when that raises
`InvalidType` does it run the check again on `get_types(...)` expressions, inside
`get_function_check_context(function)`, to produce the message. A check must therefore give the
same verdict in both modes: it may use `expect`, `argname`, `eval`, `make_variable`, `prod` and
`in_types.size()`, which all work on plain values in light mode, but must not branch on a
condition (`if x_type.ndim == 2:`), which is an error on expressions (see `Expr.__bool__`);
`eval(x_type.ndim) == 2` is the way to branch. Light mode evaluates eagerly, so `x_type.shape[1]`
of a 1-d input is an IndexError there, while in full mode it is a condition that `expect` may
never reach (an earlier `x_type.ndim == 2` fails first): the core reruns the check in full mode
after any exception in light mode, not only after `InvalidType`.
"""

import contextlib
import operator
import threading
from typing import Any, Iterator, Optional, Sequence, Tuple

import numpy

import chainerx
from chainer.utils.array import size_of_shape

_thread_local = threading.local()


class TypeInfo:
    """The shape and dtype of one array, as type checks see it.

    Attributes:
        shape (tuple of ints): The array's shape.
        dtype (numpy.dtype): Its dtype (None for a missing gradient, see `get_types`).
        ndim (int): `len(shape)`.
        size (int): The number of elements.
    """

    def __init__(self, shape: Tuple[int, ...], dtype: Optional[numpy.dtype]) -> None:
        self.shape = shape
        self.dtype = dtype
        self.ndim = len(shape)
        self.size = size_of_shape(shape)

    def __repr__(self) -> str:
        return 'TypeInfo(shape={}, dtype={})'.format(self.shape, self.dtype)


class TypeInfoTuple(tuple):
    """The `Variable` expressions of a function's arrays; `name` is how messages call the tuple."""

    name = 'in_types'

    def size(self) -> 'Variable':
        """Returns the number of arrays as an expression printed as `<name>.size`."""
        return Variable(len(self), '{}.size'.format(self.name))


class LightTypeInfoTuple(tuple):
    """The arrays (or `TypeInfo`s) themselves, as light-mode checks see them."""

    def size(self) -> int:
        """Returns the number of arrays."""
        return len(self)


def get_types(data: tuple, name: str, accept_none: bool,
              shapes: Optional[Sequence[tuple]] = None) -> TypeInfoTuple:
    """Wraps the shapes and dtypes of arrays in `Variable` expressions named `<name>[i]`.

    Args:
        data (tuple): NumPy, CuPy or chainerx arrays (None allowed where `accept_none`).
        name (str): The tuple's name in messages, e.g. `'in_types'`.
        accept_none (bool): Whether None stands for a missing array; it gets shape `()` and dtype
            None.
        shapes (sequence of tuples): Shapes to report instead of the arrays' own.

    Returns:
        TypeInfoTuple: One `Variable(TypeInfo(...), '<name>[i]')` per array.

    Raises:
        TypeError: `data` is not a tuple, or holds something that is not an array.
    """
    if not isinstance(data, tuple):
        raise TypeError('get_types takes a tuple of arrays, not {}'.format(type(data).__name__))
    if shapes is None:
        shapes = (None,) * len(data)
    info = TypeInfoTuple(_get_type(name, index, array, accept_none, shape)
                         for index, (array, shape) in enumerate(zip(data, shapes)))
    info.name = name
    return info


def get_light_types(data: tuple, shapes: Optional[Sequence[tuple]] = None) -> LightTypeInfoTuple:
    """Returns `data` as a light-mode `in_types` (see Note [Light mode]).

    Args:
        data (tuple): The arrays.
        shapes (sequence of tuples): Shapes to report instead of the arrays' own; the result then
            holds `TypeInfo`s.
    """
    if shapes is None:
        return LightTypeInfoTuple(data)
    return LightTypeInfoTuple(TypeInfo(shape, array.dtype) for array, shape in zip(data, shapes))


def _get_type(name, index, array, accept_none, shape):
    var_name = '{}[{}]'.format(name, index)
    if array is None:
        if accept_none:
            return Variable(TypeInfo((), None), var_name)
        raise TypeError('{} is None, but an array is required'.format(var_name))
    try:
        dtype = array.dtype
        if shape is None:
            shape = array.shape
    except AttributeError:
        raise TypeError('{} must be an array, not {}'.format(
            var_name, type(array).__name__)) from None
    return Variable(TypeInfo(shape, dtype), var_name)


# Binding strengths for printing, as in Python's grammar; an operand binding more loosely than its
# operator is parenthesised.
_COMPARE, _OR, _XOR, _AND, _SHIFT, _ADD, _MUL, _UNARY, _POW, _ATOM = range(10)


class Expr:
    """A symbolic expression over the types of a function's arrays.

    Operators, attribute access (`x.shape`), indexing (`x.shape[1]`) and calls build larger
    expressions; comparisons build `Testable` ones for `expect`. `str()` gives the expression as
    written and `eval()` its value.
    """

    priority = _ATOM
    # NumPy operands (e.g. `numpy.int64(2) * x.ndim`) return NotImplemented, so that Python calls
    # the reflected operator of the expression instead of broadcasting over it.
    __array_ufunc__ = None

    def eval(self) -> Any:
        """Returns the value of the expression."""
        raise NotImplementedError

    def __bool__(self):
        raise RuntimeError('Don\'t convert Expr to bool. Please call Expr.eval method to '
                           'evaluate expression.')

    def __getattr__(self, name: str) -> 'GetAttr':
        if name.startswith('__') and name.endswith('__'):
            raise AttributeError(name)  # Protocols (copy, pickle, numpy) must not see expressions.
        return GetAttr(self, name)

    def __getitem__(self, key: Any) -> 'GetItem':
        return GetItem(self, key)

    def __iter__(self):
        # Without this, Python would iterate through __getitem__ forever (`list(x.shape)`).
        raise TypeError('Don\'t iterate over Expr (e.g. unpack a shape). Please call Expr.eval '
                        'method to evaluate expression.')

    def __call__(self, *args: Any) -> 'Call':
        return Call(self, args)


def _as_expr(value):
    return value if isinstance(value, Expr) else Constant(value)


def _value_str(value):
    """Prints a value the way messages show it: `f`, `(2, 3)`, `float32`, `numpy.float32`."""
    if isinstance(value, type):
        module = value.__module__
        if module == 'builtins':
            return value.__name__
        if module.split('.')[0] == 'numpy':
            return 'numpy.' + value.__name__
        return '{}.{}'.format(module, value.__qualname__)
    return str(value)


def _operand_str(expr, priority, parenthesise_equal):
    text = str(expr)
    if expr.priority < priority or (parenthesise_equal and expr.priority == priority):
        return '({})'.format(text)
    return text


def _eval(value):
    """Evaluates an expression, or an index key that may contain expressions."""
    if isinstance(value, Expr):
        return value.eval()
    if isinstance(value, slice):
        return slice(_eval(value.start), _eval(value.stop), _eval(value.step))
    if isinstance(value, tuple):
        return tuple(_eval(item) for item in value)
    return value


def _key_str(key):
    if isinstance(key, Expr):
        return str(key)
    if isinstance(key, slice):
        parts = ['' if part is None else _key_str(part)
                 for part in (key.start, key.stop, key.step)]
        return ':'.join(parts if key.step is not None else parts[:2])
    if isinstance(key, tuple):
        return ', '.join(_key_str(item) for item in key) + (',' if len(key) == 1 else '')
    if key is Ellipsis:
        return '...'
    return repr(key)


class Atom(Expr):
    """An expression that binds tightest when printed: a name, a constant, or a member access."""


class Constant(Atom):
    """A literal value inside an expression, e.g. the `2` of `x.ndim == 2`."""

    def __init__(self, value: Any) -> None:
        self.value = value

    @property
    def priority(self):
        # A negative number prints with a sign: `(-1) ** x`, not `-1 ** x`.
        is_number = isinstance(self.value, (int, float, numpy.integer, numpy.floating))
        is_negative = is_number and self.value < 0
        return _UNARY if is_negative else _ATOM

    def eval(self) -> Any:
        return self.value

    def __str__(self) -> str:
        return _value_str(self.value)


class Variable(Atom):
    """A named value, e.g. `in_types[0]` (a `TypeInfo`) or `in_types.size` (an int).

    Attributes:
        value: What the expression evaluates to.
        name (str): How messages print it; `argname` renames the inputs.
    """

    def __init__(self, value: Any, name: str) -> None:
        self.value = value
        self.name = name

    def eval(self) -> Any:
        return self.value

    def __str__(self) -> str:
        return self.name


class Member(Atom):
    """An expression derived from another one, `obj`: its attribute, item, or call result."""

    def __init__(self, obj: Any) -> None:
        self.obj = _as_expr(obj)

    def _obj_str(self):
        return _operand_str(self.obj, _ATOM, False)


class GetAttr(Member):
    """`obj.name`, e.g. `x.shape`."""

    def __init__(self, obj: Any, name: str) -> None:
        super().__init__(obj)
        self.name = name

    def eval(self) -> Any:
        return getattr(self.obj.eval(), self.name)

    def __str__(self) -> str:
        return '{}.{}'.format(self._obj_str(), self.name)


class GetItem(Member):
    """`obj[key]`, e.g. `x.shape[1]` or `x.shape[1:]`; the key may contain expressions."""

    def __init__(self, obj: Any, key: Any) -> None:
        super().__init__(obj)
        self.key = key

    def eval(self) -> Any:
        return self.obj.eval()[_eval(self.key)]

    def __str__(self) -> str:
        return '{}[{}]'.format(self._obj_str(), _key_str(self.key))


class Call(Member):
    """`obj(*args)`, e.g. `prod(x.shape)`."""

    def __init__(self, obj: Any, args: Sequence[Any]) -> None:
        super().__init__(obj)
        self.args = tuple(_as_expr(arg) for arg in args)

    def eval(self) -> Any:
        return self.obj.eval()(*[arg.eval() for arg in self.args])

    def __str__(self) -> str:
        return '{}({})'.format(self._obj_str(), ', '.join(str(arg) for arg in self.args))


class UnaryOperator(Expr):
    """A prefix operator: `-x`, `+x` or `~x`."""

    def __init__(self, priority: int, term: Any, exp: str, func: Any) -> None:
        self.priority = priority
        self.term = _as_expr(term)
        self.exp = exp
        self.func = func

    def eval(self) -> Any:
        return self.func(self.term.eval())

    def __str__(self) -> str:
        return self.exp + _operand_str(self.term, self.priority, False)


class BinaryOperator(Expr):
    """An infix operator such as `x.shape[0] * 2`; `**` is right-associative."""

    def __init__(self, priority: int, lhs: Any, rhs: Any, exp: str, func: Any,
                 right_associative: bool = False) -> None:
        self.priority = priority
        self.lhs = _as_expr(lhs)
        self.rhs = _as_expr(rhs)
        self.exp = exp
        self.func = func
        self.right_associative = right_associative

    def eval(self) -> Any:
        return self.func(self.lhs.eval(), self.rhs.eval())

    def _operand_strs(self):
        return (_operand_str(self.lhs, self.priority, self.right_associative),
                _operand_str(self.rhs, self.priority, not self.right_associative))

    def __str__(self) -> str:
        left, right = self._operand_strs()
        return '{} {} {}'.format(left, self.exp, right)


class Testable:
    """A condition that `expect` can test."""

    def expect(self) -> None:
        """Raises `InvalidType` unless the condition holds."""
        raise NotImplementedError


class BoolBinaryOperator(BinaryOperator, Testable):
    """A comparison such as `x.ndim == 2`; on failure it reports the inverse, e.g. `3 != 2`.

    Args:
        lhs, rhs: The operands (expressions or values).
        exp (str): The operator, e.g. `'=='`.
        inv (str): Its negation, e.g. `'!='`, used in the `Actual:` line.
        func: The comparison on values.
    """

    def __init__(self, lhs: Any, rhs: Any, exp: str, inv: str, func: Any) -> None:
        super().__init__(_COMPARE, lhs, rhs, exp, func)
        self.inv = inv

    def _operand_strs(self):
        # Comparisons do not chain as expressions: `(a < b) == c` keeps its parentheses.
        return (_operand_str(self.lhs, _COMPARE, True), _operand_str(self.rhs, _COMPARE, True))

    def expect(self) -> None:
        left = self.lhs.eval()
        right = self.rhs.eval()
        if not self.func(left, right):
            raise InvalidType(
                str(self), '{} {} {}'.format(_value_str(left), self.inv, _value_str(right)))


class Bool(Expr, Testable):
    """A condition given by any expression whose value must be true, e.g. a `Call` of a predicate.

    Example:
        >>> is_float = type_check.Variable(numpy.issubdtype, 'issubdtype')
        >>> type_check.expect(type_check.Bool(is_float(x_type.dtype, numpy.floating)))
    """

    def __init__(self, expr: Any) -> None:
        self.expr = expr

    @property
    def priority(self):
        return _as_expr(self.expr).priority

    def eval(self) -> bool:
        return bool(_eval(self.expr))

    def __str__(self) -> str:
        return str(_as_expr(self.expr))

    def expect(self) -> None:
        value = _eval(self.expr)
        if not value:
            raise InvalidType(str(self), '{} is false'.format(_value_str(value)))


def _binary_method(exp, priority, func, reflected):
    right_associative = exp == '**'

    def method(self, other):
        lhs, rhs = (other, self) if reflected else (self, other)
        return BinaryOperator(priority, lhs, rhs, exp, func, right_associative)
    return method


def _comparison_method(exp, inv, func):
    # Python calls the mirrored method for a reflected comparison (`2 <= x` -> `x.__ge__(2)`).
    def method(self, other):
        return BoolBinaryOperator(self, other, exp, inv, func)
    return method


def _unary_method(exp, func):
    def method(self):
        return UnaryOperator(_UNARY, self, exp, func)
    return method


def _install_operators():
    arithmetic = (
        ('add', '+', _ADD, operator.add), ('sub', '-', _ADD, operator.sub),
        ('mul', '*', _MUL, operator.mul), ('truediv', '/', _MUL, operator.truediv),
        ('floordiv', '//', _MUL, operator.floordiv), ('mod', '%', _MUL, operator.mod),
        ('pow', '**', _POW, operator.pow), ('lshift', '<<', _SHIFT, operator.lshift),
        ('rshift', '>>', _SHIFT, operator.rshift), ('and', '&', _AND, operator.and_),
        ('xor', '^', _XOR, operator.xor), ('or', '|', _OR, operator.or_),
    )
    for name, exp, priority, func in arithmetic:
        setattr(Expr, '__{}__'.format(name), _binary_method(exp, priority, func, False))
        setattr(Expr, '__r{}__'.format(name), _binary_method(exp, priority, func, True))
    comparisons = (
        ('eq', '==', '!=', operator.eq), ('ne', '!=', '==', operator.ne),
        ('lt', '<', '>=', operator.lt), ('le', '<=', '>', operator.le),
        ('gt', '>', '<=', operator.gt), ('ge', '>=', '<', operator.ge),
    )
    for name, exp, inv, func in comparisons:
        setattr(Expr, '__{}__'.format(name), _comparison_method(exp, inv, func))
    for name, exp, func in (('neg', '-', operator.neg), ('pos', '+', operator.pos),
                            ('invert', '~', operator.invert)):
        setattr(Expr, '__{}__'.format(name), _unary_method(exp, func))
    # Expressions stay hashable by identity although `==` builds an expression.
    Expr.__hash__ = object.__hash__


_install_operators()


def _function_label(function):
    label = getattr(function, 'label', None)
    return label if isinstance(label, str) else type(function).__name__


class InvalidType(Exception):
    """Raised when a function's inputs fail its type check.

    Args:
        expect (str): The failed condition, e.g. `'x.ndim == 2'`.
        actual (str): The values found, e.g. `'3 != 2'`.
        msg (str): The whole message; by default `Expect: ...` and `Actual: ...` lines, preceded
            by `Invalid operation is performed in: <label> (Forward)` inside
            `get_function_check_context`.

    Attributes:
        expect (str): As given.
        actual (str): As given.
    """

    def __init__(self, expect: str, actual: str, msg: Optional[str] = None) -> None:
        if msg is None:
            msg = 'Expect: {}\nActual: {}'.format(expect, actual)
            function = getattr(_thread_local, 'current_function', None)
            if function is not None:
                msg = '\nInvalid operation is performed in: {} (Forward)\n\n{}'.format(
                    _function_label(function), msg)
        super().__init__(msg)
        self.expect = expect
        self.actual = actual

    def __reduce__(self):
        # The rendered message travels whole: the unpickling side has no function context.
        return type(self), (self.expect, self.actual, self.args[0])


@contextlib.contextmanager
def get_function_check_context(function: Any) -> Iterator[None]:
    """Names `function` (by its `label`) in the `InvalidType` messages raised inside the block.

    Args:
        function: The FunctionNode (or Function) whose check runs in the block.
    """
    previous = getattr(_thread_local, 'current_function', None)
    _thread_local.current_function = function
    try:
        yield
    finally:
        _thread_local.current_function = previous


class LightMode:
    """The context manager `light_mode`, in which checks run on plain values.

    See Note [Light mode]. Entries nest and are per thread.
    """

    def __enter__(self) -> None:
        stack = _thread_local.__dict__.setdefault('light_mode_stack', [])
        stack.append(in_light_mode())
        _thread_local.light_mode = True

    def __exit__(self, *exc_info: Any) -> None:
        _thread_local.light_mode = _thread_local.light_mode_stack.pop()


light_mode = LightMode()


def in_light_mode() -> bool:
    """Returns whether the current thread is inside `with light_mode:`."""
    return getattr(_thread_local, 'light_mode', False)


def expect(*bool_exprs: Any) -> None:
    """Checks conditions in order and raises `InvalidType` for the first that fails.

    Args:
        bool_exprs: `Testable` expressions (comparisons of expressions, `Bool`); in light mode
            plain values, tested for truth.

    Raises:
        InvalidType: A condition does not hold.
        TypeError: Outside light mode, a condition is not `Testable` (e.g. a plain bool).
    """
    if in_light_mode():
        for expr in bool_exprs:
            if isinstance(expr, Testable):
                expr.expect()
            elif not expr:
                raise InvalidType('', '')  # Light mode needs the verdict only.
        return
    for expr in bool_exprs:
        if not isinstance(expr, Testable):
            raise TypeError('type_check.expect takes conditions on type_check expressions, not '
                            '{!r}'.format(expr))
        expr.expect()


def argname(in_types: Sequence[Any], names: Sequence[str]) -> None:
    """Checks the number of arrays and gives them names for messages (`x`, `W`, ...).

    Args:
        in_types: The `in_types` of `check_type_forward` (or a slice of it).
        names (sequence of str): One name per array.

    Raises:
        InvalidType: The numbers differ.
    """
    if len(in_types) != len(names):
        raise InvalidType('{} argument(s)'.format(len(names)),
                          '{} argument(s)'.format(len(in_types)))
    for in_type, name in zip(in_types, names):
        if isinstance(in_type, Variable):
            in_type.name = name


_argname = argname


def eval(exp: Any) -> Any:  # NOQA: shadows the builtin on purpose, as the original API does.
    """Returns the value of an expression (a plain value, as in light mode, is returned as is)."""
    return exp.eval() if isinstance(exp, Expr) else exp


def make_variable(value: Any, name: str) -> Any:
    """Returns `Variable(value, name)`, or `value` itself in light mode.

    Use it to name a function parameter in conditions: `x.ndim > make_variable(axis, 'axis')`.
    """
    if in_light_mode():
        return value
    return Variable(value, name)


def _product(values):
    result = 1
    for value in values:
        result *= value
    return result


_prod = Variable(_product, 'prod')


def prod(values: Any) -> Any:
    """Returns the product of a shape (an int in light mode, else an expression `prod(...)`).

    Example:
        >>> type_check.expect(type_check.prod(x_type.shape) == w_type.shape[1])
    """
    if in_light_mode():
        return _product(_eval(values))
    return _prod(values)


def _array_family(array):
    if isinstance(array, numpy.ndarray):
        return 'numpy'
    if isinstance(array, chainerx.ndarray):
        return 'chainerx'
    return type(array).__module__.split('.')[0]  # 'cupy' for CuPy arrays.


def same_types(*arrays: Any) -> bool:
    """Returns whether all arrays belong to one backend (all NumPy, all CuPy or all chainerx)."""
    return len({_array_family(array) for array in arrays}) <= 1
