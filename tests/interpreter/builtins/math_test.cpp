// The math built-ins' overloads and plumbing (OpenCL 1.2 §6.12.2): every function of tables 6.8
// and 6.9 resolves from Clang's mangled names for every overload it has, vectors are computed
// component-wise over the lanes' strides, only active lanes are touched, and out-pointers are
// written only where the engine allows; the exact functions (fract, modf, frexp, remquo, ilogb,
// nan, nextafter) against independent references.
#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "math_harness.h"

using namespace clvet::interp;
using namespace clvet::interp::mathtest;

namespace {

// How a §6.12.2 function's overloads are spelled.
enum class Shape {
  Unary,          // gentype f(gentype)
  Binary,         // gentype f(gentype, gentype)
  BinaryScalar,   // also gentype f(gentype, scalar) (fmin, fmax)
  Ternary,        // gentype f(gentype, gentype, gentype)
  IntArg,         // gentype f(gentype, intn)
  IntArgScalar,   // also gentype f(gentype, int) (ldexp)
  SameOut,        // gentype f(gentype, gentype*) in each address space
  IntOut,         // gentype f(gentype, intn*) in each address space
  BinaryIntOut,   // gentype f(gentype, gentype, intn*) (remquo)
  ToInt,          // intn f(gentype) (ilogb)
  NanCode,        // gentype nan(uintn / ulongn)
};

struct Function {
  const char* name;
  Shape shape;
  bool float_only = false;
};

// Table 6.8, then table 6.9 (half_ and native_, float only).
const std::vector<Function>& section_6_12_2() {
  static const std::vector<Function> table = [] {
    std::vector<Function> t;
    for (const char* n :
         {"acos", "acosh", "acospi", "asin", "asinh", "asinpi", "atan", "atanh", "atanpi",
          "cbrt", "ceil", "cos", "cosh", "cospi", "erfc", "erf", "exp", "exp2", "exp10", "expm1",
          "fabs", "floor", "lgamma", "log", "log2", "log10", "log1p", "logb", "rint", "round",
          "rsqrt", "sin", "sinh", "sinpi", "sqrt", "tan", "tanh", "tanpi", "tgamma", "trunc"})
      t.push_back({n, Shape::Unary});
    for (const char* n : {"atan2", "atan2pi", "copysign", "fdim", "fmod", "hypot", "maxmag",
                          "minmag", "nextafter", "pow", "powr", "remainder"})
      t.push_back({n, Shape::Binary});
    t.push_back({"fmax", Shape::BinaryScalar});
    t.push_back({"fmin", Shape::BinaryScalar});
    t.push_back({"fma", Shape::Ternary});
    t.push_back({"mad", Shape::Ternary});
    t.push_back({"pown", Shape::IntArg});
    t.push_back({"rootn", Shape::IntArg});
    t.push_back({"ldexp", Shape::IntArgScalar});
    t.push_back({"fract", Shape::SameOut});
    t.push_back({"modf", Shape::SameOut});
    t.push_back({"sincos", Shape::SameOut});
    t.push_back({"frexp", Shape::IntOut});
    t.push_back({"lgamma_r", Shape::IntOut});
    t.push_back({"remquo", Shape::BinaryIntOut});
    t.push_back({"ilogb", Shape::ToInt});
    t.push_back({"nan", Shape::NanCode});
    for (const char* prefix : {"half_", "native_"}) {
      for (const char* n : {"cos", "exp", "exp2", "exp10", "log", "log2", "log10", "recip",
                            "rsqrt", "sin", "sqrt", "tan"})
        t.push_back({strdup((std::string(prefix) + n).c_str()), Shape::Unary, true});
      for (const char* n : {"divide", "powr"})
        t.push_back({strdup((std::string(prefix) + n).c_str()), Shape::Binary, true});
    }
    return t;
  }();
  return table;
}

struct Overload {
  std::string mangled;
  Scalar result;
  unsigned width;
};

// Every overload opencl-c.h declares for f with element type s and width w (pointers: the
// OpenCL 1.2 address spaces, and the generic one of OpenCL 2.0).
std::vector<Overload> overloads(const Function& f, Scalar s, unsigned w) {
  const ParamType x = value(s, w);
  std::vector<Overload> out;
  auto add = [&](std::vector<ParamType> params, Scalar r = Scalar::Void) {
    out.push_back({mangle(f.name, params), r == Scalar::Void ? s : r, w});
  };
  const std::uint8_t spaces[] = {kPrivate, kGlobal, kLocal, kGeneric};
  switch (f.shape) {
    case Shape::Unary: add({x}); break;
    case Shape::Binary: add({x, x}); break;
    case Shape::BinaryScalar:
      add({x, x});
      if (w > 1) add({x, value(s)});
      break;
    case Shape::Ternary: add({x, x, x}); break;
    case Shape::IntArg: add({x, value(Scalar::Int, w)}); break;
    case Shape::IntArgScalar:
      add({x, value(Scalar::Int, w)});
      if (w > 1) add({x, value(Scalar::Int)});
      break;
    case Shape::SameOut:
      for (std::uint8_t as : spaces) add({x, pointer(s, w, as)});
      break;
    case Shape::IntOut:
      for (std::uint8_t as : spaces) add({x, pointer(Scalar::Int, w, as)});
      break;
    case Shape::BinaryIntOut:
      for (std::uint8_t as : spaces) add({x, x, pointer(Scalar::Int, w, as)});
      break;
    case Shape::ToInt: add({x}, Scalar::Int); break;
    case Shape::NanCode:
      add({value(s == Scalar::Float ? Scalar::UInt : Scalar::ULong, w)});
      break;
  }
  return out;
}

TEST(MathSection6_12_2, ManglerSpellsOverloadsAsClangDoes) {
  // Names taken from clang-15 -cc1 -triple spir64 -cl-std=CL1.2 -finclude-default-header.
  const Scalar F = Scalar::Float, D = Scalar::Double, I = Scalar::Int;
  EXPECT_EQ(mangle("fmin", {value(F, 4), value(F)}), "_Z4fminDv4_ff");
  EXPECT_EQ(mangle("ldexp", {value(F, 4), value(I)}), "_Z5ldexpDv4_fi");
  EXPECT_EQ(mangle("ldexp", {value(F, 4), value(I, 4)}), "_Z5ldexpDv4_fDv4_i");
  EXPECT_EQ(mangle("nan", {value(Scalar::UInt, 4)}), "_Z3nanDv4_j");
  EXPECT_EQ(mangle("nan", {value(Scalar::ULong)}), "_Z3nanm");
  EXPECT_EQ(mangle("frexp", {value(F, 4), pointer(I, 4, kPrivate)}), "_Z5frexpDv4_fPDv4_i");
  EXPECT_EQ(mangle("remquo", {value(F, 4), value(F, 4), pointer(I, 4, kGlobal)}),
            "_Z6remquoDv4_fS_PU3AS1Dv4_i");
  EXPECT_EQ(mangle("fract", {value(F, 4), pointer(F, 4, kPrivate)}), "_Z5fractDv4_fPS_");
  EXPECT_EQ(mangle("sincos", {value(F, 4), pointer(F, 4, kGlobal)}), "_Z6sincosDv4_fPU3AS1S_");
  EXPECT_EQ(mangle("mad", {value(F, 4), value(F, 4), value(F, 4)}), "_Z3madDv4_fS_S_");
  EXPECT_EQ(mangle("frexp", {value(D, 3), pointer(I, 3, kLocal)}), "_Z5frexpDv3_dPU3AS3Dv3_i");
  EXPECT_EQ(mangle("remquo", {value(D, 3), value(D, 3), pointer(I, 3, kPrivate)}),
            "_Z6remquoDv3_dS_PDv3_i");
  EXPECT_EQ(mangle("fmax", {value(D, 3), value(D)}), "_Z4fmaxDv3_dd");
  EXPECT_EQ(mangle("ilogb", {value(D, 3)}), "_Z5ilogbDv3_d");
  EXPECT_EQ(mangle("lgamma_r", {value(F, 4), pointer(I, 4, kGlobal)}),
            "_Z8lgamma_rDv4_fPU3AS1Dv4_i");
  EXPECT_EQ(mangle("frexp", {value(F), pointer(I, 1, kGlobal)}), "_Z5frexpfPU3AS1i");
}

// Every function name of §6.12.2 resolves, for every overload, for float, float4, float16,
// double and double3 (half_ and native_: float only).
TEST(MathSection6_12_2, EveryFunctionResolvesForEveryOverload) {
  const struct {
    Scalar s;
    unsigned w;
  } types[] = {{Scalar::Float, 1}, {Scalar::Float, 4}, {Scalar::Float, 16},
               {Scalar::Double, 1}, {Scalar::Double, 3}};
  unsigned checked = 0;
  for (const Function& f : section_6_12_2())
    for (const auto& t : types) {
      if (f.float_only && t.s == Scalar::Double) continue;
      for (const Overload& o : overloads(f, t.s, t.w)) {
        EXPECT_NE(resolve(o.mangled, o.result, o.width), nullptr) << o.mangled;
        ++checked;
      }
    }
  EXPECT_GT(checked, 500u);
}

TEST(MathSection6_12_2, EveryWidthResolves) {
  for (const Function& f : section_6_12_2())
    for (unsigned w : {2u, 3u, 8u})
      for (const Overload& o : overloads(f, Scalar::Float, w))
        EXPECT_NE(resolve(o.mangled, o.result, o.width), nullptr) << o.mangled;
}

// What the spec does not declare does not resolve: half_/native_ for double, integer and half
// arguments (cl_khr_fp16 is not advertised), mismatched widths, wrong pointee types.
TEST(MathSection6_12_2, OverloadsTheSpecDoesNotDeclareDoNotResolve) {
  const Scalar F = Scalar::Float, D = Scalar::Double, I = Scalar::Int;
  EXPECT_EQ(resolve(mangle("half_sin", {value(D)}), D, 1), nullptr);
  EXPECT_EQ(resolve(mangle("native_divide", {value(D, 2), value(D, 2)}), D, 2), nullptr);
  EXPECT_EQ(resolve(mangle("native_powr", {value(D), value(D)}), D, 1), nullptr);
  EXPECT_EQ(resolve(mangle("sin", {value(I)}), I, 1), nullptr);
  // half_ and native_ functions take float (and double) only, even with cl_khr_fp16.
  EXPECT_EQ(resolve(mangle("half_sin", {value(Scalar::Half)}), Scalar::Half, 1), nullptr);
  EXPECT_EQ(resolve(mangle("native_exp", {value(Scalar::Half, 4)}), Scalar::Half, 4), nullptr);
  EXPECT_EQ(resolve(mangle("atan2", {value(F, 4), value(F)}), F, 4), nullptr);  // no scalar y
  EXPECT_EQ(resolve(mangle("fmin", {value(F), value(D)}), F, 1), nullptr);
  EXPECT_EQ(resolve(mangle("pown", {value(F, 4), value(I)}), F, 4), nullptr);  // intn only
  EXPECT_EQ(resolve(mangle("frexp", {value(F, 4), pointer(F, 4, kGlobal)}), F, 4), nullptr);
  EXPECT_EQ(resolve(mangle("fract", {value(F, 4), pointer(F, 2, kGlobal)}), F, 4), nullptr);
  EXPECT_EQ(resolve(mangle("remquo", {value(F), value(F), pointer(Scalar::UInt, 1, kGlobal)}),
                    F, 1),
            nullptr);
  EXPECT_EQ(resolve(mangle("nan", {value(Scalar::UInt)}), D, 1), nullptr);
  EXPECT_EQ(resolve(mangle("nan", {value(I)}), F, 1), nullptr);
  EXPECT_EQ(resolve(mangle("sin", {value(F, 4)}), F, 2), nullptr);  // result width mismatch
  EXPECT_EQ(resolve(mangle("ilogb", {value(F)}), F, 1), nullptr);   // ilogb returns int
}

// ---------------------------------------------------------------------------------------------
// Component-wise over vectors, strides and active lanes.

template <class T>
constexpr Scalar scalar_of = std::is_same_v<T, float> ? Scalar::Float : Scalar::Double;

template <class T>
void check_vector_matches_scalar(const char* name, unsigned w) {
  const Scalar s = scalar_of<T>;
  const std::uint32_t lanes = 5;
  std::vector<T> x, y;
  for (unsigned i = 0; i < lanes * w; ++i) {
    x.push_back(T(0.37) * T(i + 1) - T(2));
    y.push_back(T(1.3) - T(0.11) * T(i));
  }
  LaneCall vec(mangle(name, {value(s, w), value(s, w)}), s, w, lanes);
  ASSERT_TRUE(vec.resolved()) << vec.mangled();
  vec.value_arg(s, w, x);
  vec.value_arg(s, w, y);
  vec.run({0, 2, 3});  // lanes 1 and 4 are inactive
  LaneCall one(mangle(name, {value(s), value(s)}), s, 1, lanes * w);
  one.value_arg(s, 1, x);
  one.value_arg(s, 1, y);
  one.run();
  for (std::uint32_t l : {0u, 2u, 3u})
    for (unsigned c = 0; c < w; ++c)
      EXPECT_TRUE(same(vec.result<T>(l, c), one.result<T>(l * w + c)))
          << name << " width " << w << " lane " << l << " component " << c;
  EXPECT_TRUE(vec.result_untouched(1)) << "inactive lane 1 written";
  EXPECT_TRUE(vec.result_untouched(4)) << "inactive lane 4 written";
  EXPECT_TRUE(vec.padding_intact()) << name << " width " << w << " wrote past a value";
}

TEST(MathSection6_12_2, VectorsAreComponentWiseOverActiveLanes) {
  for (unsigned w : {2u, 3u, 4u, 8u, 16u}) {
    check_vector_matches_scalar<float>("atan2", w);
    check_vector_matches_scalar<double>("pow", w);
    check_vector_matches_scalar<float>("half_divide", w);
  }
}

TEST(MathSection6_12_2, ScalarSecondArgumentIsSharedByEveryComponent) {
  // fmin(float4, float), fmax(double3, double), ldexp(float8, int)
  LaneCall m(mangle("fmin", {value(Scalar::Float, 4), value(Scalar::Float)}), Scalar::Float, 4,
             2);
  m.value_arg(Scalar::Float, 4, std::vector<float>{1, 5, -3, NAN, 9, 2, 8, 0});
  m.value_arg(Scalar::Float, 1, std::vector<float>{4, 3});
  m.run();
  const float want_min[] = {1, 4, -3, 4, 3, 2, 3, 0};
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(m.result<float>(i / 4, i % 4), want_min[i]) << i;
  LaneCall x(mangle("fmax", {value(Scalar::Double, 3), value(Scalar::Double)}), Scalar::Double,
             3, 1);
  x.value_arg(Scalar::Double, 3, std::vector<double>{-1, 7, NAN});
  x.value_arg(Scalar::Double, 1, std::vector<double>{2});
  x.run();
  EXPECT_EQ(x.result<double>(0, 0), 2);
  EXPECT_EQ(x.result<double>(0, 1), 7);
  EXPECT_EQ(x.result<double>(0, 2), 2);
  EXPECT_TRUE(x.padding_intact());
  LaneCall e(mangle("ldexp", {value(Scalar::Float, 8), value(Scalar::Int)}), Scalar::Float, 8, 1);
  e.value_arg(Scalar::Float, 8, std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8});
  e.value_arg(Scalar::Int, 1, std::vector<std::int32_t>{3});
  e.run();
  for (unsigned c = 0; c < 8; ++c) EXPECT_EQ(e.result<float>(0, c), float(c + 1) * 8) << c;
  LaneCall v(mangle("ldexp", {value(Scalar::Double, 2), value(Scalar::Int, 2)}), Scalar::Double,
             2, 1);
  v.value_arg(Scalar::Double, 2, std::vector<double>{1, 1});
  v.value_arg(Scalar::Int, 2, std::vector<std::int32_t>{-1074, 1024});
  v.run();
  EXPECT_EQ(v.result<double>(0, 0), 0x1p-1074);
  EXPECT_EQ(v.result<double>(0, 1), INFINITY);
}

