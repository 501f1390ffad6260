#include "chainerx/core/backward_builder.h"

#include <algorithm>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/block_cache.h"
#include "chainerx/core/context.h"
#include "chainerx/core/error.h"

namespace chainerx {
namespace {

// Fills `retained` with the retained copies of the flagged arrays, indexed like `arrays`: empty slots where not
// retained, and none after the last retained one (BackwardContext treats a missing slot as an empty one). Each
// copy is constructed in place: a RetainedArray is ~230 bytes, and building one and moving it in doubled the cost.
template <typename RetainedList, typename ArrayList, typename FlagList>
void FillRetainedList(RetainedList& retained, const ArrayList& arrays, const FlagList& retain) {
    size_t count = 0;
    for (size_t i = 0; i < arrays.size(); ++i) {
        if (retain[i]) {
            count = i + 1;
        }
    }
    retained.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        if (!retain[i]) {
            retained.emplace_back();
            continue;
        }
        const Array& a = arrays[i];
        internal::RetainedArray& slot =
                retained.emplace_back(a.body(), a.shape(), a.strides(), a.dtype(), &a.device(), a.data(), a.offset());
        for (const auto& entry : a.body()->graph_entries()) {
            slot.array_nodes.emplace_back(entry.node);
        }
    }
}

}  // namespace

BackwardBuilder::BackwardBuilder(const char* op_name, InputList inputs, OutputList outputs)
    : op_name_{op_name}, inputs_{std::move(inputs)}, outputs_{std::move(outputs)} {
    // Collect the graphs on which some input requires backprop, outer (lower ordinal) first.
    SmallVector<BackpropId, 2> graphs;
    for (const Array& input : inputs_) {
        for (const auto& entry : input.body()->graph_entries()) {
            if (std::find(graphs.begin(), graphs.end(), entry.backprop_id) == graphs.end() &&
                IsBackpropRequired(entry.backprop_id)) {
                graphs.push_back(entry.backprop_id);
            }
        }
    }
    if (graphs.empty()) {
        return;
    }
    if (graphs.size() > 1) {
        std::sort(graphs.begin(), graphs.end(), [](const BackpropId& a, const BackpropId& b) {
            return a.ordinal() < b.ordinal();
        });
    }
    // An op recorded on several graphs links them: backward on an inner graph is then refused once an outer
    // one has run (see Context::CheckBackpropAllowed).
    for (size_t i = 1; i < graphs.size(); ++i) {
        graphs[0].context().ConnectBackpropIds(graphs[i - 1], graphs[i]);
    }
    for (const BackpropId& graph : graphs) {
        internal::OpNode::InputNodeList input_nodes;
        input_nodes.reserve(inputs_.size());
        for (const Array& input : inputs_) {
            const auto* entry = input.body()->FindGraphEntry(graph);
            input_nodes.push_back(entry != nullptr ? entry->node : nullptr);
        }
        op_nodes_.push_back(internal::MakeSharedCached<internal::OpNode>(op_name_, graph, std::move(input_nodes)));
    }
    retain_inputs_.resize(inputs_.size(), false);
    retain_outputs_.resize(outputs_.size(), false);
}

BackwardBuilder::Target::Target(BackwardBuilder& builder, IndexList input_indices)
    : builder_{&builder}, input_indices_{std::move(input_indices)} {
    for (size_t i = 0; i < builder.op_nodes_.size(); ++i) {
        const auto& input_nodes = builder.op_nodes_[i]->input_array_nodes();
        if (std::any_of(input_indices_.begin(), input_indices_.end(), [&input_nodes](size_t k) {
                return input_nodes.at(k) != nullptr;
            })) {
            graphs_.push_back(i);
        }
    }
}

void BackwardBuilder::Target::Define(BackwardFunction function) {
    // Each graph's op node gets its own copy; the last (usually the only) one takes the original.
    for (size_t k = 0; k < graphs_.size(); ++k) {
        internal::OpNode& op_node = *builder_->op_nodes_[graphs_[k]];
        if (k + 1 < graphs_.size()) {
            op_node.AddBackwardEntry({input_indices_, function});
        } else {
            op_node.AddBackwardEntry({input_indices_, std::move(function)});
        }
    }
}

BackwardBuilder::Target BackwardBuilder::CreateTarget() {
    if (!is_active()) {
        return Target{*this};
    }
    IndexList all(inputs_.size());
    for (size_t i = 0; i < all.size(); ++i) {
        all[i] = i;
    }
    return Target{*this, std::move(all)};
}

RetainedInputToken BackwardBuilder::RetainInput(size_t input_index) {
    if (is_active()) {
        retain_inputs_.at(input_index) = true;
    }
    return RetainedInputToken{input_index};
}

RetainedOutputToken BackwardBuilder::RetainOutput(size_t output_index) {
    if (is_active()) {
        retain_outputs_.at(output_index) = true;
    }
    return RetainedOutputToken{output_index};
}

void BackwardBuilder::Finalize() {
    if (!is_active()) {
        return;
    }
    for (const auto& op_node : op_nodes_) {
        for (const Array& output : outputs_) {
            if (output.body()->FindGraphEntry(op_node->backprop_id()) != nullptr) {
                throw ChainerxError{op_name_, ": an output is already part of the graph ", op_node->backprop_id()};
            }
            const auto& output_node = internal::ArrayBody::GetOrCreateArrayNode(output.body(), op_node->backprop_id());
            output_node->set_creator_op_node(op_node);
            op_node->AddOutput(output_node, {output.shape(), output.dtype(), &output.device()});
        }
    }
    // Retained arrays are captured after the outputs joined every graph, so that they record all their nodes.
    // Ops that retain nothing (sums, views, additions) skip the lists altogether.
    bool any_retained = std::find(retain_inputs_.begin(), retain_inputs_.end(), true) != retain_inputs_.end() ||
                        std::find(retain_outputs_.begin(), retain_outputs_.end(), true) != retain_outputs_.end();
    if (any_retained) {
        // One copy for the op's nodes on every graph (Note [Retained arrays out of line] in op_node.h).
        auto retained = internal::MakeSharedCached<internal::OpNode::Retained>();
        FillRetainedList(retained->inputs, inputs_, retain_inputs_);
        FillRetainedList(retained->outputs, outputs_, retain_outputs_);
        for (const auto& op_node : op_nodes_) {
            op_node->SetRetained(retained);
        }
    }
    op_nodes_.clear();
}

}  // namespace chainerx
