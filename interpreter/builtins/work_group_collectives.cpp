// The work-group collective functions (OpenCL C 2.0 §6.13.15, 3.0 §6.15.16): work_group_all,
// work_group_any, work_group_broadcast, work_group_reduce_<op> and work_group_scan_{inclusive,
// exclusive}_<op> for add, min and max. The lanes of a work-group run them together in
// lockstep, so one call sees every work-item that reached it: the result is computed once over
// them, in linear local id order (a lane's id is its linear local id), and the engine hears who
// reached the call and whether broadcast's local id was the same for all.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>
#include <vector>

#include "clvet/interp/builtin_abi.h"
#include "half_arithmetic.h"

namespace clvet::interp {
namespace {

enum class Op : std::uint8_t { Add, Min, Max };
enum class Form : std::uint8_t { Reduce, Inclusive, Exclusive };

// A half (cl_khr_fp16) is combined in float and rounded to half at each step.
template <class T>
inline constexpr bool kFloating = std::is_floating_point_v<T> || std::is_same_v<T, HalfFloat>;

template <class T>
T combine(Op op, T a, T b) {
  if constexpr (kFloating<T>) {
    if (op == Op::Min) return std::fmin(a, b);
    if (op == Op::Max) return std::fmax(a, b);
    return a + b;
  } else {
    using U = std::make_unsigned_t<T>;
    if (op == Op::Min) return std::min(a, b);
    if (op == Op::Max) return std::max(a, b);
    return T(U(a) + U(b));  // wraps as the devices' two's complement arithmetic does
  }
}

// The identity of an exclusive scan's first work-item (§6.13.15): 0 for add, the largest value
// of the type for min and the smallest for max, +INF and -INF for the floating-point types.
template <class T>
T identity(Op op) {
  if (op == Op::Add) return T(0);
  if constexpr (kFloating<T>)
    return T(op == Op::Min ? std::numeric_limits<float>::infinity()
                           : -std::numeric_limits<float>::infinity());
  else
    return op == Op::Min ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
}

// The function's name, for findings.
constexpr std::string_view name_of(Op op, Form form) {
  constexpr std::string_view kNames[3][3] = {
      {"work_group_reduce_add", "work_group_scan_inclusive_add", "work_group_scan_exclusive_add"},
      {"work_group_reduce_min", "work_group_scan_inclusive_min", "work_group_scan_exclusive_min"},
      {"work_group_reduce_max", "work_group_scan_inclusive_max", "work_group_scan_exclusive_max"}};
  return kNames[static_cast<int>(op)][static_cast<int>(form)];
}

template <class T, Op kOp, Form kForm>
void reduce_or_scan(const BuiltinCall& call) {
  const Lanes& lanes = call.lanes;
  if (lanes.count == 0) return;
  call.context->group_function(lanes, name_of(kOp, kForm), true, true);
  const Operand& x = call.args[0];
  if constexpr (kForm == Form::Reduce) {
    T total = x.get<T>(lanes.ids[0]);
    for (std::uint32_t k = 1; k < lanes.count; ++k) total = combine(kOp, total, x.get<T>(lanes.ids[k]));
    lanes.for_each([&](std::uint32_t l) {
      call.result.set<T>(l, 0, total);
      call.context->result_from_all(l, lanes);
    });
    return;
  }
  // In place is safe: lane l's x is read before its result is written, and later lanes' x are
  // at other places (a result register is never the operand's).
  T running = identity<T>(kOp);
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    const std::uint32_t l = lanes.ids[k];
    const T value = x.get<T>(l);
    const T next = combine(kOp, running, value);
    call.result.set<T>(l, 0, kForm == Form::Inclusive ? next : running);
    call.context->result_from_all(l, Lanes{lanes.ids, kForm == Form::Inclusive ? k + 1 : k});
    running = next;
  }
}

// work_group_all / work_group_any (int predicate): 1 when every (any) work-item's predicate is
// non-zero, else 0.
template <bool kAll>
void vote(const BuiltinCall& call) {
  const Lanes& lanes = call.lanes;
  if (lanes.count == 0) return;
  call.context->group_function(lanes, kAll ? "work_group_all" : "work_group_any", true, true);
  bool answer = kAll;
  lanes.for_each([&](std::uint32_t l) {
    const bool p = call.args[0].get<std::int32_t>(l) != 0;
    answer = kAll ? answer && p : answer || p;
  });
  lanes.for_each([&](std::uint32_t l) {
    call.result.set<std::int32_t>(l, 0, answer ? 1 : 0);
    call.context->result_from_all(l, lanes);
  });
}

// A size_t argument: 8 bytes on spir64, 4 on spir.
std::uint64_t size_argument(const Operand& op, std::uint32_t lane) {
  if (scalar_size(op.scalar) == 4) return op.get<std::uint32_t>(lane);
  return op.get<std::uint64_t>(lane);
}

// work_group_broadcast(x, local_id...) with 1, 2 or 3 ids: the value of x of the work-item with
// those local ids. The ids must be the same for every work-item and name a work-item of the
// group; where they do not, the result is x of the first lane's choice if it reached the call,
// else 0.
template <class T, unsigned kDims>
void broadcast(const BuiltinCall& call) {
  const Lanes& lanes = call.lanes;
  if (lanes.count == 0) return;
  const NDRangeGeometry& g = call.context->geometry();
  const std::uint32_t first = lanes.ids[0];
  std::uint64_t id[3] = {0, 0, 0};
  for (unsigned d = 0; d < kDims; ++d) id[d] = size_argument(call.args[1 + d], first);
  bool uniform = true;
  for (std::uint32_t k = 1; k < lanes.count && uniform; ++k)
    for (unsigned d = 0; d < kDims; ++d)
      uniform = uniform && size_argument(call.args[1 + d], lanes.ids[k]) == id[d];
  bool in_range = true;
  for (unsigned d = 0; d < kDims; ++d) in_range = in_range && id[d] < g.local_size[d];
  call.context->group_function(lanes, "work_group_broadcast", uniform, in_range);
  T value{};
  bool found = false;
  std::uint32_t source = 0;
  if (in_range) {
    source = std::uint32_t(id[0] + g.local_size[0] * (id[1] + g.local_size[1] * id[2]));
    found = std::binary_search(lanes.ids, lanes.ids + lanes.count, source);
    if (found) value = call.args[0].get<T>(source);
  }
  lanes.for_each([&](std::uint32_t l) {
    call.result.set<T>(l, 0, value);
    if (found) call.context->result_from(l, source);
    else call.context->result_from_all(l, Lanes{});  // the 0 no work-item gave
  });
}

template <class F>
BuiltinFn by_type(Scalar s, F pick) {
  switch (s) {
    case Scalar::Int: return pick(std::int32_t{});
    case Scalar::UInt: return pick(std::uint32_t{});
    case Scalar::Long: return pick(std::int64_t{});
    case Scalar::ULong: return pick(std::uint64_t{});
    case Scalar::Half: return pick(HalfFloat{});
    case Scalar::Float: return pick(float{});
    case Scalar::Double: return pick(double{});
    default: return nullptr;
  }
}

bool scalar_argument(const Signature& s) {
  return !s.params.empty() && !s.params[0].pointer && s.params[0].width == 1 &&
         s.result_width == 1 && s.result_element_size == scalar_size(s.params[0].scalar);
}

template <Op kOp, Form kForm>
BuiltinFn resolve_reduce_or_scan(const Signature& s) {
  if (s.params.size() != 1 || !scalar_argument(s)) return nullptr;
  return by_type(s.params[0].scalar,
                 [](auto tag) -> BuiltinFn { return &reduce_or_scan<decltype(tag), kOp, kForm>; });
}

template <bool kAll>
BuiltinFn resolve_vote(const Signature& s) {
  if (s.params.size() != 1 || s.params[0].scalar != Scalar::Int || !scalar_argument(s))
    return nullptr;
  return &vote<kAll>;
}

BuiltinFn resolve_broadcast(const Signature& s) {
  if (s.params.size() < 2 || s.params.size() > 4 || !scalar_argument(s)) return nullptr;
  for (std::size_t i = 1; i < s.params.size(); ++i)
    if (s.params[i].pointer || (s.params[i].scalar != Scalar::ULong && s.params[i].scalar != Scalar::UInt))
      return nullptr;
  const std::size_t dims = s.params.size() - 1;
  return by_type(s.params[0].scalar, [dims](auto tag) -> BuiltinFn {
    using T = decltype(tag);
    if (dims == 1) return &broadcast<T, 1>;
    if (dims == 2) return &broadcast<T, 2>;
    return &broadcast<T, 3>;
  });
}

template <Op kOp>
void add_op(BuiltinRegistry& r, std::string_view op) {
  const std::string suffix(op);
  r.add("work_group_reduce_" + suffix, resolve_reduce_or_scan<kOp, Form::Reduce>);
  r.add("work_group_scan_inclusive_" + suffix, resolve_reduce_or_scan<kOp, Form::Inclusive>);
  r.add("work_group_scan_exclusive_" + suffix, resolve_reduce_or_scan<kOp, Form::Exclusive>);
}

}  // namespace

void register_work_group_builtins(BuiltinRegistry& r) {
  r.add("work_group_all", resolve_vote<true>);
  r.add("work_group_any", resolve_vote<false>);
  r.add("work_group_broadcast", resolve_broadcast);
  add_op<Op::Add>(r, "add");
  add_op<Op::Min>(r, "min");
  add_op<Op::Max>(r, "max");
}

}  // namespace clvet::interp
