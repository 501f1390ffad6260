// The reducers of native/reduce_float_lanes.h for one CPU level; no include guard: reduce_float_lanes.cc compiles
// this file once per level (native/per_cpu_level.h).

#include "chainerx/native/reduce_lanes.h"  // NOLINT(build/include): included once per level

inline float SumLanes(const float* x, int64_t n) { return ReduceLanes<numeric::SumOp<float>>(x, n); }
inline float MaxLanes(const float* x, int64_t n) { return ReduceLanes<numeric::AMaxOp<float>>(x, n); }
inline float MinLanes(const float* x, int64_t n) { return ReduceLanes<numeric::AMinOp<float>>(x, n); }

constexpr FloatLaneReducers kReducers{SumLanes, MaxLanes, MinLanes};
