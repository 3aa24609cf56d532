// Verdicts of the rules kept per thread for the calls an application repeats in its inner loops
// (clSetKernelArg, clEnqueueNDRangeKernel, clEnqueue{Read,Write}Buffer, and every entry point
// whose arguments are all values: info queries, retains and releases, clFinish; kept_keys.h):
// a call whose arguments are those of a call that passed every rule before, on the same live
// objects, passes them again, and is not judged again.
//
// Why that holds: a rule is a function of the call's arguments (and what it reads through
// them) and of what its World answers: the kind of a handle (whether it names a live object),
// the platform's version, and clGet*Info answers about objects. While it is recorded, the
// World notes each handle asked about, with its identity and whether it is live
// (checker::ObjectTable::State), and whether every answer was one that lasts for the object's
// life (lasting_answers.h): an answer that may change (an event's status), an error of the
// driver or more handles than are noted leave nothing kept. A kept verdict is used only while
// each noted handle names the same object in the same state (an address reused by a new
// object has a new identity) and no kept answer has been forgotten since
// (checker::ObjectTable::forgets(): a program built again, a queue's properties changed).
// Calls with a wait list are not kept (an event's state is not a lasting answer).
//
// A verdict that a call admitted (every handle live, every rule passed: Call::admit) also keeps
// what judging the call's handles found (its platform, its parents): while no object has been
// created, released or changed and no kept answer forgotten since it was last confirmed
// (checker::ObjectTable::changes() and forgets() the same numbers), the same call is admitted
// again before its handles are looked up (passed_before()): every handle names the same object
// in the same state, so every look-up would answer as before.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "clvet/checker/object_table.h"
#include "clvet/rules/world.h"
#include "kernel_arguments.h"

namespace clvet::layer {

class LayerWorld;

namespace kept_verdicts {

// A handle a rule asked about, as it was.
struct Dependency {
  const void* handle = nullptr;
  checker::ObjectTable::State state;
};

// What identifies a call's verdict: the entry point, its argument values (and the values read
// through them), the platform's version, the handles asked about and their states, and the
// table's count of forgotten answers.
struct Verdict {
  static constexpr std::size_t kKeyWords = 16;
  static constexpr std::size_t kDependencies = 8;
  std::uint32_t entry = ~std::uint32_t{0};  // none
  std::uint8_t key_words = 0;
  std::uint8_t dependency_count = 0;
  bool unkept = false;  // an answer that may change, or too many handles: not kept
  // `entry` once admitted by Call::admit with every handle live (admitted()): usable by
  // passed_before(); kNotAdmitted before (one comparison says both).
  static constexpr std::uint32_t kNotAdmitted = ~std::uint32_t{0};
  std::uint32_t admitted_entry = kNotAdmitted;
  rules::Version version;  // the platform's, which the rules were judged for
  std::array<std::uint64_t, kKeyWords> key;
  std::array<Dependency, kDependencies> dependencies;
  std::uint64_t forgets = 0;
  // checker::ObjectTable::changes() when the handles were last seen as noted: while it stays
  // the same, they need not be looked up again.
  std::uint64_t changes = 0;
  // What judging the call's handles found, when admitted: the first live handle's platform,
  // whether that is clvet's reference device, and the live handles in parameter order.
  const void* platform = nullptr;
  bool reference = false;
  std::uint8_t parent_count = 0;
  std::array<const void*, checker::ObjectRecord::kMaxParents> parents{};
  // A clSetKernelArg's: what it writes into its argument's slot, written again each time the
  // verdict is used (kernel_arguments.h); no slot for other entry points.
  kernel_arguments::Note argument;
  // The verdict used right after this one last time (a loop's calls come in the same order):
  // where the next call's is first looked for. Never null once the thread's verdicts are made;
  // a place's, not its verdict's: kept when a new verdict takes the place.
  Verdict* followed_by = nullptr;

  // Notes `handle` (not NULL) as asked about, with its state now.
  void depends_on(const void* handle);
};

// The World the rules of a call being recorded see: the LayerWorld's answers, each handle
// asked about noted in the verdict (the LayerWorld itself notes nothing: most calls are not
// recorded).
class RecordingWorld final : public rules::World {
 public:
  void start(const LayerWorld& world, Verdict& verdict) {
    world_ = &world;
    verdict_ = &verdict;
  }
  api::ObjectKind kind_of(const void* handle) const override;
  rules::Version version() const override;
  cl_int info(rules::InfoQuery query, const void* handle, const void* extra, cl_uint param,
              std::size_t size, void* value, std::size_t* size_ret) const override;
  std::string linked_uniform_reason(const void* program, const void* device) const override;

