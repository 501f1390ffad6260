// CUDA kernels of the connection family: convolution, its transpose and its weight gradient.
//
// Note [cuDNN API]
// Floating-point convolutions with 1 to 3 spatial axes go to cuDNN's legacy convolution API
// (cudnnConvolutionForward / BackwardData / BackwardFilter with N-d descriptors), which cuDNN 9 still ships in
// libcudnn_cnn. The graph API would need either the cudnn-frontend C++ headers, which no pip wheel carries and the
// offline build cannot fetch, or hundreds of lines of backend descriptors per operation; the legacy API covers
// every case the kernels' contracts need in a few calls. It is deprecated: when it goes, these three calls move to
// the graph API and nothing else changes.
// - 1-d convolutions get a trailing spatial axis of size 1 (cuDNN wants at least 4-d tensors).
// - The algorithm is cuDNN's first heuristic choice that is deterministic (the same bits every run, as on native),
//   cached per configuration (Note [cuDNN algorithm cache]); its workspace comes from the memory pool.
// - float32 and float64 compute without tensor-core math (no TF32: results stay within float32 tolerances of the
//   native backend); float16 may use tensor cores and accumulates in float.
// - Everything else (bool and integer dtypes, more than 3 spatial axes, the output sizes of cover_all,
//   configurations cuDNN reports as not supported) runs the direct kernels below: one thread per output element,
//   summing in the order of the loops in ProductAccumulator (blas.cuh: integers in int64, bool as or-of-ands).
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <vector>

#include <cuda_fp16.h>
#include <cudnn.h>

#include "chainerx/core/array.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/connection.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/cuda/blas.cuh"
#include "chainerx/cuda/choice_cache.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_device.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/cudnn.cuh"
#include "chainerx/cuda/elementwise.cuh"

