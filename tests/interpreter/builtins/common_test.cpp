// The common built-ins (OpenCL C 1.2 §6.12.4, table 6.12) for float and double, resolved from
// Clang's mangled names, against host computations in long double.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <vector>

#include "componentwise_call.h"

using namespace clvet::interp;
using namespace clvet::interp::componentwise_test;

namespace {

template <class T>
std::vector<T> samples() {
  using L = std::numeric_limits<T>;
  return {T(0),       T(-0.0),   T(1),       T(-1),        T(0.5),          T(-2.75),
          T(3.14159), T(1e-3),   T(-1e6),    T(123.456),   L::denorm_min(), -L::min(),
          L::max(),   -L::max(), T(7.0e-39), T(4096.0625), T(-0.3333333),   T(1e30)};
}

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

}  // namespace

TEST(CommonBuiltins, ClampIsFminOfFmaxWithScalarOrVectorBounds_6_12_4) {
  // clamp(float3, float, float): the lane's bounds for all three components.
  const std::vector<float> x = {-5, 0.5f, 9, NAN, -INFINITY, INFINITY};
  const std::vector<float> lo = {0, -1};
  const std::vector<float> hi = {1, 2};
  const std::vector<float> got = compute<float>("_Z5clampDv3_fff", Scalar::Float, 3, x, lo, hi);
  // fmax(NaN, lo) is lo: a NaN is clamped to the lower bound.
  EXPECT_EQ(got, (std::vector<float>{0, 0.5f, 1, -1, -1, 2}));

  // clamp(double2, double2, double2), component by component.
  std::vector<double> dx, dlo, dhi;
  for (double v : samples<double>())
    for (double b : {-1.0, 0.0, 2.5}) dx.push_back(v), dlo.push_back(b), dhi.push_back(b + 1.5);
  const std::vector<double> dgot =
      compute<double>("_Z5clampDv2_dS_S_", Scalar::Double, 2, dx, dlo, dhi);
  ASSERT_EQ(dgot.size(), dx.size());
  for (std::size_t i = 0; i < dx.size(); ++i)
    EXPECT_EQ(dgot[i], dx[i] < dlo[i] ? dlo[i] : dx[i] > dhi[i] ? dhi[i] : dx[i]) << dx[i];
}

TEST(CommonBuiltins, DegreesAndRadiansWithinTwoUlp_6_12_4_and_7_4) {
  auto check = []<class T>(const char* degrees, const char* radians, Scalar scalar,
                           unsigned width) {
    std::vector<T> x;
    for (T v : samples<T>())
      if (std::isfinite(v * T(60))) x.push_back(v);
    for (int i = -720; i <= 720; i += 7) x.push_back(T(i) * T(0.37));
    while (x.size() % width) x.push_back(T(1));
    const std::vector<T> d = compute<T>(degrees, scalar, width, x);
    const std::vector<T> r = compute<T>(radians, scalar, width, x);
    ASSERT_EQ(d.size(), x.size());
    const long double pi = std::numbers::pi_v<long double>;
    for (std::size_t i = 0; i < x.size(); ++i) {
      EXPECT_LE(ulp_error(d[i], x[i] * (180.0L / pi)), 2.0L) << degrees << "(" << x[i] << ")";
      EXPECT_LE(ulp_error(r[i], x[i] * (pi / 180.0L)), 2.0L) << radians << "(" << x[i] << ")";
    }
  };
  check.operator()<float>("_Z7degreesf", "_Z7radiansf", Scalar::Float, 1);
  check.operator()<float>("_Z7degreesDv4_f", "_Z7radiansDv4_f", Scalar::Float, 4);
  check.operator()<double>("_Z7degreesDv3_d", "_Z7radiansDv3_d", Scalar::Double, 3);
  // The sign of zero and the infinities come through.
  const std::vector<float> special = {-0.0f, INFINITY, -INFINITY};
  const std::vector<float> d = compute<float>("_Z7degreesf", Scalar::Float, 1, special);
  EXPECT_TRUE(std::signbit(d[0]) && d[0] == 0);
  EXPECT_EQ(d[1], INFINITY);
  EXPECT_EQ(d[2], -INFINITY);
}

TEST(CommonBuiltins, MaxAndMinWithVectorAndScalarOperands_6_12_4) {
  // max(float3, float)
  EXPECT_EQ(
      compute<float>("_Z3maxDv3_ff", Scalar::Float, 3,
                     std::vector<float>{-1, 2, 0.5f, 7, -7, 1e30f}, std::vector<float>{1, -2}),
      (std::vector<float>{1, 2, 1, 7, -2, 1e30f}));
  // min(double, double) over every pair of samples.
  std::vector<double> x, y;
  for (double a : samples<double>())
    for (double b : samples<double>()) x.push_back(a), y.push_back(b);
  const std::vector<double> got = compute<double>("_Z3mindd", Scalar::Double, 1, x, y);
  for (std::size_t i = 0; i < x.size(); ++i)
    EXPECT_TRUE(same_bits(got[i], y[i] < x[i] ? y[i] : x[i])) << x[i] << ", " << y[i];
  // max(float8, float8)
  std::vector<float> a(8), b(8);
  for (int i = 0; i < 8; ++i) a[i] = float(i) - 3.5f, b[i] = 3.5f - float(i) * 0.5f;
  const std::vector<float> m = compute<float>("_Z3maxDv8_fS_", Scalar::Float, 8, a, b);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(m[i], std::max(a[i], b[i]));
}

