// The lockstep engine's control: frames, calls, divergence and reconvergence, and what the
// built-ins may ask of it. The instruction families are in work_group_ops.cpp.
#include "exec/work_group.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "exec/frame.h"

namespace clvet::interp {

using ir::Op;

WorkGroupRunner::WorkGroupRunner(const LaunchShared& shared, std::unique_ptr<GroupObserver> observer)
    : shared_(shared), module_(*shared.module), geometry_(shared.geometry),
      observer_(std::move(observer)) {
  capacity_ = shared.groups_a_run
                  ? shared.groups_a_run
                  : static_cast<std::uint32_t>(shared.geometry.local_size[0] *
                                               shared.geometry.local_size[1] *
                                               shared.geometry.local_size[2]);
  for (auto& ids : local_ids_) ids.resize(capacity_);
  all_lanes_.resize(capacity_);
  address_lanes_.resize(capacity_);
  for (std::uint32_t l = 0; l < capacity_; ++l) all_lanes_[l] = l;
  frames_.resize(module_.functions.size());
  // The __local arena: the program's __local variables, then the kernel's __local arguments.
  // With red zones each object gets its own region and 16 bytes of no man's land after it.
  const std::uint64_t gap = shared.red_zones ? 16 : 0;
  std::uint64_t size = 0;
  local_offsets_.assign(module_.globals.size(), 0);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> objects;  // offset, size
  for (std::size_t g = 0; g < module_.globals.size(); ++g) {
    const ir::Global& global = module_.globals[g];
    if (global.address_space != kLocal) continue;
    if (!shared.red_zones) {
      local_offsets_[g] = global.local_offset;
      continue;
    }
    size = align_up(size, std::max<std::uint64_t>(global.align, 16));
    local_offsets_[g] = size;
    objects.push_back({size, global.size});
    size += global.size + gap;
  }
  if (!shared.red_zones) size = module_.local_globals_size;
  local_arg_offsets_.assign(shared.args->size(), 0);
  for (std::size_t i = 0; i < shared.args->size(); ++i) {
    const LaunchArg& a = (*shared.args)[i];
    if (a.kind != LaunchArg::Kind::Local) continue;
    // The pointee type is the kernel's business: an argument is aligned for any type.
    size = align_up(size, kMaxTypeAlignment);
    local_arg_offsets_[i] = size;
    objects.push_back({size, a.size});
    size += a.size + gap;
  }
  // With groups_a_run each lane is a group with __local memory of its own: the arena holds one
  // part a lane (red zones are off there).
  local_stride_ = shared.groups_a_run ? align_up(size, kMaxTypeAlignment) : 0;
  const std::uint64_t arena_size = shared.groups_a_run ? local_stride_ * capacity_ : size;
  local_arena_.resize(arena_size + 16);
  shared.spaces.add(local_arena_.data(), local_arena_.size(), kLocal);
  describe_local_objects();
  if (!shared.red_zones) {
    own_regions_.add(local_arena_.data(), arena_size);
  } else {
    for (auto [offset, bytes] : objects) own_regions_.add(local_arena_.data() + offset, bytes);
  }
  own_regions_.seal();
  budget_on_ = shared.budget_instructions != 0 || shared.has_deadline;
  taint_ = shared.taint.on();
  sinks_ = shared.taint.sinks;
  if (taint_) {
    local_shadow_.assign(local_arena_.size(), shared.taint.sources.local_memory ? 1 : 0);
    own_shadow_.add(local_arena_.data(), local_arena_.size(), local_shadow_.data(),
                    ShadowMap::Kind::Tracked, false);
    own_shadow_.seal();
    builtin_reads_.resize(capacity_);
    builtin_read_at_.assign(capacity_, 0);
    cross_named_.assign(capacity_, 0);
  }
}

WorkGroupRunner::~WorkGroupRunner() = default;

void WorkGroupRunner::describe_local_objects() {
  const auto arena = reinterpret_cast<std::uint64_t>(local_arena_.data());
  for (std::size_t g = 0; g < module_.globals.size(); ++g) {
    const ir::Global& global = module_.globals[g];
    if (global.address_space != kLocal) continue;
    LocalObject o;
    o.base = arena + local_offsets_[g];
    o.size = global.size;
    o.variable = global.source_name.empty() ? std::string_view(global.name)
                                            : std::string_view(global.source_name);
    o.function = global.function;
    local_objects_.push_back(o);
  }
  for (std::size_t i = 0; i < shared_.args->size(); ++i) {
    if ((*shared_.args)[i].kind != LaunchArg::Kind::Local) continue;
    LocalObject o;
    o.base = arena + local_arg_offsets_[i];
    o.size = (*shared_.args)[i].size;
    o.arg = static_cast<std::uint32_t>(i);
    local_objects_.push_back(o);
  }
  std::sort(local_objects_.begin(), local_objects_.end(),
            [](const LocalObject& a, const LocalObject& b) { return a.base < b.base; });
}

WorkGroupRunner::Frame& WorkGroupRunner::frame(std::uint32_t function) {
  std::unique_ptr<Frame>& f = frames_[function];
  if (!f) {
    f = std::make_unique<Frame>();
    f->fn = &module_.functions[function];
    set_up_frame(*f);
  }
  return *f;
}

void WorkGroupRunner::set_up_frame(Frame& f) {
  const ir::Function& fn = *f.fn;
  std::size_t total = 0;
  std::vector<std::size_t> offsets(fn.registers.size());
  for (std::size_t r = 0; r < fn.registers.size(); ++r) {
    offsets[r] = total;
    total += (std::size_t(fn.registers[r].size) * capacity_ + 15) / 16 * 16;
  }
  f.storage.assign(total + 16, std::byte{0});
  f.base.resize(fn.registers.size());
  for (std::size_t r = 0; r < fn.registers.size(); ++r) f.base[r] = f.storage.data() + offsets[r];
  // Constants: one byte image, patched with the addresses of globals, copied to every lane
  // (with groups_a_run, the __local ones patched for each lane's part of the arena).
  std::vector<std::uint8_t> image;
  for (const ir::ConstantValue& c : fn.constants) {
    image = c.bytes;
    bool local = false;
    auto patch = [&](std::uint64_t lane_part) {
      for (const ir::Relocation& rel : c.relocations) {
        const ir::Global& g = module_.globals[rel.global];
        local = local || g.address_space == kLocal;
        std::uint64_t address = g.address_space == kLocal
                                    ? reinterpret_cast<std::uint64_t>(local_arena_.data()) +
                                          lane_part + local_offsets_[rel.global]
                                    : shared_.global_addresses[rel.global];
        address += static_cast<std::uint64_t>(rel.addend);
        std::memcpy(image.data() + rel.offset, &address, 8);
      }
    };
    patch(0);
    std::uint32_t size = fn.registers[c.reg].size;
    for (std::uint32_t l = 0; l < capacity_; ++l) {
      if (local && local_stride_ && l > 0) patch(local_stride_ * l);
      std::memcpy(f.base[c.reg] + std::size_t(l) * size, image.data(), size);
    }
  }
  // Private memory: each lane's allocas, at fixed addresses for the frame's lifetime, each at an
  // address aligned as its type asks (a lane's area starts at a multiple of the largest such
  // alignment). With red zones every alloca of every lane is its own region, 16 bytes apart.
  std::vector<std::uint32_t> alloca_at(fn.allocas.size());
  std::uint32_t private_size = fn.private_size;
  const std::uint32_t align = std::max<std::uint32_t>(fn.private_align, 16);
  if (shared_.red_zones) {
    private_size = 0;
    for (std::size_t i = 0; i < fn.allocas.size(); ++i) {
      const std::uint32_t a = fn.allocas[i].align;
      alloca_at[i] = (private_size + a - 1) / a * a;
      private_size = alloca_at[i] + (fn.allocas[i].size + 15) / 16 * 16 + 16;
    }
  } else {
    for (std::size_t i = 0; i < fn.allocas.size(); ++i) alloca_at[i] = fn.allocas[i].offset;
  }
  f.private_stride = (private_size + align - 1) / align * align;
  f.private_area.assign(std::size_t(f.private_stride) * capacity_ + align, std::byte{0});
  const auto first = reinterpret_cast<std::uintptr_t>(f.private_area.data());
  f.private_base = f.private_area.data() + ((first + align - 1) / align * align - first);
  shared_.spaces.add(f.private_area.data(), f.private_area.size(), kPrivate);
  for (std::size_t i = 0; i < fn.allocas.size(); ++i) {
    const ir::Alloca& a = fn.allocas[i];
    for (std::uint32_t l = 0; l < capacity_; ++l) {
      std::byte* at = f.private_base + std::size_t(l) * f.private_stride + alloca_at[i];
      auto address = reinterpret_cast<std::uint64_t>(at);
      std::memcpy(f.base[a.reg] + std::size_t(l) * 8, &address, 8);
      if (shared_.red_zones) own_regions_.add(at, a.size);
    }
  }
  if (private_size && !shared_.red_zones)
    own_regions_.add(f.private_base, std::size_t(f.private_stride) * capacity_);
  if (private_size) own_regions_.seal();
  order_blocks(f);
  if (taint_) shadow_add_frame(f);
}

// A kernel's struct argument passed by value is private memory of each work-item (a copy, as
// every argument is: OpenCL C 2.0 §6.9, C99 §6.5.2.2), which the kernel may change: the
// parameter is the address of the lane's own copy, aligned as the struct's type asks, filled
// with the application's bytes at the start of each work-group. With red zones each lane's copy
// is its own region.
void WorkGroupRunner::set_up_byval(Frame& k, std::uint32_t reg, const std::vector<std::uint8_t>& bytes,
                                   std::uint32_t size, std::uint32_t align) {
  align = std::max<std::uint32_t>(align, 16);
  Frame::ByVal& b = k.byval.emplace_back();
  b.stride = (std::size_t(size) + align - 1) / align * align + (shared_.red_zones ? align : 0);
  b.storage.assign(b.stride * capacity_ + align, std::byte{0});
  auto first = reinterpret_cast<std::uintptr_t>(b.storage.data());
  b.base = b.storage.data() + ((first + align - 1) / align * align - first);
  b.bytes = &bytes;
  b.size = std::min<std::size_t>(size, bytes.size());
  for (std::uint32_t l = 0; l < capacity_; ++l) {
    std::byte* at = b.base + std::size_t(l) * b.stride;
    auto address = reinterpret_cast<std::uint64_t>(at);
    std::memcpy(k.base[reg] + std::size_t(l) * 8, &address, 8);
    if (shared_.red_zones) own_regions_.add(at, size);
  }
  if (!shared_.red_zones) own_regions_.add(b.base, b.stride * capacity_);
  own_regions_.seal();
}

bool WorkGroupRunner::check_slow(std::uint64_t address, std::size_t size) {
  unsigned found = 1;
  while (found < kHits && !hits_[found].holds(address, size)) ++found;
  Hit hit;
  if (found < kHits) {
    hit = hits_[found];
  } else {
    const MemoryMap::Region* r = shared_.regions.find(address, size);
    if (!r) r = own_regions_.find(address, size);
    if (!r) return false;
    hit = Hit{r->lo, r->hi - r->lo};
    found = kHits - 1;
  }
  for (unsigned i = found; i > 0; --i) hits_[i] = hits_[i - 1];
  hits_[0] = hit;
  return true;
}

std::uint32_t WorkGroupRunner::store_inside(std::uint64_t address, const std::byte* value,
                                            std::uint32_t size) {
  std::uint32_t stored = 0;
  for (std::uint32_t b = 0; b < size; ++b)
    if (check(address + b, 1)) {
      *reinterpret_cast<std::byte*>(address + b) = value[b];
      ++stored;
    }
  return stored;
}

bool WorkGroupRunner::access(std::uint32_t lane, const void* address, std::size_t size,
                             Access kind, std::uint8_t address_space) {
  // Where nobody hears the access, it is only whether it lies inside an object: no frame for
  // the checkers' batch or the refusal's message is set up for the accesses that do.
  const auto a = reinterpret_cast<std::uint64_t>(address);
  if (!builtin_site_ && !observer_ && check(a, size)) return true;
  return access_heard(lane, a, size, kind, address_space);
}

bool WorkGroupRunner::access_heard(std::uint32_t lane, std::uint64_t a, std::size_t size,
                                   Access kind, std::uint8_t address_space) {
  if (builtin_site_) {
    // A refused access moves no taint: like Memcheck, what an invalid access yields counts as
    // clean, so that the refusal is not followed by a cascade of tainted uses.
    if (check(a, size)) shadow_access(lane, a, size, kind);
    else builtin_refused_ = true;
  }
  if (observer_ && current_instr_) {
    AccessBatch batch;
    batch.kind = kind;
    batch.address_space = address_space;
    batch.size = static_cast<std::uint32_t>(size);
    batch.alignment = 1;
    batch.lanes = &lane;
    batch.count = 1;
    // addresses[] is indexed by lane id: point it so that addresses[lane] is `a`.
    address_lanes_[lane] = a;
    batch.addresses = address_lanes_.data();
    batch.builtin = true;
    batch.order = atomic_order_;
    batch.scope = atomic_scope_;
    batch.site = site_of(*current_frame_, *current_instr_);
    observe_batch(batch);
  }
  if (check(a, size)) return true;
  if (current_instr_)
    refused_access(*current_instr_, lane, a, size,
                   fmt::format("built-in access of {} bytes at 0x{:x} outside every memory "
                               "object the kernel can reach", size, a));
  return false;
}

void WorkGroupRunner::access_lanes(const Lanes& lanes, const std::uint64_t* addresses,
                                   std::size_t size, Access kind, std::uint8_t address_space,
                                   bool* ok) {
  if (builtin_site_)
    lanes.for_each([&](std::uint32_t l) {
      if (check(addresses[l], size)) shadow_access(l, addresses[l], size, kind);
      else builtin_refused_ = true;
    });
  if (observer_ && current_instr_ && lanes.count) {
    AccessBatch batch;
    batch.kind = kind;
    batch.address_space = address_space;
    batch.size = static_cast<std::uint32_t>(size);
    batch.alignment = 1;
    batch.lanes = lanes.ids;
    batch.count = lanes.count;
    batch.addresses = addresses;
    batch.builtin = true;
    batch.site = site_of(*current_frame_, *current_instr_);
    observe_batch(batch);
  }
  lanes.for_each([&](std::uint32_t l) {
    ok[l] = check(addresses[l], size);
    if (!ok[l] && current_instr_)
      refused_access(*current_instr_, l, addresses[l], size,
                     fmt::format("built-in access of {} bytes at 0x{:x} outside every memory "
                                 "object the kernel can reach", size, addresses[l]));
  });
}

const ImageDescriptor* WorkGroupRunner::image(std::uint64_t handle) const {
  for (const LaunchArg& a : *shared_.args)
    if (a.image && reinterpret_cast<std::uint64_t>(a.pointer) == handle) return &*a.image;
  return nullptr;
}

void WorkGroupRunner::image_problem(std::uint32_t lane, std::string message) {
  if (current_instr_) problem(*current_instr_, EngineEvent::ImageAccess, std::move(message), lane);
}

SourceSite WorkGroupRunner::site_of(const Frame& f, const ir::Instr& in) const {
  SourceSite s;
  s.function = static_cast<std::uint32_t>(f.fn - module_.functions.data());
  s.instruction = static_cast<std::uint32_t>(&in - f.fn->code.data());
  s.line = in.line;
  s.column = in.column;
  return s;
}

void WorkGroupRunner::observe(Frame& f, const ir::Instr& in, Access kind,
                              std::uint8_t address_space, std::uint32_t size,
                              std::uint32_t alignment, const LaneSet& lanes,
                              const std::uint64_t* addresses, const std::byte* values,
                              std::uint32_t value_stride) {
  AccessBatch batch;
  batch.kind = kind;
  batch.address_space = address_space;
  batch.size = size;
  batch.alignment = alignment;
  batch.lanes = lanes.ids;
  batch.count = lanes.count;
  batch.addresses = addresses;
  batch.values = values;
  batch.value_stride = value_stride;
  batch.site = site_of(f, in);
  observe_batch(batch);
}

void WorkGroupRunner::observe_batch(AccessBatch& batch) {
  if (batch.address_space != kGeneric) {
    observer_->memory(batch);
    return;
  }
  constexpr std::uint8_t kSpaces[3] = {kGlobal, kLocal, kPrivate};
  for (auto& lanes : by_space_) lanes.clear();
  for (std::uint32_t k = 0; k < batch.count; ++k) {
    const std::uint32_t l = batch.lanes[k];
    const std::uint8_t space = address_space_of(batch.addresses[l]);
    by_space_[space == kLocal ? 1 : space == kPrivate ? 2 : 0].push_back(l);
  }
  for (int s = 0; s < 3; ++s) {
    if (by_space_[s].empty()) continue;
    AccessBatch part = batch;
    part.address_space = kSpaces[s];
    part.lanes = by_space_[s].data();
    part.count = static_cast<std::uint32_t>(by_space_[s].size());
    observer_->memory(part);
  }
}

// The __local arena of this group, else a frame's private area or by-value copies (red zones
// included, so that an overflow of a private array is still private), else global memory: the
// buffers, SVM and program-scope variables a generic pointer may reach (__constant memory is
// never in the generic address space, OpenCL C 3.0 §6.7.1.1).
std::uint8_t WorkGroupRunner::address_space_of(std::uint64_t address) const {
  const auto arena = reinterpret_cast<std::uint64_t>(local_arena_.data());
  if (address - arena < local_arena_.size()) return kLocal;
  for (const std::unique_ptr<Frame>& f : frames_) {
    if (!f) continue;
    const auto area = reinterpret_cast<std::uint64_t>(f->private_area.data());
    if (address - area < f->private_area.size()) return kPrivate;
    for (const Frame::ByVal& b : f->byval) {
      const auto copies = reinterpret_cast<std::uint64_t>(b.storage.data());
      if (address - copies < b.storage.size()) return kPrivate;
    }
  }
  return kGlobal;
}

// This group's memory first; then the launch's buffers and variables, which are global; then
// any other worker's __local arena or private areas.
std::uint8_t WorkGroupRunner::address_space_in_launch(std::uint64_t address) const {
  const std::uint8_t own = address_space_of(address);
  if (own != kGlobal || shared_.regions.find(address, 1)) return own;
  return shared_.spaces.space_of(address);
}

void WorkGroupRunner::print(std::uint32_t, std::string_view text) { printf_.append(text); }

void WorkGroupRunner::async_step(bool wait, const Lanes& lanes, bool uniform,
                                 const std::uint64_t* events, std::uint32_t event_count,
                                 const AsyncCopyShape* copy) {
  if (!observer_ || !current_instr_ || !current_frame_) return;
  observer_->async_step(wait, lanes.ids, lanes.count, lanes_, uniform, events, event_count, copy,
                        site_of(*current_frame_, *current_instr_));
}

void WorkGroupRunner::group_function(const Lanes& lanes, std::string_view function, bool uniform,
                                     bool in_range) {
  if (!observer_ || !current_instr_ || !current_frame_) return;
  observer_->group_function(function, lanes.ids, lanes.count, lanes_, uniform, in_range,
                            site_of(*current_frame_, *current_instr_));
}

void WorkGroupRunner::sub_group_function(const Lanes& reached, std::uint32_t size,
                                         std::string_view function, bool uniform) {
  if (!observer_ || !current_instr_ || !current_frame_) return;
  observer_->sub_group_function(function, reached.ids, reached.count, size, uniform,
                                site_of(*current_frame_, *current_instr_));
}

bool WorkGroupRunner::budget_tick(const ir::Instr& at, std::uint32_t lane) {
  std::uint64_t total = shared_.executed.fetch_add(budget_count_) + budget_count_;
  budget_count_ = 0;
  bool over = (shared_.budget_instructions && total > shared_.budget_instructions) ||
              (shared_.has_deadline && std::chrono::steady_clock::now() > shared_.deadline);
  if (over && !shared_.stopped.exchange(true)) {
    problem(at, EngineEvent::BudgetExceeded,
            shared_.budget_instructions && total > shared_.budget_instructions
                ? fmt::format("the kernel ran past its budget of {} instructions and was "
                              "stopped", shared_.budget_instructions)
                : std::string("the kernel ran past its time budget and was stopped"),
            lane);
  }
  if (shared_.stopped.load(std::memory_order_relaxed)) stopped_ = true;
  return stopped_;
}

void WorkGroupRunner::problem(const ir::Instr& in, EngineEvent event, std::string message,
                              std::uint32_t lane, std::uint64_t address, std::uint64_t size) {
  EngineProblem p;
  p.event = event;
  p.message = std::move(message);
  p.lane = lane;
  p.address = address;
  p.size = size;
  report(in, std::move(p));
}

void WorkGroupRunner::report(const ir::Instr& in, EngineProblem p) {
  if (current_frame_) {
    p.site = site_of(*current_frame_, in);
  } else {
    p.site.line = in.line;
    p.site.column = in.column;
  }
  if (observer_ && current_frame_) {
    observer_->engine_problem(p);
    return;
  }
  ++problem_count_;
  if (problems_.size() < 16) problems_.push_back(std::move(p));
}

void WorkGroupRunner::run(const std::uint64_t group[3]) {
  for (int d = 0; d < 3; ++d) {
    group_[d] = group[d];
    // The last group of a dimension may be smaller (non-uniform work-groups, 2.0).
    std::uint64_t start = group[d] * shared_.geometry.local_size[d];
    geometry_.local_size[d] =
        std::min(shared_.geometry.local_size[d], shared_.geometry.global_size[d] - start);
  }
  std::uint32_t lx = static_cast<std::uint32_t>(geometry_.local_size[0]);
  std::uint32_t ly = static_cast<std::uint32_t>(geometry_.local_size[1]);
  std::uint32_t lanes = lx * ly * static_cast<std::uint32_t>(geometry_.local_size[2]);
  if (shared_.groups_a_run) {
    // Groups of one work-item, one a lane: every local id is 0.
    lanes = static_cast<std::uint32_t>(
        std::min<std::uint64_t>(shared_.groups_a_run, shared_.groups[0] - group[0]));
    if (lanes != lanes_) {
      for (auto& ids : local_ids_) std::fill(ids.begin(), ids.end(), 0u);
      lanes_ = lanes;
    }
  } else if (lanes != lanes_ || lx != local_ids_row_ || ly != local_ids_column_) {
    for (std::uint32_t l = 0; l < lanes; ++l) {
      local_ids_[0][l] = l % lx;
      local_ids_[1][l] = (l / lx) % ly;
      local_ids_[2][l] = l / (lx * ly);
    }
    lanes_ = lanes;
    local_ids_row_ = lx;
    local_ids_column_ = ly;
  }
  Frame& k = frame(shared_.kernel);
  if (!uniform_set_up_) {
    // The kernel's arguments are the same for every group: set them once per launch.
    const ir::Function& fn = *k.fn;
    for (std::size_t i = 0; i < fn.params.size() && i < shared_.args->size(); ++i) {
      const LaunchArg& a = (*shared_.args)[i];
      std::uint32_t reg = fn.params[i];
      std::uint32_t size = fn.registers[reg].size;
      std::vector<std::byte> value(size);
      std::uint64_t pointer = 0;
      switch (a.kind) {
        case LaunchArg::Kind::Buffer: pointer = reinterpret_cast<std::uint64_t>(a.pointer); break;
        case LaunchArg::Kind::Null: break;
        case LaunchArg::Kind::Local:
          pointer = reinterpret_cast<std::uint64_t>(local_arena_.data()) + local_arg_offsets_[i];
          break;
        case LaunchArg::Kind::Bytes:
          if (i < fn.byval_size.size() && fn.byval_size[i] != 0) {
            set_up_byval(k, reg, a.bytes, fn.byval_size[i], fn.byval_align[i]);
            continue;
          }
          std::memcpy(value.data(), a.bytes.data(), std::min<std::size_t>(size, a.bytes.size()));
          break;
      }
      if (a.kind != LaunchArg::Kind::Bytes) std::memcpy(value.data(), &pointer, std::min<std::size_t>(size, 8));
      for (std::uint32_t l = 0; l < capacity_; ++l) {
        if (a.kind == LaunchArg::Kind::Local && l > 0 && local_stride_) {
          // Each lane's group has its own __local argument.
          const std::uint64_t own = pointer + local_stride_ * l;
          std::memcpy(value.data(), &own, std::min<std::size_t>(size, 8));
        }
        std::memcpy(k.base[reg] + std::size_t(l) * size, value.data(), size);
      }
    }
    uniform_set_up_ = true;
  }
  for (Frame::ByVal& b : k.byval)
    for (std::uint32_t l = 0; l < lanes_; ++l)
      std::memcpy(b.base + std::size_t(l) * b.stride, b.bytes->data(), b.size);
  if (observer_) {
    GroupPosition position;
    for (int d = 0; d < 3; ++d) {
      position.group[d] = group_[d];
      position.local_size[d] = shared_.geometry.local_size[d];
      position.global_offset[d] = shared_.geometry.global_offset[d];
    }
    position.lanes = lanes_;
    position.locals = local_objects_.data();
    position.local_count = static_cast<std::uint32_t>(local_objects_.size());
    observer_->group_begin(position);
  }
  // Each work-group starts with __local memory of its own (§6.5.2): tainted again when it is a
  // source, and carrying none of the last group's taint when it is not.
  if (taint_)
    std::fill(local_shadow_.begin(), local_shadow_.end(),
              std::uint8_t{shared_.taint.sources.local_memory});
  if (!stopped_) call(shared_.kernel, all_lanes_.data(), lanes_);
  if (observer_) observer_->group_end();
}

// Runs `function` for the given lanes until each has returned. Each lane waits at the block it
// goes to next; the waiting block first in reverse postorder runs, for every lane waiting there
// (OpenCL C 2.0 §3.2.2's work-items of a group run together where their control flow meets):
// lanes that diverge run each side apart and meet again at the first block both sides reach,
// which is the branch's immediate post-dominator in a branch without loops, and the loop's
// next iteration where one side of a branch in a loop may leave it (the lanes that stay then
// go round together, where a stack of immediate post-dominators would run each lane that
// diverged alone to the loop's end). A lane leaving a loop early waits at the exit until the
// others leave, as a barrier after the loop needs.
void WorkGroupRunner::call(std::uint32_t function, const std::uint32_t* ids, std::uint32_t count) {
  Frame& f = frame(function);
  const ir::Function& fn = *f.fn;
  if (f.active) {
    problem(fn.code.empty() ? ir::Instr{} : fn.code.front(), EngineEvent::Recursion,
            fmt::format("recursive call of '{}' (OpenCL C forbids recursion)", fn.name));
    return;
  }
  if (fn.blocks.empty() || count == 0) return;
  f.active = true;
  if (taint_) shadow_enter(f, ids, count);
  for (std::uint32_t b : f.pending) f.waiting[b].clear();
  f.pending.clear();
  f.waiting[0].assign(ids, ids + count);
  f.pending.push_back(0);

  while (!f.pending.empty() && !stopped_) {
    std::size_t first = 0;
    for (std::size_t i = 1; i < f.pending.size(); ++i)
      if (f.rank[f.pending[i]] < f.rank[f.pending[first]]) first = i;
    const std::uint32_t b = f.pending[first];
    f.pending[first] = f.pending.back();
    f.pending.pop_back();
    f.running.swap(f.waiting[b]);
    f.waiting[b].clear();
    const ir::Block& block = fn.blocks[b];
    const auto running = static_cast<std::uint32_t>(f.running.size());
    LaneSet lanes{f.running.data(), running, running == lanes_};
    // Phis take the values their incoming edge left in their temporaries.
    for (std::uint32_t p = 0; p < block.phi_count; ++p) {
      const ir::PhiCopy& c = fn.phi_entries[block.phi_first + p];
      copy_lanes(f, c.dst, c.src, c.size, lanes);
    }
    const ir::Instr* code = fn.code.data();
    std::uint32_t last = block.end - 1;
    if (budget_on_) {
      budget_count_ += block.end - block.first;
      if (budget_count_ >= kBudgetStep || stopped_) {
        // The budget is reported at the first instruction of the block that has a line.
        std::uint32_t at = block.first;
        while (at < last && code[at].line == 0) ++at;
        current_frame_ = &f;
        if (budget_tick(code[at], lanes.ids[0])) break;
      }
    }
    for (std::uint32_t i = block.first; i < last; ++i) {
      const ir::Instr& in = code[i];
      if (in.op == Op::Call) {
        call_site(f, in, lanes);
        if (stopped_) break;
        continue;
      }
      if (in.op == Op::Barrier) {
        barrier(f, in, lanes);
        continue;
      }
      current_frame_ = &f;
      if (taint_) {
        // Until something reads tainted memory, every register's shadow is zero, so only
        // instructions that touch memory need the shadow path (most kernels never leave this
        // state: their buffers came with data and their variables are set before use).
        if (!tainted_ && !touches_memory(in.op)) {
          execute(f, in, lanes);
          continue;
        }
        shadow_execute(f, in, lanes);
        if (!tainted_)
          tainted_ = shadow_set(
              f, in.op == Op::CallBuiltin ? module_.builtins[in.imm].result.reg : in.dst, lanes);
        continue;
      }
      execute(f, in, lanes);
    }
    if (stopped_) break;
    terminator(f, code[last], lanes);
  }
  f.active = false;
}

// Lanes that took an edge to `block` wait there, in increasing order with those already there.
void WorkGroupRunner::arrive(Frame& f, std::uint32_t block, const LaneSet& lanes) {
  std::vector<std::uint32_t>& waiting = f.waiting[block];
  if (waiting.empty()) {
    f.pending.push_back(block);
    // All the running block's lanes going on together (a uniform branch, a jump): its list
    // becomes the target's, not a copy of it (running is refilled before the next block runs,
    // and the terminator reads no lane after arriving).
    if (lanes.ids == f.running.data() && lanes.count == f.running.size()) {
      waiting.swap(f.running);
      return;
    }
    waiting.assign(lanes.ids, lanes.ids + lanes.count);
    return;
  }
  f.merged.resize(waiting.size() + lanes.count);
  std::merge(waiting.begin(), waiting.end(), lanes.ids, lanes.ids + lanes.count, f.merged.begin());
  waiting.swap(f.merged);
}

void WorkGroupRunner::call_site(Frame& f, const ir::Instr& in, const LaneSet& lanes) {
  const ir::Function& callee = module_.functions[in.imm];
  Frame& cf = frame(static_cast<std::uint32_t>(in.imm));
  for (std::uint32_t a = 0; a < in.extra_count && a < callee.params.size(); ++a) {
    std::uint32_t src = f.fn->extra[in.extra + a];
    std::uint32_t dst = callee.params[a];
    std::uint32_t size = callee.registers[dst].size;
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      std::memcpy(cf.base[dst] + std::size_t(l) * size, f.base[src] + std::size_t(l) * size, size);
    }
  }
  if (taint_) shadow_call(f, cf, in, lanes, false);
  // The callee's lanes wait in its own frame (no recursion): ours stay valid.
  call(static_cast<std::uint32_t>(in.imm), lanes.ids, lanes.count);
  if (stopped_) return;
  if (in.dst == ir::kNoRegister || callee.return_reg == ir::kNoRegister) return;
  std::uint32_t size = callee.return_size;
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.ids[k];
    std::memcpy(f.base[in.dst] + std::size_t(l) * size,
                cf.base[callee.return_reg] + std::size_t(l) * size, size);
  }
  if (taint_) shadow_call(f, cf, in, lanes, true);
}

