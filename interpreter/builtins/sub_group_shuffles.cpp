// The sub-group shuffles (OpenCL Extension Specification, "Extended Sub-group Functions"):
// sub_group_shuffle and sub_group_shuffle_xor (cl_khr_subgroup_shuffle), sub_group_shuffle_up
// and sub_group_shuffle_down (cl_khr_subgroup_shuffle_relative). Each work-item reads the value
// of the work-item its own index, mask or delta names, which "need not be the same for all work
// items"; none of them need be reached by the whole sub-group. Where the named work-item is
// inactive or outside the sub-group the result is undefined: the lane keeps its own value.
// And the rotations (cl_khr_subgroup_rotate): sub_group_rotate(value, delta) reads the work-item
// (sub-group local id + delta) modulo the maximum sub-group size, sub_group_clustered_rotate
// (value, delta, clustersize) the same within the work-item's cluster; delta (and the cluster
// size) the same for all active work-items, the cluster size a power of two no greater than the
// maximum sub-group size, or the behaviour is undefined (the engine hears of it).
#include <bit>
#include <cstdint>

#include "sub_group_lanes.h"
#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

using namespace sub_groups;

enum class Shuffle : std::uint8_t { Index, Xor, Up, Down };

// The sub-group local id lane `id` reads from, or kSubGroupSize when there is none.
std::uint32_t source_id(Shuffle kind, std::uint32_t id, std::uint32_t operand) {
  switch (kind) {
    case Shuffle::Index: return operand;
    case Shuffle::Xor: return id ^ operand;
    case Shuffle::Up: return operand <= id ? id - operand : kSubGroupSize;
    case Shuffle::Down: return operand < kSubGroupSize - id ? id + operand : kSubGroupSize;
  }
  return kSubGroupSize;
}

template <class T, Shuffle kKind>
void shuffle(const BuiltinCall& call) {
  const std::uint32_t lanes = call.context->lane_count();
  for_each_run(call.lanes, [&](const Lanes& run) {
    const std::uint32_t sg = id_of(run.ids[0]);
    const std::uint32_t size = size_of(sg, lanes);
    const std::uint32_t active = active_mask(run);
    run.for_each([&](std::uint32_t l) {
      const std::uint32_t from = source_id(kKind, local_id_of(l), call.args[1].get<std::uint32_t>(l));
      const bool defined = from < size && (active >> from & 1);
      const std::uint32_t source = defined ? sg * kSubGroupSize + from : l;
      call.result.set<T>(l, 0, call.args[0].get<T>(source));
      call.context->result_from(l, source);
    });
  });
}

// The sum wraps in 32 bits (delta is an int taken as unsigned, as SPIR-V's
// OpGroupNonUniformRotateKHR takes it): -1 is "the one before" for the power-of-two sizes.
template <class T, bool kClustered>
void rotate(const BuiltinCall& call) {
  const std::uint32_t lanes = call.context->lane_count();
  const std::uint32_t max = max_size(*call.context);
  for_each_run(call.lanes, [&](const Lanes& run) {
    const std::uint32_t sg = id_of(run.ids[0]);
    const std::uint32_t size = size_of(sg, lanes);
    const std::uint32_t active = active_mask(run);
    const std::uint32_t delta = call.args[1].get<std::uint32_t>(run.ids[0]);
    const std::uint32_t cluster = kClustered ? call.args[2].get<std::uint32_t>(run.ids[0]) : max;
    const bool rule = same_for_all<std::uint32_t>(call, 1, run) &&
                      (!kClustered || (same_for_all<std::uint32_t>(call, 2, run) &&
                                       std::has_single_bit(cluster) && cluster <= max));
    if (!rule) {
      call.context->sub_group_function(
          run, run.count, kClustered ? "sub_group_clustered_rotate" : "sub_group_rotate", false);
      keep_own<T>(call, run, 1);
      return;
    }
    run.for_each([&](std::uint32_t l) {
      const std::uint32_t id = local_id_of(l);
      const std::uint32_t from =
          kClustered ? (id & ~(cluster - 1)) + (id + delta) % cluster : (id + delta) % max;
      const bool defined = from < size && (active >> from & 1);
      const std::uint32_t source = defined ? sg * kSubGroupSize + from : l;
      call.result.set<T>(l, 0, call.args[0].get<T>(source));
      call.context->result_from(l, source);
    });
  });
}

template <bool kClustered>
struct Rotate {
  template <class T> struct Fn { static constexpr BuiltinFn fn = &rotate<T, kClustered>; };
  static BuiltinFn resolve(const Signature& s) {
    if (s.params.size() != (kClustered ? 3u : 2u) || s.params[0].pointer ||
        s.params[0].width != 1 || s.params[1].scalar != Scalar::Int || s.params[1].width != 1)
      return nullptr;
    if (kClustered && (s.params[2].scalar != Scalar::UInt || s.params[2].width != 1)) return nullptr;
    return by_scalar<Fn>(s.params[0].scalar, Types::Scalars);
  }
};

template <Shuffle kKind>
struct Of {
  template <class T> struct Fn { static constexpr BuiltinFn fn = &shuffle<T, kKind>; };
  static BuiltinFn resolve(const Signature& s) {
    if (s.params.size() != 2 || s.params[0].pointer || s.params[0].width != 1 ||
        s.params[1].scalar != Scalar::UInt || s.params[1].width != 1)
      return nullptr;
    return by_scalar<Fn>(s.params[0].scalar, Types::Scalars);
  }
};

}  // namespace

void register_sub_group_shuffle_builtins(BuiltinRegistry& r) {
  r.add("sub_group_shuffle", Of<Shuffle::Index>::resolve);
  r.add("sub_group_shuffle_xor", Of<Shuffle::Xor>::resolve);
  r.add("sub_group_shuffle_up", Of<Shuffle::Up>::resolve);
  r.add("sub_group_shuffle_down", Of<Shuffle::Down>::resolve);
  r.add("sub_group_rotate", Rotate<false>::resolve);
  r.add("sub_group_clustered_rotate", Rotate<true>::resolve);
}

}  // namespace clvet::interp
