#include "chainerx/core/backward.h"

#include <algorithm>
#include <memory>
#include <queue>
#include <unordered_map>
#include <unordered_set>

#include "chainerx/core/array_body.h"
#include "chainerx/core/array_node.h"
#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/op_node.h"
#include "chainerx/core/routines/creation.h"

namespace chainerx {
namespace {

using internal::ArrayBody;
using internal::ArrayNode;
using internal::OpNode;

void CheckGradCompatible(const Array& grad, const ArrayNode& node, const std::string& op_name) {
    if (grad.shape() != node.shape() || grad.dtype() != node.dtype() || &grad.device() != &node.device()) {
        throw GradientError{"backward of '", op_name, "' produced a gradient of shape ", grad.shape(), ", dtype ",
                            grad.dtype(), " on ", grad.device().name(), " for an array of shape ", node.shape(),
                            ", dtype ", node.dtype(), " on ", node.device().name()};
    }
}

// Runs backward on one graph. Gradients of intermediate nodes live in `grads_` until the node's creator has
// been processed; ops are visited by decreasing rank, so every consumer of a node runs before its producer.
//
// In Grad mode (targets given) the gradients of the target nodes are collected instead of being stored in
// arrays, unless set_grad/retain_grad ask for that too.
class BackwardImpl {
public:
    struct GradTargets {
        std::vector<const ArrayNode*> nodes;  // indexed like the requested inputs
        bool set_grad;
        bool retain_grad;
        std::vector<std::optional<Array>> results;
    };

    BackwardImpl(const BackpropId& backprop_id, DoubleBackpropOption double_backprop, GradTargets* targets = nullptr)
        : backprop_id_{backprop_id}, double_backprop_{double_backprop == DoubleBackpropOption::kEnable}, targets_{targets} {}

    void Run(const std::vector<ConstArrayRef>& outputs,
             const std::vector<std::optional<Array>>& grad_outputs,
             std::optional<float> loss_scale) {
        for (size_t i = 0; i < outputs.size(); ++i) {
            SeedOutput(outputs[i], i < grad_outputs.size() ? grad_outputs[i] : std::nullopt, loss_scale);
        }
        while (!queue_.empty()) {
            std::shared_ptr<OpNode> op_node = queue_.top();
            queue_.pop();
            ProcessOpNode(op_node);
        }
        // What remains are leaves (or nodes whose creator is outside the reached graph).
        for (auto& [node, grad] : grads_) {
            OnFinalGrad(*node, grad);
        }
    }

private:
    struct RankLess {
        bool operator()(const std::shared_ptr<OpNode>& a, const std::shared_ptr<OpNode>& b) const {
            return a->rank() < b->rank();
        }
    };

    void SeedOutput(const Array& output, const std::optional<Array>& grad_output, std::optional<float> loss_scale) {
        ArrayBody::GraphEntry* entry = output.body()->FindGraphEntry(backprop_id_);
        if (entry == nullptr) {
            throw ChainerxError{"cannot backward from an array that is not in the graph '", backprop_id_, "'"};
        }
        if (grad_output.has_value()) {
            CheckGradCompatible(*grad_output, *entry->node, "grad_outputs");
        }
        // Backward starts from the output's own grad if it has one; Grad never reads stored grads.
        bool use_stored = targets_ == nullptr && !grad_output.has_value() && entry->grad != nullptr;
        if (use_stored) {
            seeded_from_grad_.insert(entry->node.get());
        }
        Array grad = grad_output.has_value() ? *grad_output : use_stored ? Array{entry->grad} : OnesLike(output);
        if (loss_scale.has_value()) {
            grad = grad * Scalar{*loss_scale};
        }
        Accumulate(entry->node, std::move(grad));
    }

    void Accumulate(const std::shared_ptr<ArrayNode>& node, Array grad) {
        auto it = grads_.find(node);
        if (it == grads_.end()) {
            grads_.emplace(node, std::move(grad));
            if (const std::shared_ptr<OpNode>& creator = node->creator_op_node()) {
                if (visited_.insert(creator.get()).second) {
                    queue_.push(creator);
                }
            }
            return;
        }
        it->second = it->second + grad;
    }

    void ProcessOpNode(const std::shared_ptr<OpNode>& op_node) {
        const auto& output_nodes = op_node->output_array_nodes();
        std::vector<std::optional<Array>> output_grads(output_nodes.size());
        for (size_t i = 0; i < output_nodes.size(); ++i) {
            if (std::shared_ptr<ArrayNode> node = output_nodes[i].lock()) {
                auto it = grads_.find(node);
                if (it != grads_.end()) {
                    OnFinalGrad(*node, it->second);
                    output_grads[i] = std::move(it->second);
                    grads_.erase(it);
                }
            }
        }
        const auto& input_nodes = op_node->input_array_nodes();
        std::vector<std::optional<Array>> input_grads(input_nodes.size());
        {
            // Without double backprop the backward computation is not recorded on this graph.
            std::optional<NoBackpropModeScope> no_backprop;
            if (!double_backprop_) {
                no_backprop.emplace(backprop_id_);
            }
            for (const OpNode::BackwardEntry& entry : op_node->backward_entries()) {
                BackwardContext bctx{op_node, entry, output_grads, input_grads, double_backprop_};
                (*entry.function)(bctx);
            }
        }
        for (size_t i = 0; i < input_nodes.size(); ++i) {
            if (input_nodes[i] == nullptr || !input_grads[i].has_value()) {
                continue;
            }
            CheckGradCompatible(*input_grads[i], *input_nodes[i], op_node->name());
            Accumulate(input_nodes[i], std::move(*input_grads[i]));
        }
    }

