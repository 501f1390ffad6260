// Key kernels of the arithmetic family. Inputs are already cast to the kernel's dtype and broadcast to the
// output's shape by the routine (routines/arithmetic.h), which also rejects the dtypes a kernel lacks.
#pragma once

#include "chainerx/core/kernels/kernel_types.h"

namespace chainerx {

CHAINERX_DEFINE_KEY_KERNEL(AddKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(AddASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(SubtractKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(SubtractASKernel, BinaryScalarKernel);
// scalar - x1
CHAINERX_DEFINE_KEY_KERNEL(SubtractSAKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MultiplyKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(MultiplyASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(NegativeKernel, UnaryKernel);
// True division of floating-point operands (integer operands are cast to float32 by the routine).
CHAINERX_DEFINE_KEY_KERNEL(DivideKernel, BinaryKernel);
// x1 / scalar and scalar / x1, floating-point dtypes: one kernel where a 0-d array of the scalar would cost a fill
// (a second launch on a GPU) and an allocation.
CHAINERX_DEFINE_KEY_KERNEL(DivideASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(DivideSAKernel, BinaryScalarKernel);
// Numeric dtypes; integer division by zero gives 0.
CHAINERX_DEFINE_KEY_KERNEL(FloorDivideKernel, BinaryKernel);
// Numeric dtypes; the result has the sign of the divisor.
CHAINERX_DEFINE_KEY_KERNEL(RemainderKernel, BinaryKernel);
// x1 // scalar, scalar // x1, x1 % scalar and scalar % x1 in one kernel each (numeric dtypes).
CHAINERX_DEFINE_KEY_KERNEL(FloorDivideASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(FloorDivideSAKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(RemainderASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(RemainderSAKernel, BinaryScalarKernel);
// Floating-point dtypes; the result has the sign of the dividend.
CHAINERX_DEFINE_KEY_KERNEL(FmodKernel, BinaryKernel);
// Numeric dtypes.
CHAINERX_DEFINE_KEY_KERNEL(PowerKernel, BinaryKernel);
// x1 ** scalar and scalar ** x1, numeric dtypes: one kernel where a 0-d array of the scalar would cost a fill.
CHAINERX_DEFINE_KEY_KERNEL(PowerASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(PowerSAKernel, BinaryScalarKernel);
// All dtypes.
CHAINERX_DEFINE_KEY_KERNEL(AbsoluteKernel, UnaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(SignKernel, UnaryKernel);
// Floating-point dtypes.
CHAINERX_DEFINE_KEY_KERNEL(SqrtKernel, UnaryKernel);

// All dtypes; NaN propagates, ties return x1.
CHAINERX_DEFINE_KEY_KERNEL(MaximumKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(MinimumKernel, BinaryKernel);
// Bool outputs: whether maximum (minimum) returned x1 (First) or x2 (Second), for the gradients.
CHAINERX_DEFINE_KEY_KERNEL(MaximumTakesFirstKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(MaximumTakesSecondKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(MinimumTakesFirstKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(MinimumTakesSecondKernel, BinaryKernel);
// maximum(x1, scalar) (AS) and maximum(scalar, x1) (SA), minimum likewise: the scalar stands in its operand's place,
// so ties and NaN choose as the array kernels do. TakesArray masks (bool) say where x1 was returned.
CHAINERX_DEFINE_KEY_KERNEL(MaximumASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MaximumSAKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MinimumASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MinimumSAKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MaximumTakesArrayASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MaximumTakesArraySAKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MinimumTakesArrayASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MinimumTakesArraySAKernel, BinaryScalarKernel);
// The gradients of the scalar forms for the array operand, (gout, x, scalar) -> gout times the TakesArray mask.
CHAINERX_DEFINE_KEY_KERNEL(MaximumASGradKernel, BinaryWithScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MaximumSAGradKernel, BinaryWithScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MinimumASGradKernel, BinaryWithScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(MinimumSAGradKernel, BinaryWithScalarKernel);
// clip(x, low, high) = minimum(maximum(x, low), high) in one pass, its mask of where x was returned (bool), and its
// gradient (gout, x, low, high) -> gout times that mask.
CHAINERX_DEFINE_KEY_KERNEL(ClipKernel, UnaryWithScalarsKernel);
CHAINERX_DEFINE_KEY_KERNEL(ClipTakesArrayKernel, UnaryWithScalarsKernel);
CHAINERX_DEFINE_KEY_KERNEL(ClipGradKernel, BinaryWithScalarsKernel);

// Bool and integer dtypes.
CHAINERX_DEFINE_KEY_KERNEL(BitwiseAndKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(BitwiseOrKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(BitwiseXorKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(LeftShiftKernel, BinaryKernel);
CHAINERX_DEFINE_KEY_KERNEL(RightShiftKernel, BinaryKernel);
// x1 op scalar for each, and scalar op x1 for the shifts (and, or and xor commute), in one kernel each.
CHAINERX_DEFINE_KEY_KERNEL(BitwiseAndASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(BitwiseOrASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(BitwiseXorASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(LeftShiftASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(LeftShiftSAKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(RightShiftASKernel, BinaryScalarKernel);
CHAINERX_DEFINE_KEY_KERNEL(RightShiftSAKernel, BinaryScalarKernel);

}  // namespace chainerx
