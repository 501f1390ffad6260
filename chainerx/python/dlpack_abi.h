// The DLPack data-exchange ABI (https://dmlc.github.io/dlpack/latest/c_api.html), written from the public
// standard: the C structs that travel inside the "dltensor" and "dltensor_versioned" PyCapsules, and the
// enum values chainerx produces or accepts. Layout and values must match the standard bit for bit, because
// the other side (NumPy, PyTorch, CuPy, ...) reads them with its own copy of the header.
#pragma once

#include <cstdint>

namespace chainerx {
namespace python {
namespace dlpack {

// The DLPack version chainerx writes into versioned capsules. A consumer must reject a capsule whose major
// version it does not know; minor versions only add values, so any 1.x capsule reads as 1.0.
constexpr uint32_t kMajorVersion = 1;
constexpr uint32_t kMinorVersion = 0;

// DLDeviceType (only the values chainerx maps to or from one of its devices).
enum DeviceType : int32_t {
    kDLCPU = 1,
    kDLCUDA = 2,
    kDLCUDAHost = 3,  // pinned host memory, readable from the CPU
    kDLCUDAManaged = 13,  // unified memory, readable from the CPU
};

struct DLDevice {
    int32_t device_type;  // a DeviceType, stored as the C enum's int
    int32_t device_id;
};

// DLDataTypeCode.
enum DataTypeCode : uint8_t {
    kDLInt = 0,
    kDLUInt = 1,
    kDLFloat = 2,
    kDLBool = 6,
};

struct DLDataType {
    uint8_t code;  // a DataTypeCode
    uint8_t bits;
    uint16_t lanes;  // vector width; always 1 for chainerx dtypes
};

struct DLTensor {
    void* data;  // element [0, ..., 0] is at data + byte_offset
    DLDevice device;
    int32_t ndim;
    DLDataType dtype;
    int64_t* shape;
    int64_t* strides;  // in elements, not bytes; nullptr means C-contiguous
    uint64_t byte_offset;
};

// The unversioned capsule payload (DLPack < 1.0, capsule name "dltensor"). The consumer takes ownership by
// renaming the capsule to "used_dltensor" and calls `deleter` once it no longer needs the data.
struct DLManagedTensor {
    DLTensor dl_tensor;
    void* manager_ctx;
    void (*deleter)(DLManagedTensor* self);
};

struct DLPackVersion {
    uint32_t major;
    uint32_t minor;
};

// Bits of DLManagedTensorVersioned::flags.
constexpr uint64_t kFlagReadOnly = uint64_t{1} << 0;  // the consumer must not write to the data
constexpr uint64_t kFlagIsCopied = uint64_t{1} << 1;  // the producer copied the data for this export

// The versioned capsule payload (DLPack >= 1.0, capsule name "dltensor_versioned", consumed as
// "used_dltensor_versioned"). Unlike DLManagedTensor, the version comes first so a consumer can check it
// before reading the rest.
struct DLManagedTensorVersioned {
    DLPackVersion version;
    void* manager_ctx;
    void (*deleter)(DLManagedTensorVersioned* self);
    uint64_t flags;
    DLTensor dl_tensor;
};

// Capsule names of the Python DLPack protocol.
constexpr const char* kCapsuleName = "dltensor";
constexpr const char* kUsedCapsuleName = "used_dltensor";
constexpr const char* kVersionedCapsuleName = "dltensor_versioned";
constexpr const char* kUsedVersionedCapsuleName = "used_dltensor_versioned";

}  // namespace dlpack
}  // namespace python
}  // namespace chainerx
