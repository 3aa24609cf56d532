// The sub-group functions that need not be reached by the whole sub-group and compute over its
// active work-items (OpenCL Extension Specification, "Extended Sub-group Functions"): votes and
// elections (cl_khr_subgroup_non_uniform_vote), the non-uniform reductions and scans of add,
// mul, min, max, and, or, xor and the logical and, or and xor
// (cl_khr_subgroup_non_uniform_arithmetic), and the clustered reductions
// (cl_khr_subgroup_clustered_reduce). The active work-items of a sub-group are the call's lanes
// in it; none of these is divergence.
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "sub_group_lanes.h"
#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

using namespace sub_groups;

// sub_group_elect: true for "the active work item in the sub-group with the smallest sub-group
// local ID".
void elect(const BuiltinCall& call) {
  for_each_run(call.lanes, [&](const Lanes& run) {
    run.for_each([&](std::uint32_t l) { call.result.set<std::int32_t>(l, 0, l == run.ids[0]); });
  });
}

template <bool kAll>
void non_uniform_all_or_any(const BuiltinCall& call) {
  for_each_run(call.lanes, [&](const Lanes& run) {
    bool result = kAll;
    run.for_each([&](std::uint32_t l) {
      const bool v = call.args[0].get<std::int32_t>(l) != 0;
      result = kAll ? result && v : result || v;
    });
    run.for_each([&](std::uint32_t l) { call.result.set<std::int32_t>(l, 0, result); });
    from_whole_run(call, run);
  });
}

// "Integer types use a bitwise test for equality. Floating-point types use an ordered
// floating-point test for equality" (a NaN equals nothing).
template <class T>
void all_equal(const BuiltinCall& call) {
  for_each_run(call.lanes, [&](const Lanes& run) {
    const T first = call.args[0].get<T>(run.ids[0]);
    bool equal = true;
    run.for_each([&](std::uint32_t l) { equal = equal && call.args[0].get<T>(l) == first; });
    run.for_each([&](std::uint32_t l) { call.result.set<std::int32_t>(l, 0, equal); });
    from_whole_run(call, run);
  });
}

template <class T, Op kOp, Form kForm>
void non_uniform(const BuiltinCall& call) {
  for_each_run(call.lanes, [&](const Lanes& run) { reduce_or_scan<T>(call, run, kOp, kForm); });
}

// The cluster size must be "an integer constant expression ... a power-of-two" no greater than
// the maximum sub-group size, or the behaviour is undefined: the engine hears that the argument
// breaks the function's rule (the checker words the finding by the function), and each lane
// keeps its own value.
template <class T, Op kOp>
void clustered(const BuiltinCall& call) {
  const std::uint32_t max = max_size(*call.context);
  for_each_run(call.lanes, [&](const Lanes& run) {
    const std::uint32_t n = call.args[1].get<std::uint32_t>(run.ids[0]);
    if (!same_for_all<std::uint32_t>(call, 1, run) || !std::has_single_bit(n) || n > max) {
      call.context->sub_group_function(
          run, run.count, std::string("sub_group_clustered_reduce_") + std::string(op_name(kOp)),
          false);
      keep_own<T>(call, run, 1);
      return;
    }
    // The active lanes of each cluster are consecutive in the run.
    for (std::uint32_t i = 0; i < run.count;) {
      const std::uint32_t cluster = local_id_of(run.ids[i]) / n;
      std::uint32_t j = i + 1;
      while (j < run.count && local_id_of(run.ids[j]) / n == cluster) ++j;
      reduce_or_scan<T>(call, Lanes{run.ids + i, j - i}, kOp, Form::Reduce);
      i = j;
    }
  });
}

template <class T> struct AllEqual { static constexpr BuiltinFn fn = &all_equal<T>; };

// The types of an operator's gentype: every scalar for add, mul, min and max; the integers for
// the bitwise ones; int for the logical ones.
Types types_of(Op op) {
  return op == Op::And || op == Op::Or || op == Op::Xor ? Types::Integers : Types::Scalars;
}
bool logical(Op op) { return op == Op::LogicalAnd || op == Op::LogicalOr || op == Op::LogicalXor; }

template <Op kOp, Form kForm>
struct NonUniform {
  template <class T> struct Fn { static constexpr BuiltinFn fn = &non_uniform<T, kOp, kForm>; };
  static BuiltinFn resolve(const Signature& s) {
    if (s.params.size() != 1 || s.params[0].pointer || s.params[0].width != 1) return nullptr;
    if (logical(kOp)) return s.params[0].scalar == Scalar::Int ? Fn<std::int32_t>::fn : nullptr;
    return by_scalar<Fn>(s.params[0].scalar, types_of(kOp));
  }
};

template <Op kOp>
struct Clustered {
  template <class T> struct Fn { static constexpr BuiltinFn fn = &clustered<T, kOp>; };
  static BuiltinFn resolve(const Signature& s) {
    if (s.params.size() != 2 || s.params[0].pointer || s.params[0].width != 1 ||
        s.params[1].scalar != Scalar::UInt)
      return nullptr;
    if (logical(kOp)) return s.params[0].scalar == Scalar::Int ? Fn<std::int32_t>::fn : nullptr;
    return by_scalar<Fn>(s.params[0].scalar, types_of(kOp));
  }
};

BuiltinFn resolve_elect(const Signature& s) { return s.params.empty() ? &elect : nullptr; }
template <bool kAll>
BuiltinFn resolve_vote(const Signature& s) {
  return s.params.size() == 1 && s.params[0].scalar == Scalar::Int && s.params[0].width == 1
             ? &non_uniform_all_or_any<kAll>
             : nullptr;
}
BuiltinFn resolve_all_equal(const Signature& s) {
  if (s.params.size() != 1 || s.params[0].pointer || s.params[0].width != 1) return nullptr;
  return by_scalar<AllEqual>(s.params[0].scalar, Types::Scalars);
}

template <Op kOp>
void add_operator(BuiltinRegistry& r) {
  const std::string op(op_name(kOp));
  r.add("sub_group_non_uniform_reduce_" + op, NonUniform<kOp, Form::Reduce>::resolve);
  r.add("sub_group_non_uniform_scan_inclusive_" + op, NonUniform<kOp, Form::Inclusive>::resolve);
  r.add("sub_group_non_uniform_scan_exclusive_" + op, NonUniform<kOp, Form::Exclusive>::resolve);
  r.add("sub_group_clustered_reduce_" + op, Clustered<kOp>::resolve);
}

}  // namespace

void register_sub_group_non_uniform_builtins(BuiltinRegistry& r) {
  r.add("sub_group_elect", resolve_elect);
  r.add("sub_group_non_uniform_all", resolve_vote<true>);
  r.add("sub_group_non_uniform_any", resolve_vote<false>);
  r.add("sub_group_non_uniform_all_equal", resolve_all_equal);
  add_operator<Op::Add>(r);
  add_operator<Op::Mul>(r);
  add_operator<Op::Min>(r);
  add_operator<Op::Max>(r);
  add_operator<Op::And>(r);
  add_operator<Op::Or>(r);
  add_operator<Op::Xor>(r);
  add_operator<Op::LogicalAnd>(r);
  add_operator<Op::LogicalOr>(r);
  add_operator<Op::LogicalXor>(r);
}

}  // namespace clvet::interp
