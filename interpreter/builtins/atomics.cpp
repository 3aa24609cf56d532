// The atomic functions: OpenCL C 1.1/1.2 atomic_* (§6.12.11), the atom_* forms of the
// cl_khr_{global,local}_int32_{base,extended}_atomics and cl_khr_int64_{base,extended}_atomics
// extensions, and the C11-style functions of OpenCL C 2.0/3.0 (§6.13.11) with default and
// explicit memory order and scope.
//
// Work-groups run in parallel on host threads while the lanes of one group run one after another
// in lane order, which is one valid serialisation of the work-items' atomics: every operation is
// a host atomic on the object itself, sequentially consistent whatever order the kernel asks for
// (a stronger order is always allowed).
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string_view>
#include <type_traits>
#include <vector>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

enum class Op : std::uint8_t {
  // Read-modify-write operations returning the old value (1.x and fetch_*).
  Add,
  Sub,
  Xchg,
  Inc,
  Dec,
  Min,
  Max,
  And,
  Or,
  Xor,
  CmpXchg,  // 1.x: returns old, stores val when old == cmp
  Init,
  Store,
  Load,
  CompareExchange,  // C11: bool, writes the old value to *expected on failure
  TestAndSet,
  Clear,  // atomic_flag
  Fence,
};

// Which object types a function accepts, per the spec and its extensions.
enum class Family : std::uint8_t { Legacy, Atom, C11 };

template <Op kOp>
constexpr bool kReturnsValue = kOp <= Op::CmpXchg || kOp == Op::Load;

// The new value of a read-modify-write. Integer arithmetic wraps (OpenCL C's unsigned
// arithmetic; for signed types the two's complement result the devices produce).
template <class T, Op kOp>
T combine(T old, T operand) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    switch (kOp) {
      case Op::Add:
      case Op::Inc:
        return T(U(old) + U(operand));
      case Op::Sub:
      case Op::Dec:
        return T(U(old) - U(operand));
      case Op::Min:
        return operand < old ? operand : old;
      case Op::Max:
        return operand > old ? operand : old;
      case Op::And:
        return T(old & operand);
      case Op::Or:
        return T(old | operand);
      case Op::Xor:
        return T(old ^ operand);
      default:
        return operand;  // Xchg
    }
  } else {
    // cl_ext_float_atomics: fetch_min/max behave as fmin/fmax.
    switch (kOp) {
      case Op::Add:
        return old + operand;
      case Op::Sub:
        return old - operand;
      case Op::Min:
        return std::fmin(old, operand);
      case Op::Max:
        return std::fmax(old, operand);
      default:
        return operand;  // Xchg
    }
  }
}

// A misaligned atomic object cannot be a host atomic: such operations (which the checkers
// report through access()) are serialised among themselves instead.
std::mutex& misaligned_lock() {
  static std::mutex m;
  return m;
}

template <class T>
bool aligned(const T* p) {
  return reinterpret_cast<std::uintptr_t>(p) % std::atomic_ref<T>::required_alignment == 0;
}

template <class T, Op kOp>
T read_modify_write(T* p, T operand) {
  if (!aligned(p)) {
    std::lock_guard<std::mutex> hold(misaligned_lock());
    T old;
    std::memcpy(&old, p, sizeof(T));
    const T updated = combine<T, kOp>(old, operand);
    std::memcpy(p, &updated, sizeof(T));
    return old;
  }
  std::atomic_ref<T> object(*p);
  if constexpr (kOp == Op::Xchg) return object.exchange(operand);
  if constexpr (std::is_integral_v<T>) {
    if constexpr (kOp == Op::Add || kOp == Op::Inc) return object.fetch_add(operand);
    if constexpr (kOp == Op::Sub || kOp == Op::Dec) return object.fetch_sub(operand);
    if constexpr (kOp == Op::And) return object.fetch_and(operand);
    if constexpr (kOp == Op::Or) return object.fetch_or(operand);
    if constexpr (kOp == Op::Xor) return object.fetch_xor(operand);
  }
  T old = object.load();
  while (!object.compare_exchange_weak(old, combine<T, kOp>(old, operand))) {
  }
  return old;
}

