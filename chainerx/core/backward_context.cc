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

// Note [Gradients added in place]: the gradient of a view (basic indexing, a[i]) or of a gather (take, advanced
// indexing, embeddings) is zero outside the elements it read. Made as a full array, each such gradient costs a
// zero fill and a write of the input's whole size, and then an addition of that size where several reach one
// input: the steps of an RNN reading x[:, t] one by one, or an embedding table read once per step, cost
// quadratically many element writes in the number of reads, and qkv[:, :, i] for three heads took 8 launches
// where 4 do. When the pass already holds the input's accumulated gradient alone, those backward functions add
// their values into its region (or scatter-add them) in place: one launch of the region's size. Alone means: the
// array body and its memory are referenced by the pending slot only (so no array, view, stored grad, seed or
// result of the pass can see the change), it is C-contiguous (a broadcast view, as sum's gradient is, has elements
// that share memory), it records no graph, and neither does the pass; the values are then
// added exactly where the full-size gradient's addition would have added them, and the sum is the same.
std::optional<Array> BackwardContext::AccumulatedInputGradToUpdate(const Array& values, size_t target_index) {
    const std::shared_ptr<internal::ArrayNode>& node = TargetInputNodeOrNull(target_index);
    if (node == nullptr || double_backprop_ || values.IsBackpropRequired(AnyGraph{})) {
        return std::nullopt;
    }
    const std::shared_ptr<internal::ArrayBody>& pending = node->pending_grad();
    if (pending == nullptr || pending.use_count() != 1 || pending->data().use_count() != 1) {
        return std::nullopt;
    }
    Array grad{pending};
    // C-contiguous: a broadcast gradient (sum's, of stride 0) has elements sharing memory.
    if (!grad.IsContiguous() || grad.IsBackpropRequired(AnyGraph{})) {
        return std::nullopt;
    }
    return grad;
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
