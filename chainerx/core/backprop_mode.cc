#include "chainerx/core/backprop_mode.h"

#include <algorithm>

#include "chainerx/core/context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/thread_local_instance.h"

namespace chainerx {
namespace internal {

std::vector<BackpropModeFrame>& GetBackpropModeStack() {
    struct StackTag {};
    return ThreadLocalInstance<StackTag, std::vector<BackpropModeFrame>>::Get();  // one lookup per call
}

}  // namespace internal

template <bool kEnabled>
BackpropModeScope<kEnabled>::BackpropModeScope() : BackpropModeScope{GetDefaultContext()} {}

template <bool kEnabled>
BackpropModeScope<kEnabled>::BackpropModeScope(Context& context) : BackpropModeScope{context, BackpropOrdinal{0}} {}

template <bool kEnabled>
BackpropModeScope<kEnabled>::BackpropModeScope(Context& context, BackpropOrdinal min_ordinal) {
    auto& stack = internal::GetBackpropModeStack();
    stack.push_back({&context, {}, min_ordinal, kEnabled});
    depth_ = stack.size();
}

template <bool kEnabled>
BackpropModeScope<kEnabled>::BackpropModeScope(const std::vector<BackpropId>& backprop_ids) {
    if (backprop_ids.empty()) {
        throw ChainerxError{"backprop mode scope needs at least one backprop id"};
    }
    Context& context = backprop_ids.front().context();
    for (const BackpropId& id : backprop_ids) {
        if (&id.context() != &context) {
            throw ContextError{"backprop ids of a backprop mode scope must belong to one context"};
        }
        id.CheckValid();
    }
    auto& stack = internal::GetBackpropModeStack();
    stack.push_back({&context, {backprop_ids.begin(), backprop_ids.end()}, internal::kListedGraphsOnly, kEnabled});
    depth_ = stack.size();
}

template <bool kEnabled>
BackpropModeScope<kEnabled>::BackpropModeScope(const BackpropId& backprop_id) {
    backprop_id.CheckValid();
    auto& stack = internal::GetBackpropModeStack();
    stack.push_back({&backprop_id.context(), {backprop_id}, internal::kListedGraphsOnly, kEnabled});
    depth_ = stack.size();
}

template <bool kEnabled>
BackpropModeScope<kEnabled>::~BackpropModeScope() {
    auto& stack = internal::GetBackpropModeStack();
    // Scopes are strictly nested; a mismatch would mean a scope object outlived its block.
    if (stack.size() == depth_) {
        stack.pop_back();
    }
}

template class BackpropModeScope<false>;
template class BackpropModeScope<true>;

bool IsBackpropRequired(const BackpropId& backprop_id) {
    const auto& stack = internal::GetBackpropModeStack();
    for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
        if (it->context != &backprop_id.context()) {
            continue;
        }
        if (backprop_id.ordinal() >= it->min_ordinal ||
            std::find(it->backprop_ids.begin(), it->backprop_ids.end(), backprop_id) != it->backprop_ids.end()) {
            return it->enabled;
        }
    }
    return true;
}

bool IsBackpropRequired(Context& context) { return IsBackpropRequired(context.default_backprop_id()); }

bool IsBackpropRequired() { return IsBackpropRequired(GetDefaultContext()); }

}  // namespace chainerx
