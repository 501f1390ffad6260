// cuDNN's convolutions (forward, data and filter gradients) and AddTensor for the backend built for the host: see
// Note [CUDA emulation on the host] in device.h. Each checks its descriptors against each other, as cuDNN does
// (CUDNN_STATUS_BAD_PARAM), and computes the documented formula in double, product by product.
#include <cudnn.h>

#include <cstdint>
#include <vector>

#include "chainerx/cuda/emulation/cudnn_descriptors.h"
#include "chainerx/cuda/emulation/grid.h"

using chainerx::cuda::emulation::Blend;
using chainerx::cuda::emulation::Count;
using chainerx::cuda::emulation::LibraryCallScope;
using chainerx::cuda::emulation::Load;
using chainerx::cuda::emulation::OffsetOf;
using chainerx::cuda::emulation::PackedStrides;
using chainerx::cuda::emulation::Scale;

namespace {

template <typename Tap>
cudnnStatus_t ForEachTap(
        const cudnnTensorStruct& x, const cudnnFilterStruct& w, const cudnnConvolutionStruct& conv,
        const cudnnTensorStruct& y, Tap tap) {
    const size_t nd = x.dims.size();
    const size_t spatial = nd - 2;
    // With G groups, w is (O, C/G, k...) and output channel o reads the C/G input channels of group o / (O/G).
    if (w.dims.size() != nd || y.dims.size() != nd || conv.pad.size() != spatial || x.type != w.type ||
        x.type != y.type || w.format != CUDNN_TENSOR_NCHW || x.dims[0] != y.dims[0] ||
        x.dims[1] != w.dims[1] * conv.groups || y.dims[1] != w.dims[0] || w.dims[0] % conv.groups != 0) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    const int group_out = w.dims[0] / conv.groups;
    for (size_t i = 0; i < spatial; ++i) {
        int window = (w.dims[2 + i] - 1) * conv.dilation[i] + 1;
        if (conv.stride[i] < 1 || y.dims[2 + i] != (x.dims[2 + i] + 2 * conv.pad[i] - window) / conv.stride[i] + 1) {
            return CUDNN_STATUS_BAD_PARAM;
        }
    }
    const std::vector<int> w_strides = PackedStrides(w.dims);
    const std::vector<int> y_spatial(y.dims.begin() + 2, y.dims.end());
    const std::vector<int> y_spatial_strides(y.strides.begin() + 2, y.strides.end());
    const std::vector<int> k_spatial(w.dims.begin() + 2, w.dims.end());
    const bool flip = conv.mode == CUDNN_CONVOLUTION;
    for (int n = 0; n < y.dims[0]; ++n) {
        for (int o = 0; o < y.dims[1]; ++o) {
            for (int c = 0; c < w.dims[1]; ++c) {
                const int x_channel = o / group_out * w.dims[1] + c;
                for (int64_t yo = 0; yo < Count(y_spatial); ++yo) {
                    for (int64_t ko = 0; ko < Count(k_spatial); ++ko) {
                        int64_t x_offset = int64_t{n} * x.strides[0] + int64_t{x_channel} * x.strides[1];
                        int64_t y_offset = OffsetOf(yo, y_spatial, y_spatial_strides) + int64_t{n} * y.strides[0] +
                                           int64_t{o} * y.strides[1];
                        int64_t w_offset = int64_t{o} * w_strides[0] + int64_t{c} * w_strides[1];
                        bool inside = true;
                        int64_t yi = yo;
                        int64_t ki = ko;
                        for (size_t d = spatial; d-- > 0;) {
                            int oc = static_cast<int>(yi % y_spatial[d]);
                            int kc = static_cast<int>(ki % k_spatial[d]);
                            yi /= y_spatial[d];
                            ki /= k_spatial[d];
                            int in = oc * conv.stride[d] - conv.pad[d] + kc * conv.dilation[d];
                            inside &= in >= 0 && in < x.dims[2 + d];
                            x_offset += int64_t{in} * x.strides[2 + d];
                            w_offset += int64_t{flip ? k_spatial[d] - 1 - kc : kc} * w_strides[2 + d];
                        }
                        if (inside) {
                            tap(x_offset, w_offset, y_offset);
                        }
                    }
                }
            }
        }
    }
    return CUDNN_STATUS_SUCCESS;
}

// Accumulates sum[offset] over the taps and blends the sums into `data` (described by dims and strides) as
// data = alpha * sum + beta * data, element by element.
class Accumulator {
public:
    explicit Accumulator(int64_t span) : sums_(static_cast<size_t>(span), 0.0) {}
    void Add(int64_t offset, double value) { sums_[offset] += value; }
    void BlendInto(cudnnDataType_t type, void* data, const std::vector<int>& dims, const std::vector<int>& strides,
                   double alpha, double beta) {
        for (int64_t i = 0; i < Count(dims); ++i) {
            int64_t offset = OffsetOf(i, dims, strides);
            Blend(type, data, offset, alpha, sums_[offset], beta);
        }
    }

private:
    std::vector<double> sums_;
};

// The number of elements from the first to past the last (strides are non-negative in the backend's descriptors).
int64_t Span(const std::vector<int>& dims, const std::vector<int>& strides) {
    int64_t last = 0;
    for (size_t d = 0; d < dims.size(); ++d) {
        last += int64_t{dims[d] - 1} * strides[d];
    }
    return Count(dims) == 0 ? 0 : last + 1;
}

}  // namespace