    // Called once per reached node, with its complete gradient.
    void OnFinalGrad(const ArrayNode& node, const Array& grad) {
        if (targets_ == nullptr) {
            StoreGradIfRequired(node, grad);
            return;
        }
        bool is_target = false;
        for (size_t i = 0; i < targets_->nodes.size(); ++i) {
            if (targets_->nodes[i] == &node) {
                targets_->results[i] = DetachedView(grad);
                is_target = true;
            }
        }
        if (is_target ? targets_->set_grad : targets_->retain_grad) {
            StoreGradIfRequired(node, grad);
        }
    }

    // A new handle on the gradient, disconnected from graphs unless double backprop keeps them.
    Array DetachedView(const Array& grad) const { return double_backprop_ ? grad.MakeView() : grad.AsGradStopped(); }

    // Stores the final gradient of a node into its array if the array asked for it (RequireGrad).
    void StoreGradIfRequired(const ArrayNode& node, const Array& grad) {
        std::shared_ptr<ArrayBody> body = node.weak_body_lock();
        if (body == nullptr) {
            return;
        }
        ArrayBody::GraphEntry* entry = body->FindGraphEntry(backprop_id_);
        if (entry == nullptr || !entry->grad_required) {
            return;
        }
        if (entry->grad == nullptr || seeded_from_grad_.count(&node) != 0) {
            // Either the first gradient, or the node's previous grad was the seed and is already included.
            // A fresh handle: the stored grad must not alias a gradient that is still being accumulated.
            entry->grad = DetachedView(grad).body();
        } else {
            Array sum = Array{entry->grad} + grad;
            entry->grad = sum.body();
        }
    }

    BackpropId backprop_id_;
    bool double_backprop_;
    std::unordered_map<std::shared_ptr<ArrayNode>, Array> grads_;
    std::priority_queue<std::shared_ptr<OpNode>, std::vector<std::shared_ptr<OpNode>>, RankLess> queue_;
    std::unordered_set<const OpNode*> visited_;
    std::unordered_set<const ArrayNode*> seeded_from_grad_;
    GradTargets* targets_;
};

BackpropId ResolveGraph(const std::vector<ConstArrayRef>& outputs, const std::optional<BackpropId>& backprop_id) {
    Context& context = outputs.front().get().device().context();
    BackpropId graph = backprop_id.has_value() ? *backprop_id : context.default_backprop_id();
    context.CheckValidBackpropId(graph);
    context.CheckBackpropAllowed(graph);
    return graph;
}

}  // namespace

void Backward(
        const std::vector<ConstArrayRef>& outputs,
        const std::optional<BackpropId>& backprop_id,
        DoubleBackpropOption double_backprop,
        std::optional<float> loss_scale) {
    if (outputs.empty()) {
        return;
    }
    BackpropId graph = ResolveGraph(outputs, backprop_id);
    BackwardImpl{graph, double_backprop}.Run(outputs, {}, loss_scale);
    graph.context().SetBackpropDone(graph);
}

std::vector<std::optional<Array>> Grad(
        const std::vector<ConstArrayRef>& outputs,
        const std::vector<ConstArrayRef>& inputs,
        const std::optional<BackpropId>& backprop_id,
        DoubleBackpropOption double_backprop,
        bool set_grad,
        bool retain_grad,
        const std::vector<std::optional<Array>>& grad_outputs,
        std::optional<float> loss_scale) {
    if (!grad_outputs.empty() && grad_outputs.size() != outputs.size()) {
        throw GradientError{"grad: ", grad_outputs.size(), " grad_outputs given for ", outputs.size(), " outputs"};
    }
    if (outputs.empty()) {
        return std::vector<std::optional<Array>>(inputs.size());
    }
    BackpropId graph = ResolveGraph(outputs, backprop_id);
    BackwardImpl::GradTargets targets{{}, set_grad, retain_grad, std::vector<std::optional<Array>>(inputs.size())};
    for (const Array& input : inputs) {
        const ArrayBody::GraphEntry* entry = input.body()->FindGraphEntry(graph);
        if (entry == nullptr) {
            throw ChainerxError{"grad: an input is not in the graph '", graph, "'"};
        }
        targets.nodes.push_back(entry->node.get());
    }
    BackwardImpl{graph, double_backprop, &targets}.Run(outputs, grad_outputs, loss_scale);
    graph.context().SetBackpropDone(graph);
    return std::move(targets.results);
}

}  // namespace chainerx
