#include "chainerx/core/array.h"

#include <cstring>
#include <vector>

#include "chainerx/core/array_node.h"
#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/backward.h"
#include "chainerx/core/backward_builder.h"
#include "chainerx/core/backward_context.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/kernels/creation.h"
#include "chainerx/core/routines/arithmetic.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/routines/indexing.h"
#include "chainerx/core/routines/linalg.h"
#include "chainerx/core/routines/manipulation.h"
#include "chainerx/core/routines/reduction.h"
#include "chainerx/core/routines/type_util.h"

namespace chainerx {

bool Array::IsContiguous() const { return internal::IsContiguous(shape(), strides(), GetItemSize()); }

Array Array::operator-() const { return Negative(*this); }
Array Array::operator+(const Array& rhs) const { return Add(*this, rhs); }
Array Array::operator+(Scalar rhs) const { return Add(*this, rhs); }
Array Array::operator-(const Array& rhs) const { return Subtract(*this, rhs); }
Array Array::operator-(Scalar rhs) const { return Subtract(*this, rhs); }
Array Array::operator*(const Array& rhs) const { return Multiply(*this, rhs); }
Array Array::operator*(Scalar rhs) const { return Multiply(*this, rhs); }
Array operator+(Scalar lhs, const Array& rhs) { return Add(lhs, rhs); }
Array operator-(Scalar lhs, const Array& rhs) { return Subtract(lhs, rhs); }
Array Array::operator/(const Array& rhs) const { return Divide(*this, rhs); }
Array Array::operator/(Scalar rhs) const { return Divide(*this, rhs); }
Array operator*(Scalar lhs, const Array& rhs) { return Multiply(lhs, rhs); }
Array operator/(Scalar lhs, const Array& rhs) { return Divide(lhs, rhs); }

Array Array::operator%(const Array& rhs) const { return Remainder(*this, rhs); }
Array Array::operator%(Scalar rhs) const { return Remainder(*this, rhs); }
Array Array::operator&(const Array& rhs) const { return BitwiseAnd(*this, rhs); }
Array Array::operator&(Scalar rhs) const { return BitwiseAnd(*this, rhs); }
Array Array::operator|(const Array& rhs) const { return BitwiseOr(*this, rhs); }
Array Array::operator|(Scalar rhs) const { return BitwiseOr(*this, rhs); }
Array Array::operator^(const Array& rhs) const { return BitwiseXor(*this, rhs); }
Array Array::operator^(Scalar rhs) const { return BitwiseXor(*this, rhs); }
Array Array::operator<<(const Array& rhs) const { return LeftShift(*this, rhs); }
Array Array::operator<<(Scalar rhs) const { return LeftShift(*this, rhs); }
Array Array::operator>>(const Array& rhs) const { return RightShift(*this, rhs); }
Array Array::operator>>(Scalar rhs) const { return RightShift(*this, rhs); }
Array operator%(Scalar lhs, const Array& rhs) { return Remainder(lhs, rhs); }
Array operator&(Scalar lhs, const Array& rhs) { return BitwiseAnd(lhs, rhs); }
Array operator|(Scalar lhs, const Array& rhs) { return BitwiseOr(lhs, rhs); }
Array operator^(Scalar lhs, const Array& rhs) { return BitwiseXor(lhs, rhs); }

Array& Array::operator%=(const Array& rhs) { internal::IRemainder(*this, rhs); return *this; }
Array& Array::operator%=(Scalar rhs) { internal::IRemainder(*this, rhs); return *this; }
Array& Array::operator&=(const Array& rhs) { internal::IBitwiseAnd(*this, rhs); return *this; }
Array& Array::operator&=(Scalar rhs) { internal::IBitwiseAnd(*this, rhs); return *this; }
Array& Array::operator|=(const Array& rhs) { internal::IBitwiseOr(*this, rhs); return *this; }
Array& Array::operator|=(Scalar rhs) { internal::IBitwiseOr(*this, rhs); return *this; }
Array& Array::operator^=(const Array& rhs) { internal::IBitwiseXor(*this, rhs); return *this; }
Array& Array::operator^=(Scalar rhs) { internal::IBitwiseXor(*this, rhs); return *this; }
Array& Array::operator<<=(const Array& rhs) { internal::ILeftShift(*this, rhs); return *this; }
Array& Array::operator<<=(Scalar rhs) { internal::ILeftShift(*this, rhs); return *this; }
Array& Array::operator>>=(const Array& rhs) { internal::IRightShift(*this, rhs); return *this; }
Array& Array::operator>>=(Scalar rhs) { internal::IRightShift(*this, rhs); return *this; }

Array& Array::operator+=(const Array& rhs) {
    internal::IAdd(*this, rhs);
    return *this;
}
Array& Array::operator+=(Scalar rhs) {
    internal::IAdd(*this, rhs);
    return *this;
}
Array& Array::operator-=(const Array& rhs) {
    internal::ISubtract(*this, rhs);
    return *this;
}

Array& Array::operator-=(Scalar rhs) {
    internal::ISubtract(*this, rhs);
    return *this;
}

Array& Array::operator/=(const Array& rhs) {
    internal::IDivide(*this, rhs);
    return *this;
}

Array& Array::operator/=(Scalar rhs) {
    internal::IDivide(*this, rhs);
    return *this;
}

Array& Array::operator*=(const Array& rhs) {
    internal::IMultiply(*this, rhs);
    return *this;
}
Array& Array::operator*=(Scalar rhs) {
    internal::IMultiply(*this, rhs);
    return *this;
}

Array Array::Sum(const OptionalAxes& axis, bool keepdims) const { return chainerx::Sum(*this, axis, keepdims); }
Array Array::Dot(const Array& b) const { return chainerx::Dot(*this, b); }
Array Array::Copy() const { return chainerx::Copy(*this); }
Array Array::AsType(Dtype dtype, bool copy) const { return chainerx::AsType(*this, dtype, copy); }
Array Array::Reshape(const Shape& newshape) const { return chainerx::Reshape(*this, newshape); }
Array Array::Transpose(const OptionalAxes& axes) const { return chainerx::Transpose(*this, axes); }
Array Array::BroadcastTo(const Shape& shape) const { return chainerx::BroadcastTo(*this, shape); }
Array Array::At(const std::vector<ArrayIndex>& indices) const { return chainerx::At(*this, indices); }

Array Array::MakeView() const {
    Array out = internal::MakeArray(shape(), strides(), dtype(), device(), data(), offset());
    BackwardBuilder bb{"view", *this, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([](BackwardContext& bctx) { bctx.input_grad() = *bctx.output_grad(); });
    }
    bb.Finalize();
    return out;
}

Array Array::ToDevice(Device& dst_device) const {
    Device& src_device = device();
    if (&dst_device == &src_device) {
        return *this;
    }
    if (&dst_device.context() != &src_device.context()) {
        throw ContextError{"cannot transfer an array between devices of different contexts"};
    }
    Array src = *this;
    if (!IsContiguous()) {
        NoBackpropModeScope no_backprop{src_device.context()};
        src = chainerx::Copy(*this);
    }
    Array out = Empty(shape(), dtype(), dst_device);
    size_t nbytes = static_cast<size_t>(GetNBytes());
    if (src_device.IsHostAccessible()) {
        dst_device.MemoryCopyFromHost(out.raw_data(), src.raw_data(), nbytes);
    } else if (dst_device.IsHostAccessible()) {
        src_device.MemoryCopyToHost(out.raw_data(), src.raw_data(), nbytes);
    } else if (!dst_device.MemoryCopyFromDevice(out.raw_data(), src_device, src.raw_data(), nbytes)) {
        std::vector<char> staging(nbytes);
        src_device.MemoryCopyToHost(staging.data(), src.raw_data(), nbytes);
        dst_device.MemoryCopyFromHost(out.raw_data(), staging.data(), nbytes);
    }
    BackwardBuilder bb{"to_device", *this, out};
    if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
        bt.Define([&src_device](BackwardContext& bctx) { bctx.input_grad() = bctx.output_grad()->ToDevice(src_device); });
    }
    bb.Finalize();
    return out;
}

