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
class BackwardImpl {
public:
    BackwardImpl(const BackpropId& backprop_id, DoubleBackpropOption double_backprop)
        : backprop_id_{backprop_id}, double_backprop_{double_backprop == DoubleBackpropOption::kEnable} {}

    void Run(const std::vector<ConstArrayRef>& outputs, std::optional<float> loss_scale) {
        for (const Array& output : outputs) {
            SeedOutput(output, loss_scale);
        }
        while (!queue_.empty()) {
            std::shared_ptr<OpNode> op_node = queue_.top();
            queue_.pop();
            ProcessOpNode(op_node);
        }
        // What remains are leaves (or nodes whose creator is outside the reached graph).
        for (auto& [node, grad] : grads_) {
            StoreGradIfRequired(*node, grad);
        }
    }

private:
    struct RankLess {
        bool operator()(const std::shared_ptr<OpNode>& a, const std::shared_ptr<OpNode>& b) const {
            return a->rank() < b->rank();
        }
    };

    void SeedOutput(const Array& output, std::optional<float> loss_scale) {
        ArrayBody::GraphEntry* entry = output.body()->FindGraphEntry(backprop_id_);
        if (entry == nullptr) {
            throw ChainerxError{"cannot backward from an array that is not in the graph '", backprop_id_, "'"};
        }
        if (entry->grad != nullptr) {
            seeded_from_grad_.insert(entry->node.get());
        }
        Array grad = entry->grad != nullptr ? Array{entry->grad} : OnesLike(output);
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
                    StoreGradIfRequired(*node, it->second);
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
            entry->grad = grad.MakeView().body();
            if (!double_backprop_) {
                entry->grad->ClearAllGraphs();
            }
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
};

}  // namespace

void Backward(
        const std::vector<ConstArrayRef>& outputs,
        const std::optional<BackpropId>& backprop_id,
        DoubleBackpropOption double_backprop,
        std::optional<float> loss_scale) {
    if (outputs.empty()) {
        return;
    }
    Context& context = outputs.front().get().device().context();
    BackpropId graph = backprop_id.has_value() ? *backprop_id : context.default_backprop_id();
    context.CheckValidBackpropId(graph);
    BackwardImpl{graph, double_backprop}.Run(outputs, loss_scale);
}

}  // namespace chainerx
