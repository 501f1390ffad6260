#include "chainerx/core/routines/elementwise.h"

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/reduction.h"

namespace chainerx {
namespace internal {

Array KernelOperand(const Array& x, Dtype dtype, const Shape& shape) {
    // The common case returns a single copy of the handle: each copy of a shared_ptr is an atomic increment and
    // decrement, which cost more than the rest of this function.
    if (x.dtype() == dtype) {
        if (x.shape() == shape) {
            return x;
        }
        return BroadcastView(x, shape);
    }
    Array cast = [&x, dtype] {
        NoBackpropModeScope no_backprop{x.device().context()};
        return x.AsType(dtype);
    }();
    return x.shape() == shape ? cast : BroadcastView(cast, shape);
}

Array ReduceGrad(Array grad, const Shape& shape, Dtype dtype) {
    if (grad.shape() == shape && grad.dtype() == dtype) {
        return grad;
    }
    return CastIfNeeded(SumTo(grad, shape), dtype);
}

Shape BinaryResultShape(const char* op, const Array& x1, const Array& x2) {
    if (x1.shape() == x2.shape()) {
        return x1.shape();
    }
    try {
        return BroadcastShapes(x1.shape(), x2.shape());
    } catch (const DimensionError&) {
        throw DimensionError{op, ": operands could not be broadcast together with shapes ", x1.shape(), " and ",
                             x2.shape()};
    }
}

void CheckInplaceBinary(const char* op, const Array& out, const Array& x) {
    CheckInplaceAllowed(op, out);
    CheckSameDevice(op, out, x);
    // See arithmetic.h: x is cast to out's dtype, unless that would drop its kind.
    if (IsFloatingPoint(x.dtype()) && !IsFloatingPoint(out.dtype())) {
        throw DtypeError{op, ": cannot write a float operand (", x.dtype(), ") into an array of dtype ", out.dtype()};
    }
    if (out.dtype() == Dtype::kBool && x.dtype() != Dtype::kBool) {
        throw DtypeError{op, ": cannot write a ", x.dtype(), " operand into a bool array"};
    }
    if (out.shape() != x.shape() && BroadcastShapes(out.shape(), x.shape()) != out.shape()) {
        throw DimensionError{op, ": cannot broadcast ", x.shape(), " into the output shape ", out.shape()};
    }
}

}  // namespace internal
}  // namespace chainerx
