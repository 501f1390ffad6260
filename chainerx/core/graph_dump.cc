#include "chainerx/core/graph_dump.h"

#include <queue>
#include <unordered_set>
#include <vector>

#include "chainerx/core/array_node.h"
#include "chainerx/core/error.h"
#include "chainerx/core/op_node.h"

namespace chainerx {
namespace internal {
namespace {

void PrintNode(std::ostream& os, const ArrayNode& node) {
    os << node.shape() << " " << node.dtype();
    if (node.creator_op_node() == nullptr) {
        os << " (leaf)";
    }
}

}  // namespace

void DumpComputationalGraph(std::ostream& os, const Array& array, const BackpropId& backprop_id) {
    const ArrayBody::GraphEntry* entry = array.body()->FindGraphEntry(backprop_id);
    if (entry == nullptr) {
        throw ChainerxError{"the array is not in the graph '", backprop_id, "'"};
    }
    os << "graph '" << backprop_id << "' from array ";
    PrintNode(os, *entry->node);
    os << "\n";
    auto by_rank = [](const std::shared_ptr<OpNode>& a, const std::shared_ptr<OpNode>& b) { return a->rank() < b->rank(); };
    std::priority_queue<std::shared_ptr<OpNode>, std::vector<std::shared_ptr<OpNode>>, decltype(by_rank)> queue{by_rank};
    std::unordered_set<const OpNode*> seen;
    if (entry->node->creator_op_node() != nullptr) {
        queue.push(entry->node->creator_op_node());
        seen.insert(entry->node->creator_op_node().get());
    }
    while (!queue.empty()) {
        std::shared_ptr<OpNode> op = queue.top();
        queue.pop();
        os << "  " << op->name() << " (rank " << op->rank() << ")\n";
        for (const auto& weak_output : op->output_array_nodes()) {
            os << "    out: ";
            if (std::shared_ptr<ArrayNode> output = weak_output.lock()) {
                PrintNode(os, *output);
            } else {
                os << "(released)";
            }
            os << "\n";
        }
        for (const auto& input : op->input_array_nodes()) {
            os << "    in:  ";
            if (input == nullptr) {
                os << "(not in this graph)\n";
                continue;
            }
            PrintNode(os, *input);
            os << "\n";
            const std::shared_ptr<OpNode>& creator = input->creator_op_node();
            if (creator != nullptr && seen.insert(creator.get()).second) {
                queue.push(creator);
            }
        }
    }
}

}  // namespace internal
}  // namespace chainerx
