// The reducers of native/reduce_float_lanes.h for one CPU level; no include guard: reduce_float_lanes.cc compiles
// this file once per level (native/per_cpu_level.h).

#include "chainerx/native/reduce_lanes.h"  // NOLINT(build/include): included once per level

// AccumulateRowsOfSets with the common short lengths known at compile time, so that a row's elements are whole
// vectors of the level (or one), not a loop of n scalars: a sum over axis 1 of (512, 512, 8) float32 took 0.55 ms
// on one thread, PyTorch 0.10.
template <typename Op>
void AccumulateShortRows(
        const char* x,
        int64_t n,
        int64_t rows,
        int64_t row_step,
        int64_t blocks,
        int64_t block_x_step,
        int64_t block_acc_step,
        char* acc) {
    auto run = [&](auto length) {
        constexpr int64_t kN = decltype(length)::value;
        AccumulateRowsOfSets<Op, kN>(x, kN, rows, row_step, blocks, block_x_step, block_acc_step, acc);
    };
    if (!kIsFloatSum<Op> && n < 16) {
        // The maximum's and minimum's selects over a short row vectorise only in the loop of unknown length: GCC
        // unrolls a known one of fewer than 16 completely, and its straight-line vectoriser leaves the selects as
        // scalar compares and moves (max over axis 1 of (512, 512, 8): 1.35 ms, against 0.36 ms).
        return AccumulateRowsOfSets<Op, kShortRun>(x, n, rows, row_step, blocks, block_x_step, block_acc_step, acc);
    }
    switch (n) {
        case 1:
            return run(std::integral_constant<int64_t, 1>{});
        case 2:
            return run(std::integral_constant<int64_t, 2>{});
        case 3:
            return run(std::integral_constant<int64_t, 3>{});
        case 4:
            return run(std::integral_constant<int64_t, 4>{});
        case 8:
            return run(std::integral_constant<int64_t, 8>{});
        case 16:
            return run(std::integral_constant<int64_t, 16>{});
        case 32:
            return run(std::integral_constant<int64_t, 32>{});
        case 64:
            return run(std::integral_constant<int64_t, 64>{});
        default:
            return AccumulateRowsOfSets<Op, kShortRun>(
                    x, n, rows, row_step, blocks, block_x_step, block_acc_step, acc);
    }
}

template <typename Op>
constexpr FloatReducer kReducerOf{
        ReduceContiguousBlock<Op>, ReduceContiguousRows<Op>, AccumulateContiguous<Op>, AccumulateShortRows<Op>};

constexpr FloatLaneReducers kReducers{
        kReducerOf<numeric::SumOp<float>>, kReducerOf<numeric::AMaxOp<float>>, kReducerOf<numeric::AMinOp<float>>};
