// The exception hierarchy of ChainerX.
//
// Every error a user can cause derives from ChainerxError and is built from message pieces that are streamed
// together, so call sites read like sentences:
//
//     throw DimensionError{"add: shapes ", a.shape(), " and ", b.shape(), " cannot be broadcast"};
//
// The Python binding registers each class with its C++ base as the Python base; IndexError maps to Python's
// IndexError.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace chainerx {
namespace internal {

template <typename... Args>
std::string BuildErrorMessage(const Args&... args) {
    std::ostringstream os;
    (os << ... << args);
    return os.str();
}

}  // namespace internal

class ChainerxError : public std::runtime_error {
public:
    template <typename... Args>
    explicit ChainerxError(const Args&... args) : std::runtime_error{internal::BuildErrorMessage(args...)} {}
};

#define CHAINERX_DEFINE_ERROR(name)                   \
    class name : public ChainerxError {               \
    public:                                           \
        using ChainerxError::ChainerxError;           \
    }

// A context is missing or invalid (e.g. no default context is set).
CHAINERX_DEFINE_ERROR(ContextError);
// A backend cannot be found or loaded, or lacks a kernel.
CHAINERX_DEFINE_ERROR(BackendError);
// A device name or index is invalid, or arrays live on incompatible devices.
CHAINERX_DEFINE_ERROR(DeviceError);
// Shapes, ranks or axes are invalid or incompatible.
CHAINERX_DEFINE_ERROR(DimensionError);
// A dtype is unknown or not supported by the operation.
CHAINERX_DEFINE_ERROR(DtypeError);
// A feature that is part of the API but not implemented for these arguments.
CHAINERX_DEFINE_ERROR(NotImplementedError);
// Misuse of the autograd API (e.g. a gradient of the wrong shape).
CHAINERX_DEFINE_ERROR(GradientError);
// A numerical gradient check failed.
CHAINERX_DEFINE_ERROR(GradientCheckError);
// An index is out of range; mapped to Python's IndexError.
CHAINERX_DEFINE_ERROR(IndexError);
// A Python integer does not fit the integer dtype it is used with (NumPy 2's rule); mapped to Python's
// OverflowError.
CHAINERX_DEFINE_ERROR(OverflowError);

#undef CHAINERX_DEFINE_ERROR

}  // namespace chainerx