TEST(MathSection6_12_2, IlogbReturnsIntVectors) {
  LaneCall c(mangle("ilogb", {value(Scalar::Double, 3)}), Scalar::Int, 3, 1);
  c.value_arg(Scalar::Double, 3, std::vector<double>{1024.5, 0x1p-1074, 0.75});
  c.run();
  EXPECT_EQ(c.result<std::int32_t>(0, 0), 10);
  EXPECT_EQ(c.result<std::int32_t>(0, 1), -1074);
  EXPECT_EQ(c.result<std::int32_t>(0, 2), -1);
  EXPECT_TRUE(c.padding_intact());
}

// ---------------------------------------------------------------------------------------------
// Out-pointers: every store asks the engine first, with the lane, the address, the size of the
// pointee, Access::Write and the address space; a refused store is not made.

TEST(MathSection6_12_2, OutPointerStoresAskTheEngineAndRespectRefusal) {
  for (std::uint8_t as : {kPrivate, kGlobal, kLocal, kGeneric}) {
    LaneCall c(mangle("sincos", {value(Scalar::Float, 3), pointer(Scalar::Float, 3, as)}),
               Scalar::Float, 3, 3);
    ASSERT_TRUE(c.resolved()) << c.mangled();
    c.value_arg(Scalar::Float, 3, std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8});
    c.pointer_arg(Scalar::Float, 3, as);
    c.context.refused = {false, true, false};
    c.run({0, 1});  // lane 2 inactive
    ASSERT_EQ(c.context.requests.size(), 2u) << "one request per active lane";
    for (std::uint32_t l : {0u, 1u}) {
      const auto& r = c.context.requests[l];
      EXPECT_EQ(r.lane, l);
      EXPECT_EQ(r.address, c.target_address(0, l));
      EXPECT_EQ(r.size, 3 * sizeof(float));
      EXPECT_EQ(r.kind, Access::Write);
      EXPECT_EQ(r.address_space, as);
    }
    for (unsigned k = 0; k < 3; ++k) {
      EXPECT_EQ(c.stored<float>(0, 0, k), std::cos(float(k))) << k;
      // The result is computed even where the store is refused.
      EXPECT_EQ(c.result<float>(1, k), std::sin(float(3 + k))) << k;
    }
    EXPECT_TRUE(c.stored_untouched(0, 1)) << "refused store was made";
    EXPECT_TRUE(c.stored_untouched(0, 2)) << "inactive lane stored";
    EXPECT_TRUE(c.padding_intact());
  }
}

