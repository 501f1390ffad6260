// CUDA kernels of the indexing family (see kernels/indexing.h for the pre + B + post layout of gather/scatter).
//
// - Gather: one thread per output element.
// - Scatter: one thread per element of the block (pre + post), walking the index positions b in order, so that
//   repeated positions accumulate in the same order as on native (the same bits, no atomics) and the last write
//   wins when not accumulating. Its parallelism is the block size: a scatter of single elements runs on one thread.
// - NormalizeIndices records the first out-of-range position (atomicMin) and reads it back for the IndexError:
//   raising is the one case where this kernel synchronises with the host.
// - Nonzero: one block scans the elements in C order, tile by tile, writing each nonzero element's coordinates at
//   its rank among the nonzero ones.
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/indexing.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/reduction.h"
#include "chainerx/core/shape.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"

namespace chainerx {
namespace cuda {
namespace {

template <typename T>
struct NormalizeIndicesFunctor {
    char* out_base;
    int64_t dim;
    IndexBoundsMode mode;
    unsigned long long* first_bad;  // NOLINT(runtime/int): atomicMin's type
    __device__ void operator()(char* (&p)[2]) const {
        auto i = static_cast<int64_t>(*reinterpret_cast<const T*>(p[0]));
        int64_t result = 0;
        switch (mode) {
            case IndexBoundsMode::kWrap:
                result = ((i % dim) + dim) % dim;
                break;
            case IndexBoundsMode::kClip:
                result = i < 0 ? 0 : (i >= dim ? dim - 1 : i);
                break;
            default:
                if (i < -dim || i >= dim) {
                    // out is C-contiguous int64: the position is the offset of this element.
                    auto position = static_cast<unsigned long long>((p[1] - out_base) / sizeof(int64_t));  // NOLINT
                    atomicMin(first_bad, position);
                    return;
                }
                result = i < 0 ? i + dim : i;
        }
        *reinterpret_cast<int64_t*>(p[1]) = result;
    }
};

// The byte offset of the element at C-order position `position` of `a`.
int64_t OffsetOf(const Array& a, int64_t position) {
    int64_t offset = 0;
    for (int8_t d = a.ndim() - 1; d >= 0; --d) {
        offset += (position % a.shape()[d]) * a.strides()[d];
        position /= a.shape()[d];
    }
    return offset;
}

class CudaNormalizeIndicesKernel : public NormalizeIndicesKernel {
public:
    void Call(const Array& indices, int64_t dim, IndexBoundsMode mode, const Array& out) override {
        using Flag = unsigned long long;  // NOLINT(runtime/int)
        constexpr Flag kNone = std::numeric_limits<Flag>::max();
        bool raises = mode != IndexBoundsMode::kWrap && mode != IndexBoundsMode::kClip;
        std::shared_ptr<void> flag = out.device().Allocate(sizeof(Flag));
        auto* first_bad = static_cast<Flag*>(flag.get());
        if (raises) {
            out.device().MemoryCopyFromHost(first_bad, &kNone, sizeof(Flag));
        }
        VisitDeviceDtypeIn<kIntegerDtypes>(indices.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            NormalizeIndicesFunctor<T> normalize{static_cast<char*>(out.raw_data()), dim, mode, first_bad};
            LaunchElementwise<2>(out.shape(), {&indices, &out}, normalize);
            if (!raises || out.GetTotalSize() == 0) {
                return;
            }
            Flag bad = kNone;
            out.device().MemoryCopyToHost(&bad, first_bad, sizeof(Flag));
            if (bad != kNone) {
                T index{};
                const char* element = static_cast<const char*>(indices.raw_data()) +
                                      OffsetOf(indices, static_cast<int64_t>(bad));
                out.device().MemoryCopyToHost(&index, element, sizeof(T));
                throw IndexError{"index ", static_cast<int64_t>(index), " is out of bounds for an axis of size ", dim};
            }
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(NormalizeIndicesKernel, CudaNormalizeIndicesKernel);

// The layout of a gather or scatter, in the dense side's axes (pre + B + post): for each axis its size, the
// indexed array's byte step (0 for B axes) and the dense array's byte step, and whether it is a B axis.
struct IndexedLayout {
    int ndim;
    int m;  // the number of index arrays
    int64_t shape[kMaxNdim];
    int64_t indexed_steps[kMaxNdim];
    int64_t dense_steps[kMaxNdim];
    bool is_b[kMaxNdim];
    const int64_t* positions[kMaxNdim];
    int64_t indexed_axis_steps[kMaxNdim];  // the indexed array's step along each indexed axis
    char* indexed;
    char* dense;
};

IndexedLayout MakeIndexedLayout(
        const Array& indexed, const std::vector<Array>& indices, int8_t axis, const Array& dense) {
    IndexedLayout layout{};
    layout.m = static_cast<int>(indices.size());
    layout.ndim = dense.ndim();
    const int nb = indices.front().ndim();
    for (int d = 0; d < dense.ndim(); ++d) {
        layout.shape[d] = dense.shape()[d];
        layout.dense_steps[d] = dense.strides()[d];
        layout.is_b[d] = d >= axis && d < axis + nb;
        layout.indexed_steps[d] = layout.is_b[d] ? 0 : indexed.strides()[d < axis ? d : d - nb + layout.m];
    }
    for (int j = 0; j < layout.m; ++j) {
        layout.positions[j] = static_cast<const int64_t*>(indices[j].raw_data());
        layout.indexed_axis_steps[j] = indexed.strides()[axis + j];
    }
    layout.indexed = static_cast<char*>(indexed.raw_data());
    layout.dense = static_cast<char*>(dense.raw_data());
    return layout;
}

// The byte offsets into the indexed and the dense array of dense position `e` (C order over layout.shape).
__device__ void IndexedOffsets(const IndexedLayout& layout, int64_t e, int64_t& indexed, int64_t& dense) {
    indexed = 0;
    dense = 0;
    int64_t b = 0;
    int64_t b_unit = 1;
    for (int d = layout.ndim - 1; d >= 0; --d) {
        int64_t coord = e % layout.shape[d];
        e /= layout.shape[d];
        dense += coord * layout.dense_steps[d];
        if (layout.is_b[d]) {
            b += coord * b_unit;
            b_unit *= layout.shape[d];
        } else {
            indexed += coord * layout.indexed_steps[d];
        }
    }
    for (int j = 0; j < layout.m; ++j) {
        indexed += layout.positions[j][b] * layout.indexed_axis_steps[j];
    }
}

template <typename T>
struct GatherFunctor {
    IndexedLayout layout;
    __device__ void operator()(int64_t e) const {
        int64_t indexed = 0;
        int64_t dense = 0;
        IndexedOffsets(layout, e, indexed, dense);
        *reinterpret_cast<T*>(layout.dense + dense) = *reinterpret_cast<const T*>(layout.indexed + indexed);
    }
};

class CudaGatherKernel : public GatherKernel {
public:
    void Call(const Array& a, const std::vector<Array>& indices, int8_t axis, const Array& out) override {
        VisitDeviceDtype(a.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchIndexed(out.device(), out.GetTotalSize(), GatherFunctor<T>{MakeIndexedLayout(a, indices, axis, out)});
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(GatherKernel, CudaGatherKernel);

// Thread `block` handles one element of pre + post and walks b = 0, 1, ... in order.
template <typename T>
struct ScatterFunctor {
    IndexedLayout layout;  // over pre + B + post; `shape` of the B axes is walked by each thread
    int64_t b_total;
    bool accumulate;
    __device__ void operator()(int64_t block) const {
        using C = numeric::ComputeType<T>;
        // Split `block` over the non-B axes (C order), then walk the B axes.
        int64_t indexed_base = 0;
        int64_t dense_base = 0;
        for (int d = layout.ndim - 1; d >= 0; --d) {
            if (!layout.is_b[d]) {
                int64_t coord = block % layout.shape[d];
                block /= layout.shape[d];
                indexed_base += coord * layout.indexed_steps[d];
                dense_base += coord * layout.dense_steps[d];
            }
        }
        for (int64_t b = 0; b < b_total; ++b) {
            int64_t dense = dense_base;
            int64_t rest = b;
            for (int d = layout.ndim - 1; d >= 0; --d) {
                if (layout.is_b[d]) {
                    dense += (rest % layout.shape[d]) * layout.dense_steps[d];
                    rest /= layout.shape[d];
                }
            }
            int64_t indexed = indexed_base;
            for (int j = 0; j < layout.m; ++j) {
                indexed += layout.positions[j][b] * layout.indexed_axis_steps[j];
            }
            T& target = *reinterpret_cast<T*>(layout.indexed + indexed);
            T value = *reinterpret_cast<const T*>(layout.dense + dense);
            target = accumulate ? static_cast<T>(static_cast<C>(target) + static_cast<C>(value)) : value;
        }
    }
};

class CudaScatterKernel : public ScatterKernel {
public:
    void Call(const Array& values, const std::vector<Array>& indices, int8_t axis, bool accumulate, const Array& out)
            override {
        const int64_t b_total = indices.front().GetTotalSize();
        const int64_t blocks = b_total == 0 ? 0 : values.GetTotalSize() / b_total;
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            ScatterFunctor<T> scatter{MakeIndexedLayout(out, indices, axis, values), b_total, accumulate};
            LaunchIndexed(out.device(), blocks, scatter);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(ScatterKernel, CudaScatterKernel);

template <typename T>
struct WhereFunctor {
    __device__ void operator()(char* (&p)[4]) const {
        const char* chosen = *reinterpret_cast<const bool*>(p[0]) ? p[1] : p[2];
        *reinterpret_cast<T*>(p[3]) = *reinterpret_cast<const T*>(chosen);
    }
};

class CudaWhereKernel : public WhereKernel {
public:
    void Call(const Array& condition, const Array& x, const Array& y, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchElementwise<4>(out.shape(), {&condition, &x, &y, &out}, WhereFunctor<T>{});
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(WhereKernel, CudaWhereKernel);

struct NonzeroArgs {
    int ndim;
    int64_t shape[kMaxNdim];
    int64_t strides[kMaxNdim];
    const char* a;
    int64_t size;
    int64_t count;
    int64_t* coords;
};

template <typename T>
__global__ void NonzeroKernelImpl(NonzeroArgs args) {
    __shared__ int64_t ranks[kBlockSize];
    int64_t written = 0;
    for (int64_t tile = 0; tile < args.size; tile += blockDim.x) {
        int64_t k = tile + threadIdx.x;
        int64_t coord[kMaxNdim];
        bool nonzero = false;
        if (k < args.size) {
            int64_t rest = k;
            int64_t offset = 0;
            for (int d = args.ndim - 1; d >= 0; --d) {
                coord[d] = rest % args.shape[d];
                rest /= args.shape[d];
                offset += coord[d] * args.strides[d];
            }
            nonzero = numeric::IsNonzero(*reinterpret_cast<const T*>(args.a + offset));
        }
        // Inclusive scan of the flags (Hillis-Steele); the rank of an element is its scan value minus one.
        ranks[threadIdx.x] = nonzero ? 1 : 0;
        __syncthreads();
        for (unsigned width = 1; width < blockDim.x; width *= 2) {
            int64_t add = threadIdx.x >= width ? ranks[threadIdx.x - width] : 0;
            __syncthreads();
            ranks[threadIdx.x] += add;
            __syncthreads();
        }
        if (nonzero) {
            int64_t slot = written + ranks[threadIdx.x] - 1;
            for (int d = 0; d < args.ndim; ++d) {
                args.coords[d * args.count + slot] = coord[d];
            }
        }
        written += ranks[blockDim.x - 1];
        __syncthreads();
    }
}

class CudaNonzeroKernel : public NonzeroKernel {
public:
    void Call(const Array& a, const Array& out) override {
        NonzeroArgs args{};
        args.ndim = a.ndim();
        for (int8_t d = 0; d < a.ndim(); ++d) {
            args.shape[d] = a.shape()[d];
            args.strides[d] = a.strides()[d];
        }
        args.a = static_cast<const char*>(a.raw_data());
        args.size = a.GetTotalSize();
        args.count = out.shape()[1];
        args.coords = static_cast<int64_t*>(out.raw_data());
        if (args.count == 0) {
            return;
        }
        CudaSetDeviceScope scope{a.device().index()};
        VisitDeviceDtype(a.dtype(), [&](auto pt) {
            NonzeroKernelImpl<typename decltype(pt)::type><<<1, kBlockSize>>>(args);
        });
        CheckCudaError(cudaGetLastError());
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(NonzeroKernel, CudaNonzeroKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
