#include "chainerx/native/cpu_level.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include <cstdlib>
#include <optional>
#include <string_view>
#include <vector>

#include "chainerx/core/error.h"

namespace chainerx {
namespace native {

// Note [CPU levels]
// The build targets baseline x86-64 so that one binary runs everywhere; kernels that gain from wider vectors
// also have versions compiled for AVX2 + FMA and for AVX-512 (functions under `#pragma GCC target`), and pick
// one at run time from GetCpuLevel(), as NumPy's and PyTorch's dispatchers do. CHAINERX_CPU_LEVEL lowers the
// level (never raises it above what cpuid reports: that would end in SIGILL), so that every version can be
// tested on one machine and users with a faulty vector unit have a way out.

namespace {

bool CpuHasF16c() {
#if defined(__x86_64__) && defined(__GNUC__)
    unsigned int eax{}, ebx{}, ecx{}, edx{};
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & bit_F16C) != 0;
#else
    return false;
#endif
}

}  // namespace

CpuLevel GetCpuSupportedLevel() {
#if defined(__x86_64__) && defined(__GNUC__)
    // Both levels convert halves with F16C (native/half_convert.cc). Every CPU with AVX2 has it, but a virtual
    // machine may hide it: cpuid decides.
    if (!CpuHasF16c()) {
        return CpuLevel::kBaseline;
    }
    if (__builtin_cpu_supports("avx512f")) {
        return CpuLevel::kAvx512;
    }
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        return CpuLevel::kAvx2;
    }
#endif
    return CpuLevel::kBaseline;
}

std::string_view CpuLevelName(CpuLevel level) {
    switch (level) {
        case CpuLevel::kBaseline:
            return "baseline";
        case CpuLevel::kAvx2:
            return "avx2";
        case CpuLevel::kAvx512:
            return "avx512";
    }
    return "baseline";
}

std::optional<CpuLevel> ParseCpuLevel(std::string_view name) {
    for (CpuLevel level : {CpuLevel::kBaseline, CpuLevel::kAvx2, CpuLevel::kAvx512}) {
        if (name == CpuLevelName(level)) {
            return level;
        }
    }
    return std::nullopt;
}

std::vector<CpuLevel> SupportedCpuLevels() {
    std::vector<CpuLevel> levels;
    for (CpuLevel level : {CpuLevel::kBaseline, CpuLevel::kAvx2, CpuLevel::kAvx512}) {
        if (level <= GetCpuSupportedLevel()) {
            levels.push_back(level);
        }
    }
    return levels;
}

void CheckCpuLevelSupported(CpuLevel level) {
    if (level > GetCpuSupportedLevel()) {
        throw ChainerxError{"CPU level ", CpuLevelName(level), " is not supported by this CPU"};
    }
}

namespace {

CpuLevel ReadCpuLevel() {
    CpuLevel supported = GetCpuSupportedLevel();
    const char* env = std::getenv("CHAINERX_CPU_LEVEL");
    if (env == nullptr || *env == '\0') {
        return supported;
    }
    std::optional<CpuLevel> wanted = ParseCpuLevel(env);
    if (!wanted.has_value()) {
        throw ChainerxError{"CHAINERX_CPU_LEVEL must be baseline, avx2 or avx512, got '", env, "'"};
    }
    return static_cast<int>(*wanted) < static_cast<int>(supported) ? *wanted : supported;
}

}  // namespace

CpuLevel GetCpuLevel() {
    static const CpuLevel level = ReadCpuLevel();
    return level;
}

}  // namespace native
}  // namespace chainerx
