// Arithmetic routines: + - * / // % ** and the math, extrema and bitwise functions of NumPy's arithmetic
// section. Array-array forms broadcast their operands and promote dtypes (type_util.h); array-scalar forms keep
// the array's dtype unless a float scalar meets a non-float array (float32). All throw DimensionError for
// shapes that do not broadcast and DeviceError for arrays on different devices. Backward is written with these
// same routines, so every differentiable routine here supports double backprop.
//
//     Array y = Maximum(Power(x, 2), 0.5) % 3;
#pragma once

#include "chainerx/core/array.h"
#include "chainerx/core/scalar.h"

namespace chainerx {

// DtypeError for bool operands.
Array Add(const Array& x1, const Array& x2);
Array Add(const Array& x1, Scalar x2);
Array Add(Scalar x1, const Array& x2);

// DtypeError for bool operands.
Array Subtract(const Array& x1, const Array& x2);
Array Subtract(const Array& x1, Scalar x2);
Array Subtract(Scalar x1, const Array& x2);

// The only arithmetic routine that accepts bool (logical and).
Array Multiply(const Array& x1, const Array& x2);
Array Multiply(const Array& x1, Scalar x2);
Array Multiply(Scalar x1, const Array& x2);

// DtypeError for bool.
Array Negative(const Array& x);

// True division. Non-float results are float32 (int32 / int32 → float32). DtypeError for bool operands.
// TrueDivide is the same routine.
Array Divide(const Array& x1, const Array& x2);
Array Divide(const Array& x1, Scalar x2);
Array Divide(Scalar x1, const Array& x2);
inline Array TrueDivide(const Array& x1, const Array& x2) { return Divide(x1, x2); }
inline Array TrueDivide(const Array& x1, Scalar x2) { return Divide(x1, x2); }
inline Array TrueDivide(Scalar x1, const Array& x2) { return Divide(x1, x2); }

// Floor division, keeping integer dtypes (float operands give floor(x1 / x2) in their float dtype). Integer
// division by zero gives 0; float division by zero gives inf or NaN, as NumPy. DtypeError for bool operands.
// Not differentiable (no backward is recorded).
Array FloorDivide(const Array& x1, const Array& x2);
Array FloorDivide(const Array& x1, Scalar x2);
Array FloorDivide(Scalar x1, const Array& x2);

// 1 / x, the same as Divide(1, x): non-float inputs give float32; DtypeError for bool.
Array Reciprocal(const Array& x);

// x1 ** x2 in the promoted dtype (int ** int stays int, wrapping on overflow; a negative integer exponent
// gives the truncated result, 0 unless |x1| == 1). DtypeError for bool operands. Gradients flow to both
// operands: x2 * x1 ** (x2 - 1) and log(x1) * x1 ** x2.
Array Power(const Array& x1, const Array& x2);
Array Power(const Array& x1, Scalar x2);
Array Power(Scalar x1, const Array& x2);

// The remainder of floor division with the sign of x2 (Python's %, NumPy's remainder/mod), also for floats.
// Integer remainder by zero gives 0. DtypeError for bool operands. Gradients: gout for x1 and
// -gout * floor_divide(x1, x2) for x2.
Array Remainder(const Array& x1, const Array& x2);
Array Remainder(const Array& x1, Scalar x2);
Array Remainder(Scalar x1, const Array& x2);

// C's fmod: the remainder with the sign of x1, in the promoted dtype (integers stay integers, 0 for a zero
// divisor; bool operands give float32). Gradients: gout for x1 and -gout * trunc(x1 / x2) for x2.
Array Fmod(const Array& x1, const Array& x2);

// x * x in x's dtype (integers stay integers, as in the original); DtypeError for bool.
Array Square(const Array& x);

// The square root; non-float inputs (bool included) give float32.
Array Sqrt(const Array& x);

// |x| in x's dtype (bool and unsigned are unchanged, INT_MIN stays INT_MIN, as NumPy). The gradient is
// gout * sign(x), so 0 at x == 0.
Array Absolute(const Array& x);

// |x| as a float: Absolute of x cast to MathDtype (non-float inputs give float32).
Array Fabs(const Array& x);

// -1, 0 or 1 in x's dtype (NaN stays NaN; for bool, x itself). Not differentiable.
Array Sign(const Array& x);

// Elementwise maximum / minimum in the promoted dtype; NaN in either operand propagates. Ties return x1, and
// the gradient goes to the operand returned: all of gout to x1 at ties, none to x2.
Array Maximum(const Array& x1, const Array& x2);
Array Maximum(const Array& x1, Scalar x2);
Array Maximum(Scalar x1, const Array& x2);
Array Minimum(const Array& x1, const Array& x2);
Array Minimum(const Array& x1, Scalar x2);
Array Minimum(Scalar x1, const Array& x2);
// Minimum(Maximum(x, low), high), with their dtypes, values and gradients; in one kernel (and one graph node) where
// both steps compute in the same dtype, the common case (Note [Clip in one pass]).
Array Clip(const Array& x, Scalar low, Scalar high);

// Bitwise operations on bool and integer operands, in the promoted dtype. DtypeError if an operand is a float
// (array or scalar). Not differentiable.
Array BitwiseAnd(const Array& x1, const Array& x2);
Array BitwiseAnd(const Array& x1, Scalar x2);
Array BitwiseAnd(Scalar x1, const Array& x2);
Array BitwiseOr(const Array& x1, const Array& x2);
Array BitwiseOr(const Array& x1, Scalar x2);
Array BitwiseOr(Scalar x1, const Array& x2);
Array BitwiseXor(const Array& x1, const Array& x2);
Array BitwiseXor(const Array& x1, Scalar x2);
Array BitwiseXor(Scalar x1, const Array& x2);
// x1 << x2 and the arithmetic shift x1 >> x2. Counts at or beyond the bit width, or negative, shift every bit
// out (0, or -1 for negative x1 shifted right), as NumPy. The result has x1's dtype (x2 is cast to it, as in the
// original); a scalar x1 shifts in int64. DtypeError for bool or float operands.
Array LeftShift(const Array& x1, const Array& x2);
Array LeftShift(const Array& x1, Scalar x2);
Array LeftShift(Scalar x1, const Array& x2);
Array RightShift(const Array& x1, const Array& x2);
Array RightShift(const Array& x1, Scalar x2);
Array RightShift(Scalar x1, const Array& x2);

namespace internal {

// In-place forms: out = out op x (x broadcast to out's shape), computed and stored in out's dtype with x cast to
// it, even where promotion would widen (int16 *= int32), as the original does. DtypeError for a float x into a
// non-float out, a non-bool x into a bool out, and the operands each op rejects; ChainerxError if out requires
// grad.
void IAdd(const Array& out, const Array& x);
void IAdd(const Array& out, Scalar x);
void ISubtract(const Array& out, const Array& x);
void ISubtract(const Array& out, Scalar x);
void IMultiply(const Array& out, const Array& x);
void IMultiply(const Array& out, Scalar x);
// DtypeError unless out is floating-point.
void IDivide(const Array& out, const Array& x);
void IDivide(const Array& out, Scalar x);
// DtypeError for bool operands.
void IFloorDivide(const Array& out, const Array& x);
void IFloorDivide(const Array& out, Scalar x);
void IRemainder(const Array& out, const Array& x);
void IRemainder(const Array& out, Scalar x);
// DtypeError for float operands.
void IBitwiseAnd(const Array& out, const Array& x);
void IBitwiseAnd(const Array& out, Scalar x);
void IBitwiseOr(const Array& out, const Array& x);
void IBitwiseOr(const Array& out, Scalar x);
void IBitwiseXor(const Array& out, const Array& x);
void IBitwiseXor(const Array& out, Scalar x);
void ILeftShift(const Array& out, const Array& x);
void ILeftShift(const Array& out, Scalar x);
void IRightShift(const Array& out, const Array& x);
void IRightShift(const Array& out, Scalar x);

}  // namespace internal
}  // namespace chainerx
