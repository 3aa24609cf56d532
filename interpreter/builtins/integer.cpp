// The integer built-ins (OpenCL C 1.2 §6.12.3, tables 6.10 and 6.11, and ctz from 2.0) for
// char to ulong, scalars and vectors, including the min/max/clamp overloads with scalar bounds.
#include <bit>
#include <limits>
#include <type_traits>

#include "componentwise.h"

namespace clvet::interp {
namespace {

using namespace componentwise;

template <class T>
using Unsigned = std::make_unsigned_t<T>;
template <class T>
constexpr int kBits = int(sizeof(T) * 8);

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

// An integer type that holds the product of two T and one more T without overflow.
template <class T>
using Wide =
    std::conditional_t<(sizeof(T) < 8),
                       std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>,
                       std::conditional_t<std::is_signed_v<T>, Int128, UInt128>>;

template <class T>
constexpr T kMax = std::numeric_limits<T>::max();
template <class T>
constexpr T kMin = std::numeric_limits<T>::min();

struct Abs {
  template <class T>
  Unsigned<T> operator()(T x) const {
    using U = Unsigned<T>;
    if constexpr (std::is_signed_v<T>)
      if (x < 0) return U(U(0) - U(x));
    return U(x);
  }
};

struct AbsDiff {
  template <class T>
  Unsigned<T> operator()(T x, T y) const {
    // The true difference fits in the unsigned type, so the modular subtraction is exact.
    using U = Unsigned<T>;
    return x > y ? U(U(x) - U(y)) : U(U(y) - U(x));
  }
};

struct AddSat {
  template <class T>
  T operator()(T x, T y) const {
    T r;
    if (!__builtin_add_overflow(x, y, &r)) return r;
    if constexpr (std::is_signed_v<T>) return y > 0 ? kMax<T> : kMin<T>;
    return kMax<T>;
  }
};

struct SubSat {
  template <class T>
  T operator()(T x, T y) const {
    T r;
    if (!__builtin_sub_overflow(x, y, &r)) return r;
    if constexpr (std::is_signed_v<T>) return y < 0 ? kMax<T> : kMin<T>;
    return T(0);
  }
};

// (x + y) >> 1 and (x + y + 1) >> 1 without the sum: with x = 2a + r and y = 2b + s, the
// floor of the half sum is a + b + (r & s), and of the rounded one a + b + (r | s).
struct HAdd {
  template <class T>
  T operator()(T x, T y) const {
    return T((x >> 1) + (y >> 1) + (x & y & 1));
  }
};
struct RHAdd {
  template <class T>
  T operator()(T x, T y) const {
    return T((x >> 1) + (y >> 1) + ((x | y) & 1));
  }
};

struct Max {
  template <class T>
  T operator()(T x, T y) const {
    return x < y ? y : x;
  }
};
struct Min {
  template <class T>
  T operator()(T x, T y) const {
    return y < x ? y : x;
  }
};
struct Clamp {
  template <class T>
  T operator()(T x, T lo, T hi) const {
    return Min{}(Max{}(x, lo), hi);
  }
};

struct Clz {
  template <class T>
  T operator()(T x) const {
    return T(std::countl_zero(Unsigned<T>(x)));
  }
};
struct Ctz {
  template <class T>
  T operator()(T x) const {
    return T(std::countr_zero(Unsigned<T>(x)));
  }
};
struct Popcount {
  template <class T>
  T operator()(T x) const {
    return T(std::popcount(Unsigned<T>(x)));
  }
};

struct MulHi {
  template <class T>
  T operator()(T x, T y) const {
    return T((Wide<T>(x) * Wide<T>(y)) >> kBits<T>);
  }
};
struct MadHi {
  template <class T>
  T operator()(T a, T b, T c) const {
    using U = Unsigned<T>;
    return T(U(U(MulHi{}(a, b)) + U(c)));
  }
};
struct MadSat {
  template <class T>
  T operator()(T a, T b, T c) const {
    const Wide<T> r = Wide<T>(a) * Wide<T>(b) + Wide<T>(c);
    if (r > Wide<T>(kMax<T>)) return kMax<T>;
    if constexpr (std::is_signed_v<T>)
      if (r < Wide<T>(kMin<T>)) return kMin<T>;
    return T(r);
  }
};

// Shift counts are taken modulo the element width (§6.3 j), so a negative count rotates right.
struct Rotate {
  template <class T>
  T operator()(T v, T i) const {
    using U = Unsigned<T>;
    return T(std::rotl(U(v), int(U(i) & U(kBits<T> - 1))));
  }
};

// mul24 uses the low 24 bits of each operand, as a signed or unsigned 24-bit integer; outside
// that range the result is implementation-defined, and this is the devices' usual choice.
struct Mul24 {
  template <class T>
  T operator()(T x, T y) const {
    if constexpr (std::is_signed_v<T>) {
      const std::int64_t a = std::int32_t(std::uint32_t(x) << 8) >> 8;
      const std::int64_t b = std::int32_t(std::uint32_t(y) << 8) >> 8;
      return T(std::uint32_t(a * b));
    } else {
      return T((std::uint64_t(x & 0xffffffu) * (y & 0xffffffu)));
    }
  }
};
struct Mad24 {
  template <class T>
  T operator()(T x, T y, T z) const {
    return T(std::uint32_t(Mul24{}(x, y)) + std::uint32_t(z));
  }
};

// upsample(hi, lo): hi in the upper half of the twice-as-wide result, lo (unsigned) below.
template <class H>
using Upsampled = std::conditional_t<
    sizeof(H) == 1, std::conditional_t<std::is_signed_v<H>, std::int16_t, std::uint16_t>,
    std::conditional_t<sizeof(H) == 2,
                       std::conditional_t<std::is_signed_v<H>, std::int32_t, std::uint32_t>,
                       std::conditional_t<std::is_signed_v<H>, std::int64_t, std::uint64_t>>>;

struct Upsample {
  template <class H>
  Upsampled<H> operator()(H hi, Unsigned<H> lo) const {
    using U = Unsigned<Upsampled<H>>;
    return Upsampled<H>(U(U(U(hi) << kBits<H>) | U(lo)));
  }
};

template <class Op>
BuiltinFn unary(const Signature& s) {
  if (!same_types(s, 1)) return nullptr;
  return with_integer(s.params[0].scalar,
                      []<class T>() -> BuiltinFn { return &apply<Op, decltype(Op{}(T{})), T>; });
}

template <class Op>
BuiltinFn binary(const Signature& s) {
  if (!same_types(s, 2)) return nullptr;
  return with_integer(s.params[0].scalar, []<class T>() -> BuiltinFn {
    return &apply<Op, decltype(Op{}(T{}, T{})), T, T>;
  });
}

template <class Op>
BuiltinFn ternary(const Signature& s) {
  if (!same_types(s, 3)) return nullptr;
  return with_integer(s.params[0].scalar,
                      []<class T>() -> BuiltinFn { return &apply<Op, T, T, T, T>; });
}

// min/max(gentype, sgentype) and clamp(gentype, sgentype, sgentype): the scalar bounds are
// widened; the bounds of clamp agree with each other.
BuiltinFn resolve_min(const Signature& s) {
  if (!broadcast_types(s, 2) || s.params[1].width > s.params[0].width) return nullptr;
  return with_integer(s.params[0].scalar,
                      []<class T>() -> BuiltinFn { return &apply<Min, T, T, T>; });
}
BuiltinFn resolve_max(const Signature& s) {
  if (!broadcast_types(s, 2) || s.params[1].width > s.params[0].width) return nullptr;
  return with_integer(s.params[0].scalar,
                      []<class T>() -> BuiltinFn { return &apply<Max, T, T, T>; });
}
BuiltinFn resolve_clamp(const Signature& s) {
  if (!broadcast_types(s, 3) || s.params[1].width != s.params[2].width ||
      s.params[1].width > s.params[0].width)
    return nullptr;
  return with_integer(s.params[0].scalar,
                      []<class T>() -> BuiltinFn { return &apply<Clamp, T, T, T, T>; });
}

// mul24 and mad24 are defined for int and uint only (table 6.11).
template <class Op, std::size_t Count>
BuiltinFn resolve_24(const Signature& s) {
  if (!same_types(s, Count)) return nullptr;
  const Scalar e = s.params[0].scalar;
  auto instance = []<class T>() -> BuiltinFn {
    if constexpr (Count == 2)
      return &apply<Op, T, T, T>;
    else
      return &apply<Op, T, T, T, T>;
  };
  if (e == Scalar::Int) return instance.template operator()<std::int32_t>();
  if (e == Scalar::UInt) return instance.template operator()<std::uint32_t>();
  return nullptr;
}

Scalar unsigned_of(Scalar s) {
  switch (s) {
    case Scalar::Char:
      return Scalar::UChar;
    case Scalar::Short:
      return Scalar::UShort;
    case Scalar::Int:
      return Scalar::UInt;
    case Scalar::Long:
      return Scalar::ULong;
    default:
      return s;
  }
}

BuiltinFn resolve_upsample(const Signature& s) {
  if (s.params.size() != 2 || !is_value(s.params[0]) || !is_value(s.params[1])) return nullptr;
  const ParamType& hi = s.params[0];
  const ParamType& lo = s.params[1];
  if (lo.width != hi.width || lo.scalar != unsigned_of(hi.scalar)) return nullptr;
  if (hi.scalar == Scalar::Long || hi.scalar == Scalar::ULong) return nullptr;
  return with_integer(hi.scalar, []<class H>() -> BuiltinFn {
    if constexpr (sizeof(H) == 8) {
      return nullptr;
    } else {
      return &apply<Upsample, Upsampled<H>, H, Unsigned<H>>;
    }
  });
}

}  // namespace

void register_integer_builtins(BuiltinRegistry& r) {
  r.add("abs", &unary<Abs>);
  r.add("abs_diff", &binary<AbsDiff>);
  r.add("add_sat", &binary<AddSat>);
  r.add("hadd", &binary<HAdd>);
  r.add("rhadd", &binary<RHAdd>);
  r.add("clamp", &resolve_clamp);
  r.add("clz", &unary<Clz>);
  r.add("ctz", &unary<Ctz>);
  r.add("mad_hi", &ternary<MadHi>);
  r.add("mad_sat", &ternary<MadSat>);
  r.add("max", &resolve_max);
  r.add("min", &resolve_min);
  r.add("mul_hi", &binary<MulHi>);
  r.add("rotate", &binary<Rotate>);
  r.add("sub_sat", &binary<SubSat>);
  r.add("upsample", &resolve_upsample);
  r.add("popcount", &unary<Popcount>);
  r.add("mad24", &resolve_24<Mad24, 3>);
  r.add("mul24", &resolve_24<Mul24, 2>);
}

}  // namespace clvet::interp
