// The parts of the _core module, one per binding file; module.cc calls them in dependency order.
#pragma once

#include <pybind11/pybind11.h>

namespace chainerx {
namespace python {
namespace internal {

void InitErrors(pybind11::module& m);
void InitDevice(pybind11::module& m);
void InitBackprop(pybind11::module& m);
void InitFunctionNode(pybind11::module& m);
void InitTesting(pybind11::module& m);
void InitArray(pybind11::module& m);
void InitNumpyInterop(pybind11::module& m);
void InitCreation(pybind11::module& m);
void InitArithmetic(pybind11::module& m);
void InitManipulation(pybind11::module& m);
void InitReduction(pybind11::module& m);
void InitExplog(pybind11::module& m);
void InitTrigonometric(pybind11::module& m);
void InitHyperbolic(pybind11::module& m);
void InitRounding(pybind11::module& m);
void InitLogic(pybind11::module& m);
void InitStatistics(pybind11::module& m);
void InitIndexing(pybind11::module& m);
void InitSorting(pybind11::module& m);
void InitLinalg(pybind11::module& m);
void InitConnection(pybind11::module& m);
void InitActivation(pybind11::module& m);
void InitSpecial(pybind11::module& m);
void InitLoss(pybind11::module& m);
void InitPooling(pybind11::module& m);
void InitNormalization(pybind11::module& m);
void InitRnn(pybind11::module& m);
void InitOptimizers(pybind11::module& m);
void InitThreading(pybind11::module& m);
void InitDlpack(pybind11::module& m);
// cuda/cuda.cc in CUDA builds, cuda/no_cuda.cc otherwise.
void InitCuda(pybind11::module& m);
void InitDocs(pybind11::module& m);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
