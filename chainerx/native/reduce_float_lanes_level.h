// The reducers of native/reduce_float_lanes.h for one CPU level; no include guard: reduce_float_lanes.cc compiles
// this file once per level (native/per_cpu_level.h).

#include "chainerx/native/reduce_lanes.h"  // NOLINT(build/include): included once per level

template <typename Op>
constexpr FloatReducer kReducerOf{ReduceContiguousBlock<Op>, ReduceContiguousRows<Op>, AccumulateContiguous<Op>};

constexpr FloatLaneReducers kReducers{
        kReducerOf<numeric::SumOp<float>>, kReducerOf<numeric::AMaxOp<float>>, kReducerOf<numeric::AMinOp<float>>};
