#include "chainerx/core/routines/connection.h"

#include <cstdint>
#include <optional>
#include <vector>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {
namespace {

// The operands of a convolution-like routine, cast and made contiguous for its kernel, off the graph.
struct KernelOperands {
    Array x;
    Array w;
    std::optional<Array> b;
};

KernelOperands PrepareOperands(const Array& x, const Array& w, const std::optional<Array>& b, Dtype dtype) {
    NoBackpropModeScope no_backprop{x.device().context()};
    auto prepare = [dtype](const Array& a) { return AsContiguousArray(internal::CastIfNeeded(a, dtype)); };
    return {prepare(x), prepare(w), b.has_value() ? std::optional<Array>{prepare(*b)} : std::nullopt};
}

// Bool operands give bool: the kernels' sums of products become ORs of ANDs (see Gemm).
Dtype ConvDtype(const Array& x, const Array& w, const std::optional<Array>& b) {
    Dtype dtype = ResultType(x, w);
    return b.has_value() ? PromoteTypes(dtype, b->dtype()) : dtype;
}

// a + b or a * b; DimensionError where int64 overflows (absurd stride/pad values from the user).
int64_t CheckedAdd(const char* op, int64_t a, int64_t b) {
    int64_t out{};
    if (__builtin_add_overflow(a, b, &out)) {
        throw DimensionError{op, ": sizes overflow int64 (", a, " + ", b, ")"};
    }
    return out;
}

int64_t CheckedMultiply(const char* op, int64_t a, int64_t b) {
    int64_t out{};
    if (__builtin_mul_overflow(a, b, &out)) {
        throw DimensionError{op, ": sizes overflow int64 (", a, " * ", b, ")"};
    }
    return out;
}

// Checks ranks, devices, channels and groups (Note [Channel groups]) and the bias. w's axis w_in_axis holds C/G
// input channels for a convolution (1), all C for a transposed one (0); its other leading axis holds the output
// channels, all O for a convolution, O/G for a transposed one. Returns O.
int64_t CheckConvOperands(
        const char* op, const Array& x, const Array& w, const std::optional<Array>& b, int w_in_axis, int64_t groups) {
    internal::CheckSameDevice(op, x, w);
    if (x.ndim() < 2 || w.ndim() != x.ndim()) {
        throw DimensionError{op, ": x and w must have the same rank of at least 2, got shapes ", x.shape(), " and ",
                             w.shape()};
    }
    if (groups < 1) {
        throw DimensionError{op, ": groups must be at least 1, got ", groups};
    }
    const bool transposed = w_in_axis == 0;
    const int64_t in_channels = transposed ? w.shape()[0] : CheckedMultiply(op, w.shape()[1], groups);
    if (x.shape()[1] != in_channels) {
        throw DimensionError{op, ": x has ", x.shape()[1], " channels but w of shape ", w.shape(), " with ", groups,
                             " group(s) expects ", in_channels};
    }
    if (w.shape()[0] % groups != 0) {
        throw DimensionError{op, ": the ", w.shape()[0], " ", transposed ? "input" : "output",
                             " channels of w of shape ", w.shape(), " do not divide into ", groups, " groups"};
    }
    const int64_t out_channels = transposed ? CheckedMultiply(op, w.shape()[1], groups) : w.shape()[0];
    if (b.has_value()) {
        internal::CheckSameDevice(op, x, *b);
        if (b->ndim() != 1 || b->shape()[0] != out_channels) {
            throw DimensionError{op, ": b must have shape (", out_channels, ",), got ", b->shape()};
        }
    }
    return out_channels;
}

// stride or pad: exactly one entry per spatial axis (an int argument is broadcast by the caller, see
// connection.h), each at least `min`.
Dims SpatialDims(const char* op, const char* name, const Dims& dims, size_t n, int64_t min) {
    if (dims.size() != n) {
        throw DimensionError{op, ": ", name, " must have one entry per spatial axis (", n, "), got ", dims.size()};
    }
    for (int64_t v : dims) {
        if (v < min) {
            throw DimensionError{op, ": ", name, " entries must be at least ", min, ", got ", v};
        }
    }
    return dims;
}

int64_t ConvOutSize(int64_t in, int64_t k, int64_t s, int64_t p, bool cover_all) {
    return internal::SlidingWindowOutSize("conv", in, k, s, p, cover_all);
}

Shape SpatialShape(const Array& a) { return Shape(a.shape().begin() + 2, a.shape().end()); }

// The gradient of b: gy summed over every axis but the channels.
Array BiasGrad(const Array& gy, Dtype dtype) {
    Axes axes{0};
    for (int8_t i = 2; i < gy.ndim(); ++i) {
        axes.push_back(i);
    }
    return internal::CastIfNeeded(Sum(gy, axes), dtype);
}

// Whether Conv needs cover_all to map `image` back to `out` (DimensionError if neither setting does).
bool CoverAllFor(const char* op, const Shape& image, const Shape& out, const Shape& k, const Dims& s, const Dims& p) {
    bool cover_all = false;
    for (size_t d = 0; d < image.size(); ++d) {
        cover_all = cover_all || ConvOutSize(image[d], k[d], s[d], p[d], false) != out[d];
    }
    for (size_t d = 0; d < image.size(); ++d) {
        if (image[d] < 1 || ConvOutSize(image[d], k[d], s[d], p[d], cover_all) != out[d]) {
            throw DimensionError{op, ": output size ", image, " does not map back to input size ", out,
                                 " with kernel ", k};
        }
    }
    return cover_all;
}

std::vector<ConstArrayRef> Inputs(const Array& x, const Array& w, const std::optional<Array>& b) {
    std::vector<ConstArrayRef> inputs{x, w};
    if (b.has_value()) {
        inputs.emplace_back(*b);
    }
    return inputs;
}

// The output shape of ConvTranspose: outsize where given, else stride · (i - 1) + k - 2·pad per spatial axis.
Shape ConvTransposeOutShape(
        const Array& x, const Array& w, int64_t out_channels, const Dims& s, const Dims& p,
        const std::optional<Dims>& outsize) {
    const char* op = "conv_transpose";
    const size_t nd = x.ndim() - 2;
    if (outsize.has_value() && outsize->size() != nd) {
        throw DimensionError{op, ": outsize must have one entry per spatial axis (", nd, "), got ", outsize->size()};
    }
    Shape out_shape{x.shape()[0], out_channels};
    for (size_t d = 0; d < nd; ++d) {
        const int64_t spread = CheckedMultiply(op, s[d], x.shape()[2 + d] - 1);
        const int64_t default_size = CheckedAdd(op, spread, w.shape()[2 + d] - CheckedMultiply(op, 2, p[d]));
        out_shape.push_back(outsize.has_value() ? (*outsize)[d] : default_size);
    }
    return out_shape;
}

// a with a trailing axis of size 1: a grouped convolution without spatial axes runs as one over a single position
// (Note [Convolution without spatial axes]).
Array WithOnePosition(const Array& a) {
    Shape shape = a.shape();
    shape.push_back(1);
    return a.Reshape(shape);
}

// The bias target of a convolution-like op whose bias is input 2.
void DefineBiasGrad(BackwardBuilder& bb, const std::optional<Array>& b) {
    if (!b.has_value()) {
        return;
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(2)) {
        bt.Define([dtype = b->dtype()](BackwardContext& bctx) {
            bctx.input_grad() = BiasGrad(*bctx.output_grad(), dtype);
        });
    }
}

}  // namespace

