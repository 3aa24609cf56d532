// The LLVM intrinsics Clang 15 and the optimiser emit for OpenCL C, over all active lanes:
// memory intrinsics, floating-point helpers, bit manipulation, saturating and overflow
// arithmetic, and vector reductions.
#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "builtins/half_arithmetic.h"
#include "exec/array_index_check.h"
#include "exec/frame.h"
#include "exec/type_dispatch.h"
#include "exec/work_group.h"

namespace clvet::interp {

using ir::Instr;
using ir::IntrinsicKind;
using ir::Ty;
using LaneSet = WorkGroupRunner::LaneSet;
using Frame = WorkGroupRunner::Frame;

namespace {

template <class T, class R = T, class F>
void each(const LaneSet& lanes, unsigned w, F op) {
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::size_t o = std::size_t(lanes.ids[k]) * w;
    for (unsigned c = 0; c < w; ++c) op(o + c);
  }
}

template <class U>
U bit_reverse(U v) {
  U r = 0;
  for (unsigned i = 0; i < sizeof(U) * 8; ++i) r |= U((v >> i) & 1) << (sizeof(U) * 8 - 1 - i);
  return r;
}
template <class U>
U byte_swap(U v) {
  U r = 0;
  for (unsigned i = 0; i < sizeof(U); ++i) r |= U((v >> (8 * i)) & 0xff) << (8 * (sizeof(U) - 1 - i));
  return r;
}

// The float intrinsics on halves: each computed on the floats the halves widen to and rounded
// once to half, exact or correctly rounded (builtins/half_arithmetic.h); fma rounds once from
// the exact sum; a reduction rounds to half after each step, as the sequential order does.
void half_intrinsic(Frame& f, const Instr& in, const LaneSet& lanes) {
  using H = std::uint16_t;
  auto kind = static_cast<IntrinsicKind>(in.imm);
  unsigned w = in.width;
  auto widen = [](H x) { return half_to_float(x); };
  if (kind == IntrinsicKind::ReduceFAdd || kind == IntrinsicKind::ReduceFMul ||
      kind == IntrinsicKind::ReduceFMax || kind == IntrinsicKind::ReduceFMin) {
    H* d = reg<H>(f, in.dst);
    const bool has_start = kind == IntrinsicKind::ReduceFAdd || kind == IntrinsicKind::ReduceFMul;
    const H* v = reg<H>(f, has_start ? in.b : in.a);
    const H* start = has_start ? reg<H>(f, in.a) : nullptr;
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::uint32_t l = lanes.ids[k];
      H acc = has_start ? start[l] : v[std::size_t(l) * w];
      for (unsigned c = has_start ? 0 : 1; c < w; ++c) {
        const float x = widen(v[std::size_t(l) * w + c]), y = widen(acc);
        switch (kind) {
          case IntrinsicKind::ReduceFAdd: acc = half_of(y + x); break;
          case IntrinsicKind::ReduceFMul: acc = half_of(y * x); break;
          case IntrinsicKind::ReduceFMax: acc = half_of(std::fmax(y, x)); break;
          default: acc = half_of(std::fmin(y, x)); break;
        }
      }
      d[l] = acc;
    }
    return;
  }
  H* d = reg<H>(f, in.dst);
  const H* a = reg<H>(f, in.a);
  const H* b = in.b != ir::kNoRegister ? reg<H>(f, in.b) : nullptr;
  const H* c = in.c != ir::kNoRegister ? reg<H>(f, in.c) : nullptr;
  auto unary = [&](auto op) { each<H>(lanes, w, [&](std::size_t i) { d[i] = half_of(op(widen(a[i]))); }); };
  auto binary = [&](auto op) {
    each<H>(lanes, w, [&](std::size_t i) { d[i] = half_of(op(widen(a[i]), widen(b[i]))); });
  };
  constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
  switch (kind) {
    case IntrinsicKind::FMulAdd:
    case IntrinsicKind::Fma: each<H>(lanes, w, [&](std::size_t i) { d[i] = half_fma(a[i], b[i], c[i]); }); return;
    case IntrinsicKind::FAbs: each<H>(lanes, w, [&](std::size_t i) { d[i] = H(a[i] & 0x7fff); }); return;
    case IntrinsicKind::CopySign:
      each<H>(lanes, w, [&](std::size_t i) { d[i] = H((a[i] & 0x7fff) | (b[i] & 0x8000)); });
      return;
    case IntrinsicKind::Sqrt: return unary([](float x) { return std::sqrt(x); });
    case IntrinsicKind::MinNum: return binary([](float x, float y) { return std::fmin(x, y); });
    case IntrinsicKind::MaxNum: return binary([](float x, float y) { return std::fmax(x, y); });
    case IntrinsicKind::Minimum:
      return binary([](float x, float y) {
        return std::isnan(x) || std::isnan(y) ? kNaN
               : x == y ? (std::signbit(x) ? x : y) : std::fmin(x, y);
      });
    case IntrinsicKind::Maximum:
      return binary([](float x, float y) {
        return std::isnan(x) || std::isnan(y) ? kNaN
               : x == y ? (std::signbit(x) ? y : x) : std::fmax(x, y);
      });
    case IntrinsicKind::Floor: return unary([](float x) { return std::floor(x); });
    case IntrinsicKind::Ceil: return unary([](float x) { return std::ceil(x); });
    case IntrinsicKind::Trunc: return unary([](float x) { return std::trunc(x); });
    case IntrinsicKind::Rint:
    case IntrinsicKind::NearbyInt:
    case IntrinsicKind::RoundEven: return unary([](float x) { return std::nearbyint(x); });
    case IntrinsicKind::Round: return unary([](float x) { return std::round(x); });
    default: return;
  }
}

