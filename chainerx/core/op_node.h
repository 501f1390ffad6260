// The node of an operation in one computational graph, holding the backward functions of that operation.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "chainerx/core/array_node.h"
#include "chainerx/core/backprop_id.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/shape.h"
#include "chainerx/core/small_vector.h"

namespace chainerx {

class BackwardContext;
class Device;

using BackwardFunction = std::function<void(BackwardContext&)>;

namespace internal {

class ArrayBody;

// Everything needed to rebuild an array that was retained for backward, without keeping its body alive.
struct RetainedArray {
    using NodeList = SmallVector<std::weak_ptr<ArrayNode>, 1>;

    // An empty slot (an array that was not retained): data is null.
    RetainedArray() = default;
    // Everything but the nodes, which the caller appends: constructed in place in a retained list.
    RetainedArray(
            const std::shared_ptr<ArrayBody>& body,
            const Shape& shape,
            const Strides& strides,
            Dtype dtype,
            Device* device,
            const std::shared_ptr<void>& data,
            int64_t offset)
        : weak_body{body}, shape{shape}, strides{strides}, dtype{dtype}, device{device}, data{data}, offset{offset} {}

    std::weak_ptr<ArrayBody> weak_body;  // reused while the original array is alive
    // The array's nodes on every graph it was in, so that a rebuilt array stays connected to all of them
    // (an inner graph's backward must produce gradients that outer graphs can differentiate).
    NodeList array_nodes;
    Shape shape;
    Strides strides;
    Dtype dtype;
    Device* device;
    std::shared_ptr<void> data;
    int64_t offset;
};

struct ArrayProps {
    Shape shape;
    Dtype dtype;
    Device* device;
};

class OpNode {
public:
    // One backward function and the input indices it computes gradients for.
    struct BackwardEntry {
        SmallVector<size_t, 4> input_indices;
        BackwardFunction function;
    };

    // Inline capacities fit the common op (see small_vector.h): the node is then a single allocation.
    using InputNodeList = SmallVector<std::shared_ptr<ArrayNode>, 4>;
    using RetainedList = SmallVector<RetainedArray, 2>;
    using RetainedOutputList = SmallVector<RetainedArray, 1>;

    // Note [Retained arrays out of line]
    // What an op retained for its backward, shared by its op nodes on every graph. Kept out of the node: inline,
    // the three RetainedArray slots made an OpNode 1,296 bytes, beyond glibc's thread cache (1,032 bytes), so
    // every op node of a graph took malloc's slow path and copied ~800 bytes on Finalize; ops that retain nothing
    // (sums, views, additions) now carry a null pointer.
    struct Retained {
        RetainedList inputs;  // indexed like the inputs; data is null where not retained
        RetainedOutputList outputs;  // indexed like the outputs
    };

    OpNode(const char* name, const BackpropId& backprop_id, InputNodeList&& input_array_nodes);
    ~OpNode();
    OpNode(const OpNode&) = delete;
    OpNode& operator=(const OpNode&) = delete;

    const std::string& name() const { return name_; }
    const BackpropId& backprop_id() const { return backprop_id_; }
    // Longest distance from a leaf; backward visits op nodes in decreasing rank.
    int64_t rank() const { return rank_; }

    // Null entries are inputs that are not part of this graph.
    const InputNodeList& input_array_nodes() const { return input_array_nodes_; }
    const SmallVector<std::weak_ptr<ArrayNode>, 1>& output_array_nodes() const { return output_array_nodes_; }
    const SmallVector<ArrayProps, 1>& output_array_props() const { return output_array_props_; }
    const SmallVector<BackwardEntry, 2>& backward_entries() const { return backward_entries_; }
    // Empty when the op retained nothing.
    const RetainedList& retained_inputs() const;
    const RetainedOutputList& retained_outputs() const;

    void AddBackwardEntry(BackwardEntry entry) { backward_entries_.push_back(std::move(entry)); }

    // Set while the node waits in a running backward pass's queue (Note [Backward state in graph nodes]).
    bool is_queued() const { return queued_; }
    void set_queued(bool queued) { queued_ = queued; }
    void AddOutput(const std::shared_ptr<ArrayNode>& output_node, ArrayProps props);
    void SetRetained(std::shared_ptr<const Retained> retained) { retained_ = std::move(retained); }

private:
    std::string name_;
    BackpropId backprop_id_;
    int64_t rank_;
    bool queued_{false};
    InputNodeList input_array_nodes_;
    SmallVector<std::weak_ptr<ArrayNode>, 1> output_array_nodes_;
    SmallVector<ArrayProps, 1> output_array_props_;
    SmallVector<BackwardEntry, 2> backward_entries_;
    std::shared_ptr<const Retained> retained_;  // null when nothing is retained
};

}  // namespace internal
}  // namespace chainerx
