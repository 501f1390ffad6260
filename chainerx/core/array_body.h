// The storage-level body of an array: metadata, a reference to device memory, and graph membership.
//
// An Array (array.h) is a handle holding a shared_ptr to its body; the Python ndarray object wraps the body
// directly, so the same body always maps to the same Python object (that is how `a.grad is a.grad` holds).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "chainerx/core/backprop_id.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/shape.h"
#include "chainerx/core/small_vector.h"

namespace chainerx {

class Device;

namespace internal {

class ArrayNode;

class ArrayBody {
public:
    // The array's membership in one graph: its node there, whether a gradient is required (a leaf made by
    // RequireGrad or an intermediate marked for retention), and the gradient, if any.
    struct GraphEntry {
        BackpropId backprop_id;
        std::shared_ptr<ArrayNode> node;
        std::shared_ptr<ArrayBody> grad;
        bool grad_required;
    };

    ArrayBody(const Shape& shape, const Strides& strides, Dtype dtype, Device& device, std::shared_ptr<void> data,
              int64_t offset)
        : shape_{shape}, strides_{strides}, dtype_{dtype}, device_{&device}, data_{std::move(data)}, offset_{offset} {}
    ~ArrayBody();
    ArrayBody(const ArrayBody&) = delete;

    // Every body is made here (one allocation with its control block; seen by ArrayBodyLeakTracker).
    static std::shared_ptr<ArrayBody> Create(
            const Shape& shape, const Strides& strides, Dtype dtype, Device& device, std::shared_ptr<void> data, int64_t offset);
    ArrayBody& operator=(const ArrayBody&) = delete;

    const Shape& shape() const { return shape_; }
    const Strides& strides() const { return strides_; }
    Dtype dtype() const { return dtype_; }
    Device& device() const { return *device_; }
    const std::shared_ptr<void>& data() const { return data_; }
    int64_t offset() const { return offset_; }
    int8_t ndim() const { return shape_.ndim(); }
    int64_t GetTotalSize() const { return shape_.GetTotalSize(); }
    int64_t GetItemSize() const { return chainerx::GetItemSize(dtype_); }

    // One entry inline: an array is rarely in more than one graph, and then needs no allocation for it.
    using GraphEntryList = SmallVector<GraphEntry, 1>;

    const GraphEntryList& graph_entries() const { return graph_entries_; }
    bool HasAnyGraph() const { return !graph_entries_.empty(); }
    // The entry for a graph, or nullptr when the array is not in that graph.
    GraphEntry* FindGraphEntry(const BackpropId& backprop_id);
    const GraphEntry* FindGraphEntry(const BackpropId& backprop_id) const;
    // The node of the body in a graph, created (as a leaf) if missing.
    static const std::shared_ptr<ArrayNode>& GetOrCreateArrayNode(
            const std::shared_ptr<ArrayBody>& body, const BackpropId& backprop_id);
    // Makes an existing node (whose body died) the node of `body` in the node's graph.
    static void AttachArrayNode(const std::shared_ptr<ArrayBody>& body, const std::shared_ptr<ArrayNode>& node);
    // Removes the array from a graph (or all graphs), keeping its data.
    void ClearGraph(const BackpropId& backprop_id);
    void ClearAllGraphs() { graph_entries_.clear(); }

    // Note [Binding object of a body]
    // The object a language binding made for this body (the Python ndarray, which owns a reference to the
    // body), or null when there is none. The binding sets it when it wraps the body and clears it when that
    // object dies, so that returning the same body again returns the same object without a search of a global
    // registry (PyTorch's TensorImpl keeps its PyObject the same way). Core never reads it.
    void* binding_object() const { return binding_object_; }
    void set_binding_object(void* object) { binding_object_ = object; }

private:
    Shape shape_;
    Strides strides_;
    Dtype dtype_;
    Device* device_;
    std::shared_ptr<void> data_;
    int64_t offset_;
    GraphEntryList graph_entries_;
    void* binding_object_{nullptr};
};

// Metadata and the first graph entry are inline (no heap) so that an array costs one allocation, even when it
// requires grad; keep the body within 5 cache lines.
static_assert(sizeof(ArrayBody) <= 320, "ArrayBody grew beyond its size budget");

}  // namespace internal
}  // namespace chainerx
