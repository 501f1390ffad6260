// The node of an array in one computational graph.
//
// An ArrayNode outlives its array body when an op node still needs it as an input; it refers back to the
// body weakly, so graphs never keep array data alive by themselves.
#pragma once

#include <memory>
#include <utility>

#include "chainerx/core/backprop_id.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/shape.h"

namespace chainerx {

class Device;

namespace internal {

class ArrayBody;
class OpNode;

class ArrayNode {
public:
    ArrayNode(const std::shared_ptr<ArrayBody>& body, const BackpropId& backprop_id);

    const BackpropId& backprop_id() const { return backprop_id_; }
    const Shape& shape() const { return shape_; }
    Dtype dtype() const { return dtype_; }
    Device& device() const { return device_; }

    std::shared_ptr<ArrayBody> weak_body_lock() const { return weak_body_.lock(); }
    void set_weak_body(const std::shared_ptr<ArrayBody>& body) { weak_body_ = body; }

    const std::shared_ptr<OpNode>& creator_op_node() const { return creator_op_node_; }
    void set_creator_op_node(std::shared_ptr<OpNode> op_node) { creator_op_node_ = std::move(op_node); }

    // The gradient accumulated so far by a running backward pass (null outside one). Kept in the node rather
    // than in a map of the pass: see Note [Backward state in graph nodes] in backward.cc.
    std::shared_ptr<ArrayBody>& pending_grad() { return pending_grad_; }

private:
    std::weak_ptr<ArrayBody> weak_body_;
    std::shared_ptr<OpNode> creator_op_node_;
    std::shared_ptr<ArrayBody> pending_grad_;
    BackpropId backprop_id_;
    Shape shape_;
    Dtype dtype_;
    Device& device_;
};

}  // namespace internal
}  // namespace chainerx
