"""Docstrings of the arithmetic and bitwise routines (chainerx/python/arithmetic.cc)."""

from chainerx._docs._format import PROMOTION
from chainerx._docs._templates import arithmetic, unary_docs, unary_math

_TRUE_DIV = ('Integer and mixed operands give float32 (not NumPy\'s float64); otherwise ' + PROMOTION[0].lower()
             + PROMOTION[1:])
_INTEGRAL = ('Operands must be bool or integers; the result dtype follows chainerx promotion.')
_NOT_INTEGRAL = ('chainerx.DtypeError', 'If an operand is a float array or a float scalar.')
_KEEP = 'The result has the dtype of ``x``.'
_SHIFT = ('Operands must be integers. The result has the dtype of ``x1`` (``x2`` is cast to it, as in the '
          'original ChainerX, not NumPy\'s promotion); a scalar ``x1`` shifts in int64.')
_SHIFT_RAISES = ('chainerx.DtypeError', 'If an operand is a float array or a float scalar.')
_NO_BOOL_MIX = ('chainerx.DtypeError', 'If exactly one operand is a bool array (as in the original ChainerX).')

DOCS = {
    'negative': unary_math(
        'negative', 'Numerical negative, elementwise: ``-x``.', dtype=_KEEP,
        raises=[('chainerx.DtypeError', 'If ``x`` is bool.')], example_dtype='int32'),
    'add': arithmetic('Adds the operands elementwise: ``x1 + x2``.'),
    'subtract': arithmetic('Subtracts the operands elementwise: ``x1 - x2``.'),
    'multiply': arithmetic('Multiplies the operands elementwise: ``x1 * x2``.', bool_ok=True,
                           dtype=PROMOTION + ' Bool operands are allowed (the only arithmetic op that '
                                             'takes them).'),
    'divide': arithmetic('True division, elementwise: ``x1 / x2`` (the same as :func:`true_divide`).',
                         dtype=_TRUE_DIV),
    'true_divide': arithmetic('True division, elementwise: ``x1 / x2``.', dtype=_TRUE_DIV),
    'floor_divide': arithmetic('Floor division, elementwise: ``x1 // x2``.',
                               dtype=PROMOTION + ' Integer dtypes are kept.', differentiable=False),
    'power': arithmetic('Raises ``x1`` to the power ``x2``, elementwise.'),
    'remainder': arithmetic('Remainder of floor division, elementwise, with the sign of ``x2`` (Python\'s '
                            '``%``). ``chainerx.mod`` is the same function.'),
    'fmod': arithmetic('Remainder of truncated division, elementwise, with the sign of ``x1`` (C\'s fmod).',
                       bool_ok=True, scalars=False, dtype='Integer operands keep the promoted integer dtype (a '
                                                         'zero divisor gives 0, as NumPy); bool operands give '
                                                         'float32; float operands follow chainerx promotion.'),
    'maximum': arithmetic('Elementwise maximum of the operands; NaN wins.', bool_ok=True,
                          raises=[_NO_BOOL_MIX]),
    'minimum': arithmetic('Elementwise minimum of the operands; NaN wins.', bool_ok=True,
                          raises=[_NO_BOOL_MIX]),
    'bitwise_and': arithmetic('Bitwise AND, elementwise: ``x1 & x2``.', bool_ok=True, dtype=_INTEGRAL,
                              differentiable=False, raises=[_NOT_INTEGRAL]),
    'bitwise_or': arithmetic('Bitwise OR, elementwise: ``x1 | x2``.', bool_ok=True, dtype=_INTEGRAL,
                             differentiable=False, raises=[_NOT_INTEGRAL]),
    'bitwise_xor': arithmetic('Bitwise XOR, elementwise: ``x1 ^ x2``.', bool_ok=True, dtype=_INTEGRAL,
                              differentiable=False, raises=[_NOT_INTEGRAL]),
    'left_shift': arithmetic('Shifts the bits of ``x1`` left by ``x2``, elementwise: ``x1 << x2``.',
                             dtype=_SHIFT, differentiable=False, raises=[_SHIFT_RAISES]),
    'right_shift': arithmetic('Shifts the bits of ``x1`` right by ``x2``, elementwise: ``x1 >> x2``.',
                              dtype=_SHIFT, differentiable=False, raises=[_SHIFT_RAISES]),
    'abs': unary_math('abs', 'Absolute value, elementwise. ``chainerx.absolute`` is the same function.',
                      dtype=_KEEP, example_dtype='int32'),
    'sign': unary_math('sign', 'Sign of each element: -1, 0 or 1 (``x`` itself for bool).', dtype=_KEEP,
                       example_dtype='int32', differentiable=False),
    'reciprocal': unary_math('reciprocal', 'Reciprocal, elementwise: ``1 / x``.',
                             raises=[('chainerx.DtypeError', 'If ``x`` is bool.')],
                             example_input='chainerx.arange(1, 3)'),
}
DOCS['square'] = unary_math('square', 'Square, elementwise: ``x * x``.', dtype=_KEEP, example_dtype='int32',
                            raises=[('chainerx.DtypeError', 'If ``x`` is bool.')])
DOCS.update(unary_docs({
    'sqrt': 'Non-negative square root, elementwise (NaN for negative inputs).',
    'fabs': 'Absolute value as a float, elementwise.',
}))
