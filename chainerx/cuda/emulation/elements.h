// One element of the floating-point types that the library stand-ins take (cublas.cc, cudnn.cc), read as double and
// stored rounded to its type.
#pragma once

#include <cstdint>

#include <cuda_fp16.h>

namespace chainerx {
namespace cuda {
namespace emulation {

enum class FloatType { kHalf, kFloat, kDouble };

inline double LoadFloat(FloatType type, const void* data, int64_t index) {
    switch (type) {
        case FloatType::kHalf:
            return __half2float(static_cast<const __half*>(data)[index]);
        case FloatType::kFloat:
            return static_cast<const float*>(data)[index];
        default:
            return static_cast<const double*>(data)[index];
    }
}

inline void StoreFloat(FloatType type, void* data, int64_t index, double value) {
    switch (type) {
        case FloatType::kHalf:
            static_cast<__half*>(data)[index] = __float2half(static_cast<float>(value));
            break;
        case FloatType::kFloat:
            static_cast<float*>(data)[index] = static_cast<float>(value);
            break;
        default:
            static_cast<double*>(data)[index] = value;
    }
}

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx
