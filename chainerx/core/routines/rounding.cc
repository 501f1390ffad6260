#include "chainerx/core/routines/rounding.h"

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/kernels/rounding.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/elementwise.h"

namespace chainerx {
namespace {

// Records a backward that gives x a zero gradient. Nothing is retained: the zeros depend only on x's shape,
// dtype and device, so they do not connect to the graph and their own gradient is zero as well.
void DefineZeroGrad(const char* op, const Array& x, const Array& out) {
    BackwardBuilder bb{op, x, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([shape = x.shape(), dtype = x.dtype(), &device = x.device()](BackwardContext& bctx) {
            bctx.input_grad() = Zeros(shape, dtype, device);
        });
    }
    bb.Finalize();
}

}  // namespace

Array Ceil(const Array& x) {
    Array out = internal::MathUnaryForward<CeilKernel>(x);
    DefineZeroGrad("ceil", x, out);
    return out;
}

Array Floor(const Array& x) {
    Array out = internal::MathUnaryForward<FloorKernel>(x);
    DefineZeroGrad("floor", x, out);
    return out;
}

}  // namespace chainerx