// Compares and, when equal, replaces; returns the old value (== expected on success).
template <class T>
T compare_and_swap(T* p, T expected, T desired) {
  if (!aligned(p)) {
    std::lock_guard<std::mutex> hold(misaligned_lock());
    T old;
    std::memcpy(&old, p, sizeof(T));
    // C11 compares object representations (a float NaN can equal itself, +0 is not -0).
    if (std::memcmp(&old, &expected, sizeof(T)) == 0) std::memcpy(p, &desired, sizeof(T));
    return old;
  }
  std::atomic_ref<T>(*p).compare_exchange_strong(expected, desired);
  return expected;
}

template <class T>
T load(T* p) {
  if (!aligned(p)) {
    std::lock_guard<std::mutex> hold(misaligned_lock());
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
  }
  return std::atomic_ref<T>(*p).load();
}

template <class T>
void store(T* p, T v) {
  if (!aligned(p)) {
    std::lock_guard<std::mutex> hold(misaligned_lock());
    std::memcpy(p, &v, sizeof(T));
    return;
  }
  std::atomic_ref<T>(*p).store(v);
}

template <class T>
T* object_of(const BuiltinCall& call, std::uint32_t lane) {
  return reinterpret_cast<T*>(call.args[0].get<std::uint64_t>(lane));
}

// Integer read-modify-writes that add: add, sub, inc and dec.
template <class T, Op kOp>
constexpr bool kAdds =
    std::is_integral_v<T> && (kOp == Op::Add || kOp == Op::Sub || kOp == Op::Inc || kOp == Op::Dec);

// The adding read-modify-writes of a call's lanes, one host atomic per address: the lanes on
// one object add their operands' sum at once, and each gets the value it would have read had
// the lanes run one after another in lane order with nothing between them (one valid
// serialisation, as the lane-by-lane loop is). Lanes of a group that hit the same counter (a
// histogram's) then take its cache line from the other cores once, not once each: with every
// core doing that, the line's traffic, not the work, bounded the speed.
template <class T, Op kOp>
void run_adds_combined(const BuiltinCall& call) {
  using U = std::make_unsigned_t<T>;
  struct Slot {
    std::uint64_t address;  // 0: empty
    U sum, before;
  };
  struct Scratch {
    std::vector<Slot> slots;
    std::vector<std::uint32_t> used, lane_slot;
    std::vector<U> lane_prefix;
  };
  // Reached once per call, and its arrays through plain pointers: every access of a
  // thread_local of a shared library costs a call.
  thread_local Scratch scratch;
  Scratch& tls = scratch;
  const std::uint32_t count = call.lanes.count;
  std::size_t capacity = 16;
  while (capacity < 2 * std::size_t(count)) capacity *= 2;
  if (tls.slots.size() < capacity) tls.slots.resize(capacity, Slot{0, 0, 0});
  if (tls.lane_slot.size() < count) {
    tls.used.resize(count);
    tls.lane_slot.resize(count);
    tls.lane_prefix.resize(count);
  }
  Slot* const slots = tls.slots.data();
  std::uint32_t* const used = tls.used.data();
  std::uint32_t* const lane_slot = tls.lane_slot.data();
  U* const lane_prefix = tls.lane_prefix.data();
  std::uint32_t taken = 0;
  const Operand& pointer = call.args[0];
  const bool has_result = call.result.base != nullptr;
  constexpr std::uint32_t kRefused = 0xffffffffu;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    T* p = object_of<T>(call, l);
    lane_slot[i] = kRefused;
    if (!call.context->access(l, p, sizeof(T), Access::Atomic, pointer.address_space)) {
      if (has_result) call.result.set<T>(l, 0, T{});
      continue;
    }
    U operand = 1;
    if constexpr (kOp != Op::Inc && kOp != Op::Dec) operand = U(call.args[1].get<T>(l));
    if constexpr (kOp == Op::Sub || kOp == Op::Dec) operand = U(U(0) - operand);
    if (!aligned(p)) {  // serialised with the other misaligned atomics, at once
      const T old = read_modify_write<T, Op::Add>(p, T(operand));
      if (has_result) call.result.set<T>(l, 0, old);
      continue;
    }
    const auto address = reinterpret_cast<std::uint64_t>(p);
    std::size_t at = ((address >> 2) * 0x9e3779b97f4a7c15ull >> 40) & (capacity - 1);
    while (slots[at].address != 0 && slots[at].address != address) at = (at + 1) & (capacity - 1);
    if (slots[at].address == 0) {
      slots[at] = Slot{address, 0, 0};
      used[taken++] = static_cast<std::uint32_t>(at);
    }
    lane_slot[i] = static_cast<std::uint32_t>(at);
    lane_prefix[i] = slots[at].sum;
    slots[at].sum = U(slots[at].sum + operand);
  }
  for (std::uint32_t k = 0; k < taken; ++k) {
    Slot& s = slots[used[k]];
    s.before = U(std::atomic_ref<T>(*reinterpret_cast<T*>(s.address)).fetch_add(T(s.sum)));
  }
  if (has_result)
    for (std::uint32_t i = 0; i < count; ++i)
      if (lane_slot[i] != kRefused)
        call.result.set<T>(call.lanes.ids[i], 0, T(U(slots[lane_slot[i]].before + lane_prefix[i])));
  for (std::uint32_t k = 0; k < taken; ++k) slots[used[k]].address = 0;
}

