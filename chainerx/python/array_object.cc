// The life of a chainerx.ndarray object: finding the body it holds, wrapping a body in one, and freeing it.
// See Note [ndarray objects without the registry].
#include "chainerx/python/array_object.h"

#include <memory>
#include <new>
#include <utility>

#include <pybind11/pybind11.h>

#include "chainerx/core/array_body.h"
#include "chainerx/python/common.h"

namespace chainerx {
namespace python {
namespace internal {

// Note [ndarray objects without the registry]
// pybind11 records every instance it makes in a global hash map (value pointer -> instance) so that returning a
// C++ object that already has a Python object returns that object. For an operator on tiny arrays that map was
// the largest single binding cost: registering the result, searching it and erasing the entry on deallocation,
// plus the generic layout set-up and tear-down around it (~1,500 of the ~4,800 instructions of `a + b` on 2x3
// arrays, callgrind). An ndarray object now lives without it:
// - the body points back to its object (ArrayBody::binding_object, Note [Binding object of a body]), so a body
//   returned twice gives the same object (`a += b` returns `a`, `a.grad is a.grad`);
// - a new object is made here as pybind11 would make it for a class with one C++ base and a shared_ptr holder
//   (the "simple layout": the value pointer, then the holder, in the instance itself), but not registered;
// - the type's tp_dealloc clears the back pointer and, for an exact ndarray without keep-alive patients,
//   releases the holder and frees the object itself; every other object goes to pybind11's own deallocator.
// Objects pybind11 makes itself (the ndarray(shape, dtype) constructor, unpickling) are registered as usual;
// the registry is still searched for a body without a back pointer, so those keep their identity too.
// The layout assumptions are checked once, when the class is defined (DefineArrayObjectLifecycle).

namespace {

using Instance = pybind11::detail::instance;

// pybind11's deallocator of the class, to which every object the fast path does not handle goes.
destructor g_pybind11_dealloc = nullptr;

Instance* AsInstance(PyObject* object) { return reinterpret_cast<Instance*>(object); }  // NOLINT

// The holder of a simple-layout instance: pybind11 stores [value pointer][holder] in simple_value_holder.
ArrayBodyPtr& SimpleHolder(Instance* instance) {
    return *std::launder(reinterpret_cast<ArrayBodyPtr*>(&instance->simple_value_holder[1]));  // NOLINT
}

// The body an instance holds, or null while its holder is not constructed (an ndarray whose __init__ never ran).
const ArrayBodyPtr* HeldBody(Instance* instance) {
    if (instance->simple_layout) {
        return instance->simple_holder_constructed ? &SimpleHolder(instance) : nullptr;
    }
    py::detail::value_and_holder holder =
            instance->get_value_and_holder(ArrayTypeInfo(), /*throw_if_missing=*/false);
    return holder && holder.holder_constructed() ? &holder.holder<ArrayBodyPtr>() : nullptr;
}

void ClearBindingObject(PyObject* object) {
    const ArrayBodyPtr* body = HeldBody(AsInstance(object));
    if (body != nullptr && *body != nullptr && (*body)->binding_object() == object) {
        (*body)->set_binding_object(nullptr);
    }
}

extern "C" void DeallocArrayObject(PyObject* object) {
    ClearBindingObject(object);
    PyTypeObject* type = Py_TYPE(object);
    Instance* instance = AsInstance(object);
    if (type != ArrayTypeInfo()->type || !instance->simple_layout || instance->simple_instance_registered ||
        instance->has_patients) {
        g_pybind11_dealloc(object);
        return;
    }
    if (instance->weakrefs != nullptr) {
        PyObject_ClearWeakRefs(object);
    }
    if (instance->simple_holder_constructed) {
        // Releasing the body can run Python (a buffer borrowed from NumPy releases its owner): keep a pending
        // exception as pybind11's deallocator does.
        py::error_scope scope;
        SimpleHolder(instance).~ArrayBodyPtr();
    }
    type->tp_free(object);
    Py_DECREF(type);  // instances of heap types own a reference to their type
}

// `body` is an ArrayBodyPtr, copied or moved into the holder.
template <typename Body>
PyObject* NewArrayObject(Body&& body, const py::detail::type_info* info) {
    PyTypeObject* type = info->type;
    PyObject* object = type->tp_alloc(type, 0);  // zero-filled: no flags set, no weak references
    if (object == nullptr) {
        throw py::error_already_set{};
    }
    Instance* instance = AsInstance(object);
    // What make_new_instance (allocate_layout) and init_instance do for this class, less the registration.
    instance->simple_layout = true;
    instance->owned = true;
    chainerx::internal::ArrayBody* raw = body.get();
    instance->simple_value_holder[0] = raw;
    new (&instance->simple_value_holder[1]) ArrayBodyPtr{std::forward<Body>(body)};
    instance->simple_holder_constructed = true;
    raw->set_binding_object(object);
    return object;
}

}  // namespace

const py::detail::type_info* ArrayTypeInfo() {
    // py::isinstance and py::cast look the record up by std::type_info in a hash map on every call; for a small
    // operator those lookups were ~15% of the host time. Not cached while the class is still unregistered
    // (only possible during module initialisation).
    static const py::detail::type_info* cached = nullptr;
    if (cached == nullptr) {
        cached = py::detail::get_type_info(typeid(chainerx::internal::ArrayBody));
    }
    return cached;
}

bool IsArray(py::handle handle) {
    const py::detail::type_info* info = ArrayTypeInfo();
    if (info == nullptr) {
        return false;
    }
    PyTypeObject* type = Py_TYPE(handle.ptr());
    return type == info->type || PyType_IsSubtype(type, info->type) != 0;
}

const ArrayBodyPtr* FindArrayBody(py::handle handle) {
    if (!IsArray(handle)) {
        return nullptr;
    }
    // The holder is read straight from the instance (the type check above already found the record).
    const ArrayBodyPtr* body = HeldBody(AsInstance(handle.ptr()));
    if (body == nullptr) {
        throw py::type_error{"a chainerx.ndarray whose __init__ was not called"};
    }
    return body;
}

namespace {

// The object of `body` if it has one (a new reference), else null.
PyObject* FindArrayObject(const ArrayBodyPtr& body, const py::detail::type_info* info) {
    // An object with no references left is being deallocated (a Python subclass clears its own slots, which can
    // run Python code, before the ndarray deallocator clears the back pointer): it must not be handed out again.
    auto* object = static_cast<PyObject*>(body->binding_object());
    if (object != nullptr && Py_REFCNT(object) > 0) {
        return py::handle{object}.inc_ref().ptr();
    }
    // A body with a single reference has no Python object (each holds a reference): skip the search. Otherwise
    // look for an object pybind11 made (and registered) itself.
    if (body.use_count() > 1) {
        return py::detail::find_registered_python_instance(body.get(), info).ptr();
    }
    return nullptr;
}

const py::detail::type_info* CheckedArrayTypeInfo() {
    const py::detail::type_info* info = ArrayTypeInfo();
    if (info == nullptr) {
        throw py::cast_error{"chainerx.ndarray is not registered yet"};
    }
    return info;
}

}  // namespace

namespace {

// What both ArrayBodyToPython overloads do; `body` is copied or moved into a new object.
template <typename Body>
py::handle BodyToPython(Body&& body) {
    if (body == nullptr) {
        return py::none().release();
    }
    const py::detail::type_info* info = CheckedArrayTypeInfo();
    if (PyObject* found = FindArrayObject(body, info)) {
        return found;
    }
    return NewArrayObject(std::forward<Body>(body), info);
}

}  // namespace

py::handle ArrayBodyToPython(const ArrayBodyPtr& body) { return BodyToPython(body); }

py::handle ArrayBodyToPython(ArrayBodyPtr&& body) { return BodyToPython(std::move(body)); }

void DefineArrayObjectLifecycle(ArrayClass& c) {
    auto* type = reinterpret_cast<PyTypeObject*>(c.ptr());  // NOLINT
    const py::detail::type_info* info = ArrayTypeInfo();
    // NewArrayObject and the fast deallocation assume pybind11's simple layout: one C++ type whose holder fits
    // in the instance, no __dict__ and no cyclic GC.
    if (info == nullptr || info->type != type ||
        info->holder_size_in_ptrs > py::detail::instance_simple_holder_in_ptrs() ||
        py::detail::all_type_info(type).size() != 1 || PyType_HasFeature(type, Py_TPFLAGS_HAVE_GC) != 0 ||
        type->tp_dictoffset != 0) {
        py::pybind11_fail("chainerx.ndarray does not have the layout its lifecycle assumes");
    }
    g_pybind11_dealloc = type->tp_dealloc;
    type->tp_dealloc = &DeallocArrayObject;
}

}  // namespace internal
}  // namespace python
}  // namespace chainerx
