// The kernel checkers: one GroupObserver per worker thread keeps its findings and race shadow
// to itself while groups run; each merges into the launch's under a lock when its thread ends.
#include "clvet/checker/kernel_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace clvet::checker {

using interp::Access;
using interp::AccessBatch;
using interp::SourceSite;

KernelChecks KernelChecks::parse(std::string_view list) {
  KernelChecks c;
  if (list.empty() || list == "all") return c;
  c.races = c.bounds = c.divergence = c.budget = c.uninit = false;
  if (list == "none") return c;
  std::size_t at = 0;
  while (at <= list.size()) {
    std::size_t end = list.find(',', at);
    if (end == std::string_view::npos) end = list.size();
    std::string_view name = list.substr(at, end - at);
    if (name == "races") c.races = true;
    if (name == "bounds" || name == "memory") c.bounds = true;
    if (name == "divergence") c.divergence = true;
    if (name == "budget") c.budget = true;
    if (name == "uninit") c.uninit = true;
    if (name == "all") c = KernelChecks{};
    at = end + 1;
  }
  return c;
}

unsigned race_kinds(const RaceAccess& a, const RaceAccess& b) {
  if (a.atomic && b.atomic) return 0;  // atomic against atomic is no race (§6.12.11)
  unsigned kinds = 0;
  if ((a.read && b.write) || (a.write && b.read)) kinds |= 1;
  if (a.write && b.write) {
    // Equal values only count as the lower-severity kind when both stores are plain and known.
    bool same = !a.atomic && !b.atomic && a.has_value && b.has_value && a.value == b.value &&
                a.size == b.size && a.byte == b.byte;
    kinds |= same ? 4 : 2;
  }
  return kinds;
}

namespace {

constexpr std::uint8_t kRead = 1, kWrite = 2, kAtomic = 4, kHasValue = 8;

// One access of a byte in the shadow: where, by whom, how.
struct Touch {
  std::uint32_t line = 0, column = 0;
  std::uint32_t lane = 0;
  std::uint64_t group = 0;  // linear work-group id
  std::uint8_t flags = 0;
  std::uint16_t size = 0, byte = 0;  // the access's size and this byte's place in it
  std::uint64_t value = 0;           // the stored value (a hash beyond 8 bytes)
};

RaceAccess as_race(const Touch& t) {
  return {bool(t.flags & kRead), bool(t.flags & kWrite), bool(t.flags & kAtomic),
          bool(t.flags & kHasValue), t.value, t.size, t.byte};
}

std::uint64_t value_of(const std::byte* p, std::uint32_t size) {
  std::uint64_t v = 0;
  if (size <= 8) {
    std::memcpy(&v, p, size);
    return v;
  }
  v = 1469598103934665603ull;  // FNV-1a
  for (std::uint32_t i = 0; i < size; ++i) v = (v ^ std::uint64_t(p[i])) * 1099511628211ull;
  return v;
}

// Per byte: the distinct (site, kind) accesses seen, each with up to two different work-items
// (enough to pair every site with an access of another work-item).
using Shadow = std::unordered_map<std::uint64_t, std::vector<Touch>>;

bool same_source(const Touch& a, const Touch& b) {
  return a.line == b.line && a.column == b.column && a.flags == b.flags;
}

// Adds `t` unless the byte already has it, or two other work-items at the same site.
void remember(std::vector<Touch>& list, const Touch& t) {
  int same = 0;
  for (const Touch& k : list) {
    if (!same_source(k, t)) continue;
    if (k.lane == t.lane && k.group == t.group) return;
    if (++same >= 2) return;
  }
  list.push_back(t);
}

constexpr const char* kRaceKinds[3] = {"race-read-write", "race-write-write", "race-same-value"};

}  // namespace

struct KernelChecker::Impl {
  LaunchDescription launch;
  KernelChecks checks;
  std::vector<std::string> lines;  // the source, by line
  std::vector<LaunchObject> sorted;  // buffers by base
  std::uint64_t groups[3] = {1, 1, 1};

  std::mutex mutex;
  std::vector<reports::Finding> findings;
  std::unordered_map<std::string, std::size_t> index;
  std::uint64_t dropped = 0;
  Shadow global_shadow;  // between groups, merged from the workers
  std::uint64_t shadow_peak = 0;
  std::uint64_t covered = 0;