// One lane's operation, its atomic object checked as an atomic access first; a refused lane's
// result is 0.
template <class T, Op kOp>
void one_lane(const BuiltinCall& call, std::uint32_t l) {
  const Operand& pointer = call.args[0];
  const bool has_result = call.result.base != nullptr;
  // A compare-exchange's access is known only once made: it stores when its comparison holds.
  constexpr bool kCompares = kOp == Op::CmpXchg || kOp == Op::CompareExchange;
  T* p = object_of<T>(call, l);
  const bool allowed =
      kCompares ? call.context->reachable(p, sizeof(T))
                : call.context->access(l, p, sizeof(T),
                                       kOp == Op::Load ? Access::AtomicRead : Access::Atomic,
                                       pointer.address_space);
  if (!allowed) {
    // Refused: access() reports it (the compare-exchanges have not called it yet).
    if constexpr (kCompares) call.context->access(l, p, sizeof(T), Access::Atomic, pointer.address_space);
    if constexpr (kReturnsValue<kOp>) {
      if (has_result) call.result.set<T>(l, 0, T{});
    } else if constexpr (kOp == Op::CompareExchange || kOp == Op::TestAndSet) {
      if (has_result) call.result.set<std::uint8_t>(l, 0, 0);
    }
    return;
  }
  if constexpr (kOp == Op::Load) {
    const T v = load(p);
    if (has_result) call.result.set<T>(l, 0, v);
  } else if constexpr (kOp == Op::Init || kOp == Op::Store) {
    store(p, call.args[1].get<T>(l));
  } else if constexpr (kOp == Op::CmpXchg) {
    const T expected = call.args[1].get<T>(l);
    const T old = compare_and_swap(p, expected, call.args[2].get<T>(l));
    const bool exchanged = std::memcmp(&old, &expected, sizeof(T)) == 0;
    call.context->access(l, p, sizeof(T), exchanged ? Access::Atomic : Access::AtomicRead,
                         pointer.address_space);
    if (has_result) call.result.set<T>(l, 0, old);
  } else if constexpr (kOp == Op::CompareExchange) {
    // bool atomic_compare_exchange_*(A* object, C* expected, C desired, ...): on failure the
    // value read is written to *expected, which is plain (non-atomic) memory of this lane.
    const Operand& expected_pointer = call.args[1];
    T* expected = reinterpret_cast<T*>(expected_pointer.get<std::uint64_t>(l));
    bool exchanged = false;
    if (!call.context->reachable(expected, sizeof(T))) {
      call.context->access(l, p, sizeof(T), Access::AtomicRead, pointer.address_space);
      call.context->access(l, expected, sizeof(T), Access::Read, expected_pointer.address_space);
    } else {
      T want;
      std::memcpy(&want, expected, sizeof(T));
      const T old = compare_and_swap(p, want, call.args[2].get<T>(l));
      exchanged = std::memcmp(&old, &want, sizeof(T)) == 0;
      // The object first, then *expected, as the taint shadow takes a call's reads in order.
      call.context->access(l, p, sizeof(T), exchanged ? Access::Atomic : Access::AtomicRead,
                           pointer.address_space);
      call.context->access(l, expected, sizeof(T), Access::Read, expected_pointer.address_space);
      if (!exchanged && call.context->access(l, expected, sizeof(T), Access::Write,
                                             expected_pointer.address_space))
        std::memcpy(expected, &old, sizeof(T));
    }
    if (has_result) call.result.set<std::uint8_t>(l, 0, exchanged);
  } else if constexpr (kOp == Op::TestAndSet) {
    const T old = read_modify_write<T, Op::Xchg>(p, T(1));
    if (has_result) call.result.set<std::uint8_t>(l, 0, old != 0);
  } else if constexpr (kOp == Op::Clear) {
    store(p, T(0));
  } else {
    // Inc and Dec take no operand: they add or subtract 1.
    T operand = T(1);
    if constexpr (kOp != Op::Inc && kOp != Op::Dec) operand = call.args[1].get<T>(l);
    const T old = read_modify_write<T, kOp>(p, operand);
    if (has_result) call.result.set<T>(l, 0, old);
  }
}