// See Note [Convolution without spatial axes] in connection.h for the rank-2 case.
Array Conv(const Array& x, const Array& w, const std::optional<Array>& b, const Dims& stride, const Dims& pad,
           bool cover_all, int64_t groups) {
    const int64_t out_channels = CheckConvOperands("conv", x, w, b, 1, groups);
    const size_t nd = x.ndim() - 2;
    const Dims s = SpatialDims("conv", "stride", stride, nd, 1);
    const Dims p = SpatialDims("conv", "pad", pad, nd, 0);
    if (nd == 0 && groups == 1) {
        return Linear(x, w, b);
    }
    if (nd == 0) {
        Array y = Conv(WithOnePosition(x), WithOnePosition(w), b, {1}, {0}, false, groups);
        return y.Reshape({x.shape()[0], out_channels});
    }
    Shape out_shape{x.shape()[0], out_channels};
    for (size_t d = 0; d < nd; ++d) {
        const int64_t o = ConvOutSize(x.shape()[2 + d], w.shape()[2 + d], s[d], p[d], cover_all);
        if (o < 1) {
            throw DimensionError{"conv: kernel of shape ", w.shape(), " is larger than the padded input of shape ",
                                 x.shape()};
        }
        out_shape.push_back(o);
    }
    const Dtype dtype = ConvDtype(x, w, b);
    Array out = Empty(out_shape, dtype, x.device());
    KernelOperands ops = PrepareOperands(x, w, b, dtype);
    x.device().CallKernel<ConvKernel>(ops.x, ops.w, ops.b, s, p, groups, out);
    BackwardBuilder bb{"conv", Inputs(x, w, b), {out}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([w_tok = bb.RetainInput(1), s, p, groups, in_size = SpatialShape(x), dtype = x.dtype()](
                          BackwardContext& bctx) {
            Dims outsize(in_size.begin(), in_size.end());
            Array gx = ConvTranspose(
                    *bctx.output_grad(), bctx.GetRetainedInput(w_tok), std::nullopt, s, p, outsize, groups);
            bctx.input_grad() = internal::CastIfNeeded(gx, dtype);
        });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bt.Define([x_tok = bb.RetainInput(0), s, p, cover_all, groups, w_shape = w.shape(), dtype = w.dtype()](
                          BackwardContext& bctx) {
            Array gw = internal::ConvGradWeight(w_shape, bctx.GetRetainedInput(x_tok), *bctx.output_grad(), s, p,
                                                cover_all, groups);
            bctx.input_grad() = internal::CastIfNeeded(gw, dtype);
        });
    }
    DefineBiasGrad(bb, b);
    bb.Finalize();
    return out;
}