TEST(CommonBuiltins, MixIsXPlusYMinusXTimesA_6_12_4) {
  auto check = []<class T>(const char* mangled, Scalar scalar, unsigned width, bool scalar_a) {
    std::vector<T> x, y, a;
    for (T u : samples<T>())
      for (T v : {T(-3), T(0.25), T(1e4), T(-1e-5)}) x.push_back(u), y.push_back(v);
    while (x.size() % width) x.push_back(T(0)), y.push_back(T(1));
    const std::size_t lanes = x.size() / width;
    for (std::size_t i = 0; i < (scalar_a ? lanes : x.size()); ++i) a.push_back(T(i % 11) / T(10));
    const std::vector<T> got = compute<T>(mangled, scalar, width, x, y, a);
    ASSERT_EQ(got.size(), x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
      const long double t = scalar_a ? a[i / width] : a[i];
      const long double exact = (long double)x[i] + ((long double)(T)(y[i] - x[i])) * t;
      if (!std::isfinite(exact)) continue;
      // The difference is rounded to T first (the spec's formula); the rest within 1 ulp of the
      // larger operand, which is what a contraction to fma may change.
      const T scale = std::max({std::fabs(x[i]), std::fabs(y[i]), std::fabs(T(exact))});
      EXPECT_LE(std::fabs((long double)got[i] - exact),
                (long double)std::nextafter(scale, T(INFINITY)) - scale)
          << mangled << "(" << x[i] << ", " << y[i] << ", " << t << ")";
    }
  };
  check.operator()<float>("_Z3mixDv3_fS_f", Scalar::Float, 3, true);
  check.operator()<double>("_Z3mixDv2_dS_S_", Scalar::Double, 2, false);
  check.operator()<float>("_Z3mixfff", Scalar::Float, 1, false);
  EXPECT_EQ(compute<float>("_Z3mixfff", Scalar::Float, 1, std::vector<float>{2, 2},
                           std::vector<float>{4, 4}, std::vector<float>{0.5f, 1}),
            (std::vector<float>{3, 4}));
}

TEST(CommonBuiltins, StepIsZeroBelowTheEdgeAndOneFromIt_6_12_4) {
  // step(float, float3): the edge equal to x gives 1.
  EXPECT_EQ(compute<float>("_Z4stepfDv3_f", Scalar::Float, 3, std::vector<float>{0.5f, -1},
                           std::vector<float>{0.4f, 0.5f, 0.6f, -2, -1, 0}),
            (std::vector<float>{0, 1, 1, 0, 1, 1}));
  // step(double2, double2)
  EXPECT_EQ(
      compute<double>("_Z4stepDv2_dS_", Scalar::Double, 2, std::vector<double>{1, -INFINITY, 0, 0},
                      std::vector<double>{0.999999, -1e300, -0.0, -1e-320}),
      (std::vector<double>{0, 1, 1, 0}));
}

TEST(CommonBuiltins, SmoothStepIsTheHermiteBetweenTheEdges_6_12_4) {
  auto check = []<class T>(const char* mangled, Scalar scalar, unsigned width) {
    // Per lane: edges (e0, e1) scalar or as wide as x.
    const T e0 = T(-1.5), e1 = T(2.25);
    std::vector<T> x;
    for (int i = -40; i <= 40; ++i) x.push_back(T(i) / T(10));
    x.push_back(e0);
    x.push_back(e1);
    while (x.size() % width) x.push_back(T(0));
    Demangled d;
    ASSERT_TRUE(demangle(mangled, d));
    const std::size_t edges = d.params[0].width == 1 ? x.size() / width : x.size();
    const std::vector<T> got =
        compute<T>(mangled, scalar, width, std::vector<T>(edges, e0), std::vector<T>(edges, e1), x);
    ASSERT_EQ(got.size(), x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (x[i] <= e0) {
        EXPECT_EQ(got[i], T(0)) << mangled << " at " << x[i];
        continue;
      }
      if (x[i] >= e1) {
        EXPECT_EQ(got[i], T(1)) << mangled << " at " << x[i];
        continue;
      }
      const long double t = ((long double)x[i] - e0) / ((long double)e1 - e0);
      const long double exact = t * t * (3 - 2 * t);
      // t carries the roundings of a subtraction and a division; the polynomial three more.
      EXPECT_LE(ulp_error(got[i], exact), 8.0L) << mangled << " at " << x[i];
    }
  };
  check.operator()<float>("_Z10smoothstepffDv3_f", Scalar::Float, 3);
  check.operator()<double>("_Z10smoothstepddd", Scalar::Double, 1);
  check.operator()<float>("_Z10smoothstepDv4_fS_S_", Scalar::Float, 4);
}

TEST(CommonBuiltins, SignKeepsSignedZerosAndMapsNanToZero_6_12_4) {
  const std::vector<float> x = {3.5f, -0.25f, 0.0f, -0.0f, NAN, INFINITY, -INFINITY, 1e-45f};
  const std::vector<float> got = compute<float>("_Z4signDv4_f", Scalar::Float, 4, x);
  const std::vector<float> want = {1, -1, 0.0f, -0.0f, 0.0f, 1, -1, 1};
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i)
    EXPECT_TRUE(same_bits(got[i], want[i])) << "sign(" << x[i] << ") = " << got[i];
  const std::vector<double> dx = {-1e-310, -0.0, -NAN, 2.0};
  const std::vector<double> dgot = compute<double>("_Z4signd", Scalar::Double, 1, dx);
  const std::vector<double> dwant = {-1, -0.0, 0.0, 1};
  for (std::size_t i = 0; i < dwant.size(); ++i)
    EXPECT_TRUE(same_bits(dgot[i], dwant[i])) << "sign(" << dx[i] << ") = " << dgot[i];
}