// Operations run lane by lane in the engine's order may, on a run of consecutive lanes with one
// object, be made by one host atomic: the lanes' operations one after another with nothing
// between them is one valid serialisation (the lanes of a group run in lane order anyway), and
// the values each lane reads follow from the value the object had before. Where no checker
// hears the accesses, a 1,024-lane call on one object (the CTS's c11_atomics loops) then costs
// one locked host instruction instead of 1,024.
template <class T, Op kOp>
constexpr bool kFetches =
    std::is_integral_v<T> && (kOp == Op::Add || kOp == Op::Sub || kOp == Op::Inc ||
                              kOp == Op::Dec || kOp == Op::And || kOp == Op::Or || kOp == Op::Xor);
// The others read, work out the lanes' values, and store the last with a compare-exchange.
template <class T, Op kOp>
constexpr bool kSimulates = kOp == Op::Min || kOp == Op::Max || kOp == Op::CmpXchg ||
                            kOp == Op::CompareExchange ||
                            (!std::is_integral_v<T> && (kOp == Op::Add || kOp == Op::Sub));
template <class T, Op kOp>
constexpr bool kRunsByObject = kOp == Op::Xchg || kFetches<T, kOp> || kSimulates<T, kOp>;

template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// What a run of lanes' simulated operations leave for after their store: each failed
// compare-exchange's value read, written to its *expected once the store is made.
struct RunScratch {
  std::vector<std::uint64_t> read;
  std::vector<std::uint8_t> failed;
};

