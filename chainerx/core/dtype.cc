#include "chainerx/core/dtype.h"

#include <algorithm>

namespace chainerx {

const char* GetDtypeName(Dtype dtype) {
    switch (dtype) {
        case Dtype::kBool:
            return "bool";
        case Dtype::kInt8:
            return "int8";
        case Dtype::kInt16:
            return "int16";
        case Dtype::kInt32:
            return "int32";
        case Dtype::kInt64:
            return "int64";
        case Dtype::kUInt8:
            return "uint8";
        case Dtype::kFloat16:
            return "float16";
        case Dtype::kFloat32:
            return "float32";
        case Dtype::kFloat64:
            return "float64";
    }
    throw DtypeError{"invalid dtype value ", static_cast<int>(dtype)};
}

char GetCharCode(Dtype dtype) {
    switch (dtype) {
        case Dtype::kBool:
            return '?';
        case Dtype::kInt8:
            return 'b';
        case Dtype::kInt16:
            return 'h';
        case Dtype::kInt32:
            return 'i';
        case Dtype::kInt64:
            return 'l';
        case Dtype::kUInt8:
            return 'B';
        case Dtype::kFloat16:
            return 'e';
        case Dtype::kFloat32:
            return 'f';
        case Dtype::kFloat64:
            return 'd';
    }
    throw DtypeError{"invalid dtype value ", static_cast<int>(dtype)};
}

Dtype GetDtype(std::string_view name) {
    for (Dtype dtype : kAllDtypes) {
        if (name == GetDtypeName(dtype) || (name.size() == 1 && name[0] == GetCharCode(dtype))) {
            return dtype;
        }
    }
    if (name == "bool_") {
        return Dtype::kBool;
    }
    if (name == "int") {
        return Dtype::kInt64;
    }
    if (name == "float") {
        return Dtype::kFloat64;
    }
    throw DtypeError{"unknown dtype name: '", name, "'"};
}

Dtype PromoteTypes(Dtype dt1, Dtype dt2) {
    if (dt1 == dt2) {
        return dt1;
    }
    DtypeKind k1 = GetKind(dt1);
    DtypeKind k2 = GetKind(dt2);
    if (k1 == k2) {
        return GetItemSize(dt1) >= GetItemSize(dt2) ? dt1 : dt2;
    }
    // Different kinds: order bool < uint < int < float by kind, with the signed/unsigned exception below.
    auto rank = [](DtypeKind k) {
        switch (k) {
            case DtypeKind::kBool:
                return 0;
            case DtypeKind::kUInt:
                return 1;
            case DtypeKind::kInt:
                return 2;
            case DtypeKind::kFloat:
                return 3;
        }
        return 0;
    };
    if (rank(k1) < rank(k2)) {
        std::swap(dt1, dt2);
        std::swap(k1, k2);
    }
    // Now dt1 is of the higher kind.
    if (k1 == DtypeKind::kInt && k2 == DtypeKind::kUInt && GetItemSize(dt1) == 1) {
        return Dtype::kInt16;  // int8 cannot hold uint8
    }
    return dt1;
}

Dtype GetDefaultDtype(DtypeKind kind) {
    switch (kind) {
        case DtypeKind::kBool:
            return Dtype::kBool;
        case DtypeKind::kInt:
        case DtypeKind::kUInt:
            return Dtype::kInt32;
        case DtypeKind::kFloat:
            return Dtype::kFloat32;
    }
    return Dtype::kFloat32;
}

std::ostream& operator<<(std::ostream& os, Dtype dtype) { return os << GetDtypeName(dtype); }

}  // namespace chainerx
