// Bindings of the linalg routines: chainerx.dot, ndarray.dot and the submodule chainerx._core.linalg (exposed
// as chainerx.linalg).
#include "chainerx/python/linalg.h"

#include <string>
#include <tuple>
#include <utility>

#include <pybind11/pybind11.h>

#include "chainerx/core/routines/linalg.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"
#include "chainerx/python/routine_binding.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;

ArrayBodyPtr CallDot(const Array& a, const Array& b) {
    return CallReleasingGil(IsLargeOperand(a) || IsLargeOperand(b), [&a, &b] { return Dot(a, b); }).TakeBody();
}

ArrayBodyPtr CallDotOfHandles(py::handle a, py::handle b) { return CallDot(ToArray(a), ToArray(b)); }

QrMode ToQrMode(const std::string& mode) {
    if (mode == "reduced") {
        return QrMode::kReduced;
    }
    if (mode == "complete") {
        return QrMode::kComplete;
    }
    if (mode == "r") {
        return QrMode::kR;
    }
    if (mode == "raw") {
        return QrMode::kRaw;
    }
    throw py::value_error{"qr: unrecognized mode '" + mode + "' (expected 'reduced', 'complete', 'r' or 'raw')"};
}

// UPLO as the original takes it: a string that is not one character raises ValueError here; the routine checks
// the character (L or U in either case, else ChainerxError).
char ToUplo(const std::string& uplo) {
    if (uplo.size() != 1) {
        throw py::value_error{"UPLO argument must be 'L' or 'U', got '" + uplo + "'"};
    }
    return uplo[0];
}

template <typename F>
auto Release(const Array& a, F&& f) {
    return CallReleasingGil(IsLargeOperand(a), std::forward<F>(f));
}

void DefineLinalgModule(py::module& linalg) {
    linalg.def("solve", [](py::handle a, py::handle b) { return Solve(ToArray(a), ToArray(b)).TakeBody(); },
               py::arg("a"), py::arg("b"));
    linalg.def("inv", [](py::handle a) { return Inverse(ToArray(a)).TakeBody(); }, py::arg("a"));
    linalg.def("svd",
               [](py::handle a, bool full_matrices, bool compute_uv) -> py::object {
                   Array x = ToArray(a);
                   auto [u, s, vt] = Release(x, [&] { return Svd(x, full_matrices, compute_uv); });
                   if (!compute_uv) {
                       return py::cast(s.body());
                   }
                   return py::make_tuple(u.body(), s.body(), vt.body());
               },
               py::arg("a"), py::arg("full_matrices") = true, py::arg("compute_uv") = true);
    linalg.def("pinv", [](py::handle a, double rcond) { return PseudoInverse(ToArray(a), rcond).TakeBody(); },
               py::arg("a"), py::arg("rcond") = 1e-15);
    linalg.def("qr",
               [](py::handle a, const std::string& mode) -> py::object {
                   QrMode qr_mode = ToQrMode(mode);
                   auto [q, r] = Qr(ToArray(a), qr_mode);
                   if (qr_mode == QrMode::kR) {
                       return py::cast(r.body());
                   }
                   return py::make_tuple(q.body(), r.body());
               },
               py::arg("a"), py::arg("mode") = "reduced");
    linalg.def("cholesky", [](py::handle a) { return Cholesky(ToArray(a)).TakeBody(); }, py::arg("a"));
    linalg.def("eigh",
               [](py::handle a, const std::string& uplo) {
                   auto [w, v] = Eigh(ToArray(a), ToUplo(uplo));
                   return py::make_tuple(w.body(), v.body());
               },
               py::arg("a"), py::arg("UPLO") = "L");
    linalg.def("eigvalsh",
               [](py::handle a, const std::string& uplo) { return Eigvalsh(ToArray(a), ToUplo(uplo)).TakeBody(); },
               py::arg("a"), py::arg("UPLO") = "L");
    linalg.def("_is_lapack_available", [] { return true; });
}

}  // namespace

void DefineLinalgMethods(ArrayClass& c) {
    c.def("dot", [](const ArrayBodyPtr& self, py::handle b) { return CallDot(A(self), ToArray(b)); }, py::arg("b"));
}

void InitLinalg(py::module& m) {
    DefineTwoArguments<&CallDotOfHandles>(m, "dot", "a", "b");
    // numpy.matmul, beyond the original (which had only dot).
    DefineArrayBinary<Matmul>(m, "matmul");
    // Not in the original's API: F.det, F.batch_det and F.batch_inv on chainerx (stacks of square matrices).
    m.def("_det", [](py::handle a) { return Det(ToArray(a)).TakeBody(); }, py::arg("a"));
    m.def("_batch_inv", [](py::handle a) { return BatchInverse(ToArray(a)).TakeBody(); }, py::arg("a"));
    py::module linalg = m.def_submodule("linalg", "Linear algebra routines (LAPACK on the native backend).");
    DefineLinalgModule(linalg);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
