// CUDA kernels of the indexing family (see kernels/indexing.h for the pre + B + post layout of gather/scatter).
//
// - Gather: one thread per output element.
// - Scatter: see Note [Deterministic CUDA scatter].
// - NormalizeIndices wraps under kDefault (see IndexBoundsMode). Under kRaise it records the first out-of-range
//   position (atomicMin) and reads it back for the IndexError: the one case where this kernel makes the host wait.
// - Nonzero: flags of the nonzero elements, their inclusive scan (CUB) giving each one its rank in C order, and a
//   thread per element writing its coordinates at its rank.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

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
        if (mode == IndexBoundsMode::kDefault) {
            mode = IndexBoundsMode::kWrap;
        }
        const bool raises = mode == IndexBoundsMode::kRaise;
        // The flag only under kRaise: wrapping and clipping (the default) allocate and copy nothing more.
        std::shared_ptr<void> flag = raises ? out.device().Allocate(sizeof(Flag)) : nullptr;
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

// Note [Deterministic CUDA scatter]
// Scatter (take's gradient, `a[idx] += v`) must give native's bits: repeated positions accumulate in the order of
// b, rounding to T after each addition, and without accumulation the last write wins. Atomics would give an order
// that changes from run to run, so each target element is owned by one thread that walks its values in b order.
// - Few index positions (b_total <= kSerialScatterPositions) or enough block elements to fill the GPU: a thread per
//   element of the block (pre + post) walks all b in order. That was the whole kernel once; its parallelism is the
//   block size, so an embedding gradient (block = one row of a narrow table) or `a[idx] += v` on a 1-d `a` (block
//   = one element) ran on a handful of threads.
// - Otherwise: the positions are sorted by their target (one int64 key per b: the row-major position over the
//   indexed axes) with CUB's radix sort, which is stable, so equal targets keep b's order. A thread per (sorted
//   position, block element) that starts a run of equal keys walks that run. The parallelism is then the block
//   size times the number of distinct targets.
constexpr int64_t kSerialScatterPositions = 32;
constexpr int64_t kGpuFillingThreads = int64_t{1} << 17;

// The byte offsets into the indexed and the dense array of element `block` of pre + post (C order over the
// non-B axes).
__device__ void BlockOffsets(const IndexedLayout& layout, int64_t block, int64_t& indexed, int64_t& dense) {
    indexed = 0;
    dense = 0;
    for (int d = layout.ndim - 1; d >= 0; --d) {
        if (!layout.is_b[d]) {
            int64_t coord = block % layout.shape[d];
            block /= layout.shape[d];
            indexed += coord * layout.indexed_steps[d];
            dense += coord * layout.dense_steps[d];
        }
    }
}

// The dense array's byte offset of index position b (C order over the B axes).
__device__ int64_t DenseOffsetOfPosition(const IndexedLayout& layout, int64_t b) {
    int64_t dense = 0;
    for (int d = layout.ndim - 1; d >= 0; --d) {
        if (layout.is_b[d]) {
            dense += (b % layout.shape[d]) * layout.dense_steps[d];
            b /= layout.shape[d];
        }
    }
    return dense;
}

// The indexed array's byte offset of the indexed axes at index position b.
__device__ int64_t IndexedOffsetOfPosition(const IndexedLayout& layout, int64_t b) {
    int64_t indexed = 0;
    for (int j = 0; j < layout.m; ++j) {
        indexed += layout.positions[j][b] * layout.indexed_axis_steps[j];
    }
    return indexed;
}

// target op= each value in turn: T(C(target) + C(value)) when accumulating, else the value (the last one wins).
template <typename T>
__device__ T ScatterStep(T target, T value, bool accumulate) {
    using C = numeric::ComputeType<T>;
    return accumulate ? static_cast<T>(static_cast<C>(target) + static_cast<C>(value)) : value;
}

// Thread `block` handles one element of pre + post and walks b = 0, 1, ... in order.
template <typename T>
struct SerialScatterFunctor {
    IndexedLayout layout;
    int64_t b_total;
    bool accumulate;
    __device__ void operator()(int64_t block) const {
        int64_t indexed_base = 0;
        int64_t dense_base = 0;
        BlockOffsets(layout, block, indexed_base, dense_base);
        for (int64_t b = 0; b < b_total; ++b) {
            T& target = *reinterpret_cast<T*>(layout.indexed + indexed_base + IndexedOffsetOfPosition(layout, b));
            T value = *reinterpret_cast<const T*>(layout.dense + dense_base + DenseOffsetOfPosition(layout, b));
            target = ScatterStep(target, value, accumulate);
        }
    }
};

// key[b] = the row-major position of b's target over the indexed axes; order[b] = b.
struct ScatterKeysFunctor {
    int m;
    const int64_t* positions[kMaxNdim];
    int64_t indexed_dims[kMaxNdim];
    int64_t* keys;
    int64_t* order;
    __device__ void operator()(int64_t b) const {
        int64_t key = 0;
        for (int j = 0; j < m; ++j) {
            key = key * indexed_dims[j] + positions[j][b];
        }
        keys[b] = key;
        order[b] = b;
    }
};

