// BackwardContext: what a backward function sees of its operation while backward runs.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "chainerx/core/array.h"
#include "chainerx/core/array_node.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/op_node.h"
#include "chainerx/core/small_vector.h"

namespace chainerx {

class BackwardContext {
public:
    // Gradients of an op's outputs or inputs, indexed like them.
    using GradList = SmallVector<std::optional<Array>, 4>;

    BackwardContext(
            const std::shared_ptr<internal::OpNode>& op_node,
            const internal::OpNode::BackwardEntry& entry,
            GradList& output_grads,
            GradList& input_grads,
            bool double_backprop);

    size_t output_count() const { return output_grads_.size(); }

    // The gradient of output i; zeros when nothing flowed back into that output.
    const std::optional<Array>& output_grad(size_t output_index = 0);

    // The gradient of output i as it flowed back, nullopt when nothing did (no zeros are made).
    const std::optional<Array>& output_grad_if_any(size_t output_index) const { return output_grads_.at(output_index); }

    // Whether the gradient of the k-th target input of this backward function is needed.
    bool is_input_grad_required(size_t target_index = 0) const;
    // Slot for the gradient of the k-th target input of this backward function.
    std::optional<Array>& input_grad(size_t target_index = 0);

    // The gradient of the k-th target input accumulated so far in this pass (from the ops processed before), when
    // this backward function may add `values` (the nonzero part of its own gradient) to it in place instead of
    // setting input_grad(): the pass holds the only reference to that array and to its memory, which is
    // C-contiguous, neither it nor `values` is on a graph, and the pass records no graph (no double backprop).
    // nullopt otherwise, or when no gradient has reached that input yet. Note [Gradients added in place].
    std::optional<Array> AccumulatedInputGradToUpdate(const Array& values, size_t target_index = 0);

    // The shape and dtype of the input at `target_index`: those its gradient must have. Only for an input whose
    // gradient is required (ChainerxError otherwise). Backward functions read them here instead of capturing
    // them (Note [Backward functions in std::function's buffer]).
    const Shape& input_shape(size_t target_index = 0) const { return TargetInputNode(target_index).shape(); }
    Dtype input_dtype(size_t target_index = 0) const { return TargetInputNode(target_index).dtype(); }

    // Whether this backward pass records itself (DoubleBackpropOption::kEnable), so that its gradients must be
    // differentiable.
    bool double_backprop() const { return double_backprop_; }

    // The retained input/output, connected to the graph when double backprop is enabled.
    Array GetRetainedInput(const RetainedInputToken& token);
    Array GetRetainedOutput(const RetainedOutputToken& token);

private:
    Array RebuildRetained(const internal::RetainedArray* retained_or_null);
    // The node of the input at `target_index` on this op's graph; null when its gradient is not required.
    const std::shared_ptr<internal::ArrayNode>& TargetInputNodeOrNull(size_t target_index) const;
    const internal::ArrayNode& TargetInputNode(size_t target_index) const;

    const std::shared_ptr<internal::OpNode>& op_node_;
    const internal::OpNode::BackwardEntry& entry_;
    GradList& output_grads_;
    GradList& input_grads_;  // indexed like the op's inputs
    bool double_backprop_;
};

}  // namespace chainerx
