#include "chainerx/core/array_body.h"

#include <algorithm>

#include "chainerx/core/array_body_leak_detection.h"
#include "chainerx/core/array_node.h"
#include "chainerx/core/block_cache.h"
#include "chainerx/core/device.h"
#include "chainerx/core/macro.h"

namespace chainerx {
namespace internal {

ArrayBody::~ArrayBody() = default;

std::shared_ptr<ArrayBody> ArrayBody::Create(
        const Shape& shape, const Strides& strides, Dtype dtype, Device& device, std::shared_ptr<void> data, int64_t offset) {
    auto body = MakeSharedCached<ArrayBody>(shape, strides, dtype, device, std::move(data), offset);
    ArrayBodyLeakTracker::OnCreated(body);
    return body;
}

ArrayBody::GraphEntry* ArrayBody::FindGraphEntry(const BackpropId& backprop_id) {
    for (GraphEntry& entry : graph_entries_) {
        if (entry.backprop_id == backprop_id) {
            return &entry;
        }
    }
    return nullptr;
}

const ArrayBody::GraphEntry* ArrayBody::FindGraphEntry(const BackpropId& backprop_id) const {
    return const_cast<ArrayBody*>(this)->FindGraphEntry(backprop_id);  // NOLINT(cppcoreguidelines-pro-type-const-cast)
}

const std::shared_ptr<ArrayNode>& ArrayBody::GetOrCreateArrayNode(
        const std::shared_ptr<ArrayBody>& body, const BackpropId& backprop_id) {
    if (GraphEntry* entry = body->FindGraphEntry(backprop_id)) {
        return entry->node;
    }
    // Entries stay sorted by ordinal (outer graphs first), which keeps graph iteration deterministic.
    auto pos = std::find_if(body->graph_entries_.begin(), body->graph_entries_.end(), [&backprop_id](const GraphEntry& e) {
        return e.backprop_id.ordinal() > backprop_id.ordinal();
    });
    pos = body->graph_entries_.insert(
            pos, GraphEntry{backprop_id, MakeSharedCached<ArrayNode>(body, backprop_id), nullptr, false});
    return pos->node;
}

void ArrayBody::AttachArrayNode(const std::shared_ptr<ArrayBody>& body, const std::shared_ptr<ArrayNode>& node) {
    CHAINERX_ASSERT(body->FindGraphEntry(node->backprop_id()) == nullptr);
    auto pos = std::find_if(body->graph_entries_.begin(), body->graph_entries_.end(), [&node](const GraphEntry& e) {
        return e.backprop_id.ordinal() > node->backprop_id().ordinal();
    });
    body->graph_entries_.insert(pos, GraphEntry{node->backprop_id(), node, nullptr, false});
    node->set_weak_body(body);
}

void ArrayBody::ClearGraph(const BackpropId& backprop_id) {
    graph_entries_.erase(
            std::remove_if(
                    graph_entries_.begin(),
                    graph_entries_.end(),
                    [&backprop_id](const GraphEntry& e) { return e.backprop_id == backprop_id; }),
            graph_entries_.end());
}

ArrayNode::ArrayNode(const std::shared_ptr<ArrayBody>& body, const BackpropId& backprop_id)
    : weak_body_{body}, backprop_id_{backprop_id}, shape_{body->shape()}, dtype_{body->dtype()}, device_{body->device()} {}

}  // namespace internal
}  // namespace chainerx