// C11's compare-exchange of the n lanes ids[0..n) on the aligned, reachable object p, worked out
// from one read and stored with one host compare-exchange (tried again if another thread changed
// the object meanwhile), only where no two lanes' *expected and the object overlap (increasing
// addresses, as each work-item's private variables are); false otherwise, with no memory changed.
// A lane whose comparison fails writes its *expected as the pass goes, undone if the store
// fails. The loop keeps its state in locals: every store through a lane's pointer may alias what
// the compiler cannot rule out, which made it reload the lane list and operands for every lane.
template <class T>
bool compare_exchange_run(const BuiltinCall& call, T* p, const std::uint32_t* ids,
                          std::uint32_t n, RunScratch& scratch) {
  const std::byte* const expected = call.args[1].base;
  const std::size_t expected_stride = call.args[1].stride;
  const std::byte* const desired = call.args[2].base;
  const std::size_t desired_stride = call.args[2].stride;
  std::byte* const result = call.result.base;
  const std::size_t result_stride = call.result.stride;
  auto expected_at = [&](std::uint32_t l) {
    std::uint64_t at;
    std::memcpy(&at, expected + l * expected_stride, sizeof at);
    return at;
  };
  const auto object_at = reinterpret_cast<std::uint64_t>(p);
  // Each lane's *expected lies between the first lane's and the last's when they increase (the
  // pass below makes sure): one object holding that span holds them all (a work-group's private
  // variables are one region unless red zones part them, and then each is asked alone).
  const std::uint64_t first = expected_at(ids[0]), last = expected_at(ids[n - 1]);
  if (last < first ||
      !call.context->reachable(reinterpret_cast<const void*>(first), last + sizeof(T) - first))
    for (std::uint32_t k = 0; k < n; ++k)
      if (!call.context->reachable(reinterpret_cast<const void*>(expected_at(ids[k])), sizeof(T)))
        return false;
  if (scratch.read.size() < n) {
    scratch.read.resize(n);
    scratch.failed.resize(n);
  }
  std::uint64_t* const before = scratch.read.data();  // a failed lane's *expected before
  std::uint8_t* const failed = scratch.failed.data();
  std::atomic_ref<T> object(*p);
  T seen = object.load();
  for (int attempt = 0; attempt < 4; ++attempt) {
    T value = seen;
    bool stored = false;
    std::uint64_t end = 0;
    std::uint32_t k = 0;
    // One pass: each lane compares with what the lanes before it left, and a lane that fails
    // writes what it read to its *expected at once (kept, to be undone if the store fails).
    for (; k < n; ++k) {
      const std::uint32_t l = ids[k];
      const std::uint64_t at = expected_at(l);
      if (at < end || at > last || (at < object_at + sizeof(T) && object_at < at + sizeof(T)))
        break;
      end = at + sizeof(T);
      T want;
      std::memcpy(&want, reinterpret_cast<const void*>(at), sizeof(T));
      const bool exchanged = same_bits(value, want);
      failed[k] = !exchanged;
      if (exchanged) {
        std::memcpy(&value, desired + l * desired_stride, sizeof(T));
        stored = true;
      } else {
        std::memcpy(&before[k], &want, sizeof(T));
        std::memcpy(reinterpret_cast<void*>(at), &value, sizeof(T));
      }
      if (result) result[l * result_stride] = std::byte{exchanged};
    }
    // Lanes that only read (failed comparisons) read the object as it was at the load.
    if (k == n && (!stored || object.compare_exchange_strong(seen, value))) return true;
    for (std::uint32_t j = 0; j < k; ++j)
      if (failed[j]) std::memcpy(reinterpret_cast<void*>(expected_at(ids[j])), &before[j], sizeof(T));
    if (k < n) return false;  // *expected of two lanes, or of a lane and the object, overlap
  }
  return false;
}

