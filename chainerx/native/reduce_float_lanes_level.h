// The reducers of native/reduce_float_lanes.h for one CPU level; no include guard: reduce_float_lanes.cc compiles
// this file once per level (native/per_cpu_level.h).

#include "chainerx/native/reduce_lanes.h"  // NOLINT(build/include): included once per level

// AccumulateRowsOfSets with the common short lengths known at compile time, so that a row's elements are whole
// vectors of the level (or one), not a loop of n scalars: a sum over axis 1 of (512, 512, 8) float32 took 0.55 ms
// on one thread, PyTorch 0.10.
// (The calls are parenthesised: by argument-dependent lookup, ShortRowSets would also find reduce.h's baseline copy.)
template <typename Op>
void AccumulateShortRows(const ShortRowSets& runs) {
    if (!kIsFloatSum<Op> && runs.n < 16) {
        // The maximum's and minimum's selects over a short row vectorise only in the loop of unknown length: GCC
        // unrolls a known one of fewer than 16 completely, and its straight-line vectoriser leaves the selects as
        // scalar compares and moves (max over axis 1 of (512, 512, 8): 1.35 ms, against 0.36 ms).
        return (AccumulateRowsOfSets<Op, kShortRun>)(runs);
    }
    switch (runs.n) {
        case 1:
            return (AccumulateRowsOfSets<Op, 1, true>)(runs);
        case 2:
            return (AccumulateRowsOfSets<Op, 2, true>)(runs);
        case 3:
            return (AccumulateRowsOfSets<Op, 3, true>)(runs);
        case 4:
            return (AccumulateRowsOfSets<Op, 4, true>)(runs);
        case 8:
            return (AccumulateRowsOfSets<Op, 8, true>)(runs);
        case 16:
            return (AccumulateRowsOfSets<Op, 16, true>)(runs);
        case 32:
            return (AccumulateRowsOfSets<Op, 32, true>)(runs);
        case 64:
            return (AccumulateRowsOfSets<Op, 64, true>)(runs);
        default:
            return (AccumulateRowsOfSets<Op, kShortRun>)(runs);
    }
}

template <typename Op>
constexpr FloatReducer kReducerOf{
        ReduceContiguousBlock<Op>, ReduceContiguousRows<Op>, AccumulateContiguous<Op>, AccumulateShortRows<Op>};

constexpr FloatLaneReducers kReducers{
        kReducerOf<numeric::SumOp<float>>, kReducerOf<numeric::AMaxOp<float>>, kReducerOf<numeric::AMinOp<float>>};
