// float32 loops of exp, log, tanh, sigmoid, erf, sin, cos, log1p and expm1 (core/numeric/float_math.h), and of floor
// and ceil (one instruction each from AVX2 on, a libm call at the baseline), compiled for each CPU level
// (native/cpu_level.h) and picked at run time:
//
//     native::GetFloatMathLoop(native::FloatMathFunction::kExp)(x, out, n);
//
// The float32 case of the native Exp, Log, Tanh, Sigmoid, Erf, Sin, Cos, Log1p, Expm1, Floor and Ceil kernels runs
// them (CHAINERX_NATIVE_REGISTER_FLOAT_MATH in elementwise_kernels.h). Levels may differ in the last bit (Note [Float
// math]); within a level, an element's result does not depend on its position in a run (vecmath_loops.h), so
// not on the thread count either.
#pragma once

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {

enum class FloatMathFunction : int { kExp, kLog, kTanh, kSigmoid, kErf, kSin, kCos, kLog1p, kExpm1, kFloor, kCeil };
constexpr int kFloatMathFunctionCount = 11;

// out[i] = f(x[i]) for i < n; x and out are contiguous and either the same or disjoint.
using FloatMathLoop = void (*)(const float* x, float* out, int64_t n);

// The loop compiled for GetCpuLevel().
FloatMathLoop GetFloatMathLoop(FloatMathFunction function);

// The loop compiled for `level`, which must not be above GetCpuSupportedLevel() (tests compare the levels).
FloatMathLoop GetFloatMathLoopAt(FloatMathFunction function, CpuLevel level);

// out = f(x) elementwise for float32 arrays of one shape, any strides (ParallelForEachInnerRun); strided runs go
// through a small contiguous buffer so that they compute exactly what contiguous ones do.
void FloatMathElementwise(const Array& x, const Array& out, FloatMathLoop loop);

}  // namespace native
}  // namespace chainerx