Array Array::AsGradStopped(CopyKind kind) const {
    if (kind == CopyKind::kCopy) {
        NoBackpropModeScope no_backprop{device().context()};
        return chainerx::Copy(*this);
    }
    return internal::MakeArray(shape(), strides(), dtype(), device(), data(), offset());
}

Array Array::AsGradStopped(const std::vector<BackpropId>& backprop_ids, CopyKind kind) const {
    // Stay connected on the graphs that are not listed.
    NoBackpropModeScope no_backprop{backprop_ids};
    return kind == CopyKind::kCopy ? chainerx::Copy(*this) : MakeView();
}

void Array::Fill(Scalar value) const {
    internal::CheckInplaceAllowed("fill", *this);
    device().CallKernel<FillKernel>(*this, value);
}

Scalar Array::AsScalar() const {
    if (GetTotalSize() != 1) {
        throw DimensionError{"only arrays of size 1 can be converted to a scalar; the shape is ", shape()};
    }
    alignas(8) char buffer[8];
    device().MemoryCopyToHost(buffer, raw_data(), GetItemSize());
    return VisitDtype(dtype(), [&buffer](auto pt) -> Scalar {
        using T = typename decltype(pt)::type;
        T value;
        std::memcpy(&value, buffer, sizeof(T));
        return Scalar{value};
    });
}