void WorkGroupRunner::barrier(Frame& f, const ir::Instr& in, const LaneSet& lanes) {
  // The lanes that reach it go on, whether or not the others do: a barrier reached by part of
  // the group is for the observer (the divergence checker) to judge.
  if (!observer_) return;
  const auto* flags = reinterpret_cast<const std::uint32_t*>(f.base[in.a]);
  const std::uint32_t first = flags[lanes.ids[0]];
  bool uniform = true;
  for (std::uint32_t k = 1; k < lanes.count && uniform; ++k) uniform = flags[lanes.ids[k]] == first;
  observer_->barrier(first, uniform, lanes.ids, lanes.count, lanes_, site_of(f, in));
}

// A block's terminator: where the lanes go next, or that they return.
void WorkGroupRunner::terminator(Frame& f, const ir::Instr& t, const LaneSet& lanes) {
  const ir::Function& fn = *f.fn;
  switch (t.op) {
    case Op::Br: {
      const ir::Edge& edge = fn.edges[t.extra];
      take_edge(f, edge, lanes);
      arrive(f, edge.target, lanes);
      break;
    }
    case Op::CondBr:
    case Op::Switch:
      branch(f, t, lanes);
      break;
    case Op::Ret:
      if (t.a != ir::kNoRegister) copy_lanes(f, fn.return_reg, t.a, t.size, lanes);
      break;
    case Op::Unreachable:
    default:
      problem(t, EngineEvent::Unreachable,
              "reached 'unreachable' (undefined behaviour in the kernel)");
      break;
  }
}

