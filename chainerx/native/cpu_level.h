// The instruction-set levels that native kernels can be compiled for, and the one this process runs.
//
//     if (native::GetCpuLevel() >= native::CpuLevel::kAvx2) { ... AVX2 + FMA code ... }
//
// See Note [CPU levels] in cpu_level.cc.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace chainerx {
namespace native {

enum class CpuLevel : int {
    kBaseline = 0,  // x86-64 (SSE2): what the whole build targets
    kAvx2 = 1,  // AVX2 and FMA
    kAvx512 = 2,  // AVX-512F
};

// The level kernels use: the highest one the CPU supports, or CHAINERX_CPU_LEVEL (baseline, avx2 or avx512) if
// that is set and lower. Read once, at the first call. Throws ChainerxError if CHAINERX_CPU_LEVEL holds another
// value.
CpuLevel GetCpuLevel();

// The highest level the CPU running this process supports.
CpuLevel GetCpuSupportedLevel();

// "baseline", "avx2" or "avx512".
std::string_view CpuLevelName(CpuLevel level);

// The level named `name` (as CpuLevelName writes it), or nullopt.
std::optional<CpuLevel> ParseCpuLevel(std::string_view name);

// The levels this CPU supports, the baseline first (tests compare the code of every level).
std::vector<CpuLevel> SupportedCpuLevels();

// Throws ChainerxError naming `level` unless this CPU supports it.
void CheckCpuLevelSupported(CpuLevel level);

// The one of the three values that belongs to `level`: for the code compiled once per level (per_cpu_level.h).
template <typename T>
T SelectByCpuLevel(CpuLevel level, T baseline, T avx2, T avx512) {
    switch (level) {
        case CpuLevel::kAvx512:
            return avx512;
        case CpuLevel::kAvx2:
            return avx2;
        case CpuLevel::kBaseline:
            break;
    }
    return baseline;
}

}  // namespace native
}  // namespace chainerx
