// A text dump of the computational graph behind an array, for debugging.
#pragma once

#include <ostream>

#include "chainerx/core/array.h"
#include "chainerx/core/backprop_id.h"

namespace chainerx {
namespace internal {

// Writes one line per op node reachable from `array` on the graph (in backward order), with its rank and the
// shapes/dtypes of its inputs and outputs. Throws ChainerxError if the array is not in the graph.
void DumpComputationalGraph(std::ostream& os, const Array& array, const BackpropId& backprop_id);

}  // namespace internal
}  // namespace chainerx
