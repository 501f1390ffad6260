// Array: the user-facing N-dimensional array handle of the C++ API.
//
// An Array is a cheap value handle to a shared body (array_body.h); copying an Array aliases the same data
// and graph nodes, like Python references. Operations are the routines of chainerx/core/routines, which
// record a backward step whenever an input requires grad:
//
//     Array x = Ones({2, 3}, Dtype::kFloat32).RequireGrad();
//     Array y = (x * x + 1).Sum();
//     y.Backward();
//     Array gx = *x.GetGrad();  // 2 * x
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chainerx/core/array_body.h"
#include "chainerx/core/array_index.h"
#include "chainerx/core/backprop_id.h"
#include "chainerx/core/dtype.h"
#include "chainerx/core/scalar.h"
#include "chainerx/core/shape.h"

namespace chainerx {

class Device;

enum class CopyKind { kCopy, kView };
enum class DoubleBackpropOption : bool { kDisable = false, kEnable = true };

class Array {
public:
    Array() = default;
    explicit Array(std::shared_ptr<internal::ArrayBody> body) : body_{std::move(body)} {}

    const std::shared_ptr<internal::ArrayBody>& body() const { return body_; }
    // The body of a temporary, moved out (`std::move(a).TakeBody()`): hands a result on without the atomic
    // increment and decrement of copying the shared_ptr.
    std::shared_ptr<internal::ArrayBody> TakeBody() && { return std::move(body_); }
    bool is_null() const { return body_ == nullptr; }

    const Shape& shape() const { return body_->shape(); }
    const Strides& strides() const { return body_->strides(); }
    Dtype dtype() const { return body_->dtype(); }
    Device& device() const { return body_->device(); }
    int8_t ndim() const { return body_->ndim(); }
    int64_t GetTotalSize() const { return body_->GetTotalSize(); }
    int64_t GetItemSize() const { return body_->GetItemSize(); }
    int64_t GetNBytes() const { return GetTotalSize() * GetItemSize(); }
    int64_t offset() const { return body_->offset(); }
    const std::shared_ptr<void>& data() const { return body_->data(); }
    // Pointer to the first element (data + offset); device memory for non-host devices.
    void* raw_data() const { return static_cast<char*>(data().get()) + offset(); }
    bool IsContiguous() const;

    // Arithmetic (see routines/arithmetic.h for dtype rules and errors).
    Array operator-() const;
    Array operator+(const Array& rhs) const;
    Array operator+(Scalar rhs) const;
    Array operator-(const Array& rhs) const;
    Array operator-(Scalar rhs) const;
    Array operator*(const Array& rhs) const;
    Array operator*(Scalar rhs) const;
    Array operator/(const Array& rhs) const;
    Array operator/(Scalar rhs) const;
    // Remainder with the sign of rhs (Python's %).
    Array operator%(const Array& rhs) const;
    Array operator%(Scalar rhs) const;
    // Bitwise operators, for bool and integer arrays.
    Array operator&(const Array& rhs) const;
    Array operator&(Scalar rhs) const;
    Array operator|(const Array& rhs) const;
    Array operator|(Scalar rhs) const;
    Array operator^(const Array& rhs) const;
    Array operator^(Scalar rhs) const;
    Array operator<<(const Array& rhs) const;
    Array operator<<(Scalar rhs) const;
    Array operator>>(const Array& rhs) const;
    Array operator>>(Scalar rhs) const;
    // In-place operators modify this array's data. Throw ChainerxError if it requires grad.
    Array& operator+=(const Array& rhs);
    Array& operator+=(Scalar rhs);
    Array& operator*=(const Array& rhs);
    Array& operator-=(const Array& rhs);
    Array& operator-=(Scalar rhs);
    Array& operator*=(Scalar rhs);
    Array& operator/=(const Array& rhs);
    Array& operator/=(Scalar rhs);
    Array& operator%=(const Array& rhs);
    Array& operator%=(Scalar rhs);
    Array& operator&=(const Array& rhs);
    Array& operator&=(Scalar rhs);
    Array& operator|=(const Array& rhs);
    Array& operator|=(Scalar rhs);
    Array& operator^=(const Array& rhs);
    Array& operator^=(Scalar rhs);
    Array& operator<<=(const Array& rhs);
    Array& operator<<=(Scalar rhs);
    Array& operator>>=(const Array& rhs);
    Array& operator>>=(Scalar rhs);

