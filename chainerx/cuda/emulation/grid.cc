#include "chainerx/cuda/emulation/grid.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "chainerx/cuda/emulation/queue.h"

#if !defined(__x86_64__)
#error "the CUDA emulation switches stacks with x86-64 instructions"
#endif

// Saves the callee-saved registers on the running stack and that stack's pointer in *from, then resumes the stack
// `to` (saved so, or prepared by StartStack). ucontext's swapcontext does the same but also saves and restores the
// signal mask, a system call at every switch, which took half the emulation's time.
extern "C" void chainerx_emulation_switch(void** from, void* to);
asm(R"(
    .text
    .globl chainerx_emulation_switch
    .hidden chainerx_emulation_switch
    .type chainerx_emulation_switch, @function
chainerx_emulation_switch:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size chainerx_emulation_switch, .-chainerx_emulation_switch
)");

namespace chainerx {
namespace cuda {
namespace emulation {
namespace {

// Kernel frames are small; the host's libm and the formulas' helpers run on these stacks too.
constexpr size_t kStackBytes = size_t{128} << 10;
constexpr size_t kExchangeBytes = 16;

enum class ThreadState { kRunnable, kAtBlockBarrier, kAtWarpBarrier, kExited };

struct EmulatedThread {
    void* stack_pointer{nullptr};
    ThreadState state{ThreadState::kRunnable};
    ThreadPosition position{};
    std::unique_ptr<char[]> stack;
};

// The block that runs now: its threads, the scheduler's context they switch back to, and the warps' exchange slots.
struct BlockRun {
    std::vector<EmulatedThread> threads;
    std::vector<std::array<std::array<unsigned char, kExchangeBytes>, kWarpSize>> exchange;
    void* scheduler_stack_pointer{nullptr};
    EmulatedThread* current{nullptr};
    const std::function<void()>* body{nullptr};
};

// Blocks run one at a time (under the mutex), so one run serves every grid.
std::mutex g_grid_mutex;
BlockRun g_run;
// Counts the blocks run so far; the one running now has this number (from 1).
uint64_t g_block_serial = 0;

// Note [Emulated schedules]
// A GPU runs the blocks of a grid in no defined order and the threads of a block side by side, so a kernel must not
// depend on either order. The emulation runs the blocks in order and, between two barriers, each thread to the next
// in thread order: a kernel that reads what a later block, or a later thread before a barrier, has yet to write
// would pass here and fail there. CHAINERX_CUDA_EMULATION_SCHEDULE picks the order: "in-order" (the default),
// "reversed" (blocks and threads last to first) or "shuffled" (blocks in a random affine permutation of the grid,
// threads in a fresh random order at every barrier; seeded with CHAINERX_CUDA_EMULATION_SEED, default 0, so that a
// failure repeats). Running the suite under each (tools/pytest_emulated.sh) shows such order dependencies.
enum class Schedule { kInOrder, kReversed, kShuffled };

struct Scheduling {
    Schedule schedule{Schedule::kInOrder};
    std::mt19937_64 random{0};
};

Scheduling& GetScheduling() {
    static Scheduling scheduling = [] {
        Scheduling s{};
        const char* name = std::getenv("CHAINERX_CUDA_EMULATION_SCHEDULE");
        std::string value = name == nullptr ? "" : name;
        if (value == "reversed") {
            s.schedule = Schedule::kReversed;
        } else if (value == "shuffled") {
            s.schedule = Schedule::kShuffled;
        } else if (!value.empty() && value != "in-order") {
            std::fprintf(
                    stderr,
                    "chainerx CUDA emulation: CHAINERX_CUDA_EMULATION_SCHEDULE=%s is none of in-order, reversed, "
                    "shuffled\n",
                    value.c_str());
            std::abort();
        }
        const char* seed = std::getenv("CHAINERX_CUDA_EMULATION_SEED");
        s.random.seed(seed == nullptr ? 0 : std::strtoull(seed, nullptr, 10));
        return s;
    }();
    return scheduling;
}

// The order of the grid's blocks as a map from the k-th block run to its linear index: k -> (a * k + c) mod total,
// a bijection when a and total are coprime (identity: a = 1, c = 0; reversed: a = total - 1, c = total - 1).
struct BlockOrder {
    uint64_t total;
    uint64_t a;
    uint64_t c;