  Impl(LaunchDescription l, KernelChecks c) : launch(std::move(l)), checks(c) {
    std::istringstream in(launch.source);
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      lines.push_back(std::move(line));
    }
    sorted = launch.buffers;
    std::sort(sorted.begin(), sorted.end(),
              [](const LaunchObject& a, const LaunchObject& b) { return a.base < b.base; });
    for (const LaunchObject& o : sorted) covered += o.size;
    for (int d = 0; d < 3; ++d)
      groups[d] = std::max<std::uint64_t>(1, (launch.global_size[d] + launch.local_size[d] - 1) /
                                                 launch.local_size[d]);
  }

  const LaunchObject* object_at(std::uint64_t address, std::uint64_t size) const {
    auto it = std::upper_bound(sorted.begin(), sorted.end(), address,
                               [](std::uint64_t a, const LaunchObject& o) { return a < o.base; });
    if (it == sorted.begin()) return nullptr;
    --it;
    if (address + size > it->base + it->size) return nullptr;
    return &*it;
  }
  // The buffer nearest to `address` (for an access outside every object), within 64 KiB.
  const LaunchObject* nearest(std::uint64_t address) const {
    const LaunchObject* best = nullptr;
    std::uint64_t distance = 1 << 16;
    for (const LaunchObject& o : sorted) {
      std::uint64_t d = address < o.base ? o.base - address
                        : address >= o.base + o.size ? address - (o.base + o.size) + 1 : 0;
      if (d < distance) {
        distance = d;
        best = &o;
      }
    }
    return best;
  }

  std::string object_name(const LaunchObject& o) const {
    return o.name.empty() ? fmt::format("argument {}", o.arg)
                          : fmt::format("argument {} '{}'", o.arg, o.name);
  }

  reports::WorkItemIds ids(std::uint64_t group_linear, std::uint32_t lane) const {
    reports::WorkItemIds w;
    std::uint64_t g[3] = {group_linear % groups[0], (group_linear / groups[0]) % groups[1],
                          group_linear / (groups[0] * groups[1])};
    std::uint64_t lx = launch.local_size[0], ly = launch.local_size[1];
    std::uint64_t l[3] = {lane % lx, (lane / lx) % ly, lane / (lx * ly)};
    for (int d = 0; d < 3; ++d) {
      w.group[d] = g[d];
      w.local[d] = l[d];
      w.global[d] = g[d] * launch.local_size[d] + l[d] + launch.global_offset[d];
    }
    return w;
  }

  reports::KernelSite site(std::uint32_t line, std::uint32_t column) const {
    reports::KernelSite s;
    s.file = launch.file;
    s.line = line;
    s.column = column;
    if (line >= 1 && line <= lines.size()) s.source_line = lines[line - 1];
    return s;
  }

  reports::Finding finding(std::string_view checker, std::string_view kind,
                           reports::Severity severity, std::uint32_t line, std::uint32_t column,
                           std::string detail) const {
    reports::Finding f;
    f.category = reports::Category::Application;
    f.severity = severity;
    f.rule_id = "Kernel." + std::string(kind);
    f.entry = "clEnqueueNDRangeKernel";
    f.spec = kind.starts_with("race") ? "OpenCL 1.2 §3.3.1"
             : kind == "barrier-divergence" ? "OpenCL 1.2 §6.12.8"
             : kind == "unwaited-async-copy" ? "OpenCL 1.2 §6.12.10"
             : kind == "misaligned" ? "OpenCL 1.2 §6.1.5"
             : kind == "read-only-write" || kind == "write-only-read" ? "OpenCL 1.2 §5.2.1"
                                                                      : "OpenCL 1.2 §6";
    f.detail = std::move(detail);
    f.call_index = launch.enqueue;
    reports::KernelEvidence k;
    k.checker = checker;
    k.kind = kind;
    k.kernel = launch.kernel;
    k.at = site(line, column);
    k.enqueue = launch.enqueue;
    f.kernel = std::move(k);
    return f;
  }

  // Folds `f` into the launch's findings (under the lock).
  void add(reports::Finding f) {
    std::lock_guard lock(mutex);
    add_locked(std::move(f));
  }
  void add_locked(reports::Finding f) {
    std::string key = reports::fold_key(f);
    auto it = index.find(key);
    if (it != index.end()) {
      findings[it->second].count += f.count;
      return;
    }
    if (findings.size() >= checks.cap) {
      dropped += f.count;
      return;
    }
    index.emplace(std::move(key), findings.size());
    findings.push_back(std::move(f));
  }

  // A race between two touches of the byte at `address`: one finding per kind, the earlier
  // source position first so that both orders fold together.
  reports::Finding race(unsigned kind_bit, const Touch& a, const Touch& b, std::uint64_t address,
                        bool between_groups) const {
    const Touch* first = &a;
    const Touch* second = &b;
    if (std::tie(b.line, b.column) < std::tie(a.line, a.column)) std::swap(first, second);
    const char* kind = kRaceKinds[kind_bit];
    auto verb = [](const Touch& t) {
      return t.flags & kAtomic ? "atomic update" : t.flags & kWrite ? "write" : "read";
    };
    reports::Finding f = finding(
        "races", kind, kind_bit == 2 ? reports::Severity::Warning : reports::Severity::Error,
        first->line, first->column,
        fmt::format("{} and {} of the same byte by two work-items{}, unordered", verb(*first),
                    verb(*second),
                    between_groups ? " of different work-groups" : " of one work-group with no "
                                                                   "barrier (of the right fence) "
                                                                   "between"));
    f.kernel->at.work_item = ids(first->group, first->lane);
    f.kernel->at.atomic = first->flags & kAtomic;
    reports::KernelSite other = site(second->line, second->column);
    other.work_item = ids(second->group, second->lane);
    other.atomic = second->flags & kAtomic;
    f.kernel->other = std::move(other);
    if (const LaunchObject* o = object_at(address, 1)) {
      f.kernel->object = object_name(*o);
      f.kernel->object_origin = o->origin;
      f.kernel->offset = static_cast<std::int64_t>(address - o->base);
      f.kernel->size = 1;
    } else {
      f.kernel->object = "__local memory";
    }
    return f;
  }

  // Checks `t` against every touch of the byte by another work-item (another group when
  // `between_groups`), reporting through `report`.
  template <class Report>
  void conflicts(const std::vector<Touch>& list, const Touch& t, bool between_groups,
                 Report&& report) const {
    for (const Touch& k : list) {
      if (between_groups ? k.group == t.group : k.lane == t.lane) continue;
      unsigned kinds = race_kinds(as_race(k), as_race(t));
      for (unsigned bit = 0; bit < 3; ++bit)
        if (kinds & (1u << bit)) report(bit, k, t);
    }
  }

  void merge_global(Shadow& groups_shadow) {
    std::lock_guard lock(mutex);
    for (auto& [address, list] : groups_shadow) {
      std::vector<Touch>& known = global_shadow[address];
      for (const Touch& t : list) {
        conflicts(known, t, true, [&](unsigned bit, const Touch& a, const Touch& b) {
          add_locked(race(bit, a, b, address, true));
        });
        remember(known, t);
      }
    }
    shadow_peak = std::max<std::uint64_t>(shadow_peak, shadow_size(global_shadow));
  }

  static std::uint64_t shadow_size(const Shadow& s) {
    std::uint64_t bytes = s.bucket_count() * sizeof(void*);
    for (const auto& [address, list] : s)
      bytes += sizeof(address) + sizeof(list) + 2 * sizeof(void*) + list.capacity() * sizeof(Touch);
    return bytes;
  }
};

