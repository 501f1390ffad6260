#include "chainerx/core/routines/pooling.h"

#include <cstdint>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/pooling.h"
#include "chainerx/core/routines/connection.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/elementwise.h"

namespace chainerx {
namespace {

// Validates the window parameters against x and returns them with the output shape.
struct PoolGeometry {
    PoolWindow window;
    Shape out_shape;
};

void CheckPoolParam(const char* op, const char* name, const Dims& values, int8_t n_spatial, int64_t min) {
    if (static_cast<int8_t>(values.size()) != n_spatial) {
        throw DimensionError{op, ": ", name, " needs ", static_cast<int>(n_spatial), " values, got ", values.size()};
    }
    for (int64_t v : values) {
        if (v < min) {
            throw DimensionError{op, ": ", name, " values must be at least ", min, ", got ", v};
        }
    }
}

PoolGeometry MakePoolGeometry(
        const char* op, const Array& x, const Dims& ksize, const Dims& stride, const Dims& pad, bool cover_all) {
    if (x.ndim() < 3) {
        throw DimensionError{op, ": x must have a batch, a channel and at least one spatial axis, got ", x.shape()};
    }
    auto n_spatial = static_cast<int8_t>(x.ndim() - 2);
    CheckPoolParam(op, "ksize", ksize, n_spatial, 1);
    CheckPoolParam(op, "stride", stride, n_spatial, 1);
    CheckPoolParam(op, "pad", pad, n_spatial, 0);
    Shape out_shape{x.shape()[0], x.shape()[1]};
    for (int8_t i = 0; i < n_spatial; ++i) {
        const int64_t out_len =
                internal::SlidingWindowOutSize(op, x.shape()[i + 2], ksize[i], stride[i], pad[i], cover_all);
        if (out_len < 1) {
            throw DimensionError{op, ": kernel ", ksize[i], " is bigger than the padded input (", x.shape()[i + 2],
                                 " + 2 * ", pad[i], ") along spatial axis ", static_cast<int>(i)};
        }
        out_shape.push_back(out_len);
    }
    return {{ksize, stride, pad}, out_shape};
}

// Kernels read C-contiguous data and never see graphs.
Array KernelInput(const Array& a) { return a.IsContiguous() ? a.AsGradStopped() : a.AsGradStopped().Copy(); }

Array MaxPoolGradGrad(const Array& ggx, const Array& indices, const PoolWindow& window);

// The scatter of gout into an x-shaped array at `indices`; its backward gathers (MaxPoolGradGrad).
Array MaxPoolGrad(const Array& gout, const Array& indices, const PoolWindow& window, const Shape& x_shape) {
    Array gx = Empty(x_shape, gout.dtype(), gout.device());
    gout.device().CallKernel<MaxPoolGradKernel>(KernelInput(gout), indices, window, gx);
    BackwardBuilder bb{"max_pool_grad", gout, gx};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([indices, window](BackwardContext& bctx) {
            bctx.input_grad() = MaxPoolGradGrad(*bctx.output_grad(), indices, window);
        });
    }
    bb.Finalize();
    return gx;
}

// The gather of ggx at `indices`; its backward scatters (MaxPoolGrad).
Array MaxPoolGradGrad(const Array& ggx, const Array& indices, const PoolWindow& window) {
    Array ggout = Empty(indices.shape(), ggx.dtype(), ggx.device());
    ggx.device().CallKernel<MaxPoolGradGradKernel>(KernelInput(ggx), indices, ggout);
    BackwardBuilder bb{"max_pool_grad_grad", ggx, ggout};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([indices, window, x_shape = ggx.shape()](BackwardContext& bctx) {
            bctx.input_grad() = MaxPoolGrad(*bctx.output_grad(), indices, window, x_shape);
        });
    }
    bb.Finalize();
    return ggout;
}

Array AveragePoolGrad(const Array& gout, const PoolWindow& window, bool count_pad, const Shape& x_shape);

// The averaging itself (x already in its math dtype); its backward is the adjoint map (AveragePoolGrad).
Array AveragePoolForward(const Array& x, const PoolWindow& window, bool count_pad, const Shape& out_shape) {
    Array out = Empty(out_shape, x.dtype(), x.device());
    x.device().CallKernel<AveragePoolKernel>(KernelInput(x), window, count_pad, out);
    BackwardBuilder bb{"average_pool", x, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([window, count_pad, x_shape = x.shape()](BackwardContext& bctx) {
            bctx.input_grad() = AveragePoolGrad(*bctx.output_grad(), window, count_pad, x_shape);
        });
    }
    bb.Finalize();
    return out;
}

Array AveragePoolGrad(const Array& gout, const PoolWindow& window, bool count_pad, const Shape& x_shape) {
    Array gx = Empty(x_shape, gout.dtype(), gout.device());
    gout.device().CallKernel<AveragePoolGradKernel>(KernelInput(gout), window, count_pad, gx);
    BackwardBuilder bb{"average_pool_grad", gout, gx};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([window, count_pad, out_shape = gout.shape()](BackwardContext& bctx) {
            bctx.input_grad() = AveragePoolForward(*bctx.output_grad(), window, count_pad, out_shape);
        });
    }
    bb.Finalize();
    return gx;
}

}  // namespace

Array MaxPool(const Array& x, const Dims& ksize, const Dims& stride, const Dims& pad, bool cover_all) {
    PoolGeometry geometry = MakePoolGeometry("max_pool", x, ksize, stride, pad, cover_all);
    Array out = Empty(geometry.out_shape, x.dtype(), x.device());
    Array indices = Empty(geometry.out_shape, Dtype::kInt64, x.device());
    x.device().CallKernel<MaxPoolKernel>(KernelInput(x), geometry.window, out, indices);
    BackwardBuilder bb{"max_pool", x, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([indices, window = geometry.window, x_shape = x.shape()](BackwardContext& bctx) {
            bctx.input_grad() = MaxPoolGrad(*bctx.output_grad(), indices, window, x_shape);
        });
    }
    bb.Finalize();
    return out;
}

Array AveragePool(
        const Array& x, const Dims& ksize, const Dims& stride, const Dims& pad, AveragePoolPadMode pad_mode) {
    PoolGeometry geometry = MakePoolGeometry("average_pool", x, ksize, stride, pad, false);
    Array xf = internal::CastIfNeeded(x, internal::MathDtype(x.dtype()));
    return AveragePoolForward(xf, geometry.window, pad_mode == AveragePoolPadMode::kZero, geometry.out_shape);
}

}  // namespace chainerx