Array ConvTranspose(const Array& x, const Array& w, const std::optional<Array>& b, const Dims& stride,
                    const Dims& pad, const std::optional<Dims>& outsize, int64_t groups) {
    const int64_t out_channels = CheckConvOperands("conv_transpose", x, w, b, 0, groups);
    const size_t nd = x.ndim() - 2;
    const Dims s = SpatialDims("conv_transpose", "stride", stride, nd, 1);
    const Dims p = SpatialDims("conv_transpose", "pad", pad, nd, 0);
    const Shape out_shape = ConvTransposeOutShape(x, w, out_channels, s, p, outsize);
    if (nd == 0 && groups == 1) {
        return Linear(x, w.Transpose(), b);
    }
    if (nd == 0) {
        Array y = ConvTranspose(WithOnePosition(x), WithOnePosition(w), b, {1}, {0}, std::nullopt, groups);
        return y.Reshape(out_shape);
    }
    const Shape image(out_shape.begin() + 2, out_shape.end());
    const bool cover_all = CoverAllFor("conv_transpose", image, SpatialShape(x), SpatialShape(w), s, p);
    const Dtype dtype = ConvDtype(x, w, b);
    Array out = Empty(out_shape, dtype, x.device());
    KernelOperands ops = PrepareOperands(x, w, b, dtype);
    x.device().CallKernel<ConvTransposeKernel>(ops.x, ops.w, ops.b, s, p, groups, out);
    BackwardBuilder bb{"conv_transpose", Inputs(x, w, b), {out}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([w_tok = bb.RetainInput(1), s, p, cover_all, groups, dtype = x.dtype()](BackwardContext& bctx) {
            Array gx = Conv(
                    *bctx.output_grad(), bctx.GetRetainedInput(w_tok), std::nullopt, s, p, cover_all, groups);
            bctx.input_grad() = internal::CastIfNeeded(gx, dtype);
        });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bt.Define([x_tok = bb.RetainInput(0), s, p, cover_all, groups, w_shape = w.shape(), dtype = w.dtype()](
                          BackwardContext& bctx) {
            Array gw = internal::ConvGradWeight(w_shape, *bctx.output_grad(), bctx.GetRetainedInput(x_tok), s, p,
                                                cover_all, groups);
            bctx.input_grad() = internal::CastIfNeeded(gw, dtype);
        });
    }
    DefineBiasGrad(bb, b);
    bb.Finalize();
    return out;
}

namespace internal {

int64_t SlidingWindowOutSize(const char* op, int64_t in, int64_t k, int64_t s, int64_t p, bool cover_all) {
    int64_t span = CheckedAdd(op, in, CheckedMultiply(op, 2, p)) - k;
    if (cover_all) {
        span = CheckedAdd(op, span, s - 1);
    }
    return span < 0 ? 0 : span / s + 1;
}

Array ConvGradWeight(
        const Shape& w_shape, const Array& x, const Array& gy, const Dims& stride, const Dims& pad, bool cover_all,
        int64_t groups) {
    const Dtype dtype = ResultType(x, gy);
    Array gw = Empty(w_shape, dtype, x.device());
    KernelOperands ops = PrepareOperands(x, gy, std::nullopt, dtype);
    x.device().CallKernel<ConvGradWeightKernel>(ops.x, ops.w, stride, pad, groups, gw);
    BackwardBuilder bb{"conv_grad_weight", {x, gy}, {gw}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([gy_tok = bb.RetainInput(1), stride, pad, groups, in_size = SpatialShape(x), dtype = x.dtype()](
                          BackwardContext& bctx) {
            Dims outsize(in_size.begin(), in_size.end());
            Array gx = ConvTranspose(bctx.GetRetainedInput(gy_tok), *bctx.output_grad(), std::nullopt, stride, pad,
                                     outsize, groups);
            bctx.input_grad() = CastIfNeeded(gx, dtype);
        });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bt.Define([x_tok = bb.RetainInput(0), stride, pad, cover_all, groups, dtype = gy.dtype()](
                          BackwardContext& bctx) {
            Array ggy = Conv(
                    bctx.GetRetainedInput(x_tok), *bctx.output_grad(), std::nullopt, stride, pad, cover_all, groups);
            bctx.input_grad() = CastIfNeeded(ggy, dtype);
        });
    }
    bb.Finalize();
    return gw;
}

}  // namespace internal
}  // namespace chainerx
