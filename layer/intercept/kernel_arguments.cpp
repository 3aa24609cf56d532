// Kernels' arguments that name memory objects and samplers, and the launch's look at them.
#include "kernel_arguments.h"

#include <fmt/format.h>

#include <cstring>
#include <memory>
#include <algorithm>
#include <mutex>
#include <vector>

#include "kernel_signatures.h"
#include "object_facts.h"
#include "objects.h"

namespace clvet::layer::kernel_arguments {
namespace {

using api::ObjectKind;

// A kernel's slots, one per argument (CL_KERNEL_NUM_ARGS when its first argument is set). Found
// from the kernel through one of its facts (object_facts.h), so a launch's look takes no lock.
// A kernel whose driver does not say how many arguments it has gets kUnknownCount slots and
// more as its arguments past them are set (Chunk), so that none goes unchecked.
//
// Blocks outlive their kernels: a kept verdict of clSetKernelArg names a slot (kernel_arguments.h's
// Note). None is used once its kernel is released (a verdict is used only while the object table
// counts no change since it was admitted, and a release is one), so the block of a kernel no
// longer live is taken back (take_back(), when the blocks in use have doubled since it last
// ran) and handed to the next kernel, its slots emptied: the blocks are bounded by the most
// kernels alive at once, not by the kernels ever made.
constexpr cl_uint kChunk = 64;
// A kernel whose driver does not say how many arguments it has gets this many slots at first.
constexpr cl_uint kUnknownCount = kChunk;
// Arguments past this index get no slot. A kernel's arguments take at most
// CL_DEVICE_MAX_PARAMETER_SIZE bytes together (§5.7.2: CL_INVALID_ARG_SIZE; at least 1,024 bytes
// for a full profile, 4,352 on NVIDIA's devices), one byte at least each: an index this high is
// the application's mistake, which the driver answers with CL_INVALID_ARG_INDEX.
constexpr cl_uint kMostArguments = 1u << 16;

// kChunk slots of a kernel whose count is unknown, from argument `first` on.
struct Chunk {
  Chunk(cl_uint first_index, Chunk* next_chunk) : first(first_index), next(next_chunk) {}
  const cl_uint first;
  Chunk* const next;
  Slot slots[kChunk];
};

struct Block {
  explicit Block(cl_uint count) : capacity(count), slots(std::make_unique<Slot[]>(count)) {}
  ~Block() {
    for (Chunk* chunk = more.load(std::memory_order_relaxed); chunk != nullptr;) {
      Chunk* next = chunk->next;
      delete chunk;
      chunk = next;
    }
  }
  // The kernel whose slots these are: its handle and its identity (ObjectTable::State's), under
  // g_mutex.
  const void* kernel = nullptr;
  std::uint64_t identity = 0;
  // g_released when a launch last found every argument alive: looked at again only after
  // another memory object or sampler is released.
  std::atomic<std::uint64_t> looked{0};
  const cl_uint capacity;
  const std::unique_ptr<Slot[]> slots;
  // Whether arguments past `capacity` get slots (the kernel's count is unknown), and those
  // slots, newest first (made under g_mutex, never unlinked while the block lives).
  std::atomic<bool> grows{false};
  std::atomic<Chunk*> more{nullptr};
};

// Memory objects and samplers released for good, in the whole process.
std::atomic<std::uint64_t> g_released{0};

std::mutex g_mutex;  // making and taking back blocks and chunks
// The blocks of kernels, and those taken back from released kernels for the next ones (never
// destroyed: calls may come while the process exits).
struct Blocks {
  std::vector<Block*> in_use;
  std::vector<Block*> spare;
  std::size_t take_back_at = 64;  // in_use's size that makes take_back() run
};
Blocks& blocks() {
  static auto* all = new Blocks;
  return *all;
}

void empty(Slot& slot) {
  slot.handle.store(nullptr, std::memory_order_relaxed);
  slot.identity.store(0, std::memory_order_relaxed);
}

void empty(Block& block) {
  for (cl_uint i = 0; i < block.capacity; ++i) empty(block.slots[i]);
  for (Chunk* chunk = block.more.load(std::memory_order_relaxed); chunk != nullptr; chunk = chunk->next)
    for (Slot& slot : chunk->slots) empty(slot);
  block.looked.store(0, std::memory_order_relaxed);
}

// Under g_mutex: the blocks of kernels no longer live (released, or another object at their
// address) become spare.
void take_back() {
  Blocks& all = blocks();
  std::size_t kept = 0;
  for (Block* block : all.in_use) {
    if (objects().state(block->kernel) == checker::ObjectTable::State{block->identity, true})
      all.in_use[kept++] = block;
    else
      all.spare.push_back(block);
  }
  all.in_use.resize(kept);
  all.take_back_at = std::max<std::size_t>(64, 2 * kept);
}

// Under g_mutex: a block of at least `count` slots, emptied, in use.
Block* new_block(cl_uint count) {
  Blocks& all = blocks();
  if (all.in_use.size() >= all.take_back_at) take_back();
  Block* block = nullptr;
  for (std::size_t i = 0; i < all.spare.size() && block == nullptr; ++i)
    if (all.spare[i]->capacity >= count) {
      block = all.spare[i];
      all.spare[i] = all.spare.back();
      all.spare.pop_back();
      empty(*block);
    }
  if (block == nullptr) {
    // A spare too small goes, so that kernels of ever more arguments do not pile spares up.
    if (!all.spare.empty()) {
      delete all.spare.back();
      all.spare.pop_back();
    }
    block = new Block(count);
  }
  all.in_use.push_back(block);
  return block;
}

Block* kept_block(const void* kernel) {
  std::uint64_t value = 0;
  if (objects().fact(kernel, ObjectKind::Kernel, kKernelArgumentsPlace, nullptr, value) !=
      checker::ObjectTable::Recall::Answered)
    return nullptr;
  return reinterpret_cast<Block*>(static_cast<std::uintptr_t>(value));
}

// The kernel's block, made (or a spare taken) when it has none; nullptr when `kernel` is no live
// kernel.
Block* block_of(const void* kernel, const rules::World& w) {
  if (Block* block = kept_block(kernel)) return block;
  const checker::ObjectTable::State state = objects().state(kernel);
  if (!state.live || static_cast<ObjectKind>(state.identity >> 56) != ObjectKind::Kernel)
    return nullptr;
  const std::optional<cl_uint> count =
      rules::get<cl_uint>(w, rules::InfoQuery::Kernel, kernel, CL_KERNEL_NUM_ARGS);
  std::lock_guard lock(g_mutex);
  if (Block* block = kept_block(kernel)) return block;  // made meanwhile by another thread
  Block* block = new_block(count.value_or(kUnknownCount));
  block->kernel = kernel;
  block->identity = state.identity;
  block->grows.store(!count.has_value(), std::memory_order_relaxed);
  objects().keep_fact(kernel, kKernelArgumentsPlace, nullptr,
                      static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(block)));
  return block;
}

// Argument `index`'s slot in `block`: nullptr past the kernel's arguments, or, where the kernel
// grows, where no slot was made and `make` is false.
Slot* slot_of(Block& block, cl_uint index, bool make) {
  if (index < block.capacity) return &block.slots[index];
  if (!block.grows.load(std::memory_order_relaxed) || index >= kMostArguments) return nullptr;
  const cl_uint first = index / kChunk * kChunk;
  auto find = [&]() -> Slot* {
    for (Chunk* chunk = block.more.load(std::memory_order_acquire); chunk != nullptr; chunk = chunk->next)
      if (chunk->first == first) return &chunk->slots[index - first];
    return nullptr;
  };
  if (Slot* slot = find(); slot != nullptr || !make) return slot;
  std::lock_guard lock(g_mutex);
  if (Slot* slot = find()) return slot;  // made meanwhile by another thread
  auto* chunk = new Chunk(first, block.more.load(std::memory_order_relaxed));
  block.more.store(chunk, std::memory_order_release);
  return &chunk->slots[index - first];
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
  if (block == nullptr) return {};
  Note note;
  note.slot = slot_of(*block, a.arg_index, true);
  if (note.slot == nullptr) return {};
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
  if (block == nullptr) return;
  if (Slot* slot = slot_of(*block, index, false)) empty(*slot);
}

void set_failed(cl_kernel kernel, cl_uint index) {
  Block* block = kept_block(kernel);
  if (block == nullptr) return;
  if (Slot* slot = slot_of(*block, index, false)) empty(*slot);
}

void cloned(const void* source, const void* clone, const rules::World& w) {
  Block* from = kept_block(source);
  if (from == nullptr) return;
  Block* to = block_of(clone, w);
  if (to == nullptr) return;
  auto copy = [&](const Slot& slot, cl_uint index) {
    const void* handle = slot.handle.load(std::memory_order_relaxed);
    if (handle == nullptr) return;
    Slot* into = slot_of(*to, index, true);
    if (into == nullptr) return;
    into->handle.store(handle, std::memory_order_relaxed);
    into->identity.store(slot.identity.load(std::memory_order_relaxed), std::memory_order_relaxed);
  };
  for (cl_uint i = 0; i < from->capacity; ++i) copy(from->slots[i], i);
  for (const Chunk* chunk = from->more.load(std::memory_order_acquire); chunk != nullptr; chunk = chunk->next)
    for (cl_uint i = 0; i < kChunk; ++i) copy(chunk->slots[i], chunk->first + i);
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
  auto gone = [](const Slot& slot) {
    const void* handle = slot.handle.load(std::memory_order_relaxed);
    return handle != nullptr &&
           objects().state(handle) !=
               checker::ObjectTable::State{slot.identity.load(std::memory_order_relaxed), true};
  };
  auto describe_slot = [](const Slot& slot, cl_uint index) {
    return describe(index, slot.handle.load(std::memory_order_relaxed),
                    slot.identity.load(std::memory_order_relaxed));
  };
  for (cl_uint i = 0; i < block->capacity; ++i)
    if (gone(block->slots[i])) return describe_slot(block->slots[i], i);
  // The chunks newest first: the argument reported is the first released in each.
  for (const Chunk* chunk = block->more.load(std::memory_order_acquire); chunk != nullptr; chunk = chunk->next)
    for (cl_uint i = 0; i < kChunk; ++i)
      if (gone(chunk->slots[i])) return describe_slot(chunk->slots[i], chunk->first + i);
  block->looked.store(released, std::memory_order_relaxed);
  return std::nullopt;
}

std::size_t blocks_held() {
  std::lock_guard lock(g_mutex);
  return blocks().in_use.size() + blocks().spare.size();
}

}  // namespace clvet::layer::kernel_arguments
