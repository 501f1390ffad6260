#include "chainerx/core/graph_dump.h"

#include <memory>
#include <queue>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "chainerx/core/array_body.h"
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

// Op nodes by decreasing rank, each once: every consumer of an array comes out before its producer.
class OpQueue {
public:
    void Push(const std::shared_ptr<OpNode>& op) {
        if (op != nullptr && seen_.insert(op.get()).second) {
            queue_.push(op);
        }
    }
    bool empty() const { return queue_.empty(); }
    std::shared_ptr<OpNode> Pop() {
        std::shared_ptr<OpNode> op = queue_.top();
        queue_.pop();
        return op;
    }

private:
    struct RankLess {
        bool operator()(const std::shared_ptr<OpNode>& a, const std::shared_ptr<OpNode>& b) const {
            return a->rank() < b->rank();
        }
    };
    std::priority_queue<std::shared_ptr<OpNode>, std::vector<std::shared_ptr<OpNode>>, RankLess> queue_;
    std::unordered_set<const OpNode*> seen_;
};

}  // namespace

void DumpComputationalGraph(std::ostream& os, const Array& array, const BackpropId& backprop_id) {
    const ArrayBody::GraphEntry* entry = array.body()->FindGraphEntry(backprop_id);
    if (entry == nullptr) {
        throw ChainerxError{"the array is not in the graph '", backprop_id, "'"};
    }
    os << "graph '" << backprop_id << "' from array ";
    PrintNode(os, *entry->node);
    os << "\n";
    OpQueue queue;
    queue.Push(entry->node->creator_op_node());
    while (!queue.empty()) {
        std::shared_ptr<OpNode> op = queue.Pop();
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
            queue.Push(input->creator_op_node());
        }
    }
}

GraphRecord RecordComputationalGraph(const std::vector<ConstArrayRef>& outputs, const BackpropId& backprop_id) {
    GraphRecord record;
    std::unordered_map<const ArrayNode*, int64_t> ids;
    auto id_of = [&record, &ids](const std::shared_ptr<ArrayNode>& node) {
        auto [it, inserted] = ids.emplace(node.get(), static_cast<int64_t>(record.arrays.size()));
        if (inserted) {
            record.arrays.push_back({node->shape(), node->dtype(), node->weak_body_lock()});
        }
        return it->second;
    };
    OpQueue queue;
    for (const Array& output : outputs) {
        if (const ArrayBody::GraphEntry* entry = output.body()->FindGraphEntry(backprop_id)) {
            id_of(entry->node);
            queue.Push(entry->node->creator_op_node());
        }
    }
    while (!queue.empty()) {
        std::shared_ptr<OpNode> op = queue.Pop();
        GraphRecord::OpRecord op_record{op->name(), op->rank(), {}, {}};
        for (size_t i = 0; i < op->output_array_nodes().size(); ++i) {
            if (std::shared_ptr<ArrayNode> output = op->output_array_nodes()[i].lock()) {
                op_record.outputs.push_back(id_of(output));
            } else {
                const ArrayProps& props = op->output_array_props()[i];
                op_record.outputs.push_back(static_cast<int64_t>(record.arrays.size()));
                record.arrays.push_back({props.shape, props.dtype, nullptr});
            }
        }
        for (const std::shared_ptr<ArrayNode>& input : op->input_array_nodes()) {
            op_record.inputs.push_back(input == nullptr ? -1 : id_of(input));
            if (input != nullptr) {
                queue.Push(input->creator_op_node());
            }
        }
        record.ops.push_back(std::move(op_record));
    }
    return record;
}

}  // namespace internal
}  // namespace chainerx