// A conditional branch or switch: lanes by edge, each side waiting at its edge's target.
void WorkGroupRunner::branch(Frame& f, const ir::Instr& t, const LaneSet& lanes) {
  const ir::Function& fn = *f.fn;
  std::uint32_t edges = t.op == Op::CondBr ? 2 : t.extra_count + 1;
  if (tainted_ && sinks_.conditions) shadow_branch(f, t, lanes);
  const std::byte* cond = f.base[t.a];
  if (t.op == Op::CondBr) {
    // Most branches are uniform: find out before sorting lanes by edge.
    std::uint8_t first = static_cast<std::uint8_t>(cond[lanes.ids[0]]);
    bool uniform = true;
    if (lanes.full) {
      // The whole group's condition bytes lie in a row: one pass the compiler vectorises.
      const auto* bytes = reinterpret_cast<const std::uint8_t*>(cond);
      std::uint8_t differ = 0;
      for (std::uint32_t i = 0; i < lanes.count; ++i) differ |= bytes[i] ^ first;
      uniform = differ == 0;
    } else {
      for (std::uint32_t k = 1; k < lanes.count && uniform; ++k)
        uniform = static_cast<std::uint8_t>(cond[lanes.ids[k]]) == first;
    }
    if (uniform) {
      const ir::Edge& edge = fn.edges[t.extra + (first ? 0 : 1)];
      take_edge(f, edge, lanes);
      arrive(f, edge.target, lanes);
      return;
    }
    // Diverged: the lanes by side in one pass (a compare-exchange loop splits every iteration).
    // Each lane is written to both lists and counted in one (no branch to mispredict).
    const std::uint32_t count = lanes.count;
    const std::uint32_t* const ids = lanes.ids;
    f.side.resize(count);
    f.other.resize(count);
    std::uint32_t* const then_ids = f.side.data();
    std::uint32_t* const else_ids = f.other.data();
    std::uint32_t taken = 0, not_taken = 0;
    for (std::uint32_t j = 0; j < count; ++j) {
      const std::uint32_t l = ids[j];
      const std::uint32_t c = static_cast<std::uint8_t>(cond[l]) != 0;
      then_ids[taken] = l;
      else_ids[not_taken] = l;
      taken += c;
      not_taken += c ^ 1u;
    }
    const LaneSet then_lanes{f.side.data(), taken, false};
    const LaneSet else_lanes{f.other.data(), not_taken, false};
    // A side is empty only where condition bytes other than 0 and 1 differed but not in truth.
    if (taken) {
      take_edge(f, fn.edges[t.extra], then_lanes);
      arrive(f, fn.edges[t.extra].target, then_lanes);
    }
    if (not_taken) {
      take_edge(f, fn.edges[t.extra + 1], else_lanes);
      arrive(f, fn.edges[t.extra + 1].target, else_lanes);
    }
    return;
  }
  f.by_edge.assign(lanes.count, 0);
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.ids[k];
    std::uint32_t chosen = 0;
    if (t.op == Op::CondBr) {
      chosen = static_cast<std::uint8_t>(cond[l]) ? 0 : 1;
    } else {
      std::int64_t v = read_signed(cond + std::size_t(l) * ir::ty_size(t.ty), t.ty);
      std::uint64_t mask = t.bits ? (std::uint64_t(1) << t.bits) - 1 : ~std::uint64_t(0);
      for (std::uint32_t c = 0; c < t.extra_count; ++c)
        if (((static_cast<std::uint64_t>(fn.extra_imm[t.c + c]) ^
              static_cast<std::uint64_t>(v)) & mask) == 0) {
          chosen = c + 1;
          break;
        }
    }
    f.by_edge[k] = chosen;
  }
  for (std::uint32_t edge_index = 0; edge_index < edges; ++edge_index) {
    f.side.clear();
    for (std::uint32_t k = 0; k < lanes.count; ++k)
      if (f.by_edge[k] == edge_index) f.side.push_back(lanes.ids[k]);
    if (f.side.empty()) continue;
    const ir::Edge& edge = fn.edges[t.extra + edge_index];
    const LaneSet side{f.side.data(), static_cast<std::uint32_t>(f.side.size()),
                       f.side.size() == lanes_};
    take_edge(f, edge, side);
    arrive(f, edge.target, side);
  }
}

