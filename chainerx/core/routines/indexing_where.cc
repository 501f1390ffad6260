// Where (selection by a condition) and Nonzero (the coordinates of true elements).
#include "chainerx/core/routines/indexing.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/indexing.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/elementwise.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace {

Shape WhereShape(const Array& condition, const Array& x, const Array& y) {
    try {
        return internal::BroadcastShapes(internal::BroadcastShapes(condition.shape(), x.shape()), y.shape());
    } catch (const DimensionError&) {
        throw DimensionError{"where: operands could not be broadcast together with shapes ", condition.shape(), ", ",
                             x.shape(), " and ", y.shape()};
    }
}

// The forward and backward of every overload; scalars arrive as 0-d arrays, which never require grad.
Array WhereImpl(const Array& condition, const Array& x, const Array& y, Dtype dtype) {
    internal::CheckSameDevice("where", condition, x);
    internal::CheckSameDevice("where", condition, y);
    Shape shape = WhereShape(condition, x, y);
    Array mask = internal::KernelOperand(condition, Dtype::kBool, shape);
    Array out = Empty(shape, dtype, x.device());
    x.device().CallKernel<WhereKernel>(
            mask, internal::KernelOperand(x, dtype, shape), internal::KernelOperand(y, dtype, shape), out);
    BackwardBuilder bb{"where", {x, y}, {out}};
    // The gradient of x is the output gradient where the condition holds (and of y where it does not), zero
    // elsewhere; computed by Where itself, which makes it differentiable again.
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([mask](BackwardContext& bctx) {
            bctx.input_grad() = internal::ReduceGradToInput(bctx, Where(mask, *bctx.output_grad(), Scalar{0}));
        });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bt.Define([mask](BackwardContext& bctx) {
            bctx.input_grad() = internal::ReduceGradToInput(bctx, Where(mask, Scalar{0}, *bctx.output_grad()));
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace

Array Where(const Array& condition, const Array& x, const Array& y) {
    return WhereImpl(condition, x, y, ResultType(x, y));
}

Array Where(const Array& condition, const Array& x, Scalar y) {
    Dtype dtype = ResultType(x, y);
    return WhereImpl(condition, x, internal::ScalarArray(y, dtype, x.device()), dtype);
}

Array Where(const Array& condition, Scalar x, const Array& y) {
    Dtype dtype = ResultType(y, x);
    return WhereImpl(condition, internal::ScalarArray(x, dtype, y.device()), y, dtype);
}

Array Where(const Array& condition, Scalar x, Scalar y) {
    Dtype dtype = GetDefaultDtype(std::max(x.kind(), y.kind()));
    Device& device = condition.device();
    Array x_array = internal::ScalarArray(x, dtype, device);
    return WhereImpl(condition, x_array, internal::ScalarArray(y, dtype, device), dtype);
}

std::vector<Array> Nonzero(const Array& a) {
    if (a.ndim() == 0) {
        throw DimensionError{"nonzero: not defined for 0-d arrays; use a 1-d array of one element instead"};
    }
    int64_t count = CountNonzero(a).AsScalar().As<int64_t>();
    Array coords = Empty(Shape{a.ndim(), count}, Dtype::kInt64, a.device());
    a.device().CallKernel<NonzeroKernel>(a, coords);
    std::vector<Array> out;
    for (int8_t d = 0; d < a.ndim(); ++d) {
        out.push_back(internal::AtView(coords, {int64_t{d}}));
    }
    return out;
}

}  // namespace chainerx
