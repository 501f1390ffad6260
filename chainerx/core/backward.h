// Backpropagation over a recorded graph.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/backprop_id.h"

namespace chainerx {

// Computes gradients of `outputs` with respect to every array that requires grad on the graph and accumulates
// them into those arrays' grads. An output without a grad starts from ones (times loss_scale, if given).
// With DoubleBackpropOption::kEnable the backward computation is itself recorded, so the resulting grads can
// be differentiated again.
// Throws ChainerxError if an output is not in the graph, GradientError if a backward function produces a
// gradient of the wrong shape or dtype.
void Backward(
        const std::vector<ConstArrayRef>& outputs,
        const std::optional<BackpropId>& backprop_id = std::nullopt,
        DoubleBackpropOption double_backprop = DoubleBackpropOption::kDisable,
        std::optional<float> loss_scale = std::nullopt);

// Returns the gradients of `outputs` with respect to `inputs` (nullopt where an input is not reached),
// without storing them in the arrays unless set_grad (inputs) or retain_grad (intermediate arrays that
// require grad). `grad_outputs` (one per output, nullopt = ones) seed the outputs; stored grads are ignored.
// Throws ChainerxError if an input or output is not in the graph, GradientError for mismatched grad_outputs.
std::vector<std::optional<Array>> Grad(
        const std::vector<ConstArrayRef>& outputs,
        const std::vector<ConstArrayRef>& inputs,
        const std::optional<BackpropId>& backprop_id = std::nullopt,
        DoubleBackpropOption double_backprop = DoubleBackpropOption::kDisable,
        bool set_grad = false,
        bool retain_grad = false,
        const std::vector<std::optional<Array>>& grad_outputs = {},
        std::optional<float> loss_scale = std::nullopt);

// Note [Gradient-ready hooks]
// Data-parallel training overlaps communication with backward: a parameter's gradient is sent to the other
// processes as soon as it is final, while backward still computes the gradients of earlier layers (PyTorch DDP's
// bucketed allreduce). A GradReadyHookScope watches some arrays on the calling thread for its lifetime: whenever
// Backward or Grad stores the final gradient of this pass into one of them (x.grad), `on_ready(i)` is called with
// the array's position in `watched`. Arrays are matched by identity (their body), in one hash lookup per stored
// gradient; nothing is looked up while no scope is active. Scopes nest: the innermost one is consulted. An
// exception thrown by `on_ready` propagates out of Backward, which leaves the graph clean (Note [Backward state in
// graph nodes]).
class GradReadyHookScope {
public:
    GradReadyHookScope(const std::vector<ConstArrayRef>& watched, std::function<void(size_t)> on_ready);
    ~GradReadyHookScope();

    GradReadyHookScope(const GradReadyHookScope&) = delete;
    GradReadyHookScope& operator=(const GradReadyHookScope&) = delete;
    GradReadyHookScope(GradReadyHookScope&&) = delete;
    GradReadyHookScope& operator=(GradReadyHookScope&&) = delete;

    // Reports `body` if it is watched; called by the backward pass after storing its gradient.
    void Notify(const void* body) const;

private:
    std::unordered_map<const void*, size_t> positions_;
    std::function<void(size_t)> on_ready_;
    GradReadyHookScope* outer_;
};

// Note [Cutting a graph]
// Chainer's Variable.unchain() and unchain_backward() on arrays: truncated backpropagation through time cuts the
// graph behind a recurrent state after each backward, so that the next backward stops there and the history can be
// freed. Unchain makes `array` a root of the graph: its node forgets its creator, and the array requires grad (a
// root of a Chainer graph gets a gradient). UnchainBackward also cuts every node reachable backward from it, so the
// op nodes and array nodes behind it are released unless something else holds them (an array still alive keeps its
// node, now a root whose array requires grad, as Chainer's unchain_backward leaves the variables behind). Arrays that are not in the graph are left alone. A graph cannot be
// cut while a backward pass on it runs on this thread (a Python function's backward or a gradient hook calling
// it): the pass holds its queue in those creator fields (Note [Backward state in graph nodes]), so that raises
// ChainerxError.
void Unchain(const Array& array, const std::optional<BackpropId>& backprop_id = std::nullopt);
void UnchainBackward(const Array& array, const std::optional<BackpropId>& backprop_id = std::nullopt);

// Backward from a single output: the same as Backward({output}, ...).
void Backward(
        const Array& output,
        const std::optional<BackpropId>& backprop_id = std::nullopt,
        DoubleBackpropOption double_backprop = DoubleBackpropOption::kDisable,
        std::optional<float> loss_scale = std::nullopt);

}  // namespace chainerx