BackpropId Array::ResolveBackpropId(const std::optional<BackpropId>& backprop_id) const {
    if (!backprop_id.has_value()) {
        return device().context().default_backprop_id();
    }
    backprop_id->CheckValid();
    if (&backprop_id->context() != &device().context()) {
        throw ContextError{"backprop id ", *backprop_id, " belongs to another context than the array"};
    }
    return *backprop_id;
}

Array& Array::RequireGrad(const std::optional<BackpropId>& backprop_id) {
    BackpropId graph = ResolveBackpropId(backprop_id);
    if (!IsFloatingPoint(dtype())) {
        throw DtypeError{"require_grad: only arrays of floating-point dtypes can require grad, not ", dtype()};
    }
    internal::ArrayBody::GetOrCreateArrayNode(body_, graph);
    body_->FindGraphEntry(graph)->grad_required = true;
    return *this;
}

bool Array::IsGradRequired(const std::optional<BackpropId>& backprop_id) const {
    const internal::ArrayBody::GraphEntry* entry = body_->FindGraphEntry(ResolveBackpropId(backprop_id));
    return entry != nullptr && entry->grad_required;
}

bool Array::IsBackpropRequired(const std::optional<BackpropId>& backprop_id) const {
    BackpropId graph = ResolveBackpropId(backprop_id);
    return body_->FindGraphEntry(graph) != nullptr && chainerx::IsBackpropRequired(graph);
}

bool Array::IsBackpropRequired(AnyGraph /*any_graph*/) const {
    for (const auto& entry : body_->graph_entries()) {
        if (chainerx::IsBackpropRequired(entry.backprop_id)) {
            return true;
        }
    }
    return false;
}

std::optional<Array> Array::GetGrad(const std::optional<BackpropId>& backprop_id) const {
    BackpropId graph = ResolveBackpropId(backprop_id);
    const internal::ArrayBody::GraphEntry* entry = body_->FindGraphEntry(graph);
    if (entry == nullptr || !entry->grad_required) {
        throw ChainerxError{"the array does not require grad on the graph '", graph, "'"};
    }
    return entry->grad == nullptr ? std::nullopt : std::optional<Array>{Array{entry->grad}};
}

namespace {

internal::ArrayBody::GraphEntry& GetGraphEntryOrThrow(internal::ArrayBody& body, const BackpropId& graph) {
    internal::ArrayBody::GraphEntry* entry = body.FindGraphEntry(graph);
    if (entry == nullptr) {
        throw ChainerxError{"the array is not in the graph '", graph, "' (it is constant there)"};
    }
    return *entry;
}

}  // namespace

void Array::SetGrad(const std::optional<Array>& grad, const std::optional<BackpropId>& backprop_id) const {
    auto& entry = GetGraphEntryOrThrow(*body_, ResolveBackpropId(backprop_id));
    if (!grad.has_value()) {
        entry.grad = nullptr;
        return;
    }
    if (grad->shape() != shape() || grad->dtype() != dtype() || &grad->device() != &device()) {
        throw GradientError{"set_grad: the gradient (shape ", grad->shape(), ", dtype ", grad->dtype(), ", device ",
                            grad->device().name(), ") does not match the array (shape ", shape(), ", dtype ", dtype(),
                            ", device ", device().name(), ")"};
    }
    // As in the original, setting a gradient makes the array require grad, so that GetGrad returns it.
    entry.grad_required = true;
    entry.grad = grad->body();
}

void Array::ClearGrad(const std::optional<BackpropId>& backprop_id) const { SetGrad(std::nullopt, backprop_id); }

void Array::Backward(const std::optional<BackpropId>& backprop_id,
                     DoubleBackpropOption double_backprop,
                     std::optional<float> loss_scale) const {
    chainerx::Backward(*this, backprop_id, double_backprop, loss_scale);
}

std::ostream& operator<<(std::ostream& os, const Array& array) { return os << array.ToString(); }

}  // namespace chainerx
