// The chainerx._core extension module.
#include <pybind11/pybind11.h>

#include "chainerx/python/init.h"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {  // NOLINT
    using namespace chainerx::python::internal;  // NOLINT(google-build-using-namespace)
    m.doc() = "ChainerX core: arrays, devices, autograd and routines implemented in C++.";
    // Classes report their module as `chainerx` (e.g. chainerx.ndarray), which is where users find them.
    py::object module_name = m.attr("__name__");
    m.attr("__name__") = "chainerx";
    InitErrors(m);
    InitDevice(m);
    InitBackprop(m);
    InitFunctionNode(m);
    InitTesting(m);
    InitArray(m);
    InitNumpyInterop(m);
    InitCreation(m);
    InitArithmetic(m);
    InitManipulation(m);
    InitReduction(m);
    InitExplog(m);
    InitTrigonometric(m);
    InitHyperbolic(m);
    InitRounding(m);
    InitLogic(m);
    InitStatistics(m);
    InitIndexing(m);
    InitSorting(m);
    InitLinalg(m);
    InitConnection(m);
    InitActivation(m);
    InitSpecial(m);
    InitLoss(m);
    InitPooling(m);
    InitNormalization(m);
    InitRnn(m);
    InitOptimizers(m);
    InitThreading(m);
    InitDlpack(m);
    InitCuda(m);
    InitDocs(m);
    m.attr("__name__") = module_name;
#ifdef NDEBUG
    m.def("_is_debug", [] { return false; });
#else
    m.def("_is_debug", [] { return true; });
#endif
}