// Floating-point intrinsics (fma, fabs, sqrt, min/max, rounding) and their vector reductions.
void float_intrinsic(Frame& f, const Instr& in, const LaneSet& lanes) {
  auto kind = static_cast<IntrinsicKind>(in.imm);
  unsigned w = in.width;
  if (in.ty == Ty::F16) return half_intrinsic(f, in, lanes);
  switch (kind) {
    case IntrinsicKind::FMulAdd: case IntrinsicKind::Fma: case IntrinsicKind::FAbs:
    case IntrinsicKind::Sqrt: case IntrinsicKind::MinNum: case IntrinsicKind::MaxNum:
    case IntrinsicKind::Minimum: case IntrinsicKind::Maximum: case IntrinsicKind::CopySign:
    case IntrinsicKind::Floor: case IntrinsicKind::Ceil: case IntrinsicKind::Trunc:
    case IntrinsicKind::Rint: case IntrinsicKind::NearbyInt: case IntrinsicKind::Round:
    case IntrinsicKind::RoundEven:
      with_float(in.ty, [&](auto tag) {
        using T = typename decltype(tag)::type;
        T* d = reg<T>(f, in.dst);
        const T* a = reg<T>(f, in.a);
        const T* b = in.b != ir::kNoRegister ? reg<T>(f, in.b) : nullptr;
        const T* c = in.c != ir::kNoRegister ? reg<T>(f, in.c) : nullptr;
        switch (kind) {
          case IntrinsicKind::FMulAdd:
          case IntrinsicKind::Fma: each<T>(lanes, w, [&](std::size_t i) { d[i] = std::fma(a[i], b[i], c[i]); }); break;
          case IntrinsicKind::FAbs: each<T>(lanes, w, [&](std::size_t i) { d[i] = std::fabs(a[i]); }); break;
          case IntrinsicKind::Sqrt: each<T>(lanes, w, [&](std::size_t i) { d[i] = std::sqrt(a[i]); }); break;
          case IntrinsicKind::MinNum: each<T>(lanes, w, [&](std::size_t i) { d[i] = std::fmin(a[i], b[i]); }); break;
          case IntrinsicKind::MaxNum: each<T>(lanes, w, [&](std::size_t i) { d[i] = std::fmax(a[i], b[i]); }); break;
          case IntrinsicKind::Minimum:
            each<T>(lanes, w, [&](std::size_t i) {
              d[i] = std::isnan(a[i]) || std::isnan(b[i]) ? std::numeric_limits<T>::quiet_NaN()
                     : (a[i] == b[i] ? (std::signbit(a[i]) ? a[i] : b[i]) : std::fmin(a[i], b[i]));
            });
            break;
          case IntrinsicKind::Maximum:
            each<T>(lanes, w, [&](std::size_t i) {
              d[i] = std::isnan(a[i]) || std::isnan(b[i]) ? std::numeric_limits<T>::quiet_NaN()
                     : (a[i] == b[i] ? (std::signbit(a[i]) ? b[i] : a[i]) : std::fmax(a[i], b[i]));
            });
            break;
          case IntrinsicKind::CopySign: each<T>(lanes, w, [&](std::size_t i) { d[i] = std::copysign(a[i], b[i]); }); break;
          case IntrinsicKind::Floor: each<T>(lanes, w, [&](std::size_t i) { d[i] = std::floor(a[i]); }); break;
          case IntrinsicKind::Ceil: each<T>(lanes, w, [&](std::size_t i) { d[i] = std::ceil(a[i]); }); break;
          case IntrinsicKind::Trunc: each<T>(lanes, w, [&](std::size_t i) { d[i] = std::trunc(a[i]); }); break;
          case IntrinsicKind::Rint:
          case IntrinsicKind::NearbyInt:
          case IntrinsicKind::RoundEven: each<T>(lanes, w, [&](std::size_t i) { d[i] = std::nearbyint(a[i]); }); break;
          default: each<T>(lanes, w, [&](std::size_t i) { d[i] = std::round(a[i]); }); break;
        }
      });
      return;
    case IntrinsicKind::ReduceFAdd: case IntrinsicKind::ReduceFMul:
    case IntrinsicKind::ReduceFMax: case IntrinsicKind::ReduceFMin:
      with_float(in.ty, [&](auto tag) {
        using T = typename decltype(tag)::type;
        T* d = reg<T>(f, in.dst);
        bool has_start = kind == IntrinsicKind::ReduceFAdd || kind == IntrinsicKind::ReduceFMul;
        const T* v = reg<T>(f, has_start ? in.b : in.a);
        const T* start = has_start ? reg<T>(f, in.a) : nullptr;
        for (std::uint32_t k = 0; k < lanes.count; ++k) {
          std::uint32_t l = lanes.ids[k];
          T acc = has_start ? start[l] : v[std::size_t(l) * w];
          for (unsigned c = has_start ? 0 : 1; c < w; ++c) {
            T x = v[std::size_t(l) * w + c];
            switch (kind) {
              case IntrinsicKind::ReduceFAdd: acc += x; break;
              case IntrinsicKind::ReduceFMul: acc *= x; break;
              case IntrinsicKind::ReduceFMax: acc = std::fmax(acc, x); break;
              default: acc = std::fmin(acc, x); break;
            }
          }
          d[l] = acc;
        }
      });
      return;
    default:
      return;
  }
}

