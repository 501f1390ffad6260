#include "chainerx/core/backward.h"

#include <algorithm>
#include <memory>
#include <queue>
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
#include "chainerx/core/small_vector.h"

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

// Note [Backward state in graph nodes]
// A backward pass keeps, for every array node it reached, the gradient accumulated so far, and for every op node
// whether it is already queued. Both live in the nodes themselves (ArrayNode::pending_grad, OpNode::is_queued)
// instead of hash maps owned by the pass: a map insertion is a heap allocation plus hashing, and for small graphs
// that bookkeeping cost more than the arithmetic. The pass records every node it touched and clears the state in
// its destructor, so an exception thrown by a backward function leaves the graph clean. A graph is only walked
// by one backward pass at a time (the nodes belong to one backprop id; concurrent backward on the same graph is
// not supported, as in the original).

// Runs backward on one graph. Pending gradients of intermediate nodes are kept until the node's creator has been
// processed; ops are visited by decreasing rank, so every consumer of a node runs before its producer.
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

    ~BackwardImpl() {
        for (const std::shared_ptr<ArrayNode>& node : touched_) {
            node->pending_grad().reset();
        }
        while (!queue_.empty()) {
            queue_.top()->set_queued(false);
            queue_.pop();
        }
    }

    BackwardImpl(const BackwardImpl&) = delete;
    BackwardImpl& operator=(const BackwardImpl&) = delete;

    void Run(const std::vector<ConstArrayRef>& outputs,
             const std::vector<std::optional<Array>>& grad_outputs,
             std::optional<float> loss_scale) {
        for (size_t i = 0; i < outputs.size(); ++i) {
            SeedOutput(outputs[i], i < grad_outputs.size() ? grad_outputs[i] : std::nullopt, loss_scale);
        }
        {
            // Without double backprop the backward computation is not recorded on this graph (one scope for the
            // whole pass: it only concerns this graph, whose gradients are then never on it anyway).
            std::optional<NoBackpropModeScope> no_backprop;
            if (!double_backprop_) {
                no_backprop.emplace(backprop_id_);
            }
            while (!queue_.empty()) {
                std::shared_ptr<OpNode> op_node = queue_.top();
                queue_.pop();
                op_node->set_queued(false);
                ProcessOpNode(op_node);
            }
        }
        // What remains are leaves (or nodes whose creator is outside the reached graph), in the order reached.
        for (const std::shared_ptr<ArrayNode>& node : touched_) {
            if (std::shared_ptr<ArrayBody> pending = std::move(node->pending_grad())) {  // leaves it null
                // A count of one: no array, node or other pending gradient refers to this body.
                bool sole_reference = pending.use_count() == 1;
                OnFinalGrad(*node, Array{std::move(pending)}, sole_reference);
            }
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
        std::shared_ptr<ArrayBody>& pending = node->pending_grad();
        if (pending != nullptr) {
            pending = (Array{pending} + grad).body();
            return;
        }
        pending = grad.body();
        touched_.push_back(node);
        if (const std::shared_ptr<OpNode>& creator = node->creator_op_node()) {
            if (!creator->is_queued()) {
                creator->set_queued(true);
                queue_.push(creator);
            }
        }
    }

    void ProcessOpNode(const std::shared_ptr<OpNode>& op_node) {
        const auto& output_nodes = op_node->output_array_nodes();
        BackwardContext::GradList output_grads(output_nodes.size());
        for (size_t i = 0; i < output_nodes.size(); ++i) {
            if (std::shared_ptr<ArrayNode> node = output_nodes[i].lock()) {
                if (std::shared_ptr<ArrayBody> pending = std::move(node->pending_grad())) {  // leaves it null
                    Array grad{std::move(pending)};
                    OnFinalGrad(*node, grad);
                    output_grads[i] = std::move(grad);
                }
            }
        }
        const auto& input_nodes = op_node->input_array_nodes();
        BackwardContext::GradList input_grads(input_nodes.size());
        for (const OpNode::BackwardEntry& entry : op_node->backward_entries()) {
            BackwardContext bctx{op_node, entry, output_grads, input_grads, double_backprop_};
            entry.function(bctx);
        }
        for (size_t i = 0; i < input_nodes.size(); ++i) {
            if (input_nodes[i] == nullptr || !input_grads[i].has_value()) {
                continue;
            }
            CheckGradCompatible(*input_grads[i], *input_nodes[i], op_node->name());
            Accumulate(input_nodes[i], std::move(*input_grads[i]));
        }
    }

    // Called once per reached node, with its complete gradient. `sole_reference`: `grad` holds the only reference
    // to its body.
    void OnFinalGrad(const ArrayNode& node, const Array& grad, bool sole_reference = false) {
        if (targets_ == nullptr) {
            StoreGradIfRequired(node, grad, sole_reference);
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

    // Note [Stored gradients own their memory]
    // A gradient stored in an array (x.grad) is a value the user and optimizers modify in place (`p.grad *= s`
    // for clipping, weight decay hooks), so it must own its elements. Computed gradients often do not: add's
    // backward hands one gradient to both inputs, sum's backward broadcasts the output gradient (stride 0, one
    // element seen many times), reshape's backward returns a view, and a backward seeded from y.grad may pass
    // that array through. Such gradients are copied; one that nothing else refers to (neither its body nor its
    // data) and that has no repeated elements is stored as it is (the common case: a parameter's gradient fresh
    // from a kernel), which also saves the new body a view would cost.
    Array GradToStore(const Array& grad, bool sole_reference) const {
        bool owns_memory = sole_reference && grad.data().use_count() == 1 && !HasRepeatedElements(grad);
        if (!owns_memory) {
            // With double backprop the copy is recorded, so the stored grad stays differentiable.
            return double_backprop_ ? grad.Copy() : grad.AsGradStopped(CopyKind::kCopy);
        }
        if (!double_backprop_ && grad.body()->graph_entries().empty()) {
            return grad;
        }
        return DetachedView(grad);
    }

    static bool HasRepeatedElements(const Array& a) {
        for (int8_t i = 0; i < a.ndim(); ++i) {
            if (a.strides()[i] == 0 && a.shape()[i] > 1) {
                return true;
            }
        }
        return false;
    }

    // Stores the final gradient of a node into its array if the array asked for it (RequireGrad).
    void StoreGradIfRequired(const ArrayNode& node, const Array& grad, bool sole_reference = false) {
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
            entry->grad = GradToStore(grad, sole_reference).body();
        } else {
            Array sum = Array{entry->grad} + grad;
            entry->grad = sum.body();
        }
    }

    BackpropId backprop_id_;
    bool double_backprop_;
    // Every node that received a gradient, kept alive until the pass ends (its pending grad is cleared then).
    SmallVector<std::shared_ptr<ArrayNode>, 8> touched_;
    std::priority_queue<std::shared_ptr<OpNode>, SmallVector<std::shared_ptr<OpNode>, 8>, RankLess> queue_;
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
