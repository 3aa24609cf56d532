// The kept verdicts of repeated calls: each thread's few, and the keys of the entry points kept.
#include "kept_verdicts.h"

#include <cstring>
#include <memory>

#include "clvet/rules/args.gen.h"
#include "layer_world.h"
#include "objects.h"

namespace clvet::layer::kept_verdicts {
namespace {

// A thread's kept verdicts (a kernel loop sets two arguments, then launches and writes: one
// each), replaced in turn, and the one being recorded.
struct Kept {
  static constexpr std::size_t kVerdicts = 8;
  std::array<Verdict, kVerdicts> verdicts;
  std::size_t next = 0;
  std::size_t last = 0;  // the verdict used last: a loop's next call is usually the next one
  Verdict recording;
  RecordingWorld world;
};

// A trivial initial-exec thread_local: no guard, no __tls_get_addr in this dlopen()ed library;
// the owner beside it frees the thread's verdicts when the thread ends.
thread_local Kept* t_kept __attribute__((tls_model("initial-exec"))) = nullptr;
thread_local std::unique_ptr<Kept> t_owner;

[[gnu::noinline, gnu::cold]] Kept& first_kept() {
  t_owner = std::make_unique<Kept>();
  t_kept = t_owner.get();
  return *t_kept;
}

inline Kept& kept() {
  if (t_kept != nullptr) [[likely]]
    return *t_kept;
  return first_kept();
}

// Builds a key from words: false when they do not fit.
class KeyWriter {
 public:
  explicit KeyWriter(Verdict& verdict) : verdict_(verdict) { verdict_.key_words = 0; }
  void add(std::uint64_t word) {
    if (verdict_.key_words < Verdict::kKeyWords) verdict_.key[verdict_.key_words] = word;
    ++verdict_.key_words;
  }
  void add(const void* pointer) { add(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(pointer))); }
  // `count` sizes read through `sizes` (none when it is NULL).
  void add_sizes(const size_t* sizes, cl_uint count) {
    add(sizes);
    for (cl_uint i = 0; sizes != nullptr && i < count; ++i) add(std::uint64_t{sizes[i]});
  }
  bool fits() const { return verdict_.key_words <= Verdict::kKeyWords; }

 private:
  Verdict& verdict_;
};

// The key of a call of the entry points kept: every argument's value, and what the rules read
// through a pointer (a kernel argument's handle, the work sizes); false for the others, and
// for calls with a wait list.
bool key_of(std::uint32_t entry, const void* args, rules::Version version, Verdict& verdict) {
  KeyWriter key(verdict);
  key.add(std::uint64_t{static_cast<std::uint32_t>(version.major)} << 32 |
          static_cast<std::uint32_t>(version.minor));
  switch (entry) {
    case args::SetKernelArg::kEntryIndex: {
      const auto& a = *static_cast<const args::SetKernelArg*>(args);
      key.add(a.kernel);
      key.add(std::uint64_t{a.arg_index});
      key.add(std::uint64_t{a.arg_size});
      key.add(a.arg_value);
      // A pointer-sized value may be a handle, which the argument's judgement reads
      // (argument_values.h); it reads nothing else of the value.
      if (a.arg_value != nullptr && a.arg_size == sizeof(void*)) {
        std::uint64_t value = 0;
        std::memcpy(&value, a.arg_value, sizeof(void*));
        key.add(value);
      }
      return key.fits();
    }
    case args::EnqueueNDRangeKernel::kEntryIndex: {
      const auto& a = *static_cast<const args::EnqueueNDRangeKernel*>(args);
      if (a.num_events_in_wait_list != 0 || a.event_wait_list != nullptr) return false;
      if (a.work_dim < 1 || a.work_dim > 3) return false;
      key.add(a.command_queue);
      key.add(a.kernel);
      key.add(std::uint64_t{a.work_dim});
      key.add_sizes(a.global_work_offset, a.work_dim);
      key.add_sizes(a.global_work_size, a.work_dim);
      key.add_sizes(a.local_work_size, a.work_dim);
      key.add(a.event);
      return key.fits();
    }
    case args::EnqueueWriteBuffer::kEntryIndex:
    case args::EnqueueReadBuffer::kEntryIndex: {
      // The two have the same arguments (the blocking flag's name aside).
      static_assert(sizeof(args::EnqueueWriteBuffer) == sizeof(args::EnqueueReadBuffer));
      const auto& a = *static_cast<const args::EnqueueWriteBuffer*>(args);
      if (a.num_events_in_wait_list != 0 || a.event_wait_list != nullptr) return false;
      key.add(a.command_queue);
      key.add(a.buffer);
      key.add(std::uint64_t{a.blocking_write});
      key.add(std::uint64_t{a.offset});
      key.add(std::uint64_t{a.size});
      key.add(a.ptr);
      key.add(a.event);
      return key.fits();
    }
    default:
      return false;
  }
}

bool same_call(const Verdict& kept, const Verdict& call) {
  if (kept.entry != call.entry || kept.key_words != call.key_words) return false;
  for (std::uint8_t i = 0; i < call.key_words; ++i)
    if (kept.key[i] != call.key[i]) return false;
  return true;
}

// Whether every handle noted is as it was and no kept answer was forgotten; looked up again
// only when some object was created or released since they were last seen so.
bool unchanged(Verdict& kept, const checker::ObjectTable& table) {
  if (kept.forgets != table.forgets()) return false;
  const std::uint64_t changes = table.changes();
  if (kept.changes == changes) return true;
  for (std::uint8_t i = 0; i < kept.dependency_count; ++i)
    if (!(table.state(kept.dependencies[i].handle) == kept.dependencies[i].state)) return false;
  kept.changes = changes;
  return true;
}

}  // namespace

