#include "chainerx/core/scalar.h"

#include <sstream>

namespace chainerx {

std::string Scalar::ToString() const {
    std::ostringstream os;
    os << *this;
    return os.str();
}

Scalar Scalar::operator-() const {
    switch (kind_) {
        case DtypeKind::kBool:
            throw DtypeError{"cannot negate a bool scalar"};
        case DtypeKind::kFloat:
            return Scalar{-float_};
        default:
            return Scalar{-int_};
    }
}

bool Scalar::operator==(const Scalar& other) const {
    if (kind_ == DtypeKind::kFloat || other.kind_ == DtypeKind::kFloat) {
        return As<double>() == other.As<double>();
    }
    return As<int64_t>() == other.As<int64_t>();
}

std::ostream& operator<<(std::ostream& os, const Scalar& s) {
    switch (s.kind()) {
        case DtypeKind::kBool:
            return os << (s.As<bool>() ? "True" : "False");
        case DtypeKind::kFloat:
            return os << s.As<double>();
        default:
            return os << s.As<int64_t>();
    }
}

}  // namespace chainerx
