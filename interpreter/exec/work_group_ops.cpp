// The lockstep engine's instructions: each applies one decoded instruction to every active
// lane, in a loop the host compiler can vectorise when all lanes are active.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "builtins/half_arithmetic.h"
#include "exec/frame.h"
#include "exec/type_dispatch.h"
#include "exec/work_group.h"

namespace clvet::interp {

using ir::Instr;
using ir::IntrinsicKind;
using ir::Op;
using ir::Ty;
using LaneSet = WorkGroupRunner::LaneSet;
using Frame = WorkGroupRunner::Frame;

namespace {

// d[l*w + c] = op(a[...], b[...]) over the active lanes.
// The lane list is read into locals first: a result of bytes (a comparison's) may alias anything,
// so the compiler would otherwise reload the count and the list after every lane's store.
template <class T, class R = T, class F>
void map2(const LaneSet& lanes, unsigned w, R* d, const T* a, const T* b, F op) {
  const std::uint32_t count = lanes.count;
  if (lanes.full) {
    const std::size_t n = std::size_t(count) * w;
    for (std::size_t i = 0; i < n; ++i) d[i] = op(a[i], b[i]);
    return;
  }
  const std::uint32_t* const ids = lanes.ids;
  if (w == 1) {
    for (std::uint32_t k = 0; k < count; ++k) {
      const std::size_t o = ids[k];
      d[o] = op(a[o], b[o]);
    }
    return;
  }
  for (std::uint32_t k = 0; k < count; ++k) {
    const std::size_t o = std::size_t(ids[k]) * w;
    for (unsigned c = 0; c < w; ++c) d[o + c] = op(a[o + c], b[o + c]);
  }
}
template <class T, class R = T, class F>
void map1(const LaneSet& lanes, unsigned w, R* d, const T* a, F op) {
  const std::uint32_t count = lanes.count;
  if (lanes.full) {
    const std::size_t n = std::size_t(count) * w;
    for (std::size_t i = 0; i < n; ++i) d[i] = op(a[i]);
    return;
  }
  const std::uint32_t* const ids = lanes.ids;
  if (w == 1) {
    for (std::uint32_t k = 0; k < count; ++k) {
      const std::size_t o = ids[k];
      d[o] = op(a[o]);
    }
    return;
  }
  for (std::uint32_t k = 0; k < count; ++k) {
    const std::size_t o = std::size_t(ids[k]) * w;
    for (unsigned c = 0; c < w; ++c) d[o + c] = op(a[o + c]);
  }
}

// map2 for a division or remainder: where every active lane divides the same value by the same
// divisor (a loop counter shared by the group, divided by a kernel argument: the CTS's
// `y % stride` over every row), the host divides once and every lane takes the quotient. A
// host divide costs tens of cycles a lane; the check costs one vectorised pass over both
// operands (a full group) or stops at the first lane that differs.
template <class T, class F>
void map2_division(const LaneSet& lanes, unsigned w, T* d, const T* a, const T* b, F op) {
  const std::uint32_t count = lanes.count;
  if (w == 1 && count > 1) {
    const std::uint32_t* const ids = lanes.ids;
    const std::size_t first = lanes.full ? 0 : ids[0];
    const T x = a[first], y = b[first];
    bool uniform = true;
    if (lanes.full) {
      T differ = 0;
      for (std::uint32_t i = 0; i < count; ++i) differ |= T(a[i] ^ x) | T(b[i] ^ y);
      uniform = differ == 0;
    } else {
      for (std::uint32_t k = 1; k < count && uniform; ++k)
        uniform = a[ids[k]] == x && b[ids[k]] == y;
    }
    if (uniform) {
      const T r = op(x, y);
      if (lanes.full) {
        std::fill(d, d + count, r);
        return;
      }
      for (std::uint32_t k = 0; k < count; ++k) d[ids[k]] = r;
      return;
    }
  }
  map2(lanes, w, d, a, b, op);
}

// extractelement, insertelement and shufflevector with elements of ES bytes (and an index of IS
// bytes), so that every copy has a size the compiler knows: with sizes known only at run time
// each lane made two or three calls of memcpy and memmove, most of the instruction's time.
template <unsigned IS>
std::uint64_t element_index(const std::byte* idx, std::uint32_t l) {
  std::conditional_t<IS == 4, std::uint32_t, std::uint64_t> i;
  std::memcpy(&i, idx + std::size_t(l) * IS, IS);
  return i;
}
template <unsigned ES, unsigned IS>
void extract_element(const LaneSet& lanes, unsigned n, std::byte* d, const std::byte* v,
                     const std::byte* idx) {
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    const std::uint32_t l = lanes.full ? k : lanes.ids[k];
    std::uint64_t i = element_index<IS>(idx, l);
    if (i >= n) i = 0;  // poison in LLVM: any value will do, but never out of the register
    std::memcpy(d + std::size_t(l) * ES, v + (std::size_t(l) * n + i) * ES, ES);
  }
}
template <unsigned ES, unsigned IS>
void insert_element(const LaneSet& lanes, unsigned n, std::byte* d, const std::byte* v,
                    const std::byte* e, const std::byte* idx) {
  const std::size_t size = std::size_t(ES) * n;
  // Registers never overlap: d and v are the same register or apart.
  const bool copy = d != v;
  if (copy && lanes.full) std::memcpy(d, v, size * lanes.count);
  // A lane's copy of the vector in a size the compiler knows (2 to 16 elements), else a call of
  // memcpy a lane: most of a one-lane insert's time (a coordinate built in a loop of one lane).
  auto copy_vector = [&](std::byte* to, const std::byte* from) {
    switch (n) {
      case 2: std::memcpy(to, from, 2 * ES); return;
      case 3: std::memcpy(to, from, 3 * ES); return;
      case 4: std::memcpy(to, from, 4 * ES); return;
      case 8: std::memcpy(to, from, 8 * ES); return;
      case 16: std::memcpy(to, from, 16 * ES); return;
      default: std::memcpy(to, from, size); return;
    }
  };
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    const std::uint32_t l = lanes.full ? k : lanes.ids[k];
    std::byte* to = d + l * size;
    if (copy && !lanes.full) copy_vector(to, v + l * size);
    const std::uint64_t i = element_index<IS>(idx, l);
    if (i < n) std::memcpy(to + i * ES, e + std::size_t(l) * ES, ES);
  }
}
// N result elements: a known count too, or the compiler makes the copy of the result a call.
template <unsigned ES, unsigned N>
void shuffle_vector(const LaneSet& lanes, unsigned m, std::byte* d, const std::byte* a,
                    const std::byte* b, const std::int64_t* mask) {
  std::byte tmp[N * ES];  // a result may be one of its operands' registers: built aside first
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    const std::uint32_t l = lanes.full ? k : lanes.ids[k];
    for (unsigned c = 0; c < N; ++c) {
      const std::int64_t s = mask[c];
      if (s < 0) {
        std::memset(tmp + c * ES, 0, ES);
        continue;
      }
      const std::byte* src = s < m ? a + (std::size_t(l) * m + s) * ES
                                   : b + (std::size_t(l) * m + (s - m)) * ES;
      std::memcpy(tmp + c * ES, src, ES);
    }
    std::memcpy(d + std::size_t(l) * N * ES, tmp, N * ES);
  }
}
template <unsigned ES>
bool shuffle_vector(const LaneSet& lanes, unsigned n, unsigned m, std::byte* d,
                    const std::byte* a, const std::byte* b, const std::int64_t* mask) {
  switch (n) {
    case 2: shuffle_vector<ES, 2>(lanes, m, d, a, b, mask); return true;
    case 3: shuffle_vector<ES, 3>(lanes, m, d, a, b, mask); return true;
    case 4: shuffle_vector<ES, 4>(lanes, m, d, a, b, mask); return true;
    case 8: shuffle_vector<ES, 8>(lanes, m, d, a, b, mask); return true;
    case 16: shuffle_vector<ES, 16>(lanes, m, d, a, b, mask); return true;
    default: return false;
  }
}
// Calls f with the element and index sizes as constants when they are the usual ones (4 or 8
// bytes each); false otherwise.
template <class F>
bool with_element_sizes(unsigned es, unsigned idx_size, F&& f) {
  if (idx_size != 4 && idx_size != 8) return false;
  auto by_index = [&](auto es_c) {
    if (idx_size == 4) f(es_c, std::integral_constant<unsigned, 4>{});
    else f(es_c, std::integral_constant<unsigned, 8>{});
  };
  if (es == 4) by_index(std::integral_constant<unsigned, 4>{});
  else if (es == 8) by_index(std::integral_constant<unsigned, 8>{});
  else return false;
  return true;
}

