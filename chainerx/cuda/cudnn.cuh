// What the cuDNN calls of the CUDA backend share (conv.cu, normalization.cu, rnn.cu): the cuDNN types of each device
// type, owned descriptors, and which failures mean "not supported, use the fallback".
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include <cuda_fp16.h>
#include <cudnn.h>

#include "chainerx/core/array.h"
#include "chainerx/core/shape.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cuda_runtime.h"

namespace chainerx {
namespace cuda {

template <typename T>
struct CudnnTypes;
template <>
struct CudnnTypes<__half> {
    static constexpr cudnnDataType_t kData = CUDNN_DATA_HALF;
    static constexpr cudnnDataType_t kCompute = CUDNN_DATA_FLOAT;
    static constexpr cudnnMathType_t kMath = CUDNN_TENSOR_OP_MATH;
    using Scale = float;
};
template <>
struct CudnnTypes<float> {
    static constexpr cudnnDataType_t kData = CUDNN_DATA_FLOAT;
    static constexpr cudnnDataType_t kCompute = CUDNN_DATA_FLOAT;
    static constexpr cudnnMathType_t kMath = CUDNN_FMA_MATH;
    using Scale = float;
};
template <>
struct CudnnTypes<double> {
    static constexpr cudnnDataType_t kData = CUDNN_DATA_DOUBLE;
    static constexpr cudnnDataType_t kCompute = CUDNN_DATA_DOUBLE;
    static constexpr cudnnMathType_t kMath = CUDNN_FMA_MATH;
    using Scale = double;
};

// cuDNN's dims of an (N, C, spatial...) shape: at least 4, a 1-d convolution getting a trailing axis of 1.
inline std::vector<int> CudnnDims(const Shape& shape) {
    std::vector<int> dims(shape.begin(), shape.end());
    if (dims.size() < 4) {
        dims.push_back(1);
    }
    return dims;
}

inline std::vector<int> ContiguousStrides(const std::vector<int>& dims) {
    std::vector<int> strides(dims.size());
    int stride = 1;
    for (size_t i = dims.size(); i-- > 0;) {
        strides[i] = stride;
        stride *= dims[i];
    }
    return strides;
}

// A cuDNN object owned: Create on construction, Destroy on destruction. A descriptor class derived from it sets the
// descriptor in its constructor; should that throw, the base has been constructed and destroys the descriptor.
template <typename Handle, cudnnStatus_t (*Create)(Handle*), cudnnStatus_t (*Destroy)(Handle)>
class CudnnObject {
public:
    CudnnObject() { CheckCudnnError(Create(&handle_)); }
    ~CudnnObject() { Destroy(handle_); }
    CudnnObject(const CudnnObject&) = delete;
    CudnnObject& operator=(const CudnnObject&) = delete;
    Handle get() const { return handle_; }

private:
    Handle handle_{};
};

// A tensor descriptor created but not set (cuDNN's calls that fill one in take it so).
using BareTensorDescriptor =
        CudnnObject<cudnnTensorDescriptor_t, cudnnCreateTensorDescriptor, cudnnDestroyTensorDescriptor>;

// A C-contiguous tensor of `dims`.
class TensorDescriptor : public BareTensorDescriptor {
public:
    TensorDescriptor(cudnnDataType_t type, const std::vector<int>& dims) {
        std::vector<int> strides = ContiguousStrides(dims);
        CheckCudnnError(
                cudnnSetTensorNdDescriptor(get(), type, static_cast<int>(dims.size()), dims.data(), strides.data()));
    }
};

// Whether cuDNN may take the array's data as it is: pool blocks are 512-byte aligned, but a view can start anywhere,
// and cuDNN's vectorised kernels want 16 bytes.
inline bool IsCudnnAligned(const Array& a) { return reinterpret_cast<uintptr_t>(a.raw_data()) % 16 == 0; }

// cuDNN 9 reports "not supported" as a category of codes (CUDNN_STATUS_NOT_SUPPORTED_SHAPE, ..._PADDING, ...), not
// only as CUDNN_STATUS_NOT_SUPPORTED itself. A misaligned pointer (a contiguous view at an odd offset) is reported
// as a bad parameter but is just as recoverable: the fallbacks take any offset.
inline bool IsUnsupported(cudnnStatus_t status) {
    return CUDNN_STATUS_CATEGORY(status) == CUDNN_STATUS_NOT_SUPPORTED ||
           status == CUDNN_STATUS_BAD_PARAM_MISALIGNED_POINTER;
}

// Runs call(handle) on the device's cuDNN handle, holding the device's cuDNN lock; false when cuDNN reports the case
// as not supported (the caller's fallback then runs), and CudnnError for any other failure.
template <typename Call>
bool RunCudnn(CudaDevice& device, Call&& call) {
    cudnnHandle_t handle = device.cudnn_handle();
    cudnnStatus_t status{};
    {
        std::lock_guard<std::mutex> lock{device.cudnn_mutex()};
        status = call(handle);
    }
    if (IsUnsupported(status)) {
        return false;
    }
    CheckCudnnError(status);
    return true;
}

}  // namespace cuda
}  // namespace chainerx
