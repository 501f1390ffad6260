// Native kernels of the connection family. Stride-1 float convolutions run the direct kernels of
// native/conv_direct.h where the CPU has them, float depthwise ones those of native/conv_depthwise.h; the rest is
// im2col + GEMM (group by group, Note [Native grouped convolution]), one image at a time so that the
// column matrix of an image stays in cache between its construction and the product. float16 is computed in
// float32.
#include "chainerx/core/kernels/connection.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/native/blas.h"
#include "chainerx/native/conv_depthwise.h"
#include "chainerx/native/conv_direct.h"
#include "chainerx/native/im2col.h"
#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {

ConvGeometry::ConvGeometry(
        const Shape& image, const Shape& kernel, const Shape& output, const Dims& stride_, const Dims& pad_)
    : stride{stride_}, pad{pad_} {
    const int8_t nd = image.ndim() - 2;
    for (int8_t d = 0; d < nd; ++d) {
        in.push_back(image[2 + d]);
        out.push_back(output[2 + d]);
        k.push_back(kernel[2 + d]);
        in_size *= in.back();
        out_size *= out.back();
        k_size *= k.back();
    }
    in_step.resize(nd);
    for (int64_t d = nd - 1, step = 1; d >= 0; --d) {
        in_step[d] = step;
        step *= in[d];
    }
}

bool ConvGeometry::IsPointwise() const {
    for (size_t d = 0; d < in.size(); ++d) {
        if (k[d] != 1 || stride[d] != 1 || pad[d] != 0) {
            return false;
        }
    }
    return true;
}

