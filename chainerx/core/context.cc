#include "chainerx/core/context.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>

#include "chainerx/core/backend.h"
#include "chainerx/core/device.h"
#include "chainerx/core/error.h"
#include "chainerx/core/small_vector.h"

namespace chainerx {
namespace {

thread_local Context* t_default_context = nullptr;
thread_local Device* t_default_device = nullptr;
Context* g_global_default_context = nullptr;

// The C functions a plug-in backend library exports.
using CreateBackendFunc = Backend* (*)(Context&);
using DestroyBackendFunc = void (*)(Backend*);

// A plug-in name is a plain file name stem: a name from user code, a config or an unpickled array must not reach
// another directory (`../lib/x`) or an absolute path through dlopen.
void CheckPluginName(const std::string& backend_name) {
    bool plain = !backend_name.empty() && std::all_of(backend_name.begin(), backend_name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    });
    if (!plain) {
        throw BackendError{"invalid backend name '", backend_name, "': only letters, digits and '_' are allowed"};
    }
}

std::string GetPluginPath(const std::string& backend_name) {
    CheckPluginName(backend_name);
    std::string root;
    if (const char* path = std::getenv("CHAINERX_PATH")) {
        root = path;
    } else if (const char* home = std::getenv("HOME")) {
        root = std::string{home} + "/.chainerx";
    } else {
        throw BackendError{"cannot locate backend '", backend_name, "': neither CHAINERX_PATH nor HOME is set"};
    }
    return root + "/backends/" + backend_name + ".so";
}

// Note [Plug-in symbol resolution]
// A plug-in backend subclasses Backend and Device and uses the kernel registry, so it refers to core symbols
// (constructors, vtables, typeinfo, KernelRegistry, the per-interface kernel indices of GetKernelIndex). It
// must bind them to the *same* core the host uses: a plug-in linking its own copy of the core would have its
// own kernel-index table and native registry, so kernel lookups made by the host on the plug-in's backend
// would read the wrong slots. Plug-ins are therefore linked against the core's headers only
// (//chainerx/core:core_headers) and left with undefined symbols, which dlopen resolves from the global
// symbol scope. The core is in that scope when it is part of the executable or of a shared library the
// executable links (C++ programs and tests), but not when it is inside chainerx/_core.so, which Python loads
// with RTLD_LOCAL. So before the first plug-in is opened, the object holding the core is re-opened with
// RTLD_NOLOAD | RTLD_GLOBAL, which (without loading anything) adds its exported symbols to the global scope.
// The cost is that later-loaded libraries may also bind to the core's symbols; they all live in namespace
// chainerx, so no unrelated library is affected.
// One kind of symbol cannot be shared this way: the index cached by GetKernelIndex<K> is a function-local static
// of an inline template, instantiated in every library that uses K, and hidden (so not unified by the loader)
// wherever the instantiating code is compiled with -fvisibility=hidden, as the binding is. Each copy asks the
// core's AllocateKernelIndex, which keys indices by kernel name, so all copies hold the same value.
void ExposeCoreSymbolsToPlugins() {
    static const bool s_exposed = [] {
        Dl_info info{};
        // Any function of the core identifies the object (executable or shared library) it was linked into.
        if (dladdr(reinterpret_cast<void*>(&GetDefaultContext), &info) == 0 || info.dli_fname == nullptr) {
            return false;
        }
        // The handle is deliberately kept: the object stays loaded for the process's lifetime anyway. For the
        // main executable the call finds nothing to promote and returns null, which is harmless.
        return dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL) != nullptr;
    }();
    static_cast<void>(s_exposed);
}

}  // namespace

// A backend together with how to destroy it: plug-ins must be destroyed by their own library before it is
// unloaded.
struct Context::BackendEntry {
    Backend* backend{nullptr};
    DestroyBackendFunc destroy{nullptr};
    void* library{nullptr};

    ~BackendEntry() {
        if (destroy != nullptr) {
            destroy(backend);
        } else {
            delete backend;
        }
        if (library != nullptr) {
            dlclose(library);
        }
    }
};

Context::Context() { backprop_entries_.push_back({0, "<default>", {}, false}); }

Context::~Context() = default;

