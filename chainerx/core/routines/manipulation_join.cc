// Joining, splitting and repeating arrays. Concatenate and Split are each other's backward; Stack, the *stack
// and *split variants and Repeat are compositions of them and of view routines.
#include "chainerx/core/routines/manipulation.h"

#include <algorithm>
#include <iterator>
#include <utility>
#include <vector>

#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/kernels/manipulation.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {
namespace {

// [start, stop) of each part along the split axis.
using Ranges = std::vector<std::pair<int64_t, int64_t>>;

// The shape of the concatenation of `arrays` along `axis`; throws DimensionError or DeviceError when the arrays
// cannot be joined.
Shape ConcatenatedShape(const std::vector<Array>& arrays, int8_t axis) {
    const Array& first = arrays.front();
    Shape shape = first.shape();
    shape[axis] = 0;
    for (const Array& a : arrays) {
        internal::CheckSameDevice("concatenate", first, a);
        if (a.ndim() != first.ndim()) {
            throw DimensionError{"concatenate: all arrays must have the same number of dimensions, got shapes ",
                                 first.shape(), " and ", a.shape()};
        }
        for (int8_t i = 0; i < a.ndim(); ++i) {
            if (i != axis && a.shape()[i] != first.shape()[i]) {
                throw DimensionError{"concatenate: shapes ", first.shape(), " and ", a.shape(),
                                     " differ outside axis ", int{axis}};
            }
        }
        shape[axis] += a.shape()[axis];
    }
    return shape;
}

// Whether the ranges tile [0, dim) in order, so that the parts' gradients simply concatenate.
bool IsTiling(const Ranges& ranges, int64_t dim) {
    int64_t next = 0;
    for (const auto& [start, stop] : ranges) {
        if (start != next) {
            return false;
        }
        next = stop;
    }
    return next == dim;
}

// The gradient of `ary` from the gradients of its parts: concatenated when the parts tile the axis; otherwise
// (overlapping or skipped ranges from unordered indices) each part is padded with zeros and the results summed.
Array GatherSplitGrads(BackwardContext& bctx, const Ranges& ranges, const Shape& shape, int8_t axis) {
    std::vector<Array> grads;
    for (size_t i = 0; i < ranges.size(); ++i) {
        grads.push_back(*bctx.output_grad(i));
    }
    if (IsTiling(ranges, shape[axis])) {
        return Concatenate(grads, axis);
    }
    Array total = Zeros(shape, grads.front().dtype(), grads.front().device());
    for (size_t i = 0; i < ranges.size(); ++i) {
        Shape before = shape;
        before[axis] = ranges[i].first;
        Shape after = shape;
        after[axis] = shape[axis] - ranges[i].second;
        Device& device = grads[i].device();
        total = total + Concatenate({Zeros(before, grads[i].dtype(), device), grads[i],
                                     Zeros(after, grads[i].dtype(), device)},
                                    axis);
    }
    return total;
}

// Views of `ary` for `ranges` of `axis` (normalized), recorded as one op whose backward gathers the gradients.
std::vector<Array> SplitRanges(const Array& ary, const Ranges& ranges, int8_t axis) {
    std::vector<Array> outs;
    for (const auto& [start, stop] : ranges) {
        outs.push_back(internal::AxisRangeView(ary, axis, start, stop));
    }
    BackwardBuilder bb{"split", {ary}, std::vector<ConstArrayRef>(outs.begin(), outs.end())};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([ranges, shape = ary.shape(), axis](BackwardContext& bctx) {
            bctx.input_grad() = GatherSplitGrads(bctx, ranges, shape, axis);
        });
    }
    bb.Finalize();
    return outs;
}

int8_t SplitAxis(const Array& ary, int8_t axis) {
    if (ary.ndim() == 0) {
        throw DimensionError{"split: a 0-d array cannot be split"};
    }
    return internal::NormalizeAxis(axis, ary.ndim());
}

// Throws DimensionError unless `ary` has at least `min_ndim` dimensions.
void CheckSplitNdim(const char* op, const Array& ary, int8_t min_ndim) {
    if (ary.ndim() < min_ndim) {
        throw DimensionError{
                op, " only works on arrays of ", int{min_ndim}, " or more dimensions, not ", int{ary.ndim()}};
    }
}

}  // namespace