bool keeps(std::uint32_t entry) {
  switch (entry) {
    case args::SetKernelArg::kEntryIndex:
    case args::EnqueueNDRangeKernel::kEntryIndex:
    case args::EnqueueWriteBuffer::kEntryIndex:
    case args::EnqueueReadBuffer::kEntryIndex:
      return true;
    default:
      return false;
  }
}

void Verdict::depends_on(const void* handle) {
  for (std::uint8_t i = 0; i < dependency_count; ++i)
    if (dependencies[i].handle == handle) return;
  if (dependency_count == kDependencies) {
    unkept = true;
    return;
  }
  dependencies[dependency_count++] = {handle, objects().state(handle)};
}

const rules::World* judge_with(std::uint32_t entry, const void* args, rules::Version version,
                               const LayerWorld& world) {
  Kept& k = kept();
  Verdict& call = k.recording;
  call.entry = entry;
  if (!key_of(entry, args, version, call)) return &world;
  const checker::ObjectTable& table = objects();
  for (std::size_t n = 1; n <= Kept::kVerdicts; ++n) {
    const std::size_t i = (k.last + n) % Kept::kVerdicts;
    if (same_call(k.verdicts[i], call) && unchanged(k.verdicts[i], table)) {
      k.last = i;
      world.judged_before();
      return nullptr;
    }
  }
  // Read before the rules read any kept answer or handle: one forgotten or changed meanwhile
  // leaves the verdict to be checked again.
  call.forgets = table.forgets();
  call.changes = table.changes();
  call.dependency_count = 0;
  call.unkept = false;
  world.record(&call);
  k.world.start(world, call);
  return &k.world;
}

const rules::World& recording_world() { return kept().world; }

api::ObjectKind RecordingWorld::kind_of(const void* handle) const {
  if (handle != nullptr) verdict_->depends_on(handle);
  return world_->kind_of(handle);
}

rules::Version RecordingWorld::version() const { return world_->version(); }

cl_int RecordingWorld::info(rules::InfoQuery query, const void* handle, const void* extra,
                            cl_uint param, std::size_t size, void* value,
                            std::size_t* size_ret) const {
  if (handle != nullptr) verdict_->depends_on(handle);
  // The queries whose second handle is a device (the others take an index, or nothing).
  if (extra != nullptr &&
      (query == rules::InfoQuery::ProgramBuild || query == rules::InfoQuery::KernelWorkGroup))
    verdict_->depends_on(extra);
  return world_->info(query, handle, extra, param, size, value, size_ret);
}

// Kept from the program's link, for its life: as lasting as the answers above.
std::string RecordingWorld::linked_uniform_reason(const void* program, const void* device) const {
  if (program != nullptr) verdict_->depends_on(program);
  return world_->linked_uniform_reason(program, device);
}

void passed(const LayerWorld& world) {
  Verdict* call = world.recording();
  world.record(nullptr);
  if (call == nullptr || call->unkept) return;
  Kept& k = kept();
  // The same call kept before (its handles since changed) gives its place.
  std::size_t place = k.next;
  bool found = false;
  for (std::size_t i = 0; i < k.verdicts.size() && !found; ++i)
    if (same_call(k.verdicts[i], *call)) {
      place = i;
      found = true;
    }
  if (!found) k.next = (k.next + 1) % k.verdicts.size();
  k.verdicts[place] = *call;
  k.last = place;
}

void broken(const LayerWorld& world) { world.record(nullptr); }

}  // namespace clvet::layer::kept_verdicts
