// The sub-group ballot functions (cl_khr_subgroup_ballot; OpenCL Extension Specification,
// "Extended Sub-group Functions", Ballots): sub_group_ballot and the functions that read a
// ballot, the sub-group masks, sub_group_non_uniform_broadcast and sub_group_broadcast_first.
// None of them need be reached by the whole sub-group: each works over the sub-group's active
// work-items, the lanes of the call in that sub-group. A ballot is a uint4 whose bit i stands
// for sub-group local id i; sub-groups of kSubGroupSize use the first component only.
#include <bit>
#include <cstdint>
#include <string_view>

#include "sub_group_lanes.h"
#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

using namespace sub_groups;

// "Behavior is undefined when ... is not equivalent for all active work items in the
// sub-group": the engine hears that the argument was not the same for all (the checker words
// the finding by the function), and the lanes go on with their own arguments. The active
// work-items are all the function asks for.
void undefined_unless(bool same, const BuiltinCall& call, const Lanes& run,
                      std::string_view function) {
  if (!same) call.context->sub_group_function(run, run.count, function, false);
}

void set_ballot(const BuiltinCall& call, std::uint32_t lane, std::uint32_t bits) {
  call.result.set<std::uint32_t>(lane, 0, bits);
  for (unsigned c = 1; c < 4; ++c) call.result.set<std::uint32_t>(lane, c, 0);
}

// "The representative bit in the bitfield is set if the work item is active and the predicate
// is non-zero".
void ballot(const BuiltinCall& call) {
  for_each_run(call.lanes, [&](const Lanes& run) {
    std::uint32_t bits = 0;
    run.for_each([&](std::uint32_t l) {
      if (call.args[0].get<std::int32_t>(l) != 0) bits |= 1u << local_id_of(l);
    });
    run.for_each([&](std::uint32_t l) { set_ballot(call, l, bits); });
    from_whole_run(call, run);
  });
}

void inverse_ballot(const BuiltinCall& call) {
  for_each_run(call.lanes, [&](const Lanes& run) {
    undefined_unless(same_for_all<std::uint32_t>(call, 0, run, 4), call, run,
                     "sub_group_inverse_ballot");
    run.for_each([&](std::uint32_t l) {
      const std::uint32_t bits = call.args[0].get<std::uint32_t>(l, 0);
      call.result.set<std::int32_t>(l, 0, (bits >> local_id_of(l)) & 1);
    });
  });
}

// The bit for sub-group local id `index`; the result is undefined from the sub-group's size on,
// and the value's own bit is returned there (0 past its 128 bits).
void ballot_bit_extract(const BuiltinCall& call) {
  call.lanes.for_each([&](std::uint32_t l) {
    const std::uint32_t index = call.args[1].get<std::uint32_t>(l);
    const std::uint32_t bit =
        index < 128 ? (call.args[0].get<std::uint32_t>(l, index / 32) >> (index % 32)) & 1 : 0;
    call.result.set<std::int32_t>(l, 0, static_cast<std::int32_t>(bit));
  });
}

// bit_count, the scans and find_lsb/msb consider the bits below the maximum sub-group size.
void ballot_bit_count(const BuiltinCall& call) {
  const std::uint32_t below = max_size(*call.context);
  call.lanes.for_each([&](std::uint32_t l) {
    call.result.set<std::uint32_t>(l, 0, std::popcount(ballot_bits(call.args[0], l, below)));
  });
}

template <bool kInclusive>
void ballot_scan(const BuiltinCall& call) {
  call.lanes.for_each([&](std::uint32_t l) {
    const std::uint32_t below = local_id_of(l) + (kInclusive ? 1 : 0);
    call.result.set<std::uint32_t>(l, 0, std::popcount(ballot_bits(call.args[0], l, below)));
  });
}

// With no bit set the result is undefined: ~0 here.
template <bool kLsb>
void ballot_find(const BuiltinCall& call) {
  const std::uint32_t below = max_size(*call.context);
  call.lanes.for_each([&](std::uint32_t l) {
    const std::uint32_t bits = ballot_bits(call.args[0], l, below);
    const std::uint32_t found = bits == 0 ? ~0u
                                : kLsb    ? static_cast<std::uint32_t>(std::countr_zero(bits))
                                          : 31u - static_cast<std::uint32_t>(std::countl_zero(bits));
    call.result.set<std::uint32_t>(l, 0, found);
  });
}

// The masks of a work-item's sub-group local id: eq the bit of its own id; ge and gt from it (or
// the next) up to the maximum sub-group size; le and lt up to it (or the one before).
enum class Mask : std::uint8_t { Eq, Ge, Gt, Le, Lt };