// Thread (s, block) with s the first sorted position of a run of equal keys applies the run's values, in b order,
// to its target.
template <typename T>
struct SortedScatterFunctor {
    IndexedLayout layout;
    int64_t b_total;
    int64_t blocks;
    bool accumulate;
    const int64_t* sorted_keys;
    const int64_t* sorted_order;
    __device__ void operator()(int64_t thread) const {
        // Consecutive threads take consecutive block elements of the same run, so their accesses coalesce.
        const int64_t s = thread / blocks;
        const int64_t block = thread % blocks;
        const int64_t key = sorted_keys[s];
        if (s > 0 && sorted_keys[s - 1] == key) {
            return;
        }
        int64_t indexed_base = 0;
        int64_t dense_base = 0;
        BlockOffsets(layout, block, indexed_base, dense_base);
        T& target = *reinterpret_cast<T*>(
                layout.indexed + indexed_base + IndexedOffsetOfPosition(layout, sorted_order[s]));
        T result = target;
        for (int64_t r = s; r < b_total && sorted_keys[r] == key; ++r) {
            int64_t dense = dense_base + DenseOffsetOfPosition(layout, sorted_order[r]);
            result = ScatterStep(result, *reinterpret_cast<const T*>(layout.dense + dense), accumulate);
        }
        target = result;
    }
};

// Runs a CUB device algorithm, called as run(temp, temp_bytes) in CUB's two steps: first with no storage, to learn
// how much it needs, then with that much from the device's pool. On the device's default stream, like every kernel.
template <typename Run>
void RunCub(Device& device, Run&& run) {
    CudaSetDeviceScope scope{device.index()};
    size_t temp_bytes = 0;
    CheckCudaError(run(nullptr, temp_bytes));
    std::shared_ptr<void> temp = device.Allocate(std::max<size_t>(temp_bytes, 1));
    CheckCudaError(run(temp.get(), temp_bytes));
}

// The number of low bits that hold every key below `bound` (at least 1).
int KeyBits(int64_t bound) {
    int bits = 1;
    while (bits < 63 && (int64_t{1} << bits) < bound) {
        ++bits;
    }
    return bits;
}

// Sorts the scatter keys of `indices` (their targets in `out`'s indexed axes from `axis`), stably: returns the
// sorted keys and the positions b in that order, both of length b_total, on out's device.
std::pair<std::shared_ptr<void>, std::shared_ptr<void>> SortScatterKeys(
        const std::vector<Array>& indices, int8_t axis, const Array& out, int64_t b_total) {
    Device& device = out.device();
    const auto bytes = static_cast<size_t>(b_total) * sizeof(int64_t);
    std::shared_ptr<void> keys = device.Allocate(bytes);
    std::shared_ptr<void> order = device.Allocate(bytes);
    std::shared_ptr<void> sorted_keys = device.Allocate(bytes);
    std::shared_ptr<void> sorted_order = device.Allocate(bytes);
    ScatterKeysFunctor make_keys{};
    make_keys.m = static_cast<int>(indices.size());
    int64_t key_bound = 1;
    for (int j = 0; j < make_keys.m; ++j) {
        make_keys.positions[j] = static_cast<const int64_t*>(indices[j].raw_data());
        make_keys.indexed_dims[j] = out.shape()[axis + j];
        key_bound *= out.shape()[axis + j];
    }
    make_keys.keys = static_cast<int64_t*>(keys.get());
    make_keys.order = static_cast<int64_t*>(order.get());
    LaunchIndexed(device, b_total, make_keys);

    RunCub(device, [&](void* temp, size_t& temp_bytes) {
        return cub::DeviceRadixSort::SortPairs(
                temp,
                temp_bytes,
                static_cast<const int64_t*>(keys.get()),
                static_cast<int64_t*>(sorted_keys.get()),
                static_cast<const int64_t*>(order.get()),
                static_cast<int64_t*>(sorted_order.get()),
                static_cast<int>(b_total),
                0,
                KeyBits(key_bound));
    });
    return {sorted_keys, sorted_order};
}

