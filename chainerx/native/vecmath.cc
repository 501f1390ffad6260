#include "chainerx/native/vecmath.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "chainerx/core/numeric/arithmetic.h"
#include "chainerx/core/numeric/float_math.h"
#include "chainerx/core/numeric/float_math_hyperbolic.h"
#include "chainerx/core/numeric/float_math_inverse_trig.h"
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
    ParallelForEachInnerRun<2>(
            out.shape(), {&x.strides(), &out.strides()}, {DataPtr(x), DataPtr(out)}, [loop](auto p, int64_t n, auto s) {
                constexpr int64_t kItem = sizeof(float);
                if (s[0] == kItem && s[1] == kItem) {
                    loop(reinterpret_cast<const float*>(p[0]), reinterpret_cast<float*>(p[1]), n);
                    return;
                }
                constexpr int64_t kBuffer = 256;
                float buffer[kBuffer];
                for (int64_t begin = 0; begin < n; begin += kBuffer) {
                    int64_t m = n - begin < kBuffer ? n - begin : kBuffer;
                    for (int64_t i = 0; i < m; ++i) {
                        std::memcpy(&buffer[i], p[0] + (begin + i) * s[0], kItem);
                    }
                    loop(buffer, buffer, m);
                    for (int64_t i = 0; i < m; ++i) {
                        std::memcpy(p[1] + (begin + i) * s[1], &buffer[i], kItem);
                    }
                }
            });
}

}  // namespace native
}  // namespace chainerx
