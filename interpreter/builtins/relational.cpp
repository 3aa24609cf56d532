// The relational built-ins (OpenCL C 1.2 §6.12.6, table 6.14): the float and double
// comparisons and classifications, any and all on the most significant bit, bitselect, select.
#include <cmath>

#include "componentwise.h"

namespace clvet::interp {
namespace {

using namespace componentwise;

// A scalar test is 1 when true, a vector test -1 (all bits set) in each component (§6.12.6).
template <class R, bool Vector>
constexpr R truth(bool b) {
  return b ? R(Vector ? -1 : 1) : R(0);
}

// The comparisons are the quiet ones: NaN operands raise nothing (footnote 54).
struct IsEqual {
  template <class T>
  bool operator()(T x, T y) const {
    return x == y;
  }
};
struct IsNotEqual {
  template <class T>
  bool operator()(T x, T y) const {
    return !(x == y);
  }
};
struct IsGreater {
  template <class T>
  bool operator()(T x, T y) const {
    return std::isgreater(x, y);
  }
};
struct IsGreaterEqual {
  template <class T>
  bool operator()(T x, T y) const {
    return std::isgreaterequal(x, y);
  }
};
struct IsLess {
  template <class T>
  bool operator()(T x, T y) const {
    return std::isless(x, y);
  }
};
struct IsLessEqual {
  template <class T>
  bool operator()(T x, T y) const {
    return std::islessequal(x, y);
  }
};
struct IsLessGreater {
  template <class T>
  bool operator()(T x, T y) const {
    return std::islessgreater(x, y);
  }
};
struct IsOrdered {
  template <class T>
  bool operator()(T x, T y) const {
    return !std::isunordered(x, y);
  }
};
struct IsUnordered {
  template <class T>
  bool operator()(T x, T y) const {
    return std::isunordered(x, y);
  }
};
struct IsFinite {
  template <class T>
  bool operator()(T x) const {
    return std::isfinite(x);
  }
};
struct IsInf {
  template <class T>
  bool operator()(T x) const {
    return std::isinf(x);
  }
};
struct IsNan {
  template <class T>
  bool operator()(T x) const {
    return std::isnan(x);
  }
};
struct IsNormal {
  template <class T>
  bool operator()(T x) const {
    return std::isnormal(x);
  }
  // A half is normal by its own exponent field (neither 0 nor all ones): widened to float, a
  // half subnormal such as 0x1p-17 is a normal float.
  bool operator()(HalfFloat x) const {
    const unsigned exponent = (x.bits >> 10) & 0x1f;
    return exponent != 0 && exponent != 0x1f;
  }
};
struct SignBit {
  template <class T>
  bool operator()(T x) const {
    return std::signbit(x);
  }
};

template <class Test, class R, bool Vector>
struct Relation {
  template <class... T>
  R operator()(T... x) const {
    return truth<R, Vector>(Test{}(x...));
  }
};

// float gives int(n); double gives int as a scalar and long(n) as a vector; half int as a
// scalar and short(n) as a vector (cl_khr_fp16).
template <class Test, std::size_t Count>
BuiltinFn relation(const Signature& s) {
  if (!same_types(s, Count)) return nullptr;
  const bool vector = s.params[0].width > 1;
  return with_fp(s.params[0].scalar, [vector]<class T>() -> BuiltinFn {
    using R = std::conditional_t<std::is_same_v<T, double>, std::int64_t,
                                 std::conditional_t<std::is_same_v<T, HalfFloat>, std::int16_t,
                                                    std::int32_t>>;
    if constexpr (Count == 1)
      return vector ? &apply<Relation<Test, R, true>, R, T>
                    : &apply<Relation<Test, std::int32_t, false>, std::int32_t, T>;
    else
      return vector ? &apply<Relation<Test, R, true>, R, T, T>
                    : &apply<Relation<Test, std::int32_t, false>, std::int32_t, T, T>;
  });
}

// any and all read the sign bit of each component of a signed integer scalar or vector.
template <class T, bool All>
void any_all(const BuiltinCall& c) {
  const Operand& x = c.args[0];
  const unsigned n = x.width;
  c.lanes.for_each([&](std::uint32_t l) {
    const std::byte* p = x.base + std::size_t(l) * x.stride;
    bool r = All;
    for (unsigned j = 0; j < n; ++j) {
      const bool msb = load<T>(p + j * sizeof(T)) < 0;
      r = All ? r && msb : r || msb;
    }
    store<std::int32_t>(c.result.base + std::size_t(l) * c.result.stride, r ? 1 : 0);
  });
}

template <bool All>
BuiltinFn resolve_any_all(const Signature& s) {
  if (!same_types(s, 1)) return nullptr;
  return with_integer(s.params[0].scalar, []<class T>() -> BuiltinFn {
    if constexpr (std::is_signed_v<T>)
      return &any_all<T, All>;
    else
      return nullptr;
  });
}

// bitselect and select only move bits: one instantiation per element size serves integer and
// floating-point types alike.
struct BitSelect {
  template <class U>
  U operator()(U a, U b, U c) const {
    return U((a & ~c) | (b & c));
  }
};

template <bool Vector>
struct Select {
  template <class U>
  U operator()(U a, U b, U c) const {
    if constexpr (Vector)
      return (c >> (sizeof(U) * 8 - 1)) ? b : a;
    else
      return c ? b : a;
  }
};

bool is_element(Scalar s) {
  return is_integer(s) || is_fp(s);
}

BuiltinFn resolve_bitselect(const Signature& s) {
  if (!same_types(s, 3) || !is_element(s.params[0].scalar)) return nullptr;
  return with_bits(scalar_size(s.params[0].scalar),
                   []<class U>() -> BuiltinFn { return &apply<BitSelect, U, U, U, U>; });
}

// select(gentype a, gentype b, igentype or ugentype c): c has a's width and element size.
BuiltinFn resolve_select(const Signature& s) {
  if (s.params.size() != 3 || !is_value(s.params[0]) || s.params[1] != s.params[0]) return nullptr;
  const ParamType& a = s.params[0];
  const ParamType& c = s.params[2];
  if (!is_element(a.scalar) || !is_value(c) || !is_integer(c.scalar) || c.width != a.width ||
      scalar_size(c.scalar) != scalar_size(a.scalar))
    return nullptr;
  const bool vector = a.width > 1;
  return with_bits(scalar_size(a.scalar), [vector]<class U>() -> BuiltinFn {
    return vector ? &apply<Select<true>, U, U, U, U> : &apply<Select<false>, U, U, U, U>;
  });
}

}  // namespace

void register_relational_builtins(BuiltinRegistry& r) {
  r.add("isequal", &relation<IsEqual, 2>);
  r.add("isnotequal", &relation<IsNotEqual, 2>);
  r.add("isgreater", &relation<IsGreater, 2>);
  r.add("isgreaterequal", &relation<IsGreaterEqual, 2>);
  r.add("isless", &relation<IsLess, 2>);
  r.add("islessequal", &relation<IsLessEqual, 2>);
  r.add("islessgreater", &relation<IsLessGreater, 2>);
  r.add("isfinite", &relation<IsFinite, 1>);
  r.add("isinf", &relation<IsInf, 1>);
  r.add("isnan", &relation<IsNan, 1>);
  r.add("isnormal", &relation<IsNormal, 1>);
  r.add("isordered", &relation<IsOrdered, 2>);
  r.add("isunordered", &relation<IsUnordered, 2>);
  r.add("signbit", &relation<SignBit, 1>);
  r.add("any", &resolve_any_all<false>);
  r.add("all", &resolve_any_all<true>);
  r.add("bitselect", &resolve_bitselect);
  r.add("select", &resolve_select);
}

}  // namespace clvet::interp
