// Central-difference gradients, the reference that analytic (backward) gradients are checked against.
#pragma once

#include <functional>
#include <vector>

#include "chainerx/core/array.h"

namespace chainerx {

using ArrayFunction = std::function<std::vector<Array>(const std::vector<Array>&)>;

// For each input x_i, returns d/dx_i sum_k <func(x)_k, grad_outputs_k> by central differences with step
// eps_i (an array of x_i's shape, or one element broadcast). Inputs are perturbed in place and restored;
// nothing is recorded on any graph. Inputs must be floating point.
std::vector<Array> CalculateNumericalGradient(
        const ArrayFunction& func,
        const std::vector<Array>& inputs,
        const std::vector<Array>& grad_outputs,
        const std::vector<Array>& eps);

namespace internal {

// Element access on a host-accessible array as double, by flat C-order index.
double GetElementAsDouble(const Array& a, int64_t flat_index);
void SetElementFromDouble(const Array& a, int64_t flat_index, double value);

}  // namespace internal
}  // namespace chainerx