// Integer intrinsics: abs, min/max, funnel shifts, bit counts, saturating and overflow
// arithmetic, and vector reductions.
void integer_intrinsic(Frame& f, const Instr& in, const LaneSet& lanes) {
  auto kind = static_cast<IntrinsicKind>(in.imm);
  unsigned w = in.width;
  unsigned bits = in.ty == Ty::I1 ? 1 : ir::ty_size(in.ty) * 8;
  with_int(in.ty, [&](auto tag) {
    using U = typename decltype(tag)::type;
    using S = std::make_signed_t<U>;
    const U* a = reg<U>(f, in.a);
    const U* b = in.b != ir::kNoRegister ? reg<U>(f, in.b) : nullptr;
    const U* c = in.c != ir::kNoRegister ? reg<U>(f, in.c) : nullptr;
    constexpr U kMax = std::numeric_limits<U>::max();
    constexpr S kSMax = std::numeric_limits<S>::max();
    constexpr S kSMin = std::numeric_limits<S>::min();
    switch (kind) {
      case IntrinsicKind::Abs: {
        U* d = reg<U>(f, in.dst);
        each<U>(lanes, w, [&](std::size_t i) { d[i] = S(a[i]) < 0 ? U(U(0) - a[i]) : a[i]; });
        return;
      }
      case IntrinsicKind::SMin: { U* d = reg<U>(f, in.dst); each<U>(lanes, w, [&](std::size_t i) { d[i] = S(a[i]) < S(b[i]) ? a[i] : b[i]; }); return; }
      case IntrinsicKind::SMax: { U* d = reg<U>(f, in.dst); each<U>(lanes, w, [&](std::size_t i) { d[i] = S(a[i]) > S(b[i]) ? a[i] : b[i]; }); return; }
      case IntrinsicKind::UMin: { U* d = reg<U>(f, in.dst); each<U>(lanes, w, [&](std::size_t i) { d[i] = a[i] < b[i] ? a[i] : b[i]; }); return; }
      case IntrinsicKind::UMax: { U* d = reg<U>(f, in.dst); each<U>(lanes, w, [&](std::size_t i) { d[i] = a[i] > b[i] ? a[i] : b[i]; }); return; }
      case IntrinsicKind::FShl:
      case IntrinsicKind::FShr: {
        U* d = reg<U>(f, in.dst);
        each<U>(lanes, w, [&](std::size_t i) {
          unsigned s = unsigned(c[i] % bits);
          if (s == 0) { d[i] = kind == IntrinsicKind::FShl ? a[i] : b[i]; return; }
          d[i] = kind == IntrinsicKind::FShl ? U((a[i] << s) | (b[i] >> (bits - s)))
                                             : U((a[i] << (bits - s)) | (b[i] >> s));
        });
        return;
      }
      case IntrinsicKind::CtPop: { U* d = reg<U>(f, in.dst); each<U>(lanes, w, [&](std::size_t i) { d[i] = U(std::popcount(a[i])); }); return; }
      case IntrinsicKind::CtLz: { U* d = reg<U>(f, in.dst); each<U>(lanes, w, [&](std::size_t i) { d[i] = U(std::countl_zero(a[i])); }); return; }
      case IntrinsicKind::CtTz: { U* d = reg<U>(f, in.dst); each<U>(lanes, w, [&](std::size_t i) { d[i] = U(std::countr_zero(a[i])); }); return; }
      case IntrinsicKind::BSwap: { U* d = reg<U>(f, in.dst); each<U>(lanes, w, [&](std::size_t i) { d[i] = byte_swap(a[i]); }); return; }
      case IntrinsicKind::BitReverse: { U* d = reg<U>(f, in.dst); each<U>(lanes, w, [&](std::size_t i) { d[i] = bit_reverse(a[i]); }); return; }
      case IntrinsicKind::UAddSat: { U* d = reg<U>(f, in.dst); each<U>(lanes, w, [&](std::size_t i) { U r = U(a[i] + b[i]); d[i] = r < a[i] ? kMax : r; }); return; }
      case IntrinsicKind::USubSat: { U* d = reg<U>(f, in.dst); each<U>(lanes, w, [&](std::size_t i) { d[i] = a[i] > b[i] ? U(a[i] - b[i]) : U(0); }); return; }
      case IntrinsicKind::SAddSat:
      case IntrinsicKind::SSubSat: {
        U* d = reg<U>(f, in.dst);
        each<U>(lanes, w, [&](std::size_t i) {
          S r;
          bool overflow = kind == IntrinsicKind::SAddSat ? __builtin_add_overflow(S(a[i]), S(b[i]), &r)
                                                         : __builtin_sub_overflow(S(a[i]), S(b[i]), &r);
          // On overflow the exact result has the sign the second operand pushed it toward.
          bool up = kind == IntrinsicKind::SAddSat ? S(b[i]) > 0 : S(b[i]) < 0;
          d[i] = U(overflow ? (up ? kSMax : kSMin) : r);
        });
        return;
      }
      case IntrinsicKind::SAddOverflow: case IntrinsicKind::UAddOverflow:
      case IntrinsicKind::SSubOverflow: case IntrinsicKind::USubOverflow:
      case IntrinsicKind::SMulOverflow: case IntrinsicKind::UMulOverflow: {
        std::uint32_t agg = f.fn->registers[in.dst].size;
        for (std::uint32_t k = 0; k < lanes.count; ++k) {
          std::uint32_t l = lanes.ids[k];
          U r;
          bool overflow;
          switch (kind) {
            case IntrinsicKind::SAddOverflow: { S s; overflow = __builtin_add_overflow(S(a[l]), S(b[l]), &s); r = U(s); break; }
            case IntrinsicKind::UAddOverflow: overflow = __builtin_add_overflow(a[l], b[l], &r); break;
            case IntrinsicKind::SSubOverflow: { S s; overflow = __builtin_sub_overflow(S(a[l]), S(b[l]), &s); r = U(s); break; }
            case IntrinsicKind::USubOverflow: overflow = __builtin_sub_overflow(a[l], b[l], &r); break;
            case IntrinsicKind::SMulOverflow: { S s; overflow = __builtin_mul_overflow(S(a[l]), S(b[l]), &s); r = U(s); break; }
            default: overflow = __builtin_mul_overflow(a[l], b[l], &r); break;
          }
          std::byte* d = f.base[in.dst] + std::size_t(l) * agg;
          std::memcpy(d, &r, sizeof(U));
          d[in.extra] = std::byte(overflow ? 1 : 0);
        }
        return;
      }
      default: {
        // Integer reductions: the vector's elements into one scalar.
        U* d = reg<U>(f, in.dst);
        for (std::uint32_t k = 0; k < lanes.count; ++k) {
          std::uint32_t l = lanes.ids[k];
          const U* v = a + std::size_t(l) * w;
          U acc = v[0];
          for (unsigned e = 1; e < w; ++e) {
            switch (kind) {
              case IntrinsicKind::ReduceAdd: acc = U(acc + v[e]); break;
              case IntrinsicKind::ReduceMul: acc = U(acc * v[e]); break;
              case IntrinsicKind::ReduceAnd: acc &= v[e]; break;
              case IntrinsicKind::ReduceOr: acc |= v[e]; break;
              case IntrinsicKind::ReduceXor: acc ^= v[e]; break;
              case IntrinsicKind::ReduceSMax: acc = S(acc) > S(v[e]) ? acc : v[e]; break;
              case IntrinsicKind::ReduceSMin: acc = S(acc) < S(v[e]) ? acc : v[e]; break;
              case IntrinsicKind::ReduceUMax: acc = acc > v[e] ? acc : v[e]; break;
              default: acc = acc < v[e] ? acc : v[e]; break;
            }
          }
          if (in.ty == Ty::I1) acc &= 1;
          d[l] = acc;
        }
        return;
      }
    }
  });
}

}  // namespace

