// Scopes that switch gradient recording off (NoBackpropModeScope) or back on (ForceBackpropModeScope), for
// all graphs of a context or for chosen graphs. Scopes nest per thread; the innermost one that covers a graph
// decides. With no scope, backprop is enabled, and checking costs one thread-local load.
#pragma once

#include <optional>
#include <vector>

#include "chainerx/core/backprop_id.h"
#include "chainerx/core/small_vector.h"

namespace chainerx {

class Context;

namespace internal {

// Graphs of a frame's context with an ordinal of at least `min_ordinal` are covered besides the listed ones:
// 0 covers every graph; kListedGraphsOnly none.
constexpr BackpropOrdinal kListedGraphsOnly = ~BackpropOrdinal{0};

struct BackpropModeFrame {
    Context* context;
    // Inline room for one id: the common scope names a single graph.
    SmallVector<BackpropId, 1> backprop_ids;
    BackpropOrdinal min_ordinal;
    bool enabled;
};

std::vector<BackpropModeFrame>& GetBackpropModeStack();

}  // namespace internal

template <bool kEnabled>
class BackpropModeScope {
public:
    // All graphs of the default context.
    BackpropModeScope();
    // All graphs of `context`.
    explicit BackpropModeScope(Context& context);
    // The listed graphs (all must belong to one context).
    explicit BackpropModeScope(const std::vector<BackpropId>& backprop_ids);
    explicit BackpropModeScope(const BackpropId& backprop_id);
    // Every graph of `context` whose ordinal is at least `min_ordinal`: a graph and all graphs created after it
    // (its inner graphs). Backward uses it to stop recording where its results must not be recorded.
    BackpropModeScope(Context& context, BackpropOrdinal min_ordinal);
    ~BackpropModeScope();
    BackpropModeScope(const BackpropModeScope&) = delete;
    BackpropModeScope& operator=(const BackpropModeScope&) = delete;

private:
    size_t depth_;
};

using NoBackpropModeScope = BackpropModeScope<false>;
using ForceBackpropModeScope = BackpropModeScope<true>;

extern template class BackpropModeScope<false>;
extern template class BackpropModeScope<true>;

// Whether operations record backward steps on the graph under the current scopes.
bool IsBackpropRequired(const BackpropId& backprop_id);
// The same for the default graph of `context` (default: the default context).
bool IsBackpropRequired(Context& context);
bool IsBackpropRequired();

}  // namespace chainerx
