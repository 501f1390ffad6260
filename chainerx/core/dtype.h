// Element types of arrays, their properties, promotion rules, and compile-time dispatch over them.
//
//     VisitDtype(a.dtype(), [&](auto pt) {
//         using T = typename decltype(pt)::type;  // e.g. float for Dtype::kFloat32
//         ...
//     });
#pragma once

#include <cstdint>
#include <ostream>
#include <string_view>
#include <type_traits>
#include <utility>

#include "chainerx/core/error.h"
#include "chainerx/core/float16.h"

namespace chainerx {

// The numbering follows the original ChainerX so that serialized values stay compatible.
enum class Dtype : int8_t {
    kBool = 1,
    kInt8,
    kInt16,
    kInt32,
    kInt64,
    kUInt8,
    kFloat16,
    kFloat32,
    kFloat64,
};

constexpr int kNumDtypes = 9;
constexpr Dtype kAllDtypes[kNumDtypes] = {
        Dtype::kBool,
        Dtype::kInt8,
        Dtype::kInt16,
        Dtype::kInt32,
        Dtype::kInt64,
        Dtype::kUInt8,
        Dtype::kFloat16,
        Dtype::kFloat32,
        Dtype::kFloat64};

enum class DtypeKind : int8_t { kBool, kInt, kUInt, kFloat };

constexpr DtypeKind GetKind(Dtype dtype) {
    switch (dtype) {
        case Dtype::kBool:
            return DtypeKind::kBool;
        case Dtype::kUInt8:
            return DtypeKind::kUInt;
        case Dtype::kFloat16:
        case Dtype::kFloat32:
        case Dtype::kFloat64:
            return DtypeKind::kFloat;
        default:
            return DtypeKind::kInt;
    }
}

constexpr int64_t GetItemSize(Dtype dtype) {
    switch (dtype) {
        case Dtype::kBool:
        case Dtype::kInt8:
        case Dtype::kUInt8:
            return 1;
        case Dtype::kInt16:
        case Dtype::kFloat16:
            return 2;
        case Dtype::kInt32:
        case Dtype::kFloat32:
            return 4;
        default:
            return 8;
    }
}

inline bool IsFloatingPoint(Dtype dtype) { return GetKind(dtype) == DtypeKind::kFloat; }

// NumPy name ("float32") and one-character code ('f') of a dtype.
const char* GetDtypeName(Dtype dtype);
char GetCharCode(Dtype dtype);

// Parses a dtype name ("float32", "bool_", "int" → int64, "float" → float64) or one-character code
// (? b h i l B e f d). Throws DtypeError for anything else.
Dtype GetDtype(std::string_view name);

// Result dtype of a binary operation on two arrays (the rules of the original ChainerX, not NumPy's):
// bool is lowest; within a kind the wider wins; float beats any integer regardless of width (int64 + float16
// is float16); mixing signed and unsigned gives the signed type if wider than 1 byte, else int16.
Dtype PromoteTypes(Dtype dt1, Dtype dt2);

// The default dtype of each scalar kind, used for Python scalars: bool, int32 and float32.
Dtype GetDefaultDtype(DtypeKind kind);

std::ostream& operator<<(std::ostream& os, Dtype dtype);

// Compile-time mapping between dtypes and C++ types.
template <typename T>
struct PrimitiveType {
    using type = T;
};

template <typename T>
struct TypeToDtypeImpl;
#define CHAINERX_DTYPE_TYPE(cpp_type, dtype_value) \
    template <>                                    \
    struct TypeToDtypeImpl<cpp_type> {             \
        static constexpr Dtype value = dtype_value; \
    }
CHAINERX_DTYPE_TYPE(bool, Dtype::kBool);
CHAINERX_DTYPE_TYPE(int8_t, Dtype::kInt8);
CHAINERX_DTYPE_TYPE(int16_t, Dtype::kInt16);
CHAINERX_DTYPE_TYPE(int32_t, Dtype::kInt32);
CHAINERX_DTYPE_TYPE(int64_t, Dtype::kInt64);
CHAINERX_DTYPE_TYPE(uint8_t, Dtype::kUInt8);
CHAINERX_DTYPE_TYPE(Float16, Dtype::kFloat16);
CHAINERX_DTYPE_TYPE(float, Dtype::kFloat32);
CHAINERX_DTYPE_TYPE(double, Dtype::kFloat64);
#undef CHAINERX_DTYPE_TYPE

template <typename T>
constexpr Dtype TypeToDtype = TypeToDtypeImpl<std::remove_const_t<T>>::value;

// Calls f(PrimitiveType<T>{}, args...) with T the C++ type of `dtype`.
template <typename F, typename... Args>
decltype(auto) VisitDtype(Dtype dtype, F&& f, Args&&... args) {
    switch (dtype) {
        case Dtype::kBool:
            return f(PrimitiveType<bool>{}, std::forward<Args>(args)...);
        case Dtype::kInt8:
            return f(PrimitiveType<int8_t>{}, std::forward<Args>(args)...);
        case Dtype::kInt16:
            return f(PrimitiveType<int16_t>{}, std::forward<Args>(args)...);
        case Dtype::kInt32:
            return f(PrimitiveType<int32_t>{}, std::forward<Args>(args)...);
        case Dtype::kInt64:
            return f(PrimitiveType<int64_t>{}, std::forward<Args>(args)...);
        case Dtype::kUInt8:
            return f(PrimitiveType<uint8_t>{}, std::forward<Args>(args)...);
        case Dtype::kFloat16:
            return f(PrimitiveType<Float16>{}, std::forward<Args>(args)...);
        case Dtype::kFloat32:
            return f(PrimitiveType<float>{}, std::forward<Args>(args)...);
        case Dtype::kFloat64:
            return f(PrimitiveType<double>{}, std::forward<Args>(args)...);
    }
    throw DtypeError{"invalid dtype value ", static_cast<int>(dtype)};
}

// Sets of dtypes, one bit per Dtype value, for kernels that exist only for some dtypes.
using DtypeMask = uint32_t;
constexpr DtypeMask DtypeBit(Dtype dtype) { return DtypeMask{1} << static_cast<int>(dtype); }
constexpr bool DtypeMaskHas(DtypeMask mask, Dtype dtype) { return (mask & DtypeBit(dtype)) != 0; }
constexpr DtypeMask kFloatingDtypes = DtypeBit(Dtype::kFloat16) | DtypeBit(Dtype::kFloat32) | DtypeBit(Dtype::kFloat64);
constexpr DtypeMask kIntegerDtypes = DtypeBit(Dtype::kInt8) | DtypeBit(Dtype::kInt16) | DtypeBit(Dtype::kInt32) |
                                     DtypeBit(Dtype::kInt64) | DtypeBit(Dtype::kUInt8);
constexpr DtypeMask kNumericDtypes = kIntegerDtypes | kFloatingDtypes;
// bool and the integers: the operands of bitwise operations.
constexpr DtypeMask kIntegralDtypes = kIntegerDtypes | DtypeBit(Dtype::kBool);
constexpr DtypeMask kAllDtypeMask = kNumericDtypes | DtypeBit(Dtype::kBool);

// Like VisitDtype, but `f` is instantiated only for the dtypes in kMask (which keeps compile times down and
// lets formulas that make no sense for some types, such as bitwise ops on floats, compile). Other dtypes raise
// DtypeError. `f` must return void.
template <DtypeMask kMask, typename F>
void VisitDtypeIn(Dtype dtype, F&& f) {
    if (!DtypeMaskHas(kMask, dtype)) {
        throw DtypeError{"dtype ", dtype, " is not supported by this operation"};
    }
    VisitDtype(dtype, [&f](auto pt) {
        using T = typename decltype(pt)::type;
        if constexpr (DtypeMaskHas(kMask, TypeToDtype<T>)) {
            f(pt);
        }
    });
}

}  // namespace chainerx
