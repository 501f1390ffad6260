// Helpers that bind routines in one line each, converting arguments by hand (no pybind11 overload trial):
//
//     DefineUnary<Exp>(m, "exp");
//     DefineBinary<Add, Add, Add>(m, "add");  // (array, array), (array, scalar), (scalar, array)
//     DefineArrayBinary<Equal>(m, "equal");   // arrays only
//
// Each also gets a fast path for positional calls (Note [Fast module functions] in fast_method.h).
//
// Routines on large operands run with the GIL released (CallReleasingGil), so other Python threads proceed
// while a kernel works; arguments are converted and results wrapped with the GIL held.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <tuple>
#include <utility>

#include <pybind11/pybind11.h>

#include "chainerx/core/array.h"
#include "chainerx/core/scalar.h"
#include "chainerx/python/array_caster.h"
#include "chainerx/python/common.h"
#include "chainerx/python/fast_method.h"

namespace chainerx {
namespace python {
namespace internal {

// Operands of at least this many elements make a routine release the GIL. Releasing and re-taking it costs
// about 0.1 us, nothing next to a kernel over 64K elements, but a visible share of a call on tiny arrays.
constexpr int64_t kGilReleaseThreshold = int64_t{1} << 16;

inline bool IsLargeOperand(const Array& a) { return a.GetTotalSize() >= kGilReleaseThreshold; }

// Returns f() (a call into the core, which never touches Python objects directly: Python-held memory and graph
// handles re-take the GIL in their deleters, see SharePyObject) with the GIL released when `release` is true.
// While it runs, other threads must not change the operands' data or graphs, as with any shared array.
template <typename F>
decltype(auto) CallReleasingGil(bool release, F&& f) {
    if (!release) {
        return std::forward<F>(f)();
    }
    pybind11::gil_scoped_release no_gil;
    return std::forward<F>(f)();
}

// The Python object of a result body.
inline pybind11::object ResultToPython(ArrayBodyPtr&& body) {
    return pybind11::reinterpret_steal<pybind11::object>(ArrayBodyToPython(std::move(body)));
}

template <Array (*kFunc)(const Array&)>
ArrayBodyPtr CallUnary(pybind11::handle x) {
    Array a = ToArray(x);
    return CallReleasingGil(IsLargeOperand(a), [&a] { return kFunc(a); }).TakeBody();
}

// The fast body of a function `kCall` whose N parameters are all handles, the last kDefaults with `defaults`
// (Note [Fast module functions]): kCall of the positional arguments, or nullopt for any other call.
template <auto kCall, size_t N, size_t kDefaults = 0>
std::optional<pybind11::object> CallWithPositionalHandles(
        const FastArgs& args, const std::array<PyObject*, kDefaults>& defaults = {}) {
    if (auto handles = PositionalArgs<N, kDefaults>(args, defaults)) {
        return ResultToPython(std::apply(kCall, *handles));
    }
    return std::nullopt;
}

// The same for a function without defaults, as a FastFunctionBody.
template <auto kCall, size_t N>
std::optional<pybind11::object> FastPositionalHandles(const FastArgs& args) {
    return CallWithPositionalHandles<kCall, N>(args);
}

// Defines `kCall` as the function `name` of one array argument `x`, with a fast path.
template <ArrayBodyPtr (*kCall)(pybind11::handle)>
void DefineOneArgument(pybind11::module& m, const char* name, const char* arg_name = "x") {
    m.def(name, kCall, pybind11::arg(arg_name));
    DefineFastFunction<&FastPositionalHandles<kCall, 1>>(m, name);
}

// Defines `kCall` as the function `name` of two arguments, with a fast path.
template <ArrayBodyPtr (*kCall)(pybind11::handle, pybind11::handle)>
void DefineTwoArguments(pybind11::module& m, const char* name, const char* arg1 = "x1", const char* arg2 = "x2") {
    m.def(name, kCall, pybind11::arg(arg1), pybind11::arg(arg2));
    DefineFastFunction<&FastPositionalHandles<kCall, 2>>(m, name);
}

template <Array (*kFunc)(const Array&)>
void DefineUnary(pybind11::module& m, const char* name) {
    DefineOneArgument<&CallUnary<kFunc>>(m, name);
}

template <Array (*kArrayArray)(const Array&, const Array&), Array (*kArrayScalar)(const Array&, Scalar),
          Array (*kScalarArray)(Scalar, const Array&)>
ArrayBodyPtr CallBinary(pybind11::handle x1, pybind11::handle x2) {
    if (IsArray(x1)) {
        Array a1 = ToArray(x1);
        if (IsArray(x2)) {
            Array a2 = ToArray(x2);
            return CallReleasingGil(IsLargeOperand(a1) || IsLargeOperand(a2), [&a1, &a2] {
                       return kArrayArray(a1, a2);
                   }).TakeBody();
        }
        Scalar s2 = ToScalar(x2);
        return CallReleasingGil(IsLargeOperand(a1), [&a1, s2] { return kArrayScalar(a1, s2); }).TakeBody();
    }
    if (IsArray(x2)) {
        Scalar s1 = ToScalar(x1);
        Array a2 = ToArray(x2);
        return CallReleasingGil(IsLargeOperand(a2), [s1, &a2] { return kScalarArray(s1, a2); }).TakeBody();
    }
    throw pybind11::type_error{"at least one operand must be a chainerx.ndarray"};
}

template <Array (*kArrayArray)(const Array&, const Array&), Array (*kArrayScalar)(const Array&, Scalar),
          Array (*kScalarArray)(Scalar, const Array&)>
void DefineBinary(pybind11::module& m, const char* name) {
    DefineTwoArguments<&CallBinary<kArrayArray, kArrayScalar, kScalarArray>>(m, name);
}

template <Array (*kFunc)(const Array&, const Array&)>
ArrayBodyPtr CallArrayBinary(pybind11::handle x1, pybind11::handle x2) {
    Array a1 = ToArray(x1);
    Array a2 = ToArray(x2);
    return CallReleasingGil(IsLargeOperand(a1) || IsLargeOperand(a2), [&a1, &a2] { return kFunc(a1, a2); }).TakeBody();
}

template <Array (*kFunc)(const Array&, const Array&)>
void DefineArrayBinary(pybind11::module& m, const char* name) {
    DefineTwoArguments<&CallArrayBinary<kFunc>>(m, name);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
