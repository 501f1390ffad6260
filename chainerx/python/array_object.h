// The life of a chainerx.ndarray object (Note [ndarray objects without the registry] in array_object.cc). The
// conversions themselves (FindArrayBody, ArrayBodyToPython) are declared in array_caster.h, which every binding
// file sees through common.h.
#pragma once

#include "chainerx/python/array_operators.h"

namespace chainerx {
namespace python {
namespace internal {

// Installs the deallocator that keeps the body's back pointer right; called once, right after the class exists.
void DefineArrayObjectLifecycle(ArrayClass& c);

}  // namespace internal
}  // namespace python
}  // namespace chainerx
