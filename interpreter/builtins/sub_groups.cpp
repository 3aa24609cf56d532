// The sub-group functions (cl_khr_subgroups, OpenCL C 3.0 §6.15.19 with __opencl_c_subgroups):
// the sub-group's geometry, sub_group_barrier, and the collectives all, any, broadcast, reduce
// and scan, with the types cl_khr_subgroup_extended_types adds (char, uchar, short and ushort,
// and vectors for broadcast). These must be reached by every work-item of the sub-group: the
// engine hears which reached each call. A work-group's work-items are split in linear local id
// order into sub-groups of kSubGroupSize (sub_group_lanes.h); one call sees every work-item of
// every sub-group that reached it and computes each sub-group's result over its own lanes, in
// sub-group local id order.
#include <algorithm>
#include <cstdint>
#include <string_view>

#include "sub_group_lanes.h"
#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

using namespace sub_groups;

void get_sub_group_size(const BuiltinCall& call) {
  const std::uint32_t lanes = call.context->lane_count();
  call.lanes.for_each(
      [&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, size_of(id_of(l), lanes)); });
}

void get_max_sub_group_size(const BuiltinCall& call) {
  const std::uint32_t size = max_size(*call.context);
  call.lanes.for_each([&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, size); });
}

void get_num_sub_groups(const BuiltinCall& call) {
  const std::uint32_t n = (call.context->lane_count() + kSubGroupSize - 1) / kSubGroupSize;
  call.lanes.for_each([&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, n); });
}

void get_enqueued_num_sub_groups(const BuiltinCall& call) {
  const std::uint32_t n = (enqueued_lanes(*call.context) + kSubGroupSize - 1) / kSubGroupSize;
  call.lanes.for_each([&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, n); });
}

void get_sub_group_id(const BuiltinCall& call) {
  call.lanes.for_each([&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, id_of(l)); });
}

void get_sub_group_local_id(const BuiltinCall& call) {
  call.lanes.for_each([&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, local_id_of(l)); });
}

// Calls `f(run)` for each sub-group's lanes, then tells the engine which of the sub-group's
// work-items reached the call (a function not reached by the whole sub-group is divergence) and
// whether `f` found the arguments the same for all where they must be.
template <class F>
void per_sub_group(const BuiltinCall& call, std::string_view function, F&& f) {
  const std::uint32_t total = call.context->lane_count();
  for_each_run(call.lanes, [&](const Lanes& run) {
    const bool uniform = f(run);
    call.context->sub_group_function(run, size_of(id_of(run.ids[0]), total), function, uniform);
  });
}

// sub_group_barrier(flags[, scope]): the lanes already run together; who reached it is judged
// (divergence), and the memory order it gives its sub-group (the race checker's).
void sub_group_barrier(const BuiltinCall& call) {
  const std::uint32_t total = call.context->lane_count();
  per_sub_group(call, "sub_group_barrier", [&](const Lanes& run) {
    call.context->sub_group_barrier(run, size_of(id_of(run.ids[0]), total),
                                    call.args[0].get<std::uint32_t>(run.ids[0]));
    return true;
  });
}

template <bool kAll>
void all_or_any(const BuiltinCall& call) {
  per_sub_group(call, kAll ? "sub_group_all" : "sub_group_any", [&](const Lanes& run) {
    bool result = kAll;
    run.for_each([&](std::uint32_t l) {
      const bool v = call.args[0].get<std::int32_t>(l) != 0;
      result = kAll ? (result && v) : (result || v);
    });
    run.for_each([&](std::uint32_t l) { call.result.set<std::int32_t>(l, 0, result ? 1 : 0); });
    from_whole_run(call, run);
    return true;
  });
}

// sub_group_broadcast(x, sub_group_local_id): every lane gets the named lane's x (each of its
// components); the id must be the same for all and name a work-item of the sub-group (else the
// result is undefined: the lanes keep their own x and the engine hears of it).
template <class T>
void broadcast(const BuiltinCall& call) {
  const unsigned width = call.args[0].width;
  per_sub_group(call, "sub_group_broadcast", [&](const Lanes& run) {
    std::uint32_t source = 0;
    if (same_for_all<std::uint32_t>(call, 1, run) &&
        active_lane(run, call.args[1].get<std::uint32_t>(run.ids[0]), source)) {
      copy_from<T>(call, run, source, width);
      return true;
    }
    keep_own<T>(call, run, width);
    return false;
  });
}