Backend& Context::GetBackend(const std::string& backend_name) {
    std::lock_guard<std::mutex> lock{mutex_};
    auto it = backends_.find(backend_name);
    if (it != backends_.end()) {
        return *it->second->backend;
    }
    auto entry = std::make_unique<BackendEntry>();
    if (internal::BackendFactory factory = internal::FindBuiltinBackend(backend_name)) {
        entry->backend = factory(*this).release();
    } else {
        std::string path = GetPluginPath(backend_name);
        ExposeCoreSymbolsToPlugins();
        void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (library == nullptr) {
            const char* reason = dlerror();
            throw BackendError{"backend '", backend_name, "' is not built in and no plug-in could be loaded from ",
                               path, ": ", reason != nullptr ? reason : "unknown error"};
        }
        auto create = reinterpret_cast<CreateBackendFunc>(dlsym(library, "CreateBackend"));
        auto destroy = reinterpret_cast<DestroyBackendFunc>(dlsym(library, "DestroyBackend"));
        if (create == nullptr || destroy == nullptr) {
            dlclose(library);
            throw BackendError{"plug-in ", path, " does not export CreateBackend and DestroyBackend"};
        }
        entry->library = library;
        entry->destroy = destroy;
        entry->backend = create(*this);
    }
    Backend& backend = *entry->backend;
    backends_.emplace(backend_name, std::move(entry));
    return backend;
}

Backend& Context::GetNativeBackend() {
    if (native_backend_ == nullptr) {
        native_backend_ = &GetBackend("native");
    }
    return *native_backend_;
}

Device& Context::GetDevice(std::string_view device_name) {
    size_t colon = device_name.find(':');
    std::string backend_name{device_name.substr(0, colon)};
    if (backend_name.empty()) {
        throw DeviceError{"invalid device name: '", device_name, "'"};
    }
    int index = 0;
    if (colon != std::string_view::npos) {
        std::string index_str{device_name.substr(colon + 1)};
        char* end = nullptr;
        long value = std::strtol(index_str.c_str(), &end, 10);  // NOLINT(google-runtime-int)
        if (index_str.empty() || *end != '\0' || value < 0 || value > 1 << 20) {
            throw DeviceError{"invalid device name: '", device_name, "'"};
        }
        index = static_cast<int>(value);
    }
    return GetDevice(backend_name, index);
}

Device& Context::GetDevice(const std::string& backend_name, int index) {
    return GetBackend(backend_name).GetDevice(index);
}

BackpropId Context::MakeBackpropId(std::string backprop_name) {
    std::lock_guard<std::mutex> lock{mutex_};
    BackpropOrdinal ordinal = next_backprop_ordinal_++;
    backprop_entries_.push_back({ordinal, std::move(backprop_name), {}, false});
    return BackpropId{*this, ordinal};
}

void Context::ReleaseBackpropId(const BackpropId& backprop_id) {
    CheckValidBackpropId(backprop_id);
    if (backprop_id.ordinal() == 0) {
        throw ChainerxError{"the default backprop id cannot be released"};
    }
    std::lock_guard<std::mutex> lock{mutex_};
    backprop_entries_.erase(std::remove_if(
            backprop_entries_.begin(),
            backprop_entries_.end(),
            [&backprop_id](const BackpropEntry& e) { return e.ordinal == backprop_id.ordinal(); }));
}

const Context::BackpropEntry* Context::FindBackpropEntry(BackpropOrdinal ordinal) const {
    auto it = std::lower_bound(
            backprop_entries_.begin(), backprop_entries_.end(), ordinal, [](const BackpropEntry& e, BackpropOrdinal o) {
                return e.ordinal < o;
            });
    return it != backprop_entries_.end() && it->ordinal == ordinal ? &*it : nullptr;
}

void Context::CheckValidBackpropId(const BackpropId& backprop_id) const {
    CheckSameContext(backprop_id);
    std::lock_guard<std::mutex> lock{mutex_};
    CheckNotExpired(backprop_id);
}

void Context::CheckSameContext(const BackpropId& backprop_id) const {
    if (&backprop_id.context() != this) {
        throw ContextError{"backprop id ", backprop_id, " belongs to a different context"};
    }
}