namespace chainerx {
namespace cuda {
namespace {

// ---- cuDNN ----

constexpr int kMaxCudnnSpatial = 3;

class FilterDescriptor
    : public CudnnObject<cudnnFilterDescriptor_t, cudnnCreateFilterDescriptor, cudnnDestroyFilterDescriptor> {
public:
    FilterDescriptor(cudnnDataType_t type, const std::vector<int>& dims) {
        CheckCudnnError(
                cudnnSetFilterNdDescriptor(get(), type, CUDNN_TENSOR_NCHW, static_cast<int>(dims.size()), dims.data()));
    }
};

class ConvolutionDescriptor : public CudnnObject<cudnnConvolutionDescriptor_t,
                                                 cudnnCreateConvolutionDescriptor,
                                                 cudnnDestroyConvolutionDescriptor> {
public:
    ConvolutionDescriptor(
            const Dims& stride, const Dims& pad, int groups, cudnnDataType_t compute, cudnnMathType_t math) {
        std::vector<int> pads(pad.begin(), pad.end());
        std::vector<int> strides(stride.begin(), stride.end());
        if (pads.size() < 2) {
            pads.push_back(0);
            strides.push_back(1);
        }
        std::vector<int> dilations(pads.size(), 1);
        CheckCudnnError(cudnnSetConvolutionNdDescriptor(
                get(), static_cast<int>(pads.size()), pads.data(), strides.data(), dilations.data(),
                CUDNN_CROSS_CORRELATION, compute));
        CheckCudnnError(cudnnSetConvolutionMathType(get(), math));
        CheckCudnnError(cudnnSetConvolutionGroupCount(get(), groups));
    }
};

// Whether cuDNN can run the convolution y = conv(x, w) (x, w, y in the roles of CudnnConvolution, whatever is
// computed): a float dtype, 1 to 3 spatial axes, every size, pad and stride fitting cuDNN's int, and y's spatial
// sizes those of cuDNN's formula (in + 2 * pad - k) / stride + 1. The last fails exactly for the shapes of
// cover_all (one more, partial window per axis), which cuDNN cannot express: cuDNN would reject the descriptors or
// compute the wrong windows, so those run the direct kernels.
bool CudnnApplies(const Array& x, const Array& w, const Array& y, const Dims& stride, const Dims& pad, int64_t groups) {
    constexpr int64_t kIntMax = std::numeric_limits<int>::max();
    if (GetKind(x.dtype()) != DtypeKind::kFloat || x.ndim() - 2 > kMaxCudnnSpatial || groups > kIntMax) {
        return false;
    }
    for (const Array* a : {&x, &w, &y}) {
        // Packed int strides (ContiguousStrides) must not overflow either; a misaligned view (a contiguous slice at
        // an odd offset) could be refused as a plain bad parameter.
        if (a->GetTotalSize() > kIntMax || !IsCudnnAligned(*a)) {
            return false;
        }
        for (int64_t dim : a->shape()) {
            if (dim <= 0) {
                return false;
            }
        }
    }
    for (int8_t i = 0; i < x.ndim() - 2; ++i) {
        const int64_t in = x.shape()[i + 2];
        if (stride[i] > kIntMax || pad[i] > kIntMax / 4 || in + 2 * pad[i] > kIntMax) {
            return false;
        }
        const int64_t span = in + 2 * pad[i] - w.shape()[i + 2];
        // A pad of a whole window or more leaves windows of padding only; whether cuDNN accepts that is not
        // documented, so the direct kernels take it (a rare configuration).
        if (pad[i] >= w.shape()[i + 2] || span < 0 || span / stride[i] + 1 != y.shape()[i + 2]) {
            return false;
        }
    }
    return true;
}

// Note [cuDNN algorithm cache]
// Asking cuDNN's heuristic for its algorithms and then for a workspace size costs host time on every call, while a
// training loop runs the same few convolutions every step. So the choice (the algorithm and its workspace size, or
// the finding that cuDNN offers none) is cached, keyed by everything it depends on: the call (forward, backward
// data, backward filter), the CUDA device index, the data type (which fixes the compute and math types) and the
// descriptors' contents (dims, whose packed strides follow from them, pad and stride). The key holds no pointers,
// so it stays valid while arrays, devices and contexts come and go: cuda:N is one GPU for the whole process.
// - One cache for all devices (the device index is in the key), with its own mutex held only around a lookup or an
//   insert, never across cuDNN calls. Two threads missing at once both ask cuDNN and store the same answer.
// - Bounded: a program whose shapes keep changing (variable-length inputs, a test suite) would grow it without end,
//   so it is emptied when it holds ChoiceCache::kMaxEntries entries (choice_cache.h). Dropping entries is always
//   safe, since every entry can be recomputed; a training loop's few shapes are then asked for once more.
// - Only cuDNN's answer is cached, not whether a run succeeded: a call that fails as unsupported for its pointers'
//   alignment falls back to the direct kernels for that call only.
struct CudnnAlgorithm {
    int algo;  // the call's cudnnConvolution*Algo_t
    size_t workspace_bytes;
};

using CudnnAlgorithmCache = ChoiceCache<std::vector<int>, CudnnAlgorithm>;

CudnnAlgorithmCache& GetCudnnAlgorithmCache() {
    static CudnnAlgorithmCache cache;
    return cache;
}

// The calls whose algorithms are cached.
enum class CudnnCall { kForward, kBackwardData, kBackwardFilter };

// The operands of one cuDNN call: the (N, C, ...) side `x`, the filter `w` (O, C/G, ...) and the (N, O, ...) side
// `y` of the convolution y = conv(x, w) with G groups (cuDNN's group count, Note [Channel groups]), whatever is
// computed from what.
template <typename T>
struct CudnnConvolution {
    using Types = CudnnTypes<T>;
    CudaDevice& device;
    TensorDescriptor x;
    FilterDescriptor w;
    TensorDescriptor y;
    ConvolutionDescriptor conv;
    std::vector<int> key;  // the call and all of the above (Note [cuDNN algorithm cache])