namespace {

template <typename T>
const T* Data(const Array& a) {
    return static_cast<const T*>(a.raw_data());
}

template <typename T>
T* MutableData(const Array& a) {
    return static_cast<T*>(a.raw_data());
}

// A zero-filled scratch array; std::vector would not do, as std::vector<bool> has no data().
template <typename T>
class ScratchBuffer {
public:
    explicit ScratchBuffer(int64_t size) : data_{std::make_unique<T[]>(static_cast<size_t>(size))} {}
    T* data() { return data_.get(); }
    T& operator[](int64_t i) { return data_[i]; }

private:
    std::unique_ptr<T[]> data_;
};

// out (N, O, size) += b (O,) broadcast.
template <typename T>
void AddBias(const Array* b, const Array& out, int64_t size) {
    if (b == nullptr) {
        return;
    }
    const T* bias = Data<T>(*b);
    T* o = MutableData<T>(out);
    const int64_t channels = out.shape()[1];
    for (int64_t i = 0; i < out.shape()[0] * channels; ++i) {
        const T v = bias[i % channels];
        std::for_each(o + i * size, o + (i + 1) * size, [v](T& e) { e += v; });
    }
}

// Runs impl<T> for out's dtype; float16 runs impl<float> on float32 copies and rounds the result once.
template <template <typename> class Impl, typename... Args>
void DispatchConv(const Array& in1, const Array& in2, const std::optional<Array>& b, const Array& out, Args&&... args) {
    if (out.dtype() != Dtype::kFloat16) {
        constexpr DtypeMask kDirect = kIntegralDtypes | DtypeBit(Dtype::kFloat32) | DtypeBit(Dtype::kFloat64);
        VisitDtypeIn<kDirect>(out.dtype(), [&](auto pt) {
            Impl<typename decltype(pt)::type>::Run(in1, in2, b.has_value() ? &*b : nullptr, out, args...);
        });
        return;
    }
    NoBackpropModeScope no_backprop{out.device().context()};
    // A null Array rather than an optional one: GCC 12 misreads optional<Array> as maybe-uninitialized here.
    Array b32 = b.has_value() ? b->AsType(Dtype::kFloat32) : Array{};
    Array out32 = Empty(out.shape(), Dtype::kFloat32, out.device());
    Impl<float>::Run(in1.AsType(Dtype::kFloat32), in2.AsType(Dtype::kFloat32), b.has_value() ? &b32 : nullptr, out32,
                     args...);
    out.device().CallKernel<AsTypeKernel>(out32, out);
}

// Whether the direct kernels take this convolution. They exist for the float types alone (the ones with vector
// FMAs), so each call of one sits under `if constexpr (kHasDirect<T>)`: an unoptimised build (the sanitizers')
// keeps a call that a plain `if` rules out, and would fail to link it.
template <typename T>
constexpr bool kHasDirect = std::is_floating_point<T>::value;

// The channels of one group (Note [Channel groups]): `in` of the C input and `out` of the O output channels.
struct GroupChannels {
    int64_t in;
    int64_t out;
    GroupChannels(int64_t in_channels, int64_t out_channels, int64_t groups)
        : in{in_channels / groups}, out{out_channels / groups} {}
};

// Note [Native grouped convolution]
// Groups run group by group, each as the ungrouped convolution of its C/G consecutive input channels by its O/G
// rows of w into its O/G consecutive output channels: every operand of a group lies where the ungrouped path would
// find it, at an offset, with images a whole array's channels apart (ImageBatch for the direct kernels of Note
// [Direct convolution]; im2col + GEMM per image and group otherwise). Depthwise convolutions (one input channel per
// group), whose per-group products are too small for either, have kernels of their own (Note [Native depthwise
// convolution]).

template <typename T>
struct ConvImpl {
    static void Run(const Array& x, const Array& w, const Array* b, const Array& out, const Dims& stride,
                    const Dims& pad, int64_t groups) {
        const ConvGeometry g{x.shape(), w.shape(), out.shape(), stride, pad};
        const int64_t channels = x.shape()[1];
        const int64_t out_channels = w.shape()[0];
        const GroupChannels group{channels, out_channels, groups};
        const int64_t rows = group.in * g.k_size;  // columns of w as a matrix
        if constexpr (kHasDirect<T>) {
            if (IsDepthwise(channels, groups)) {
                DepthwiseConv<T>(g, x.shape()[0], channels, group.out, Data<T>(x), Data<T>(w),
                                 b == nullptr ? nullptr : Data<T>(*b), MutableData<T>(out));
                return;
            }
            if (CanConvDirect(g)) {
                const ImageBatch batch{x.shape()[0], channels * g.in_size, out_channels * g.out_size};
                for (int64_t gi = 0; gi < groups; ++gi) {
                    ConvDirect<T>(g, batch, group.in, group.out, Data<T>(x) + gi * group.in * g.in_size,
                                  Data<T>(w) + gi * group.out * rows,
                                  b == nullptr ? nullptr : Data<T>(*b) + gi * group.out,
                                  MutableData<T>(out) + gi * group.out * g.out_size);
                }
                return;
            }
        }
        ScratchBuffer<T> col(g.IsPointwise() ? 0 : rows * g.out_size);
        for (int64_t n = 0; n < x.shape()[0]; ++n) {
            for (int64_t gi = 0; gi < groups; ++gi) {
                const T* image = Data<T>(x) + (n * channels + gi * group.in) * g.in_size;
                if (!g.IsPointwise()) {
                    Im2Col(g, group.in, image, col.data());
                }
                const T* columns = g.IsPointwise() ? image : col.data();
                T* out_image = MutableData<T>(out) + (n * out_channels + gi * group.out) * g.out_size;
                Gemm<T>(false, false, group.out, g.out_size, rows, Data<T>(w) + gi * group.out * rows, rows, columns,
                        g.out_size, false, out_image, g.out_size);
            }
        }
        AddBias<T>(b, out, g.out_size);
    }
};

template <typename T>
struct ConvTransposeImpl {
    // With stride 1 and pad < k, the transposed convolution is the forward convolution of x with w's spatial
    // axes flipped and its channel axes swapped (group by group), padded by k - 1 - pad: run that on the direct
    // kernels.
    static bool RunFlipped(
            const ConvGeometry& g, const Array& x, const Array& w, const Array* b, const Array& out, int64_t groups) {
        if constexpr (!kHasDirect<T>) {
            return false;
        } else {
            Dims flipped_pad;
            for (size_t d = 0; d < g.k.size(); ++d) {
                if (g.pad[d] >= g.k[d]) {
                    return false;
                }
                flipped_pad.push_back(g.k[d] - 1 - g.pad[d]);
            }
            const ConvGeometry flipped{x.shape(), w.shape(), out.shape(), g.stride, flipped_pad};
            if (!CanConvDirect(flipped)) {
                return false;
            }
            const int64_t in_channels = x.shape()[1];
            const int64_t out_channels = out.shape()[1];
            const GroupChannels group{in_channels, out_channels, groups};
            // w (C, O/G, k...) as G convolution kernels (O/G, C/G, k...), one after the other. Reversing every
            // spatial axis reverses the C-order index of the kernel offset.
            ScratchBuffer<T> w_flipped(w.GetTotalSize());
            const T* src = Data<T>(w);
            for (int64_t c = 0; c < in_channels; ++c) {
                const int64_t gi = c / group.in;
                for (int64_t o = 0; o < group.out; ++o) {
                    for (int64_t q = 0; q < g.k_size; ++q) {
                        const int64_t flipped_q = (c * group.out + o + 1) * g.k_size - 1 - q;
                        w_flipped[((gi * group.out + o) * group.in + c % group.in) * g.k_size + q] = src[flipped_q];
                    }
                }
            }
            const ImageBatch batch{x.shape()[0], in_channels * flipped.in_size, out_channels * flipped.out_size};
            for (int64_t gi = 0; gi < groups; ++gi) {
                ConvDirect<T>(flipped, batch, group.in, group.out, Data<T>(x) + gi * group.in * flipped.in_size,
                              w_flipped.data() + gi * group.out * group.in * g.k_size,
                              b == nullptr ? nullptr : Data<T>(*b) + gi * group.out,
                              MutableData<T>(out) + gi * group.out * flipped.out_size);
            }
            return true;
        }
    }