unsigned bits_of(Ty t) { return t == Ty::I1 ? 1 : ir::ty_size(t) * 8; }
unsigned bits_of(const Instr& in) { return in.bits ? in.bits : bits_of(in.ty); }

template <class U>
U sign_extend(U v, unsigned bits) {
  if (bits >= sizeof(U) * 8) return v;
  U m = U(1) << (bits - 1);
  v &= (U(1) << bits) - 1;
  return (v ^ m) - m;
}

// Float to integer without the host's undefined behaviour: NaN gives 0, out of range clamps.
template <class I, class Fl>
I float_to_int(Fl v) {
  if (std::isnan(v)) return 0;
  if (v <= static_cast<Fl>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  if (v >= static_cast<Fl>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return static_cast<I>(v);
}

}  // namespace

// Integer arithmetic at a width narrower than the register element: computed at full width on
// sign- or zero-extended values, then wrapped to the width.
template <class U>
void WorkGroupRunner::odd_width_arithmetic(Frame& f, const Instr& in, const LaneSet& lanes) {
  using S = std::make_signed_t<U>;
  unsigned bits = in.bits;
  U mask = U((std::uint64_t(1) << bits) - 1);
  U* d = reg<U>(f, in.dst);
  const U* a = reg<U>(f, in.a);
  const U* b = reg<U>(f, in.b);
  auto sx = [bits](U v) { return S(sign_extend<U>(v, bits)); };
  map2(lanes, in.width, d, a, b, [&](U x, U y) -> U {
    switch (in.op) {
      case Op::Add: return U(x + y) & mask;
      case Op::Sub: return U(x - y) & mask;
      case Op::Mul: return U(x * y) & mask;
      case Op::And: return x & y;
      case Op::Or: return x | y;
      case Op::Xor: return x ^ y;
      case Op::Shl: return U(x << (y % bits)) & mask;
      case Op::LShr: return U(x >> (y % bits));
      case Op::AShr: return U(sx(x) >> (y % bits)) & mask;
      case Op::UDiv: return y ? U(x / y) : U(0);
      case Op::URem: return y ? U(x % y) : U(0);
      case Op::SDiv: return y && sx(y) != -1 ? U(sx(x) / sx(y)) & mask : U(U(0) - x) & mask;
      case Op::SRem: return y && sx(y) != -1 ? U(sx(x) % sx(y)) & mask : U(0);
      default: return 0;
    }
  });
}

void WorkGroupRunner::execute(Frame& f, const Instr& in, const LaneSet& lanes) {
  switch (in.op) {
    case Op::Add: case Op::Sub: case Op::Mul: case Op::UDiv: case Op::SDiv: case Op::URem:
    case Op::SRem: case Op::Shl: case Op::LShr: case Op::AShr: case Op::And: case Op::Or:
    case Op::Xor: case Op::FAdd: case Op::FSub: case Op::FMul: case Op::FDiv: case Op::FRem:
    case Op::FNeg:
      return arithmetic(f, in, lanes);
    case Op::ICmp: case Op::FCmp:
      return compare(f, in, lanes);
    case Op::Cast:
      return cast(f, in, lanes);
    case Op::Copy:
      return copy_lanes(f, in.dst, in.a, in.size, lanes);
    case Op::Select: case Op::ExtractElement: case Op::InsertElement: case Op::ShuffleVector:
    case Op::ExtractValue: case Op::InsertValue:
      return vector_op(f, in, lanes);
    case Op::Load: case Op::Store: case Op::Gep:
      return memory(f, in, lanes);
    case Op::AtomicRMW: case Op::CmpXchg:
      return atomic(f, in, lanes);
    case Op::Intrinsic:
      return intrinsic(f, in, lanes);
    case Op::CallBuiltin:
      return builtin(f, in, lanes);
    case Op::Nop:
      return;
    default:
      problem(in, EngineEvent::Malformed,
              fmt::format("internal: instruction {} outside a terminator position",
                          static_cast<int>(in.op)));
  }
}

void WorkGroupRunner::arithmetic(Frame& f, const Instr& in, const LaneSet& lanes) {
  unsigned w = in.width;
  if (in.ty == Ty::F16) {
    // Computed in float and rounded once (builtins/half_arithmetic.h: correctly rounded).
    using H = std::uint16_t;
    H* d = reg<H>(f, in.dst);
    const H* a = reg<H>(f, in.a);
    if (in.op == Op::FNeg) return map1(lanes, w, d, a, [](H x) { return H(x ^ 0x8000); });
    const H* b = reg<H>(f, in.b);
    auto half_op = [&](auto op) {
      map2(lanes, w, d, a, b, [op](H x, H y) { return half_of(op(half_to_float(x), half_to_float(y))); });
    };
    switch (in.op) {
      case Op::FAdd: return half_op([](float x, float y) { return x + y; });
      case Op::FSub: return half_op([](float x, float y) { return x - y; });
      case Op::FMul: return half_op([](float x, float y) { return x * y; });
      case Op::FDiv: return half_op([](float x, float y) { return x / y; });
      default: return half_op([](float x, float y) { return std::fmod(x, y); });
    }
  }
  if (in.ty == Ty::F32 || in.ty == Ty::F64) {
    with_float(in.ty, [&](auto tag) {
      using T = typename decltype(tag)::type;
      T* d = reg<T>(f, in.dst);
      const T* a = reg<T>(f, in.a);
      if (in.op == Op::FNeg) return map1(lanes, w, d, a, [](T x) { return -x; });
      const T* b = reg<T>(f, in.b);
      switch (in.op) {
        case Op::FAdd: return map2(lanes, w, d, a, b, [](T x, T y) { return x + y; });
        case Op::FSub: return map2(lanes, w, d, a, b, [](T x, T y) { return x - y; });
        case Op::FMul: return map2(lanes, w, d, a, b, [](T x, T y) { return x * y; });
        case Op::FDiv: return map2(lanes, w, d, a, b, [](T x, T y) { return x / y; });
        default: return map2(lanes, w, d, a, b, [](T x, T y) { return std::fmod(x, y); });
      }
    });
    return;
  }
  unsigned bits = bits_of(in);
  with_int(in.ty, [&](auto tag) {
    using U = typename decltype(tag)::type;
    using S = std::make_signed_t<U>;
    if (in.bits) return odd_width_arithmetic<U>(f, in, lanes);
    U* d = reg<U>(f, in.dst);
    const U* a = reg<U>(f, in.a);
    const U* b = reg<U>(f, in.b);
    const U mask = static_cast<U>(bits - 1);  // LLVM: shifting by >= the width is poison
    switch (in.op) {
      case Op::Add: map2(lanes, w, d, a, b, [](U x, U y) { return U(x + y); }); break;
      case Op::Sub: map2(lanes, w, d, a, b, [](U x, U y) { return U(x - y); }); break;
      case Op::Mul: map2(lanes, w, d, a, b, [](U x, U y) { return U(x * y); }); break;
      case Op::And: map2(lanes, w, d, a, b, [](U x, U y) { return U(x & y); }); break;
      case Op::Or: map2(lanes, w, d, a, b, [](U x, U y) { return U(x | y); }); break;
      case Op::Xor: map2(lanes, w, d, a, b, [](U x, U y) { return U(x ^ y); }); break;
      case Op::Shl: map2(lanes, w, d, a, b, [mask](U x, U y) { return U(x << (y & mask)); }); break;
      case Op::LShr: map2(lanes, w, d, a, b, [mask](U x, U y) { return U(x >> (y & mask)); }); break;
      case Op::AShr:
        map2(lanes, w, d, a, b, [mask](U x, U y) { return U(S(x) >> (y & mask)); });
        break;
      // Division by zero is undefined in OpenCL C; the host must not trap on it.
      case Op::UDiv:
        map2_division(lanes, w, d, a, b, [](U x, U y) { return y ? U(x / y) : U(0); });
        break;
      case Op::URem:
        map2_division(lanes, w, d, a, b, [](U x, U y) { return y ? U(x % y) : U(0); });
        break;
      case Op::SDiv:
        map2_division(lanes, w, d, a, b, [](U x, U y) {
          if (y == 0) return U(0);
          if (S(y) == -1) return U(U(0) - x);
          return U(S(x) / S(y));
        });
        break;
      case Op::SRem:
        map2_division(lanes, w, d, a, b, [](U x, U y) {
          if (y == 0 || S(y) == -1) return U(0);
          return U(S(x) % S(y));
        });
        break;
      default: break;
    }
    if (in.ty == Ty::I1) map1(lanes, w, d, d, [](U x) { return U(x & 1); });
  });
}

void WorkGroupRunner::compare(Frame& f, const Instr& in, const LaneSet& lanes) {
  unsigned w = in.width;
  auto* d = reg<std::uint8_t>(f, in.dst);
  if (in.op == Op::FCmp) {
    with_float(in.ty, [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* a = reg<T>(f, in.a);
      const T* b = reg<T>(f, in.b);
      auto cmp = [&](auto pred) {
        // Halves compare as the floats they widen to exactly.
        if (in.ty == Ty::F16)
          return map2<std::uint16_t, std::uint8_t>(
              lanes, w, d, reg<std::uint16_t>(f, in.a), reg<std::uint16_t>(f, in.b),
              [pred](std::uint16_t x, std::uint16_t y) {
                return pred(T(half_to_float(x)), T(half_to_float(y)));
              });
        map2<T, std::uint8_t>(lanes, w, d, a, b, pred);
      };
      switch (in.imm) {  // llvm::CmpInst::Predicate
        case 0: cmp([](T, T) { return 0; }); break;
        case 1: cmp([](T x, T y) { return x == y; }); break;
        case 2: cmp([](T x, T y) { return x > y; }); break;
        case 3: cmp([](T x, T y) { return x >= y; }); break;
        case 4: cmp([](T x, T y) { return x < y; }); break;
        case 5: cmp([](T x, T y) { return x <= y; }); break;
        case 6: cmp([](T x, T y) { return x < y || x > y; }); break;
        case 7: cmp([](T x, T y) { return !std::isnan(x) && !std::isnan(y); }); break;
        case 8: cmp([](T x, T y) { return std::isnan(x) || std::isnan(y); }); break;
        case 9: cmp([](T x, T y) { return !(x < y || x > y); }); break;
        case 10: cmp([](T x, T y) { return !(x <= y); }); break;
        case 11: cmp([](T x, T y) { return !(x < y); }); break;
        case 12: cmp([](T x, T y) { return !(x >= y); }); break;
        case 13: cmp([](T x, T y) { return !(x > y); }); break;
        case 14: cmp([](T x, T y) { return !(x == y); }); break;
        default: cmp([](T, T) { return 1; }); break;
      }
    });
    return;
  }
  unsigned bits = bits_of(in);
  with_int(in.ty, [&](auto tag) {
    using U = typename decltype(tag)::type;
    using S = std::make_signed_t<U>;
    const U* a = reg<U>(f, in.a);
    const U* b = reg<U>(f, in.b);
    auto cmp = [&](auto pred) { map2<U, std::uint8_t>(lanes, w, d, a, b, pred); };
    auto sx = [bits](U v) { return S(sign_extend<U>(v, bits)); };
    if (bits == sizeof(U) * 8) {
      // A whole container's bits: signed comparisons need no sign extension in the loop.
      switch (in.imm) {
        case 38: return cmp([](U x, U y) { return S(x) > S(y); });
        case 39: return cmp([](U x, U y) { return S(x) >= S(y); });
        case 40: return cmp([](U x, U y) { return S(x) < S(y); });
        case 41: return cmp([](U x, U y) { return S(x) <= S(y); });
        default: break;
      }
    }
    switch (in.imm) {
      case 32: cmp([](U x, U y) { return x == y; }); break;
      case 33: cmp([](U x, U y) { return x != y; }); break;
      case 34: cmp([](U x, U y) { return x > y; }); break;
      case 35: cmp([](U x, U y) { return x >= y; }); break;
      case 36: cmp([](U x, U y) { return x < y; }); break;
      case 37: cmp([](U x, U y) { return x <= y; }); break;
      case 38: cmp([sx](U x, U y) { return sx(x) > sx(y); }); break;
      case 39: cmp([sx](U x, U y) { return sx(x) >= sx(y); }); break;
      case 40: cmp([sx](U x, U y) { return sx(x) < sx(y); }); break;
      default: cmp([sx](U x, U y) { return sx(x) <= sx(y); }); break;
    }
  });
}

void WorkGroupRunner::cast(Frame& f, const Instr& in, const LaneSet& lanes) {
  auto kind = static_cast<ir::CastKind>(in.imm);
  Ty from = static_cast<Ty>(in.aux);
  unsigned w = in.width;
  if (from == Ty::F16 || in.ty == Ty::F16) return half_cast(f, in, lanes);
  unsigned from_bits = in.aux2 ? in.aux2 : bits_of(from);
  unsigned to_bits = bits_of(in);
  with_any(from, [&](auto src_tag) {
    using A = typename decltype(src_tag)::type;
    with_any(in.ty, [&](auto dst_tag) {
      using D = typename decltype(dst_tag)::type;
      const A* a = reg<A>(f, in.a);
      D* d = reg<D>(f, in.dst);
      switch (kind) {
        case ir::CastKind::Trunc:
        case ir::CastKind::ZExt:
          if constexpr (std::is_integral_v<A> && std::is_integral_v<D>) {
            if (to_bits < sizeof(D) * 8) {
              D mask = D((std::uint64_t(1) << to_bits) - 1);
              map1(lanes, w, d, a, [mask](A x) { return D(D(x) & mask); });
            } else {
              map1(lanes, w, d, a, [](A x) { return D(x); });
            }
          }
          break;
        case ir::CastKind::SExt:
          if constexpr (std::is_integral_v<A> && std::is_integral_v<D>)
            map1(lanes, w, d, a, [from_bits, to_bits](A x) {
              D v = D(std::make_signed_t<D>(std::make_signed_t<A>(sign_extend<A>(x, from_bits))));
              return to_bits < sizeof(D) * 8 ? D(v & D((std::uint64_t(1) << to_bits) - 1)) : v;
            });
          break;
        case ir::CastKind::FPTrunc:
        case ir::CastKind::FPExt:
          if constexpr (std::is_floating_point_v<A> && std::is_floating_point_v<D>)
            map1(lanes, w, d, a, [](A x) { return D(x); });
          break;
        case ir::CastKind::FPToUI:
          if constexpr (std::is_floating_point_v<A> && std::is_integral_v<D>)
            map1(lanes, w, d, a, [](A x) { return float_to_int<D>(x); });
          break;
        case ir::CastKind::FPToSI:
          if constexpr (std::is_floating_point_v<A> && std::is_integral_v<D>)
            map1(lanes, w, d, a, [](A x) { return D(float_to_int<std::make_signed_t<D>>(x)); });
          break;
        case ir::CastKind::UIToFP:
          if constexpr (std::is_integral_v<A> && std::is_floating_point_v<D>) {
            if (from == Ty::I1) map1(lanes, w, d, a, [](A x) { return D(x & 1); });
            else map1(lanes, w, d, a, [](A x) { return D(x); });
          }
          break;
        case ir::CastKind::SIToFP:
          if constexpr (std::is_integral_v<A> && std::is_floating_point_v<D>)
            map1(lanes, w, d, a, [from_bits](A x) {
              return D(std::make_signed_t<A>(sign_extend<A>(x, from_bits)));
            });
          break;
      }
    });
  });
}

// Conversions to and from half (LLVM's fpext, fptrunc, fptosi, fptoui, sitofp, uitofp): a half
// widens exactly to float; a float, double or integer rounds once to half, to nearest even (an
// integer through double, exact below 2^53, and any larger one is past the largest half).
void WorkGroupRunner::half_cast(Frame& f, const Instr& in, const LaneSet& lanes) {
  auto kind = static_cast<ir::CastKind>(in.imm);
  Ty from = static_cast<Ty>(in.aux);
  unsigned w = in.width;
  unsigned from_bits = in.aux2 ? in.aux2 : bits_of(from);
  using H = std::uint16_t;
  if (from == Ty::F16) {
    const H* a = reg<H>(f, in.a);
    if (in.ty == Ty::F16) return map1(lanes, w, reg<H>(f, in.dst), a, [](H x) { return x; });
    with_any(in.ty, [&](auto dst_tag) {
      using D = typename decltype(dst_tag)::type;
      D* d = reg<D>(f, in.dst);
      if constexpr (std::is_floating_point_v<D>) {
        map1(lanes, w, d, a, [](H x) { return D(half_to_float(x)); });
      } else if (kind == ir::CastKind::FPToSI) {
        map1(lanes, w, d, a, [](H x) { return D(float_to_int<std::make_signed_t<D>>(half_to_float(x))); });
      } else {
        map1(lanes, w, d, a, [](H x) { return float_to_int<D>(half_to_float(x)); });
      }
      if constexpr (std::is_integral_v<D>) {
        const unsigned to_bits = bits_of(in);
        if (to_bits < sizeof(D) * 8) {
          const D mask = D((std::uint64_t(1) << to_bits) - 1);
          map1(lanes, w, d, d, [mask](D x) { return D(x & mask); });
        }
      }
    });
    return;
  }
  H* d = reg<H>(f, in.dst);
  with_any(from, [&](auto src_tag) {
    using A = typename decltype(src_tag)::type;
    const A* a = reg<A>(f, in.a);
    if constexpr (std::is_floating_point_v<A>) {
      map1(lanes, w, d, a, [](A x) { return half_of(x); });
    } else if (kind == ir::CastKind::SIToFP) {
      map1(lanes, w, d, a, [from_bits](A x) {
        return half_of(double(std::make_signed_t<A>(sign_extend<A>(x, from_bits))));
      });
    } else if (from == Ty::I1) {
      map1(lanes, w, d, a, [](A x) { return half_of(double(x & 1)); });
    } else {
      map1(lanes, w, d, a, [](A x) { return half_of(double(x)); });
    }
  });
}

void WorkGroupRunner::vector_op(Frame& f, const Instr& in, const LaneSet& lanes) {
  switch (in.op) {
    case Op::Select: {
      std::uint32_t size = f.fn->registers[in.dst].size;
      const auto* cond = reg<std::uint8_t>(f, in.a);
      if (in.flags & ir::kScalarCondition) {
        std::byte* d = f.base[in.dst];
        const std::byte* t = f.base[in.b];
        const std::byte* e = f.base[in.c];
        // Scalars of the usual sizes (an i1 select is how Clang writes `a || b`) as loads of
        // their type: with the size known only at run time each lane's copy was a memcpy call.
        auto each_lane = [&](auto tag) {
          using U = typename decltype(tag)::type;
          auto* dn = reinterpret_cast<U*>(d);
          auto* tn = reinterpret_cast<const U*>(t);
          auto* en = reinterpret_cast<const U*>(e);
          if (lanes.full) {
            for (std::uint32_t l = 0; l < lanes.count; ++l) dn[l] = cond[l] ? tn[l] : en[l];
            return;
          }
          for (std::uint32_t k = 0; k < lanes.count; ++k) {
            const std::uint32_t l = lanes.ids[k];
            dn[l] = cond[l] ? tn[l] : en[l];
          }
        };
        switch (size) {
          case 1: return each_lane(Tag<std::uint8_t>{});
          case 2: return each_lane(Tag<std::uint16_t>{});
          case 4: return each_lane(Tag<std::uint32_t>{});
          case 8: return each_lane(Tag<std::uint64_t>{});
          default: break;
        }
        for (std::uint32_t k = 0; k < lanes.count; ++k) {
          std::uint32_t l = lanes.full ? k : lanes.ids[k];
          std::size_t o = std::size_t(l) * size;
          std::memcpy(d + o, (cond[l] ? t : e) + o, size);
        }
        return;
      }
      with_int(in.ty, [&](auto tag) {
        using U = typename decltype(tag)::type;
        U* d = reg<U>(f, in.dst);
        const U* t = reg<U>(f, in.b);
        const U* e = reg<U>(f, in.c);
        unsigned w = in.width;
        for (std::uint32_t k = 0; k < lanes.count; ++k) {
          std::size_t o = std::size_t(lanes.full ? k : lanes.ids[k]) * w;
          for (unsigned c = 0; c < w; ++c) d[o + c] = cond[o + c] ? t[o + c] : e[o + c];
        }
      });
      return;
    }
    case Op::ExtractElement: {
      unsigned es = ir::ty_size(in.ty);
      unsigned n = static_cast<unsigned>(in.imm);
      const std::byte* v = f.base[in.a];
      const std::byte* idx = f.base[in.b];
      std::byte* d = f.base[in.dst];
      unsigned idx_size = in.aux2 / 8;
      if (with_element_sizes(es, idx_size, [&](auto es_c, auto is_c) {
            extract_element<es_c, is_c>(lanes, n, d, v, idx);
          }))
        return;
      for (std::uint32_t k = 0; k < lanes.count; ++k) {
        std::uint32_t l = lanes.full ? k : lanes.ids[k];
        std::uint64_t i = 0;
        std::memcpy(&i, idx + std::size_t(l) * idx_size, idx_size);
        if (i >= n) i = 0;  // poison in LLVM: any value will do, but never out of the register
        std::memcpy(d + std::size_t(l) * es, v + (std::size_t(l) * n + i) * es, es);
      }
      return;
    }
    case Op::InsertElement: {
      unsigned es = ir::ty_size(in.ty);
      unsigned n = in.width;
      std::size_t size = std::size_t(es) * n;
      const std::byte* v = f.base[in.a];
      const std::byte* e = f.base[in.b];
      const std::byte* idx = f.base[in.c];
      std::byte* d = f.base[in.dst];
      unsigned idx_size = in.aux2 / 8;
      if (with_element_sizes(es, idx_size, [&](auto es_c, auto is_c) {
            insert_element<es_c, is_c>(lanes, n, d, v, e, idx);
          }))
        return;
      for (std::uint32_t k = 0; k < lanes.count; ++k) {
        std::uint32_t l = lanes.full ? k : lanes.ids[k];
        std::uint64_t i = 0;
        std::memcpy(&i, idx + std::size_t(l) * idx_size, idx_size);
        if (d != v) std::memmove(d + l * size, v + l * size, size);
        if (i < n) std::memcpy(d + l * size + i * es, e + std::size_t(l) * es, es);
      }
      return;
    }
    case Op::ShuffleVector: {
      unsigned es = ir::ty_size(in.ty);
      unsigned n = in.width;
      unsigned m = in.aux2;  // elements of each input
      const std::byte* a = f.base[in.a];
      const std::byte* b = f.base[in.b];
      std::byte* d = f.base[in.dst];
      const std::int64_t* mask = f.fn->extra_imm.data() + in.extra;
      if (es == 4 && shuffle_vector<4>(lanes, n, m, d, a, b, mask)) return;
      if (es == 8 && shuffle_vector<8>(lanes, n, m, d, a, b, mask)) return;
      std::byte tmp[16 * 8];
      for (std::uint32_t k = 0; k < lanes.count; ++k) {
        std::uint32_t l = lanes.full ? k : lanes.ids[k];
        for (unsigned c = 0; c < n; ++c) {
          std::int64_t s = mask[c];
          if (s < 0) {
            std::memset(tmp + c * es, 0, es);
            continue;
          }
          const std::byte* src = s < m ? a + (std::size_t(l) * m + s) * es
                                       : b + (std::size_t(l) * m + (s - m)) * es;
          std::memcpy(tmp + c * es, src, es);
        }
        std::memcpy(d + std::size_t(l) * n * es, tmp, std::size_t(n) * es);
      }
      return;
    }
    case Op::ExtractValue: {
      std::uint32_t agg = f.fn->registers[in.a].size;
      std::uint32_t size = in.c;
      for (std::uint32_t k = 0; k < lanes.count; ++k) {
        std::uint32_t l = lanes.full ? k : lanes.ids[k];
        std::memcpy(f.base[in.dst] + std::size_t(l) * size,
                    f.base[in.a] + std::size_t(l) * agg + in.imm, size);
      }
      return;
    }
    case Op::InsertValue: {
      std::uint32_t agg = f.fn->registers[in.dst].size;
      std::uint32_t size = in.c;
      for (std::uint32_t k = 0; k < lanes.count; ++k) {
        std::uint32_t l = lanes.full ? k : lanes.ids[k];
        if (in.dst != in.a)
          std::memmove(f.base[in.dst] + std::size_t(l) * agg, f.base[in.a] + std::size_t(l) * agg, agg);
        std::memcpy(f.base[in.dst] + std::size_t(l) * agg + in.imm,
                    f.base[in.b] + std::size_t(l) * size, size);
      }
      return;
    }
    default:
      return;
  }
}

namespace {

// Calls f with the access's size as a constant when it is a usual one (a scalar or a vector of
// up to 16 bytes); false otherwise.
template <class F>
bool with_access_size(std::uint32_t size, F&& f) {
  switch (size) {
    case 1: f(std::integral_constant<unsigned, 1>{}); return true;
    case 2: f(std::integral_constant<unsigned, 2>{}); return true;
    case 4: f(std::integral_constant<unsigned, 4>{}); return true;
    case 8: f(std::integral_constant<unsigned, 8>{}); return true;
    case 16: f(std::integral_constant<unsigned, 16>{}); return true;
    default: return false;
  }
}

// Copies the values of lanes k, k + 1, ... while their addresses lie in [lo, lo + length), the
// object found last; returns the first lane index that does not. Everything it needs comes as
// values: a copy's store may alias any memory the compiler cannot rule out, so a loop reading its
// state from the engine's members reloaded the count, the lane list and the object for each lane.
template <unsigned N, bool kLoad>
std::uint32_t copy_inside(const std::uint64_t* ptr, std::byte* values, const std::uint32_t* ids,
                          bool full, std::uint32_t k, std::uint32_t count, std::uint64_t lo,
                          std::uint64_t length) {
  for (; k < count; ++k) {
    const std::uint32_t l = full ? k : ids[k];
    const std::uint64_t p = ptr[l];
    if (p - lo >= length || p + N - lo > length) break;
    std::byte* v = values + std::size_t(l) * N;
    if constexpr (kLoad) std::memcpy(v, reinterpret_cast<const void*>(p), N);
    else std::memcpy(reinterpret_cast<void*>(p), v, N);
  }
  return k;
}

}  // namespace

// A load or store of N bytes that fill their register's element: every copy of a size the
// compiler knows (with the size known only at run time each lane's copy was a call of memcpy).
template <unsigned N>
void WorkGroupRunner::access_lanes_of_size(Frame& f, const Instr& in, const LaneSet& lanes) {
  const bool load = in.op == Op::Load;
  const auto* ptr = reg<std::uint64_t>(f, load ? in.a : in.b);
  std::byte* values = f.base[load ? in.dst : in.a];
  if (observer_)
    observe(f, in, load ? Access::Read : Access::Write, in.aux, N, in.c, lanes, ptr,
            load ? nullptr : values, N);
  const std::uint32_t count = lanes.count;
  const bool full = lanes.full;
  const std::uint32_t* const ids = lanes.ids;
  for (std::uint32_t k = 0; k < count; ++k) {
    // The lanes whose addresses lie in the object found last, in a loop of its own.
    const Hit hit = hits_[0];
    k = load ? copy_inside<N, true>(ptr, values, ids, full, k, count, hit.lo, hit.length)
             : copy_inside<N, false>(ptr, values, ids, full, k, count, hit.lo, hit.length);
    if (k == count) return;
    const std::uint32_t l = full ? k : ids[k];
    const std::uint64_t p = ptr[l];
    std::byte* v = values + std::size_t(l) * N;
    if (check(p, N)) {
      if (load) std::memcpy(v, reinterpret_cast<const void*>(p), N);
      else std::memcpy(reinterpret_cast<void*>(p), v, N);
      continue;
    }
    if (load) {
      refused_access(in, l, p, N,
                     fmt::format("load of {} bytes at 0x{:x} outside every memory object the "
                                 "kernel can reach (address space {})", N, p, in.aux));
      std::memset(v, 0, N);
      continue;
    }
    // A store partly inside an object writes the bytes that are, as a device does; only the
    // rest is refused and reported.
    const std::uint32_t inside = store_inside(p, v, N);
    refused_access(in, l, p, N,
                   fmt::format("store of {} bytes at 0x{:x} {}outside every memory object the "
                               "kernel can reach (address space {})", N, p,
                               inside ? fmt::format("({} of them inside) partly ", inside) : "",
                               in.aux));
  }
}

void WorkGroupRunner::memory(Frame& f, const Instr& in, const LaneSet& lanes) {
  if (in.op == Op::Gep) {
    auto* d = reg<std::uint64_t>(f, in.dst);
    const auto* base = reg<std::uint64_t>(f, in.a);
    std::uint64_t offset = static_cast<std::uint64_t>(in.imm);
    if (in.extra_count == 0) {
      map1(lanes, 1, d, base, [offset](std::uint64_t p) { return p + offset; });
      return;
    }
    const std::int64_t* scales = f.fn->extra_imm.data() + in.c;
    if (in.extra_count == 1) {
      std::uint32_t r = f.fn->extra[in.extra];
      std::int64_t scale = scales[0];
      unsigned bits = static_cast<unsigned>(scales[1]);
      if (bits == 64) {
        const auto* idx = reg<std::int64_t>(f, r);
        for (std::uint32_t k = 0; k < lanes.count; ++k) {
          std::uint32_t l = lanes.full ? k : lanes.ids[k];
          d[l] = base[l] + offset + static_cast<std::uint64_t>(idx[l] * scale);
        }
        return;
      }
      if (bits == 32) {
        const auto* idx = reg<std::int32_t>(f, r);
        for (std::uint32_t k = 0; k < lanes.count; ++k) {
          std::uint32_t l = lanes.full ? k : lanes.ids[k];
          d[l] = base[l] + offset + static_cast<std::uint64_t>(std::int64_t(idx[l]) * scale);
        }
        return;
      }
    }
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.full ? k : lanes.ids[k];
      std::uint64_t p = base[l] + offset;
      for (std::uint32_t i = 0; i < in.extra_count; ++i) {
        Ty t = scales[2 * i + 1] == 64 ? Ty::I64 : scales[2 * i + 1] == 32 ? Ty::I32
               : scales[2 * i + 1] == 16 ? Ty::I16 : scales[2 * i + 1] == 8 ? Ty::I8 : Ty::I1;
        std::int64_t v = read_signed(f.base[f.fn->extra[in.extra + i]] + std::size_t(l) * ir::ty_size(t), t);
        p += static_cast<std::uint64_t>(v * scales[2 * i]);
      }
      d[l] = p;
    }
    return;
  }
  std::uint32_t size = in.size;
  std::uint32_t reg_size = f.fn->registers[in.op == Op::Load ? in.dst : in.a].size;
  if (reg_size == size && with_access_size(size, [&](auto n) {
        access_lanes_of_size<decltype(n)::value>(f, in, lanes);
      }))
    return;
  if (in.op == Op::Load) {
    const auto* ptr = reg<std::uint64_t>(f, in.a);
    std::byte* d = f.base[in.dst];
    if (observer_) observe(f, in, Access::Read, in.aux, size, in.c, lanes, ptr, nullptr, 0);
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.full ? k : lanes.ids[k];
      std::uint64_t p = ptr[l];
      if (!check(p, size)) {
        refused_access(in, l, p, size,
                       fmt::format("load of {} bytes at 0x{:x} outside every memory object the "
                                   "kernel can reach (address space {})", size, p, in.aux));
        std::memset(d + std::size_t(l) * reg_size, 0, reg_size);
        continue;
      }
      std::memcpy(d + std::size_t(l) * reg_size, reinterpret_cast<const void*>(p), size);
    }
    return;
  }
  const auto* ptr = reg<std::uint64_t>(f, in.b);
  const std::byte* v = f.base[in.a];
  if (observer_) observe(f, in, Access::Write, in.aux, size, in.c, lanes, ptr, v, reg_size);
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.full ? k : lanes.ids[k];
    std::uint64_t p = ptr[l];
    if (!check(p, size)) {
      // A store partly inside an object writes the bytes that are, as a device does; only the
      // rest is refused and reported.
      const std::uint32_t inside = store_inside(p, v + std::size_t(l) * reg_size, size);
      refused_access(in, l, p, size,
                     fmt::format("store of {} bytes at 0x{:x} {}outside every memory object the "
                                 "kernel can reach (address space {})", size, p,
                                 inside ? fmt::format("({} of them inside) partly ", inside) : "",
                                 in.aux));
      continue;
    }
    std::memcpy(reinterpret_cast<void*>(p), v + std::size_t(l) * reg_size, size);
  }
}