TEST(MathSection6_12_2, IntOutPointersStoreInts) {
  LaneCall c(mangle("remquo", {value(Scalar::Double, 2), value(Scalar::Double, 2),
                               pointer(Scalar::Int, 2, kLocal)}),
             Scalar::Double, 2, 1);
  ASSERT_TRUE(c.resolved());
  c.value_arg(Scalar::Double, 2, std::vector<double>{7, -10});
  c.value_arg(Scalar::Double, 2, std::vector<double>{2, 3});
  c.pointer_arg(Scalar::Int, 2, kLocal);
  c.run();
  EXPECT_EQ(c.result<double>(0, 0), -1);  // 7 = 4 * 2 - 1 (ties to even)
  EXPECT_EQ(c.result<double>(0, 1), -1);  // -10 = -3 * 3 - 1
  EXPECT_EQ(c.stored<std::int32_t>(0, 0, 0), 4);
  EXPECT_EQ(c.stored<std::int32_t>(0, 0, 1), -3);
  ASSERT_EQ(c.context.requests.size(), 1u);
  EXPECT_EQ(c.context.requests[0].size, 2 * sizeof(std::int32_t));
  EXPECT_EQ(c.context.requests[0].address_space, kLocal);
  EXPECT_TRUE(c.padding_intact());
}

