// CUDA kernels of the fused optimizer updates: one elementwise pass that loads an element of every array, applies
// the rule of chainerx/core/numeric/optimizer.h in ComputeType (float for float16) and stores param and the
// states back, as native/optimizer.cc does.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/optimizer.h"
#include "chainerx/core/numeric/compute_type.h"
#include "chainerx/core/numeric/optimizer.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/cuda_runtime.h"
#include "chainerx/cuda/elementwise.cuh"
#include "chainerx/cuda/elementwise_kernels.cuh"
#include "chainerx/cuda/multi_tensor.cuh"

namespace chainerx {
namespace cuda {
namespace {

// Index of grad among the arrays: the only one read and not written.
constexpr size_t kGradIndex = 1;

template <typename T, typename Rule, size_t N>
struct FusedUpdateFunctor {
    Rule rule;

    __device__ void operator()(char* (&p)[N]) const { Apply(p, std::make_index_sequence<N>{}); }

    template <size_t... I>
    __device__ void Apply(char* (&p)[N], std::index_sequence<I...> /*indices*/) const {
        using C = numeric::ComputeType<T>;
        C x[N] = {static_cast<C>(*reinterpret_cast<const T*>(p[I]))...};
        rule(x[I]...);
        ((I != kGradIndex ? void(*reinterpret_cast<T*>(p[I]) = static_cast<T>(x[I])) : void()), ...);
    }
};

// Note [Multi-tensor updates]
// CallMany updates up to kMaxTensors parameters (each with its gradient and states, all C-contiguous, of one dtype)
// per launch, for Note [Batched updates] in routines/optimizer.h. The table of their pointers and sizes goes to the
// kernel as its argument, well under the 4 KiB that every architecture takes. Each block updates kChunk elements of
// one tensor and finds which among the table's first blocks; a thread steps a block width at a time, so that every
// load of a warp is coalesced. Updates of other layouts (a broadcast gradient, strided arrays) take Call. The calls
// keep their order wherever two of them touch the same bytes (OpenTables).
// A larger tensor (over 268 million elements) takes Call, so that a table's blocks fit in a grid.
constexpr int64_t kMaxTableTensorSize = kChunk << 16;

template <size_t N>
struct TensorTable {
    char* data[kMaxTensors][N];
    BlockTable blocks;
};

template <typename T, typename Rule, size_t N>
__global__ void MultiTensorUpdateKernel(TensorTable<N> table, FusedUpdateFunctor<T, Rule, N> update) {
    const BlockRange range = RangeOfBlock(table.blocks);
    for (int64_t i = range.begin + threadIdx.x; i < range.end; i += blockDim.x) {
        char* p[N];
#pragma unroll
        for (size_t k = 0; k < N; ++k) {
            p[k] = table.data[range.t][k] + i * static_cast<int64_t>(sizeof(T));
        }
        update(p);
    }
}

template <typename Arrays>
bool FitsTable(const Arrays& arrays) {
    const int64_t size = arrays[0].GetTotalSize();
    return size > 0 && size <= kMaxTableTensorSize &&
           std::all_of(arrays.begin(), arrays.end(), [](const Array& a) { return a.IsContiguous(); });
}

// Updates the tensors (T elements, at most kMaxTensors, all fitting a table, no two touching the same bytes) in one
// launch.
template <typename T, typename Rule, typename Arrays>
void LaunchMultiTensorUpdate(const std::vector<const Arrays*>& tensors, const Rule& rule) {
    constexpr size_t kArrays = std::tuple_size<Arrays>::value;
    TensorTable<kArrays> table{};
    for (const Arrays* tensor : tensors) {
        const int t = table.blocks.Add((*tensor)[0].GetTotalSize());
        for (size_t k = 0; k < kArrays; ++k) {
            table.data[t][k] = static_cast<char*>((*tensor)[k].raw_data());
        }
    }
    const auto blocks = static_cast<int>(table.blocks.blocks());  // at most 2^21 (kMaxTableTensorSize)
    MultiTensorUpdateKernel<T, Rule, kArrays><<<blocks, kBlockSize>>>(
            table, FusedUpdateFunctor<T, Rule, kArrays>{rule});
    CheckCudaError(cudaGetLastError());
}

// The bytes an array's elements span, whatever its strides.
struct ByteSpan {
    uintptr_t begin;
    uintptr_t end;

    bool Overlaps(const ByteSpan& other) const { return begin < other.end && other.begin < end; }
};

ByteSpan SpanOf(const Array& a) {
    const auto base = reinterpret_cast<uintptr_t>(a.raw_data());
    if (a.GetTotalSize() == 0) {
        return {base, base};
    }
    int64_t low = 0;
    int64_t high = a.GetItemSize();
    for (int8_t i = 0; i < a.ndim(); ++i) {
        const int64_t extent = (a.shape()[i] - 1) * a.strides()[i];
        (extent < 0 ? low : high) += extent;
    }
    return {base + low, base + high};
}

bool OverlapsAny(const ByteSpan& span, const std::vector<ByteSpan>& spans) {
    return std::any_of(spans.begin(), spans.end(), [&span](const ByteSpan& s) { return span.Overlaps(s); });
}

// The updates that CallMany has put in tables (one per dtype) and not launched yet, and the bytes they read and
// write. An update that would touch those bytes waits until they are launched (Conflicts, then LaunchAll): each
// array sees its updates in the order of the calls, even when one parameter is updated twice in a batch.
template <typename Arrays, typename Rule>
class OpenTables {
public:
    explicit OpenTables(const Rule& rule) : rule_{rule} {}