void WorkGroupRunner::intrinsic(Frame& f, const Instr& in, const LaneSet& lanes) {
  switch (static_cast<IntrinsicKind>(in.imm)) {
    case IntrinsicKind::IndexCheck:
    case IntrinsicKind::Memcpy:
    case IntrinsicKind::Memmove:
    case IntrinsicKind::Memset:
      return memory_intrinsic(f, in, lanes);
    case IntrinsicKind::FMulAdd: case IntrinsicKind::Fma: case IntrinsicKind::FAbs:
    case IntrinsicKind::Sqrt: case IntrinsicKind::MinNum: case IntrinsicKind::MaxNum:
    case IntrinsicKind::Minimum: case IntrinsicKind::Maximum: case IntrinsicKind::CopySign:
    case IntrinsicKind::Floor: case IntrinsicKind::Ceil: case IntrinsicKind::Trunc:
    case IntrinsicKind::Rint: case IntrinsicKind::NearbyInt: case IntrinsicKind::Round:
    case IntrinsicKind::RoundEven: case IntrinsicKind::ReduceFAdd: case IntrinsicKind::ReduceFMul:
    case IntrinsicKind::ReduceFMax: case IntrinsicKind::ReduceFMin:
      return float_intrinsic(f, in, lanes);
    default:
      return integer_intrinsic(f, in, lanes);
  }
}