class CudaScatterKernel : public ScatterKernel {
public:
    void Call(const Array& values, const std::vector<Array>& indices, int8_t axis, bool accumulate, const Array& out)
            override {
        const int64_t b_total = indices.front().GetTotalSize();
        const int64_t blocks = b_total == 0 ? 0 : values.GetTotalSize() / b_total;
        if (blocks == 0) {
            return;
        }
        // CUB's sort is called with an int item count: beyond it, the serial walk (slow, but any size).
        const bool serial = b_total <= kSerialScatterPositions || blocks >= kGpuFillingThreads ||
                            b_total > std::numeric_limits<int>::max();
        std::pair<std::shared_ptr<void>, std::shared_ptr<void>> sorted{};
        if (!serial) {
            sorted = SortScatterKeys(indices, axis, out, b_total);
        }
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            IndexedLayout layout = MakeIndexedLayout(out, indices, axis, values);
            if (serial) {
                LaunchIndexed(out.device(), blocks, SerialScatterFunctor<T>{layout, b_total, accumulate});
                return;
            }
            SortedScatterFunctor<T> scatter{layout,
                                            b_total,
                                            blocks,
                                            accumulate,
                                            static_cast<const int64_t*>(sorted.first.get()),
                                            static_cast<const int64_t*>(sorted.second.get())};
            LaunchIndexed(out.device(), b_total * blocks, scatter);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(ScatterKernel, CudaScatterKernel);

template <typename T>
struct WhereFunctor {
    __device__ T operator()(bool condition, T x, T y) const { return condition ? x : y; }
};

class CudaWhereKernel : public WhereKernel {
public:
    void Call(const Array& condition, const Array& x, const Array& y, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchMap<T, bool, T, T>(WhereFunctor<T>{}, out, condition, x, y);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(WhereKernel, CudaWhereKernel);

template <typename T>
struct WhereScalarFunctor {
    T s;
    bool scalar_if_true;
    __device__ T operator()(bool condition, T x) const { return condition != scalar_if_true ? x : s; }
};

class CudaWhereScalarKernel : public WhereScalarKernel {
public:
    void Call(const Array& condition, const Array& x, Scalar s, bool scalar_if_true, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchMap<T, bool, T>(WhereScalarFunctor<T>{ScalarToDevice<T>(s), scalar_if_true}, out, condition, x);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(WhereScalarKernel, CudaWhereScalarKernel);

template <typename T>
struct WhereScalarsFunctor {
    T if_true;
    T if_false;
    __device__ T operator()(bool condition) const { return condition ? if_true : if_false; }
};

class CudaWhereScalarsKernel : public WhereScalarsKernel {
public:
    void Call(const Array& condition, Scalar s_true, Scalar s_false, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchMap<T, bool>(WhereScalarsFunctor<T>{ScalarToDevice<T>(s_true), ScalarToDevice<T>(s_false)}, out,
                               condition);
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(WhereScalarsKernel, CudaWhereScalarsKernel);

// The C-order shape and the byte strides of the array nonzero reads.
struct NonzeroLayout {
    int ndim;
    int64_t shape[kMaxNdim];
    int64_t strides[kMaxNdim];
};

// flags[k] = 1 if the element at C-order position k is nonzero, else 0.
template <typename T>
struct NonzeroFlagsFunctor {
    NonzeroLayout layout;
    const char* a;
    int64_t* flags;
    __device__ void operator()(int64_t k) const {
        int64_t offset = 0;
        int64_t rest = k;
        for (int d = layout.ndim - 1; d >= 0; --d) {
            offset += (rest % layout.shape[d]) * layout.strides[d];
            rest /= layout.shape[d];
        }
        flags[k] = numeric::IsNonzero(*reinterpret_cast<const T*>(a + offset)) ? 1 : 0;
    }
};

// ranks = the inclusive scan of the flags: element k is nonzero where its rank steps up, and its coordinates go
// to column ranks[k] - 1 of coords (ndim rows of `count`).
struct NonzeroCoordsFunctor {
    NonzeroLayout layout;
    const int64_t* ranks;
    int64_t count;
    int64_t* coords;
    __device__ void operator()(int64_t k) const {
        const int64_t before = k == 0 ? 0 : ranks[k - 1];
        if (ranks[k] == before) {
            return;
        }
        int64_t rest = k;
        for (int d = layout.ndim - 1; d >= 0; --d) {
            coords[d * count + before] = rest % layout.shape[d];
            rest /= layout.shape[d];
        }
    }
};

class CudaNonzeroKernel : public NonzeroKernel {
public:
    void Call(const Array& a, const Array& out) override {
        const int64_t size = a.GetTotalSize();
        const int64_t count = out.shape()[1];
        if (count == 0) {
            return;
        }
        NonzeroLayout layout{};
        layout.ndim = a.ndim();
        for (int8_t d = 0; d < a.ndim(); ++d) {
            layout.shape[d] = a.shape()[d];
            layout.strides[d] = a.strides()[d];
        }
        Device& device = a.device();
        const auto bytes = static_cast<size_t>(size) * sizeof(int64_t);
        std::shared_ptr<void> flags = device.Allocate(bytes);
        std::shared_ptr<void> ranks = device.Allocate(bytes);
        VisitDeviceDtype(a.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const auto* data = static_cast<const char*>(a.raw_data());
            LaunchIndexed(device, size, NonzeroFlagsFunctor<T>{layout, data, static_cast<int64_t*>(flags.get())});
        });
        RunCub(device, [&](void* temp, size_t& temp_bytes) {
            const auto* flag_data = static_cast<const int64_t*>(flags.get());
            return cub::DeviceScan::InclusiveSum(temp, temp_bytes, flag_data, static_cast<int64_t*>(ranks.get()), size);
        });
        NonzeroCoordsFunctor write{
                layout, static_cast<const int64_t*>(ranks.get()), count, static_cast<int64_t*>(out.raw_data())};
        LaunchIndexed(device, size, write);
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(NonzeroKernel, CudaNonzeroKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