    bool Conflicts(const Arrays& arrays) const {
        for (size_t k = 0; k < arrays.size(); ++k) {
            const ByteSpan span = SpanOf(arrays[k]);
            if (OverlapsAny(span, written_) || (k != kGradIndex && OverlapsAny(span, read_))) {
                return true;
            }
        }
        return false;
    }

    // Adds an update that FitsTable; a full table (kMaxTensors) launches with the others.
    void Add(const Arrays& arrays) {
        std::vector<const Arrays*>& table = tables_[Slot(arrays[0].dtype())];
        table.push_back(&arrays);
        for (size_t k = 0; k < arrays.size(); ++k) {
            (k == kGradIndex ? read_ : written_).push_back(SpanOf(arrays[k]));
        }
        if (table.size() == static_cast<size_t>(kMaxTensors)) {
            LaunchAll();
        }
    }

    void LaunchAll() {
        for (size_t slot = 0; slot < tables_.size(); ++slot) {
            if (tables_[slot].empty()) {
                continue;
            }
            VisitDeviceDtypeIn<kFloatingDtypes>(kSlotDtypes[slot], [&](auto pt) {
                LaunchMultiTensorUpdate<typename decltype(pt)::type>(tables_[slot], rule_);
            });
            tables_[slot].clear();
        }
        written_.clear();
        read_.clear();
    }

private:
    static constexpr std::array<Dtype, 3> kSlotDtypes{Dtype::kFloat16, Dtype::kFloat32, Dtype::kFloat64};

    static size_t Slot(Dtype dtype) {
        return static_cast<size_t>(std::find(kSlotDtypes.begin(), kSlotDtypes.end(), dtype) - kSlotDtypes.begin());
    }

    const Rule& rule_;
    std::array<std::vector<const Arrays*>, 3> tables_{};
    std::vector<ByteSpan> written_;
    std::vector<ByteSpan> read_;
};

template <typename KeyKernel, typename Rule>
class CudaFusedUpdateKernel : public KeyKernel {
public:
    using Arrays = typename KeyKernel::Arrays;

    void CallMany(const std::vector<Arrays>& updates, const Rule& rule) override {
        if (updates.empty()) {
            return;
        }
        CudaSetDeviceScope scope{updates.front()[0].device().index()};
        OpenTables<Arrays, Rule> open{rule};
        for (const Arrays& arrays : updates) {
            if (open.Conflicts(arrays)) {
                open.LaunchAll();
            }
            if (FitsTable(arrays)) {
                open.Add(arrays);
            } else {
                Call(arrays, rule);  // after every update it touches, before those it does not
            }
        }
        open.LaunchAll();
    }

    void Call(const typename KeyKernel::Arrays& arrays, const Rule& rule) override {
        constexpr size_t kArrays = std::tuple_size<typename KeyKernel::Arrays>::value;
        std::array<const Array*, kArrays> pointers{};
        for (size_t i = 0; i < kArrays; ++i) {
            pointers[i] = &arrays[i];
        }
        VisitDeviceDtypeIn<kFloatingDtypes>(arrays[0].dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchElementwise<kArrays>(arrays[0].shape(), pointers, FusedUpdateFunctor<T, Rule, kArrays>{rule});
        });
    }
};

#define CHAINERX_CUDA_REGISTER_FUSED_UPDATE(key_kernel, rule)                                                 \
    static ::chainerx::internal::KernelRegistration<key_kernel, CudaFusedUpdateKernel<key_kernel, numeric::rule>> \
            s_cuda_##key_kernel {                                                                            \
        CudaBackend::GetGlobalKernelRegistry()                                                               \
    }

CHAINERX_CUDA_REGISTER_FUSED_UPDATE(SgdUpdateKernel, SgdRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(MomentumSgdUpdateKernel, MomentumSgdRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(CorrectedMomentumSgdUpdateKernel, CorrectedMomentumSgdRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(NesterovAgUpdateKernel, NesterovAgRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(AdaGradUpdateKernel, AdaGradRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(AdaDeltaUpdateKernel, AdaDeltaRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(RmsPropUpdateKernel, RmsPropRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(RmsPropGravesUpdateKernel, RmsPropGravesRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(AdamUpdateKernel, AdamRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(AmsGradUpdateKernel, AmsGradRule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(Smorms3UpdateKernel, Smorms3Rule);
CHAINERX_CUDA_REGISTER_FUSED_UPDATE(MsvagUpdateKernel, MsvagRule);

#undef CHAINERX_CUDA_REGISTER_FUSED_UPDATE

}  // namespace
}  // namespace cuda
}  // namespace chainerx