    uint64_t operator[](uint64_t k) const {
        return static_cast<uint64_t>((static_cast<unsigned __int128>(a) * k + c) % total);
    }
};

BlockOrder MakeBlockOrder(uint64_t total) {
    Scheduling& scheduling = GetScheduling();
    switch (scheduling.schedule) {
        case Schedule::kInOrder:
            return BlockOrder{total, 1, 0};
        case Schedule::kReversed:
            return BlockOrder{total, total - 1, total - 1};
        case Schedule::kShuffled: {
            std::uniform_int_distribution<uint64_t> pick{0, total - 1};
            uint64_t a = pick(scheduling.random);
            while (std::gcd(a, total) != 1) {
                a = pick(scheduling.random);
            }
            return BlockOrder{total, a, pick(scheduling.random)};
        }
    }
    return BlockOrder{total, 1, 0};
}

// The order in which the runnable threads of a block are resumed in the next round.
void OrderThreads(std::vector<size_t>& order) {
    Scheduling& scheduling = GetScheduling();
    std::iota(order.begin(), order.end(), size_t{0});
    if (scheduling.schedule == Schedule::kReversed) {
        std::reverse(order.begin(), order.end());
    } else if (scheduling.schedule == Schedule::kShuffled) {
        std::shuffle(order.begin(), order.end(), scheduling.random);
    }
}

[[noreturn]] void ThreadEntry() {
    (*g_run.body)();
    EmulatedThread& self = *g_run.current;
    self.state = ThreadState::kExited;
    chainerx_emulation_switch(&self.stack_pointer, g_run.scheduler_stack_pointer);
    std::abort();  // an exited thread is never resumed
}

// A fresh stack that the first switch to it enters at ThreadEntry: six zero registers for the switch's pops, then
// ThreadEntry's address for its `ret`, then a slot where a call would have put the return address (so that
// ThreadEntry starts, as every function does, with the stack pointer 8 bytes past a 16-byte boundary).
void* StartStack(char* stack) {
    auto top = reinterpret_cast<uintptr_t>(stack + kStackBytes) & ~uintptr_t{15};
    auto* slots = reinterpret_cast<void**>(top) - 8;
    std::fill(slots, slots + 6, nullptr);
    slots[6] = reinterpret_cast<void*>(&ThreadEntry);
    slots[7] = nullptr;
    return slots;
}

// Suspends the current thread in `state` until the scheduler releases it.
void Wait(ThreadState state) {
    EmulatedThread& self = *g_run.current;
    self.state = state;
    chainerx_emulation_switch(&self.stack_pointer, g_run.scheduler_stack_pointer);
}

// Releases the barriers that every live thread concerned has reached; false if none could be released.
bool ReleaseBarriers() {
    std::vector<EmulatedThread>& threads = g_run.threads;
    bool all_at_block_barrier = true;
    bool any_live = false;
    for (const EmulatedThread& t : threads) {
        if (t.state != ThreadState::kExited) {
            any_live = true;
            all_at_block_barrier &= t.state == ThreadState::kAtBlockBarrier;
        }
    }
    if (any_live && all_at_block_barrier) {
        for (EmulatedThread& t : threads) {
            if (t.state == ThreadState::kAtBlockBarrier) {
                t.state = ThreadState::kRunnable;
            }
        }
        return true;
    }
    bool released = false;
    for (size_t first = 0; first < threads.size(); first += kWarpSize) {
        size_t last = std::min(threads.size(), first + kWarpSize);
        bool warp_live = false;
        bool all_at_warp_barrier = true;
        for (size_t i = first; i < last; ++i) {
            if (threads[i].state != ThreadState::kExited) {
                warp_live = true;
                all_at_warp_barrier &= threads[i].state == ThreadState::kAtWarpBarrier;
            }
        }
        if (warp_live && all_at_warp_barrier) {
            for (size_t i = first; i < last; ++i) {
                if (threads[i].state == ThreadState::kAtWarpBarrier) {
                    threads[i].state = ThreadState::kRunnable;
                }
            }
            released = true;
        }
    }
    return released;
}

[[noreturn]] void ReportDeadlock() {
    const ThreadPosition& p = g_run.threads.front().position;
    std::fprintf(
            stderr,
            "chainerx CUDA emulation: deadlock in block (%u, %u, %u): some live threads wait at __syncthreads and "
            "others at a warp barrier or shuffle, or a warp waits for a lane that never arrives\n",
            p.block_idx.x,
            p.block_idx.y,
            p.block_idx.z);
    std::abort();
}

void RunBlock(const uint3& block_idx, const dim3& grid, const dim3& block) {
    std::vector<EmulatedThread>& threads = g_run.threads;
    const size_t n = threads.size();
    ++g_block_serial;
    for (size_t i = 0; i < n; ++i) {
        EmulatedThread& t = threads[i];
        auto linear = static_cast<unsigned>(i);
        uint3 thread_idx{linear % block.x, linear / block.x % block.y, linear / (block.x * block.y)};
        t.position = ThreadPosition{thread_idx, block_idx, block, grid};
        t.state = ThreadState::kRunnable;
        t.stack_pointer = StartStack(t.stack.get());
    }
    std::vector<size_t> order(n);
    while (true) {
        OrderThreads(order);
        for (size_t i : order) {
            EmulatedThread& t = threads[i];
            if (t.state == ThreadState::kRunnable) {
                g_run.current = &t;
                chainerx_emulation_switch(&g_run.scheduler_stack_pointer, t.stack_pointer);
            }
        }
        g_run.current = nullptr;
        if (std::all_of(threads.begin(), threads.end(), [](const EmulatedThread& t) {
                return t.state == ThreadState::kExited;
            })) {
            return;
        }
        if (!ReleaseBarriers()) {
            ReportDeadlock();
        }
    }
}

bool ValidConfiguration(const dim3& grid, const dim3& block) {
    uint64_t threads = uint64_t{block.x} * block.y * block.z;
    return grid.x >= 1 && grid.x <= 0x7fffffffU && grid.y >= 1 && grid.y <= 65535 && grid.z >= 1 &&
           grid.z <= 65535 && threads >= 1 && threads <= 1024 && block.x <= 1024 && block.y <= 1024 && block.z <= 64;
}

// Runs a grid whose configuration is valid, one block after another.
void RunGrid(dim3 grid, dim3 block, const std::function<void()>& thread_body) {
    std::lock_guard<std::mutex> lock{g_grid_mutex};
    DeviceCodeScope device_code;
    const size_t n = size_t{block.x} * block.y * block.z;
    g_run.threads.resize(n);
    for (EmulatedThread& t : g_run.threads) {
        if (t.stack == nullptr) {
            t.stack = std::make_unique<char[]>(kStackBytes);
        }
    }
    g_run.exchange.resize((n + kWarpSize - 1) / kWarpSize);
    g_run.body = &thread_body;
    const uint64_t total = uint64_t{grid.x} * grid.y * grid.z;
    const BlockOrder block_order = MakeBlockOrder(total);
    for (uint64_t k = 0; k < total; ++k) {
        uint64_t linear = block_order[k];
        auto x = static_cast<unsigned>(linear % grid.x);
        auto y = static_cast<unsigned>(linear / grid.x % grid.y);
        auto z = static_cast<unsigned>(linear / (uint64_t{grid.x} * grid.y));
        RunBlock(uint3{x, y, z}, grid, block);
    }
    g_run.body = nullptr;
}

}  // namespace

const ThreadPosition& CurrentThread() {
    if (g_run.current == nullptr) {
        std::fprintf(stderr, "chainerx CUDA emulation: a built-in variable was read outside a kernel\n");
        std::abort();
    }
    return g_run.current->position;
}

uint64_t CurrentBlockSerial() { return g_block_serial; }

void SyncThreads() { Wait(ThreadState::kAtBlockBarrier); }

void SyncWarp() { Wait(ThreadState::kAtWarpBarrier); }

void ExchangeInWarp(const void* value, size_t size, int src_lane, void* result) {
    auto index = static_cast<size_t>(g_run.current - g_run.threads.data());
    auto& slots = g_run.exchange[index / kWarpSize];
    std::memcpy(slots[index % kWarpSize].data(), value, size);
    SyncWarp();
    size_t warp_first = index - index % kWarpSize;
    bool in_warp = src_lane >= 0 && src_lane < kWarpSize && warp_first + src_lane < g_run.threads.size();
    std::memcpy(result, in_warp ? slots[src_lane].data() : slots[index % kWarpSize].data(), size);
    SyncWarp();
}

void LaunchGrid(const char* kernel, dim3 grid, dim3 block, std::function<void()> thread_body) {
    if (!ValidConfiguration(grid, block)) {
        RecordLaunchError(cudaErrorInvalidConfiguration);
        return;
    }
    CountDeviceWork("kernel", kernel, grid, block);
    Enqueue([grid, block, body = std::move(thread_body)]() { RunGrid(grid, block, body); });
}

}  // namespace emulation
}  // namespace cuda
}  // namespace chainerx