// The n lanes ids[0..n) on the aligned, reachable object p, as one host atomic. False when it
// could not be made so (a compare-exchange whose *expected may alias another's or the object,
// or an object other threads kept changing): the caller then runs them lane by lane.
template <class T, Op kOp>
bool run_on_object(const BuiltinCall& call, T* p, const std::uint32_t* ids, std::uint32_t n,
                   RunScratch& scratch) {
  using U = typename std::conditional_t<std::is_integral_v<T>, std::make_unsigned<T>,
                                        std::type_identity<T>>::type;
  const Operand& result = call.result;
  const bool has_result = result.base != nullptr;
  std::atomic_ref<T> object(*p);
  if constexpr (kOp == Op::Xchg) {
    // Each lane reads what the lane before it stored; the first what the object held.
    const Operand& value = call.args[1];
    if (result.base == value.base && has_result) return false;
    const T old = object.exchange(value.get<T>(ids[n - 1]));
    if (!has_result) return true;
    for (std::uint32_t k = n - 1; k > 0; --k) result.set<T>(ids[k], 0, value.get<T>(ids[k - 1]));
    result.set<T>(ids[0], 0, old);
    return true;
  } else if constexpr (kFetches<T, kOp>) {
    // The lanes' operands combined are one operand of the same operation.
    auto operand = [&](std::uint32_t l) -> U {
      if constexpr (kOp == Op::Inc || kOp == Op::Dec) return U(1);
      else return U(call.args[1].get<T>(l));
    };
    U total = kOp == Op::And ? U(~U(0)) : U(0);
    for (std::uint32_t k = 0; k < n; ++k) {
      const U v = operand(ids[k]);
      if constexpr (kOp == Op::And) total &= v;
      else if constexpr (kOp == Op::Or) total |= v;
      else if constexpr (kOp == Op::Xor) total ^= v;
      else total = U(total + v);
    }
    T before;
    if constexpr (kOp == Op::And) before = object.fetch_and(T(total));
    else if constexpr (kOp == Op::Or) before = object.fetch_or(T(total));
    else if constexpr (kOp == Op::Xor) before = object.fetch_xor(T(total));
    else if constexpr (kOp == Op::Sub || kOp == Op::Dec) before = object.fetch_sub(T(total));
    else before = object.fetch_add(T(total));
    if (!has_result) return true;
    T seen = before;
    for (std::uint32_t k = 0; k < n; ++k) {
      result.set<T>(ids[k], 0, seen);
      seen = combine<T, kOp>(seen, T(operand(ids[k])));
    }
    return true;
  } else if constexpr (kOp == Op::CompareExchange) {
    return compare_exchange_run(call, p, ids, n, scratch);
  } else {
    T seen = object.load();
    for (int attempt = 0; attempt < 4; ++attempt) {
      T value = seen;
      bool stored = false;
      for (std::uint32_t k = 0; k < n; ++k) {
        const std::uint32_t l = ids[k];
        if constexpr (kOp == Op::CmpXchg) {
          if (has_result) result.set<T>(l, 0, value);
          if (value == call.args[1].get<T>(l)) {
            value = call.args[2].get<T>(l);
            stored = true;
          }
        } else {
          if (has_result) result.set<T>(l, 0, value);
          value = combine<T, kOp>(value, call.args[1].get<T>(l));
          stored = true;
        }
      }
      // Lanes that only read (failed comparisons) read the object as it was at the load.
      if (stored && !object.compare_exchange_strong(seen, value)) continue;
      return true;
    }
    return false;
  }
}

// The call's lanes in runs of consecutive lanes on one object, each run one host atomic where
// its object is aligned and reachable, else lane by lane (which reports what is refused).
template <class T, Op kOp>
void run_by_object(const BuiltinCall& call) {
  thread_local RunScratch scratch_of_thread;
  RunScratch& scratch = scratch_of_thread;
  const std::uint32_t* ids = call.lanes.ids;
  const std::uint32_t count = call.lanes.count;
  const Operand& pointer = call.args[0];
  std::uint32_t i = 0;
  while (i < count) {
    const auto address = pointer.get<std::uint64_t>(ids[i]);
    std::uint32_t j = i + 1;
    while (j < count && pointer.get<std::uint64_t>(ids[j]) == address) ++j;
    T* p = reinterpret_cast<T*>(address);
    if (!aligned(p) || !call.context->reachable(p, sizeof(T)) ||
        !run_on_object<T, kOp>(call, p, ids + i, j - i, scratch))
      for (std::uint32_t k = i; k < j; ++k) one_lane<T, kOp>(call, ids[k]);
    i = j;
  }
}

// Where no checker hears the accesses, lanes sharing an object run as one host atomic;
// otherwise each lane's object is checked (and heard) as an atomic access of its own.
template <class T, Op kOp>
void run(const BuiltinCall& call) {
  if constexpr (kAdds<T, kOp>) {
    // Combining by address (every lane's object, not runs of lanes on one) pays where other
    // cores contend for the objects' cache lines; it costs more than it saves on one thread,
    // and in __local memory, the work-group's own.
    if (call.lanes.count > 1 && call.args[0].address_space == kGlobal &&
        call.context->groups_run_concurrently())
      return run_adds_combined<T, kOp>(call);
  }
  if constexpr (kRunsByObject<T, kOp>) {
    if (call.lanes.count > 1 && call.context->accesses_unobserved())
      return run_by_object<T, kOp>(call);
  }
  call.lanes.for_each([&](std::uint32_t l) { one_lane<T, kOp>(call, l); });
}

