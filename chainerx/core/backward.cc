#include "chainerx/core/backward.h"

#include <algorithm>
#include <memory>
#include <unordered_set>
#include <vector>

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

// The arrays a pass starts from (or differentiates with respect to), without owning them: Backward of a single
// array passes it as a range of one instead of building a std::vector (a heap allocation per training step).
class ArrayRefs {
public:
    ArrayRefs(const std::vector<ConstArrayRef>& arrays)  // NOLINT(google-explicit-constructor)
        : first_{arrays.data()}, size_{arrays.size()} {}
    ArrayRefs(const ConstArrayRef* first, size_t size) : first_{first}, size_{size} {}

    const ConstArrayRef* begin() const { return first_; }
    const ConstArrayRef* end() const { return first_ + size_; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Array& operator[](size_t i) const { return first_[i]; }

private:
    const ConstArrayRef* first_;
    size_t size_;
};

// The innermost active GradReadyHookScope of this thread (Note [Gradient-ready hooks]).
thread_local GradReadyHookScope* t_grad_ready_hook = nullptr;

// The graphs of the backward passes running on this thread, innermost last (Note [Cutting a graph]).
thread_local std::vector<BackpropId> t_running_passes;

using internal::ArrayBody;
using internal::ArrayNode;
using internal::OpNode;

// `what...` names the gradient's source in the message (a backward function or the user's seed); the pieces are
// only put together when the check fails.
template <typename... What>
void CheckGradCompatible(
        const Array& grad, const Shape& shape, Dtype dtype, const Device& device, const What&... what) {
    if (grad.shape() != shape || grad.dtype() != dtype || &grad.device() != &device) {
        throw GradientError{what..., " gave a gradient of shape ", grad.shape(), ", dtype ", grad.dtype(), " on ",
                            grad.device().name(), " for an array of shape ", shape, ", dtype ", dtype, " on ",
                            device.name()};
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

// Note [Graphs recorded during backward]
// The backward computation runs under a scope that stops recording on the graph being differentiated (unless double
// backprop is asked for) and on every inner graph (created after it), as in the original. Outer graphs keep recording:
// a gradient computed on an inner graph stays differentiable on the outer ones, which is how higher derivatives are
// taken across graphs. Inner graphs are left alone because backward on them is refused once an outer graph ran
// (Context::CheckBackpropAllowed). Gradients handed to the user (stored or returned) are made inside the same scope,
// so they are connected exactly to the graphs where recording continued.

// Runs backward on one graph. Pending gradients of intermediate nodes are kept until the node's creator has been
// processed; ops are visited by decreasing rank, so every consumer of a node runs before its producer.
//
// In Grad mode (targets given) the gradients of the target nodes are collected instead of being stored in
// arrays, unless set_grad/retain_grad ask for that too.
class BackwardImpl {
public:
    struct GradTargets {
        std::vector<const ArrayNode*> nodes;  // indexed like the requested inputs; nullptr: not in the graph
        bool set_grad;
        bool retain_grad;
        std::vector<std::optional<Array>> results;
    };

    BackwardImpl(const BackpropId& backprop_id,
                 DoubleBackpropOption double_backprop,
                 std::optional<float> loss_scale,
                 GradTargets* targets = nullptr)
        : backprop_id_{backprop_id},
          double_backprop_{double_backprop == DoubleBackpropOption::kEnable},
          loss_scale_{loss_scale},
          targets_{targets} {
        t_running_passes.push_back(backprop_id_);
    }

    ~BackwardImpl() {
        t_running_passes.pop_back();
        for (const std::shared_ptr<ArrayNode>& node : touched_) {
            node->pending_grad().reset();
        }
        for (const std::shared_ptr<OpNode>* op_node : queue_) {
            (*op_node)->set_queued(false);
        }
    }

    BackwardImpl(const BackwardImpl&) = delete;
    BackwardImpl& operator=(const BackwardImpl&) = delete;

    void Run(ArrayRefs outputs, const std::vector<std::optional<Array>>& grad_outputs) {
        // See Note [Graphs recorded during backward].
        NoBackpropModeScope stop_recording{backprop_id_.context(), backprop_id_.ordinal() + (double_backprop_ ? 1 : 0)};
        for (size_t i = 0; i < outputs.size(); ++i) {
            SeedOutput(outputs[i], i < grad_outputs.size() ? grad_outputs[i] : std::nullopt, i);
        }
        while (!queue_.empty()) {
            std::pop_heap(queue_.begin(), queue_.end(), RankLess{});
            const std::shared_ptr<OpNode>& op_node = *queue_.back();
            queue_.pop_back();
            op_node->set_queued(false);
            ProcessOpNode(op_node);
        }
        // What remains are leaves (or nodes whose creator is outside the reached graph), in the order reached.
        for (const std::shared_ptr<ArrayNode>& node : touched_) {
            if (std::shared_ptr<ArrayBody> pending = std::move(node->pending_grad())) {  // leaves it null
                // A count of one: no array, node or other pending gradient refers to this body.
                bool sole_reference = pending.use_count() == 1;
                if (FinalGradSink sink = FindFinalGradSink(*node)) {
                    DeliverFinalGrad(*node, sink, Array{std::move(pending)}, sole_reference);
                }
            }
        }
    }

private:
    struct RankLess {
        bool operator()(const std::shared_ptr<OpNode>* a, const std::shared_ptr<OpNode>* b) const {
            return (*a)->rank() < (*b)->rank();
        }
    };

    // Where the final gradient of a node goes: its array's graph entry (x.grad), a requested result of Grad, or
    // both. Empty (false) when it goes nowhere, which is the case of most intermediate nodes.
    struct FinalGradSink {
        std::shared_ptr<ArrayBody> body;  // kept alive until the gradient is stored
        ArrayBody::GraphEntry* entry;
        bool is_target;
        explicit operator bool() const { return entry != nullptr || is_target; }
    };

    // An output outside the graph contributes nothing (no error, as in the original); an array listed twice as an
    // output is seeded once.
    void SeedOutput(const Array& output, const std::optional<Array>& grad_output, size_t index) {
        ArrayBody::GraphEntry* entry = output.body()->FindGraphEntry(backprop_id_);
        if (grad_output.has_value()) {
            CheckGradCompatible(
                    *grad_output, output.shape(), output.dtype(), output.device(), "grad_outputs[", index, "]");
        }
        if (entry == nullptr || entry->node->pending_grad() != nullptr) {
            return;
        }
        // Backward starts from the output's own grad if it has one; Grad never reads stored grads.
        bool use_stored = targets_ == nullptr && !grad_output.has_value() && entry->grad != nullptr;
        if (use_stored) {
            seeded_from_grad_.insert(entry->node.get());
        }
        Array grad = grad_output.has_value() ? *grad_output : use_stored ? Array{entry->grad} : OnesLike(output);
        if (loss_scale_.has_value()) {
            grad = grad * Scalar{*loss_scale_};
        }
        Accumulate(entry->node, std::move(grad));
    }

    void Accumulate(const std::shared_ptr<ArrayNode>& node, Array grad) {
        std::shared_ptr<ArrayBody>& pending = node->pending_grad();
        if (pending != nullptr) {
            pending = (Array{pending} + grad).TakeBody();
            return;
        }
        pending = std::move(grad).TakeBody();
        touched_.push_back(node);
        // The queue holds the creator field of a touched node: touched_ keeps the node, and so its creator, alive
        // (a creator is set once, when the node's op is recorded), which saves two atomic operations per op node.
        const std::shared_ptr<OpNode>& creator = touched_.back()->creator_op_node();
        if (creator != nullptr && !creator->is_queued()) {
            creator->set_queued(true);
            queue_.push_back(&creator);
            std::push_heap(queue_.begin(), queue_.end(), RankLess{});
        }
    }

    void ProcessOpNode(const std::shared_ptr<OpNode>& op_node) {
        const auto& output_nodes = op_node->output_array_nodes();
        BackwardContext::GradList output_grads(output_nodes.size());
        for (size_t i = 0; i < output_nodes.size(); ++i) {
            if (std::shared_ptr<ArrayNode> node = output_nodes[i].lock()) {
                if (std::shared_ptr<ArrayBody> pending = std::move(node->pending_grad())) {  // leaves it null
                    Array grad{std::move(pending)};
                    if (FinalGradSink sink = FindFinalGradSink(*node)) {
                        DeliverFinalGrad(*node, sink, grad, false);  // a copy: the op's backward reads it too
                    }
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
            const ArrayNode& node = *input_nodes[i];
            CheckGradCompatible(
                    *input_grads[i], node.shape(), node.dtype(), node.device(), "backward of '", op_node->name(), "'");
            Accumulate(input_nodes[i], std::move(*input_grads[i]));
        }
    }

    // Called once per reached node (with its complete gradient) to see where that gradient goes.
    FinalGradSink FindFinalGradSink(const ArrayNode& node) const {
        bool is_target = false;
        if (targets_ != nullptr) {
            is_target = std::find(targets_->nodes.begin(), targets_->nodes.end(), &node) != targets_->nodes.end();
        }
        bool store = targets_ == nullptr || (is_target ? targets_->set_grad : targets_->retain_grad);
        std::shared_ptr<ArrayBody> body = store ? node.weak_body_lock() : nullptr;
        // retain_grad stores the gradients of intermediate arrays too, flagging them as requiring grad.
        ArrayBody::GraphEntry* entry = FindEntryToStore(node, body.get(), targets_ != nullptr && !is_target);
        return {std::move(body), entry, is_target};
    }

    // Hands a node's final gradient to its sink. `sole_reference`: `grad` holds the only reference to its body.
    // The gradient the user sees (returned or stored) has the loss scale divided out again.
    void DeliverFinalGrad(const ArrayNode& node, const FinalGradSink& sink, Array grad, bool sole_reference) {
        if (loss_scale_.has_value()) {
            grad = grad / Scalar{*loss_scale_};
            sole_reference = true;
        }
        if (sink.is_target) {
            for (size_t i = 0; i < targets_->nodes.size(); ++i) {
                if (targets_->nodes[i] == &node) {
                    targets_->results[i] = grad.MakeView();  // a new handle, on the graphs still recording
                }
            }
            sole_reference = false;  // the results share its memory
        }
        if (sink.entry != nullptr) {
            StoreGrad(*sink.entry, node, std::move(grad), sole_reference);
            if (t_grad_ready_hook != nullptr) {
                t_grad_ready_hook->Notify(sink.body.get());
            }
        }
    }

    // The graph entry of `node`'s (alive) array if its gradient is to be stored there, else nullptr.
    ArrayBody::GraphEntry* FindEntryToStore(const ArrayNode& node, ArrayBody* body, bool require) const {
        ArrayBody::GraphEntry* entry = body != nullptr ? body->FindGraphEntry(backprop_id_) : nullptr;
        if (entry == nullptr || entry->node.get() != &node) {
            return nullptr;
        }
        entry->grad_required = entry->grad_required || require;
        return entry->grad_required ? entry : nullptr;
    }

    // Note [Stored gradients own their memory]
    // A gradient stored in an array (x.grad) is a value the user and optimizers modify in place (`p.grad *= s`
    // for clipping, weight decay hooks), so it must own its elements. Computed gradients often do not: add's
    // backward hands one gradient to both inputs, sum's backward broadcasts the output gradient (stride 0, one
    // element seen many times), reshape's backward returns a view, and a backward seeded from y.grad may pass
    // that array through. Such gradients are copied; one that nothing else refers to (neither its body nor its
    // data) and that has no repeated elements is stored as it is (the common case: a parameter's gradient fresh
    // from a kernel), which also saves the new body a view would cost.
    static Array GradToStore(Array&& grad, bool sole_reference) {
        bool owns_memory = sole_reference && grad.data().use_count() == 1 && !HasRepeatedElements(grad);
        if (!owns_memory) {
            return grad.Copy();  // recorded only on the graphs still recording (Note [Graphs recorded during backward])
        }
        for (const ArrayBody::GraphEntry& entry : grad.body()->graph_entries()) {
            if (!IsBackpropRequired(entry.backprop_id)) {
                return grad.MakeView();  // a handle off the graphs where recording stopped
            }
        }
        return std::move(grad);
    }

    static bool HasRepeatedElements(const Array& a) {
        for (int8_t i = 0; i < a.ndim(); ++i) {
            if (a.strides()[i] == 0 && a.shape()[i] > 1) {
                return true;
            }
        }
        return false;
    }

    // Stores (or accumulates) the final gradient of a node into its array's graph entry.
    void StoreGrad(ArrayBody::GraphEntry& entry, const ArrayNode& node, Array&& grad, bool sole_reference) {
        if (entry.grad == nullptr || (!seeded_from_grad_.empty() && seeded_from_grad_.count(&node) != 0)) {
            // Either the first gradient, or the node's previous grad was the seed and is already included.
            entry.grad = GradToStore(std::move(grad), sole_reference).TakeBody();
        } else {
            entry.grad = (Array{entry.grad} + grad).TakeBody();
        }
    }

    BackpropId backprop_id_;
    bool double_backprop_;
    std::optional<float> loss_scale_;
    // Every node that received a gradient, kept alive until the pass ends (its pending grad is cleared then).
    SmallVector<std::shared_ptr<ArrayNode>, 8> touched_;
    // Op nodes waiting to run, a max-heap on rank (std::push_heap/pop_heap, as std::priority_queue uses, but with
    // pointers into touched nodes instead of shared_ptr copies; see Accumulate).
    SmallVector<const std::shared_ptr<OpNode>*, 8> queue_;
    std::unordered_set<const ArrayNode*> seeded_from_grad_;
    GradTargets* targets_;
};

// The graph to run backward on, after checking that every array and the id belong to one context.
BackpropId ResolveGraph(ArrayRefs outputs, ArrayRefs inputs, const std::optional<BackpropId>& backprop_id) {
    Context& context = outputs[0].device().context();
    for (ArrayRefs arrays : {outputs, inputs}) {
        for (const Array& a : arrays) {
            if (&a.device().context() != &context) {
                throw ContextError{"backward: arrays of different contexts cannot be differentiated together"};
            }
        }
    }
    BackpropId graph = backprop_id.has_value() ? *backprop_id : context.default_backprop_id();
    context.CheckBackpropAllowed(graph);  // also checks that the id is valid
    return graph;
}

}  // namespace

GradReadyHookScope::GradReadyHookScope(const std::vector<ConstArrayRef>& watched, std::function<void(size_t)> on_ready)
    : on_ready_{std::move(on_ready)}, outer_{t_grad_ready_hook} {
    positions_.reserve(watched.size());
    for (size_t i = 0; i < watched.size(); ++i) {
        positions_.emplace(watched[i].get().body().get(), i);  // a repeated array reports its first position
    }
    t_grad_ready_hook = this;
}

GradReadyHookScope::~GradReadyHookScope() { t_grad_ready_hook = outer_; }

void GradReadyHookScope::Notify(const void* body) const {
    auto it = positions_.find(body);
    if (it != positions_.end()) {
        on_ready_(it->second);
    }
}

namespace {

void BackwardFrom(
        ArrayRefs outputs,
        const std::optional<BackpropId>& backprop_id,
        DoubleBackpropOption double_backprop,
        std::optional<float> loss_scale) {
    if (outputs.empty()) {
        return;
    }
    BackpropId graph = ResolveGraph(outputs, {nullptr, 0}, backprop_id);
    BackwardImpl{graph, double_backprop, loss_scale}.Run(outputs, {});
    graph.context().SetBackpropDone(graph);
}

}  // namespace

void Backward(
        const std::vector<ConstArrayRef>& outputs,
        const std::optional<BackpropId>& backprop_id,
        DoubleBackpropOption double_backprop,
        std::optional<float> loss_scale) {
    BackwardFrom(outputs, backprop_id, double_backprop, loss_scale);
}

void Backward(
        const Array& output,
        const std::optional<BackpropId>& backprop_id,
        DoubleBackpropOption double_backprop,
        std::optional<float> loss_scale) {
    ConstArrayRef output_ref{output};
    BackwardFrom({&output_ref, 1}, backprop_id, double_backprop, loss_scale);
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
    BackpropId graph = ResolveGraph(outputs, inputs, backprop_id);
    BackwardImpl::GradTargets targets{{}, set_grad, retain_grad, std::vector<std::optional<Array>>(inputs.size())};
    for (const Array& input : inputs) {
        // An input outside the graph is constant there: its gradient is None (as in the original).
        const ArrayBody::GraphEntry* entry = input.body()->FindGraphEntry(graph);
        targets.nodes.push_back(entry != nullptr ? entry->node.get() : nullptr);
    }
    BackwardImpl{graph, double_backprop, loss_scale, &targets}.Run(outputs, grad_outputs);
    graph.context().SetBackpropDone(graph);
    return std::move(targets.results);
}

namespace {

// The entry of `array` in the graph the id resolves to, after checking that no backward pass on that graph runs on
// this thread; null when the array is not in the graph.
ArrayBody::GraphEntry* GraphEntryToCut(
        const Array& array, const std::optional<BackpropId>& backprop_id, const char* what) {
    BackpropId graph = array.ResolveBackpropId(backprop_id);
    if (std::find(t_running_passes.begin(), t_running_passes.end(), graph) != t_running_passes.end()) {
        throw ChainerxError{what, ": the graph ", graph, " cannot be cut while a backward pass on it is running"};
    }
    return array.body()->FindGraphEntry(graph);
}

// A cut node is a root of the graph; as in Chainer, a root gets its gradient stored in its array (if alive).
void MarkRootGradRequired(const ArrayNode& node) {
    if (std::shared_ptr<ArrayBody> body = node.weak_body_lock()) {
        ArrayBody::GraphEntry* entry = body->FindGraphEntry(node.backprop_id());
        if (entry != nullptr && entry->node.get() == &node) {
            entry->grad_required = true;
        }
    }
}

}  // namespace

void Unchain(const Array& array, const std::optional<BackpropId>& backprop_id) {
    if (ArrayBody::GraphEntry* entry = GraphEntryToCut(array, backprop_id, "unchain")) {
        entry->node->set_creator_op_node(nullptr);
        entry->grad_required = true;
    }
}

void UnchainBackward(const Array& array, const std::optional<BackpropId>& backprop_id) {
    ArrayBody::GraphEntry* entry = GraphEntryToCut(array, backprop_id, "unchain_backward");
    if (entry == nullptr) {
        return;
    }
    entry->grad_required = true;  // a root even when it had no creator
    // Depth first, without recursion (graphs of long loops are deep). A node is cut when it is first reached, so a
    // node reached again has no creator and ends that path: every op node is expanded once.
    std::vector<std::shared_ptr<ArrayNode>> stack{entry->node};
    while (!stack.empty()) {
        std::shared_ptr<ArrayNode> node = std::move(stack.back());
        stack.pop_back();
        std::shared_ptr<OpNode> creator = node->creator_op_node();
        if (creator == nullptr) {
            continue;
        }
        node->set_creator_op_node(nullptr);
        MarkRootGradRequired(*node);
        for (const std::shared_ptr<ArrayNode>& input : creator->input_array_nodes()) {
            if (input != nullptr && input->creator_op_node() != nullptr) {
                stack.push_back(input);
            }
        }
        // `creator` is released here; its input nodes are either on the stack or already cut, so releasing it never
        // starts a long chain of destructors.
    }
}

}  // namespace chainerx