Array Concatenate(const std::vector<Array>& arrays, std::optional<int8_t> axis) {
    if (arrays.empty()) {
        throw DimensionError{"concatenate: at least one array is needed"};
    }
    if (!axis.has_value()) {
        std::vector<Array> flat;
        std::transform(arrays.begin(), arrays.end(), std::back_inserter(flat), [](const Array& a) { return Ravel(a); });
        return Concatenate(flat, 0);
    }
    if (arrays.front().ndim() == 0) {
        throw DimensionError{"concatenate: zero-dimensional arrays cannot be concatenated"};
    }
    int8_t ax = internal::NormalizeAxis(*axis, arrays.front().ndim());
    Shape shape = ConcatenatedShape(arrays, ax);
    Dtype dtype = arrays.front().dtype();
    std::vector<Dtype> dtypes;
    std::vector<int64_t> boundaries;  // where each input but the first starts
    for (const Array& a : arrays) {
        dtype = PromoteTypes(dtype, a.dtype());
        dtypes.push_back(a.dtype());
        boundaries.push_back((boundaries.empty() ? 0 : boundaries.back()) + a.shape()[ax]);
    }
    boundaries.pop_back();
    Array out = Empty(shape, dtype, arrays.front().device());
    out.device().CallKernel<ConcatenateKernel>(arrays, ax, out);
    BackwardBuilder bb{"concatenate", std::vector<ConstArrayRef>(arrays.begin(), arrays.end()), {out}};
    if (BackwardBuilder::Target bt = bb.CreateTarget()) {
        bt.Define([ax, dtypes = std::move(dtypes), boundaries = std::move(boundaries)](BackwardContext& bctx) {
            std::vector<Array> parts = Split(*bctx.output_grad(), boundaries, ax);
            for (size_t k = 0; k < parts.size(); ++k) {
                if (bctx.is_input_grad_required(k)) {
                    bctx.input_grad(k) = parts[k].AsType(dtypes[k], false);
                }
            }
        });
    }
    bb.Finalize();
    return out;
}

void GenericConcatenateKernel::Call(const std::vector<Array>& parts, int8_t axis, const Array& out) {
    int64_t start = 0;
    for (const Array& part : parts) {
        Array range = internal::AxisRangeView(out, axis, start, start + part.shape()[axis]);
        if (part.dtype() == out.dtype()) {
            out.device().CallKernel<CopyKernel>(part, range);
        } else {
            out.device().CallKernel<AsTypeKernel>(part, range);
        }
        start += part.shape()[axis];
    }
}

Array Stack(const std::vector<Array>& arrays, int8_t axis) {
    if (arrays.empty()) {
        throw DimensionError{"stack: at least one array is needed"};
    }
    int8_t ax = internal::NormalizeAxis(axis, arrays.front().ndim() + 1);
    std::vector<Array> expanded;
    for (const Array& a : arrays) {
        if (a.shape() != arrays.front().shape()) {
            throw DimensionError{"stack: all arrays must have the same shape, got ", arrays.front().shape(), " and ",
                                 a.shape()};
        }
        expanded.push_back(ExpandDims(a, ax));
    }
    return Concatenate(expanded, ax);
}

Array Hstack(const std::vector<Array>& arrays) {
    if (arrays.empty()) {
        throw DimensionError{"hstack: at least one array is needed"};
    }
    std::vector<Array> at_least_1d;
    for (const Array& a : arrays) {
        at_least_1d.push_back(a.ndim() == 0 ? Reshape(a, {1}) : a);
    }
    return Concatenate(at_least_1d, at_least_1d.front().ndim() == 1 ? 0 : 1);
}

Array Vstack(const std::vector<Array>& arrays) {
    std::vector<Array> at_least_2d;
    std::transform(arrays.begin(), arrays.end(), std::back_inserter(at_least_2d), AtLeast2D);
    return Concatenate(at_least_2d, 0);
}

Array Dstack(const std::vector<Array>& arrays) {
    std::vector<Array> at_least_3d;
    std::transform(arrays.begin(), arrays.end(), std::back_inserter(at_least_3d), AtLeast3D);
    return Concatenate(at_least_3d, 2);
}

std::vector<Array> Split(const Array& ary, int64_t sections, int8_t axis) {
    int8_t ax = SplitAxis(ary, axis);
    int64_t dim = ary.shape()[ax];
    if (sections < 1) {
        throw DimensionError{"split: the number of sections must be positive, not ", sections};
    }
    if (dim % sections != 0) {
        throw DimensionError{"split: ", sections, " sections do not divide axis ", int{ax}, " of size ", dim};
    }
    int64_t size = dim / sections;
    Ranges ranges;
    for (int64_t i = 0; i < sections; ++i) {
        ranges.emplace_back(i * size, (i + 1) * size);
    }
    return SplitRanges(ary, ranges, ax);
}

