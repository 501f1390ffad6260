// Key kernels of the fused optimizer updates: one per update rule of chainerx/core/numeric/optimizer.h. Each
// updates param and the rule's states in place from grad, in one pass over memory. The routine
// (routines/optimizer.h) has checked that the arrays share one device, one shape and one float dtype, and that
// no written array has overlapping elements; grad may be a broadcast view.
#pragma once

#include <array>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/kernel_registry.h"
#include "chainerx/core/numeric/optimizer.h"

namespace chainerx {

// The shared shape of the fused update kernels: arrays are param, grad, then the rule's kStates states.
//
// CallMany applies one rule to several parameters (each with its own arrays, of any float dtype and shape): a
// backend may update them all in one launch (Note [Batched updates] in routines/optimizer.h). Its default calls
// Call for each.
template <typename Rule>
class FusedUpdateKernel : public Kernel {
public:
    using Arrays = std::array<Array, 2 + Rule::kStates>;

    virtual void Call(const Arrays& arrays, const Rule& rule) = 0;

    virtual void CallMany(const std::vector<Arrays>& updates, const Rule& rule) {
        for (const Arrays& arrays : updates) {
            Call(arrays, rule);
        }
    }
};

#define CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(name_, rule_)                            \
    class name_ : public ::chainerx::FusedUpdateKernel<::chainerx::numeric::rule_> { \
    public:                                                                          \
        static const char* name() { return #name_; }                                 \
    }

CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(SgdUpdateKernel, SgdRule);
CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(MomentumSgdUpdateKernel, MomentumSgdRule);
CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(CorrectedMomentumSgdUpdateKernel, CorrectedMomentumSgdRule);
CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(NesterovAgUpdateKernel, NesterovAgRule);
CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(AdaGradUpdateKernel, AdaGradRule);
CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(AdaDeltaUpdateKernel, AdaDeltaRule);
CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(RmsPropUpdateKernel, RmsPropRule);
CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(RmsPropGravesUpdateKernel, RmsPropGravesRule);
CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(AdamUpdateKernel, AdamRule);
CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(AmsGradUpdateKernel, AmsGradRule);
CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(Smorms3UpdateKernel, Smorms3Rule);
CHAINERX_DEFINE_FUSED_UPDATE_KERNEL(MsvagUpdateKernel, MsvagRule);

#undef CHAINERX_DEFINE_FUSED_UPDATE_KERNEL

// The two steps of clipping gradients by their global norm (Note [Clipping by the global norm] in
// routines/optimizer.cc). Kernels may assume: the arrays C-contiguous, of float dtypes, on squared_norm's device,
// no two sharing memory; squared_norm 0-d, float64 when some array is float64, else float32.

// squared_norm = the sum of the squares of all elements of all arrays (float16 elements squared in float32), summed in
// an order that depends only on the arrays' sizes.
class SquaredNormKernel : public Kernel {
public:
    static const char* name() { return "SquaredNorm"; }
    virtual void Call(const std::vector<Array>& arrays, const Array& squared_norm) = 0;
};

// Every array multiplied in place by rate = threshold / sqrt(squared_norm) (in the array's dtype), unless rate >= 1:
// arrays within the threshold are left alone. A NaN norm makes NaN arrays, an infinite one zeros.
class ClipByNormKernel : public Kernel {
public:
    static const char* name() { return "ClipByNorm"; }
    virtual void Call(const std::vector<Array>& arrays, const Array& squared_norm, double threshold) = 0;
};

}  // namespace chainerx
