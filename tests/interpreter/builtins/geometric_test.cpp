// The geometric built-ins (OpenCL C 1.2 §6.12.5, table 6.13; edge cases §7.5.1) for float and
// double, resolved from Clang's mangled names, against host computations in long double.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "componentwise_call.h"

using namespace clvet::interp;
using namespace clvet::interp::componentwise_test;

namespace {

// Vectors of width n, one per lane, with components over many magnitudes and both signs; the
// last lanes are the overflow and underflow cases length must survive.
template <class T>
std::vector<T> vectors(unsigned n, unsigned lanes, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> mantissa(-2, 2);
  std::uniform_int_distribution<int> exponent(-8, 8);
  std::vector<T> v;
  for (unsigned l = 0; l < lanes; ++l)
    for (unsigned i = 0; i < n; ++i) v.push_back(T(std::ldexp(mantissa(rng), exponent(rng))));
  const T big = std::sqrt(std::numeric_limits<T>::max()) * T(4);    // squares overflow
  const T small = std::sqrt(std::numeric_limits<T>::min()) / T(8);  // squares underflow
  for (T scale : {big, small, std::numeric_limits<T>::denorm_min()})
    for (unsigned i = 0; i < n; ++i) v.push_back(scale * T(i + 1) * (i % 2 ? T(-1) : T(1)));
  return v;
}

constexpr unsigned kLanes = 61;  // random lanes; vectors() adds three more

long double exact_length(const long double* p, unsigned n) {
  long double sum = 0;
  for (unsigned i = 0; i < n; ++i) sum += p[i] * p[i];
  return std::sqrt(sum);
}

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

}  // namespace

TEST(GeometricBuiltins, DotIsTheSumOfProducts_6_12_5) {
  auto check = []<class T>(const char* mangled, Scalar scalar, unsigned n) {
    const std::vector<T> a = vectors<T>(n, kLanes, 1);
    const std::vector<T> b = vectors<T>(n, kLanes, 2);
    const std::vector<T> got = compute<T>(mangled, scalar, 1, a, b);
    ASSERT_EQ(got.size(), std::size_t(kLanes + 3));
    for (unsigned l = 0; l < kLanes; ++l) {
      long double exact = 0, magnitude = 0;
      for (unsigned i = 0; i < n; ++i) {
        exact += (long double)a[l * n + i] * b[l * n + i];
        magnitude += std::fabs((long double)a[l * n + i] * b[l * n + i]);
      }
      // Each sum may round once (and cancel): n roundings at the products' magnitude.
      EXPECT_LE(std::fabs(got[l] - exact), (n + 1) * magnitude * std::numeric_limits<T>::epsilon())
          << mangled << " lane " << l;
    }
  };
  check.operator()<float>("_Z3dotDv3_fS_", Scalar::Float, 3);
  check.operator()<float>("_Z3dotDv4_fS_", Scalar::Float, 4);
  check.operator()<float>("_Z3dotff", Scalar::Float, 1);
  check.operator()<double>("_Z3dotDv2_dS_", Scalar::Double, 2);
  check.operator()<double>("_Z3dotDv3_dS_", Scalar::Double, 3);
  EXPECT_EQ(compute<float>("_Z3dotDv4_fS_", Scalar::Float, 1, std::vector<float>{1, 2, 3, 4},
                           std::vector<float>{5, 6, 7, 8}),
            (std::vector<float>{70}));
}

TEST(GeometricBuiltins, LengthNeitherOverflowsNorUnderflows_6_12_5_and_7_5_1) {
  auto check = []<class T>(const char* mangled, Scalar scalar, unsigned n) {
    const std::vector<T> p = vectors<T>(n, kLanes, 3);
    const std::vector<T> got = compute<T>(mangled, scalar, 1, p);
    ASSERT_EQ(got.size(), std::size_t(kLanes + 3));
    for (unsigned l = 0; l < got.size(); ++l) {
      std::vector<long double> q(p.begin() + l * n, p.begin() + (l + 1) * n);
      EXPECT_LE(ulp_error(got[l], exact_length(q.data(), n)), 2.0L) << mangled << " lane " << l;
    }
  };
  check.operator()<float>("_Z6lengthDv4_f", Scalar::Float, 4);
  check.operator()<float>("_Z6lengthDv2_f", Scalar::Float, 2);
  check.operator()<float>("_Z6lengthf", Scalar::Float, 1);
  check.operator()<double>("_Z6lengthDv3_d", Scalar::Double, 3);
  check.operator()<double>("_Z6lengthDv4_d", Scalar::Double, 4);
  check.operator()<float>("_Z11fast_lengthDv3_f", Scalar::Float, 3);

  // Infinities give infinity, NaNs NaN; 3-4-5 is exact.
  const std::vector<double> special = {INFINITY, 1, NAN, 1, 3, -4, 0, -0.0};
  const std::vector<double> got = compute<double>("_Z6lengthDv2_d", Scalar::Double, 1, special);
  EXPECT_EQ(got[0], INFINITY);
  EXPECT_TRUE(std::isnan(got[1]));
  EXPECT_EQ(got[2], 5);
  EXPECT_EQ(got[3], 0);
}