// atomic_work_item_fence(flags, order, scope): lanes already see each other's effects in
// program order and the host atomics are sequentially consistent, so there is nothing left to
// order in memory; the race checker hears of it (a release fence makes the lane's later relaxed
// stores publish what it did before, an acquire fence makes what its earlier relaxed loads read
// visible). The first lane's arguments stand for all.
void fence(const BuiltinCall& call) {
  if (call.lanes.count == 0) return;
  const std::uint32_t l = call.lanes.ids[0];
  call.context->atomic_fence(call.lanes, call.args[0].get<std::uint32_t>(l),
                             static_cast<std::uint8_t>(call.args[1].get<std::int32_t>(l)),
                             static_cast<std::uint8_t>(call.args[2].get<std::int32_t>(l)));
}


template <Op kOp>
constexpr bool kFloatAllowed(Family f) {
  // 1.x: "Only the atomic_xchg operation is supported for single precision floating-point".
  // C11: load, store, init, exchange and compare-exchange on atomic_float/atomic_double, and
  // cl_ext_float_atomics' fetch_add/sub/min/max.
  if (f != Family::C11) return kOp == Op::Xchg;
  return kOp == Op::Xchg || kOp == Op::Init || kOp == Op::Store || kOp == Op::Load ||
         kOp == Op::CompareExchange || kOp == Op::Add || kOp == Op::Sub || kOp == Op::Min ||
         kOp == Op::Max;
}


// Parameters before the memory order and scope of the _explicit forms.
constexpr std::size_t operand_count(Op op) {
  switch (op) {
    case Op::Inc:
    case Op::Dec:
    case Op::Load:
    case Op::TestAndSet:
    case Op::Clear:
      return 1;
    case Op::CmpXchg:
    case Op::CompareExchange:
      return 3;
    default:
      return 2;
  }
}

// The memory order and scope the race checker judges the call's accesses by (the first lane's
// arguments stand for all): the _explicit forms' arguments, memory_order_seq_cst and
// memory_scope_device without them (OpenCL C 2.0 §6.13.11.2); the 1.x functions and atom_* are
// relaxed, at the scope of their object's address space.
template <class T, Op kOp, Family kFamily>
void run_as(const BuiltinCall& call) {
  if (call.lanes.count) {
    const std::uint32_t l = call.lanes.ids[0];
    std::uint8_t order = kRelaxed;
    std::uint8_t scope = call.args[0].address_space == kLocal ? kScopeWorkGroup : kScopeDevice;
    if constexpr (kFamily == Family::C11) {
      constexpr std::size_t n = operand_count(kOp);
      constexpr std::size_t orders = kOp == Op::CompareExchange ? 2 : 1;
      order = call.arg_count > n ? static_cast<std::uint8_t>(call.args[n].get<std::int32_t>(l))
                                 : static_cast<std::uint8_t>(kSeqCst);
      scope = call.arg_count > n + orders
                  ? static_cast<std::uint8_t>(call.args[n + orders].get<std::int32_t>(l))
                  : static_cast<std::uint8_t>(kScopeDevice);
    }
    call.context->atomic_semantics(order, scope);
  }
  run<T, kOp>(call);
}

template <Op kOp, Family kFamily>
BuiltinFn for_object(Scalar s) {
  constexpr Family f = kFamily;
  // atomic_flag is an atomic_int.
  if constexpr (kOp == Op::TestAndSet || kOp == Op::Clear)
    return s == Scalar::Int ? &run_as<std::int32_t, kOp, kFamily> : nullptr;
  // The 1.x functions are 32-bit only; atom_* and C11 also take long and ulong.
  const bool wide_allowed = f != Family::Legacy;
  switch (s) {
    case Scalar::Int:
      return &run_as<std::int32_t, kOp, kFamily>;
    case Scalar::UInt:
      return &run_as<std::uint32_t, kOp, kFamily>;
    case Scalar::Long:
      return wide_allowed ? &run_as<std::int64_t, kOp, kFamily> : nullptr;
    case Scalar::ULong:
      return wide_allowed ? &run_as<std::uint64_t, kOp, kFamily> : nullptr;
    default:
      break;
  }
  if constexpr (kOp == Op::Add || kOp == Op::Sub || kOp == Op::Min || kOp == Op::Max ||
                kOp == Op::Xchg || kOp == Op::Init || kOp == Op::Store || kOp == Op::Load ||
                kOp == Op::CompareExchange) {
    if (!kFloatAllowed<kOp>(f)) return nullptr;
    if (s == Scalar::Float) return &run_as<float, kOp, kFamily>;
    if (s == Scalar::Double && f == Family::C11) return &run_as<double, kOp, kFamily>;
  }
  return nullptr;
}

