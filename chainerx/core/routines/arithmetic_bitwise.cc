// The bitwise routines of the arithmetic family: and, or, xor and shifts, with their in-place forms (declared in
// arithmetic.h). None is differentiable.
#include "chainerx/core/routines/arithmetic.h"

#include <type_traits>

#include "chainerx/core/error.h"
#include "chainerx/core/kernels/arithmetic.h"
#include "chainerx/core/routines/arithmetic_scalar.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {
namespace {

void CheckNotFloat(const char* op, Dtype dtype) {
    if (IsFloatingPoint(dtype)) {
        throw DtypeError{op, ": floating-point operands are not supported (dtype ", dtype, ")"};
    }
}

void CheckNotFloat(const char* op, Scalar s) {
    if (s.kind() == DtypeKind::kFloat) {
        throw DtypeError{op, ": floating-point scalars are not supported (", s, ")"};
    }
}

template <typename KeyKernel>
Array Bitwise(const char* op, const Array& x1, const Array& x2) {
    CheckNotFloat(op, x1.dtype());
    CheckNotFloat(op, x2.dtype());
    return internal::BinaryForward<KeyKernel>(op, x1, x2, ResultType(x1, x2));
}

// The scalar forms check the scalar themselves: a float scalar would otherwise turn into a float 0-d array
// and be reported as an array.
template <internal::BinaryRoutine kFunc>
Array BitwiseScalarSecond(const char* op, const Array& x1, Scalar x2) {
    CheckNotFloat(op, x2);
    return internal::WithScalarSecond<kFunc>(x1, x2);
}

template <internal::BinaryRoutine kFunc>
Array BitwiseScalarFirst(const char* op, Scalar x1, const Array& x2) {
    CheckNotFloat(op, x1);
    return internal::WithScalarFirst<kFunc>(x1, x2);
}

// Shifts compute in x1's dtype with x2 cast to it (the original's rule, not NumPy's promotion) and reject bool.
template <typename KeyKernel>
Array Shift(const char* op, const Array& x1, const Array& x2) {
    CheckNotFloat(op, x1.dtype());
    CheckNotFloat(op, x2.dtype());
    internal::CheckNotBool(op, x1);
    internal::CheckNotBool(op, x2);
    return internal::BinaryForward<KeyKernel>(op, x1, x2, x1.dtype());
}

template <typename KeyKernel>
Array Shift(const char* op, const Array& x1, Scalar x2) {
    CheckNotFloat(op, x2);
    internal::CheckNotBool(op, x2);
    internal::CheckScalarFits(x2, x1.dtype());
    return Shift<KeyKernel>(op, x1, internal::ScalarArray(x2, x1.dtype(), x1.device()));
}

// A scalar shifted by an array gives int64, as in the original.
template <typename KeyKernel>
Array Shift(const char* op, Scalar x1, const Array& x2) {
    CheckNotFloat(op, x1);
    internal::CheckNotBool(op, x1);
    return Shift<KeyKernel>(op, internal::ScalarArray(x1, Dtype::kInt64, x2.device()), x2);
}

template <typename KeyKernel, typename Operand>
void InplaceBitwise(const char* op, const Array& out, const Operand& x) {
    CheckNotFloat(op, out.dtype());
    if constexpr (std::is_same<Operand, Scalar>::value) {
        CheckNotFloat(op, x);
    } else {
        CheckNotFloat(op, x.dtype());
    }
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
Array BitwiseAnd(const Array& x1, Scalar x2) { return BitwiseScalarSecond<BitwiseAnd>("bitwise_and", x1, x2); }
Array BitwiseAnd(Scalar x1, const Array& x2) { return BitwiseScalarFirst<BitwiseAnd>("bitwise_and", x1, x2); }

Array BitwiseOr(const Array& x1, const Array& x2) { return Bitwise<BitwiseOrKernel>("bitwise_or", x1, x2); }
Array BitwiseOr(const Array& x1, Scalar x2) { return BitwiseScalarSecond<BitwiseOr>("bitwise_or", x1, x2); }
Array BitwiseOr(Scalar x1, const Array& x2) { return BitwiseScalarFirst<BitwiseOr>("bitwise_or", x1, x2); }

Array BitwiseXor(const Array& x1, const Array& x2) { return Bitwise<BitwiseXorKernel>("bitwise_xor", x1, x2); }
Array BitwiseXor(const Array& x1, Scalar x2) { return BitwiseScalarSecond<BitwiseXor>("bitwise_xor", x1, x2); }
Array BitwiseXor(Scalar x1, const Array& x2) { return BitwiseScalarFirst<BitwiseXor>("bitwise_xor", x1, x2); }

Array LeftShift(const Array& x1, const Array& x2) { return Shift<LeftShiftKernel>("left_shift", x1, x2); }
Array LeftShift(const Array& x1, Scalar x2) { return Shift<LeftShiftKernel>("left_shift", x1, x2); }
Array LeftShift(Scalar x1, const Array& x2) { return Shift<LeftShiftKernel>("left_shift", x1, x2); }

Array RightShift(const Array& x1, const Array& x2) { return Shift<RightShiftKernel>("right_shift", x1, x2); }
Array RightShift(const Array& x1, Scalar x2) { return Shift<RightShiftKernel>("right_shift", x1, x2); }
Array RightShift(Scalar x1, const Array& x2) { return Shift<RightShiftKernel>("right_shift", x1, x2); }

namespace internal {

void IBitwiseAnd(const Array& out, const Array& x) { InplaceBitwise<BitwiseAndKernel>("bitwise_and", out, x); }
void IBitwiseAnd(const Array& out, Scalar x) { InplaceBitwise<BitwiseAndKernel>("bitwise_and", out, x); }
void IBitwiseOr(const Array& out, const Array& x) { InplaceBitwise<BitwiseOrKernel>("bitwise_or", out, x); }
void IBitwiseOr(const Array& out, Scalar x) { InplaceBitwise<BitwiseOrKernel>("bitwise_or", out, x); }
void IBitwiseXor(const Array& out, const Array& x) { InplaceBitwise<BitwiseXorKernel>("bitwise_xor", out, x); }
void IBitwiseXor(const Array& out, Scalar x) { InplaceBitwise<BitwiseXorKernel>("bitwise_xor", out, x); }
void ILeftShift(const Array& out, const Array& x) { InplaceShift<LeftShiftKernel>("left_shift", out, x); }
void ILeftShift(const Array& out, Scalar x) { InplaceShift<LeftShiftKernel>("left_shift", out, x); }
void IRightShift(const Array& out, const Array& x) { InplaceShift<RightShiftKernel>("right_shift", out, x); }
void IRightShift(const Array& out, Scalar x) { InplaceShift<RightShiftKernel>("right_shift", out, x); }

}  // namespace internal
}  // namespace chainerx
