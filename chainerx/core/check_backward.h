// Gradient checks: analytic gradients (backward) against numerical ones (central differences).
//
//     CheckBackward([](const std::vector<Array>& xs) { return std::vector<Array>{xs[0] * xs[1]}; },
//                   {x, w}, {gy}, {eps_x, eps_w});
#pragma once

#include <optional>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/backprop_id.h"
#include "chainerx/core/numerical_gradient.h"

namespace chainerx {

// Throws GradientCheckError (naming the input, the two gradients and the tolerances) unless the backward
// gradients of func at `inputs`, seeded with `grad_outputs`, match the numerical ones within
// |analytic - numerical| <= atol + rtol * |numerical|. The inputs are not modified and need not require grad.
void CheckBackward(
        const ArrayFunction& func,
        const std::vector<Array>& inputs,
        const std::vector<Array>& grad_outputs,
        const std::vector<Array>& eps,
        double atol = 1e-5,
        double rtol = 1e-4,
        const std::optional<BackpropId>& backprop_id = std::nullopt);

// Checks the gradients of the first-order gradient: the function (inputs, grad_outputs) → gradients of func
// with respect to inputs is checked with CheckBackward, seeded with `grad_grad_inputs`. `eps` has one entry
// per input and per grad_output.
void CheckDoubleBackward(
        const ArrayFunction& func,
        const std::vector<Array>& inputs,
        const std::vector<Array>& grad_outputs,
        const std::vector<Array>& grad_grad_inputs,
        const std::vector<Array>& eps,
        double atol = 1e-5,
        double rtol = 1e-4,
        const std::optional<BackpropId>& backprop_id = std::nullopt);

}  // namespace chainerx
