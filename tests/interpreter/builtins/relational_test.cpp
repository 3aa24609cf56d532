// The relational built-ins (OpenCL C 1.2 §6.12.6, table 6.14) resolved from Clang's mangled
// names: scalar tests give 1, vector tests -1 in the same-size integer type; NaN operands; any,
// all, bitselect and select on bits.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "componentwise_call.h"

using namespace clvet::interp;
using namespace clvet::interp::componentwise_test;

namespace {

template <class T>
std::vector<T> specials() {
  using L = std::numeric_limits<T>;
  return {T(0),          T(-0.0),        T(1),           T(-1),           T(2.5),
          L::min(),      -L::min(),      L::max(),       L::denorm_min(), -L::max(),
          L::infinity(), -L::infinity(), L::quiet_NaN(), -L::quiet_NaN()};
}

// The host's answer for each test, independent of the built-in's operators.
template <class T>
bool host_relation(const std::string& name, T x, T y) {
  const bool unordered = std::isnan(x) || std::isnan(y);
  if (name == "isequal") return !unordered && x == y;
  if (name == "isnotequal") return unordered || x != y;
  if (name == "isgreater") return !unordered && x > y;
  if (name == "isgreaterequal") return !unordered && x >= y;
  if (name == "isless") return !unordered && x < y;
  if (name == "islessequal") return !unordered && x <= y;
  if (name == "islessgreater") return !unordered && x != y;
  if (name == "isordered") return !unordered;
  if (name == "isunordered") return unordered;
  ADD_FAILURE() << name;
  return false;
}

template <class T>
bool host_class(const std::string& name, T x) {
  using L = std::numeric_limits<T>;
  const T a = x < 0 ? -x : x;
  if (name == "isfinite") return a <= L::max();
  if (name == "isinf") return a == L::infinity();
  if (name == "isnan") return x != x;
  if (name == "isnormal") return a >= L::min() && a <= L::max();
  if (name == "signbit") {
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &x, sizeof x);
    return bytes[sizeof(T) - 1] & 0x80;  // little-endian host
  }
  ADD_FAILURE() << name;
  return false;
}

std::string mangled_name(const std::string& name) {
  return "_Z" + std::to_string(name.size()) + name;
}

// Every pair of specials through `name` with parameters `types` ("ff", "Dv3_fS_", ...).
template <class T, class R>
void expect_relation(const std::string& name, const std::string& types, unsigned width) {
  std::vector<T> x, y;
  for (T a : specials<T>())
    for (T b : specials<T>()) x.push_back(a), y.push_back(b);
  while (x.size() % width) x.push_back(T(0)), y.push_back(T(0));
  const Scalar result = sizeof(R) == 8 ? Scalar::Long : Scalar::Int;
  const std::string mangled = mangled_name(name) + types;
  const std::vector<R> got = compute<R>(mangled, result, width, x, y);
  ASSERT_EQ(got.size(), x.size()) << mangled;
  const R truth = width == 1 ? 1 : -1;
  for (std::size_t i = 0; i < x.size(); ++i)
    EXPECT_EQ(got[i], host_relation(name, x[i], y[i]) ? truth : 0)
        << mangled << "(" << x[i] << ", " << y[i] << ")";
}

template <class T, class R>
void expect_class(const std::string& name, const std::string& types, unsigned width) {
  std::vector<T> x = specials<T>();
  while (x.size() % width) x.push_back(T(1));
  const Scalar result = sizeof(R) == 8 ? Scalar::Long : Scalar::Int;
  const std::string mangled = mangled_name(name) + types;
  const std::vector<R> got = compute<R>(mangled, result, width, x);
  ASSERT_EQ(got.size(), x.size()) << mangled;
  const R truth = width == 1 ? 1 : -1;
  for (std::size_t i = 0; i < x.size(); ++i)
    EXPECT_EQ(got[i], host_class(name, x[i]) ? truth : 0) << mangled << "(" << x[i] << ")";
}

const char* const kRelations[] = {"isequal",        "isnotequal", "isgreater",
                                  "isgreaterequal", "isless",     "islessequal",
                                  "islessgreater",  "isordered",  "isunordered"};
const char* const kClasses[] = {"isfinite", "isinf", "isnan", "isnormal", "signbit"};

}  // namespace

TEST(RelationalBuiltins, ComparisonsAreFalseOnNanExceptIsNotEqual_6_12_6) {
  for (const char* name : kRelations) {
    expect_relation<float, std::int32_t>(name, "ff", 1);
    expect_relation<float, std::int32_t>(name, "Dv3_fS_", 3);
    expect_relation<float, std::int32_t>(name, "Dv16_fS_", 16);
    expect_relation<double, std::int32_t>(name, "dd", 1);
    expect_relation<double, std::int64_t>(name, "Dv2_dS_", 2);
    expect_relation<double, std::int64_t>(name, "Dv3_dS_", 3);
  }
}

TEST(RelationalBuiltins, ClassificationsAndSignBit_6_12_6) {
  for (const char* name : kClasses) {
    expect_class<float, std::int32_t>(name, "f", 1);
    expect_class<float, std::int32_t>(name, "Dv3_f", 3);
    expect_class<float, std::int32_t>(name, "Dv8_f", 8);
    expect_class<double, std::int32_t>(name, "d", 1);
    expect_class<double, std::int64_t>(name, "Dv3_d", 3);
    expect_class<double, std::int64_t>(name, "Dv16_d", 16);
  }
}

TEST(RelationalBuiltins, ScalarTrueIsOneAndVectorTrueIsAllBitsSet_6_12_6) {
  EXPECT_EQ(compute<std::int32_t>("_Z7isequalff", Scalar::Int, 1, std::vector<float>{1},
                                  std::vector<float>{1}),
            (std::vector<std::int32_t>{1}));
  EXPECT_EQ(compute<std::int32_t>("_Z7isequalDv2_fS_", Scalar::Int, 2, std::vector<float>{1, 2},
                                  std::vector<float>{1, 3}),
            (std::vector<std::int32_t>{-1, 0}));
  // A double vector answers in long components; a double scalar in int.
  EXPECT_EQ(compute<std::int64_t>("_Z10isnotequalDv2_dS_", Scalar::Long, 2,
                                  std::vector<double>{NAN, 0.0}, std::vector<double>{NAN, -0.0}),
            (std::vector<std::int64_t>{-1, 0}));
  EXPECT_EQ(compute<std::int32_t>("_Z10isnotequaldd", Scalar::Int, 1, std::vector<double>{NAN},
                                  std::vector<double>{1}),
            (std::vector<std::int32_t>{1}));
}

TEST(RelationalBuiltins, AnyAndAllReadTheMostSignificantBit_6_12_6) {
  // Per lane, components: any/all of the sign bits.
  const std::vector<std::int8_t> c = {-128, 0, 1, 127, 0, -1, -1, -1, -2, 0, 0, 0};
  EXPECT_EQ(compute<std::int32_t>("_Z3anyDv3_c", Scalar::Int, 1, c),
            (std::vector<std::int32_t>{1, 1, 1, 0}));
  EXPECT_EQ(compute<std::int32_t>("_Z3allDv3_c", Scalar::Int, 1, c),
            (std::vector<std::int32_t>{0, 0, 1, 0}));
  // Scalars: 1 for negative values only (an odd positive value is not "true").
  EXPECT_EQ(compute<std::int32_t>("_Z3anyi", Scalar::Int, 1,
                                  std::vector<std::int32_t>{1, 0, INT32_MIN, -1, INT32_MAX}),
            (std::vector<std::int32_t>{0, 0, 1, 1, 0}));
  // long16: a single negative component decides any; all needs the sixteen.
  std::vector<std::int64_t> l(32, -5);
  l[7] = 5;
  EXPECT_EQ(compute<std::int32_t>("_Z3allDv16_l", Scalar::Int, 1, l),
            (std::vector<std::int32_t>{0, 1}));
  std::vector<std::int64_t> z(32, INT64_MAX);
  z[20] = INT64_MIN;
  EXPECT_EQ(compute<std::int32_t>("_Z3anyDv16_l", Scalar::Int, 1, z),
            (std::vector<std::int32_t>{0, 1}));
  EXPECT_EQ(compute<std::int32_t>("_Z3allDv2_s", Scalar::Int, 1,
                                  std::vector<std::int16_t>{-32768, -1, -1, 0}),
            (std::vector<std::int32_t>{1, 0}));
}

