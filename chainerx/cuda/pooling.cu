// CUDA kernels of the pooling family, in native/pooling.cc's order of operations, so the bits are the same and no
// two threads write one element (no atomics):
// - the forward passes and MaxPoolGradGrad: one thread per output element;
// - AveragePoolGrad and MaxPoolGrad: one thread per input element, gathering from the windows that contain it in
//   increasing order (native's scatter adds in that order too).
// cuDNN's pooling reports no argmax, which MaxPoolKernel's contract needs for its gradients.
#include <cstdint>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/pooling.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/reduction.h"
#include "chainerx/core/numeric/statistics.h"
#include "chainerx/core/shape.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {
namespace {

// The spatial geometry of one call, shared by all (N * C) planes.
struct Geometry {
    int ndim;
    int64_t in[kMaxNdim];
    int64_t out[kMaxNdim];
    int64_t ksize[kMaxNdim];
    int64_t stride[kMaxNdim];
    int64_t pad[kMaxNdim];
    int64_t in_size;
    int64_t out_size;

    // The window of output position j of a plane, clipped to the input: [begin[i], end[i]) per axis.
    __device__ void Window(int64_t j, int64_t* begin, int64_t* end) const {
        for (int i = ndim - 1; i >= 0; --i) {
            int64_t start = (j % out[i]) * stride[i] - pad[i];
            j /= out[i];
            begin[i] = start > 0 ? start : 0;
            end[i] = start + ksize[i] < in[i] ? start + ksize[i] : in[i];
        }
    }