template <Op kOp, Family kFamily>
BuiltinFn resolve(const Signature& s) {
  if (s.params.empty() || !s.params[0].pointer) return nullptr;
  const std::size_t n = operand_count(kOp);
  // _explicit forms add one order (two for compare-exchange) and optionally a scope.
  const bool is_explicit = s.name.size() > 9 && s.name.ends_with("_explicit");
  const std::size_t orders = kOp == Op::CompareExchange ? 2 : 1;
  if (is_explicit ? s.params.size() != n + orders && s.params.size() != n + orders + 1
                  : s.params.size() != n)
    return nullptr;
  if constexpr (kOp == Op::CompareExchange) {
    if (!s.params[1].pointer || s.params[1].scalar != s.params[0].scalar) return nullptr;
  }
  const std::size_t object_size = scalar_size(s.params[0].scalar);
  if constexpr (kReturnsValue<kOp>) {
    if (s.result_element_size != object_size) return nullptr;
  }
  if (s.params[0].width != 1) return nullptr;
  return for_object<kOp, kFamily>(s.params[0].scalar);
}

BuiltinFn resolve_fence(const Signature& s) {
  return s.params.size() == 3 && s.result_element_size == 0 ? &fence : nullptr;
}

template <Op kOp>
void add_both(BuiltinRegistry& r, std::string_view suffix) {
  r.add(std::string("atomic_") + std::string(suffix), resolve<kOp, Family::Legacy>);
  r.add(std::string("atom_") + std::string(suffix), resolve<kOp, Family::Atom>);
}

template <Op kOp>
void add_c11(BuiltinRegistry& r, std::string_view name) {
  r.add(name, resolve<kOp, Family::C11>);
  r.add(std::string(name) + "_explicit", resolve<kOp, Family::C11>);
}

}  // namespace

void register_atomic_builtins(BuiltinRegistry& r) {
  add_both<Op::Add>(r, "add");
  add_both<Op::Sub>(r, "sub");
  add_both<Op::Xchg>(r, "xchg");
  add_both<Op::Inc>(r, "inc");
  add_both<Op::Dec>(r, "dec");
  add_both<Op::CmpXchg>(r, "cmpxchg");
  add_both<Op::Min>(r, "min");
  add_both<Op::Max>(r, "max");
  add_both<Op::And>(r, "and");
  add_both<Op::Or>(r, "or");
  add_both<Op::Xor>(r, "xor");

  r.add("atomic_init", resolve<Op::Init, Family::C11>);
  add_c11<Op::Store>(r, "atomic_store");
  add_c11<Op::Load>(r, "atomic_load");
  add_c11<Op::Xchg>(r, "atomic_exchange");
  add_c11<Op::CompareExchange>(r, "atomic_compare_exchange_strong");
  add_c11<Op::CompareExchange>(r, "atomic_compare_exchange_weak");
  add_c11<Op::Add>(r, "atomic_fetch_add");
  add_c11<Op::Sub>(r, "atomic_fetch_sub");
  add_c11<Op::Or>(r, "atomic_fetch_or");
  add_c11<Op::Xor>(r, "atomic_fetch_xor");
  add_c11<Op::And>(r, "atomic_fetch_and");
  add_c11<Op::Min>(r, "atomic_fetch_min");
  add_c11<Op::Max>(r, "atomic_fetch_max");
  add_c11<Op::TestAndSet>(r, "atomic_flag_test_and_set");
  add_c11<Op::Clear>(r, "atomic_flag_clear");
  r.add("atomic_work_item_fence", resolve_fence);
}

}  // namespace clvet::interp