cudnnStatus_t cudnnConvolutionForward(
        cudnnHandle_t handle,
        const void* alpha,
        const cudnnTensorDescriptor_t x_desc,
        const void* x,
        const cudnnFilterDescriptor_t w_desc,
        const void* w,
        const cudnnConvolutionDescriptor_t conv_desc,
        cudnnConvolutionFwdAlgo_t,
        void*,
        size_t,
        const void* beta,
        const cudnnTensorDescriptor_t y_desc,
        void* y) {
    LibraryCallScope library_call{__func__};
    Accumulator sums{Span(y_desc->dims, y_desc->strides)};
    const cudnnDataType_t type = x_desc->type;
    cudnnStatus_t status = ForEachTap(*x_desc, *w_desc, *conv_desc, *y_desc, [&](int64_t xo, int64_t wo, int64_t yo) {
        sums.Add(yo, Load(type, x, xo) * Load(type, w, wo));
    });
    if (status == CUDNN_STATUS_SUCCESS) {
        sums.BlendInto(type, y, y_desc->dims, y_desc->strides, Scale(type, alpha), Scale(type, beta));
    }
    return status;
}

cudnnStatus_t cudnnConvolutionBackwardData(
        cudnnHandle_t handle,
        const void* alpha,
        const cudnnFilterDescriptor_t w_desc,
        const void* w,
        const cudnnTensorDescriptor_t dy_desc,
        const void* dy,
        const cudnnConvolutionDescriptor_t conv_desc,
        cudnnConvolutionBwdDataAlgo_t,
        void*,
        size_t,
        const void* beta,
        const cudnnTensorDescriptor_t dx_desc,
        void* dx) {
    LibraryCallScope library_call{__func__};
    Accumulator sums{Span(dx_desc->dims, dx_desc->strides)};
    const cudnnDataType_t type = dx_desc->type;
    cudnnStatus_t status = ForEachTap(*dx_desc, *w_desc, *conv_desc, *dy_desc, [&](int64_t xo, int64_t wo, int64_t yo) {
        sums.Add(xo, Load(type, dy, yo) * Load(type, w, wo));
    });
    if (status == CUDNN_STATUS_SUCCESS) {
        sums.BlendInto(type, dx, dx_desc->dims, dx_desc->strides, Scale(type, alpha), Scale(type, beta));
    }
    return status;
}

cudnnStatus_t cudnnConvolutionBackwardFilter(
        cudnnHandle_t handle,
        const void* alpha,
        const cudnnTensorDescriptor_t x_desc,
        const void* x,
        const cudnnTensorDescriptor_t dy_desc,
        const void* dy,
        const cudnnConvolutionDescriptor_t conv_desc,
        cudnnConvolutionBwdFilterAlgo_t,
        void*,
        size_t,
        const void* beta,
        const cudnnFilterDescriptor_t dw_desc,
        void* dw) {
    LibraryCallScope library_call{__func__};
    const std::vector<int> w_strides = PackedStrides(dw_desc->dims);
    Accumulator sums{Count(dw_desc->dims)};
    const cudnnDataType_t type = x_desc->type;
    cudnnStatus_t status = ForEachTap(*x_desc, *dw_desc, *conv_desc, *dy_desc, [&](int64_t xo, int64_t wo, int64_t yo) {
        sums.Add(wo, Load(type, dy, yo) * Load(type, x, xo));
    });
    if (status == CUDNN_STATUS_SUCCESS) {
        sums.BlendInto(type, dw, dw_desc->dims, w_strides, Scale(type, alpha), Scale(type, beta));
    }
    return status;
}

// C = alpha * A + beta * C, A broadcast along its axes of size 1.
cudnnStatus_t cudnnAddTensor(
        cudnnHandle_t,
        const void* alpha,
        const cudnnTensorDescriptor_t a_desc,
        const void* a,
        const void* beta,
        const cudnnTensorDescriptor_t c_desc,
        void* c) {
    LibraryCallScope library_call{__func__};
    const cudnnTensorStruct& ad = *a_desc;
    const cudnnTensorStruct& cd = *c_desc;
    if (ad.dims.size() != cd.dims.size() || ad.type != cd.type) {
        return CUDNN_STATUS_BAD_PARAM;
    }
    std::vector<int> a_strides = ad.strides;
    for (size_t d = 0; d < ad.dims.size(); ++d) {
        if (ad.dims[d] != cd.dims[d] && ad.dims[d] != 1) {
            return CUDNN_STATUS_BAD_PARAM;
        }
        if (ad.dims[d] == 1) {
            a_strides[d] = 0;
        }
    }
    for (int64_t i = 0; i < Count(cd.dims); ++i) {
        double value = Load(ad.type, a, OffsetOf(i, cd.dims, a_strides));
        Blend(cd.type, c, OffsetOf(i, cd.dims, cd.strides), Scale(cd.type, alpha), value, Scale(cd.type, beta));
    }
    return CUDNN_STATUS_SUCCESS;
}
