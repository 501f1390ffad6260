// A text dump of the computational graph behind an array, for debugging.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/backprop_id.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/shape.h"

namespace chainerx {
namespace internal {

// Writes one line per op node reachable from `array` on the graph (in backward order), with its rank and the
// shapes/dtypes of its inputs and outputs. Throws ChainerxError if the array is not in the graph.
void DumpComputationalGraph(std::ostream& os, const Array& array, const BackpropId& backprop_id);

// The graph behind some arrays as plain records, for a language binding to draw it (chainer.computational_graph on
// chainerx Variables). Array nodes are numbered by their position in `arrays`; an op's input that is not in the graph
// is -1. An output node whose array and node were released is recorded from the op's output props, without a body.
struct GraphRecord {
    struct ArrayRecord {
        Shape shape;
        Dtype dtype;
        std::shared_ptr<ArrayBody> body;  // null when the array is gone
    };
    struct OpRecord {
        std::string name;
        int64_t rank;
        std::vector<int64_t> inputs;
        std::vector<int64_t> outputs;
    };
    std::vector<ArrayRecord> arrays;
    std::vector<OpRecord> ops;  // by decreasing rank
};

// Every op node reachable backward from the outputs' nodes on the graph, with their input and output arrays. Outputs
// that are not in the graph contribute nothing.
GraphRecord RecordComputationalGraph(const std::vector<ConstArrayRef>& outputs, const BackpropId& backprop_id);

}  // namespace internal
}  // namespace chainerx
