#include "chainerx/native/half_convert.h"

#include <cstdint>

#include "chainerx/core/dtype.h"
#include "chainerx/core/macro.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/half_elementwise.h"

namespace chainerx {
namespace native {
namespace {

// The per-level loops of native/half_elementwise_level.h, whose fused loops convert group by group the same way.
namespace levels = half_levels;
constexpr HalfConversionLoops kBaselineLoops{levels::baseline::NarrowFloats, levels::baseline::WidenHalves};
constexpr HalfConversionLoops kAvx2Loops{levels::avx2::NarrowFloats, levels::avx2::WidenHalves};
constexpr HalfConversionLoops kAvx512Loops{levels::avx512::NarrowFloats, levels::avx512::WidenHalves};

const HalfConversionLoops& LoopsAt(CpuLevel level) {
    return SelectByCpuLevel<const HalfConversionLoops&>(level, kBaselineLoops, kAvx2Loops, kAvx512Loops);
}

}  // namespace

const HalfConversionLoops& GetHalfConversionLoops() {
    static const HalfConversionLoops& loops = LoopsAt(GetCpuLevel());
    return loops;
}

const HalfConversionLoops& GetHalfConversionLoopsAt(CpuLevel level) {
    CheckCpuLevelSupported(level);
    return LoopsAt(level);
}

void ConvertHalfElementwise(const Array& x, const Array& out) {
    const HalfConversionLoops& loops = GetHalfConversionLoops();
    if (out.dtype() == Dtype::kFloat16) {
        CHAINERX_ASSERT(x.dtype() == Dtype::kFloat32);
        ContiguousLoopElementwise<float, Float16>(x, out, loops.to_half);
    } else {
        CHAINERX_ASSERT(x.dtype() == Dtype::kFloat16 && out.dtype() == Dtype::kFloat32);
        ContiguousLoopElementwise<Float16, float>(x, out, loops.to_float);
    }
}

}  // namespace native
}  // namespace chainerx