void WorkGroupRunner::atomic(Frame& f, const Instr& in, const LaneSet& lanes) {
  const auto* ptr = reg<std::uint64_t>(f, in.a);
  unsigned size = ir::ty_size(in.ty);
  // A compare-exchange stores only where its comparison holds: the observers hear its lanes
  // after it, the ones that stored as atomic updates and the others as atomic reads.
  const bool compares = in.op == Op::CmpXchg;
  if (observer_ && !compares) observe(f, in, Access::Atomic, in.aux, size, size, lanes, ptr, nullptr, 0);
  if (observer_ && compares) {
    exchanged_.clear();
    failed_.clear();
  }
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::uint32_t l = lanes.full ? k : lanes.ids[k];
    std::uint64_t p = ptr[l];
    if (!check(p, size) || p % size != 0) {
      problem(in,
              p < 4096        ? EngineEvent::NullPage
              : p % size != 0 ? EngineEvent::MisalignedAtomic
                              : EngineEvent::OutsideObjects,
              fmt::format("atomic access of {} bytes at 0x{:x} outside every memory object "
                          "or misaligned", size, p),
              l, p, size);
      if (observer_ && compares) exchanged_.push_back(l);
      continue;
    }
    if (in.op == Op::CmpXchg) {
      std::uint32_t agg = f.fn->registers[in.dst].size;
      with_int(in.ty, [&](auto tag) {
        using U = typename decltype(tag)::type;
        std::atomic_ref<U> target(*reinterpret_cast<U*>(p));
        U expected = reg<U>(f, in.b)[l];
        U desired = reg<U>(f, in.c)[l];
        bool ok = target.compare_exchange_strong(expected, desired);
        std::byte* d = f.base[in.dst] + std::size_t(l) * agg;
        std::memcpy(d, &expected, sizeof(U));
        d[in.imm] = std::byte(ok ? 1 : 0);
        if (observer_) (ok ? exchanged_ : failed_).push_back(l);
      });
      continue;
    }
    // llvm::AtomicRMWInst::BinOp: Xchg, Add, Sub, And, Nand, Or, Xor, Max, Min, UMax, UMin,
    // FAdd, FSub, FMax, FMin.
    auto op = static_cast<int>(in.imm);
    if (in.ty == Ty::F32 || in.ty == Ty::F64 || op >= 11) {
      with_float(in.ty == Ty::F64 || in.ty == Ty::I64 ? Ty::F64 : Ty::F32, [&](auto tag) {
        using T = typename decltype(tag)::type;
        std::atomic_ref<T> target(*reinterpret_cast<T*>(p));
        T v = reg<T>(f, in.b)[l];
        T old = target.load();
        T next;
        do {
          switch (op) {
            case 0: next = v; break;
            case 11: next = old + v; break;
            case 12: next = old - v; break;
            case 13: next = std::fmax(old, v); break;
            default: next = std::fmin(old, v); break;
          }
        } while (!target.compare_exchange_weak(old, next));
        reg<T>(f, in.dst)[l] = old;
      });
      continue;
    }
    with_int(in.ty, [&](auto tag) {
      using U = typename decltype(tag)::type;
      using S = std::make_signed_t<U>;
      std::atomic_ref<U> target(*reinterpret_cast<U*>(p));
      U v = reg<U>(f, in.b)[l];
      U old = target.load();
      U next;
      do {
        switch (op) {
          case 0: next = v; break;
          case 1: next = U(old + v); break;
          case 2: next = U(old - v); break;
          case 3: next = U(old & v); break;
          case 4: next = U(~(old & v)); break;
          case 5: next = U(old | v); break;
          case 6: next = U(old ^ v); break;
          case 7: next = S(old) > S(v) ? old : v; break;
          case 8: next = S(old) < S(v) ? old : v; break;
          case 9: next = old > v ? old : v; break;
          default: next = old < v ? old : v; break;
        }
      } while (!target.compare_exchange_weak(old, next));
      reg<U>(f, in.dst)[l] = old;
    });
  }
  if (observer_ && compares) {
    const LaneSet stored{exchanged_.data(), static_cast<std::uint32_t>(exchanged_.size()), false};
    const LaneSet read{failed_.data(), static_cast<std::uint32_t>(failed_.size()), false};
    if (stored.count) observe(f, in, Access::Atomic, in.aux, size, size, stored, ptr, nullptr, 0);
    if (read.count) observe(f, in, Access::AtomicRead, in.aux, size, size, read, ptr, nullptr, 0);
  }
}