template <Mask kMask>
void sub_group_mask(const BuiltinCall& call) {
  const std::uint32_t max = max_size(*call.context);
  const std::uint32_t below_max = max >= 32 ? ~0u : (1u << max) - 1;
  call.lanes.for_each([&](std::uint32_t l) {
    const std::uint32_t id = local_id_of(l);
    const std::uint32_t eq = 1u << id;
    const std::uint32_t lt = eq - 1;
    std::uint32_t bits = 0;
    switch (kMask) {
      case Mask::Eq: bits = eq; break;
      case Mask::Ge: bits = ~lt & below_max; break;
      case Mask::Gt: bits = ~(lt | eq) & below_max; break;
      case Mask::Le: bits = lt | eq; break;
      case Mask::Lt: bits = lt; break;
    }
    set_ballot(call, l, bits);
  });
}

// sub_group_non_uniform_broadcast(value, index): the value of the active work-item of sub-group
// local id `index`; where that work-item is inactive or there is none, the result is undefined
// and each lane keeps its own value.
template <class T>
void non_uniform_broadcast(const BuiltinCall& call) {
  const unsigned width = call.args[0].width;
  for_each_run(call.lanes, [&](const Lanes& run) {
    const bool same = same_for_all<std::uint32_t>(call, 1, run);
    undefined_unless(same, call, run, "sub_group_non_uniform_broadcast");
    std::uint32_t source = 0;
    if (same && active_lane(run, call.args[1].get<std::uint32_t>(run.ids[0]), source))
      copy_from<T>(call, run, source, width);
    else
      keep_own<T>(call, run, width);
  });
}

template <class T>
void broadcast_first(const BuiltinCall& call) {
  for_each_run(call.lanes, [&](const Lanes& run) { copy_from<T>(call, run, run.ids[0], 1); });
}

template <class T> struct NonUniformBroadcast { static constexpr BuiltinFn fn = &non_uniform_broadcast<T>; };
template <class T> struct BroadcastFirst { static constexpr BuiltinFn fn = &broadcast_first<T>; };

bool is_uint4(const ParamType& p) { return !p.pointer && p.scalar == Scalar::UInt && p.width == 4; }

BuiltinFn resolve_non_uniform_broadcast(const Signature& s) {
  if (s.params.size() != 2 || s.params[0].pointer || s.params[1].scalar != Scalar::UInt ||
      s.params[1].width != 1)
    return nullptr;
  return by_scalar<NonUniformBroadcast>(s.params[0].scalar, Types::Scalars);
}

BuiltinFn resolve_broadcast_first(const Signature& s) {
  if (s.params.size() != 1 || s.params[0].pointer || s.params[0].width != 1) return nullptr;
  return by_scalar<BroadcastFirst>(s.params[0].scalar, Types::Scalars);
}

BuiltinFn resolve_ballot(const Signature& s) {
  return s.params.size() == 1 && s.params[0].scalar == Scalar::Int && s.params[0].width == 1
             ? &ballot
             : nullptr;
}

// The functions of one uint4 ballot (and, for bit_extract, a uint index).
template <BuiltinFn kFn, std::size_t kParams>
BuiltinFn resolve_of_ballot(const Signature& s) {
  if (s.params.size() != kParams || !is_uint4(s.params[0])) return nullptr;
  if (kParams == 2 && (s.params[1].scalar != Scalar::UInt || s.params[1].width != 1)) return nullptr;
  return kFn;
}

template <BuiltinFn kFn>
BuiltinFn resolve_mask(const Signature& s) {
  return s.params.empty() && s.result_width == 4 ? kFn : nullptr;
}

}  // namespace

void register_sub_group_ballot_builtins(BuiltinRegistry& r) {
  r.add("sub_group_ballot", resolve_ballot);
  r.add("sub_group_inverse_ballot", resolve_of_ballot<&inverse_ballot, 1>);
  r.add("sub_group_ballot_bit_extract", resolve_of_ballot<&ballot_bit_extract, 2>);
  r.add("sub_group_ballot_bit_count", resolve_of_ballot<&ballot_bit_count, 1>);
  r.add("sub_group_ballot_inclusive_scan", resolve_of_ballot<&ballot_scan<true>, 1>);
  r.add("sub_group_ballot_exclusive_scan", resolve_of_ballot<&ballot_scan<false>, 1>);
  r.add("sub_group_ballot_find_lsb", resolve_of_ballot<&ballot_find<true>, 1>);
  r.add("sub_group_ballot_find_msb", resolve_of_ballot<&ballot_find<false>, 1>);
  r.add("get_sub_group_eq_mask", resolve_mask<&sub_group_mask<Mask::Eq>>);
  r.add("get_sub_group_ge_mask", resolve_mask<&sub_group_mask<Mask::Ge>>);
  r.add("get_sub_group_gt_mask", resolve_mask<&sub_group_mask<Mask::Gt>>);
  r.add("get_sub_group_le_mask", resolve_mask<&sub_group_mask<Mask::Le>>);
  r.add("get_sub_group_lt_mask", resolve_mask<&sub_group_mask<Mask::Lt>>);
  r.add("sub_group_non_uniform_broadcast", resolve_non_uniform_broadcast);
  r.add("sub_group_broadcast_first", resolve_broadcast_first);
}

}  // namespace clvet::interp
