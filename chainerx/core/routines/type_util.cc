#include "chainerx/core/routines/type_util.h"

#include <cstdint>

#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"

namespace chainerx {

Dtype ResultType(const Array& a, const Array& b) { return PromoteTypes(a.dtype(), b.dtype()); }

namespace {

// bool < integer (signed or not) < float.
int KindCategory(DtypeKind kind) {
    switch (kind) {
        case DtypeKind::kBool:
            return 0;
        case DtypeKind::kFloat:
            return 2;
        default:
            return 1;
    }
}

}  // namespace

Dtype ResultType(const Array& a, Scalar b) { return ResultType(a.dtype(), b); }

Dtype ResultType(Dtype a, Scalar b) {
    if (KindCategory(b.kind()) > KindCategory(GetKind(a))) {
        return GetDefaultDtype(b.kind());
    }
    internal::CheckScalarFits(b, a);
    return a;
}

namespace internal {

bool ScalarFits(Scalar s, Dtype dtype) {
    if (s.kind() != DtypeKind::kInt) {
        return true;
    }
    auto value = s.As<int64_t>();
    switch (dtype) {
        case Dtype::kInt8:
            return value >= INT8_MIN && value <= INT8_MAX;
        case Dtype::kInt16:
            return value >= INT16_MIN && value <= INT16_MAX;
        case Dtype::kInt32:
            return value >= INT32_MIN && value <= INT32_MAX;
        case Dtype::kUInt8:
            return value >= 0 && value <= UINT8_MAX;
        default:
            return true;  // int64 holds every Scalar integer; bool and floats take any integer
    }
}

void CheckScalarFits(Scalar s, Dtype dtype) {
    if (!ScalarFits(s, dtype)) {
        throw OverflowError{"Python integer ", s, " out of bounds for ", dtype};
    }
}

}  // namespace internal

namespace internal {

void CheckSameDevice(const char* op, const Array& a, const Array& b) {
    if (&a.device() != &b.device()) {
        throw DeviceError{op, ": arrays are on different devices (", a.device().name(), " and ", b.device().name(), ")"};
    }
}

void CheckNotBool(const char* op, const Array& a) {
    if (a.dtype() == Dtype::kBool) {
        throw DtypeError{op, ": bool arrays are not supported"};
    }
}

void CheckNoBoolMix(const char* op, const Array& a, const Array& b) {
    if ((a.dtype() == Dtype::kBool) != (b.dtype() == Dtype::kBool)) {
        throw DtypeError{op, ": bool and non-bool operands cannot be mixed (", a.dtype(), " and ", b.dtype(), ")"};
    }
}

void CheckNotBool(const char* op, Scalar s) {
    if (s.kind() == DtypeKind::kBool) {
        throw DtypeError{op, ": bool scalars are not supported"};
    }
}

void CheckInplaceAllowed(const char* op, const Array& out) {
    if (out.IsBackpropRequired(AnyGraph{})) {
        throw ChainerxError{op, ": in-place operation on an array that requires grad"};
    }
    // NumPy makes broadcast results read-only; here the same element appears at several positions, and a write
    // through one would silently change the others.
    for (int8_t i = 0; i < out.ndim() && out.GetTotalSize() > 0; ++i) {
        if (out.strides()[i] == 0 && out.shape()[i] > 1) {
            throw ChainerxError{op, ": cannot write into a broadcast view (axis ", int{i}, " of shape ", out.shape(),
                                " has stride 0)"};
        }
    }
}

Array CastIfNeeded(const Array& a, Dtype dtype) { return a.dtype() == dtype ? a : a.AsType(dtype, false); }

}  // namespace internal
}  // namespace chainerx