namespace {

// One worker thread's checkers.
class Worker final : public interp::GroupObserver {
 public:
  explicit Worker(KernelChecker::Impl& launch) : launch_(launch) {}
  ~Worker() override {
    if (launch_.checks.races) launch_.merge_global(between_);
    std::lock_guard lock(launch_.mutex);
    for (reports::Finding& f : findings_) launch_.add_locked(std::move(f));
    launch_.shadow_peak = std::max(launch_.shadow_peak, peak_);
  }

  void group_begin(const interp::GroupPosition& p) override {
    const std::uint64_t* g = launch_.groups;
    group_ = p.group[0] + g[0] * (p.group[1] + g[1] * p.group[2]);
    local_.clear();
    global_.clear();
    pending_.clear();
  }

  void memory(const AccessBatch& b) override {
    const bool global = b.address_space == interp::kGlobal || b.address_space == interp::kConstant;
    const bool local = b.address_space == interp::kLocal;
    const bool reads = b.kind != Access::Write;
    const bool writes = b.kind != Access::Read;
    for (std::uint32_t k = 0; k < b.count; ++k) {
      const std::uint32_t lane = b.lanes[k];
      const std::uint64_t address = b.addresses[lane];
      const LaunchObject* object = nullptr;
      if (global) object = launch_.object_at(address, b.size);
      if (launch_.checks.bounds) {
        if (!b.builtin && b.alignment > 1 && address % b.alignment != 0 && address >= 4096)
          report("bounds", "misaligned", reports::Severity::Error, b.site, lane,
                 fmt::format("{} of {} bytes at an address {} bytes past a multiple of its "
                             "alignment {}", verb(b.kind), b.size, address % b.alignment,
                             b.alignment),
                 object, address, b.size);
        if (object && writes && (object->read_only || object->constant))
          report("bounds", "read-only-write", reports::Severity::Error, b.site, lane,
                 fmt::format("{} of a buffer created CL_MEM_READ_ONLY", verb(b.kind)), object,
                 address, b.size);
        if (object && reads && object->write_only)
          report("bounds", "write-only-read", reports::Severity::Error, b.site, lane,
                 fmt::format("{} of a buffer created CL_MEM_WRITE_ONLY", verb(b.kind)), object,
                 address, b.size);
        if (!global && b.address_space == interp::kConstant && writes)
          report("bounds", "read-only-write", reports::Severity::Error, b.site, lane,
                 "write to __constant memory", nullptr, address, b.size);
      }
      if (!launch_.checks.races || !(local || object)) continue;
      Touch t;
      t.line = b.site.line;
      t.column = b.site.column;
      t.lane = lane;
      t.group = group_;
      t.flags = b.kind == Access::Atomic      ? kRead | kWrite | kAtomic
                : b.kind == Access::ReadWrite ? kRead | kWrite
                : b.kind == Access::Write     ? kWrite
                                              : kRead;
      Shadow& epoch = local ? local_ : global_;
      t.size = static_cast<std::uint16_t>(std::min<std::uint32_t>(b.size, 0xffff));
      if (b.values && b.kind == Access::Write) {
        t.flags |= kHasValue;
        t.value = value_of(b.values + std::size_t(lane) * b.value_stride, b.size);
      }
      for (std::uint32_t i = 0; i < b.size; ++i) {
        const std::uint64_t byte = address + i;
        t.byte = static_cast<std::uint16_t>(i);
        std::vector<Touch>& list = epoch[byte];
        launch_.conflicts(list, t, false, [&](unsigned bit, const Touch& x, const Touch& y) {
          add_race(bit, x, y, byte, false);
        });
        remember(list, t);
        if (object) remember(group_touches_[byte], t);
      }
    }
    peak_ = std::max<std::uint64_t>(peak_, KernelChecker::Impl::shadow_size(local_) +
                                               KernelChecker::Impl::shadow_size(global_) +
                                               KernelChecker::Impl::shadow_size(group_touches_) +
                                               KernelChecker::Impl::shadow_size(between_));
  }

