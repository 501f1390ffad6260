// What the cuDNN stand-in's files share (cudnn.cc, cudnn_convolution.cc, cudnn_batch_norm.cc): the descriptors, which
// keep what they are given, and element access through them. See Note [CUDA emulation on the host] in device.h.
#pragma once

#include <cudnn.h>

#include <cstdint>
#include <vector>

#include "chainerx/cuda/emulation/elements.h"

struct cudnnContext {};
struct cudnnTensorStruct {
    cudnnDataType_t type{};
    std::vector<int> dims;
    std::vector<int> strides;
};
struct cudnnFilterStruct {
    cudnnDataType_t type{};
    cudnnTensorFormat_t format{};
    std::vector<int> dims;
};
struct cudnnConvolutionStruct {
    std::vector<int> pad;
    std::vector<int> stride;
    std::vector<int> dilation;
    cudnnConvolutionMode_t mode{};
    int groups = 1;  // cudnnSetConvolutionGroupCount
};

namespace chainerx {
namespace cuda {
namespace emulation {

// A descriptor's creation and destruction: the stand-ins' descriptors are plain structs that keep what they are set
// to.
template <typename Descriptor>
cudnnStatus_t CreateDescriptor(Descriptor** descriptor) {
    *descriptor = new Descriptor{};
    return CUDNN_STATUS_SUCCESS;
}

template <typename Descriptor>
cudnnStatus_t DestroyDescriptor(Descriptor* descriptor) {
    delete descriptor;
    return CUDNN_STATUS_SUCCESS;
}

inline FloatType FloatTypeOf(cudnnDataType_t type) {
    return type == CUDNN_DATA_HALF ? FloatType::kHalf
                                   : type == CUDNN_DATA_FLOAT ? FloatType::kFloat : FloatType::kDouble;
}

inline double Load(cudnnDataType_t type, const void* data, int64_t offset) {
    return LoadFloat(FloatTypeOf(type), data, offset);
}

inline void Store(cudnnDataType_t type, void* data, int64_t offset, double value) {
    StoreFloat(FloatTypeOf(type), data, offset, value);
}

inline bool SupportedType(cudnnDataType_t type) {
    return type == CUDNN_DATA_HALF || type == CUDNN_DATA_FLOAT || type == CUDNN_DATA_DOUBLE;
}

// alpha and beta point to double for double data, to float otherwise.
inline double Scale(cudnnDataType_t type, const void* scale) {
    return type == CUDNN_DATA_DOUBLE ? *static_cast<const double*>(scale) : *static_cast<const float*>(scale);
}

// dst = alpha * value + beta * dst; dst is not read when beta is 0.
inline void Blend(cudnnDataType_t type, void* data, int64_t offset, double alpha, double value, double beta) {
    Store(type, data, offset, alpha * value + (beta == 0 ? 0.0 : beta * Load(type, data, offset)));
}

inline int64_t Count(const std::vector<int>& dims) {
    int64_t n = 1;
    for (int d : dims) {
        n *= d;
    }
    return n;
}

// The element offset (through `strides`) of the element with C-order linear index `index` of `dims`.
inline int64_t OffsetOf(int64_t index, const std::vector<int>& dims, const std::vector<int>& strides) {
    int64_t offset = 0;
    for (size_t d = dims.size(); d-- > 0;) {
        offset += index % dims[d] * strides[d];
        index /= dims[d];
    }
    return offset;
}

inline std::vector<int> PackedStrides(const std::vector<int>& dims) {
    std::vector<int> strides(dims.size());
    int stride = 1;
    for (size_t d = dims.size(); d-- > 0;) {
        strides[d] = stride;
        stride *= dims[d];
    }
    return strides;
}

// Calls tap(x_offset, w_offset, y_offset) for each product of a cross-correlation y = x (*) w (cuDNN's
// CUDNN_CROSS_CORRELATION; CUDNN_CONVOLUTION flips the filter), after checking that the descriptors agree.

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx
