// The kept verdicts of repeated calls: each thread's few, and the keys of the entry points kept.
#include "kept_verdicts.h"

#include <cstring>
#include <memory>
#include <utility>

#include "clvet/rules/args.gen.h"
#include "layer_world.h"
#include "objects.h"

namespace clvet::layer::kept_verdicts {

namespace detail {
constinit thread_local Kept* t_kept __attribute__((tls_model("initial-exec"))) = nullptr;
}  // namespace detail

namespace {

// Set when the thread's verdicts are freed at its exit: none are made again (a thread_local's
// destructor may call the layer after the owner below is gone).
thread_local bool t_gone __attribute__((tls_model("initial-exec"))) = false;

// Frees the thread's verdicts when the thread ends, and says so first.
struct Owner {
  std::unique_ptr<Kept> kept;
  ~Owner() {
    detail::t_kept = nullptr;
    t_gone = true;
  }
};
thread_local Owner t_owner;

}  // namespace

namespace detail {
[[gnu::noinline, gnu::cold]] Kept* first_kept() {
  if (t_gone) return nullptr;
  t_owner.kept = std::make_unique<Kept>();
  t_kept = t_owner.kept.get();
  return t_kept;
}
}  // namespace detail

namespace {

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
  kept.admitted_entry = Verdict::kNotAdmitted;
  return true;
}

}  // namespace

void Verdict::depends_on(const void* handle) {
  for (std::uint8_t i = 0; i < dependency_count; ++i)
    if (dependencies[i].handle == handle) return;
  if (dependency_count == kDependencies) {
    unkept = true;
    return;
  }
  dependencies[dependency_count++] = {handle, objects().state(handle)};
}

const Verdict* passed_before(std::uint32_t entry, const void* args, KeyFunctions key,
                             std::uint64_t changes) {
  Kept* k = kept();
  if (k == nullptr) return nullptr;
  const std::uint64_t forgets = objects().forgets();
  for (std::size_t i = 0; i < Kept::kVerdicts; ++i) {
    const Verdict& v = k->verdicts[i];
    if (admitted_under(v, entry, changes) && key.matches(args, v)) {
      used(*k, k->verdicts[i]);
      return &v;
    }
  }
  // Judged: what judge_with() keeps its verdict under, and how it writes its key.
  k->key = key;
  k->key_entry = entry;
  k->forgets_seen = forgets;
  k->changes_seen = changes;
  return nullptr;
}

const rules::World* judge_with(std::uint32_t entry, const void* args, rules::Version version,
                               const LayerWorld& world) {
  Kept* k = kept();
  if (k == nullptr) return &world;
  k->pending = nullptr;
  // Kept only where passed_before() read the table's counts for this call.
  if (std::exchange(k->key_entry, ~std::uint32_t{0}) != entry) return &world;
  Verdict& call = k->recording;
  call.entry = entry;
  call.version = version;
  if (!k->key.write(args, call)) return &world;
  const checker::ObjectTable& table = objects();
  const std::size_t last = static_cast<std::size_t>(k->last - k->verdicts.data());
  for (std::size_t n = 1; n <= Kept::kVerdicts; ++n) {
    const std::size_t i = (last + n) % Kept::kVerdicts;
    if (same_call(k->verdicts[i], call) &&
        unchanged(k->verdicts[i], table, k->forgets_seen, k->changes_seen)) {
      used(*k, k->verdicts[i]);
      k->pending = &k->verdicts[i];
      world.judged_before();
      return nullptr;
    }
  }
  call.forgets = k->forgets_seen;
  call.changes = k->changes_seen;
  call.dependency_count = 0;
  call.unkept = false;
  call.admitted_entry = Verdict::kNotAdmitted;
  world.record(&call);
  k->world.start(world, call);
  return &k->world;
}

void admitted(const void* platform, bool reference, const void* const* parents,
              std::uint8_t parent_count, const kernel_arguments::Note& argument) {
  Kept* k = kept();
  if (k == nullptr) return;
  Verdict* verdict = std::exchange(k->pending, nullptr);
  if (verdict == nullptr) return;
  verdict->platform = platform;
  verdict->reference = reference;
  verdict->parent_count = parent_count;
  for (std::uint8_t i = 0; i < parent_count && i < verdict->parents.size(); ++i)
    verdict->parents[i] = parents[i];
  verdict->argument = argument;
  verdict->admitted_entry = verdict->entry;
}

const rules::World& recording_world() { return kept()->world; }

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
  Kept* kept_here = kept();
  if (kept_here == nullptr) return;
  Kept& k = *kept_here;
  // The same call kept before (its handles since changed) gives its place.
  std::size_t place = k.next;
  bool found = false;
  for (std::size_t i = 0; i < k.verdicts.size() && !found; ++i)
    if (same_call(k.verdicts[i], *call)) {
      place = i;
      found = true;
    }
  if (!found) k.next = (k.next + 1) % k.verdicts.size();
  Verdict* const followed_by = k.verdicts[place].followed_by;  // the place's, kept
  k.verdicts[place] = *call;
  k.verdicts[place].followed_by = followed_by;
  used(k, k.verdicts[place]);
  k.pending = &k.verdicts[place];
}

void broken(const LayerWorld& world) { world.record(nullptr); }

}  // namespace clvet::layer::kept_verdicts
