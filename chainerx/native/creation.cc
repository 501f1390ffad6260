// Native kernels of the creation family.
#include "chainerx/core/kernels/creation.h"

#include <type_traits>

#include "chainerx/core/dtype.h"
#include "chainerx/native/elementwise.h"
#include "chainerx/native/half_convert.h"
#include "chainerx/native/native_backend.h"
#include "chainerx/native/transpose_copy.h"

namespace chainerx {
namespace native {
namespace {

class NativeFillKernel : public FillKernel {
public:
    void Call(const Array& out, Scalar value) override {
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            const T v = value.As<T>();
            ForEachInnerRun<1>(out.shape(), {&out.strides()}, {DataPtr(out)}, [v](auto p, int64_t n, auto s) {
                for (int64_t i = 0; i < n; ++i) {
                    *reinterpret_cast<T*>(p[0] + i * s[0]) = v;
                }
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(FillKernel, NativeFillKernel);

class NativeArangeKernel : public ArangeKernel {
public:
    void Call(Scalar start, Scalar step, const Array& out) override {
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            int64_t n = out.GetTotalSize();
            char* base = DataPtr(out);
            int64_t stride = out.strides()[0];
            bool integral = start.kind() != DtypeKind::kFloat && step.kind() != DtypeKind::kFloat;
            // An integer range casts start and step to its dtype first (arange(-2.2, 3.4, dtype=int8) starts at
            // -2 and steps by 1), as the original does.
            constexpr bool kIntegerOut = std::is_integral<T>::value && !std::is_same<T, bool>::value;
            int64_t start_int = 0;
            int64_t step_int = 0;
            if (kIntegerOut) {
                start_int = static_cast<int64_t>(start.As<T>());
                step_int = static_cast<int64_t>(step.As<T>());
            } else if (integral) {
                start_int = start.As<int64_t>();
                step_int = step.As<int64_t>();
            }
            for (int64_t i = 0; i < n; ++i) {
                T v = integral || kIntegerOut
                              ? CastValue<T>(start_int + i * step_int)
                              : CastValue<T>(start.As<double>() + static_cast<double>(i) * step.As<double>());
                *reinterpret_cast<T*>(base + i * stride) = v;
            }
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(ArangeKernel, NativeArangeKernel);

class NativeTriKernel : public TriKernel {
public:
    void Call(int64_t k, bool upper, const Array& out) override {
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            int64_t rows = out.shape()[0];
            int64_t cols = out.shape()[1];
            char* base = DataPtr(out);
            for (int64_t i = 0; i < rows; ++i) {
                for (int64_t j = 0; j < cols; ++j) {
                    bool inside = upper ? j - i >= k : j - i <= k;
                    *reinterpret_cast<T*>(base + i * out.strides()[0] + j * out.strides()[1]) = CastValue<T>(inside);
                }
            }
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(TriKernel, NativeTriKernel);

class NativeCopyKernel : public CopyKernel {
public:
    void Call(const Array& x, const Array& out) override {
        if (CopyTransposed(x, out)) {  // Note [Transposed copies]
            return;
        }
        VisitDtype(out.dtype(), [&](auto pt) {
            using T = typename decltype(pt)::type;
            UnaryElementwise<T, T>(x, out, [](T v) { return v; });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(CopyKernel, NativeCopyKernel);

class NativeAsTypeKernel : public AsTypeKernel {
public:
    void Call(const Array& x, const Array& out) override {
        bool float_and_half = (x.dtype() == Dtype::kFloat32 && out.dtype() == Dtype::kFloat16) ||
                              (x.dtype() == Dtype::kFloat16 && out.dtype() == Dtype::kFloat32);
        if (float_and_half) {
            ConvertHalfElementwise(x, out);  // F16C where the CPU has it (native/half_convert.h)
            return;
        }
        VisitDtype(x.dtype(), [&](auto in_pt) {
            using In = typename decltype(in_pt)::type;
            VisitDtype(out.dtype(), [&](auto out_pt) {
                using Out = typename decltype(out_pt)::type;
                UnaryElementwise<In, Out>(x, out, [](In v) { return CastValue<Out>(v); });
            });
        });
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(AsTypeKernel, NativeAsTypeKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
