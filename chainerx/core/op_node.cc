#include "chainerx/core/op_node.h"

#include <algorithm>

#include "chainerx/core/thread_local_instance.h"

namespace chainerx {
namespace internal {
namespace {

struct ReleaseWorkList {
    std::vector<std::shared_ptr<ArrayNode>> pending;
    bool draining = false;
};

// See Note [Iterative graph destruction].
void ReleaseIteratively(OpNode::InputNodeList nodes) {
    ReleaseWorkList& list = ThreadLocalInstance<ReleaseWorkList, ReleaseWorkList>::Get();
    for (auto& node : nodes) {
        if (node != nullptr) {
            list.pending.push_back(std::move(node));
        }
    }
    if (list.draining) {
        return;
    }
    list.draining = true;
    while (!list.pending.empty()) {
        std::shared_ptr<ArrayNode> node = std::move(list.pending.back());
        list.pending.pop_back();
        node.reset();  // may destroy an OpNode, whose destructor appends to `pending` instead of recursing
    }
    list.draining = false;
}

}  // namespace

OpNode::OpNode(const char* name, const BackpropId& backprop_id, InputNodeList&& input_array_nodes)
    : name_{name}, backprop_id_{backprop_id}, rank_{0}, input_array_nodes_{std::move(input_array_nodes)} {
    for (const auto& node : input_array_nodes_) {
        if (node != nullptr && node->creator_op_node() != nullptr) {
            rank_ = std::max(rank_, node->creator_op_node()->rank() + 1);
        }
    }
}

// Note [Iterative graph destruction]
// A chain of N operations is a chain of shared_ptrs: op node → input array node → its creator op node → ...
// Destroying the head would recurse N levels deep and overflow the stack for long chains (1e5 ops is a
// normal RNN unroll). Op nodes therefore hand their inputs to a thread-local work list that the outermost
// destructor drains in a loop.
// Inputs that other owners still hold (a leaf's node, held by its array) are released in place: only the last
// reference to a node can start a chain of destructions.
OpNode::~OpNode() {
    if (std::any_of(input_array_nodes_.begin(), input_array_nodes_.end(), [](const std::shared_ptr<ArrayNode>& node) {
            return node != nullptr && node.use_count() == 1;
        })) {
        ReleaseIteratively(std::move(input_array_nodes_));
    }
}

void OpNode::AddOutput(const std::shared_ptr<ArrayNode>& output_node, ArrayProps props) {
    output_array_nodes_.emplace_back(output_node);
    output_array_props_.push_back(std::move(props));
}

const OpNode::RetainedList& OpNode::retained_inputs() const {
    static const RetainedList kNone{};
    return retained_ != nullptr ? retained_->inputs : kNone;
}

const OpNode::RetainedOutputList& OpNode::retained_outputs() const {
    static const RetainedOutputList kNone{};
    return retained_ != nullptr ? retained_->outputs : kNone;
}

}  // namespace internal
}  // namespace chainerx