// ---------------------------------------------------------------------------------------------
// The exact functions on random inputs, against references built from other operations.

template <class T>
T random_bits(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, float>) return std::bit_cast<float>(std::uint32_t(rng()));
  else return std::bit_cast<double>(rng());
}

template <class T>
std::vector<T> exact_inputs(unsigned seed) {
  using L = std::numeric_limits<T>;
  std::mt19937_64 rng(seed);
  std::vector<T> v = {T(0),       T(-0.0),     L::infinity(), -L::infinity(), L::quiet_NaN(),
                      T(1),       T(-1),       T(0.5),        T(-0.5),        T(1.5),
                      T(-1.5),    T(2.5),      T(-2.5),       L::denorm_min(), -L::denorm_min(),
                      L::min(),   -L::min(),   L::max(),      -L::max(),      T(1e-30),
                      T(-1e-30),  T(3),        T(-7.25),      T(1) - L::epsilon() / 2};
  std::uniform_real_distribution<double> u(-100, 100);
  for (int i = 0; i < 8000; ++i) v.push_back(random_bits<T>(rng));
  for (int i = 0; i < 8000; ++i) v.push_back(T(u(rng)));
  return v;
}

template <class T>
void check_fract_modf_frexp() {
  const Scalar s = scalar_of<T>;
  const std::vector<T> xs = exact_inputs<T>(11);
  const auto n = std::uint32_t(xs.size());
  LaneCall fract(mangle("fract", {value(s), pointer(s, 1, kGlobal)}), s, 1, n);
  LaneCall modf(mangle("modf", {value(s), pointer(s, 1, kLocal)}), s, 1, n);
  LaneCall frexp(mangle("frexp", {value(s), pointer(Scalar::Int, 1, kPrivate)}), s, 1, n);
  for (LaneCall* c : {&fract, &modf}) {
    c->value_arg(s, 1, xs);
    c->pointer_arg(s, 1, kGlobal);
    c->run();
  }
  frexp.value_arg(s, 1, xs);
  frexp.pointer_arg(Scalar::Int, 1, kPrivate);
  frexp.run();
  const T below_one = std::nextafter(T(1), T(0));
  for (std::uint32_t l = 0; l < n; ++l) {
    const T x = xs[l];
    const long double lx = x;
    // fract: x - floor(x) rounded once, capped below 1; §7.5.1 for ±0, ±inf, NaN.
    T want_fract, want_floor = T(std::floor(lx));
    if (std::isnan(x)) want_fract = x;
    else if (std::isinf(x)) want_fract = std::copysign(T(0), x);
    else if (x == 0) want_fract = x;
    else want_fract = std::min(T(lx - std::floor(lx)), below_one);
    EXPECT_TRUE(same(fract.result<T>(l), want_fract)) << "fract(" << x << ")";
    EXPECT_TRUE(same(fract.stored<T>(0, l), std::isnan(x) ? x : want_floor)) << "fract " << x;
    if (!std::isnan(x)) {
      EXPECT_LT(fract.result<T>(l), T(1)) << "fract(" << x << ")";
    }
    // modf (§7.5.2): trunc(x), and the rest with x's sign.
    const T whole = T(std::trunc(lx));
    const T rest = std::isinf(x) ? std::copysign(T(0), x) : std::copysign(T(lx - whole), x);
    EXPECT_TRUE(same(modf.result<T>(l), rest)) << "modf(" << x << ")";
    EXPECT_TRUE(same(modf.stored<T>(0, l), whole)) << "modf " << x;
    // frexp: m * 2^e == x with |m| in [1/2, 1); 0 stored for ±0, ±inf and NaN.
    const T m = frexp.result<T>(l);
    const int e = frexp.stored<std::int32_t>(0, l);
    if (!std::isfinite(x) || x == 0) {
      EXPECT_TRUE(same(m, x)) << "frexp(" << x << ")";
      EXPECT_EQ(e, 0) << "frexp(" << x << ")";
    } else {
      EXPECT_GE(std::fabs(m), T(0.5)) << x;
      EXPECT_LT(std::fabs(m), T(1)) << x;
      EXPECT_EQ(std::ldexp((long double)m, e), lx) << "frexp(" << x << ")";
    }
  }
}