TEST(RelationalBuiltins, BitselectTakesBFromSetBitsOfC_6_12_6) {
  std::vector<std::uint32_t> a, b, c;
  for (std::uint32_t x : {0u, ~0u, 0x12345678u, 0x80000001u})
    for (std::uint32_t y : {0u, ~0u, 0xcafef00du})
      for (std::uint32_t m : {0u, ~0u, 0x0000ffffu, 0xf0f0f0f0u})
        a.push_back(x), b.push_back(y), c.push_back(m);
  const std::vector<std::uint32_t> got =
      compute<std::uint32_t>("_Z9bitselectjjj", Scalar::UInt, 1, a, b, c);
  for (std::size_t i = 0; i < a.size(); ++i) {
    std::uint32_t want = 0;
    for (int bit = 0; bit < 32; ++bit) {
      const std::uint32_t from = (c[i] >> bit) & 1 ? b[i] : a[i];
      want |= from & (1u << bit);
    }
    EXPECT_EQ(got[i], want);
  }
  // On floats, bit by bit: the sign from b, the rest from a.
  const float sign = -0.0f;
  std::uint32_t mask;
  std::memcpy(&mask, &sign, 4);
  float fmask;
  std::memcpy(&fmask, &mask, 4);
  EXPECT_EQ(compute<float>("_Z9bitselectDv3_fS_S_", Scalar::Float, 3, std::vector<float>{1, 2, -3},
                           std::vector<float>{-5, 6, 7}, std::vector<float>{fmask, fmask, fmask}),
            (std::vector<float>{-1, 2, 3}));
  EXPECT_EQ(compute<double>("_Z9bitselectddd", Scalar::Double, 1, std::vector<double>{1.5},
                            std::vector<double>{-2.0}, std::vector<double>{0.0}),
            (std::vector<double>{1.5}));
  EXPECT_EQ(compute<std::uint8_t>("_Z9bitselectDv3_hS_S_", Scalar::UChar, 3,
                                  std::vector<std::uint8_t>{0x0f, 0xff, 0x00},
                                  std::vector<std::uint8_t>{0xf0, 0x00, 0xff},
                                  std::vector<std::uint8_t>{0xff, 0x0f, 0x3c}),
            (std::vector<std::uint8_t>{0xf0, 0xf0, 0x3c}));
}

