// The n_step_* networks of rnn.h as one backend call, where the backend has one: Note [Fused recurrent networks] in
// rnn_fused.cc.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/kernels/rnn.h"
#include "chainerx/core/routines/rnn.h"

namespace chainerx {
namespace internal {

// The network `op` (its arguments as rnn.h's n_step_* routines take them, checked by the caller for counts and
// non-increasing batches) as NStepRnnKernel runs it, with its one op on the graph; nullopt where the arguments are
// not exactly those of one call or the backend declines (the caller composes the network then).
std::optional<NStepRnnResult> FusedNStepRnn(
        const char* op,
        RnnCell cell,
        int64_t n_layers,
        bool bidirectional,
        const Array& hx,
        const std::optional<Array>& cx,
        const std::vector<std::vector<Array>>& ws,
        const std::vector<std::vector<Array>>& bs,
        const std::vector<Array>& xs);

}  // namespace internal
}  // namespace chainerx