TEST(MathExactSection7_4, FractModfFrexpAreExact) {
  check_fract_modf_frexp<float>();
  check_fract_modf_frexp<double>();
}

// remquo's quotient bits from long double division of exact remainders: 7 bits, sign of x/y.
template <class T>
void check_remquo() {
  const Scalar s = scalar_of<T>;
  std::vector<T> xs = exact_inputs<T>(21), ys = exact_inputs<T>(22);
  // Quotients with more than seven bits, and exact ties.
  xs.insert(xs.end(), {T(1000), T(-1000), T(2.5), T(3.5), T(1e30), T(129), T(383)});
  ys.insert(ys.end(), {T(3), T(7), T(1), T(1), T(3), T(2), T(2)});
  const auto n = std::uint32_t(xs.size());
  LaneCall c(mangle("remquo", {value(s), value(s), pointer(Scalar::Int, 1, kGlobal)}), s, 1, n);
  c.value_arg(s, 1, xs);
  c.value_arg(s, 1, ys);
  c.pointer_arg(Scalar::Int, 1, kGlobal);
  c.run();
  for (std::uint32_t l = 0; l < n; ++l) {
    const T x = xs[l], y = ys[l];
    const T r = c.result<T>(l);
    const int q = c.stored<std::int32_t>(0, l);
    if (std::isnan(x) || std::isnan(y) || std::isinf(x) || y == 0) {
      EXPECT_TRUE(std::isnan(r)) << "remquo(" << x << ", " << y << ")";
      EXPECT_EQ(q, 0) << "remquo(" << x << ", " << y << ") quo (§7.5.1)";
      continue;
    }
    EXPECT_TRUE(same(r, T(std::remainder((long double)x, (long double)y))))
        << "remquo(" << x << ", " << y << ") = " << r;
    long double a = std::fmod(std::fabs((long double)x), 128 * std::fabs((long double)y));
    const long double k = std::isinf(y) ? 0 : std::nearbyint(a / std::fabs((long double)y));
    int want = int(std::fmod(k, 128.0L));
    if (std::signbit(x) != std::signbit(y)) want = -want;
    EXPECT_EQ(q, want) << "remquo(" << x << ", " << y << ") quotient";
  }
}

