"""Docstring templates for the groups of routines that share a form: unary math, binary arithmetic,
comparisons and reductions. Each takes what differs (summary, dtype rule, errors) and lays out the rest."""

import typing as tp

from chainerx._docs._format import (
    AXIS, BAD_AXIS, BAD_DEVICES, BAD_SHAPES, KEEPDIMS, MATH_DTYPE, PROMOTION, X, X1_X2, Args, doc)

_BOOL_OPERAND = ('chainerx.DtypeError', 'If an operand (array or Python bool) is bool.')


def unary_math(name: str, summary: str, *, dtype: str = MATH_DTYPE, domain: str = '',
               raises: Args = (), example_input: str = 'chainerx.arange(3)',
               example_dtype: str = 'float32', differentiable: bool = True) -> str:
    """An elementwise function of one array; the example shows the result dtype of ``example_input``."""
    notes = dtype + (' Differentiable (first and higher order).' if differentiable else '')
    notes += ' ' + domain if domain else ''
    example = '>>> chainerx.{}({}).dtype\ndtype(\'{}\')'.format(name, example_input, example_dtype)
    return doc(summary, notes=notes, args=[X], returns='A new array of the same shape.', raises=raises,
               example=example)


def unary_docs(entries: tp.Mapping[str, str], **kwargs: tp.Any) -> tp.Dict[str, str]:
    """``{name: unary_math(name, summary, **kwargs)}`` for a table of names and summaries."""
    return {name: unary_math(name, summary, **kwargs) for name, summary in entries.items()}


def binary(summary: str, *, dtype: str = PROMOTION, scalars: bool = True, raises: Args = (),
           differentiable: bool = True) -> str:
    """An elementwise function of two broadcast operands."""
    operand_kind = ('Arrays or scalars (at least one must be an array).' if scalars else
                    'Arrays (Python scalars are not accepted; use the ndarray operators for those).')
    notes = dtype + (' Differentiable.' if differentiable else ' Not differentiable.')
    args = [(X1_X2[0][0], X1_X2[0][1] + ' ' + operand_kind), X1_X2[1]]
    return doc(summary, notes=notes, args=args, returns='A new array of the broadcast shape.',
               raises=list(raises) + [BAD_SHAPES, BAD_DEVICES]
               + ([] if scalars else [('TypeError', 'If an operand is not an array.')]))


def arithmetic(summary: str, *, bool_ok: bool = False, dtype: str = PROMOTION, **kwargs: tp.Any) -> str:
    raises = list(kwargs.pop('raises', ()))
    if not bool_ok:
        raises.insert(0, _BOOL_OPERAND)
    return binary(summary, dtype=dtype, raises=raises, **kwargs)


def comparison(summary: str, *, scalars: bool = False) -> str:
    return binary(summary, dtype='The result is a bool array; operands of different dtypes are compared '
                                 'after promotion.', scalars=scalars, differentiable=False,
                  raises=[('chainerx.DtypeError', 'If exactly one operand is a bool array (as in the original '
                                                  'ChainerX).')])


def reduction(summary: str, dtype: str, *, raises: Args = (), has_keepdims: bool = True,
              differentiable: bool = True, arg: str = 'a') -> str:
    args = [(arg, 'Input array.'), AXIS] + ([KEEPDIMS] if has_keepdims else [])
    notes = dtype + (' Differentiable.' if differentiable else '')
    return doc(summary, notes=notes, args=args,
               returns='A new array with the reduced axes removed (or of length one with ``keepdims``).',
               raises=list(raises) + [BAD_AXIS])
