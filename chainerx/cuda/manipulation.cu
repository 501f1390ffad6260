// CUDA kernels of the manipulation family (the copies themselves are CopyKernel and AsTypeKernel of creation.cu):
// masked copies and concatenation.
#include <cstdint>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/kernels/manipulation.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/cuda/cuda_backend.h"
#include "chainerx/cuda/elementwise.cuh"

namespace chainerx {
namespace cuda {
namespace {

template <typename T>
struct MaskedCopyFunctor {
    __device__ void operator()(char* (&p)[3]) const {
        if (*reinterpret_cast<const bool*>(p[1])) {
            *reinterpret_cast<T*>(p[2]) = *reinterpret_cast<const T*>(p[0]);
        }
    }
};

class CudaMaskedCopyKernel : public MaskedCopyKernel {
public:
    void Call(const Array& x, const Array& mask, const Array& out) override {
        VisitDeviceDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            LaunchElementwise<3>(out.shape(), {&x, &mask, &out}, MaskedCopyFunctor<T>{});
        });
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(MaskedCopyKernel, CudaMaskedCopyKernel);

// Note [Concatenation in one launch]
// A concatenation copies each part into its range of out: a launch per part, and the backward of every split is
// one (F.separate's: a transformer's query, key and value gradients). So one kernel copies a group of up to
// kConcatenatedParts parts of out's dtype: thread e finds its part among the group's cumulative sizes and copies
// the element's bits (a copy within one dtype is bit for bit, Note [CUDA conversions]). Eight parts' indexers fill
// about 2 KB of the kernel's parameters (every GPU takes 4 KB); more parts take a launch per eight. A part of
// another dtype is cast by AsTypeKernel on its own.
constexpr int kConcatenatedParts = 8;

struct ConcatenatedParts {
    int count;
    int64_t ends[kConcatenatedParts];  // the elements of parts 0..k
    StridedIndexer<2> copies[kConcatenatedParts];  // each part, then its range of out
};

template <typename Bits>
struct ConcatenateFunctor {
    ConcatenatedParts group;

    __device__ void operator()(int64_t e) const {
        int k = 0;
        while (e >= group.ends[k]) {
            ++k;
        }
        char* p[2];
        group.copies[k].Pointers(k == 0 ? e : e - group.ends[k - 1], p);
        *reinterpret_cast<Bits*>(p[1]) = *reinterpret_cast<const Bits*>(p[0]);
    }
};

template <typename Bits>
void LaunchConcatenate(const Device& device, const ConcatenatedParts& group) {
    LaunchIndexed(device, group.ends[group.count - 1], ConcatenateFunctor<Bits>{group});
}

class CudaConcatenateKernel : public ConcatenateKernel {
public:
    void Call(const std::vector<Array>& parts, int8_t axis, const Array& out) override {
        ConcatenatedParts group{};
        auto launch = [&out, &group]() {
            switch (out.GetItemSize()) {
                case 1:
                    LaunchConcatenate<uint8_t>(out.device(), group);
                    break;
                case 2:
                    LaunchConcatenate<uint16_t>(out.device(), group);
                    break;
                case 4:
                    LaunchConcatenate<uint32_t>(out.device(), group);
                    break;
                default:
                    LaunchConcatenate<uint64_t>(out.device(), group);
                    break;
            }
            group = ConcatenatedParts{};
        };
        int64_t start = 0;
        for (const Array& part : parts) {
            Array range = internal::AxisRangeView(out, axis, start, start + part.shape()[axis]);
            start += part.shape()[axis];
            if (part.GetTotalSize() == 0) {
                continue;
            }
            if (part.dtype() != out.dtype()) {
                out.device().CallKernel<AsTypeKernel>(part, range);
                continue;
            }
            group.copies[group.count] = MakeIndexer<2>(part.shape(), {&part, &range});
            group.ends[group.count] = (group.count == 0 ? 0 : group.ends[group.count - 1]) + part.GetTotalSize();
            if (++group.count == kConcatenatedParts) {
                launch();
            }
        }
        if (group.count > 0) {
            launch();
        }
    }
};
CHAINERX_CUDA_REGISTER_KERNEL(ConcatenateKernel, CudaConcatenateKernel);

}  // namespace
}  // namespace cuda
}  // namespace chainerx