    Array Sum(const OptionalAxes& axis = std::nullopt, bool keepdims = false) const;
    // numpy.dot(*this, b); see Dot in routines/linalg.h.
    Array Dot(const Array& b) const;

    Array Copy() const;
    Array MakeView() const;
    Array AsType(Dtype dtype, bool copy = true) const;
    Array Reshape(const Shape& newshape) const;
    Array Transpose(const OptionalAxes& axes = std::nullopt) const;
    Array BroadcastTo(const Shape& shape) const;
    // The basic-indexing view a[indices] (see At in routines/indexing.h).
    Array At(const std::vector<ArrayIndex>& indices) const;
    Array ToDevice(Device& dst_device) const;
    // A view (or copy) disconnected from all graphs, or from the listed ones.
    Array AsGradStopped(CopyKind kind = CopyKind::kView) const;
    Array AsGradStopped(const std::vector<BackpropId>& backprop_ids, CopyKind kind = CopyKind::kView) const;
    void Fill(Scalar value) const;
    // The single element as a scalar; throws DimensionError unless the size is 1.
    Scalar AsScalar() const;

    // Autograd (see backward.h). backprop_id nullopt means the default graph of the array's context.
    Array& RequireGrad(const std::optional<BackpropId>& backprop_id = std::nullopt);
    bool IsGradRequired(const std::optional<BackpropId>& backprop_id = std::nullopt) const;
    bool IsBackpropRequired(const std::optional<BackpropId>& backprop_id = std::nullopt) const;
    bool IsBackpropRequired(AnyGraph any_graph) const;
    // The gradient, if set. Throws ChainerxError if the array does not require grad on that graph.
    std::optional<Array> GetGrad(const std::optional<BackpropId>& backprop_id = std::nullopt) const;
    // Sets the gradient and flags the array as requiring grad (it may be an intermediate result); with nullopt,
    // clears it. Throws ChainerxError if the array is not in the graph (it is constant there), GradientError if
    // the shape, dtype or device differ.
    void SetGrad(const std::optional<Array>& grad, const std::optional<BackpropId>& backprop_id = std::nullopt) const;
    // Throws ChainerxError if the array is not in the graph.
    void ClearGrad(const std::optional<BackpropId>& backprop_id = std::nullopt) const;
    // chainerx::Backward from this array (see backward.h).
    void Backward(const std::optional<BackpropId>& backprop_id = std::nullopt,
                  DoubleBackpropOption double_backprop = DoubleBackpropOption::kDisable,
                  std::optional<float> loss_scale = std::nullopt) const;

    // NumPy-like text form, e.g. "array([1., 2.], shape=(2,), dtype=float32, device='native:0')".
    std::string ToString() const;

    // The graph an optional backprop id names for this array: the context's default graph when none is given.
    // Throws ChainerxError for a released id, ContextError for an id of another context.
    BackpropId ResolveBackpropId(const std::optional<BackpropId>& backprop_id) const;

private:
    std::shared_ptr<internal::ArrayBody> body_;
};

Array operator+(Scalar lhs, const Array& rhs);
Array operator-(Scalar lhs, const Array& rhs);
Array operator*(Scalar lhs, const Array& rhs);
Array operator/(Scalar lhs, const Array& rhs);
Array operator%(Scalar lhs, const Array& rhs);
Array operator&(Scalar lhs, const Array& rhs);
Array operator|(Scalar lhs, const Array& rhs);
Array operator^(Scalar lhs, const Array& rhs);

std::ostream& operator<<(std::ostream& os, const Array& array);

// A non-owning reference used for argument lists of arrays.
using ConstArrayRef = std::reference_wrapper<const Array>;

}  // namespace chainerx
