#include "chainerx/core/routines/hyperbolic.h"

#include "chainerx/core/kernels/hyperbolic.h"
#include "chainerx/core/routines/elementwise.h"

namespace chainerx {

Array Sinh(const Array& x) {
    Array out = internal::MathUnaryForward<SinhKernel>(x);
    internal::DefineUnaryGradFromInput(
            "sinh", x, out, [](const Array& gout, const Array& x) { return gout * Cosh(x); });
    return out;
}

Array Cosh(const Array& x) {
    Array out = internal::MathUnaryForward<CoshKernel>(x);
    internal::DefineUnaryGradFromInput(
            "cosh", x, out, [](const Array& gout, const Array& x) { return gout * Sinh(x); });
    return out;
}

Array Tanh(const Array& x) {
    Array out = internal::MathUnaryForward<TanhKernel>(x);
    internal::DefineUnaryGradKernelFromOutput<TanhGradKernel>(
            "tanh", x, out, [](const Array& gout, const Array& out) { return gout * (1 - out * out); });
    return out;
}

// The derivatives 1 / sqrt(x^2 ± 1) are written as 1 / cosh(arcsinh(x)) and 1 / sinh(arccosh(x)) of the
// retained output: the same values (arccosh is non-negative, where sinh is too), with no square root routine.
Array Arcsinh(const Array& x) {
    Array out = internal::MathUnaryForward<ArcsinhKernel>(x);
    internal::DefineUnaryGradFromOutput(
            "arcsinh", x, out, [](const Array& gout, const Array& out) { return gout / Cosh(out); });
    return out;
}

Array Arccosh(const Array& x) {
    Array out = internal::MathUnaryForward<ArccoshKernel>(x);
    internal::DefineUnaryGradFromOutput(
            "arccosh", x, out, [](const Array& gout, const Array& out) { return gout / Sinh(out); });
    return out;
}

}  // namespace chainerx
