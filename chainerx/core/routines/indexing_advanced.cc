// Advanced indexing (integer and bool array keys), reading and writing, on top of basic indexing and the
// gather / scatter kernels.
#include "chainerx/core/routines/indexing.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/arithmetic.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/kernels/indexing.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/type_util.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace {

// A key split into its basic part and its index arrays. Each index array (integers included; a bool array
// expanded into one coordinate array per axis it spans) is replaced by a full slice in `basic`, and
// `view_axes` records which axis of At(a, basic) it indexes.
struct SplitKey {
    std::vector<ArrayIndex> basic;
    std::vector<Array> arrays;
    std::vector<int8_t> view_axes;
    std::vector<Array> masks;  // bool arrays, kept to check their shapes against the axes they index
    std::vector<int8_t> mask_axes;
};

int8_t CountConsumedAxes(const std::vector<IndexItem>& key) {
    int consumed = 0;
    for (const IndexItem& item : key) {
        if (const Array* array = std::get_if<Array>(&item)) {
            consumed += array->dtype() == Dtype::kBool ? array->ndim() : 1;
        } else if (std::get<ArrayIndex>(item).IsIndex() || std::get<ArrayIndex>(item).IsSlice()) {
            ++consumed;
        }
    }
    return static_cast<int8_t>(consumed);
}

void AddArray(const Array& array, int8_t& view_axis, SplitKey& split) {
    if (array.dtype() != Dtype::kBool) {
        split.basic.emplace_back(Slice{});
        split.arrays.push_back(array);
        split.view_axes.push_back(view_axis++);
        return;
    }
    if (array.ndim() == 0) {
        throw NotImplementedError{"indexing with a 0-d bool array is not supported natively"};
    }
    split.masks.push_back(array);
    split.mask_axes.push_back(view_axis);
    for (const Array& coords : Nonzero(array)) {
        split.basic.emplace_back(Slice{});
        split.arrays.push_back(coords);
        split.view_axes.push_back(view_axis++);
    }
}

SplitKey Split(const Array& a, const std::vector<IndexItem>& key) {
    SplitKey split;
    int8_t view_axis = 0;
    const int8_t ellipsis_axes = a.ndim() - CountConsumedAxes(key);
    for (const IndexItem& item : key) {
        if (const Array* array = std::get_if<Array>(&item)) {
            AddArray(*array, view_axis, split);
            continue;
        }
        const ArrayIndex& index = std::get<ArrayIndex>(item);
        if (index.IsIndex()) {  // an integer beside index arrays is a 0-d index array (NumPy's rule)
            AddArray(Full(Shape{}, index.index(), Dtype::kInt64, a.device()), view_axis, split);
            continue;
        }
        split.basic.push_back(index);
        view_axis += index.IsEllipsis() ? (ellipsis_axes > 0 ? ellipsis_axes : 0) : 1;
    }
    return split;
}

// The gather arguments of an advanced key: the array to gather from (the basic view, with the indexed axes
// moved to the front when the index arrays are not adjacent in the key), the normalised index arrays and the
// first indexed axis. With record_graph, the view is made by differentiable routines.
struct GatherPlan {
    Array source;
    std::vector<Array> indices;
    int8_t axis;
};

Shape BroadcastIndexShape(const std::vector<Array>& arrays) {
    Shape shape = arrays.front().shape();
    for (const Array& array : arrays) {
        try {
            shape = internal::BroadcastShapes(shape, array.shape());
        } catch (const DimensionError&) {
            throw IndexError{"shape mismatch: indexing arrays could not be broadcast together with shapes ", shape,
                             " and ", array.shape()};
        }
    }
    return shape;
}

Array MoveAxesToFront(const Array& view, const std::vector<int8_t>& axes, bool record_graph) {
    Axes perm{axes.begin(), axes.end()};
    for (int8_t i = 0; i < view.ndim(); ++i) {
        if (std::find(axes.begin(), axes.end(), i) == axes.end()) {
            perm.push_back(i);
        }
    }
    if (record_graph) {
        return Transpose(view, perm);
    }
    Shape shape;
    Strides strides;
    for (int8_t i : perm) {
        shape.push_back(view.shape()[i]);
        strides.push_back(view.strides()[i]);
    }
    return internal::StridedView(view, shape, strides);
}

GatherPlan PlanGather(const Array& a, const std::vector<IndexItem>& key, bool record_graph) {
    SplitKey split = Split(a, key);
    Array view = internal::AtView(a, split.basic);
    // A basic part that selects all of `a` (as in table[indices]) gathers from `a` itself: an At node per call
    // would receive a full-size gradient of its own, where the gather's gradient can be scattered in place into
    // the one of `a` (Note [Gradients added in place]).
    bool whole = view.shape() == a.shape() && view.strides() == a.strides() && view.offset() == a.offset();
    if (whole) {
        view = a;
    } else if (record_graph) {
        view = At(a, split.basic);
    }
    for (size_t k = 0; k < split.masks.size(); ++k) {
        const Shape& mask_shape = split.masks[k].shape();
        for (int8_t d = 0; d < mask_shape.ndim(); ++d) {
            if (mask_shape[d] != view.shape()[split.mask_axes[k] + d]) {
                throw IndexError{"boolean index did not match indexed array along axis ", int{split.mask_axes[k] + d},
                                 "; size of axis is ", view.shape()[split.mask_axes[k] + d],
                                 " but size of boolean index is ", mask_shape[d]};
            }
        }
    }
    Shape index_shape = BroadcastIndexShape(split.arrays);
    GatherPlan plan{view, {}, split.view_axes.front()};
    bool adjacent = true;
    for (size_t k = 0; k < split.arrays.size(); ++k) {
        const Array& array = split.arrays[k];
        internal::CheckSameDevice("advanced indexing", a, array);
        if (GetKind(array.dtype()) == DtypeKind::kFloat) {
            throw IndexError{"arrays used as indices must be of integer (or boolean) type, got ", array.dtype()};
        }
        plan.indices.push_back(internal::NormalizeIndices(
                "advanced indexing",
                internal::BroadcastView(array, index_shape),
                view.shape()[split.view_axes[k]],
                IndexBoundsMode::kDefault));  // NumPy's IndexError on native; wrapping on CUDA, as CuPy's
        adjacent = adjacent && (k == 0 || split.view_axes[k] == split.view_axes[k - 1] + 1);
    }
    if (!adjacent) {
        plan.source = MoveAxesToFront(view, split.view_axes, record_graph);
        plan.axis = 0;
    }
    return plan;
}

