#include "chainerx/native/vecmath.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>

#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/core/numeric/float_fmod.h"
#include "chainerx/core/numeric/float_math.h"
#include "chainerx/core/numeric/float_math_hyperbolic.h"
#include "chainerx/core/numeric/float_math_inverse_trig.h"
#include "chainerx/core/numeric/float_power.h"
#include "chainerx/native/elementwise.h"

namespace chainerx {
namespace native {
namespace {

#define CHAINERX_PER_CPU_LEVEL_BODY "chainerx/native/vecmath_loops.h"
#include "chainerx/native/per_cpu_level.h"

// The loops of `level`, indexed by FloatMathFunction; the caller checks that the CPU supports the level.
const FloatMathLoop* LoopsAt(CpuLevel level) {
    return SelectByCpuLevel<const FloatMathLoop*>(level, baseline::kLoops, avx2::kLoops, avx512::kLoops);
}

const FloatMathBinaryLoop* BinaryLoopsAt(CpuLevel level) {
    return SelectByCpuLevel<const FloatMathBinaryLoop*>(
            level, baseline::kBinaryLoops, avx2::kBinaryLoops, avx512::kBinaryLoops);
}

}  // namespace

FloatMathLoop GetFloatMathLoopAt(FloatMathFunction function, CpuLevel level) {
    CheckCpuLevelSupported(level);
    return LoopsAt(level)[static_cast<int>(function)];
}

FloatMathLoop GetFloatMathLoop(FloatMathFunction function) {
    // GetCpuLevel() never exceeds the supported level: no check per call.
    static const FloatMathLoop* const loops = LoopsAt(GetCpuLevel());
    return loops[static_cast<int>(function)];
}

void FloatMathElementwise(const Array& x, const Array& out, FloatMathLoop loop) {
    ContiguousLoopElementwise<float, float>(x, out, loop);
}

FloatMathBinaryLoop GetFloatMathBinaryLoopAt(FloatMathBinaryFunction function, CpuLevel level) {
    CheckCpuLevelSupported(level);
    return BinaryLoopsAt(level)[static_cast<int>(function)];
}

FloatMathBinaryLoop GetFloatMathBinaryLoop(FloatMathBinaryFunction function) {
    static const FloatMathBinaryLoop* const loops = BinaryLoopsAt(GetCpuLevel());
    return loops[static_cast<int>(function)];
}

void FloatMathBinaryElementwise(const Array& a, const Array& b, const Array& out, FloatMathBinaryLoop loop) {
    ContiguousLoopBinaryElementwise<float>(a, b, out, loop);
}

void FloatMathBinaryScalarElementwise(
        const Array& a, float s, bool scalar_first, const Array& out, FloatMathBinaryLoop loop) {
    ContiguousLoopBinaryScalarElementwise<float>(a, s, scalar_first, out, loop);
}

}  // namespace native
}  // namespace chainerx
