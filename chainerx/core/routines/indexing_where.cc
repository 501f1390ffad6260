// Where (selection by a condition) and Nonzero (the coordinates of true elements).
#include "chainerx/core/routines/indexing.h"

#include <algorithm>
#include <cstdint>
#include <sstream>
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

// The shape where's operands broadcast to (a scalar operand is left out).
template <typename... Arrays>
Shape WhereShape(const Array& condition, const Arrays&... operands) {
    try {
        Shape shape = condition.shape();
        ((shape = internal::BroadcastShapes(shape, operands.shape())), ...);
        return shape;
    } catch (const DimensionError&) {
        std::ostringstream shapes;
        shapes << condition.shape();
        ((shapes << ", " << operands.shape()), ...);
        throw DimensionError{"where: operands could not be broadcast together with shapes ", shapes.str()};
    }
}

// The gradient of the operand chosen where the condition equals `chosen_if`: the output gradient there, zero
// elsewhere; computed by Where itself, which makes it differentiable again.
void DefineWhereGrad(BackwardBuilder& bb, size_t input_index, const Array& mask, bool chosen_if);

// condition ? x : s (condition ? s : x when scalar_if_true) in one kernel; x takes the gradient where it is chosen.
Array WhereWithScalar(const Array& condition, const Array& x, Scalar s, bool scalar_if_true) {
    internal::CheckSameDevice("where", condition, x);
    Dtype dtype = ResultType(x, s);
    Shape shape = WhereShape(condition, x);
    Array mask = internal::KernelOperand(condition, Dtype::kBool, shape);
    Array out = Empty(shape, dtype, x.device());
    x.device().CallKernel<WhereScalarKernel>(mask, internal::KernelOperand(x, dtype, shape), s, scalar_if_true, out);
    BackwardBuilder bb{"where", x, out};
    DefineWhereGrad(bb, 0, mask, !scalar_if_true);
    bb.Finalize();
    return out;
}

void DefineWhereGrad(BackwardBuilder& bb, size_t input_index, const Array& mask, bool chosen_if) {
    if (BackwardBuilder::Target bt = bb.CreateTarget(input_index)) {
        bt.Define([mask, chosen_if](BackwardContext& bctx) {
            bctx.input_grad() =
                    internal::ReduceGradToInput(bctx, WhereWithScalar(mask, *bctx.output_grad(), 0, !chosen_if));
        });
    }
}

Array WhereImpl(const Array& condition, const Array& x, const Array& y, Dtype dtype) {
    internal::CheckSameDevice("where", condition, x);
    internal::CheckSameDevice("where", condition, y);
    Shape shape = WhereShape(condition, x, y);
    Array mask = internal::KernelOperand(condition, Dtype::kBool, shape);
    Array out = Empty(shape, dtype, x.device());
    x.device().CallKernel<WhereKernel>(
            mask, internal::KernelOperand(x, dtype, shape), internal::KernelOperand(y, dtype, shape), out);
    BackwardBuilder bb{"where", {x, y}, {out}};
    DefineWhereGrad(bb, 0, mask, true);
    DefineWhereGrad(bb, 1, mask, false);
    bb.Finalize();
    return out;
}

}  // namespace

Array Where(const Array& condition, const Array& x, const Array& y) {
    return WhereImpl(condition, x, y, ResultType(x, y));
}

Array Where(const Array& condition, const Array& x, Scalar y) { return WhereWithScalar(condition, x, y, false); }

Array Where(const Array& condition, Scalar x, const Array& y) { return WhereWithScalar(condition, y, x, true); }

Array Where(const Array& condition, Scalar x, Scalar y) {
    // Both scalars in the kernel, in their common dtype; nothing to differentiate.
    Dtype dtype = GetDefaultDtype(std::max(x.kind(), y.kind()));
    Array out = Empty(condition.shape(), dtype, condition.device());
    condition.device().CallKernel<WhereScalarsKernel>(
            internal::KernelOperand(condition, Dtype::kBool, condition.shape()), x, y, out);
    return out;
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
