// Array::ToString: a NumPy-like text form of an array, used by the C++ API and error messages. (The Python
// binding formats the body with NumPy itself, to match NumPy exactly.)
#include <cstring>
#include <iomanip>
#include <sstream>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/backprop_mode.h"
#include "chainerx/core/context.h"
#include "chainerx/core/device.h"
#include "chainerx/core/routines/creation.h"

namespace chainerx {
namespace {

template <typename T>
void PrintElement(std::ostream& os, T value) {
    if constexpr (std::is_same<T, bool>::value) {
        os << (value ? "True" : "False");
    } else if constexpr (std::is_same<T, int8_t>::value || std::is_same<T, uint8_t>::value) {
        os << static_cast<int>(value);
    } else if constexpr (std::is_integral<T>::value) {
        os << value;
    } else {
        std::ostringstream elem;
        elem << static_cast<double>(value);
        std::string s = elem.str();
        // NumPy prints integral floats with a trailing dot: "1." rather than "1".
        if (s.find_first_of(".eEn") == std::string::npos) {
            s += '.';
        }
        os << s;
    }
}

template <typename T>
void PrintNested(std::ostream& os, const char* data, const Shape& shape, int8_t dim, int indent) {
    if (dim == shape.ndim()) {
        T value;
        std::memcpy(&value, data, sizeof(T));
        PrintElement(os, value);
        return;
    }
    int64_t stride = sizeof(T);
    for (int8_t i = shape.ndim() - 1; i > dim; --i) {
        stride *= shape[i];
    }
    os << '[';
    for (int64_t i = 0; i < shape[dim]; ++i) {
        if (i > 0) {
            os << ',';
            if (dim + 1 == shape.ndim()) {
                os << ' ';
            } else {
                os << std::string(static_cast<size_t>(shape.ndim() - dim - 1), '\n') << std::string(indent + dim + 1, ' ');
            }
        }
        PrintNested<T>(os, data + i * stride, shape, static_cast<int8_t>(dim + 1), indent);
    }
    os << ']';
}

}  // namespace

std::string Array::ToString() const {
    // A contiguous host copy makes the walk simple; repr is not a hot path.
    std::vector<char> host(static_cast<size_t>(GetNBytes()));
    {
        NoBackpropModeScope no_backprop{device().context()};
        Array contiguous = IsContiguous() ? *this : Copy();
        if (!host.empty()) {
            device().MemoryCopyToHost(host.data(), contiguous.raw_data(), host.size());
        }
    }
    std::ostringstream os;
    os << "array(";
    VisitDtype(dtype(), [&](auto pt) {
        using T = typename decltype(pt)::type;
        PrintNested<T>(os, host.data(), shape(), 0, 6);
    });
    os << ", shape=" << shape() << ", dtype=" << dtype() << ", device='" << device().name() << "'";
    if (body_->HasAnyGraph()) {
        os << ", backprop_ids=[";
        const auto& entries = body_->graph_entries();
        for (size_t i = 0; i < entries.size(); ++i) {
            os << (i == 0 ? "" : ", ") << "'" << entries[i].backprop_id << "'";
        }
        os << "]";
    }
    os << ")";
    return os.str();
}

}  // namespace chainerx
