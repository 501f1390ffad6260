// The lanes of contiguous float32 blocks of sums, maxima and minima (reduce_lanes.h), compiled for each CPU level and
// picked at run time: at the baseline, the NaN-propagating select of a maximum costs five SSE2 instructions per four
// elements, and a row of 64 took 6x PyTorch's time. The results are the same bits at every level.
#pragma once

#include <cstdint>

#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {

// Each returns the Combine of the first n / 32 * 32 elements of x (n >= 32), as ReduceLanes of the op.
struct FloatLaneReducers {
    float (*sum)(const float* x, int64_t n);
    float (*max)(const float* x, int64_t n);
    float (*min)(const float* x, int64_t n);
};

// The reducers compiled for GetCpuLevel().
const FloatLaneReducers& GetFloatLaneReducers();

// The reducers compiled for `level`, which must not be above GetCpuSupportedLevel() (tests compare the levels).
const FloatLaneReducers& GetFloatLaneReducersAt(CpuLevel level);

}  // namespace native
}  // namespace chainerx
