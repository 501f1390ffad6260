#include "chainerx/core/routines/logic.h"

#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/logic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {
namespace {

// out = kernel(x1, x2) in the promoted dtype, as bool. Kernels run on arrays that may be in graphs, but
// nothing is recorded, so the result is a constant.
template <typename KeyKernel>
Array BoolBinary(const char* op, const Array& x1, const Array& x2) {
    return internal::BinaryForward<KeyKernel>(op, x1, x2, ResultType(x1, x2), Dtype::kBool);
}

// Comparisons of two arrays: BoolBinary, rejecting a bool operand against a non-bool one.
template <typename KeyKernel>
Array Compare(const char* op, const Array& x1, const Array& x2) {
    internal::CheckNoBoolMix(op, x1, x2);
    return BoolBinary<KeyKernel>(op, x1, x2);
}

// Array–scalar comparisons: x1 (cast to the comparison's dtype) against the scalar in that dtype, one kernel. An
// integer scalar beyond the range of x1's integer dtype is compared in int64, so that the result is exact.
template <typename ScalarKeyKernel>
Array CompareWithScalar(const Array& x1, Scalar x2) {
    Dtype dtype = internal::ScalarFits(x2, x1.dtype()) ? ResultType(x1, x2) : Dtype::kInt64;
    return internal::ScalarForward<ScalarKeyKernel>(x1, x2, dtype, Dtype::kBool);
}

template <typename KeyKernel>
Array BoolUnary(const Array& x) {
    return internal::UnaryForward<KeyKernel>(x, x.dtype(), Dtype::kBool);
}

}  // namespace

Array Equal(const Array& x1, const Array& x2) { return Compare<EqualKernel>("equal", x1, x2); }
Array Equal(const Array& x1, Scalar x2) { return CompareWithScalar<EqualASKernel>(x1, x2); }
Array NotEqual(const Array& x1, const Array& x2) { return Compare<NotEqualKernel>("not_equal", x1, x2); }
Array NotEqual(const Array& x1, Scalar x2) { return CompareWithScalar<NotEqualASKernel>(x1, x2); }
Array Greater(const Array& x1, const Array& x2) { return Compare<GreaterKernel>("greater", x1, x2); }
Array Greater(const Array& x1, Scalar x2) { return CompareWithScalar<GreaterASKernel>(x1, x2); }
Array GreaterEqual(const Array& x1, const Array& x2) {
    return Compare<GreaterEqualKernel>("greater_equal", x1, x2);
}
Array GreaterEqual(const Array& x1, Scalar x2) { return CompareWithScalar<GreaterEqualASKernel>(x1, x2); }
Array Less(const Array& x1, const Array& x2) { return Compare<LessKernel>("less", x1, x2); }
Array Less(const Array& x1, Scalar x2) { return CompareWithScalar<LessASKernel>(x1, x2); }
Array LessEqual(const Array& x1, const Array& x2) { return Compare<LessEqualKernel>("less_equal", x1, x2); }
Array LessEqual(const Array& x1, Scalar x2) { return CompareWithScalar<LessEqualASKernel>(x1, x2); }

Array LogicalAnd(const Array& x1, const Array& x2) { return BoolBinary<LogicalAndKernel>("logical_and", x1, x2); }
Array LogicalOr(const Array& x1, const Array& x2) { return BoolBinary<LogicalOrKernel>("logical_or", x1, x2); }
Array LogicalXor(const Array& x1, const Array& x2) { return BoolBinary<LogicalXorKernel>("logical_xor", x1, x2); }
Array LogicalNot(const Array& x) { return BoolUnary<LogicalNotKernel>(x); }

Array IsNan(const Array& x) { return BoolUnary<IsNanKernel>(x); }
Array IsInf(const Array& x) { return BoolUnary<IsInfKernel>(x); }
Array IsFinite(const Array& x) { return BoolUnary<IsFiniteKernel>(x); }

}  // namespace chainerx
