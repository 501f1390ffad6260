// ndarray.__dlpack__ and __dlpack_device__: an array exported as a DLPack capsule without copying, and the
// dtype/device mappings shared with from_dlpack (dlpack.cc).
#include "chainerx/python/dlpack.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/backend.h"
#include "chainerx/core/context.h"
#include "chainerx/core/error.h"
#include "chainerx/core/macro.h"
#include "chainerx/python/common.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;
using dlpack::DLDataType;
using dlpack::DLDevice;
using dlpack::DLManagedTensor;
using dlpack::DLManagedTensorVersioned;

// What a capsule's managed tensor points to: the shape and strides arrays and a share of the array's memory.
// It lives until the consumer calls the deleter (or until the capsule dies unconsumed), independently of the
// exporting ndarray, so `del a` after `t = torch.from_dlpack(a)` leaves t valid.
template <typename Managed>
struct ExportContext {
    Managed managed{};
    std::shared_ptr<void> data;  // releasing it may take the GIL (SharePyObject); no Python object is held here
    std::vector<int64_t> shape;
    std::vector<int64_t> strides;

    static void Delete(Managed* self) { delete static_cast<ExportContext*>(self->manager_ctx); }
};

constexpr const char* CapsuleName(const DLManagedTensor* /*tag*/) { return dlpack::kCapsuleName; }
constexpr const char* CapsuleName(const DLManagedTensorVersioned* /*tag*/) { return dlpack::kVersionedCapsuleName; }

// Capsule destructor: a capsule that no consumer renamed still owns its tensor and must free it. A consumed
// capsule ("used_dltensor...") belongs to the consumer, which calls the deleter itself.
template <typename Managed>
void DestroyCapsule(PyObject* capsule) {
    const char* name = CapsuleName(static_cast<Managed*>(nullptr));
    if (PyCapsule_IsValid(capsule, name) == 0) {
        return;
    }
    // The capsule may die while an exception propagates; releasing the data may run Python code.
    py::error_scope keep_pending_error;
    auto* managed = static_cast<Managed*>(PyCapsule_GetPointer(capsule, name));
    if (managed->deleter != nullptr) {
        managed->deleter(managed);
    }
}

// Exports `a` (already on the requested device, with strides in whole elements) as a capsule.
template <typename Managed>
py::capsule MakeCapsule(const Array& a, uint64_t flags) {
    auto ctx = std::make_unique<ExportContext<Managed>>();
    ctx->data = a.data();
    ctx->shape.assign(a.shape().begin(), a.shape().end());
    for (int64_t stride : a.strides()) {
        ctx->strides.push_back(stride / a.GetItemSize());
    }
    Managed& managed = ctx->managed;
    if constexpr (std::is_same_v<Managed, DLManagedTensorVersioned>) {
        managed.version = {dlpack::kMajorVersion, dlpack::kMinorVersion};
        managed.flags = flags;
    }
    dlpack::DLTensor& t = managed.dl_tensor;
    t.data = a.raw_data();
    t.device = ToDlDevice(a.device());
    t.ndim = a.ndim();
    t.dtype = ToDlDataType(a.dtype());
    t.shape = ctx->shape.data();
    t.strides = ctx->strides.data();
    t.byte_offset = 0;
    managed.manager_ctx = ctx.get();
    managed.deleter = &ExportContext<Managed>::Delete;
    PyObject* capsule = PyCapsule_New(&managed, CapsuleName(&managed), &DestroyCapsule<Managed>);
    if (capsule == nullptr) {
        throw py::error_already_set{};
    }
    ctx.release();  // owned by the capsule now
    return py::reinterpret_steal<py::capsule>(capsule);
}

bool HasWholeElementStrides(const Array& a) {
    for (int64_t stride : a.strides()) {
        if (stride % a.GetItemSize() != 0) {
            return false;
        }
    }
    return true;
}

bool SameDlDevice(const DLDevice& x, const DLDevice& y) {
    return x.device_type == y.device_type && x.device_id == y.device_id;
}

// The array to export for the requested dl_device and copy mode: `a` itself when possible, else a copy
// (BufferError when copy is False). Sets `copied` when the result is a copy.
Array ArrayToExport(const Array& a, py::handle dl_device, std::optional<bool> copy, bool& copied) {
    Array out = a;
    copied = false;
    if (!dl_device.is_none()) {
        auto requested = dl_device.cast<std::pair<int32_t, int32_t>>();
        DLDevice own = ToDlDevice(a.device());
        if (!SameDlDevice(own, DLDevice{requested.first, requested.second})) {
            if (requested.first != dlpack::kDLCPU || a.device().IsHostAccessible()) {
                throw py::buffer_error{"__dlpack__: cannot export an array on " + a.device().name() +
                                       " to DLPack device (" + std::to_string(requested.first) + ", " +
                                       std::to_string(requested.second) + ")"};
            }
            if (copy == false) {
                throw py::buffer_error{"__dlpack__: copy=False, but exporting an array on " + a.device().name() +
                                       " to the CPU needs a copy"};
            }
            out = a.ToDevice(a.device().context().GetDevice("native", 0));
            copied = true;
        }
    }
    if (!copied && (copy == true || !HasWholeElementStrides(a))) {
        if (copy == false) {
            throw py::buffer_error{"__dlpack__: copy=False, but the strides are not whole elements"};
        }
        out = a.AsGradStopped(CopyKind::kCopy);
        copied = true;
    }
    return out;
}

