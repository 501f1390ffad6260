// chainerx.from_dlpack: imports a DLPack capsule, or any object with __dlpack__ (NumPy, PyTorch, CuPy, chainerx),
// as a chainerx array that shares the producer's memory and keeps it alive.
#include "chainerx/python/dlpack.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/routines/creation.h"
#include "chainerx/core/shape.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;
using dlpack::DLManagedTensor;
using dlpack::DLManagedTensorVersioned;
using dlpack::DLTensor;

// A capsule's tensor after consumption: `owner` calls the producer's deleter when the last array viewing the
// data dies.
struct ImportedTensor {
    const DLTensor* tensor;
    std::shared_ptr<void> owner;
    bool read_only;
    bool copied;  // the producer made the data for this export alone
};

// Producers written in Python (NumPy's deleter drops a reference) need the GIL, and chainerx may free
// arrays without it; after interpreter shutdown nothing can be released any more.
template <typename Managed>
std::shared_ptr<void> OwnManagedTensor(Managed* managed) {
    return std::shared_ptr<void>{managed, [](void* p) {
                                     auto* m = static_cast<Managed*>(p);
                                     if (m->deleter == nullptr || Py_IsInitialized() == 0) {
                                         return;
                                     }
                                     py::gil_scoped_acquire gil;
                                     m->deleter(m);
                                 }};
}

// Takes ownership of the capsule's tensor, renaming the capsule to "used_..." so that its own destructor
// leaves the tensor alone and no second consumer can take it.
ImportedTensor ConsumeCapsule(const py::handle& capsule) {
    PyObject* p = capsule.ptr();
    if (PyCapsule_IsValid(p, dlpack::kVersionedCapsuleName) != 0) {
        auto* managed = static_cast<DLManagedTensorVersioned*>(PyCapsule_GetPointer(p, dlpack::kVersionedCapsuleName));
        if (managed->version.major > dlpack::kMajorVersion) {
            // Left unconsumed: the capsule's destructor still frees it, as the standard asks.
            throw py::buffer_error{"from_dlpack: DLPack version " + std::to_string(managed->version.major) + "." +
                                   std::to_string(managed->version.minor) + " is newer than the supported 1.x"};
        }
        PyCapsule_SetName(p, dlpack::kUsedVersionedCapsuleName);
        return {&managed->dl_tensor, OwnManagedTensor(managed), (managed->flags & dlpack::kFlagReadOnly) != 0,
                (managed->flags & dlpack::kFlagIsCopied) != 0};
    }
    if (PyCapsule_IsValid(p, dlpack::kCapsuleName) != 0) {
        auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(p, dlpack::kCapsuleName));
        PyCapsule_SetName(p, dlpack::kUsedCapsuleName);
        return {&managed->dl_tensor, OwnManagedTensor(managed), false, false};
    }
    throw py::value_error{
            "from_dlpack: the capsule is not an unused DLPack capsule ('dltensor' or 'dltensor_versioned')"};
}

bool IsHostMemory(int32_t device_type) {
    return device_type == dlpack::kDLCPU || device_type == dlpack::kDLCUDAHost ||
           device_type == dlpack::kDLCUDAManaged;
}

// Host memory is viewed on the target if it is a host-accessible device, else on native:0 and then copied.
Device& ViewDevice(const dlpack::DLDevice& dl_device, Device& target) {
    if (IsHostMemory(dl_device.device_type)) {
        return target.IsHostAccessible() ? target : target.context().GetDevice("native", 0);
    }
    if (dl_device.device_type == dlpack::kDLCUDA) {
        // In the target's context: ToDevice cannot move an array between contexts.
        return target.context().GetDevice("cuda", dl_device.device_id);
    }
    throw py::buffer_error{"from_dlpack: unsupported DLPack device type " + std::to_string(dl_device.device_type)};
}

// Where the array goes when the caller names no device: host data onto the default device if that is
// host-accessible (else native:0), CUDA data onto the same CUDA device.
Device& DefaultTarget(const dlpack::DLDevice& dl_device) {
    if (IsHostMemory(dl_device.device_type)) {
        Device& device = GetDefaultDevice();
        return device.IsHostAccessible() ? device : device.context().GetDevice("native", 0);
    }
    return ViewDevice(dl_device, GetDefaultDevice());
}

