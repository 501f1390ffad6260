#include "chainerx/native/reduce_float_lanes.h"

#include <cstdint>

#include "chainerx/core/numeric/reduction.h"
#include "chainerx/core/numeric/statistics.h"
#include "chainerx/native/reduce.h"

namespace chainerx {
namespace native {
namespace {

#define CHAINERX_PER_CPU_LEVEL_BODY "chainerx/native/reduce_float_lanes_level.h"
#include "chainerx/native/per_cpu_level.h"

const FloatLaneReducers& ReducersAt(CpuLevel level) {
    return *SelectByCpuLevel(level, &baseline::kReducers, &avx2::kReducers, &avx512::kReducers);
}

}  // namespace

const FloatLaneReducers& GetFloatLaneReducers() {
    // GetCpuLevel() never exceeds the supported level: no check per call.
    static const FloatLaneReducers& reducers = ReducersAt(GetCpuLevel());
    return reducers;
}

const FloatLaneReducers& GetFloatLaneReducersAt(CpuLevel level) {
    CheckCpuLevelSupported(level);
    return ReducersAt(level);
}

}  // namespace native
}  // namespace chainerx
