// Executable: a decoded program with its program-scope variables, and the launch of an
// NDRange: work-groups handed out to the host's cores, each run by a lockstep WorkGroupRunner.
#include "clvet/interp/executable.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

#include "decode/program_ir.h"
#include "exec/group_batching.h"
#include "exec/work_group.h"
#include "exec/worker_pool.h"
#include "frontend/uninitialised_values.h"

namespace clvet::interp {
namespace {

// Worker threads for a launch: CLVET_THREADS, or every core. A program with atomics on global
// memory runs its work-groups in order on one thread unless CLVET_THREADS is set, so that its
// results and schedule are the same on every run (replays and diffs stay stable).
unsigned pool_size(bool order_matters) {
  if (const char* v = std::getenv("CLVET_THREADS")) {
    int n = std::atoi(v);
    if (n > 0) return static_cast<unsigned>(n);
  }
  if (order_matters) return 1;
  return std::max(1u, std::thread::hardware_concurrency());
}

class DecodedExecutable final : public Executable {
 public:
  explicit DecodedExecutable(ir::Module module)
      : module_(std::move(module)),
        group_blind_(cannot_tell_groups(module_)),
        single_items_share_(single_items_may_share_lanes(module_)) {
    // Program-scope __global and __constant variables live as long as the program (2.0 §6.5).
    storage_.assign(module_.global_globals_size + 16, std::byte{0});
    addresses_.resize(module_.globals.size());
    for (std::size_t g = 0; g < module_.globals.size(); ++g)
      if (module_.globals[g].address_space != kLocal)
        addresses_[g] = reinterpret_cast<std::uint64_t>(storage_.data() + module_.globals[g].local_offset);
    for (std::size_t g = 0; g < module_.globals.size(); ++g) {
      const ir::Global& global = module_.globals[g];
      if (global.address_space == kLocal || global.init.empty()) continue;
      std::byte* at = storage_.data() + global.local_offset;
      std::memcpy(at, global.init.data(), global.init.size());
      for (const ir::Relocation& r : global.relocations) {
        std::uint64_t address = addresses_[r.global] + static_cast<std::uint64_t>(r.addend);
        std::memcpy(at + r.offset, &address, 8);
      }
    }
  }

  const std::vector<KernelInfo>& kernels() const override { return module_.kernels; }
  std::uint64_t global_variable_size() const override {
    std::uint64_t total = 0;
    for (const ir::Global& g : module_.globals)
      if (g.address_space == kGlobal) total += g.size;
    return total;
  }

  std::vector<ProgramVariable> program_variables() const override {
    std::vector<ProgramVariable> list;
    for (std::size_t g = 0; g < module_.globals.size(); ++g) {
      const ir::Global& global = module_.globals[g];
      if (global.address_space == kLocal || global.name == kUninitialisedGlobal || global.size == 0)
        continue;
      ProgramVariable v;
      const bool constant = global.address_space == kConstant;
      if (global.source_name.empty())
        v.label = fmt::format("the compiler's constant '{}'", global.name);
      else if (!global.function.empty())
        v.label = fmt::format("static {} variable '{}' in '{}'", constant ? "__constant" : "__global",
                              global.source_name, global.function);
      else
        v.label = fmt::format("program-scope {} variable '{}'", constant ? "__constant" : "__global",
                              global.source_name);
      v.address = reinterpret_cast<void*>(addresses_[g]);
      v.size = global.size;
      v.constant = constant;
      list.push_back(std::move(v));
    }
    return list;
  }

  LaunchResult launch(const LaunchRequest& request) override;

