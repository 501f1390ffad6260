// The bitwise routines of the arithmetic family: and, or, xor and shifts, with their in-place forms (declared in
// arithmetic.h). None is differentiable.
#include "chainerx/core/routines/arithmetic.h"

#include "chainerx/core/error.h"
#include "chainerx/core/kernels/arithmetic.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {
namespace {

void CheckNotFloat(const char* op, const Array& a) {
    if (IsFloatingPoint(a.dtype())) {
        throw DtypeError{op, ": floating-point operands are not supported (dtype ", a.dtype(), ")"};
    }
}

void CheckNotFloat(const char* op, Scalar s) {
    if (s.kind() == DtypeKind::kFloat) {
        throw DtypeError{op, ": floating-point scalars are not supported (", s, ")"};
    }
}

template <typename KeyKernel>
Array Bitwise(const char* op, const Array& x1, const Array& x2) {
    CheckNotFloat(op, x1);
    CheckNotFloat(op, x2);
    return internal::BinaryForward<KeyKernel>(op, x1, x2, ResultType(x1, x2));
}

// The scalar forms check the scalar themselves (a float scalar is not an array to report) and take a scalar kernel:
// in the array-scalar result dtype, which a 0-d array of the scalar would have had. and, or and xor commute, so
// that the scalar-first forms take the same kernel.
template <typename KeyKernel>
Array BitwiseWithScalar(const char* op, const Array& x, Scalar s) {
    CheckNotFloat(op, x);
    CheckNotFloat(op, s);
    return internal::ScalarForward<KeyKernel>(x, s, ResultType(x, s));
}

// Shifts take integers only: a float operand raises DtypeError, then a bool one. Each operand is an Array or a
// Scalar.
template <typename Operand1, typename Operand2>
void CheckShiftOperands(const char* op, const Operand1& x1, const Operand2& x2) {
    CheckNotFloat(op, x1);
    CheckNotFloat(op, x2);
    internal::CheckNotBool(op, x1);
    internal::CheckNotBool(op, x2);
}

// Shifts compute in x1's dtype with x2 cast to it (the original's rule, not NumPy's promotion).
template <typename KeyKernel>
Array Shift(const char* op, const Array& x1, const Array& x2) {
    CheckShiftOperands(op, x1, x2);
    return internal::BinaryForward<KeyKernel>(op, x1, x2, x1.dtype());
}

// x1 shifted by a scalar count (ASKernel), in x1's dtype.
template <typename ASKernel>
Array Shift(const char* op, const Array& x1, Scalar x2) {
    CheckShiftOperands(op, x1, x2);
    internal::CheckScalarFits(x2, x1.dtype());
    return internal::ScalarForward<ASKernel>(x1, x2, x1.dtype());
}

// A scalar shifted by an array (SAKernel) gives int64, as in the original.
template <typename SAKernel>
Array Shift(const char* op, Scalar x1, const Array& x2) {
    CheckShiftOperands(op, x1, x2);
    return internal::ScalarForward<SAKernel>(x2, x1, Dtype::kInt64);
}

template <typename KeyKernel, typename Operand>
void InplaceBitwise(const char* op, const Array& out, const Operand& x) {
    CheckNotFloat(op, out);
    CheckNotFloat(op, x);
    internal::InplaceBinary<KeyKernel>(op, out, x);
}

template <typename KeyKernel, typename Operand>
void InplaceShift(const char* op, const Array& out, const Operand& x) {
    internal::CheckNotBool(op, out);
    internal::CheckNotBool(op, x);
    InplaceBitwise<KeyKernel>(op, out, x);
}

}  // namespace

Array BitwiseAnd(const Array& x1, const Array& x2) { return Bitwise<BitwiseAndKernel>("bitwise_and", x1, x2); }
Array BitwiseAnd(const Array& x1, Scalar x2) { return BitwiseWithScalar<BitwiseAndASKernel>("bitwise_and", x1, x2); }
Array BitwiseAnd(Scalar x1, const Array& x2) { return BitwiseWithScalar<BitwiseAndASKernel>("bitwise_and", x2, x1); }

Array BitwiseOr(const Array& x1, const Array& x2) { return Bitwise<BitwiseOrKernel>("bitwise_or", x1, x2); }
Array BitwiseOr(const Array& x1, Scalar x2) { return BitwiseWithScalar<BitwiseOrASKernel>("bitwise_or", x1, x2); }
Array BitwiseOr(Scalar x1, const Array& x2) { return BitwiseWithScalar<BitwiseOrASKernel>("bitwise_or", x2, x1); }

Array BitwiseXor(const Array& x1, const Array& x2) { return Bitwise<BitwiseXorKernel>("bitwise_xor", x1, x2); }
Array BitwiseXor(const Array& x1, Scalar x2) { return BitwiseWithScalar<BitwiseXorASKernel>("bitwise_xor", x1, x2); }
Array BitwiseXor(Scalar x1, const Array& x2) { return BitwiseWithScalar<BitwiseXorASKernel>("bitwise_xor", x2, x1); }

Array LeftShift(const Array& x1, const Array& x2) { return Shift<LeftShiftKernel>("left_shift", x1, x2); }
Array LeftShift(const Array& x1, Scalar x2) { return Shift<LeftShiftASKernel>("left_shift", x1, x2); }
Array LeftShift(Scalar x1, const Array& x2) { return Shift<LeftShiftSAKernel>("left_shift", x1, x2); }

Array RightShift(const Array& x1, const Array& x2) { return Shift<RightShiftKernel>("right_shift", x1, x2); }
Array RightShift(const Array& x1, Scalar x2) { return Shift<RightShiftASKernel>("right_shift", x1, x2); }
Array RightShift(Scalar x1, const Array& x2) { return Shift<RightShiftSAKernel>("right_shift", x1, x2); }

namespace internal {

void IBitwiseAnd(const Array& out, const Array& x) { InplaceBitwise<BitwiseAndKernel>("bitwise_and", out, x); }
void IBitwiseAnd(const Array& out, Scalar x) { InplaceBitwise<BitwiseAndASKernel>("bitwise_and", out, x); }
void IBitwiseOr(const Array& out, const Array& x) { InplaceBitwise<BitwiseOrKernel>("bitwise_or", out, x); }
void IBitwiseOr(const Array& out, Scalar x) { InplaceBitwise<BitwiseOrASKernel>("bitwise_or", out, x); }
void IBitwiseXor(const Array& out, const Array& x) { InplaceBitwise<BitwiseXorKernel>("bitwise_xor", out, x); }
void IBitwiseXor(const Array& out, Scalar x) { InplaceBitwise<BitwiseXorASKernel>("bitwise_xor", out, x); }
void ILeftShift(const Array& out, const Array& x) { InplaceShift<LeftShiftKernel>("left_shift", out, x); }
void ILeftShift(const Array& out, Scalar x) { InplaceShift<LeftShiftASKernel>("left_shift", out, x); }
void IRightShift(const Array& out, const Array& x) { InplaceShift<RightShiftKernel>("right_shift", out, x); }
void IRightShift(const Array& out, Scalar x) { InplaceShift<RightShiftASKernel>("right_shift", out, x); }

}  // namespace internal
}  // namespace chainerx
