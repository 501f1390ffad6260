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

namespace chainerx {

class BackwardContext;
class Device;

using BackwardFunction = std::function<void(BackwardContext&)>;

namespace internal {

class ArrayBody;

// Everything needed to rebuild an array that was retained for backward, without keeping its body alive.
struct RetainedArray {
    std::weak_ptr<ArrayBody> weak_body;  // reused while the original array is alive
    // The array's nodes on every graph it was in, so that a rebuilt array stays connected to all of them
    // (an inner graph's backward must produce gradients that outer graphs can differentiate).
    std::vector<std::weak_ptr<ArrayNode>> array_nodes;
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
        std::vector<size_t> input_indices;
        std::shared_ptr<const BackwardFunction> function;
    };

    OpNode(std::string name, const BackpropId& backprop_id, std::vector<std::shared_ptr<ArrayNode>> input_array_nodes);
    ~OpNode();
    OpNode(const OpNode&) = delete;
    OpNode& operator=(const OpNode&) = delete;

    const std::string& name() const { return name_; }
    const BackpropId& backprop_id() const { return backprop_id_; }
    // Longest distance from a leaf; backward visits op nodes in decreasing rank.
    int64_t rank() const { return rank_; }

    // Null entries are inputs that are not part of this graph.
    const std::vector<std::shared_ptr<ArrayNode>>& input_array_nodes() const { return input_array_nodes_; }
    const std::vector<std::weak_ptr<ArrayNode>>& output_array_nodes() const { return output_array_nodes_; }
    const std::vector<ArrayProps>& output_array_props() const { return output_array_props_; }
    const std::vector<BackwardEntry>& backward_entries() const { return backward_entries_; }
    const std::vector<RetainedArray>& retained_inputs() const { return retained_inputs_; }
    const std::vector<RetainedArray>& retained_outputs() const { return retained_outputs_; }

    void AddBackwardEntry(BackwardEntry entry) { backward_entries_.push_back(std::move(entry)); }
    void AddOutput(const std::shared_ptr<ArrayNode>& output_node, ArrayProps props);
    void SetRetained(std::vector<RetainedArray> inputs, std::vector<RetainedArray> outputs);

private:
    std::string name_;
    BackpropId backprop_id_;
    int64_t rank_;
    std::vector<std::shared_ptr<ArrayNode>> input_array_nodes_;
    std::vector<std::weak_ptr<ArrayNode>> output_array_nodes_;
    std::vector<ArrayProps> output_array_props_;
    std::vector<BackwardEntry> backward_entries_;
    std::vector<RetainedArray> retained_inputs_;   // indexed like inputs; data is null where not retained
    std::vector<RetainedArray> retained_outputs_;  // indexed like outputs
};

}  // namespace internal
}  // namespace chainerx
