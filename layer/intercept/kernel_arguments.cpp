// Kernels' arguments that name memory objects and samplers, and the launch's look at them.
#include "kernel_arguments.h"

#include <fmt/format.h>

#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "kernel_signatures.h"
#include "object_facts.h"
#include "objects.h"

namespace clvet::layer::kernel_arguments {
namespace {

using api::ObjectKind;

// A kernel's slots, one per argument (CL_KERNEL_NUM_ARGS when its first argument is set). Found
// from the kernel through one of its facts (object_facts.h), so a launch's look takes no lock.
// Never freed: a kept verdict of clSetKernelArg names a slot (kernel_arguments.h's Note), and
// the verdict of a kernel since released is never used again (the kernel's identity is among
// what it depends on) but stays in its thread's verdicts. The next kernel at the same address
// takes the block over, its slots emptied, where it has room enough.
struct Block {
  explicit Block(cl_uint count) : capacity(count), slots(std::make_unique<Slot[]>(count)) {}
  std::uint64_t kernel = 0;  // the id of the kernel whose slots these are (under g_mutex)
  // g_released when a launch last found every argument alive: looked at again only after
  // another memory object or sampler is released.
  std::atomic<std::uint64_t> looked{0};
  const cl_uint capacity;
  const std::unique_ptr<Slot[]> slots;
};

// Memory objects and samplers released for good, in the whole process.
std::atomic<std::uint64_t> g_released{0};

// A kernel whose driver does not say how many arguments it has gets this many slots.
constexpr cl_uint kUnknownCount = 64;

std::mutex g_mutex;  // making blocks
// Each address's latest block, to be taken over by the next kernel there (never destroyed:
// calls may come while the process exits).
std::unordered_map<const void*, Block*>& blocks() {
  static auto* map = new std::unordered_map<const void*, Block*>;
  return *map;
}

Block* kept_block(const void* kernel) {
  std::uint64_t value = 0;
  if (objects().fact(kernel, ObjectKind::Kernel, kKernelArgumentsPlace, nullptr, value) !=
      checker::ObjectTable::Recall::Answered)
    return nullptr;
  return reinterpret_cast<Block*>(static_cast<std::uintptr_t>(value));
}

// The kernel's block, made (or taken over from the address's earlier kernel) when it has none;
// nullptr when `kernel` is no live kernel.
Block* block_of(const void* kernel, const rules::World& w) {
  if (Block* block = kept_block(kernel)) return block;
  const checker::ObjectTable::Identity identity = objects().identity(kernel);
  if (identity.kind != ObjectKind::Kernel) return nullptr;
  const cl_uint count =
      rules::get<cl_uint>(w, rules::InfoQuery::Kernel, kernel, CL_KERNEL_NUM_ARGS)
          .value_or(kUnknownCount);
  std::lock_guard lock(g_mutex);
  if (Block* block = kept_block(kernel)) return block;  // made meanwhile by another thread
  Block*& block = blocks()[kernel];
  if (block == nullptr || block->capacity < count) {
    block = new Block(count);
  } else if (block->kernel != identity.id) {
    for (cl_uint i = 0; i < block->capacity; ++i) {
      block->slots[i].handle.store(nullptr, std::memory_order_relaxed);
      block->slots[i].identity.store(0, std::memory_order_relaxed);
    }
    block->looked.store(0, std::memory_order_relaxed);
  }
  block->kernel = identity.id;
  objects().keep_fact(kernel, kKernelArgumentsPlace, nullptr,
                      static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(block)));
  return block;
}

// What argument `index` is declared as, where the kernel's declarations are kept already
// (argument_values.cpp keeps them at its judgement of clSetKernelArg); Unknown otherwise.
Declared declared(const void* kernel, cl_uint index) {
  std::uint64_t packed = 0;
  if (index >= kDeclarationsInFact ||
      objects().fact(kernel, ObjectKind::Kernel, kKernelDeclarationsPlace, nullptr, packed) !=
          checker::ObjectTable::Recall::Answered)
    return Declared::Unknown;
  const auto nibble = static_cast<std::uint8_t>(packed >> 4 * index & 0xf);
  return nibble == 0 ? Declared::Unknown : static_cast<Declared>(nibble - 1);
}

void empty(Slot& slot) {
  slot.handle.store(nullptr, std::memory_order_relaxed);
  slot.identity.store(0, std::memory_order_relaxed);
}

constexpr std::uint64_t kIdBits = (std::uint64_t{1} << 56) - 1;

ObjectKind kind_in(std::uint64_t identity) { return static_cast<ObjectKind>(identity >> 56); }

std::string describe(cl_uint index, const void* handle, std::uint64_t identity) {
  const ObjectKind kind = kind_in(identity);
  const std::string_view section = kind == ObjectKind::Sampler ? "§5.5.1" : "§5.4.1";
  const std::string set =
      fmt::format("argument {} was set (clSetKernelArg) to the {} {}", index, handle_type(kind),
                  handle);
  const auto record = objects().find(handle);
  if (record && record->id == (identity & kIdBits))
    return fmt::format(
        "{} ({}, call #{}), released for good by {} (call #{}) since: deleted once the commands "
        "queued with it finish ({}), while the argument still names it (§5.7.2: the value is "
        "used until clSetKernelArg changes it)",
        set, record->created_by, record->created_call, record->released_by, record->released_call,
        section);
  return fmt::format(
      "{}, released for good since ({}){}: the argument still names the released one (§5.7.2: "
      "the value is used until clSetKernelArg changes it)",
      set, section,
      record ? fmt::format("; the {} at that address now is another object, created by {} (call "
                           "#{})",
                           handle_type(record->kind), record->created_by, record->created_call)
             : std::string());
}

}  // namespace