 private:
  ir::Module module_;
  bool group_blind_;      // cannot_tell_groups: small groups may run as larger ones
  bool single_items_share_;  // single_items_may_share_lanes: groups of one may share a run
  AlignedBytes storage_;  // program-scope variables, each at its alignment
  std::vector<std::uint64_t> addresses_;
};

LaunchResult DecodedExecutable::launch(const LaunchRequest& request) {
  LaunchResult result;
  auto it = std::find_if(module_.kernels.begin(), module_.kernels.end(),
                         [&](const KernelInfo& k) { return k.name == request.kernel; });
  if (it == module_.kernels.end()) {
    result.error = fmt::format("no kernel named '{}' in the program", request.kernel);
    return result;
  }
  std::size_t index = static_cast<std::size_t>(it - module_.kernels.begin());
  LaunchShared shared;
  shared.module = &module_;
  shared.kernel = module_.kernel_functions[index];
  shared.info = &*it;
  shared.args = &request.args;
  shared.global_addresses = addresses_;
  NDRangeGeometry& g = shared.geometry;
  g.work_dim = request.work_dim;
  std::uint64_t total_groups = 1;
  for (int d = 0; d < 3; ++d) {
    g.global_size[d] = d < int(request.work_dim) ? request.global_size[d] : 1;
    g.global_offset[d] = d < int(request.work_dim) ? request.global_offset[d] : 0;
    g.local_size[d] = d < int(request.work_dim) ? std::max<std::uint64_t>(1, request.local_size[d]) : 1;
    // Groups too small to fill the lanes run several at a time where the kernel cannot tell.
    if (d == 0)
      if (const std::uint64_t batched = batched_local_size(request, group_blind_)) g.local_size[0] = batched;
    g.enqueued_local_size[d] = g.local_size[d];
    g.num_groups[d] = (g.global_size[d] + g.local_size[d] - 1) / g.local_size[d];
    shared.groups[d] = g.num_groups[d];
    total_groups *= g.num_groups[d];
  }
  // Groups of one work-item the batching above left alone (the kernel asks its group, or has
  // __local memory) run up to 128 a run, each lane a group (exec/group_batching.h).
  std::uint64_t runs[3] = {shared.groups[0], shared.groups[1], shared.groups[2]};
  std::uint64_t total_runs = total_groups;
  if (g.local_size[0] == 1)
    if (const std::uint32_t m = groups_a_run(request, single_items_share_)) {
      shared.groups_a_run = m;
      runs[0] = (shared.groups[0] + m - 1) / m;
      total_runs = runs[0] * runs[1] * runs[2];
    }
  if (g.local_size[0] * g.local_size[1] * g.local_size[2] > (1u << 20)) {
    result.error = "work-group too large for the interpreter";
    return result;
  }
  // Every object the kernel may reach: its buffers and the program's variables.
  for (const LaunchArg& a : request.args)
    if (a.kind == LaunchArg::Kind::Buffer) shared.regions.add(a.pointer, a.size);
  for (const LaunchMemory& m : request.memory) shared.regions.add(m.pointer, m.size);
  shared.regions.add(storage_.data(), module_.global_globals_size);
  shared.regions.seal();
  shared.red_zones = request.separate_objects;
  shared.index_checks = request.index_checks;
  if (request.taint.on()) {
    // Buffers as their marks say; program-scope variables are clean, but for the front end's
    // clvet.uninitialised, which stands for what private variables hold before their first store
    // (frontend/uninitialised_values.h).
    const TaintSources& sources = request.taint.sources;
    shared.taint = request.taint;
    for (const LaunchArg& a : request.args)
      if (a.kind == LaunchArg::Kind::Buffer) {
        std::uint8_t* marks = sources.buffer_marks ? a.taint : nullptr;
        const ShadowMap::Kind tracked = a.taint_marks_written ? ShadowMap::Kind::TrackedWritten
                                                              : ShadowMap::Kind::Tracked;
        shared.shadow.add(a.pointer, a.size, marks, marks ? tracked : ShadowMap::Kind::Clean, true);
      }
    for (const LaunchMemory& m : request.memory) {
      std::uint8_t* marks = sources.buffer_marks ? m.taint : nullptr;
      shared.shadow.add(m.pointer, m.size, marks,
                        marks ? ShadowMap::Kind::TrackedWritten : ShadowMap::Kind::Clean, true);
    }
    for (std::size_t i = 0; i < module_.globals.size(); ++i) {
      const ir::Global& global = module_.globals[i];
      if (global.address_space == kLocal) continue;
      const bool marker = global.name == kUninitialisedGlobal;
      const bool tainted = marker && sources.private_memory;
      shared.shadow.add(reinterpret_cast<const void*>(addresses_[i]), global.size, nullptr,
                        tainted ? ShadowMap::Kind::Tainted : ShadowMap::Kind::Clean, !marker);
    }
    shared.shadow.seal();
  }
  shared.budget_instructions = request.budget_instructions;
  if (request.budget_seconds > 0) {
    shared.has_deadline = true;
    shared.deadline = std::chrono::steady_clock::now() +
                      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                          std::chrono::duration<double>(request.budget_seconds));
  }

  unsigned threads = request.threads ? request.threads : pool_size(module_.global_atomics);
  threads = static_cast<unsigned>(std::min<std::uint64_t>(threads, total_runs));
  shared.workers = threads;
  std::atomic<std::uint64_t> next{0};
  // printf output is kept per group and joined in group order: output is deterministic.
  std::vector<std::string> printed;
  std::mutex mutex;
  std::vector<EngineProblem> problems;
  std::uint64_t problem_count = 0;
  auto worker = [&] {
    WorkGroupRunner runner(shared, request.observer ? request.observer->for_worker() : nullptr);
    std::vector<std::pair<std::uint64_t, std::string>> mine;
    for (;;) {
      std::uint64_t n = next.fetch_add(1);
      if (n >= total_runs || shared.stopped.load(std::memory_order_relaxed)) break;
      std::uint64_t group[3] = {n % runs[0], (n / runs[0]) % runs[1], n / (runs[0] * runs[1])};
      if (shared.groups_a_run) group[0] *= shared.groups_a_run;  // the run's first group
      runner.run(group);
      std::string text = runner.take_printf_output();
      if (!text.empty()) mine.emplace_back(n, std::move(text));
    }
    std::lock_guard lock(mutex);
    for (auto& [n, text] : mine) {
      if (printed.size() <= n) printed.resize(n + 1);
      printed[n] = std::move(text);
    }
    problem_count += runner.problem_count();
    for (const EngineProblem& p : runner.problems())
      if (problems.size() < 16) problems.push_back(p);
  };
  run_with_helpers(threads - 1, worker);
  if (request.observer) request.observer->launch_end();
  for (std::string& text : printed) result.printf_output += text;
  result.more_problems = problem_count - problems.size();
  result.problems = std::move(problems);
  result.budget_exceeded = shared.stopped.load();
  result.ok = true;
  return result;
}

}  // namespace

std::shared_ptr<Executable> Executable::load(const Bytes& bitcode, std::string& error) {
  ir::Module module;
  if (!kernel_infos(bitcode, module.kernels, error)) return nullptr;
  const Resolver resolve = [](const Signature& s) { return BuiltinRegistry::instance().resolve(s); };
  if (!ir::decode_module(bitcode, module, error, resolve)) return nullptr;
  return std::make_shared<DecodedExecutable>(std::move(module));
}

}  // namespace clvet::interp
