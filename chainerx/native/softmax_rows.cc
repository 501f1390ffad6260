#include "chainerx/native/softmax_rows.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "chainerx/core/error.h"
#include "chainerx/core/numeric/float_math.h"

namespace chainerx {
namespace native {
namespace {

// The loops pass 64-byte vectors by value between inline functions of this file, which GCC warns about at the levels
// below AVX-512 (such an argument is passed differently there): no call with a vector crosses this file, so no two
// levels' code ever exchange one. (GCC reports it as it emits the code, after the file's end: the pragma stays on.)
#pragma GCC diagnostic ignored "-Wpsabi"

namespace baseline {
constexpr int kVectorBytes = 16;
#include "chainerx/native/softmax_rows_loops.h"  // NOLINT(build/include): included once per level
}  // namespace baseline

#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace avx2 {
constexpr int kVectorBytes = 32;
#include "chainerx/native/softmax_rows_loops.h"  // NOLINT(build/include): included once per level
}  // namespace avx2
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f")
namespace avx512 {
constexpr int kVectorBytes = 64;
#include "chainerx/native/softmax_rows_loops.h"  // NOLINT(build/include): included once per level
}  // namespace avx512
#pragma GCC pop_options

template <typename T>
const SoftmaxRowLoops<T>& LoopsAt(CpuLevel level) {
    switch (level) {
        case CpuLevel::kAvx512:
            return avx512::kLoops<T>;
        case CpuLevel::kAvx2:
            return avx2::kLoops<T>;
        case CpuLevel::kBaseline:
            break;
    }
    return baseline::kLoops<T>;
}

}  // namespace

template <typename T>
const SoftmaxRowLoops<T>& GetSoftmaxRowLoops() {
    // GetCpuLevel() never exceeds the supported level: no check per call.
    static const SoftmaxRowLoops<T>& loops = LoopsAt<T>(GetCpuLevel());
    return loops;
}

template <typename T>
const SoftmaxRowLoops<T>& GetSoftmaxRowLoopsAt(CpuLevel level) {
    if (level > GetCpuSupportedLevel()) {
        throw ChainerxError{"CPU level ", CpuLevelName(level), " is not supported by this CPU"};
    }
    return LoopsAt<T>(level);
}

template const SoftmaxRowLoops<float>& GetSoftmaxRowLoops<float>();
template const SoftmaxRowLoops<double>& GetSoftmaxRowLoops<double>();
template const SoftmaxRowLoops<float>& GetSoftmaxRowLoopsAt<float>(CpuLevel level);
template const SoftmaxRowLoops<double>& GetSoftmaxRowLoopsAt<double>(CpuLevel level);

}  // namespace native
}  // namespace chainerx