std::vector<Array> Split(const Array& ary, const std::vector<int64_t>& indices, int8_t axis) {
    int8_t ax = SplitAxis(ary, axis);
    int64_t dim = ary.shape()[ax];
    // Python slice semantics: negative indices count from the end, all are clipped to [0, dim].
    auto clip = [dim](int64_t index) { return std::clamp(index < 0 ? index + dim : index, int64_t{0}, dim); };
    Ranges ranges;
    int64_t start = 0;
    for (size_t i = 0; i <= indices.size(); ++i) {
        int64_t stop = i < indices.size() ? clip(indices[i]) : dim;
        ranges.emplace_back(start, std::max(start, stop));
        start = stop;
    }
    return SplitRanges(ary, ranges, ax);
}

std::vector<Array> Hsplit(const Array& ary, int64_t sections) {
    CheckSplitNdim("hsplit", ary, 1);
    return Split(ary, sections, ary.ndim() == 1 ? 0 : 1);
}
std::vector<Array> Hsplit(const Array& ary, const std::vector<int64_t>& indices) {
    CheckSplitNdim("hsplit", ary, 1);
    return Split(ary, indices, ary.ndim() == 1 ? 0 : 1);
}
std::vector<Array> Vsplit(const Array& ary, int64_t sections) {
    CheckSplitNdim("vsplit", ary, 2);
    return Split(ary, sections, 0);
}
std::vector<Array> Vsplit(const Array& ary, const std::vector<int64_t>& indices) {
    CheckSplitNdim("vsplit", ary, 2);
    return Split(ary, indices, 0);
}
std::vector<Array> Dsplit(const Array& ary, int64_t sections) {
    CheckSplitNdim("dsplit", ary, 3);
    return Split(ary, sections, 2);
}
std::vector<Array> Dsplit(const Array& ary, const std::vector<int64_t>& indices) {
    CheckSplitNdim("dsplit", ary, 3);
    return Split(ary, indices, 2);
}

// Each element is broadcast along a new axis after `axis`, which the reshape then merges into `axis` (a copy,
// since the new axis has stride 0); backward is the reshape back and the broadcast's sum.
Array Repeat(const Array& a, int64_t repeats, std::optional<int8_t> axis) {
    if (!axis.has_value()) {
        return Repeat(Ravel(a), repeats, 0);
    }
    if (repeats < 0) {
        throw DimensionError{"repeat: repeats must not be negative, got ", repeats};
    }
    if (repeats == 1) {
        return Copy(a);  // a new C-contiguous array, as for any other count
    }
    int8_t ax = internal::NormalizeAxis(*axis, a.ndim());
    Shape broadcast_shape = a.shape();
    broadcast_shape.insert(broadcast_shape.begin() + ax + 1, repeats);
    Shape out_shape = a.shape();
    if (__builtin_mul_overflow(out_shape[ax], repeats, &out_shape[ax])) {
        throw DimensionError{
                "repeat: ", repeats, " repeats of axis ", int{ax}, " of shape ", a.shape(), " are too many"};
    }
    return Reshape(BroadcastTo(ExpandDims(a, static_cast<int8_t>(ax + 1)), broadcast_shape), out_shape);
}

// Per-element counts: the axis is split into its elements, each repeated, and the results concatenated. This
// costs a few ops per element, which is fine for the short count lists this form is used with.
Array Repeat(const Array& a, const std::vector<int64_t>& repeats, std::optional<int8_t> axis) {
    if (!axis.has_value()) {
        return Repeat(Ravel(a), repeats, 0);
    }
    int8_t ax = internal::NormalizeAxis(*axis, a.ndim());
    if (repeats.size() == 1) {
        return Repeat(a, repeats.front(), ax);
    }
    if (static_cast<int64_t>(repeats.size()) != a.shape()[ax]) {
        throw DimensionError{"repeat: ", repeats.size(), " counts given for axis ", int{ax}, " of size ",
                             a.shape()[ax]};
    }
    if (std::all_of(repeats.begin(), repeats.end(), [&repeats](int64_t r) { return r == repeats.front(); })) {
        return Repeat(a, repeats.empty() ? 0 : repeats.front(), ax);
    }
    std::vector<Array> elements = Split(a, a.shape()[ax], ax);
    std::vector<Array> parts;
    for (size_t i = 0; i < elements.size(); ++i) {
        parts.push_back(Repeat(elements[i], repeats[i], ax));
    }
    return Concatenate(parts, ax);
}

}  // namespace chainerx
