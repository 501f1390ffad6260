#include "chainerx/core/routines/trigonometric.h"

#include "chainerx/core/kernels/trigonometric.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {

Array Sin(const Array& x) {
    Array out = internal::MathUnaryForward<SinKernel>(x);
    internal::DefineUnaryGradFromInput("sin", x, out, [](const Array& gout, const Array& x) { return gout * Cos(x); });
    return out;
}

Array Cos(const Array& x) {
    Array out = internal::MathUnaryForward<CosKernel>(x);
    internal::DefineUnaryGradFromInput(
            "cos", x, out, [](const Array& gout, const Array& x) { return -(gout * Sin(x)); });
    return out;
}

Array Tan(const Array& x) {
    Array out = internal::MathUnaryForward<TanKernel>(x);
    internal::DefineUnaryGradFromInput("tan", x, out, [](const Array& gout, const Array& x) {
        Array cos = Cos(x);
        return gout / (cos * cos);
    });
    return out;
}

// The derivatives of arcsin and arccos, ±1 / sqrt(1 - x^2), are written as 1 / cos(arcsin(x)) and
// 1 / sin(arccos(x)) of the retained output: the same value (cos and sin are non-negative on the ranges of
// arcsin and arccos), and it needs no square root routine.
Array Arcsin(const Array& x) {
    Array out = internal::MathUnaryForward<ArcsinKernel>(x);
    internal::DefineUnaryGradFromOutput(
            "arcsin", x, out, [](const Array& gout, const Array& out) { return gout / Cos(out); });
    return out;
}

Array Arccos(const Array& x) {
    Array out = internal::MathUnaryForward<ArccosKernel>(x);
    internal::DefineUnaryGradFromOutput(
            "arccos", x, out, [](const Array& gout, const Array& out) { return -(gout / Sin(out)); });
    return out;
}

Array Arctan(const Array& x) {
    Array out = internal::MathUnaryForward<ArctanKernel>(x);
    internal::DefineUnaryGradFromInput(
            "arctan", x, out, [](const Array& gout, const Array& x) { return gout / (x * x + 1); });
    return out;
}

Array Arctan2(const Array& x1, const Array& x2) {
    Dtype dtype = internal::MathDtype(ResultType(x1, x2));
    Array out = internal::BinaryForward<Arctan2Kernel>("arctan2", x1, x2, dtype);
    internal::DefineBinaryGrad(
            "arctan2", x1, x2, out,
            [](const Array& gout, const Array& x1, const Array& x2) { return gout * x2 / (x1 * x1 + x2 * x2); },
            [](const Array& gout, const Array& x1, const Array& x2) { return -(gout * x1) / (x1 * x1 + x2 * x2); });
    return out;
}

}  // namespace chainerx