    CudnnConvolution(CudnnCall call, const Array& x_array, const Shape& w_shape, const Shape& y_shape,
                     const Dims& stride, const Dims& pad, int64_t groups)
        : device{dynamic_cast<CudaDevice&>(x_array.device())},
          x{Types::kData, CudnnDims(x_array.shape())},
          w{Types::kData, CudnnDims(w_shape)},
          y{Types::kData, CudnnDims(y_shape)},
          conv{stride, pad, static_cast<int>(groups), Types::kCompute, Types::kMath},
          key{static_cast<int>(call), device.index(), static_cast<int>(Types::kData), static_cast<int>(stride.size()),
              static_cast<int>(groups)} {
        for (const Shape* shape : {&x_array.shape(), &w_shape, &y_shape}) {
            std::vector<int> dims = CudnnDims(*shape);
            key.insert(key.end(), dims.begin(), dims.end());
        }
        key.insert(key.end(), stride.begin(), stride.end());
        key.insert(key.end(), pad.begin(), pad.end());
    }
};

// out += b broadcast over (N, spatial...), b being (O,).
template <typename T>
void CudnnAddBias(CudaDevice& device, const Array& b, const Array& out, const TensorDescriptor& out_desc) {
    using Types = CudnnTypes<T>;
    std::vector<int> dims(CudnnDims(out.shape()).size(), 1);
    dims[1] = static_cast<int>(b.shape()[0]);
    TensorDescriptor b_desc{Types::kData, dims};
    typename Types::Scale one{1};
    cudnnHandle_t handle = device.cudnn_handle();
    std::lock_guard<std::mutex> lock{device.cudnn_mutex()};
    CheckCudnnError(cudnnAddTensor(handle, &one, b_desc.get(), b.raw_data(), &one, out_desc.get(),
                                   out.raw_data()));
}

// The first deterministic algorithm among cuDNN's heuristic choices that cuDNN can size a workspace for with the
// convolution descriptor as it is, or nullopt if there is none. The heuristic lists each algorithm per math type,
// while the descriptor's math type (Note [cuDNN API]) is what runs, so the workspace size is asked for again
// rather than taken from the list.
template <typename Perf, typename GetMaxCount, typename GetAlgorithms, typename GetWorkspaceSize>
std::optional<CudnnAlgorithm> ChooseAlgorithm(
        cudnnHandle_t handle, GetMaxCount&& get_max_count, GetAlgorithms&& get_algorithms,
        GetWorkspaceSize&& get_workspace_size) {
    int max_count = 0;
    CheckCudnnError(get_max_count(handle, &max_count));
    std::vector<Perf> perfs(static_cast<size_t>(max_count));
    int count = 0;
    cudnnStatus_t status = get_algorithms(handle, max_count, &count, perfs.data());
    if (IsUnsupported(status)) {
        return std::nullopt;
    }
    CheckCudnnError(status);
    for (int i = 0; i < count; ++i) {
        if (perfs[i].status != CUDNN_STATUS_SUCCESS || perfs[i].determinism != CUDNN_DETERMINISTIC) {
            continue;
        }
        size_t bytes = 0;
        status = get_workspace_size(handle, perfs[i].algo, &bytes);
        if (IsUnsupported(status)) {
            continue;
        }
        CheckCudnnError(status);
        return CudnnAlgorithm{static_cast<int>(perfs[i].algo), bytes};
    }
    return std::nullopt;
}

// Runs one cuDNN convolution call with the algorithm chosen for it (ChooseAlgorithm, through the cache of Note
// [cuDNN algorithm cache]): get_max_count(handle, &n) and get_algorithms(handle, n, &count, perfs) list cuDNN's
// heuristic choices, get_workspace_size(handle, algo, &bytes) sizes one, and run(handle, algo, workspace, bytes,
// &one, &zero) runs it with a workspace from the memory pool. False when cuDNN offers no deterministic algorithm or
// reports the call as not supported: the caller then runs the direct kernel.
template <typename T, typename Perf, typename GetMaxCount, typename GetAlgorithms, typename GetWorkspaceSize,
          typename Run>
bool RunWithAlgorithm(
        const CudnnConvolution<T>& c, GetMaxCount&& get_max_count, GetAlgorithms&& get_algorithms,
        GetWorkspaceSize&& get_workspace_size, Run&& run) {
    using Algo = decltype(Perf::algo);
    cudnnHandle_t handle = c.device.cudnn_handle();
    std::lock_guard<std::mutex> lock{c.device.cudnn_mutex()};
    std::optional<CudnnAlgorithm> algo;
    if (!GetCudnnAlgorithmCache().Find(c.key, &algo)) {
        algo = ChooseAlgorithm<Perf>(handle, get_max_count, get_algorithms, get_workspace_size);
        GetCudnnAlgorithmCache().Insert(c.key, algo);
    }
    if (!algo.has_value()) {
        return false;
    }
    std::shared_ptr<void> workspace = c.device.Allocate(algo->workspace_bytes);
    typename CudnnTypes<T>::Scale one{1};
    typename CudnnTypes<T>::Scale zero{0};
    cudnnStatus_t status =
            run(handle, static_cast<Algo>(algo->algo), workspace.get(), algo->workspace_bytes, &one, &zero);
    if (IsUnsupported(status)) {
        return false;
    }
    CheckCudnnError(status);
    return true;
}

template <typename T>
bool CudnnConvForward(
        const Array& x, const Array& w, const std::optional<Array>& b, const Dims& stride, const Dims& pad,
        int64_t groups, const Array& out) {
    CudaSetDeviceScope scope{x.device().index()};
    CudnnConvolution<T> c{CudnnCall::kForward, x, w.shape(), out.shape(), stride, pad, groups};
    bool done = RunWithAlgorithm<T, cudnnConvolutionFwdAlgoPerf_t>(
            c,
            cudnnGetConvolutionForwardAlgorithmMaxCount,
            [&c](cudnnHandle_t handle, int max_count, int* count, cudnnConvolutionFwdAlgoPerf_t* perfs) {
                return cudnnGetConvolutionForwardAlgorithm_v7(
                        handle, c.x.get(), c.w.get(), c.conv.get(), c.y.get(), max_count, count, perfs);
            },
            [&c](cudnnHandle_t handle, cudnnConvolutionFwdAlgo_t algo, size_t* bytes) {
                return cudnnGetConvolutionForwardWorkspaceSize(
                        handle, c.x.get(), c.w.get(), c.conv.get(), c.y.get(), algo, bytes);
            },
            [&](cudnnHandle_t handle, cudnnConvolutionFwdAlgo_t algo, void* ws, size_t bytes, const void* one,
                const void* zero) {
                return cudnnConvolutionForward(
                        handle, one, c.x.get(), x.raw_data(), c.w.get(), w.raw_data(), c.conv.get(), algo, ws, bytes,
                        zero, c.y.get(), out.raw_data());
            });
    if (done && b.has_value()) {
        CudnnAddBias<T>(c.device, *b, out, c.y);
    }
    return done;
}

// The transposed convolution of x with w (C, O/G, k...) is the data gradient of the convolution out -> x.
template <typename T>
bool CudnnConvTranspose(
        const Array& x, const Array& w, const std::optional<Array>& b, const Dims& stride, const Dims& pad,
        int64_t groups, const Array& out) {
    CudaSetDeviceScope scope{x.device().index()};
    CudnnConvolution<T> c{CudnnCall::kBackwardData, out, w.shape(), x.shape(), stride, pad, groups};
    bool done = RunWithAlgorithm<T, cudnnConvolutionBwdDataAlgoPerf_t>(
            c,
            cudnnGetConvolutionBackwardDataAlgorithmMaxCount,
            [&c](cudnnHandle_t handle, int max_count, int* count, cudnnConvolutionBwdDataAlgoPerf_t* perfs) {
                return cudnnGetConvolutionBackwardDataAlgorithm_v7(
                        handle, c.w.get(), c.y.get(), c.conv.get(), c.x.get(), max_count, count, perfs);
            },
            [&c](cudnnHandle_t handle, cudnnConvolutionBwdDataAlgo_t algo, size_t* bytes) {
                return cudnnGetConvolutionBackwardDataWorkspaceSize(
                        handle, c.w.get(), c.y.get(), c.conv.get(), c.x.get(), algo, bytes);
            },
            [&](cudnnHandle_t handle, cudnnConvolutionBwdDataAlgo_t algo, void* ws, size_t bytes, const void* one,
                const void* zero) {
                return cudnnConvolutionBackwardData(
                        handle, one, c.w.get(), w.raw_data(), c.y.get(), x.raw_data(), c.conv.get(), algo, ws, bytes,
                        zero, c.x.get(), out.raw_data());
            });
    if (done && b.has_value()) {
        CudnnAddBias<T>(c.device, *b, out, c.x);
    }
    return done;
}

template <typename T>
bool CudnnConvGradWeight(
        const Array& x, const Array& gy, const Dims& stride, const Dims& pad, int64_t groups, const Array& gw) {
    CudaSetDeviceScope scope{x.device().index()};
    CudnnConvolution<T> c{CudnnCall::kBackwardFilter, x, gw.shape(), gy.shape(), stride, pad, groups};
    return RunWithAlgorithm<T, cudnnConvolutionBwdFilterAlgoPerf_t>(
            c,
            cudnnGetConvolutionBackwardFilterAlgorithmMaxCount,
            [&c](cudnnHandle_t handle, int max_count, int* count, cudnnConvolutionBwdFilterAlgoPerf_t* perfs) {
                return cudnnGetConvolutionBackwardFilterAlgorithm_v7(
                        handle, c.x.get(), c.y.get(), c.conv.get(), c.w.get(), max_count, count, perfs);
            },
            [&c](cudnnHandle_t handle, cudnnConvolutionBwdFilterAlgo_t algo, size_t* bytes) {
                return cudnnGetConvolutionBackwardFilterWorkspaceSize(
                        handle, c.x.get(), c.y.get(), c.conv.get(), c.w.get(), algo, bytes);
            },
            [&](cudnnHandle_t handle, cudnnConvolutionBwdFilterAlgo_t algo, void* ws, size_t bytes, const void* one,
                const void* zero) {
                return cudnnConvolutionBackwardFilter(
                        handle, one, c.x.get(), x.raw_data(), c.y.get(), gy.raw_data(), c.conv.get(), algo, ws, bytes,
                        zero, c.w.get(), gw.raw_data());
            });
}

// ---- Direct kernels ----

// The geometry of y = conv(x, w): x (N, C, in...), w (O, C/G, k...), y (N, O, out...), all C-contiguous, with G
// groups (Note [Channel groups]).
struct ConvGeometry {
    int nsp;  // spatial axes
    int64_t batch;
    int64_t in_channels;
    int64_t out_channels;
    int64_t group_in;  // C/G
    int64_t group_out;  // O/G
    int64_t in[kMaxNdim];
    int64_t out[kMaxNdim];
    int64_t k[kMaxNdim];
    int64_t stride[kMaxNdim];
    int64_t pad[kMaxNdim];
    int64_t in_size;  // of one spatial plane
    int64_t out_size;
    int64_t k_size;
};

ConvGeometry MakeConvGeometry(
        const Shape& x, const Shape& w, const Shape& y, const Dims& stride, const Dims& pad, int64_t groups) {
    ConvGeometry g{};
    g.nsp = x.ndim() - 2;
    g.batch = x[0];
    g.in_channels = x[1];
    g.out_channels = y[1];
    g.group_in = g.in_channels / groups;
    g.group_out = g.out_channels / groups;
    g.in_size = g.out_size = g.k_size = 1;
    for (int i = 0; i < g.nsp; ++i) {
        g.in[i] = x[i + 2];
        g.out[i] = y[i + 2];
        g.k[i] = w[i + 2];
        g.stride[i] = stride[i];
        g.pad[i] = pad[i];
        g.in_size *= g.in[i];
        g.out_size *= g.out[i];
        g.k_size *= g.k[i];
    }
    return g;
}

// Splits a flat position within a plane of extents `ext` into coordinates.
__device__ void Unravel(int64_t flat, int n, const int64_t* ext, int64_t* coord) {
    for (int i = n - 1; i >= 0; --i) {
        coord[i] = flat % ext[i];
        flat /= ext[i];
    }
}

// The flat position within the input plane of output position `p` and kernel offset `q`, or -1 in the padding.
__device__ int64_t InputPosition(const ConvGeometry& g, const int64_t* p, const int64_t* q) {
    int64_t flat = 0;
    for (int i = 0; i < g.nsp; ++i) {
        int64_t pos = p[i] * g.stride[i] - g.pad[i] + q[i];
        if (pos < 0 || pos >= g.in[i]) {
            return -1;
        }
        flat = flat * g.in[i] + pos;
    }
    return flat;
}

template <typename T>
struct ConvForwardFunctor {
    ConvGeometry g;
    const T* x;
    const T* w;
    const T* b;  // null without a bias
    T* y;
    __device__ void operator()(int64_t e) const {
        using A = ProductAccumulator<T>;
        int64_t p[kMaxNdim];
        int64_t q[kMaxNdim];
        Unravel(e % g.out_size, g.nsp, g.out, p);
        const int64_t o = (e / g.out_size) % g.out_channels;
        const int64_t n = e / g.out_size / g.out_channels;
        A acc = b == nullptr ? A{0} : static_cast<A>(b[o]);
        const int64_t first_channel = o / g.group_out * g.group_in;
        for (int64_t c = 0; c < g.group_in; ++c) {
            const T* xp = x + (n * g.in_channels + first_channel + c) * g.in_size;
            const T* wp = w + (o * g.group_in + c) * g.k_size;
            for (int64_t kq = 0; kq < g.k_size; ++kq) {
                Unravel(kq, g.nsp, g.k, q);
                int64_t pos = InputPosition(g, p, q);
                if (pos >= 0) {
                    acc = MultiplyAdd<T>(acc, xp[pos], wp[kq]);
                }
            }
        }
        y[e] = static_cast<T>(acc);
    }
};

// out (N, O, d...) of the transposed convolution: the geometry is that of conv(out) = x, so g.in is out's extents.
template <typename T>
struct ConvTransposeFunctor {
    ConvGeometry g;  // x = conv input side: here `out`; y = conv output side: here the transposed input
    const T* x;  // (N, C=g.out_channels, out...)
    const T* w;  // (C, O/G=g.group_in, k...)
    const T* b;
    T* out;  // (N, O, in...)
    __device__ void operator()(int64_t e) const {
        using A = ProductAccumulator<T>;
        int64_t d[kMaxNdim];
        int64_t q[kMaxNdim];
        Unravel(e % g.in_size, g.nsp, g.in, d);
        const int64_t o = (e / g.in_size) % g.in_channels;
        const int64_t n = e / g.in_size / g.in_channels;
        A acc = b == nullptr ? A{0} : static_cast<A>(b[o]);
        // out's channel o is in group o / (O/G), which reads that group's C/G channels of x.
        const int64_t first_channel = o / g.group_in * g.group_out;
        for (int64_t c = first_channel; c < first_channel + g.group_out; ++c) {
            const T* xp = x + (n * g.out_channels + c) * g.out_size;
            const T* wp = w + (c * g.group_in + o % g.group_in) * g.k_size;
            for (int64_t kq = 0; kq < g.k_size; ++kq) {
                Unravel(kq, g.nsp, g.k, q);
                int64_t flat = 0;
                bool inside = true;
                for (int i = 0; i < g.nsp && inside; ++i) {
                    int64_t num = d[i] + g.pad[i] - q[i];
                    int64_t pos = num / g.stride[i];
                    inside = num >= 0 && num % g.stride[i] == 0 && pos < g.out[i];
                    flat = flat * g.out[i] + pos;
                }
                if (inside) {
                    acc = MultiplyAdd<T>(acc, xp[flat], wp[kq]);
                }
            }
        }
        out[e] = static_cast<T>(acc);
    }
};

template <typename T>
struct ConvGradWeightFunctor {
    ConvGeometry g;
    const T* x;
    const T* gy;
    T* gw;  // (O, C/G, k...)
    __device__ void operator()(int64_t e) const {
        using A = ProductAccumulator<T>;
        int64_t q[kMaxNdim];
        int64_t p[kMaxNdim];
        Unravel(e % g.k_size, g.nsp, g.k, q);
        const int64_t c = (e / g.k_size) % g.group_in;
        const int64_t o = e / g.k_size / g.group_in;
        const int64_t channel = o / g.group_out * g.group_in + c;  // of x
        A acc{0};
        for (int64_t n = 0; n < g.batch; ++n) {
            const T* xp = x + (n * g.in_channels + channel) * g.in_size;
            const T* gyp = gy + (n * g.out_channels + o) * g.out_size;
            for (int64_t j = 0; j < g.out_size; ++j) {
                Unravel(j, g.nsp, g.out, p);
                int64_t pos = InputPosition(g, p, q);
                if (pos >= 0) {
                    acc = MultiplyAdd<T>(acc, gyp[j], xp[pos]);
                }
            }
        }
        gw[e] = static_cast<T>(acc);
    }
};

template <typename T>
const T* DataOrNull(const std::optional<Array>& a) {
    return a.has_value() ? static_cast<const T*>(a->raw_data()) : nullptr;
}

// Whether cuDNN's float types apply (the device types: __half, float, double).
template <typename T>
constexpr bool kCudnnType = std::is_same<T, __half>::value || std::is_floating_point<T>::value;

class CudaConvKernel : public ConvKernel {
public:
    void Call(const Array& x, const Array& w, const std::optional<Array>& b, const Dims& stride, const Dims& pad,
              int64_t groups, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            if constexpr (kCudnnType<T>) {
                if (CudnnApplies(x, w, out, stride, pad, groups) &&
                    CudnnConvForward<T>(x, w, b, stride, pad, groups, out)) {
                    return;
                }
            }
            ConvForwardFunctor<T> conv{MakeConvGeometry(x.shape(), w.shape(), out.shape(), stride, pad, groups),
                                       static_cast<const T*>(x.raw_data()), static_cast<const T*>(w.raw_data()),
                                       DataOrNull<T>(b), static_cast<T*>(out.raw_data())};
            LaunchIndexed(out.device(), out.GetTotalSize(), conv);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(ConvKernel, CudaConvKernel);

class CudaConvTransposeKernel : public ConvTransposeKernel {
public:
    void Call(const Array& x, const Array& w, const std::optional<Array>& b, const Dims& stride, const Dims& pad,
              int64_t groups, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            if constexpr (kCudnnType<T>) {
                if (CudnnApplies(out, w, x, stride, pad, groups) &&
                    CudnnConvTranspose<T>(x, w, b, stride, pad, groups, out)) {
                    return;
                }
            }
            // The geometry of the convolution out -> x, whose adjoint this is.
            ConvTransposeFunctor<T> conv{MakeConvGeometry(out.shape(), w.shape(), x.shape(), stride, pad, groups),
                                         static_cast<const T*>(x.raw_data()), static_cast<const T*>(w.raw_data()),
                                         DataOrNull<T>(b), static_cast<T*>(out.raw_data())};
            LaunchIndexed(out.device(), out.GetTotalSize(), conv);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(ConvTransposeKernel, CudaConvTransposeKernel);

class CudaConvGradWeightKernel : public ConvGradWeightKernel {
public:
    void Call(const Array& x, const Array& gy, const Dims& stride, const Dims& pad, int64_t groups,
              const Array& gw) override {
        VisitDeviceDtype(gw.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            if constexpr (kCudnnType<T>) {
                if (CudnnApplies(x, gw, gy, stride, pad, groups) &&
                    CudnnConvGradWeight<T>(x, gy, stride, pad, groups, gw)) {
                    return;
                }
            }
            ConvGradWeightFunctor<T> grad{MakeConvGeometry(x.shape(), gw.shape(), gy.shape(), stride, pad, groups),
                                          static_cast<const T*>(x.raw_data()), static_cast<const T*>(gy.raw_data()),
                                          static_cast<T*>(gw.raw_data())};
            LaunchIndexed(gw.device(), gw.GetTotalSize(), grad);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(ConvGradWeightKernel, CudaConvGradWeightKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
