// float32 <-> float16 conversions of contiguous runs (native/half_elementwise_level.h): F16C's vcvtps2ph and
// vcvtph2ps (8 values an instruction) at the AVX2 level, AVX-512F's (16) at the AVX-512 level, core/float16.h's
// inline software conversion at the baseline. All round
// to nearest even and keep the high bits of a NaN's payload, quieted, so the levels give the same bits (gtest).
// The native astype between float32 and float16 runs them (native/creation.cc).
#pragma once

#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/float16.h"
#include "chainerx/native/cpu_level.h"

namespace chainerx {
namespace native {

struct HalfConversionLoops {
    void (*to_half)(const float* x, Float16* out, int64_t n);
    void (*to_float)(const Float16* x, float* out, int64_t n);
};

// The loops for GetCpuLevel() (the baseline ones on a CPU without F16C).
const HalfConversionLoops& GetHalfConversionLoops();

// The loops of `level`, which must not be above GetCpuSupportedLevel() (tests compare the levels).
const HalfConversionLoops& GetHalfConversionLoopsAt(CpuLevel level);

// out = x converted, for arrays of one shape, any strides, one float32 and the other float16.
void ConvertHalfElementwise(const Array& x, const Array& out);

}  // namespace native
}  // namespace chainerx
