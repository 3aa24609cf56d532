// The geometric built-ins (OpenCL C 1.2 §6.12.5, table 6.13) for half, float and double, widths
// 1 to 4. Half and float results are computed in double and rounded once; double lengths are scaled by a power of
// two when the sum of squares could overflow or underflow (§7.5.1: "without overflow or
// extraordinary precision loss due to underflow").
#include <array>
#include <cmath>

#include "componentwise.h"

namespace clvet::interp {
namespace {

using namespace componentwise;

template <class T, unsigned N>
using Vec = std::array<T, N>;

template <class T, unsigned N>
Vec<T, N> load_vec(const Operand& o, std::size_t lane) {
  Vec<T, N> v;
  std::memcpy(v.data(), o.base + lane * o.stride, sizeof(T) * N);
  return v;
}
template <class T, unsigned N>
void store_vec(const Operand& o, std::size_t lane, const Vec<T, N>& v) {
  std::memcpy(o.base + lane * o.stride, v.data(), sizeof(T) * N);
}

template <class T, unsigned N>
T dot(const Vec<T, N>& a, const Vec<T, N>& b) {
  if constexpr (!std::is_same_v<T, double>) {
    // Products of floats (and halves) are exact in double: the only roundings are the sums and
    // the last.
    double sum = 0;
    for (unsigned i = 0; i < N; ++i) sum += double(a[i]) * double(b[i]);
    return T(sum);
  } else {
    double sum = 0;
    for (unsigned i = 0; i < N; ++i) sum = std::fma(a[i], b[i], sum);
    return sum;
  }
}

// Where the sum of squares of doubles neither overflows nor loses precision to underflow.
constexpr double kSafeLow = 0x1p-500;
constexpr double kSafeHigh = 0x1p+500;

template <class T, unsigned N>
T length(const Vec<T, N>& p) {
  if constexpr (!std::is_same_v<T, double>) {
    // A float (or half) squared cannot leave double's normal range.
    double sum = 0;
    for (unsigned i = 0; i < N; ++i) sum += double(p[i]) * double(p[i]);
    return T(std::sqrt(sum));
  } else {
    double m = 0;
    for (unsigned i = 0; i < N; ++i) {
      if (std::isnan(p[i])) return p[i];
      m = std::fmax(m, std::fabs(p[i]));
    }
    if (m == 0 || std::isinf(m)) return m;
    if (m > kSafeLow && m < kSafeHigh) return std::sqrt(dot<double, N>(p, p));
    // Scale the largest component to [1, 2): exact, and the sum stays below 16.
    const int e = std::ilogb(m);
    Vec<double, N> q;
    for (unsigned i = 0; i < N; ++i) q[i] = std::ldexp(p[i], -e);
    return std::ldexp(std::sqrt(dot<double, N>(q, q)), e);
  }
}

// The direction of p, with the edge cases of §7.5.1: all zeros are returned as they are, a NaN
// anywhere gives all NaNs, and infinite components count as +-1 and the finite ones as zeros.
template <class T, unsigned N>
Vec<T, N> normalize(Vec<T, N> p) {
  bool zero = true, infinite = false;
  for (unsigned i = 0; i < N; ++i) {
    if (std::isnan(p[i])) {
      p.fill(p[i]);
      return p;
    }
    zero = zero && p[i] == 0;
    infinite = infinite || std::isinf(p[i]);
  }
  if (zero) return p;
  if (infinite)
    for (unsigned i = 0; i < N; ++i)
      p[i] = std::isinf(p[i]) ? std::copysign(T(1), p[i]) : std::copysign(T(0), p[i]);
  Vec<double, N> q;
  for (unsigned i = 0; i < N; ++i) q[i] = double(p[i]);
  if constexpr (std::is_same_v<T, double>) {
    double m = 0;
    for (unsigned i = 0; i < N; ++i) m = std::fmax(m, std::fabs(q[i]));
    if (!(m > kSafeLow && m < kSafeHigh)) {
      const int e = std::ilogb(m);
      for (unsigned i = 0; i < N; ++i) q[i] = std::ldexp(q[i], -e);
    }
  }
  const double len = std::sqrt(dot<double, N>(q, q));
  Vec<T, N> r;
  for (unsigned i = 0; i < N; ++i) r[i] = T(q[i] / len);
  return r;
}

template <class T, unsigned N>
Vec<T, N> difference(const Vec<T, N>& a, const Vec<T, N>& b) {
  Vec<T, N> d;
  for (unsigned i = 0; i < N; ++i) d[i] = a[i] - b[i];
  return d;
}

template <class T, unsigned N>
void dot_fn(const BuiltinCall& c) {
  c.lanes.for_each([&](std::uint32_t l) {
    store<T>(c.result.base + std::size_t(l) * c.result.stride,
             dot<T, N>(load_vec<T, N>(c.args[0], l), load_vec<T, N>(c.args[1], l)));
  });
}

template <class T, unsigned N>
void length_fn(const BuiltinCall& c) {
  c.lanes.for_each([&](std::uint32_t l) {
    store<T>(c.result.base + std::size_t(l) * c.result.stride,
             length<T, N>(load_vec<T, N>(c.args[0], l)));
  });
}

template <class T, unsigned N>
void distance_fn(const BuiltinCall& c) {
  c.lanes.for_each([&](std::uint32_t l) {
    const Vec<T, N> d =
        difference<T, N>(load_vec<T, N>(c.args[0], l), load_vec<T, N>(c.args[1], l));
    store<T>(c.result.base + std::size_t(l) * c.result.stride, length<T, N>(d));
  });
}

template <class T, unsigned N>
void normalize_fn(const BuiltinCall& c) {
  c.lanes.for_each([&](std::uint32_t l) {
    store_vec<T, N>(c.result, l, normalize<T, N>(load_vec<T, N>(c.args[0], l)));
  });
}

// The cross product of the xyz parts; a 4-component result has w = 0.
template <class T, unsigned N>
void cross_fn(const BuiltinCall& c) {
  c.lanes.for_each([&](std::uint32_t l) {
    const Vec<T, N> a = load_vec<T, N>(c.args[0], l);
    const Vec<T, N> b = load_vec<T, N>(c.args[1], l);
    Vec<T, N> r{};
    if constexpr (!std::is_same_v<T, double>) {
      r[0] = T(double(a[1]) * double(b[2]) - double(a[2]) * double(b[1]));
      r[1] = T(double(a[2]) * double(b[0]) - double(a[0]) * double(b[2]));
      r[2] = T(double(a[0]) * double(b[1]) - double(a[1]) * double(b[0]));
    } else {
      // a*b - c*d with one rounding of the first product recovered by fma (Kahan's method).
      auto diff_of_products = [](double p, double q, double s, double t) {
        const double st = s * t;
        const double err = std::fma(-s, t, st);
        return std::fma(p, q, -st) + err;
      };
      r[0] = diff_of_products(a[1], b[2], a[2], b[1]);
      r[1] = diff_of_products(a[2], b[0], a[0], b[2]);
      r[2] = diff_of_products(a[0], b[1], a[1], b[0]);
    }
    store_vec<T, N>(c.result, l, r);
  });
}

enum class Precision { Full, FloatOnly };

template <template <class, unsigned> class Fn, std::size_t Count, Precision P>
BuiltinFn geometric(const Signature& s) {
  if (!same_types(s, Count) || s.params[0].width > 4) return nullptr;
  if (P == Precision::FloatOnly && s.params[0].scalar != Scalar::Float) return nullptr;
  return with_fp(s.params[0].scalar, [&]<class T>() -> BuiltinFn {
    return with_geometric_width(s.params[0].width,
                                []<unsigned N>() -> BuiltinFn { return &Fn<T, N>::call; });
  });
}

// Class wrappers, so that the function templates above can be passed as template templates.
template <class T, unsigned N>
struct Dot {
  static void call(const BuiltinCall& c) { dot_fn<T, N>(c); }
};
template <class T, unsigned N>
struct Length {
  static void call(const BuiltinCall& c) { length_fn<T, N>(c); }
};
template <class T, unsigned N>
struct Distance {
  static void call(const BuiltinCall& c) { distance_fn<T, N>(c); }
};
template <class T, unsigned N>
struct Normalize {
  static void call(const BuiltinCall& c) { normalize_fn<T, N>(c); }
};

BuiltinFn resolve_cross(const Signature& s) {
  if (!same_types(s, 2)) return nullptr;
  const unsigned width = s.params[0].width;
  if (width != 3 && width != 4) return nullptr;
  return with_fp(s.params[0].scalar, [&]<class T>() -> BuiltinFn {
    return width == 3 ? &cross_fn<T, 3> : &cross_fn<T, 4>;
  });
}

}  // namespace

void register_geometric_builtins(BuiltinRegistry& r) {
  r.add("cross", &resolve_cross);
  r.add("dot", &geometric<Dot, 2, Precision::Full>);
  r.add("distance", &geometric<Distance, 2, Precision::Full>);
  r.add("length", &geometric<Length, 1, Precision::Full>);
  r.add("normalize", &geometric<Normalize, 1, Precision::Full>);
  // The fast variants may be less precise; the precise results are within their bounds
  // (8192 ulp for fast_normalize).
  r.add("fast_distance", &geometric<Distance, 2, Precision::FloatOnly>);
  r.add("fast_length", &geometric<Length, 1, Precision::FloatOnly>);
  r.add("fast_normalize", &geometric<Normalize, 1, Precision::FloatOnly>);
}

}  // namespace clvet::interp
