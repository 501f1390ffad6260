// The folds of contiguous float32 blocks and rows by sums, maxima and minima (reduce_lanes.h), compiled for each CPU
// level and picked at run time: at the baseline, the NaN-propagating select of a maximum costs five SSE2
// instructions per four elements, and a row of 64 took 6x PyTorch's time. The results are the same bits at every
// level.
#pragma once

#include <cstdint>

#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {

// Runs of n <= kShortRun (reduce.h) contiguous elements, row_step bytes apart, each folded element by element into the
// same n accumulators, for `sets` sets of accumulators: set s folds `rows` runs from x + s set_x_step into the n
// accumulators at acc + s set_acc_step (bytes; the sets are disjoint).
struct ShortRowSets {
    const char* x;
    int64_t n;
    int64_t rows;
    int64_t row_step;
    int64_t sets;
    int64_t set_x_step;
    int64_t set_acc_step;
    char* acc;
};

// The contiguous folds of one op (reduce_lanes.h), at a CPU level.
struct FloatReducer {
    // The Combine of the n contiguous elements of x (n <= kPairwiseBlock), as ReduceContiguousBlock of the op.
    float (*block)(const float* x, int64_t n);
    // acc[r] = Combine(acc[r], block(x + r n, n)) for r < rows, as ReduceContiguousRows of the op.
    void (*rows)(const float* x, int64_t n, int64_t rows, float* acc);
    // acc[i] = Accumulate(acc[i], x[i]) for i < n, as AccumulateContiguous of the op.
    void (*across)(const float* x, int64_t n, float* acc);
    // AccumulateRowsOfSets of the op (Note [Short runs across accumulators] in reduce.h).
    void (*short_rows)(const ShortRowSets& runs);
};

struct FloatLaneReducers {
    FloatReducer sum;  // also the mean's, whose folds are the sum's
    FloatReducer max;
    FloatReducer min;
};

// The reducers compiled for GetCpuLevel().
const FloatLaneReducers& GetFloatLaneReducers();

// The reducers compiled for `level`, which must not be above GetCpuSupportedLevel() (tests compare the levels).
const FloatLaneReducers& GetFloatLaneReducersAt(CpuLevel level);

}  // namespace native
}  // namespace chainerx
