// The comparison of clvet diff against independent facts: ULP distances counted with
// std::nextafter, NaN classes and flushed denormals (OpenCL C 1.2 §7.5.3), element types of
// kernel argument type names (1.2 §6.1.1), and the spec's ULP limits (OpenCL SPIR-V
// environment §6.6.1, §6.6.3).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "clvet/replay/launch_diff.h"
#include "compare.h"

namespace clvet::replay {
namespace {

std::uint64_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }
std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }

float step(float f, int n) {
  for (int i = 0; i < n; ++i) f = std::nextafter(f, std::numeric_limits<float>::infinity());
  return f;
}

TEST(UlpDistance, CountsRepresentableValuesBetween) {
  for (float f : {1.0f, -3.5f, 1e-30f, 123456.0f})
    for (int n : {0, 1, 7, 4096})
      EXPECT_EQ(ulp_distance(bits(f), bits(step(f, n)), 4), n) << f << " + " << n;
  // Across zero: the smallest positive and negative subnormals are two apart.
  const float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(ulp_distance(bits(-tiny), bits(tiny), 4), 2);
  double d = 2.0;
  double e = std::nextafter(std::nextafter(d, 3.0), 3.0);
  EXPECT_EQ(ulp_distance(bits(d), bits(e), 8), 2);
  // Half: 1.0 is 0x3c00, the next value 0x3c01.
  EXPECT_EQ(ulp_distance(0x3c00, 0x3c01, 2), 1);
}

TEST(UlpDistance, NaNsCompareByClass) {
  const std::uint64_t quiet = 0x7fc00000, other_payload = 0x7fc12345, negative = 0xffc00000;
  EXPECT_EQ(ulp_distance(quiet, other_payload, 4), 0);
  EXPECT_EQ(ulp_distance(quiet, negative, 4), 0);
  EXPECT_TRUE(std::isinf(ulp_distance(quiet, bits(1.0f), 4)));
  EXPECT_TRUE(std::isinf(ulp_distance(bits(std::numeric_limits<float>::infinity()),
                                      bits(std::numeric_limits<float>::max()), 4)));
}

TEST(UlpDistance, ZerosAndFlushedDenormalsAgree) {
  EXPECT_EQ(ulp_distance(bits(0.0f), bits(-0.0f), 4), 0);
  // A device without CL_FP_DENORM flushes a denormal result to zero (1.2 §7.5.3).
  EXPECT_EQ(ulp_distance(bits(0.0f), bits(std::numeric_limits<float>::denorm_min() * 1000), 4), 0);
}

TEST(ElementType, FromKernelArgumentTypeNames) {
  ElementType t = element_type("float4*");
  EXPECT_EQ(t.base, ElementType::Base::Float);
  EXPECT_EQ(t.scalar_size, 4u);
  EXPECT_EQ(t.lanes, 4u);
  t = element_type("const uint*");
  EXPECT_EQ(t.base, ElementType::Base::Unsigned);
  EXPECT_EQ(t.lanes, 1u);
  t = element_type("double3*");  // a 3-vector occupies four components (1.2 §6.1.5)
  EXPECT_EQ(t.base, ElementType::Base::Double);
  EXPECT_EQ(t.lanes, 4u);
  t = element_type("half*");
  EXPECT_EQ(t.base, ElementType::Base::Half);
  EXPECT_EQ(t.scalar_size, 2u);
  t = element_type("char16*");
  EXPECT_EQ(t.base, ElementType::Base::Signed);
  EXPECT_EQ(t.lanes, 16u);
  EXPECT_EQ(element_type("struct particle*").base, ElementType::Base::Bytes);
  EXPECT_EQ(element_type("").base, ElementType::Base::Bytes);
}

TEST(ElementType, FromTheKernelsOwnSourceWithoutArgumentInfo) {
  const std::string source =
      "// kernel void scale(global int* wrong)\n"
      "kernel void other(global char* c) {}\n"
      "__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void scale(\n"
      "    __global const float4 *x, int n, __global ulong* restrict out) { }\n";
  const std::vector<std::string> types = parameter_types(source, "scale");
  ASSERT_EQ(types.size(), 3u);
  EXPECT_EQ(element_type(types[0]).base, ElementType::Base::Float);
  EXPECT_EQ(element_type(types[0]).lanes, 4u);
  EXPECT_EQ(element_type(types[2]).base, ElementType::Base::Unsigned);
  EXPECT_EQ(element_type(types[2]).scalar_size, 8u);
  EXPECT_TRUE(parameter_types(source, "missing").empty());
}