TEST(GeometricBuiltins, DistanceIsTheLengthOfTheDifference_6_12_5) {
  auto check = []<class T>(const char* mangled, Scalar scalar, unsigned n) {
    const std::vector<T> a = vectors<T>(n, kLanes, 4);
    const std::vector<T> b = vectors<T>(n, kLanes, 5);
    const std::vector<T> got = compute<T>(mangled, scalar, 1, a, b);
    for (unsigned l = 0; l < kLanes; ++l) {
      std::vector<long double> d(n);
      for (unsigned i = 0; i < n; ++i) d[i] = (long double)a[l * n + i] - b[l * n + i];
      // The difference is rounded to T first: half an ulp more.
      EXPECT_LE(ulp_error(got[l], exact_length(d.data(), n)), 3.0L) << mangled << " lane " << l;
    }
  };
  check.operator()<float>("_Z8distanceDv2_fS_", Scalar::Float, 2);
  check.operator()<double>("_Z8distanceDv4_dS_", Scalar::Double, 4);
  check.operator()<float>("_Z13fast_distanceDv4_fS_", Scalar::Float, 4);
  check.operator()<double>("_Z8distancedd", Scalar::Double, 1);
}

TEST(GeometricBuiltins, NormalizeGivesTheUnitVector_6_12_5_and_7_5_1) {
  auto check = []<class T>(const char* mangled, Scalar scalar, unsigned n, long double ulps) {
    const std::vector<T> p = vectors<T>(n, kLanes, 6);
    const std::vector<T> got = compute<T>(mangled, scalar, n, p);
    ASSERT_EQ(got.size(), p.size());
    for (unsigned l = 0; l < kLanes + 3; ++l) {
      std::vector<long double> q(p.begin() + l * n, p.begin() + (l + 1) * n);
      const long double len = exact_length(q.data(), n);
      for (unsigned i = 0; i < n; ++i)
        EXPECT_LE(ulp_error(got[l * n + i], q[i] / len), ulps)
            << mangled << " lane " << l << " component " << i;
    }
  };
  check.operator()<float>("_Z9normalizeDv3_f", Scalar::Float, 3, 2);
  check.operator()<float>("_Z9normalizeDv4_f", Scalar::Float, 4, 2);
  check.operator()<double>("_Z9normalizeDv2_d", Scalar::Double, 2, 2);
  check.operator()<double>("_Z9normalizeDv3_d", Scalar::Double, 3, 2);
  check.operator()<float>("_Z9normalizef", Scalar::Float, 1, 0);
  check.operator()<float>("_Z14fast_normalizeDv2_f", Scalar::Float, 2, 8192);
}