Note set(const args::SetKernelArg& a, const rules::World& w) {
  Block* block = block_of(a.kernel, w);
  if (block == nullptr || a.arg_index >= block->capacity) return {};
  Note note;
  note.slot = &block->slots[a.arg_index];
  if (a.arg_value != nullptr && a.arg_size == sizeof(void*)) {
    const void* value = nullptr;
    std::memcpy(&value, a.arg_value, sizeof value);
    const checker::ObjectTable::State state = objects().state(value);
    const ObjectKind kind = kind_in(state.identity);
    const Declared d = declared(a.kernel, a.arg_index);
    // A value of an argument declared as a number, local memory or a queue is none of these,
    // whatever its bits.
    const bool may_name = d == Declared::Unknown || d == Declared::Buffer ||
                          d == Declared::Image || d == Declared::Sampler;
    if (state.live && may_name && (kind == ObjectKind::Mem || kind == ObjectKind::Sampler)) {
      note.handle = value;
      note.identity = state.identity;
    }
  }
  noted(note);
  return note;
}

void set_pointer(cl_kernel kernel, cl_uint index, const rules::World& w) {
  Block* block = block_of(kernel, w);
  if (block != nullptr && index < block->capacity) empty(block->slots[index]);
}

void set_failed(cl_kernel kernel, cl_uint index) {
  Block* block = kept_block(kernel);
  if (block != nullptr && index < block->capacity) empty(block->slots[index]);
}

void cloned(const void* source, const void* clone, const rules::World& w) {
  const Block* from = kept_block(source);
  if (from == nullptr) return;
  Block* to = block_of(clone, w);
  if (to == nullptr) return;
  for (cl_uint i = 0; i < from->capacity && i < to->capacity; ++i) {
    to->slots[i].handle.store(from->slots[i].handle.load(std::memory_order_relaxed),
                              std::memory_order_relaxed);
    to->slots[i].identity.store(from->slots[i].identity.load(std::memory_order_relaxed),
                                std::memory_order_relaxed);
  }
}

void released(const void* handle) {
  const ObjectKind kind = objects().identity(handle).kind;
  if (kind == ObjectKind::Mem || kind == ObjectKind::Sampler)
    g_released.fetch_add(1, std::memory_order_release);
}

std::optional<std::string> released_argument(const void* kernel) {
  const std::uint64_t released = g_released.load(std::memory_order_acquire);
  if (released == 0) return std::nullopt;
  Block* block = kept_block(kernel);
  if (block == nullptr || block->looked.load(std::memory_order_relaxed) == released)
    return std::nullopt;
  for (cl_uint i = 0; i < block->capacity; ++i) {
    const Slot& slot = block->slots[i];
    const void* handle = slot.handle.load(std::memory_order_relaxed);
    if (handle == nullptr) continue;
    const std::uint64_t identity = slot.identity.load(std::memory_order_relaxed);
    if (objects().state(handle) == checker::ObjectTable::State{identity, true}) continue;
    return describe(i, handle, identity);
  }
  block->looked.store(released, std::memory_order_relaxed);
  return std::nullopt;
}

}  // namespace clvet::layer::kernel_arguments