    __device__ int64_t Count(const int64_t* begin, const int64_t* end, bool count_pad) const {
        int64_t count = 1;
        for (int i = 0; i < ndim; ++i) {
            count *= count_pad ? ksize[i] : (end[i] > begin[i] ? end[i] - begin[i] : 0);
        }
        return count;
    }
};

Geometry MakeGeometry(const Shape& x_shape, const Shape& out_shape, const PoolWindow& window) {
    Geometry g{};
    g.ndim = x_shape.ndim() - 2;
    g.in_size = 1;
    g.out_size = 1;
    for (int i = 0; i < g.ndim; ++i) {
        g.in[i] = x_shape[i + 2];
        g.out[i] = out_shape[i + 2];
        g.ksize[i] = window.ksize[i];
        g.stride[i] = window.stride[i];
        g.pad[i] = window.pad[i];
        g.in_size *= g.in[i];
        g.out_size *= g.out[i];
    }
    return g;
}

// Calls f(offset) for each input position of the box [begin, end) in C order (offset flat within the plane).
template <typename F>
__device__ void ForEachInBox(const Geometry& g, const int64_t* begin, const int64_t* end, F&& f) {
    int64_t pos[kMaxNdim];
    for (int i = 0; i < g.ndim; ++i) {
        if (begin[i] >= end[i]) {
            return;
        }
        pos[i] = begin[i];
    }
    while (true) {
        int64_t offset = 0;
        for (int i = 0; i < g.ndim; ++i) {
            offset = offset * g.in[i] + pos[i];
        }
        f(offset);
        int i = g.ndim - 1;
        for (; i >= 0 && ++pos[i] == end[i]; --i) {
            pos[i] = begin[i];
        }
        if (i < 0) {
            return;
        }
    }
}

// Calls f(j) for each output position j whose window contains input offset `x_offset`, in increasing j.
template <typename F>
__device__ void ForEachWindowContaining(const Geometry& g, int64_t x_offset, F&& f) {
    int64_t first[kMaxNdim];
    int64_t last[kMaxNdim];
    for (int i = g.ndim - 1; i >= 0; --i) {
        int64_t p = x_offset % g.in[i] + g.pad[i];
        x_offset /= g.in[i];
        // j * stride <= p < j * stride + ksize
        int64_t lo = p - g.ksize[i] + 1 <= 0 ? 0 : (p - g.ksize[i] + g.stride[i]) / g.stride[i];
        int64_t hi = p / g.stride[i];
        first[i] = lo;
        last[i] = hi < g.out[i] - 1 ? hi : g.out[i] - 1;
        if (first[i] > last[i]) {
            return;
        }
    }
    int64_t pos[kMaxNdim];
    for (int i = 0; i < g.ndim; ++i) {
        pos[i] = first[i];
    }
    while (true) {
        int64_t j = 0;
        for (int i = 0; i < g.ndim; ++i) {
            j = j * g.out[i] + pos[i];
        }
        f(j);
        int i = g.ndim - 1;
        for (; i >= 0 && pos[i] == last[i]; --i) {
            pos[i] = first[i];
        }
        if (i < 0) {
            return;
        }
        ++pos[i];
    }
}

template <typename T>
struct MaxPoolFunctor {
    Geometry g;
    const T* x;
    T* out;
    int64_t* indices;
    __device__ void operator()(int64_t e) const {
        using C = numeric::ComputeType<T>;
        const int64_t plane = e / g.out_size;
        const T* xp = x + plane * g.in_size;
        int64_t begin[kMaxNdim];
        int64_t end[kMaxNdim];
        g.Window(e % g.out_size, begin, end);
        int64_t best = -1;
        C best_value = numeric::Extreme<T, true>();
        ForEachInBox(g, begin, end, [&](int64_t offset) {
            auto v = static_cast<C>(xp[offset]);
            // NaN wins over numbers; the first maximum wins ties (native's rule).
            if (best < 0 || (!numeric::IsNanValue(best_value) && (v > best_value || numeric::IsNanValue(v)))) {
                best = offset;
                best_value = v;
            }
        });
        out[e] = best < 0 ? numeric::LowestValue<T>() : xp[best];
        indices[e] = best;
    }
};

class CudaMaxPoolKernel : public MaxPoolKernel {
public:
    void Call(const Array& x, const PoolWindow& window, const Array& out, const Array& indices) override {
        Geometry g = MakeGeometry(x.shape(), out.shape(), window);
        VisitDeviceDtype(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            MaxPoolFunctor<T> pool{g, static_cast<const T*>(x.raw_data()), static_cast<T*>(out.raw_data()),
                                   static_cast<int64_t*>(indices.raw_data())};
            LaunchIndexed(out.device(), out.GetTotalSize(), pool);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(MaxPoolKernel, CudaMaxPoolKernel);

// gx[e] adds gout[j] over the windows j containing e whose maximum is e, in increasing j: the additions native's
// scatter makes to e, in its order (the same bits).
template <typename T>
struct MaxPoolGradFunctor {
    Geometry g;
    const T* gout;
    const int64_t* indices;
    T* gx;
    __device__ void operator()(int64_t e) const {
        using C = numeric::ComputeType<T>;
        const int64_t plane_offset = (e / g.in_size) * g.out_size;
        const int64_t x_offset = e % g.in_size;
        T sum = static_cast<T>(0.0f);
        ForEachWindowContaining(g, x_offset, [&](int64_t j) {
            if (indices[plane_offset + j] == x_offset) {
                sum = static_cast<T>(static_cast<C>(sum) + static_cast<C>(gout[plane_offset + j]));
            }
        });
        gx[e] = sum;
    }
};

class CudaMaxPoolGradKernel : public MaxPoolGradKernel {
public:
    void Call(const Array& gout, const Array& indices, const PoolWindow& window, const Array& gx) override {
        Geometry g = MakeGeometry(gx.shape(), gout.shape(), window);
        VisitDeviceDtypeIn<kFloatingDtypes>(gx.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            MaxPoolGradFunctor<T> grad{g, static_cast<const T*>(gout.raw_data()),
                                       static_cast<const int64_t*>(indices.raw_data()), static_cast<T*>(gx.raw_data())};
            LaunchIndexed(gx.device(), gx.GetTotalSize(), grad);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(MaxPoolGradKernel, CudaMaxPoolGradKernel);

template <typename T>
struct MaxPoolGradGradFunctor {
    int64_t in_size;
    int64_t out_size;
    const T* ggx;
    const int64_t* indices;
    T* ggout;
    __device__ void operator()(int64_t e) const {
        int64_t index = indices[e];
        ggout[e] = index >= 0 ? ggx[(e / out_size) * in_size + index] : static_cast<T>(0.0f);
    }
};

class CudaMaxPoolGradGradKernel : public MaxPoolGradGradKernel {
public:
    void Call(const Array& ggx, const Array& indices, const Array& ggout) override {
        PoolPlanes pp = GetPoolPlanes(ggx, ggout);
        VisitDeviceDtypeIn<kFloatingDtypes>(ggx.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            MaxPoolGradGradFunctor<T> gradgrad{pp.in_size, pp.out_size, static_cast<const T*>(ggx.raw_data()),
                                               static_cast<const int64_t*>(indices.raw_data()),
                                               static_cast<T*>(ggout.raw_data())};
            LaunchIndexed(ggout.device(), ggout.GetTotalSize(), gradgrad);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(MaxPoolGradGradKernel, CudaMaxPoolGradGradKernel);

template <typename T>
struct AveragePoolFunctor {
    Geometry g;
    bool count_pad;
    const T* x;
    T* out;
    __device__ void operator()(int64_t e) const {
        using C = numeric::ComputeType<T>;
        const T* xp = x + (e / g.out_size) * g.in_size;
        int64_t begin[kMaxNdim];
        int64_t end[kMaxNdim];
        g.Window(e % g.out_size, begin, end);
        C sum{0};
        ForEachInBox(g, begin, end, [&](int64_t offset) { sum += static_cast<C>(xp[offset]); });
        // A window of padding only divides 0 by 0: NaN, as on native.
        out[e] = static_cast<T>(sum / static_cast<C>(g.Count(begin, end, count_pad)));
    }
};

class CudaAveragePoolKernel : public AveragePoolKernel {
public:
    void Call(const Array& x, const PoolWindow& window, bool count_pad, const Array& out) override {
        Geometry g = MakeGeometry(x.shape(), out.shape(), window);
        VisitDeviceDtypeIn<kFloatingDtypes>(x.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            AveragePoolFunctor<T> pool{
                    g, count_pad, static_cast<const T*>(x.raw_data()), static_cast<T*>(out.raw_data())};
            LaunchIndexed(out.device(), out.GetTotalSize(), pool);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(AveragePoolKernel, CudaAveragePoolKernel);

template <typename T>
struct AveragePoolGradFunctor {
    Geometry g;
    bool count_pad;
    const T* gout;
    T* gx;
    __device__ void operator()(int64_t e) const {
        using C = numeric::ComputeType<T>;
        const T* goutp = gout + (e / g.in_size) * g.out_size;
        T sum = static_cast<T>(0.0f);
        ForEachWindowContaining(g, e % g.in_size, [&](int64_t j) {
            int64_t begin[kMaxNdim];
            int64_t end[kMaxNdim];
            g.Window(j, begin, end);
            int64_t count = g.Count(begin, end, count_pad);
            C share = count == 0 ? C{0} : static_cast<C>(goutp[j]) / static_cast<C>(count);
            sum = static_cast<T>(static_cast<C>(sum) + share);
        });
        gx[e] = sum;
    }
};

class CudaAveragePoolGradKernel : public AveragePoolGradKernel {
public:
    void Call(const Array& gout, const PoolWindow& window, bool count_pad, const Array& gx) override {
        Geometry g = MakeGeometry(gx.shape(), gout.shape(), window);
        VisitDeviceDtypeIn<kFloatingDtypes>(gx.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            AveragePoolGradFunctor<T> grad{g, count_pad, static_cast<const T*>(gout.raw_data()),
                                           static_cast<T*>(gx.raw_data())};
            LaunchIndexed(gx.device(), gx.GetTotalSize(), grad);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(AveragePoolGradKernel, CudaAveragePoolGradKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
