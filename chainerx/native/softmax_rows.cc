#include "chainerx/native/softmax_rows.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "chainerx/core/numeric/float_math.h"

namespace chainerx {
namespace native {
namespace {

// The loops pass 64-byte vectors by value between inline functions of this file, which GCC warns about at the levels
// below AVX-512 (such an argument is passed differently there): no call with a vector crosses this file, so no two
// levels' code ever exchange one. (GCC reports it as it emits the code, after the file's end: the pragma stays on.)
#pragma GCC diagnostic ignored "-Wpsabi"

#define CHAINERX_PER_CPU_LEVEL_BODY "chainerx/native/softmax_rows_loops.h"
#include "chainerx/native/per_cpu_level.h"

template <typename T>
const SoftmaxRowLoops<T>& LoopsAt(CpuLevel level) {
    return *SelectByCpuLevel(level, &baseline::kLoops<T>, &avx2::kLoops<T>, &avx512::kLoops<T>);
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
    CheckCpuLevelSupported(level);
    return LoopsAt<T>(level);
}

template const SoftmaxRowLoops<float>& GetSoftmaxRowLoops<float>();
template const SoftmaxRowLoops<double>& GetSoftmaxRowLoops<double>();
template const SoftmaxRowLoops<float>& GetSoftmaxRowLoopsAt<float>(CpuLevel level);
template const SoftmaxRowLoops<double>& GetSoftmaxRowLoopsAt<double>(CpuLevel level);

}  // namespace native
}  // namespace chainerx