  void barrier(std::uint32_t fence_flags, const std::uint32_t* lanes, std::uint32_t count,
               std::uint32_t total, const SourceSite& site) override {
    if (launch_.checks.divergence && count < total)
      report("divergence", "barrier-divergence", reports::Severity::Error, site, lanes[0],
             fmt::format("barrier reached by {} of the work-group's {} work-items (all or none "
                         "must reach it)", count, total),
             nullptr, 0, 0);
    // CLK_LOCAL_MEM_FENCE orders __local memory, CLK_GLOBAL_MEM_FENCE global memory.
    if (fence_flags & 1) local_.clear();
    if (fence_flags & 2) global_.clear();
  }

  void async_step(bool wait, const std::uint32_t* lanes, std::uint32_t count, std::uint32_t total,
                  bool uniform, const std::uint64_t* events, std::uint32_t event_count,
                  const SourceSite& site) override {
    if (!launch_.checks.divergence) return;
    const char* what = wait ? "wait_group_events" : "async copy";
    if (count < total)
      report("divergence", "barrier-divergence", reports::Severity::Error, site, lanes[0],
             fmt::format("{} reached by {} of the work-group's {} work-items", what, count, total),
             nullptr, 0, 0);
    else if (!uniform)
      report("divergence", "barrier-divergence", reports::Severity::Error, site, lanes[0],
             fmt::format("{} reached by the work-group with different arguments", what), nullptr,
             0, 0);
    if (!wait) {
      for (std::uint32_t i = 0; i < event_count; ++i) pending_.push_back({events[i], site, lanes[0]});
      return;
    }
    // Waiting completes the copies: their bytes are ordered for the whole group.
    local_.clear();
    global_.clear();
    for (std::uint32_t i = 0; i < event_count; ++i)
      std::erase_if(pending_, [&](const Pending& p) { return p.event == events[i]; });
  }

