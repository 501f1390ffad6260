// PadConstant (declared in manipulation.h).
#include <cstdint>
#include <utility>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/array_index.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/manipulation.h"

namespace chainerx {

Array PadConstant(const Array& x, const std::vector<std::pair<int64_t, int64_t>>& pad_width, Scalar value) {
    if (pad_width.size() != static_cast<size_t>(x.ndim())) {
        throw DimensionError{"pad: pad_width must have one (before, after) pair per axis (", x.ndim(), "), got ",
                             pad_width.size()};
    }
    Shape out_shape;
    std::vector<ArrayIndex> middle;  // of the output: where x lies
    for (int8_t d = 0; d < x.ndim(); ++d) {
        const auto [before, after] = pad_width[d];
        int64_t size{};
        if (before < 0 || after < 0 || __builtin_add_overflow(x.shape()[d], before, &size) ||
            __builtin_add_overflow(size, after, &size)) {
            throw DimensionError{"pad: widths must be non-negative and the padded sizes fit int64, got (", before,
                                 ", ", after, ") for axis ", static_cast<int>(d), " of size ", x.shape()[d]};
        }
        out_shape.push_back(size);
        middle.emplace_back(Slice{before, before + x.shape()[d]});
    }
    Array out = Full(out_shape, value, x.dtype(), x.device());
    Array out_middle = out;
    for (int8_t d = 0; d < x.ndim(); ++d) {
        out_middle = internal::AxisRangeView(out_middle, d, pad_width[d].first, pad_width[d].first + x.shape()[d]);
    }
    x.device().CallKernel<CopyKernel>(x, out_middle);
    BackwardBuilder bb{"pad", x, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([middle = std::move(middle)](BackwardContext& bctx) {
            bctx.input_grad() = bctx.output_grad()->At(middle);
        });
    }
    bb.Finalize();
    return out;
}

}  // namespace chainerx
