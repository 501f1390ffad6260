#include "chainerx/core/backward_context.h"

#include <algorithm>

#include "chainerx/core/array_body.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"

namespace chainerx {

BackwardContext::BackwardContext(
        const std::shared_ptr<internal::OpNode>& op_node,
        const internal::OpNode::BackwardEntry& entry,
        GradList& output_grads,
        GradList& input_grads,
        bool double_backprop)
    : op_node_{op_node},
      entry_{entry},
      output_grads_{output_grads},
      input_grads_{input_grads},
      double_backprop_{double_backprop} {}

const std::optional<Array>& BackwardContext::output_grad(size_t output_index) {
    std::optional<Array>& grad = output_grads_.at(output_index);
    if (!grad.has_value()) {
        const internal::ArrayProps& props = op_node_->output_array_props()[output_index];
        grad = Zeros(props.shape, props.dtype, *props.device);
    }
    return grad;
}

bool BackwardContext::is_input_grad_required(size_t target_index) const {
    return TargetInputNodeOrNull(target_index) != nullptr;
}

std::optional<Array>& BackwardContext::input_grad(size_t target_index) {
    return input_grads_.at(entry_.input_indices.at(target_index));
}

const std::shared_ptr<internal::ArrayNode>& BackwardContext::TargetInputNodeOrNull(size_t target_index) const {
    return op_node_->input_array_nodes().at(entry_.input_indices.at(target_index));
}

const internal::ArrayNode& BackwardContext::TargetInputNode(size_t target_index) const {
    const std::shared_ptr<internal::ArrayNode>& node = TargetInputNodeOrNull(target_index);
    if (node == nullptr) {
        throw ChainerxError{
                op_node_->name(), ": input ", entry_.input_indices[target_index], " has no gradient to compute"};
    }
    return *node;
}

Array BackwardContext::RebuildRetained(const internal::RetainedArray* retained_or_null) {
    if (retained_or_null == nullptr || retained_or_null->data == nullptr) {
        throw ChainerxError{op_node_->name(), ": backward asked for an array that was not retained"};
    }
    const internal::RetainedArray& retained = *retained_or_null;
    if (std::shared_ptr<internal::ArrayBody> body = retained.weak_body.lock()) {
        return Array{std::move(body)};
    }
    // The original array is gone. Another backward step may already have rebuilt it: reuse that body.
    SmallVector<std::shared_ptr<internal::ArrayNode>, 2> live_nodes;
    for (const auto& weak_node : retained.array_nodes) {
        if (std::shared_ptr<internal::ArrayNode> node = weak_node.lock()) {
            if (std::shared_ptr<internal::ArrayBody> body = node->weak_body_lock()) {
                return Array{std::move(body)};
            }
            live_nodes.push_back(std::move(node));
        }
    }
    auto body = internal::ArrayBody::Create(
            retained.shape, retained.strides, retained.dtype, *retained.device, retained.data, retained.offset);
    for (const auto& node : live_nodes) {
        // Without double backprop the current graph's node is left out: nothing is recorded on it anyway.
        if (double_backprop_ || node->backprop_id() != op_node_->backprop_id()) {
            internal::ArrayBody::AttachArrayNode(body, node);
        }
    }
    return Array{std::move(body)};
}

namespace {

// The retained array at `index`, or nullptr when it was not retained (the lists are empty when the op retained
// nothing at all).
template <typename List>
const internal::RetainedArray* FindRetained(const List& list, size_t index) {
    return index < list.size() ? &list[index] : nullptr;
}

}  // namespace

Array BackwardContext::GetRetainedInput(const RetainedInputToken& token) {
    return RebuildRetained(FindRetained(op_node_->retained_inputs(), token.index()));
}

Array BackwardContext::GetRetainedOutput(const RetainedOutputToken& token) {
    return RebuildRetained(FindRetained(op_node_->retained_outputs(), token.index()));
}

}  // namespace chainerx
