// The pybind11 caster of chainerx.ndarray (std::shared_ptr<ArrayBody>): see Note [ndarray caster].
//
// Included by common.h, which every binding file includes before it binds anything: a specialization must be
// visible wherever the caster is instantiated, or the program would mix two casters for one type.
#pragma once

#include <memory>
#include <utility>

#include <pybind11/pybind11.h>

#include "chainerx/core/array_body.h"

namespace chainerx {
namespace python {
namespace internal {

// pybind11's record of the ndarray class, looked up once (null while the class is not yet registered).
const pybind11::detail::type_info* ArrayTypeInfo();

// The body an ndarray object (or an instance of a subclass) holds; null when `handle` is not an ndarray.
// TypeError for an ndarray whose __init__ never ran.
const std::shared_ptr<chainerx::internal::ArrayBody>* FindArrayBody(pybind11::handle handle);

// The Python object of a body: the existing one if the body already has one (so `a += b` returns `a`), else a
// new ndarray. Returns a new reference; None for a null body.
pybind11::handle ArrayBodyToPython(const std::shared_ptr<chainerx::internal::ArrayBody>& body);
// The same for a body the caller gives up (a new object then takes it without copying the shared_ptr).
pybind11::handle ArrayBodyToPython(std::shared_ptr<chainerx::internal::ArrayBody>&& body);

}  // namespace internal
}  // namespace python
}  // namespace chainerx

namespace pybind11 {
namespace detail {

// Note [ndarray caster]
// pybind11's generic holder caster finds the class record by hashing std::type_info on every argument and every
// returned array (get_type_info: ~270 instructions each, plus a thread-local lookup), and it runs for `self` of
// every ndarray method. A tiny forward+backward step converts ~8 arrays, so that was ~5% of its time. This
// caster reads the cached record instead and otherwise behaves like the generic one: subclass instances are
// accepted, None becomes a null body in convert mode (the second overload pass), and returning a body that
// already has a Python object returns that object.
template <>
class type_caster<std::shared_ptr<chainerx::internal::ArrayBody>> {
    using Body = chainerx::internal::ArrayBody;

public:
    // The same signature text as the generic caster ("chainerx.ndarray").
    static constexpr auto name = type_caster_base<Body>::name;

    bool load(handle src, bool convert) {
        if (const std::shared_ptr<Body>* body = chainerx::python::internal::FindArrayBody(src)) {
            value_ = *body;
            return true;
        }
        if (convert && src.is_none()) {
            value_ = nullptr;
            return true;
        }
        return false;
    }

    static handle cast(const std::shared_ptr<Body>& src, return_value_policy /*policy*/, handle /*parent*/) {
        return chainerx::python::internal::ArrayBodyToPython(src);
    }
    // A body returned by value: moved into its new object.
    static handle cast(std::shared_ptr<Body>&& src, return_value_policy /*policy*/, handle /*parent*/) {
        return chainerx::python::internal::ArrayBodyToPython(std::move(src));
    }

    // NOLINTNEXTLINE(google-explicit-constructor)
    operator std::shared_ptr<Body>&() { return value_; }
    // NOLINTNEXTLINE(google-explicit-constructor)
    operator std::shared_ptr<Body>&&() && { return std::move(value_); }

    template <typename T>
    using cast_op_type = movable_cast_op_type<T>;

private:
    std::shared_ptr<Body> value_;
};

// pybind11 recognises holder types by their caster deriving from its holder caster; this one does not.
template <>
struct is_holder_type<chainerx::internal::ArrayBody, std::shared_ptr<chainerx::internal::ArrayBody>> : std::true_type {};

}  // namespace detail
}  // namespace pybind11