  void engine_problem(std::string_view kind, std::string_view message, std::uint32_t lane,
                      const SourceSite& site) override {
    const bool memory = kind == "out-of-bounds" || kind == "null-access" || kind == "misaligned";
    if (memory && !launch_.checks.bounds) return;
    if (kind == "barrier-divergence" && !launch_.checks.divergence) return;
    if (kind == "uninitialised" && !launch_.checks.uninit) return;
    if (kind == "budget-exceeded") {
      report("budget", kind, reports::Severity::Error, site, lane, std::string(message), nullptr,
             0, 0);
      return;
    }
    if (!memory) {
      report(kind == "uninitialised" ? "uninit" : "engine",
             kind == "engine" ? "undefined-behaviour" : kind, reports::Severity::Error, site, lane,
             std::string(message), nullptr, 0, 0);
      return;
    }
    // The address is in the engine's message ("... at 0x1234 ...").
    std::uint64_t address = 0, size = 0;
    if (auto at = message.find(" at 0x"); at != std::string_view::npos)
      address = std::strtoull(std::string(message.substr(at + 6, 20)).c_str(), nullptr, 16);
    if (auto of = message.find(" of "); of != std::string_view::npos)
      size = std::strtoull(std::string(message.substr(of + 4, 20)).c_str(), nullptr, 10);
    std::string detail(message);
    const LaunchObject* near = kind == "out-of-bounds" ? launch_.nearest(address) : nullptr;
    if (near) {
      std::string where =
          address < near->base
              ? fmt::format("{} bytes before the start of {}", near->base - address,
                            launch_.object_name(*near))
              : fmt::format("{} bytes past the end of {} ({} bytes)",
                            address + std::max<std::uint64_t>(size, 1) - (near->base + near->size),
                            launch_.object_name(*near), near->size);
      detail = fmt::format("access of {} bytes {}", size, where);
    } else if (kind == "null-access") {
      detail = fmt::format("access of {} bytes through a NULL pointer (address 0x{:x})", size,
                           address);
    }
    report("bounds", kind, reports::Severity::Error, site, lane, detail, near, address, size);
  }

  void group_end() override {
    // This group's global accesses against those of the groups this worker ran before.
    for (auto& [address, list] : group_touches_) {
      std::vector<Touch>& known = between_[address];
      for (const Touch& t : list) {
        launch_.conflicts(known, t, true, [&](unsigned bit, const Touch& x, const Touch& y) {
          add_race(bit, x, y, address, true);
        });
      }
      for (const Touch& t : list) remember(known, t);
    }
    group_touches_.clear();
    for (const Pending& p : pending_)
      report("divergence", "unwaited-async-copy", reports::Severity::Error, p.site, p.lane,
             "the work-items finished with this async copy never waited for "
             "(wait_group_events)",
             nullptr, 0, 0);
    pending_.clear();
  }

 private:
  struct Pending {
    std::uint64_t event;
    SourceSite site;
    std::uint32_t lane;
  };

  static const char* verb(Access kind) {
    switch (kind) {
      case Access::Read: return "read";
      case Access::Write: return "write";
      case Access::ReadWrite: return "read-modify-write";
      case Access::Atomic: return "atomic update";
    }
    return "access";
  }