void WorkGroupRunner::builtin(Frame& f, const Instr& in, const LaneSet& lanes) {
  const ir::BuiltinSite& site = module_.builtins[in.imm];
  // Grown, never shrunk: each resize to a smaller site and back default-constructed the
  // operands again (a tenth of a groups-of-one kernel's instructions went there).
  if (operand_scratch_.size() < site.args.size()) operand_scratch_.resize(site.args.size());
  for (std::size_t i = 0; i < site.args.size(); ++i) {
    const ir::BuiltinArg& a = site.args[i];
    Operand& o = operand_scratch_[i];
    o.base = f.base[a.reg];
    o.stride = f.fn->registers[a.reg].size;
    o.width = a.width;
    o.scalar = a.scalar;
    o.pointer = a.pointer;
    o.address_space = a.address_space;
  }
  BuiltinCall call;
  if (site.result.reg != ir::kNoRegister) {
    call.result.base = f.base[site.result.reg];
    call.result.stride = site.result_size;
    call.result.width = site.result.width;
    call.result.scalar = site.result.scalar;
  }
  call.args = operand_scratch_.data();
  call.arg_count = static_cast<std::uint32_t>(site.args.size());
  std::uint32_t* ids = lanes.full ? all_lanes_.data() : const_cast<std::uint32_t*>(lanes.ids);
  call.lanes = Lanes{ids, lanes.count};
  call.context = this;
  current_instr_ = &in;
  site.fn(call);
  current_instr_ = nullptr;
}

}  // namespace clvet::interp