TEST(MathExactSection7_4, RemquoIsExactWithSevenQuotientBits) {
  check_remquo<float>();
  check_remquo<double>();
}

template <class T>
void check_ilogb_logb_nextafter() {
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  const Scalar s = scalar_of<T>;
  const std::vector<T> xs = exact_inputs<T>(31), ys = exact_inputs<T>(32);
  const auto n = std::uint32_t(xs.size());
  LaneCall ilogb(mangle("ilogb", {value(s)}), Scalar::Int, 1, n);
  ilogb.value_arg(s, 1, xs);
  ilogb.run();
  LaneCall next(mangle("nextafter", {value(s), value(s)}), s, 1, n);
  next.value_arg(s, 1, xs);
  next.value_arg(s, 1, ys);
  next.run();
  for (std::uint32_t l = 0; l < n; ++l) {
    const T x = xs[l], y = ys[l];
    int want = 0;
    if (std::isnan(x)) want = INT_MAX;  // FP_ILOGBNAN in opencl-c-base.h
    else if (x == 0) want = INT_MIN;    // FP_ILOGB0
    else if (std::isinf(x)) want = INT_MAX;
    else want = int(std::floor(std::log2(std::fabs((long double)x))));
    EXPECT_EQ(ilogb.result<std::int32_t>(l), want) << "ilogb(" << x << ")";
    // nextafter by stepping the bit pattern.
    T step;
    if (std::isnan(x) || std::isnan(y)) step = std::numeric_limits<T>::quiet_NaN();
    else if (x == y) step = y;
    else if (x == 0) step = std::copysign(std::numeric_limits<T>::denorm_min(), y);
    else {
      const Bits b = std::bit_cast<Bits>(x);
      step = std::bit_cast<T>(Bits((y > x) == (x > 0) ? b + 1 : b - 1));
    }
    EXPECT_TRUE(same(next.result<T>(l), step)) << "nextafter(" << x << ", " << y << ")";
  }
}