TEST(Accuracy, FromTheBuiltinsTheSourceCalls) {
  // Nothing but +, -, *: correctly rounded.
  Accuracy a = accuracy_of("kernel void k(global float* x) { x[0] = x[0] * 2.0f + 1.0f; }", "");
  EXPECT_EQ(a.single.ulp, 0);
  // Single-precision division: ≤ 2.5 ulp, so 3 apart at most.
  a = accuracy_of("kernel void k(global float* x) { x[0] = x[1] / x[2]; }", "");
  EXPECT_EQ(a.single.ulp, 3);
  // exp ≤ 3, pow ≤ 16 in single and double; pow ≤ 4 in half (§6.6.1 Table 5).
  a = accuracy_of("kernel void k(global float* x) { x[0] = exp(x[1]) + pow(x[2], x[3]); }", "");
  EXPECT_EQ(a.single.ulp, 16);
  EXPECT_EQ(a.double_.ulp, 16);
  EXPECT_EQ(a.half.ulp, 4);
  // half_ functions: ≤ 8192 ulp.
  a = accuracy_of("kernel void k(global float* x) { x[0] = half_exp(x[1]); }", "");
  EXPECT_EQ(a.single.ulp, 8192);
  // A name in a comment is not a call.
  a = accuracy_of("// pow(x, y) is not used\nkernel void k(global int* x) { x[0] = 1; }", "");
  EXPECT_EQ(a.single.ulp, 0);
  // -cl-fast-relaxed-math: acos ≤ 4096, and sin within 2^-11 absolute (§6.6.3 Table 7).
  a = accuracy_of("kernel void k(global float* x) { x[0] = acos(x[1]) + sin(x[2]); }",
                  "-cl-fast-relaxed-math");
  EXPECT_EQ(a.single.ulp, 4096);
  EXPECT_EQ(a.single.abs, std::ldexp(1.0, -11));
}

// Every other element of a large buffer differs: one run each, up to the cap, then only counted.
TEST(MismatchRuns, AreCappedAndSaySo) {
  constexpr std::size_t kN = 2 * ArgumentDiff::kMaxMismatchRuns + 1000;
  std::vector<std::int32_t> device(kN), reference(kN);
  for (std::size_t i = 0; i < kN; ++i) {
    reference[i] = static_cast<std::int32_t>(i);
    device[i] = static_cast<std::int32_t>(i % 2 ? i : i + 1);
  }
  auto bytes = [](const std::vector<std::int32_t>& v) {
    return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof v[0]);
  };
  const ArgumentDiff d = compare_buffers(bytes(device), bytes(reference), element_type("int*"), {},
                                         [](std::uint64_t, Mismatch&) {});
  EXPECT_EQ(d.mismatches, kN / 2);
  ASSERT_EQ(d.mismatch_runs.size(), ArgumentDiff::kMaxMismatchRuns);
  EXPECT_TRUE(d.runs_truncated);
  for (std::size_t r = 0; r < d.mismatch_runs.size(); ++r)
    ASSERT_EQ(d.mismatch_runs[r], (std::pair<std::uint64_t, std::uint64_t>{2 * r, 1})) << r;
}

// A buffer of float4: indices count components, as "elements" and "first_mismatch" do; a
// buffer whose size differs counts once, past the shorter one.
TEST(MismatchRuns, CountComponentsAndJoinNeighbours) {
  std::vector<float> reference(16, 1.0f), device(16, 1.0f);
  for (int i : {4, 5, 6, 7, 9}) device[i] = 2.0f;
  auto bytes = [](const std::vector<float>& v) {
    return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof v[0]);
  };
  ArgumentDiff d = compare_buffers(bytes(device), bytes(reference), element_type("float4*"), {},
                                   [](std::uint64_t, Mismatch&) {});
  EXPECT_EQ(d.compared, 16u);
  EXPECT_EQ(d.mismatch_runs, (std::vector<std::pair<std::uint64_t, std::uint64_t>>{{4, 4}, {9, 1}}));
  EXPECT_FALSE(d.runs_truncated);
  device.resize(20, 1.0f);
  d = compare_buffers(bytes(device), bytes(reference), element_type("float4*"), {},
                      [](std::uint64_t, Mismatch&) {});
  EXPECT_EQ(d.mismatches, 6u);
  EXPECT_EQ(d.mismatch_runs.back(), (std::pair<std::uint64_t, std::uint64_t>{16, 1}));
}

}  // namespace
}  // namespace clvet::replay
