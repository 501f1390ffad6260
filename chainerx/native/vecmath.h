// float32 loops of the formulas of core/numeric/float_math*.h (exp, exp2, expm1, log, log2, log10, log1p, erf, the
// trigonometric and hyperbolic functions and their inverses, sigmoid), of floor and ceil (one instruction each
// from AVX2 on, a libm call at the baseline), of sign (masks and blends of the level's width) and of 1 / x and sqrt
// (divisions and square roots of the level's width, correctly rounded, so the same bits at every level), and of
// the binary fmod, remainder, floor_divide and arctan2, compiled for each CPU level (native/cpu_level.h) and picked
// at run time:
//
//     native::GetFloatMathLoop(native::FloatMathFunction::kExp)(x, out, n);
//
// The float32 case of the native kernels of these functions runs them (CHAINERX_NATIVE_REGISTER_FLOAT_MATH in
// elementwise_kernels.h). Levels may differ in the last bit (Note [Float math]); within a level, an element's
// result does not depend on its position in a run (vecmath_loops.h), so not on the thread count either.
#pragma once

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {

enum class FloatMathFunction : int {
    kExp,
    kLog,
    kTanh,
    kSigmoid,
    kErf,
    kSin,
    kCos,
    kLog1p,
    kExpm1,
    kFloor,
    kCeil,
    kExp2,
    kLog2,
    kLog10,
    kTan,
    kArcsin,
    kArccos,
    kArctan,
    kSinh,
    kCosh,
    kArcsinh,
    kArccosh,
    kSign,
    kReciprocal,
    kSqrt,
};
constexpr int kFloatMathFunctionCount = 25;

// out[i] = f(x[i]) for i < n; x and out are contiguous and either the same or disjoint.
using FloatMathLoop = void (*)(const float* x, float* out, int64_t n);

// The loop compiled for GetCpuLevel().
FloatMathLoop GetFloatMathLoop(FloatMathFunction function);

// The loop compiled for `level`, which must not be above GetCpuSupportedLevel() (tests compare the levels).
FloatMathLoop GetFloatMathLoopAt(FloatMathFunction function, CpuLevel level);

// out = f(x) elementwise for float32 arrays of one shape, any strides (ParallelForEachInnerRun); strided runs go
// through a small contiguous buffer so that they compute exactly what contiguous ones do.
void FloatMathElementwise(const Array& x, const Array& out, FloatMathLoop loop);

// The binary functions with float32 loops of their own: fmod, NumPy's remainder and floor_divide (exact, on
// core/numeric/float_fmod.h: the same bits at every level), arctan2 (Atan2Float, within Note [Float math]'s bound
// for arctan2) and powers with a small integer exponent (core/numeric/float_power.h, the same bits at every level).
enum class FloatMathBinaryFunction : int {
    kFmod,
    kRemainder,
    kFloorDivide,
    kArctan2,
    // x ** n for an integral n (numeric::IsSmallIntegerPower), Note [Small integer powers]; b holds n at every
    // element (the loop reads one exponent per block), so only FloatMathBinaryScalarElementwise runs it.
    kSmallIntegerPower,
};
constexpr int kFloatMathBinaryFunctionCount = 5;

// out[i] = f(a[i], b[i]) for i < n; a, b and out are contiguous, and out is either disjoint from a and b or the
// same as either.
using FloatMathBinaryLoop = void (*)(const float* a, const float* b, float* out, int64_t n);

FloatMathBinaryLoop GetFloatMathBinaryLoop(FloatMathBinaryFunction function);

FloatMathBinaryLoop GetFloatMathBinaryLoopAt(FloatMathBinaryFunction function, CpuLevel level);

// out = f(a, b) elementwise for float32 arrays of out's shape (broadcast operands have zero strides), and
// out = f(a, s) or f(s, a) (scalar_first) for a float scalar s; as FloatMathElementwise, strided runs go through
// contiguous buffers.
void FloatMathBinaryElementwise(const Array& a, const Array& b, const Array& out, FloatMathBinaryLoop loop);
void FloatMathBinaryScalarElementwise(
        const Array& a, float s, bool scalar_first, const Array& out, FloatMathBinaryLoop loop);

}  // namespace native
}  // namespace chainerx