TEST(RelationalBuiltins, SelectUsesTheMsbForVectorsAndNonZeroForScalars_6_12_6) {
  // Vectors: the most significant bit of c, whatever the rest.
  EXPECT_EQ(
      compute<float>("_Z6selectDv3_fS_Dv3_i", Scalar::Float, 3, std::vector<float>{1, 2, 3},
                     std::vector<float>{-1, -2, -3}, std::vector<std::int32_t>{1, -1, INT32_MIN}),
      (std::vector<float>{1, -2, -3}));
  EXPECT_EQ(compute<std::int32_t>("_Z6selectDv4_iS_Dv4_j", Scalar::Int, 4,
                                  std::vector<std::int32_t>{1, 2, 3, 4},
                                  std::vector<std::int32_t>{5, 6, 7, 8},
                                  std::vector<std::uint32_t>{0x7fffffffu, 0x80000000u, 0, ~0u}),
            (std::vector<std::int32_t>{1, 6, 3, 8}));
  EXPECT_EQ(compute<double>("_Z6selectDv2_dS_Dv2_l", Scalar::Double, 2, std::vector<double>{1, 2},
                            std::vector<double>{3, 4}, std::vector<std::int64_t>{1, -1}),
            (std::vector<double>{1, 4}));
  EXPECT_EQ(compute<std::uint16_t>("_Z6selectDv3_tS_Dv3_s", Scalar::UShort, 3,
                                   std::vector<std::uint16_t>{1, 2, 3},
                                   std::vector<std::uint16_t>{10, 20, 30},
                                   std::vector<std::int16_t>{-32768, 32767, -1}),
            (std::vector<std::uint16_t>{10, 2, 30}));
  // Scalars: any non-zero c selects b.
  EXPECT_EQ(compute<std::int8_t>("_Z6selectcch", Scalar::Char, 1, std::vector<std::int8_t>{1, 1, 1},
                                 std::vector<std::int8_t>{-9, -9, -9},
                                 std::vector<std::uint8_t>{0, 1, 0x80}),
            (std::vector<std::int8_t>{1, -9, -9}));
  EXPECT_EQ(compute<double>("_Z6selectddm", Scalar::Double, 1, std::vector<double>{1, 1},
                            std::vector<double>{2, 2}, std::vector<std::uint64_t>{0, 1ull << 40}),
            (std::vector<double>{1, 2}));
  // float16 with uint16
  std::vector<float> a(16), b(16);
  std::vector<std::uint32_t> c(16);
  for (int i = 0; i < 16; ++i)
    a[i] = float(i), b[i] = float(-i), c[i] = (i % 3 == 0) ? 0x80000000u : 0x7fffffffu;
  const std::vector<float> got =
      compute<float>("_Z6selectDv16_fS_Dv16_j", Scalar::Float, 16, a, b, c);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(got[i], i % 3 == 0 ? b[i] : a[i]) << i;
}

TEST(RelationalBuiltins, TypesOutsideTheTableDoNotResolve_6_12_6) {
  auto resolves = [](const char* mangled) {
    Demangled d;
    EXPECT_TRUE(demangle(mangled, d));
    Signature s;
    s.name = d.name;
    s.params = d.params;
    return BuiltinRegistry::instance().resolve(s) != nullptr;
  };
  EXPECT_FALSE(resolves("_Z3anyj"));  // igentype only
  EXPECT_FALSE(resolves("_Z3allDv4_f"));
  EXPECT_FALSE(resolves("_Z7isequalii"));           // float and double only
  EXPECT_FALSE(resolves("_Z6selectDv4_fS_Dv2_i"));  // c has a's width
  EXPECT_FALSE(resolves("_Z6selectDv4_fS_Dv4_s"));  // and a's element size
  EXPECT_FALSE(resolves("_Z6selectDv4_fS_Dv4_f"));  // and is an integer
  EXPECT_FALSE(resolves("_Z9bitselectDv4_fS_Dv4_i"));
}

// cl_khr_fp16: a half is classified in half precision. 0x0080 (0x1p-17) and 0x03ff are half
// subnormals, though normal floats once widened; 0x0400 (0x1p-14) is the least normal half.
TEST(RelationalBuiltins, HalfIsNormalByItsOwnExponent_6_12_6) {
  const std::vector<std::uint16_t> x = {0x0000, 0x0080, 0x03ff, 0x0400, 0x3c00,
                                        0x7bff, 0x7c00, 0x7e00, 0x8080, 0x8400};
  const std::vector<bool> normal = {false, false, false, true, true,
                                    true,  false, false, false, true};
  const std::vector<std::int32_t> scalar =
      compute<std::int32_t>("_Z8isnormalDh", Scalar::Int, 1, x);
  const std::vector<std::int16_t> vector =
      compute<std::int16_t>("_Z8isnormalDv2_Dh", Scalar::Short, 2, x);
  ASSERT_EQ(scalar.size(), x.size());
  ASSERT_EQ(vector.size(), x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    EXPECT_EQ(scalar[i], normal[i] ? 1 : 0) << std::hex << x[i];
    EXPECT_EQ(vector[i], normal[i] ? -1 : 0) << std::hex << x[i];
  }
}