    static void Run(const Array& x, const Array& w, const Array* b, const Array& out, const Dims& stride,
                    const Dims& pad, int64_t groups) {
        // The adjoint of the convolution whose image is out and whose output is x.
        const ConvGeometry g{out.shape(), w.shape(), x.shape(), stride, pad};
        const int64_t in_channels = x.shape()[1];
        const int64_t out_channels = out.shape()[1];
        // Group gi: x's channels gi * group.in.., w's rows (the same), out's channels gi * group.out..
        const GroupChannels group{in_channels, out_channels, groups};
        if constexpr (kHasDirect<T>) {
            if (IsDepthwise(out_channels, groups)) {
                DepthwiseConvTranspose<T>(g, x.shape()[0], out_channels, group.in, Data<T>(x), Data<T>(w),
                                          b == nullptr ? nullptr : Data<T>(*b), MutableData<T>(out));
                return;
            }
        }
        if (RunFlipped(g, x, w, b, out, groups)) {
            return;
        }
        const int64_t rows = group.out * g.k_size;
        ScratchBuffer<T> col(g.IsPointwise() ? 0 : rows * g.out_size);
        std::fill_n(MutableData<T>(out), out.GetTotalSize(), T{0});
        for (int64_t n = 0; n < x.shape()[0]; ++n) {
            for (int64_t gi = 0; gi < groups; ++gi) {
                T* image = MutableData<T>(out) + (n * out_channels + gi * group.out) * g.in_size;
                T* dst = g.IsPointwise() ? image : col.data();
                Gemm<T>(true, false, rows, g.out_size, group.in, Data<T>(w) + gi * group.in * rows, rows,
                        Data<T>(x) + (n * in_channels + gi * group.in) * g.out_size, g.out_size, false, dst,
                        g.out_size);
                if (!g.IsPointwise()) {
                    Col2ImAdd(g, group.out, col.data(), image);
                }
            }
        }
        AddBias<T>(b, out, g.in_size);
    }
};

template <typename T>
struct ConvGradWeightImpl {
    static void Run(const Array& x, const Array& gy, const Array*, const Array& gw, const Dims& stride,
                    const Dims& pad, int64_t groups) {
        const ConvGeometry g{x.shape(), gw.shape(), gy.shape(), stride, pad};
        const int64_t channels = x.shape()[1];
        const int64_t out_channels = gw.shape()[0];
        const GroupChannels group{channels, out_channels, groups};
        const int64_t rows = group.in * g.k_size;
        if constexpr (kHasDirect<T>) {
            if (IsDepthwise(channels, groups)) {
                DepthwiseConvGradWeight<T>(g, x.shape()[0], channels, group.out, Data<T>(x), Data<T>(gy),
                                           MutableData<T>(gw));
                return;
            }
            if (CanConvDirect(g)) {
                const ImageBatch batch{x.shape()[0], channels * g.in_size, out_channels * g.out_size};
                for (int64_t gi = 0; gi < groups; ++gi) {
                    ConvGradWeightDirect<T>(g, batch, group.in, group.out, Data<T>(x) + gi * group.in * g.in_size,
                                            Data<T>(gy) + gi * group.out * g.out_size,
                                            MutableData<T>(gw) + gi * group.out * rows);
                }
                return;
            }
        }
        std::fill_n(MutableData<T>(gw), gw.GetTotalSize(), T{0});
        ScratchBuffer<T> col(g.IsPointwise() ? 0 : rows * g.out_size);
        for (int64_t n = 0; n < x.shape()[0]; ++n) {
            for (int64_t gi = 0; gi < groups; ++gi) {
                const T* image = Data<T>(x) + (n * channels + gi * group.in) * g.in_size;
                if (!g.IsPointwise()) {
                    Im2Col(g, group.in, image, col.data());
                }
                Gemm<T>(false, true, group.out, rows, g.out_size,
                        Data<T>(gy) + (n * out_channels + gi * group.out) * g.out_size, g.out_size,
                        g.IsPointwise() ? image : col.data(), g.out_size, true,
                        MutableData<T>(gw) + gi * group.out * rows, rows);
            }
        }
    }
};

class NativeConvKernel : public ConvKernel {
public:
    void Call(const Array& x, const Array& w, const std::optional<Array>& b, const Dims& stride, const Dims& pad,
              int64_t groups, const Array& out) override {
        DispatchConv<ConvImpl>(x, w, b, out, stride, pad, groups);
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(ConvKernel, NativeConvKernel);

class NativeConvTransposeKernel : public ConvTransposeKernel {
public:
    void Call(const Array& x, const Array& w, const std::optional<Array>& b, const Dims& stride, const Dims& pad,
              int64_t groups, const Array& out) override {
        DispatchConv<ConvTransposeImpl>(x, w, b, out, stride, pad, groups);
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(ConvTransposeKernel, NativeConvTransposeKernel);

class NativeConvGradWeightKernel : public ConvGradWeightKernel {
public:
    void Call(const Array& x, const Array& gy, const Dims& stride, const Dims& pad, int64_t groups,
              const Array& gw) override {
        DispatchConv<ConvGradWeightImpl>(x, gy, std::nullopt, gw, stride, pad, groups);
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(ConvGradWeightKernel, NativeConvGradWeightKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
