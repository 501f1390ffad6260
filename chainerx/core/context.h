// The Context owns backends (and through them devices) and the registry of graphs (backprop ids).
//
// Each thread has a default context (falling back to the global default context) and a default device:
//
//     Context ctx;
//     ContextScope scope{ctx};                   // default context of this thread until scope exit
//     Device& device = ctx.GetDevice("native:1");
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "chainerx/core/backprop_id.h"

namespace chainerx {

class Backend;
class Device;

class Context {
public:
    Context();
    ~Context();
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;

    // Returns the backend of the given name, creating it on first use. Built-in backends ("native", and
    // "cuda" when compiled in) register themselves; any other name is loaded as a plug-in from
    // $CHAINERX_PATH/backends/<name>.so (default $HOME/.chainerx). Throws BackendError if none is found.
    Backend& GetBackend(const std::string& backend_name);
    Backend& GetNativeBackend();

    // Device by "<backend>:<index>" or "<backend>" (index 0). Throws DeviceError for a malformed name or an
    // index out of range, BackendError for an unknown backend.
    Device& GetDevice(std::string_view device_name);
    Device& GetDevice(const std::string& backend_name, int index);

    BackpropId default_backprop_id() { return BackpropId{*this, 0}; }
    BackpropId MakeBackpropId(std::string backprop_name);
    // Releases a graph; its id becomes expired. The default graph cannot be released (ChainerxError).
    void ReleaseBackpropId(const BackpropId& backprop_id);
    // Throws ContextError for an id of another context and ChainerxError for an expired one.
    void CheckValidBackpropId(const BackpropId& backprop_id) const;
    std::string GetBackpropName(const BackpropId& backprop_id) const;

    // Records that an operation was recorded on both graphs, `outer` having the lower ordinal.
    void ConnectBackpropIds(const BackpropId& outer, const BackpropId& inner);
    // Checks `backprop_id` as CheckValidBackpropId does, then throws ChainerxError if backward already ran on a
    // graph that is (transitively) outer to it: the inner graph's recorded operations may have been consumed by
    // that backward. One lock for both checks (backward runs them on every call).
    void CheckBackpropAllowed(const BackpropId& backprop_id) const;
    void SetBackpropDone(const BackpropId& backprop_id);

private:
    struct BackendEntry;
    struct BackpropEntry {
        BackpropOrdinal ordinal;
        std::string name;
        std::vector<BackpropOrdinal> outer_ordinals;  // graphs directly connected as outer to this one
        bool backprop_done{false};
    };

    const BackpropEntry* FindBackpropEntry(BackpropOrdinal ordinal) const;
    // The two halves of CheckValidBackpropId; CheckNotExpired needs mutex_ held.
    void CheckSameContext(const BackpropId& backprop_id) const;
    void CheckNotExpired(const BackpropId& backprop_id) const;

    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::unique_ptr<BackendEntry>> backends_;
    Backend* native_backend_{nullptr};
    std::vector<BackpropEntry> backprop_entries_;  // live graphs, ordered by ordinal
    BackpropOrdinal next_backprop_ordinal_{1};
};

// The context of this thread, or the global default context if none is set. Throws ContextError if neither.
Context& GetDefaultContext();
// Sets this thread's default context (nullptr: fall back to the global one). Resets the default device if
// the context changes.
void SetDefaultContext(Context* context);
Context& GetGlobalDefaultContext();
void SetGlobalDefaultContext(Context* context);

// Sets the thread's default context (and keeps the default device) until destruction, then restores both.
class ContextScope {
public:
    explicit ContextScope(Context& context);
    ~ContextScope();
    ContextScope(const ContextScope&) = delete;
    ContextScope& operator=(const ContextScope&) = delete;

private:
    Context* orig_context_;
    Device* orig_device_;
};

namespace internal {

// The thread's raw default context and device pointers, which may be null (= not set).
Context* GetDefaultContextNoExcept();
Device* GetDefaultDeviceNoExcept();
void SetDefaultDeviceRaw(Device* device);

}  // namespace internal
}  // namespace chainerx