void Context::CheckNotExpired(const BackpropId& backprop_id) const {
    if (FindBackpropEntry(backprop_id.ordinal()) == nullptr) {
        throw ChainerxError{"backprop id has expired (it was released)"};
    }
}

std::string Context::GetBackpropName(const BackpropId& backprop_id) const {
    std::lock_guard<std::mutex> lock{mutex_};
    const BackpropEntry* entry = FindBackpropEntry(backprop_id.ordinal());
    return entry == nullptr ? "<expired>" : entry->name;
}

void Context::ConnectBackpropIds(const BackpropId& outer, const BackpropId& inner) {
    std::lock_guard<std::mutex> lock{mutex_};
    auto* entry = const_cast<BackpropEntry*>(FindBackpropEntry(inner.ordinal()));  // NOLINT
    if (entry != nullptr &&
        std::find(entry->outer_ordinals.begin(), entry->outer_ordinals.end(), outer.ordinal()) == entry->outer_ordinals.end()) {
        entry->outer_ordinals.push_back(outer.ordinal());
    }
}

void Context::CheckBackpropAllowed(const BackpropId& backprop_id) const {
    CheckSameContext(backprop_id);
    std::lock_guard<std::mutex> lock{mutex_};
    CheckNotExpired(backprop_id);
    SmallVector<BackpropOrdinal, 4> pending{backprop_id.ordinal()};
    SmallVector<BackpropOrdinal, 4> seen;
    while (!pending.empty()) {
        BackpropOrdinal ordinal = pending.back();
        pending.pop_back();
        const BackpropEntry* entry = FindBackpropEntry(ordinal);
        if (entry == nullptr || std::find(seen.begin(), seen.end(), ordinal) != seen.end()) {
            continue;
        }
        seen.push_back(ordinal);
        for (BackpropOrdinal outer : entry->outer_ordinals) {
            const BackpropEntry* outer_entry = FindBackpropEntry(outer);
            if (outer_entry != nullptr && outer_entry->backprop_done) {
                throw ChainerxError{"cannot run backward on the graph '", FindBackpropEntry(backprop_id.ordinal())->name,
                                    "' after backward ran on its outer graph '", outer_entry->name, "'"};
            }
            pending.push_back(outer);
        }
    }
}

void Context::SetBackpropDone(const BackpropId& backprop_id) {
    std::lock_guard<std::mutex> lock{mutex_};
    if (auto* entry = const_cast<BackpropEntry*>(FindBackpropEntry(backprop_id.ordinal()))) {  // NOLINT
        entry->backprop_done = true;
    }
}

std::string BackpropId::GetName() const { return context_->GetBackpropName(*this); }
void BackpropId::CheckValid() const { context_->CheckValidBackpropId(*this); }
std::ostream& operator<<(std::ostream& os, const BackpropId& backprop_id) { return os << backprop_id.GetName(); }

Context& GetDefaultContext() {
    if (t_default_context != nullptr) {
        return *t_default_context;
    }
    if (g_global_default_context != nullptr) {
        return *g_global_default_context;
    }
    throw ContextError{"no default context is set (call SetGlobalDefaultContext or use a ContextScope)"};
}

void SetDefaultContext(Context* context) {
    if (t_default_context != context) {
        t_default_device = nullptr;
    }
    t_default_context = context;
}

Context& GetGlobalDefaultContext() {
    if (g_global_default_context == nullptr) {
        throw ContextError{"the global default context is not set"};
    }
    return *g_global_default_context;
}

void SetGlobalDefaultContext(Context* context) { g_global_default_context = context; }

ContextScope::ContextScope(Context& context)
    : orig_context_{t_default_context}, orig_device_{t_default_device} {
    SetDefaultContext(&context);
}

ContextScope::~ContextScope() {
    t_default_context = orig_context_;
    t_default_device = orig_device_;
}

namespace internal {

Context* GetDefaultContextNoExcept() { return t_default_context; }
Device* GetDefaultDeviceNoExcept() { return t_default_device; }
void SetDefaultDeviceRaw(Device* device) { t_default_device = device; }

}  // namespace internal
}  // namespace chainerx