TEST(MathExactSection7_4, IlogbAndNextafterAreExact) {
  check_ilogb_logb_nextafter<float>();
  check_ilogb_logb_nextafter<double>();
}

TEST(MathSection6_12_2, NanReturnsAQuietNanCarryingTheCode) {
  LaneCall f(mangle("nan", {value(Scalar::UInt, 2)}), Scalar::Float, 2, 1);
  f.value_arg(Scalar::UInt, 2, std::vector<std::uint32_t>{0, 0x1234});
  f.run();
  for (unsigned c = 0; c < 2; ++c) {
    const auto bits = std::bit_cast<std::uint32_t>(f.result<float>(0, c));
    EXPECT_TRUE(std::isnan(f.result<float>(0, c)));
    EXPECT_EQ(bits & 0x7fc00000u, 0x7fc00000u) << "quiet";
  }
  EXPECT_EQ(std::bit_cast<std::uint32_t>(f.result<float>(0, 1)) & 0x3fffffu, 0x1234u);
  LaneCall d(mangle("nan", {value(Scalar::ULong)}), Scalar::Double, 1, 1);
  d.value_arg(Scalar::ULong, 1, std::vector<std::uint64_t>{0xfffffffffffffffull});
  d.run();
  const auto bits = std::bit_cast<std::uint64_t>(d.result<double>(0));
  EXPECT_TRUE(std::isnan(d.result<double>(0)));
  EXPECT_EQ(bits >> 51, 0xfffu) << "positive quiet NaN";
}

}  // namespace