TEST(GeometricBuiltins, NormalizeEdgeCases_7_5_1) {
  const float s = float(std::sqrt(0.5));
  // All zeros come back as they are; a NaN anywhere gives all NaNs; infinities count as +-1 and
  // the finite components as zeros of their sign.
  const std::vector<float> p = {-0.0f,    0, 0,         1,  NAN,      2,
                                INFINITY, 5, -INFINITY, -3, INFINITY, -0.0f};
  const std::vector<float> got = compute<float>("_Z9normalizeDv3_f", Scalar::Float, 3, p);
  EXPECT_TRUE(same_bits(got[0], -0.0f) && same_bits(got[1], 0.0f) && same_bits(got[2], 0.0f));
  EXPECT_TRUE(std::isnan(got[3]) && std::isnan(got[4]) && std::isnan(got[5]));
  EXPECT_EQ(got[6], s);
  EXPECT_TRUE(same_bits(got[7], 0.0f));
  EXPECT_EQ(got[8], -s);
  EXPECT_TRUE(same_bits(got[9], -0.0f));
  EXPECT_EQ(got[10], 1);
  EXPECT_TRUE(same_bits(got[11], -0.0f));

  const std::vector<double> d = {1e-320, -1e-320, 1e300, 1e300};
  const std::vector<double> dgot = compute<double>("_Z9normalizeDv2_d", Scalar::Double, 2, d);
  EXPECT_LE(ulp_error(dgot[0], std::sqrt(0.5L)), 1.0L);
  EXPECT_LE(ulp_error(dgot[1], -std::sqrt(0.5L)), 1.0L);
  EXPECT_LE(ulp_error(dgot[2], std::sqrt(0.5L)), 1.0L);
  EXPECT_LE(ulp_error(dgot[3], std::sqrt(0.5L)), 1.0L);

  // fast_normalize of zero is zero.
  EXPECT_EQ(compute<float>("_Z14fast_normalizeDv2_f", Scalar::Float, 2, std::vector<float>{0, 0}),
            (std::vector<float>{0, 0}));
}

TEST(GeometricBuiltins, CrossOfXyzWithZeroW_6_12_5) {
  auto check = []<class T>(const char* mangled, Scalar scalar, unsigned n) {
    const std::vector<T> a = vectors<T>(n, kLanes, 7);
    const std::vector<T> b = vectors<T>(n, kLanes, 8);
    const std::vector<T> got = compute<T>(mangled, scalar, n, a, b);
    ASSERT_EQ(got.size(), a.size());
    for (unsigned l = 0; l < kLanes; ++l) {
      const T* x = &a[l * n];
      const T* y = &b[l * n];
      const int next[3][2] = {{1, 2}, {2, 0}, {0, 1}};
      for (int i = 0; i < 3; ++i) {
        const long double p = (long double)x[next[i][0]] * y[next[i][1]];
        const long double q = (long double)x[next[i][1]] * y[next[i][0]];
        // Long double holds float products exactly but not double ones: allow for that.
        const long double slack = (std::fabs(p) + std::fabs(q)) * 0x1p-63L;
        const long double err = std::fabs(got[l * n + i] - (p - q));
        const T r = std::fabs(T(p - q));
        const long double ulp = (long double)std::nextafter(r, T(INFINITY)) - r;
        EXPECT_LE(err, slack + ulp) << mangled << " lane " << l << " component " << i;
      }
      if (n == 4) {
        EXPECT_TRUE(same_bits(got[l * n + 3], T(0))) << mangled << " lane " << l;
      }
    }
  };
  check.operator()<float>("_Z5crossDv3_fS_", Scalar::Float, 3);
  check.operator()<float>("_Z5crossDv4_fS_", Scalar::Float, 4);
  check.operator()<double>("_Z5crossDv3_dS_", Scalar::Double, 3);
  check.operator()<double>("_Z5crossDv4_dS_", Scalar::Double, 4);
  // x cross y = z
  EXPECT_EQ(compute<float>("_Z5crossDv4_fS_", Scalar::Float, 4, std::vector<float>{1, 0, 0, 7},
                           std::vector<float>{0, 1, 0, 9}),
            (std::vector<float>{0, 0, 1, 0}));
}

TEST(GeometricBuiltins, FastVariantsAndCrossExistOnlyWhereTheTableSays_6_12_5) {
  auto resolves = [](const char* mangled) {
    Demangled d;
    EXPECT_TRUE(demangle(mangled, d));
    Signature s;
    s.name = d.name;
    s.params = d.params;
    return BuiltinRegistry::instance().resolve(s) != nullptr;
  };
  EXPECT_FALSE(resolves("_Z11fast_lengthDv2_d"));
  EXPECT_FALSE(resolves("_Z14fast_normalized"));
  EXPECT_FALSE(resolves("_Z5crossDv2_fS_"));
  EXPECT_FALSE(resolves("_Z6lengthDv8_f"));
  EXPECT_FALSE(resolves("_Z3dotDv3_fDv4_f"));
  EXPECT_FALSE(resolves("_Z6lengthi"));
}
