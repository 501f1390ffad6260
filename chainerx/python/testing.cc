// Test aids exposed to Python: chainerx._core._ArrayBodyLeakTracker.
#include <memory>
#include <vector>

#include <pybind11/pybind11.h>

#include "chainerx/core/array_body_leak_detection.h"
#include "chainerx/python/common.h"
#include "chainerx/python/init.h"

namespace chainerx {
namespace python {
namespace internal {
namespace {

namespace py = pybind11;
using chainerx::internal::ArrayBodyLeakTracker;

// `with _ArrayBodyLeakTracker() as t: ...` then `t.get_alive_arrays()` lists the arrays created inside the
// block that are still alive (call gc.collect() first when Python cycles may hold them).
class PyArrayBodyLeakTracker {
public:
    void Enter() { tracker_ = std::make_unique<ArrayBodyLeakTracker>(); }
    void Exit() {
        for (const ArrayBodyPtr& body : tracker_->GetAliveBodies()) {
            candidates_.emplace_back(body);
        }
        tracker_.reset();
    }
    py::list GetAliveArrays() const {
        py::list alive;
        for (const auto& weak : candidates_) {
            if (ArrayBodyPtr body = weak.lock()) {
                alive.append(py::cast(body));
            }
        }
        return alive;
    }

private:
    std::unique_ptr<ArrayBodyLeakTracker> tracker_;
    std::vector<std::weak_ptr<chainerx::internal::ArrayBody>> candidates_;
};

}  // namespace

void InitTesting(py::module& m) {
    py::class_<PyArrayBodyLeakTracker>(m, "_ArrayBodyLeakTracker")
            .def(py::init<>())
            .def("__enter__", [](PyArrayBodyLeakTracker& self) -> PyArrayBodyLeakTracker& {
                self.Enter();
                return self;
            }, py::return_value_policy::reference)
            .def("__exit__", [](PyArrayBodyLeakTracker& self, py::args) { self.Exit(); })
            .def("get_alive_arrays", &PyArrayBodyLeakTracker::GetAliveArrays);
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
