#include "chainerx/core/routines/type_util.h"

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

Dtype ResultType(const Array& a, Scalar b) {
    if (KindCategory(b.kind()) > KindCategory(GetKind(a.dtype()))) {
        return GetDefaultDtype(b.kind());
    }
    return a.dtype();
}

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
}

Array CastIfNeeded(const Array& a, Dtype dtype) { return a.dtype() == dtype ? a : a.AsType(dtype, false); }

}  // namespace internal
}  // namespace chainerx
