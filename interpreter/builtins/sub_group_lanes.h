// How the sub-group built-ins (cl_khr_subgroups and the cl_khr_subgroup_* extensions) see a
// work-group's lanes, and the scalar types and operators their families share. A lane's id is
// its linear local id; sub-groups are kSubGroupSize lanes in that order, the last one possibly
// smaller. One call of a sub-group built-in carries every lane of the work-group that reached
// it, so it is taken apart here into runs of one sub-group each: a run is exactly the work-items
// of its sub-group that are active at the call (the extensions' "active work items").
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

#include "clvet/interp/builtin_abi.h"
#include "half_arithmetic.h"

namespace clvet::interp::sub_groups {

inline std::uint32_t id_of(std::uint32_t lane) { return lane / kSubGroupSize; }
inline std::uint32_t local_id_of(std::uint32_t lane) { return lane % kSubGroupSize; }

// Work-items of sub-group `sg` in a work-group of `lanes` work-items.
inline std::uint32_t size_of(std::uint32_t sg, std::uint32_t lanes) {
  const std::uint32_t first = sg * kSubGroupSize;
  return first >= lanes ? 0 : std::min(kSubGroupSize, lanes - first);
}

// The work-items of a work-group of the launch's enqueued local size.
inline std::uint32_t enqueued_lanes(const BuiltinContext& context) {
  const NDRangeGeometry& g = context.geometry();
  std::uint64_t n = 1;
  for (unsigned d = 0; d < 3; ++d) n *= g.enqueued_local_size[d];
  return static_cast<std::uint32_t>(n);
}

// get_max_sub_group_size: "the maximum size of a sub-group within the dispatch" (3.0 §6.15.19).
inline std::uint32_t max_size(const BuiltinContext& context) {
  return std::min(kSubGroupSize, enqueued_lanes(context));
}

// Calls `f(run)` for each run of the call's lanes that belong to one sub-group (the lanes are in
// increasing order, so each sub-group's are together).
template <class F>
void for_each_run(const Lanes& lanes, F&& f) {
  for (std::uint32_t i = 0; i < lanes.count;) {
    const std::uint32_t sg = id_of(lanes.ids[i]);
    std::uint32_t j = i + 1;
    while (j < lanes.count && id_of(lanes.ids[j]) == sg) ++j;
    f(Lanes{lanes.ids + i, j - i});
    i = j;
  }
}

// The sub-group local ids of a run's lanes, one bit each.
inline std::uint32_t active_mask(const Lanes& run) {
  std::uint32_t mask = 0;
  run.for_each([&](std::uint32_t l) { mask |= 1u << local_id_of(l); });
  return mask;
}

// The lane of sub-group local id `index` in `run`'s sub-group when it is active there.
inline bool active_lane(const Lanes& run, std::uint32_t index, std::uint32_t& lane) {
  if (index >= kSubGroupSize || !(active_mask(run) >> index & 1)) return false;
  lane = id_of(run.ids[0]) * kSubGroupSize + index;
  return true;
}

// Whether argument `arg` (of `components` elements of T) is the same for every lane of `run`.
template <class T>
bool same_for_all(const BuiltinCall& call, std::uint32_t arg, const Lanes& run,
                  unsigned components = 1) {
  const Operand& a = call.args[arg];
  for (std::uint32_t k = 1; k < run.count; ++k)
    for (unsigned c = 0; c < components; ++c)
      if (a.get<T>(run.ids[k], c) != a.get<T>(run.ids[0], c)) return false;
  return true;
}

// Every lane of `run` gets argument 0 of lane `source` (its `width` components).
template <class T>
void copy_from(const BuiltinCall& call, const Lanes& run, std::uint32_t source, unsigned width) {
  run.for_each([&](std::uint32_t l) {
    for (unsigned c = 0; c < width; ++c) call.result.set<T>(l, c, call.args[0].get<T>(source, c));
    call.context->result_from(l, source);
  });
}

// Every lane of `run` computes its result from argument 0 of all of `run` (a vote, a ballot).
inline void from_whole_run(const BuiltinCall& call, const Lanes& run) {
  run.for_each([&](std::uint32_t l) { call.context->result_from_all(l, run); });
}

// Each lane keeps its own argument 0: what a function whose result OpenCL C leaves undefined
// returns here.
template <class T>
void keep_own(const BuiltinCall& call, const Lanes& run, unsigned width) {
  run.for_each([&](std::uint32_t l) {
    for (unsigned c = 0; c < width; ++c) call.result.set<T>(l, c, call.args[0].get<T>(l, c));
  });
}

// The scan and reduction operators: add, min and max (cl_khr_subgroups), mul and the bitwise
// and logical ones (cl_khr_subgroup_non_uniform_arithmetic, cl_khr_subgroup_clustered_reduce).
enum class Op : std::uint8_t { Add, Mul, Min, Max, And, Or, Xor, LogicalAnd, LogicalOr, LogicalXor };

inline constexpr std::string_view op_name(Op op) {
  constexpr std::string_view kNames[] = {"add", "mul", "min", "max", "and",
                                         "or",  "xor", "logical_and", "logical_or", "logical_xor"};
  return kNames[static_cast<int>(op)];
}

// half (kept as HalfFloat: computed in float, rounded once), float and double.
template <class T>
inline constexpr bool kFloating = std::is_floating_point_v<T> || std::is_same_v<T, HalfFloat>;

template <class T>
T combine(Op op, T a, T b) {
  if constexpr (kFloating<T>) {
    switch (op) {
      case Op::Mul: return T(a * b);
      case Op::Min: return T(std::fmin(a, b));
      case Op::Max: return T(std::fmax(a, b));
      default: return T(a + b);
    }
  } else {
    using U = std::make_unsigned_t<T>;
    switch (op) {
      // Add and mul wrap, as the devices' two's complement arithmetic does (in 64 bits first, so
      // that a char or short product is not promoted to an int that overflows).
      case Op::Add: return T(U(a) + U(b));
      case Op::Mul: return T(static_cast<std::uint64_t>(U(a)) * static_cast<std::uint64_t>(U(b)));
      case Op::Min: return std::min(a, b);
      case Op::Max: return std::max(a, b);
      case Op::And: return T(a & b);
      case Op::Or: return T(a | b);
      case Op::Xor: return T(a ^ b);
      case Op::LogicalAnd: return T(a != 0 && b != 0);
      case Op::LogicalOr: return T(a != 0 || b != 0);
      case Op::LogicalXor: return T((a != 0) != (b != 0));
    }
    return a;
  }
}

// An exclusive scan's value where no work-item comes before: 0 for add, or, xor and the logical
// or and xor; 1 for mul; all bits set for and, true for logical and; the type's largest value for
// min and smallest for max, +INF and -INF for the floating-point types.
template <class T>
T identity(Op op) {
  switch (op) {
    case Op::Mul: return T(1);
    case Op::LogicalAnd: return T(1);
    case Op::Min:
      if constexpr (kFloating<T>) return T(std::numeric_limits<float>::infinity());
      else return std::numeric_limits<T>::max();
    case Op::Max:
      if constexpr (kFloating<T>) return T(-std::numeric_limits<float>::infinity());
      else return std::numeric_limits<T>::lowest();
    case Op::And:
      if constexpr (kFloating<T>) return T(0);
      else return T(~std::make_unsigned_t<T>(0));
    default: return T(0);
  }
}

// The result of `op` over `run`'s argument 0 as a reduction (every lane the total), an inclusive
// or an exclusive scan, in sub-group local id order.
enum class Form : std::uint8_t { Reduce, Inclusive, Exclusive };

template <class T>
void reduce_or_scan(const BuiltinCall& call, const Lanes& run, Op op, Form form) {
  const Operand& x = call.args[0];
  if (form == Form::Reduce) {
    T total = x.get<T>(run.ids[0]);
    for (std::uint32_t k = 1; k < run.count; ++k) total = combine(op, total, x.get<T>(run.ids[k]));
    run.for_each([&](std::uint32_t l) { call.result.set<T>(l, 0, total); });
    from_whole_run(call, run);
    return;
  }
  T running = identity<T>(op);
  for (std::uint32_t k = 0; k < run.count; ++k) {
    const std::uint32_t l = run.ids[k];
    const T value = x.get<T>(l);
    const T next = k == 0 ? value : combine(op, running, value);
    call.result.set<T>(l, 0, form == Form::Inclusive ? next : running);
    call.context->result_from_all(l, Lanes{run.ids, form == Form::Inclusive ? k + 1 : k});
    running = next;
  }
}

// The scalar types a family takes: `Fn<T>::fn` for the parameter's type, or nullptr.
enum class Types : std::uint8_t {
  Core,     // int, uint, long, ulong, half, float, double (cl_khr_subgroups)
  Scalars,  // and char, uchar, short, ushort (the extensions' gentype)
  Integers  // char to ulong (the bitwise operators)
};

template <template <class> class Fn>
BuiltinFn by_scalar(Scalar s, Types types) {
  const bool small = types != Types::Core;
  const bool floats = types != Types::Integers;
  switch (s) {
    case Scalar::Char: return small ? Fn<std::int8_t>::fn : nullptr;
    case Scalar::UChar: return small ? Fn<std::uint8_t>::fn : nullptr;
    case Scalar::Short: return small ? Fn<std::int16_t>::fn : nullptr;
    case Scalar::UShort: return small ? Fn<std::uint16_t>::fn : nullptr;
    case Scalar::Int: return Fn<std::int32_t>::fn;
    case Scalar::UInt: return Fn<std::uint32_t>::fn;
    case Scalar::Long: return Fn<std::int64_t>::fn;
    case Scalar::ULong: return Fn<std::uint64_t>::fn;
    case Scalar::Half: return floats ? Fn<HalfFloat>::fn : nullptr;
    case Scalar::Float: return floats ? Fn<float>::fn : nullptr;
    case Scalar::Double: return floats ? Fn<double>::fn : nullptr;
    default: return nullptr;
  }
}

// A ballot: bit i of component i / 32 stands for sub-group local id i (a uint4; the reference
// device's sub-groups use the first component only).
inline std::uint32_t ballot_bits(const Operand& value, std::uint32_t lane, std::uint32_t below) {
  const std::uint32_t bits = value.get<std::uint32_t>(lane, 0);
  return below >= 32 ? bits : bits & ((1u << below) - 1);
}

}  // namespace clvet::interp::sub_groups

namespace clvet::interp {

// The families of the cl_khr_subgroup_* extensions (registry.cpp registers them with the
// others).
void register_sub_group_ballot_builtins(BuiltinRegistry&);  // cl_khr_subgroup_ballot
void register_sub_group_shuffle_builtins(BuiltinRegistry&);  // shuffle, shuffle_relative
// cl_khr_subgroup_non_uniform_vote, _non_uniform_arithmetic and _clustered_reduce
void register_sub_group_non_uniform_builtins(BuiltinRegistry&);

}  // namespace clvet::interp
