// The kept verdicts of repeated calls: each thread's few, and the keys of the entry points kept.
#include "kept_verdicts.h"

#include <cstring>
#include <memory>
#include <utility>

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
  std::size_t last = 0;  // the verdict used last
  // For each verdict, the one used right after it last time: a loop's calls come in the same
  // order, so that is where the next call's is first looked for.
  std::array<std::uint8_t, kVerdicts> following{};
  Verdict recording;
  RecordingWorld world;
  // The table's counts passed_before() read before the call's handles were judged: what the
  // call's verdict is kept (or confirmed) under.
  std::uint64_t changes_seen = 0;
  std::uint64_t forgets_seen = 0;
  bool seen = false;  // read for the call being judged (else judge_with() reads them)
  // The verdict kept or confirmed for the call being judged, until Call::admit admits it.
  Verdict* pending = nullptr;
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

// Builds a key from words, in the recording verdict.
class KeyWriter {
 public:
  explicit KeyWriter(Verdict& verdict) : verdict_(verdict) { verdict_.key_words = 0; }
  void add(std::uint64_t word) {
    if (verdict_.key_words < Verdict::kKeyWords) verdict_.key[verdict_.key_words] = word;
    ++verdict_.key_words;
  }
  void add(const void* pointer) { add(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(pointer))); }
  bool fits() const { return verdict_.key_words <= Verdict::kKeyWords; }

 private:
  Verdict& verdict_;
};

// Compares a call's key, word by word as key_of() makes it, with a verdict's: the same words in
// the same order, without writing them. The differences are gathered without a branch (a word
// past the verdict's key is compared with whatever its array holds there, and then the count
// of words differs).
class KeyMatcher {
 public:
  explicit KeyMatcher(const Verdict& verdict) : verdict_(verdict) {}
  void add(std::uint64_t word) {
    differs_ |= verdict_.key[words_ % Verdict::kKeyWords] ^ word;
    ++words_;
  }
  void add(const void* pointer) { add(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(pointer))); }
  bool fits() const { return differs_ == 0 && words_ == verdict_.key_words; }

 private:
  const Verdict& verdict_;
  std::uint64_t differs_ = 0;
  std::size_t words_ = 0;
};

// `count` sizes read through `sizes` (none when it is NULL).
template <class Key>
void add_sizes(Key& key, const size_t* sizes, cl_uint count) {
  key.add(sizes);
  for (cl_uint i = 0; sizes != nullptr && i < count; ++i) key.add(std::uint64_t{sizes[i]});
}

// The key of a call of the entry points kept: every argument's value, and what the rules read
// through a pointer (a kernel argument's handle, the work sizes); false for the others, and
// for calls with a wait list. Written (KeyWriter) or compared (KeyMatcher) by the same code.
template <class Key>
bool key_of(std::uint32_t entry, const void* args, Key& key) {
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
      add_sizes(key, a.global_work_offset, a.work_dim);
      add_sizes(key, a.global_work_size, a.work_dim);
      add_sizes(key, a.local_work_size, a.work_dim);
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
  if (kept.entry != call.entry || kept.version != call.version ||
      kept.key_words != call.key_words)
    return false;
  for (std::uint8_t i = 0; i < call.key_words; ++i)
    if (kept.key[i] != call.key[i]) return false;
  return true;
}

// Whether every handle noted is as it was and no kept answer was forgotten; looked up again
// only when some object was created or released since they were last seen so.
// The counts are those read before the call's handles were judged (Kept::changes_seen): a
// verdict confirmed now is kept under them, never under a later state of the table.
bool unchanged(Verdict& kept, const checker::ObjectTable& table, std::uint64_t forgets,
               std::uint64_t changes) {
  if (kept.forgets != forgets) return false;
  if (kept.changes == changes) return true;
  for (std::uint8_t i = 0; i < kept.dependency_count; ++i)
    if (!(table.state(kept.dependencies[i].handle) == kept.dependencies[i].state)) return false;
  kept.changes = changes;
  // The rules' verdict holds under the new counts; what the call's handles are found to be now
  // is for Call::admit to say again (a handle no rule asked about may be gone).
  kept.admitted = false;
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

// Whether `v` is the admitted verdict of the call of `entry` with `args`, under the table's counts.
inline bool admitted_for(const Verdict& v, std::uint32_t entry, const void* args,
                         std::uint64_t forgets, std::uint64_t changes) {
  if (v.entry != entry || !v.admitted || v.changes != changes || v.forgets != forgets) return false;
  KeyMatcher key(v);
  return key_of(entry, args, key);
}

const Verdict* passed_before(std::uint32_t entry, const void* args) {
  Kept& k = kept();
  const checker::ObjectTable& table = objects();
  // Read before the call's handles are judged, and before the rules read any kept answer or
  // handle: one forgotten or changed meanwhile leaves the verdict to be checked again.
  const std::uint64_t forgets = table.forgets();
  const std::uint64_t changes = table.changes();
  const std::size_t expected = k.following[k.last];
  for (std::size_t n = 0; n < Kept::kVerdicts; ++n) {
    const std::size_t i = (expected + n) % Kept::kVerdicts;
    if (admitted_for(k.verdicts[i], entry, args, forgets, changes)) {
      k.following[k.last] = static_cast<std::uint8_t>(i);
      k.last = i;
      return &k.verdicts[i];
    }
  }
  k.forgets_seen = forgets;
  k.changes_seen = changes;
  k.seen = true;
  return nullptr;
}

const rules::World* judge_with(std::uint32_t entry, const void* args, rules::Version version,
                               const LayerWorld& world) {
  Kept& k = kept();
  k.pending = nullptr;
  if (!std::exchange(k.seen, false)) {
    k.forgets_seen = objects().forgets();
    k.changes_seen = objects().changes();
  }
  Verdict& call = k.recording;
  call.entry = entry;
  call.version = version;
  KeyWriter writer(call);
  if (!key_of(entry, args, writer)) return &world;
  const checker::ObjectTable& table = objects();
  for (std::size_t n = 1; n <= Kept::kVerdicts; ++n) {
    const std::size_t i = (k.last + n) % Kept::kVerdicts;
    if (same_call(k.verdicts[i], call) &&
        unchanged(k.verdicts[i], table, k.forgets_seen, k.changes_seen)) {
      k.following[k.last] = static_cast<std::uint8_t>(i);
      k.last = i;
      k.pending = &k.verdicts[i];
      world.judged_before();
      return nullptr;
    }
  }
  call.forgets = k.forgets_seen;
  call.changes = k.changes_seen;
  call.dependency_count = 0;
  call.unkept = false;
  call.admitted = false;
  world.record(&call);
  k.world.start(world, call);
  return &k.world;
}

void admitted(const void* platform, bool reference, const void* const* parents,
              std::uint8_t parent_count) {
  Kept& k = kept();
  Verdict* verdict = std::exchange(k.pending, nullptr);
  if (verdict == nullptr) return;
  verdict->platform = platform;
  verdict->reference = reference;
  verdict->parent_count = parent_count;
  for (std::uint8_t i = 0; i < parent_count && i < verdict->parents.size(); ++i)
    verdict->parents[i] = parents[i];
  verdict->admitted = true;
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
  k.following[k.last] = static_cast<std::uint8_t>(place);
  k.last = place;
  k.pending = &k.verdicts[place];
}

void broken(const LayerWorld& world) { world.record(nullptr); }

}  // namespace clvet::layer::kept_verdicts
