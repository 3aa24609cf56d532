// Per-thread memory of immutable info answers: a direct-mapped table (a new answer overwrites
// the one in its slot), so a thread's loop over a few objects hits it every time, a lookup takes
// no lock, and memory stays bounded whatever the application creates.
#include "immutable_info.h"

#include <atomic>
#include <cstring>
#include <memory>

namespace clvet::layer::immutable_info {
namespace {

using rules::InfoQuery;

// Bumped by forget_all(); an answer remembered under an older epoch is not used.
std::atomic<std::uint32_t> g_epoch{1};

struct Slot {
  Question question;
  std::uint32_t epoch = 0;  // 0: empty
  Answer answer;
};

constexpr std::size_t kSlots = 512;  // a power of two

// Allocated on a thread's first question, not in every thread's TLS block. The bare pointer is
// what lookups read: a trivial thread_local in the initial-exec model costs one load, where the
// owner (a thread_local with a destructor) would cost a guard and a __tls_get_addr call.
thread_local Slot* t_slots __attribute__((tls_model("initial-exec"))) = nullptr;
// Set once the thread's table is freed at its exit: calls made later (from other thread_local
// destructors) go to the driver.
thread_local bool t_exited __attribute__((tls_model("initial-exec"))) = false;

struct TableOwner {
  std::unique_ptr<Slot[]> table = std::make_unique<Slot[]>(kSlots);
  ~TableOwner() {
    t_slots = nullptr;
    t_exited = true;
  }
};

// The calling thread's table; nullptr while the thread exits.
Slot* slots() {
  if (t_slots != nullptr || t_exited) return t_slots;
  thread_local TableOwner owner;
  t_slots = owner.table.get();
  return t_slots;
}

std::size_t slot_of(const Question& q) {
  std::uint64_t h = q.object * 0x9e3779b97f4a7c15u;
  h ^= (q.extra + (std::uint64_t{q.param} << 8) + static_cast<std::uint64_t>(q.query)) *
       0xc2b2ae3d27d4eb4fu;
  return static_cast<std::size_t>(h >> 32) & (kSlots - 1);
}

bool same(const Question& a, const Question& b) {
  return a.object == b.object && a.extra == b.extra && a.param == b.param && a.query == b.query;
}

}  // namespace

bool immutable(InfoQuery query, cl_uint param) {
  switch (query) {
    case InfoQuery::Platform:
    case InfoQuery::Image:
    case InfoQuery::Pipe:
    case InfoQuery::KernelArg:
      return true;  // every parameter is fixed at creation
    case InfoQuery::Device:
      // CL_DEVICE_AVAILABLE may change (a device lost); the count is the application's.
      return param != CL_DEVICE_REFERENCE_COUNT && param != CL_DEVICE_AVAILABLE;
    case InfoQuery::Context:
      return param == CL_CONTEXT_DEVICES || param == CL_CONTEXT_NUM_DEVICES ||
             param == CL_CONTEXT_PROPERTIES;
    case InfoQuery::CommandQueue:
      // Not CL_QUEUE_DEVICE_DEFAULT: clSetDefaultDeviceCommandQueue changes it.
      return param == CL_QUEUE_CONTEXT || param == CL_QUEUE_DEVICE ||
             param == CL_QUEUE_PROPERTIES || param == CL_QUEUE_PROPERTIES_ARRAY ||
             param == CL_QUEUE_SIZE;
    case InfoQuery::Mem:
      // Not CL_MEM_MAP_COUNT nor the reference count.
      return param == CL_MEM_TYPE || param == CL_MEM_FLAGS || param == CL_MEM_SIZE ||
             param == CL_MEM_HOST_PTR || param == CL_MEM_CONTEXT ||
             param == CL_MEM_ASSOCIATED_MEMOBJECT || param == CL_MEM_OFFSET ||
             param == CL_MEM_USES_SVM_POINTER || param == CL_MEM_PROPERTIES;
    case InfoQuery::Sampler:
      return param != CL_SAMPLER_REFERENCE_COUNT;
    case InfoQuery::Program:
      // Not what a build changes (kernel names, binaries).
      return param == CL_PROGRAM_CONTEXT || param == CL_PROGRAM_NUM_DEVICES ||
             param == CL_PROGRAM_DEVICES;
    case InfoQuery::Kernel:
      return param == CL_KERNEL_FUNCTION_NAME || param == CL_KERNEL_NUM_ARGS ||
             param == CL_KERNEL_CONTEXT || param == CL_KERNEL_PROGRAM ||
             param == CL_KERNEL_ATTRIBUTES;
    case InfoQuery::KernelWorkGroup:
      // Not CL_KERNEL_LOCAL_MEM_SIZE (it counts the local arguments set), nor
      // CL_KERNEL_WORK_GROUP_SIZE, which a driver may derive from it.
      return param == CL_KERNEL_COMPILE_WORK_GROUP_SIZE ||
             param == CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE;
    case InfoQuery::Event:
      return param == CL_EVENT_COMMAND_QUEUE || param == CL_EVENT_CONTEXT ||
             param == CL_EVENT_COMMAND_TYPE;
    case InfoQuery::ProgramBuild:
    case InfoQuery::EventProfiling:
      return false;
  }
  return false;
}

const Answer* find(const Question& question) {
  Slot* table = slots();
  if (table == nullptr) return nullptr;
  const Slot& slot = table[slot_of(question)];
  if (slot.epoch != g_epoch.load(std::memory_order_acquire) || !same(slot.question, question))
    return nullptr;
  return &slot.answer;
}

std::uint32_t epoch() {
  return g_epoch.load(std::memory_order_acquire);
}

void remember(const Question& question, std::uint32_t epoch, const void* value, std::size_t size) {
  Slot* table = slots();
  if (table == nullptr || size > kMaxAnswer) return;
  Slot& slot = table[slot_of(question)];
  slot.question = question;
  slot.epoch = epoch;
  slot.answer.size = static_cast<std::uint8_t>(size);
  if (size != 0) std::memcpy(slot.answer.bytes, value, size);
}

void forget_all() {
  g_epoch.fetch_add(1, std::memory_order_acq_rel);
}

}  // namespace clvet::layer::immutable_info
