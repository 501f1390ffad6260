// The native backend declines the fused n_step_* networks (kernels/rnn.h): the routine composes them of Linear and
// the cell kernels (Note [Fused recurrent networks] in routines/rnn_n_step.cc).
#include "chainerx/core/kernels/rnn.h"

#include <optional>

#include "chainerx/native/native_backend.h"

namespace chainerx {
namespace native {
namespace {

class NativeNStepRnnKernel : public NStepRnnKernel {
public:
    std::optional<NStepRnnOutputs> Call(const NStepRnnInputs& /*inputs*/, bool /*training*/) override {
        return std::nullopt;
    }
};
CHAINERX_NATIVE_REGISTER_KERNEL(NStepRnnKernel, NativeNStepRnnKernel);

}  // namespace
}  // namespace native
}  // namespace chainerx
