// Identifiers of computational graphs.
//
// A BackpropId names one graph within a Context. Arrays can be part of several graphs at once; graphs are
// ordered by their ordinal (creation order), so an earlier graph is "outer" relative to a later one.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace chainerx {

class Context;

using BackpropOrdinal = uint64_t;

class BackpropId {
public:
    BackpropId(Context& context, BackpropOrdinal ordinal) : context_{&context}, ordinal_{ordinal} {}

    Context& context() const { return *context_; }
    BackpropOrdinal ordinal() const { return ordinal_; }

    // The name given at creation; "<default>" for the default graph and "<expired>" once released.
    std::string GetName() const;

    // Throws ChainerxError if the id has been released.
    void CheckValid() const;

    bool operator==(const BackpropId& other) const { return context_ == other.context_ && ordinal_ == other.ordinal_; }
    bool operator!=(const BackpropId& other) const { return !(*this == other); }

private:
    Context* context_;
    BackpropOrdinal ordinal_;
};

std::ostream& operator<<(std::ostream& os, const BackpropId& backprop_id);

// Tag type meaning "any graph", as in `IsBackpropRequired(AnyGraph{})`.
class AnyGraph {};

}  // namespace chainerx