// The stream argument: CPU arrays take no stream. For CUDA arrays it is the stream the consumer will use the data
// on, and the data must be ready there. chainerx's CUDA devices issue all their work to the legacy default stream,
// with which None and 1 (that stream itself), 2 (the per-thread default stream, a blocking one) and 0 are ordered
// already: what the consumer issues there later waits for it. Any other stream may be a non-blocking one, so the
// device is synchronised. -1: the consumer asks for no synchronisation.
void SynchronizeForStream(const Array& a, py::handle stream) {
    if (ToDlDevice(a.device()).device_type == dlpack::kDLCPU) {
        if (!stream.is_none()) {
            throw py::buffer_error{"__dlpack__: stream must be None for an array on " + a.device().name()};
        }
        return;
    }
    if (stream.is_none()) {
        return;
    }
    auto value = stream.cast<int64_t>();
    if (value < -1) {
        throw py::buffer_error{"__dlpack__: invalid CUDA stream " + std::to_string(value)};
    }
    if (value > 2) {
        a.device().Synchronize();
    }
}

py::capsule Export(const Array& a, py::handle stream, py::handle max_version, py::handle dl_device, py::handle copy) {
    bool copied = false;
    Array out = ArrayToExport(a, dl_device, ToCopyMode(copy), copied);
    SynchronizeForStream(out, stream);
    // Consumers that do not pass max_version only know unversioned capsules (DLPack < 1.0).
    if (max_version.is_none() || max_version.cast<std::pair<uint32_t, uint32_t>>().first < dlpack::kMajorVersion) {
        return MakeCapsule<DLManagedTensor>(out, 0);
    }
    return MakeCapsule<DLManagedTensorVersioned>(out, copied ? dlpack::kFlagIsCopied : 0);
}

}  // namespace

DLDevice ToDlDevice(const Device& device) {
    std::string backend = device.backend().GetName();
    if (backend == "cuda") {
        return {dlpack::kDLCUDA, device.index()};
    }
    if (device.IsHostAccessible()) {
        return {dlpack::kDLCPU, 0};
    }
    throw py::buffer_error{"DLPack cannot describe the device " + device.name()};
}

DLDataType ToDlDataType(Dtype dtype) {
    auto bits = static_cast<uint8_t>(GetItemSize(dtype) * 8);
    switch (GetKind(dtype)) {
        case DtypeKind::kBool:
            return {dlpack::kDLBool, bits, 1};
        case DtypeKind::kInt:
            return {dlpack::kDLInt, bits, 1};
        case DtypeKind::kUInt:
            return {dlpack::kDLUInt, bits, 1};
        case DtypeKind::kFloat:
            return {dlpack::kDLFloat, bits, 1};
    }
    CHAINERX_NEVER_REACH();
}

Dtype FromDlDataType(const DLDataType& dl_dtype) {
    if (dl_dtype.lanes == 1) {
        switch (dl_dtype.code) {
            case dlpack::kDLBool:
                if (dl_dtype.bits == 8) {
                    return Dtype::kBool;
                }
                break;
            case dlpack::kDLInt:
                switch (dl_dtype.bits) {
                    case 8:
                        return Dtype::kInt8;
                    case 16:
                        return Dtype::kInt16;
                    case 32:
                        return Dtype::kInt32;
                    case 64:
                        return Dtype::kInt64;
                }
                break;
            case dlpack::kDLUInt:
                if (dl_dtype.bits == 8) {
                    return Dtype::kUInt8;
                }
                break;
            case dlpack::kDLFloat:
                switch (dl_dtype.bits) {
                    case 16:
                        return Dtype::kFloat16;
                    case 32:
                        return Dtype::kFloat32;
                    case 64:
                        return Dtype::kFloat64;
                }
                break;
        }
    }
    throw DtypeError{"from_dlpack: no chainerx dtype for DLPack type (code ", static_cast<int>(dl_dtype.code),
                     ", bits ", static_cast<int>(dl_dtype.bits), ", lanes ", dl_dtype.lanes, ")"};
}

void DefineDlpackMethods(ArrayClass& c) {
    c.def("__dlpack__",
          [](const ArrayBodyPtr& self,
             py::handle stream,
             py::handle max_version,
             py::handle dl_device,
             py::handle copy) { return Export(A(self), stream, max_version, dl_device, copy); },
          py::kw_only(), py::arg("stream") = py::none(), py::arg("max_version") = py::none(),
          py::arg("dl_device") = py::none(), py::arg("copy") = py::none());
    c.def("__dlpack_device__", [](const ArrayBodyPtr& self) {
        DLDevice device = ToDlDevice(self->device());
        return py::make_tuple(device.device_type, device.device_id);
    });
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