  // A finding at `site` by `lane`, folded by kind and position before any text is made.
  void report(std::string_view checker, std::string_view kind, reports::Severity severity,
              const SourceSite& site, std::uint32_t lane, std::string detail,
              const LaunchObject* object, std::uint64_t address, std::uint64_t size) {
    std::string key = fmt::format("{}:{}:{}", kind, site.line, site.column);
    auto it = seen_.find(key);
    if (it != seen_.end()) {
      findings_[it->second].count += 1;
      return;
    }
    reports::Finding f =
        launch_.finding(checker, kind, severity, site.line, site.column, std::move(detail));
    f.kernel->at.work_item = launch_.ids(group_, lane);
    if (object) {
      f.kernel->object = launch_.object_name(*object);
      f.kernel->object_origin = object->origin;
      std::int64_t offset = static_cast<std::int64_t>(address - object->base);
      f.kernel->offset = offset;
      f.kernel->size = size;
      if (size) f.kernel->element = offset >= 0 ? offset / std::int64_t(size)
                                                : -((-offset + std::int64_t(size) - 1) /
                                                    std::int64_t(size));
    } else if (size) {
      f.kernel->size = size;
    }
    seen_.emplace(std::move(key), findings_.size());
    findings_.push_back(std::move(f));
  }

  void add_race(unsigned bit, const Touch& a, const Touch& b, std::uint64_t address,
                bool between_groups) {
    std::uint64_t lo = std::min(std::uint64_t(a.line) << 32 | a.column,
                                std::uint64_t(b.line) << 32 | b.column);
    std::uint64_t hi = std::max(std::uint64_t(a.line) << 32 | a.column,
                                std::uint64_t(b.line) << 32 | b.column);
    std::string key = fmt::format("{}:{}:{}", bit, lo, hi);
    auto it = seen_.find(key);
    if (it != seen_.end()) {
      findings_[it->second].count += 1;
      return;
    }
    seen_.emplace(std::move(key), findings_.size());
    findings_.push_back(launch_.race(bit, a, b, address, between_groups));
  }

  KernelChecker::Impl& launch_;
  std::uint64_t group_ = 0;
  Shadow local_, global_;  // this group's current epoch
  Shadow group_touches_;   // every global access of this group
  Shadow between_;         // every global access of this worker's groups, for other groups
  std::vector<Pending> pending_;
  std::vector<reports::Finding> findings_;
  std::unordered_map<std::string, std::size_t> seen_;
  std::uint64_t peak_ = 0;
};

}  // namespace

KernelChecker::KernelChecker(LaunchDescription launch, KernelChecks checks)
    : impl_(std::make_unique<Impl>(std::move(launch), checks)) {}

KernelChecker::~KernelChecker() = default;

std::unique_ptr<interp::GroupObserver> KernelChecker::for_worker() {
  return std::make_unique<Worker>(*impl_);
}

void KernelChecker::launch_end() {}

std::vector<reports::Finding> KernelChecker::take_findings() {
  std::lock_guard lock(impl_->mutex);
  std::vector<reports::Finding> out = std::move(impl_->findings);
  if (impl_->dropped) {
    reports::Finding f = impl_->finding("engine", "findings-capped", reports::Severity::Note, 0, 0,
                                        fmt::format("{} more findings of this launch were not "
                                                    "kept (CLVET_KERNEL_FINDINGS)",
                                                    impl_->dropped));
    out.push_back(std::move(f));
  }
  impl_->findings.clear();
  impl_->index.clear();
  impl_->global_shadow.clear();
  return out;
}

void KernelChecker::engine_problem(std::string_view kind, std::string_view message,
                                   std::uint32_t line, std::uint32_t column) {
  impl_->add(impl_->finding(kind == "budget-exceeded" ? "budget" : "engine", kind,
                            reports::Severity::Error, line, column, std::string(message)));
}

std::uint64_t KernelChecker::shadow_peak_bytes() const { return impl_->shadow_peak; }
std::uint64_t KernelChecker::covered_bytes() const { return impl_->covered; }

}  // namespace clvet::checker
