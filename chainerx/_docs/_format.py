"""Builds Google-style docstrings (summary, notes, Args, Returns, Raises, Example) from their parts.

The family modules describe each name with `doc(...)` or with a template for a group of names that share a
form (unary math, binary arithmetic, reductions), so the section layout is written once.
"""

import textwrap
import typing as tp

Args = tp.Sequence[tp.Tuple[str, str]]

_WIDTH = 100


def _fill(text: str, first: str, rest: str) -> str:
    # A greedy word wrap: textwrap.fill gives the same lines here but made `import chainerx` 0.1 s slower.
    lines = []
    line = first
    for word in text.split():
        if len(line) + len(word) > _WIDTH and line.strip():
            lines.append(line.rstrip())
            line = rest
        line += word + ' '
    lines.append(line.rstrip())
    return '\n'.join(lines)


def _wrap(text: str, indent: str) -> str:
    return '\n\n'.join(_fill(p, indent, indent) for p in text.strip().split('\n\n'))


def _section(title: str, entries: tp.Sequence[tp.Tuple[str, str]]) -> str:
    return '\n'.join([title + ':'] + [_fill(text, '    ' + name + ': ', '        ') for name, text in entries])


def doc(summary: str, *, notes: str = '', args: Args = (), returns: str = '',
        raises: Args = (), example: str = '') -> str:
    """One docstring: `summary` (one sentence), `notes` (paragraphs: dtype rules, graph effects), then the
    `Args`, `Returns`, `Raises` and `Example` sections; `example` is doctest text checked by test_docs.py."""
    parts = [' '.join(summary.split())]
    if notes:
        parts.append(_wrap(notes, ''))
    if args:
        parts.append(_section('Args', args))
    if returns:
        parts.append('Returns:\n' + _wrap(returns, '    '))
    if raises:
        parts.append(_section('Raises', raises))
    if example:
        parts.append('Example:\n' + textwrap.indent(textwrap.dedent(example).strip(), '    '))
    return '\n\n'.join(parts) + '\n'


# Argument descriptions shared by many routines.
X = ('x', 'Input array (:class:`~chainerx.ndarray`).')
A = ('a', 'Input array.')
X1_X2 = (('x1', 'First operand.'), ('x2', 'Second operand, broadcast against ``x1``.'))
AXIS = ('axis', 'An axis (int), a sequence of axes, or ``None`` for all axes. Negative values count from '
                'the last axis.')
KEEPDIMS = ('keepdims', 'If ``True``, the reduced axes are kept as axes of length one.')
DTYPE = ('dtype', 'Element type: a ``numpy.dtype``, a name such as ``\'float32\'``, a one-character code, '
                  'a NumPy scalar type or ``bool``/``int``/``float``.')
DEVICE = ('device', 'A :class:`~chainerx.Device`, a name such as ``\'native:0\'``, or ``None`` for the '
                    'default device.')
BACKPROP_ID = ('backprop_id', 'The graph, a :class:`~chainerx.BackpropId`; ``None`` means the default graph.')

NEW_ARRAY = 'A new :class:`~chainerx.ndarray`.'
BAD_DTYPE = ('chainerx.DtypeError', 'If a dtype name or object is not one of the 9 chainerx dtypes.')
BAD_SHAPES = ('chainerx.DimensionError', 'If the operand shapes cannot be broadcast together.')
BAD_AXIS = ('chainerx.DimensionError', 'If an axis is out of range or repeated.')
BAD_DEVICES = ('chainerx.DeviceError', 'If the operands live on different devices.')

# Dtype rules repeated across families (chainerx's, not NumPy's: see chainerx-api.md §A.4).
MATH_DTYPE = ('Float inputs keep their dtype; bool and integer inputs give float32 (whatever their width).')
PROMOTION = ('The result dtype follows chainerx promotion: the wider type of the same kind, float beats '
             'any integer (int64 with float16 gives float16), int8 with uint8 gives int16. A Python or NumPy '
             'scalar takes the array\'s dtype unless it is a float and the array is not, which gives float32.')


def scope_methods(cls: str, entered: str, returns: str = 'None.') -> tp.Dict[str, str]:
    """``__enter__`` and ``__exit__`` of a context-manager class."""
    return {
        cls + '.__enter__': doc('Enters the scope: ' + entered, returns=returns),
        cls + '.__exit__': doc('Leaves the scope, restoring the previous state.',
                               args=[('args', 'The exception type, value and traceback (ignored).')]),
    }
