#include "chainerx/core/numerical_gradient.h"

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"

namespace chainerx {
namespace internal {
namespace {

// The address of the element at C-order position `flat_index`: a device address, read and written only through
// the device's memory copies, so that numerical gradients work on every device (cuda:N included), not only on the
// host-accessible ones.
char* ElementPointer(const Array& a, int64_t flat_index) {
    char* ptr = static_cast<char*>(a.raw_data());
    for (int8_t d = a.ndim() - 1; d >= 0; --d) {
        ptr += (flat_index % a.shape()[d]) * a.strides()[d];
        flat_index /= a.shape()[d];
    }
    return ptr;
}

}  // namespace

double GetElementAsDouble(const Array& a, int64_t flat_index) {
    const char* ptr = ElementPointer(a, flat_index);
    return VisitDtype(a.dtype(), [&a, ptr](auto pt) {
        using T = typename decltype(pt)::type;
        T value{};
        a.device().MemoryCopyToHost(&value, ptr, sizeof(T));
        return Scalar{value}.As<double>();
    });
}

void SetElementFromDouble(const Array& a, int64_t flat_index, double value) {
    char* ptr = ElementPointer(a, flat_index);
    VisitDtype(a.dtype(), [&a, ptr, value](auto pt) {
        using T = typename decltype(pt)::type;
        T element = Scalar{value}.As<T>();
        a.device().MemoryCopyFromHost(ptr, &element, sizeof(T));
    });
}

}  // namespace internal

namespace {

// sum_k <outputs_k, grad_outputs_k> computed in double on the host.
double WeightedSum(const std::vector<Array>& outputs, const std::vector<Array>& grad_outputs) {
    if (outputs.size() != grad_outputs.size()) {
        throw GradientCheckError{
                "the function returned ", outputs.size(), " outputs for ", grad_outputs.size(), " grad_outputs"};
    }
    double total = 0;
    for (size_t k = 0; k < outputs.size(); ++k) {
        Array out = outputs[k].ToDevice(outputs[k].device().context().GetNativeBackend().GetDevice(0));
        Array gout = grad_outputs[k].ToDevice(out.device()).BroadcastTo(out.shape());
        for (int64_t j = 0; j < out.GetTotalSize(); ++j) {
            total += internal::GetElementAsDouble(out, j) * internal::GetElementAsDouble(gout, j);
        }
    }
    return total;
}

}  // namespace

std::vector<Array> CalculateNumericalGradient(
        const ArrayFunction& func,
        const std::vector<Array>& inputs,
        const std::vector<Array>& grad_outputs,
        const std::vector<Array>& eps) {
    if (eps.size() != inputs.size()) {
        throw GradientCheckError{"numerical gradient: ", eps.size(), " eps given for ", inputs.size(), " inputs"};
    }
    std::vector<Array> grads;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const Array& x = inputs[i];
        if (!IsFloatingPoint(x.dtype())) {
            throw DtypeError{"numerical gradient: input ", i, " is not floating point (", x.dtype(), ")"};
        }
        // The function is only evaluated here: nothing needs to be recorded.
        NoBackpropModeScope no_backprop{x.device().context()};
        Array step = eps[i].BroadcastTo(x.shape());
        Array grad = Empty(x.shape(), Dtype::kFloat64, x.device());
        for (int64_t j = 0; j < x.GetTotalSize(); ++j) {
            double original = internal::GetElementAsDouble(x, j);
            double h = internal::GetElementAsDouble(step, j);
            internal::SetElementFromDouble(x, j, original + h);
            double plus = WeightedSum(func(inputs), grad_outputs);
            internal::SetElementFromDouble(x, j, original - h);
            double minus = WeightedSum(func(inputs), grad_outputs);
            internal::SetElementFromDouble(x, j, original);
            internal::SetElementFromDouble(grad, j, (plus - minus) / (2 * h));
        }
        grads.push_back(grad.AsType(x.dtype()));
    }
    return grads;
}

}  // namespace chainerx