// clvet's array index check, and memcpy, memmove and memset over the active lanes.
void WorkGroupRunner::memory_intrinsic(Frame& f, const Instr& in, const LaneSet& lanes) {
  auto kind = static_cast<IntrinsicKind>(in.imm);
  switch (kind) {
    case IntrinsicKind::IndexCheck: {
      if (!shared_.index_checks) return;
      const std::uint32_t stride = f.fn->registers[in.a].size;
      for (std::uint32_t k = 0; k < lanes.count; ++k) {
        std::uint32_t l = lanes.ids[k];
        const std::byte* index = f.base[in.a] + std::size_t(l) * stride;
        if (auto message = index_outside_array(in, *f.fn, module_, index))
          problem(in, EngineEvent::IndexOutsideArray, std::move(*message), l, 0, in.size);
      }
      return;
    }
    case IntrinsicKind::Memcpy:
    case IntrinsicKind::Memmove:
    case IntrinsicKind::Memset: {
      const auto* dst = reg<std::uint64_t>(f, in.a);
      for (std::uint32_t k = 0; k < lanes.count; ++k) {
        std::uint32_t l = lanes.ids[k];
        const std::uint64_t n = memory_intrinsic_length(f, in, l);
        if (n == 0) continue;
        std::uint64_t d = dst[l];
        if (observer_) {
          LaneSet one{&lanes.ids[k], 1, false};
          if (kind != IntrinsicKind::Memset)
            observe(f, in, Access::Read, static_cast<std::uint8_t>(in.aux2),
                    static_cast<std::uint32_t>(n), 1, one, reg<std::uint64_t>(f, in.b), nullptr, 0);
          observe(f, in, Access::Write, in.aux, static_cast<std::uint32_t>(n), 1, one, dst,
                  nullptr, 0);
        }
        if (!check(d, n)) {
          refused_access(in, l, d, n,
                         fmt::format("memory intrinsic writes {} bytes at 0x{:x} outside every "
                                     "memory object", n, d));
          continue;
        }
        if (kind == IntrinsicKind::Memset) {
          std::memset(reinterpret_cast<void*>(d), static_cast<int>(reg<std::uint8_t>(f, in.b)[l]), n);
          continue;
        }
        std::uint64_t s = reg<std::uint64_t>(f, in.b)[l];
        if (!check(s, n)) {
          refused_access(in, l, s, n,
                         fmt::format("memory intrinsic reads {} bytes at 0x{:x} outside every "
                                     "memory object", n, s));
          continue;
        }
        std::memmove(reinterpret_cast<void*>(d), reinterpret_cast<const void*>(s), n);
      }
      return;
    }
    default:
      return;
  }
}

}  // namespace clvet::interp
