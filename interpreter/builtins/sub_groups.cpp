// The sub-group functions (cl_khr_subgroups, OpenCL C 3.0 §6.15.19 with __opencl_c_subgroups):
// the sub-group's geometry, sub_group_barrier, and the collectives all, any, broadcast, reduce
// and scan. A work-group's work-items are split in linear local id order into sub-groups of
// kSubGroupSize (the last may be smaller); the lanes of a work-group run in lockstep, so one call
// sees every work-item of every sub-group that reached it and computes each sub-group's result
// over its own lanes, in sub-group local id order.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

std::uint32_t sub_group_of(std::uint32_t lane) { return lane / kSubGroupSize; }

// The work-items of the work-group (its own size: a non-uniform last group is smaller).
std::uint32_t group_lanes(const BuiltinContext& context) { return context.lane_count(); }

// Lanes of sub-group `sg` in a group of `lanes` work-items.
std::uint32_t sub_group_size(std::uint32_t sg, std::uint32_t lanes) {
  const std::uint32_t first = sg * kSubGroupSize;
  return first >= lanes ? 0 : std::min(kSubGroupSize, lanes - first);
}

// The sub-groups of a work-group enqueued with the launch's enqueued local size.
std::uint32_t enqueued_lanes(const BuiltinContext& context) {
  const NDRangeGeometry& g = context.geometry();
  std::uint64_t n = 1;
  for (unsigned d = 0; d < 3; ++d) n *= g.enqueued_local_size[d];
  return static_cast<std::uint32_t>(n);
}

void get_sub_group_size(const BuiltinCall& call) {
  const std::uint32_t lanes = group_lanes(*call.context);
  call.lanes.for_each(
      [&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, sub_group_size(sub_group_of(l), lanes)); });
}

// "the maximum size of a sub-group within the dispatch" (3.0 §6.15.19.1).
void get_max_sub_group_size(const BuiltinCall& call) {
  const std::uint32_t size = std::min(kSubGroupSize, enqueued_lanes(*call.context));
  call.lanes.for_each([&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, size); });
}

void get_num_sub_groups(const BuiltinCall& call) {
  const std::uint32_t n = (group_lanes(*call.context) + kSubGroupSize - 1) / kSubGroupSize;
  call.lanes.for_each([&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, n); });
}

void get_enqueued_num_sub_groups(const BuiltinCall& call) {
  const std::uint32_t n = (enqueued_lanes(*call.context) + kSubGroupSize - 1) / kSubGroupSize;
  call.lanes.for_each([&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, n); });
}

void get_sub_group_id(const BuiltinCall& call) {
  call.lanes.for_each([&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, sub_group_of(l)); });
}

void get_sub_group_local_id(const BuiltinCall& call) {
  call.lanes.for_each(
      [&](std::uint32_t l) { call.result.set<std::uint32_t>(l, 0, l % kSubGroupSize); });
}

// Calls `f(first, count)` for each run of the call's lanes that belong to one sub-group (the
// lanes are in increasing order), after telling the engine which of the sub-group's work-items
// reached the call: a collective not reached by the whole sub-group is divergence.
template <class F>
void per_sub_group(const BuiltinCall& call, std::string_view function, F&& f) {
  const Lanes& lanes = call.lanes;
  const std::uint32_t total = group_lanes(*call.context);
  for (std::uint32_t i = 0; i < lanes.count;) {
    const std::uint32_t sg = sub_group_of(lanes.ids[i]);
    std::uint32_t j = i + 1;
    while (j < lanes.count && sub_group_of(lanes.ids[j]) == sg) ++j;
    const Lanes run{lanes.ids + i, j - i};
    const bool uniform = f(run);
    call.context->sub_group_function(run, sub_group_size(sg, total), function, uniform);
    i = j;
  }
}

// sub_group_barrier(flags[, scope]): the lanes already run together; who reached it is all
// there is to judge.
void sub_group_barrier(const BuiltinCall& call) {
  per_sub_group(call, "sub_group_barrier", [](const Lanes&) { return true; });
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
    return true;
  });
}