Array ImportArray(const ImportedTensor& imported, py::handle device, std::optional<bool> copy) {
    const DLTensor& t = *imported.tensor;
    Dtype dtype = FromDlDataType(t.dtype);
    if (t.ndim < 0 || t.ndim > kMaxNdim) {
        throw DimensionError{
                "from_dlpack: ", t.ndim, " dimensions, at most ", static_cast<int>(kMaxNdim), " supported"};
    }
    const int64_t item_size = GetItemSize(dtype);
    Shape shape{t.shape, t.shape + t.ndim};
    Strides strides{shape, item_size};  // DLPack's strides == nullptr means C-contiguous
    if (t.strides != nullptr) {
        for (int32_t i = 0; i < t.ndim; ++i) {
            strides[i] = t.strides[i] * item_size;
        }
    }
    Device& target = device.is_none() ? DefaultTarget(t.device) : GetDevice(device);
    Device& view_device = ViewDevice(t.device, target);
    void* first = static_cast<char*>(t.data) + t.byte_offset;
    Array view = FromData(shape, dtype, std::shared_ptr<void>{imported.owner, first}, strides, 0, view_device);
    // chainerx arrays are always writable, so read-only data is copied.
    bool needs_copy = &view_device != &target || imported.read_only;
    if (needs_copy && copy == false) {
        throw py::value_error{std::string{"from_dlpack: copy=False, but "} +
                              (imported.read_only ? "the data is read-only"
                                                  : "the data is on another device than " + target.name())};
    }
    if (&view_device != &target) {
        return view.ToDevice(target);
    }
    if (imported.read_only || (copy == true && !imported.copied)) {
        return view.Copy();
    }
    return view;
}

// The `stream` to pass to the producer's __dlpack__: None for host data; for CUDA data 1, the legacy default
// stream, on which chainerx's CUDA devices run their kernels, so that the producer makes that stream wait for its
// own pending work. (Left out, a producer may take it as "no synchronisation": PyTorch's default is -1.)
py::object ConsumerStream(py::handle x) {
    if (!py::hasattr(x, "__dlpack_device__")) {
        return py::none();
    }
    std::pair<int32_t, int32_t> device{};
    try {
        device = x.attr("__dlpack_device__")().cast<std::pair<int32_t, int32_t>>();
    } catch (const py::cast_error&) {
        return py::none();  // not a (type, id) pair: left to __dlpack__ and the capsule
    }
    return device.first == dlpack::kDLCUDA ? py::object{py::int_{1}} : py::object{py::none()};
}

// Asks the producer for a DLPack 1.x capsule, falling back to the plain call for producers that predate the
// keywords (NumPy 1.x takes only `stream`).
py::object GetCapsule(py::handle x, py::handle copy) {
    if (PyCapsule_CheckExact(x.ptr()) != 0) {
        return py::reinterpret_borrow<py::object>(x);
    }
    if (!py::hasattr(x, "__dlpack__")) {
        throw py::type_error{"from_dlpack: expected an object with __dlpack__ or a DLPack capsule, got " +
                             std::string{py::str(py::type::of(x).attr("__name__"))}};
    }
    py::object stream = ConsumerStream(x);
    py::object dlpack = x.attr("__dlpack__");
    try {
        return dlpack(py::arg("stream") = stream,
                      py::arg("max_version") = py::make_tuple(dlpack::kMajorVersion, dlpack::kMinorVersion),
                      py::arg("copy") = copy);
    } catch (py::error_already_set& e) {
        if (!e.matches(PyExc_TypeError)) {
            throw;
        }
    }
    return stream.is_none() ? dlpack() : dlpack(py::arg("stream") = stream);
}

}  // namespace

void InitDlpack(py::module& m) {
    m.def("from_dlpack",
          [](py::handle x, py::handle device, py::handle copy) {
              std::optional<bool> copy_mode = ToCopyMode(copy);
              py::object capsule = GetCapsule(x, copy);
              ImportedTensor imported = ConsumeCapsule(capsule);
              return ImportArray(imported, device, copy_mode).TakeBody();
          },
          py::arg("x"), py::arg("device") = py::none(), py::arg("copy") = py::none());
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