constexpr std::string_view name_of(Op op, Form form) {
  constexpr std::string_view kNames[3][3] = {
      {"sub_group_reduce_add", "sub_group_scan_inclusive_add", "sub_group_scan_exclusive_add"},
      {"sub_group_reduce_min", "sub_group_scan_inclusive_min", "sub_group_scan_exclusive_min"},
      {"sub_group_reduce_max", "sub_group_scan_inclusive_max", "sub_group_scan_exclusive_max"}};
  const int row = op == Op::Add ? 0 : op == Op::Min ? 1 : 2;
  return kNames[row][static_cast<int>(form)];
}

template <class T, Op kOp, Form kForm>
void collective(const BuiltinCall& call) {
  per_sub_group(call, name_of(kOp, kForm), [&](const Lanes& run) {
    reduce_or_scan<T>(call, run, kOp, kForm);
    return true;
  });
}

template <class T> struct Broadcast { static constexpr BuiltinFn fn = &broadcast<T>; };

// int, uint, long, ulong, float and double, half with cl_khr_fp16 (3.0 §6.15.19), and char,
// uchar, short and ushort (cl_khr_subgroup_extended_types).
template <Op kOp, Form kForm>
struct Collective {
  template <class T> struct Of { static constexpr BuiltinFn fn = &collective<T, kOp, kForm>; };
  static BuiltinFn resolve(const Signature& s) {
    if (s.params.size() != 1 || s.params[0].pointer || s.params[0].width != 1) return nullptr;
    return by_scalar<Of>(s.params[0].scalar, Types::Scalars);
  }
};

// Scalars of every type, and vectors (cl_khr_subgroup_extended_types).
BuiltinFn resolve_broadcast(const Signature& s) {
  if (s.params.size() != 2 || s.params[0].pointer || s.params[1].scalar != Scalar::UInt ||
      s.params[1].width != 1)
    return nullptr;
  return by_scalar<Broadcast>(s.params[0].scalar, Types::Scalars);
}

template <BuiltinFn kFn>
BuiltinFn resolve_uint_query(const Signature& s) {
  return s.params.empty() && s.result_element_size == 4 ? kFn : nullptr;
}

BuiltinFn resolve_all(const Signature& s) {
  return s.params.size() == 1 && s.params[0].scalar == Scalar::Int ? &all_or_any<true> : nullptr;
}
BuiltinFn resolve_any(const Signature& s) {
  return s.params.size() == 1 && s.params[0].scalar == Scalar::Int ? &all_or_any<false> : nullptr;
}
BuiltinFn resolve_barrier(const Signature& s) {
  return s.params.size() == 1 || s.params.size() == 2 ? &sub_group_barrier : nullptr;
}

}  // namespace

void register_sub_group_builtins(BuiltinRegistry& r) {
  r.add("get_sub_group_size", resolve_uint_query<&get_sub_group_size>);
  r.add("get_max_sub_group_size", resolve_uint_query<&get_max_sub_group_size>);
  r.add("get_num_sub_groups", resolve_uint_query<&get_num_sub_groups>);
  r.add("get_enqueued_num_sub_groups", resolve_uint_query<&get_enqueued_num_sub_groups>);
  r.add("get_sub_group_id", resolve_uint_query<&get_sub_group_id>);
  r.add("get_sub_group_local_id", resolve_uint_query<&get_sub_group_local_id>);
  r.add("sub_group_barrier", resolve_barrier);
  r.add("sub_group_all", resolve_all);
  r.add("sub_group_any", resolve_any);
  r.add("sub_group_broadcast", resolve_broadcast);
  r.add("sub_group_reduce_add", Collective<Op::Add, Form::Reduce>::resolve);
  r.add("sub_group_reduce_min", Collective<Op::Min, Form::Reduce>::resolve);
  r.add("sub_group_reduce_max", Collective<Op::Max, Form::Reduce>::resolve);
  r.add("sub_group_scan_inclusive_add", Collective<Op::Add, Form::Inclusive>::resolve);
  r.add("sub_group_scan_inclusive_min", Collective<Op::Min, Form::Inclusive>::resolve);
  r.add("sub_group_scan_inclusive_max", Collective<Op::Max, Form::Inclusive>::resolve);
  r.add("sub_group_scan_exclusive_add", Collective<Op::Add, Form::Exclusive>::resolve);
  r.add("sub_group_scan_exclusive_min", Collective<Op::Min, Form::Exclusive>::resolve);
  r.add("sub_group_scan_exclusive_max", Collective<Op::Max, Form::Exclusive>::resolve);
}

}  // namespace clvet::interp
