#include "chainerx/native/activation_loops.h"

#include <cstdint>
#include <cstring>

#include "chainerx/core/numeric/activation.h"

namespace chainerx {
namespace native {
namespace {

#define CHAINERX_PER_CPU_LEVEL_BODY "chainerx/native/activation_loops_level.h"
#include "chainerx/native/per_cpu_level.h"

}  // namespace

ParamActivationLoop GetParamActivationLoopAt(ParamActivation activation, CpuLevel level) {
    CheckCpuLevelSupported(level);
    return SelectByCpuLevel(level, baseline::kLoops, avx2::kLoops, avx512::kLoops)[static_cast<int>(activation)];
}

ParamActivationGradLoop GetParamActivationGradLoopAt(ParamActivation activation, CpuLevel level) {
    CheckCpuLevelSupported(level);
    return SelectByCpuLevel(
            level, baseline::kGradLoops, avx2::kGradLoops, avx512::kGradLoops)[static_cast<int>(activation)];
}

ParamActivationLoop GetParamActivationLoop(ParamActivation activation) {
    return GetParamActivationLoopAt(activation, GetCpuLevel());
}

ParamActivationGradLoop GetParamActivationGradLoop(ParamActivation activation) {
    return GetParamActivationGradLoopAt(activation, GetCpuLevel());
}

}  // namespace native
}  // namespace chainerx