// sub_group_broadcast(x, sub_group_local_id): every lane gets the named lane's x; the id must be
// the same for all and name a work-item of the sub-group (else the result is undefined: the
// lanes keep their own x and the engine hears it was not uniform).
template <class T>
void broadcast(const BuiltinCall& call) {
  per_sub_group(call, "sub_group_broadcast", [&](const Lanes& run) {
    const std::uint32_t id = call.args[1].get<std::uint32_t>(run.ids[0]);
    bool uniform = true;
    run.for_each([&](std::uint32_t l) { uniform = uniform && call.args[1].get<std::uint32_t>(l) == id; });
    const std::uint32_t source = sub_group_of(run.ids[0]) * kSubGroupSize + id;
    bool reached = false;
    run.for_each([&](std::uint32_t l) { reached = reached || l == source; });
    if (!uniform || !reached) {
      run.for_each([&](std::uint32_t l) { call.result.set<T>(l, 0, call.args[0].get<T>(l)); });
      return false;
    }
    const T value = call.args[0].get<T>(source);
    run.for_each([&](std::uint32_t l) { call.result.set<T>(l, 0, value); });
    return true;
  });
}

enum class Op : std::uint8_t { Add, Min, Max };
enum class Form : std::uint8_t { Reduce, Inclusive, Exclusive };

template <class T>
T combine(Op op, T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (op == Op::Min) return std::fmin(a, b);
    if (op == Op::Max) return std::fmax(a, b);
    return a + b;
  } else {
    using U = std::make_unsigned_t<T>;
    if (op == Op::Min) return std::min(a, b);
    if (op == Op::Max) return std::max(a, b);
    return T(U(a) + U(b));  // wraps, as two's complement devices do
  }
}

// An exclusive scan's first value (3.0 §6.15.19): 0 for add, the type's largest value for min
// and smallest for max, +INF and -INF for floating-point types.
template <class T>
T identity(Op op) {
  if (op == Op::Add) return T(0);
  if constexpr (std::is_floating_point_v<T>)
    return op == Op::Min ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity();
  else
    return op == Op::Min ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
}

constexpr std::string_view name_of(Op op, Form form) {
  constexpr std::string_view kNames[3][3] = {
      {"sub_group_reduce_add", "sub_group_scan_inclusive_add", "sub_group_scan_exclusive_add"},
      {"sub_group_reduce_min", "sub_group_scan_inclusive_min", "sub_group_scan_exclusive_min"},
      {"sub_group_reduce_max", "sub_group_scan_inclusive_max", "sub_group_scan_exclusive_max"}};
  return kNames[static_cast<int>(op)][static_cast<int>(form)];
}

template <class T, Op kOp, Form kForm>
void reduce_or_scan(const BuiltinCall& call) {
  per_sub_group(call, name_of(kOp, kForm), [&](const Lanes& run) {
    if (kForm == Form::Reduce) {
      T total = call.args[0].get<T>(run.ids[0]);
      for (std::uint32_t k = 1; k < run.count; ++k)
        total = combine(kOp, total, call.args[0].get<T>(run.ids[k]));
      run.for_each([&](std::uint32_t l) { call.result.set<T>(l, 0, total); });
      return true;
    }
    T running = identity<T>(kOp);
    for (std::uint32_t k = 0; k < run.count; ++k) {
      const std::uint32_t l = run.ids[k];
      const T x = call.args[0].get<T>(l);
      if (kForm == Form::Exclusive) {
        call.result.set<T>(l, 0, running);
        running = combine(kOp, running, x);
      } else {
        running = k == 0 ? x : combine(kOp, running, x);
        call.result.set<T>(l, 0, running);
      }
    }
    return true;
  });
}

// The types the collectives take (3.0 §6.15.19: int, uint, long, ulong, float, double; half with
// cl_khr_fp16, which the device does not have).
template <template <class> class Fn>
BuiltinFn by_type(const Signature& s, std::size_t params) {
  if (s.params.size() != params || s.params[0].pointer || s.params[0].width != 1) return nullptr;
  switch (s.params[0].scalar) {
    case Scalar::Int: return Fn<std::int32_t>::fn;
    case Scalar::UInt: return Fn<std::uint32_t>::fn;
    case Scalar::Long: return Fn<std::int64_t>::fn;
    case Scalar::ULong: return Fn<std::uint64_t>::fn;
    case Scalar::Float: return Fn<float>::fn;
    case Scalar::Double: return Fn<double>::fn;
    default: return nullptr;
  }
}

template <class T> struct Broadcast { static constexpr BuiltinFn fn = &broadcast<T>; };

template <Op kOp, Form kForm>
struct Collective {
  template <class T> struct Of { static constexpr BuiltinFn fn = &reduce_or_scan<T, kOp, kForm>; };
  static BuiltinFn resolve(const Signature& s) { return by_type<Of>(s, 1); }
};

BuiltinFn resolve_broadcast(const Signature& s) {
  if (s.params.size() != 2 || s.params[1].scalar != Scalar::UInt) return nullptr;
  return by_type<Broadcast>(s, 2);
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