// Each block's place in the order lanes run blocks in: a topological order of the control flow
// graph without its loops' back edges in which each loop's blocks come together, after the
// blocks that lead to it and before those it leads to (so that lanes leaving a loop early wait
// for the others at its exit), and, among blocks the order leaves free, a branch's first edge
// (the then side) before the others, as a depth-first search visiting the last edge first gives.
void WorkGroupRunner::order_blocks(Frame& f) {
  const ir::Function& fn = *f.fn;
  const auto n = static_cast<std::uint32_t>(fn.blocks.size());
  f.rank.assign(n, n);
  f.waiting.assign(n, {});
  if (n == 0) return;
  std::vector<std::vector<std::uint32_t>> successors(n), predecessors(n);
  for (std::uint32_t b = 0; b < n; ++b) {
    const ir::Instr& t = fn.code[fn.blocks[b].end - 1];
    std::uint32_t count = 0;
    if (t.op == Op::Br) count = 1;
    else if (t.op == Op::CondBr) count = 2;
    else if (t.op == Op::Switch) count = t.extra_count + 1;
    for (std::uint32_t e = 0; e < count; ++e) {
      const std::uint32_t target = fn.edges[t.extra + e].target;
      if (target >= n) continue;
      successors[b].push_back(target);
      predecessors[target].push_back(b);
    }
  }
  // Depth-first, last edge first: the reverse postorder breaks ties; an edge to a block on the
  // search's path is a loop's back edge.
  std::vector<std::uint8_t> state(n, 0);  // 0 unseen, 1 on the path, 2 finished
  std::vector<std::uint32_t> reverse_post(n, n);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> back_edges;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> path;  // block, successors left to visit
  std::uint32_t finished = n;
  state[0] = 1;
  path.push_back({0, static_cast<std::uint32_t>(successors[0].size())});
  while (!path.empty()) {
    auto& [block, left] = path.back();
    if (left == 0) {
      state[block] = 2;
      reverse_post[block] = --finished;
      path.pop_back();
      continue;
    }
    const std::uint32_t s = successors[block][--left];
    if (state[s] == 1) back_edges.push_back({block, s});
    if (state[s] != 0) continue;
    state[s] = 1;
    path.push_back({s, static_cast<std::uint32_t>(successors[s].size())});
  }
  // Loops, one per header: the blocks that reach a back edge's source without passing its header.
  std::vector<std::uint32_t> loop_of_header(n, n);
  std::vector<std::vector<std::uint8_t>> member;
  std::vector<std::uint32_t> stack;
  for (auto [source, header] : back_edges) {
    if (loop_of_header[header] == n) {
      loop_of_header[header] = static_cast<std::uint32_t>(member.size());
      member.emplace_back(n, 0);
      member.back()[header] = 1;
    }
    std::vector<std::uint8_t>& in = member[loop_of_header[header]];
    stack.assign(1, source);
    while (!stack.empty()) {
      const std::uint32_t b = stack.back();
      stack.pop_back();
      if (in[b] || state[b] == 0) continue;
      in[b] = 1;
      for (std::uint32_t p : predecessors[b]) stack.push_back(p);
    }
  }
  std::vector<std::uint32_t> remaining(member.size(), 0);
  for (std::size_t l = 0; l < member.size(); ++l)
    for (std::uint32_t b = 0; b < n; ++b) remaining[l] += member[l][b];
  // Kahn's algorithm over the forward edges, taking blocks of the innermost loop begun first.
  auto is_back = [&](std::uint32_t from, std::uint32_t to) {
    return std::find(back_edges.begin(), back_edges.end(), std::make_pair(from, to)) !=
           back_edges.end();
  };
  std::vector<std::uint32_t> needed(n, 0);
  for (std::uint32_t b = 0; b < n; ++b)
    if (state[b] != 0)
      for (std::uint32_t s : successors[b])
        if (!is_back(b, s)) ++needed[s];
  std::vector<std::uint32_t> ready{0}, open;
  std::uint32_t next = 0;
  while (!ready.empty()) {
    while (!open.empty() && remaining[open.back()] == 0) open.pop_back();
    std::size_t best = ready.size();
    for (int pass = 0; pass < 2 && best == ready.size(); ++pass)
      for (std::size_t i = 0; i < ready.size(); ++i) {
        if (pass == 0 && !open.empty() && !member[open.back()][ready[i]]) continue;
        if (best == ready.size() || reverse_post[ready[i]] < reverse_post[ready[best]]) best = i;
      }
    const std::uint32_t b = ready[best];
    ready.erase(ready.begin() + static_cast<std::ptrdiff_t>(best));
    f.rank[b] = next++;
    for (std::size_t l = 0; l < member.size(); ++l) remaining[l] -= member[l][b];
    if (loop_of_header[b] != n) open.push_back(loop_of_header[b]);
    for (std::uint32_t s : successors[b])
      if (!is_back(b, s) && --needed[s] == 0) ready.push_back(s);
  }
}

}  // namespace clvet::interp