 private:
  const LayerWorld* world_ = nullptr;
  Verdict* verdict_ = nullptr;
};

// How a call of one entry point meets its key (kept_keys.h): written into a verdict, and
// compared with one.
struct KeyFunctions {
  bool (*write)(const void* args, Verdict& verdict) = nullptr;
  bool (*matches)(const void* args, const Verdict& verdict) = nullptr;
};

// A thread's kept verdicts (a kernel loop sets its arguments, then launches, writes, reads,
// queries, finishes: one each; 32 hold the loop of a kernel of two dozen arguments, where
// fewer would be replaced before their next use and every call judged and kept again), replaced
// in turn, and the one being recorded. In the header so that the wrapper of a
// kept call finds the verdict it expects without a call.
struct Kept {
  static constexpr std::size_t kVerdicts = 32;
  Kept() {
    for (Verdict& v : verdicts) v.followed_by = &verdicts[0];
  }
  Kept(const Kept&) = delete;
  Kept& operator=(const Kept&) = delete;
  std::array<Verdict, kVerdicts> verdicts;
  std::size_t next = 0;
  // The verdict used last: its `followed_by` is the one the next call is expected to match,
  // found with two loads (an index into `verdicts` took a multiplication).
  Verdict* last = &verdicts[0];
  Verdict recording;
  RecordingWorld world;
  // The call being judged: how its key is written, and the table's counts passed_before() read
  // before its handles were judged (what its verdict is kept, or confirmed, under).
  KeyFunctions key;
  std::uint32_t key_entry = ~std::uint32_t{0};  // whose call `key` is for; none once judged
  std::uint64_t changes_seen = 0;
  std::uint64_t forgets_seen = 0;
  // The verdict kept or confirmed for the call being judged, until Call::admit admits it.
  Verdict* pending = nullptr;
};

namespace detail {
// The thread's verdicts, made at its first kept call; nullptr before, and again once the thread
// has begun to exit and they are freed (a call from a thread-exit destructor is judged whole).
// A trivial initial-exec thread_local: no guard, no __tls_get_addr in this dlopen()ed library.
extern thread_local constinit Kept* t_kept __attribute__((tls_model("initial-exec")));
Kept* first_kept();
}  // namespace detail

// The thread's verdicts: nullptr once they are freed at its exit.
inline Kept* kept() {
  if (Kept* k = detail::t_kept) [[likely]]
    return k;
  return detail::first_kept();
}

// Whether the calls of `entry` are kept at all (the others are judged every time): the entry
// points whose arguments are all values, and those of kept_keys.h (layer_wrappers.gen.cpp).
bool keeps(std::uint32_t entry);

// The verdict this thread's next call is expected to match: the one that followed the last
// used last time (a loop's calls come in order). Only a hint: the caller checks it.
inline const Verdict* expected(const Kept& k) { return k.last->followed_by; }
// `verdict` (the expected one) matched: it becomes the last used.
inline void used_expected(Kept& k, const Verdict& verdict) {
  k.last = const_cast<Verdict*>(&verdict);
}
// `verdict` (one of the thread's) is used now: it follows the last used, and becomes it.
inline void used(Kept& k, Verdict& verdict) {
  k.last->followed_by = &verdict;
  k.last = &verdict;
}

// Whether `v` is the admitted verdict of a call of `entry` under the table's count of changes
// (its key compared apart). The count of forgotten answers need not be compared: each forget
// is a change too (checker::ObjectTable::changes()).
inline bool admitted_under(const Verdict& v, std::uint32_t entry, std::uint64_t changes) {
  return v.admitted_entry == entry && v.changes == changes;
}

// Before the handles of a call of `entry` (one kept) with `args` are judged, when the expected
// verdict did not match: the verdict this thread's same call was admitted with, when no object
// was created, released or changed and no kept answer forgotten since it was last confirmed
// (`forgets`, `changes`: the table's counts, read before); nullptr otherwise (the call is
// judged, and those counts are what its verdict is kept under; the count of forgotten answers
// is read here, after `changes`, still before the handles are judged).
const Verdict* passed_before(std::uint32_t entry, const void* args, KeyFunctions key,
                             std::uint64_t changes);
// Call::admit admitted the call being judged with every handle live: its verdict, if one was
// kept or confirmed for it, keeps what its handles were found to be, and `argument` (a
// clSetKernelArg's note; an empty one for other entry points).
void admitted(const void* platform, bool reference, const void* const* parents,
              std::uint8_t parent_count, const kernel_arguments::Note& argument);
// Before the rules of a call of `entry` (one kept) with `args` on a platform of `version`:
// nullptr when the same call passed every rule before on this thread, its handles unchanged:
// nothing is judged (`world` says so to what judges after the rules, argument_values.h).
// Otherwise the World to judge the call with: one that records what the rules ask (`world`
// itself where the call is not kept: one with a wait list). Called only after passed_before()
// for the same call, and only for a call whose handles are all live.
const rules::World* judge_with(std::uint32_t entry, const void* args, rules::Version version,
                               const LayerWorld& world);
// The World the call being recorded on this thread is judged with (judge_with()'s).
const rules::World& recording_world();
// Every rule passed (the catalogue's and the argument values'): the verdict is kept, unless an
// answer may change. Ends the recording.
void passed(const LayerWorld& world);
// A rule broke: nothing is kept. Ends the recording.
void broken(const LayerWorld& world);

}  // namespace kept_verdicts
}  // namespace clvet::layer