// The shape of a[key] for a key planned by PlanGather: the source's axes before the indexed ones, the index
// shape, then the axes after them.
Shape GatheredShape(const GatherPlan& plan) {
    const Shape& source = plan.source.shape();
    Shape shape{source.begin(), source.begin() + plan.axis};
    for (int64_t dim : plan.indices.front().shape()) {
        shape.push_back(dim);
    }
    for (auto i = static_cast<int8_t>(plan.axis + plan.indices.size()); i < plan.source.ndim(); ++i) {
        shape.push_back(source[i]);
    }
    return shape;
}

std::vector<ArrayIndex> BasicItems(const std::vector<IndexItem>& key) {
    std::vector<ArrayIndex> basic;
    for (const IndexItem& item : key) {
        if (std::holds_alternative<ArrayIndex>(item)) {
            basic.push_back(std::get<ArrayIndex>(item));
        }
    }
    return basic;
}

}  // namespace

Array AtAdvanced(const Array& a, const std::vector<IndexItem>& key) {
    std::vector<ArrayIndex> basic;
    for (const IndexItem& item : key) {
        if (!std::holds_alternative<ArrayIndex>(item)) {
            GatherPlan plan = PlanGather(a, key, true);
            return internal::Gather(plan.source, plan.indices, plan.axis);
        }
        basic.push_back(std::get<ArrayIndex>(item));
    }
    return At(a, basic);
}

namespace internal {

void SetItemAdvanced(const Array& a, const std::vector<IndexItem>& key, const Array& value) {
    CheckInplaceAllowed("__setitem__", a);
    std::vector<ArrayIndex> basic = BasicItems(key);
    // A key of basic items only (possible when called directly) writes through the view a[key].
    std::optional<GatherPlan> plan;
    std::optional<Array> view;
    Shape shape;  // the shape of a[key], which the value broadcasts to
    if (basic.size() == key.size()) {
        view = AtView(a, basic);
        shape = view->shape();
    } else {
        plan = PlanGather(a, key, false);
        shape = GatheredShape(*plan);
    }
    Array src = value;
    {
        NoBackpropModeScope no_backprop{a.device().context()};
        src = value.AsGradStopped();
        if (&src.device() != &a.device()) {
            src = src.ToDevice(a.device());
        }
        // A value sharing a's memory (a[[0, 1]] = a[[1, 0]] through views) is read from a copy.
        if (src.data() == a.data() || src.dtype() != a.dtype()) {
            src = src.AsType(a.dtype(), true);
        }
    }
    if (src.shape() != shape && BroadcastShapes(src.shape(), shape) != shape) {
        throw DimensionError{"could not broadcast an array of shape ", src.shape(), " into shape ", shape};
    }
    if (view.has_value()) {
        a.device().CallKernel<CopyKernel>(BroadcastView(src, shape), *view);
        return;
    }
    a.device().CallKernel<ScatterKernel>(BroadcastView(src, shape), plan->indices, plan->axis, false, plan->source);
}

Array AddAt(const Array& a, const std::vector<IndexItem>& key, const Array& b) {
    CheckSameDevice("scatter_add", a, b);
    if (a.dtype() != b.dtype()) {
        throw DtypeError{"scatter_add: a and b must have one dtype, got ", a.dtype(), " and ", b.dtype()};
    }
    Array out = a.AsGradStopped(CopyKind::kCopy);
    Array values = b.AsGradStopped();
    std::vector<ArrayIndex> basic = BasicItems(key);
    auto check_shape = [&b](const Shape& shape) {
        if (b.shape() != shape) {
            throw DimensionError{"scatter_add: b must have the shape of a[key], ", shape, ", got ", b.shape()};
        }
    };
    if (basic.size() == key.size()) {
        Array view = AtView(out, basic);
        check_shape(view.shape());
        out.device().CallKernel<AddKernel>(view, values, view);
    } else {
        GatherPlan plan = PlanGather(out, key, false);
        check_shape(GatheredShape(plan));
        out.device().CallKernel<ScatterKernel>(values, plan.indices, plan.axis, true, plan.source);
    }
    BackwardBuilder bb{"scatter_add", {a, b}, {out}};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([](BackwardContext& bctx) { bctx.input_grad() = *bctx.output_grad(); });
    }
    if (BackwardBuilder::Target bt = bb.CreateTarget(1)) {
        bt.Define([key](BackwardContext& bctx) { bctx.input_grad() = AtAdvanced(*bctx.output_grad(), key); });
    }
    bb.Finalize();
    return out;
}

}  // namespace internal
}  // namespace chainerx
