// Integer division and remainder (OpenCL C 1.2 §6.3.b) where every active work-item divides the
// same value by the same divisor, which the engine computes once for the group, beside lanes
// whose operands differ, in whole groups and in groups split by a branch: against the host.
#include <cstdint>
#include <string>
#include <vector>

#include "reference_device.h"

namespace clvet::test {
namespace {

// out[8 i + ...]: the uniform pair x / d and x % d (kernel arguments), the per-lane a[i] / d,
// a[i] % d, x / b[i], x % b[i], and inside a branch half the group takes, x / d and x % d again
// (a loop counter divided: the CTS's y % stride).
std::string source(const std::string& t) {
  return "__kernel void k(__global const " + t + "* a, __global const " + t + "* b, " + t +
         " x, " + t + " d, __global " + t +
         "* out) {\n"
         "  size_t i = get_global_id(0);\n"
         "  out[8 * i] = x / d; out[8 * i + 1] = x % d;\n"
         "  out[8 * i + 2] = a[i] / d; out[8 * i + 3] = a[i] % d;\n"
         "  out[8 * i + 4] = x / b[i]; out[8 * i + 5] = x % b[i];\n"
         "  " + t + " q = 0, r = 0;\n"
         "  if (i % 3 != 1) { for (" + t + " y = x; y < x + 3; y++) { q += y / d; r += y % d; } }\n"
         "  out[8 * i + 6] = q; out[8 * i + 7] = r;\n"
         "}\n";
}

template <class T>
void check(const std::string& type, T x, T d) {
  SCOPED_TRACE(type + " " + std::to_string(x) + " / " + std::to_string(d));
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  cl_program p = ref.build(source(type));
  ASSERT_NE(p, nullptr);
  cl_kernel k = ref.kernel(p, "k");
  constexpr std::size_t kItems = 96;
  std::vector<T> a(kItems), b(kItems);
  for (std::size_t i = 0; i < kItems; ++i) {
    a[i] = static_cast<T>(static_cast<std::int64_t>(i * 7919) - 300000);
    b[i] = static_cast<T>(i % 2 ? static_cast<std::int64_t>(i) + 1 : -static_cast<std::int64_t>(i) - 3);
  }
  cl_mem in_a = ref.buffer(a), in_b = ref.buffer(b);
  cl_mem out = ref.buffer(std::vector<T>(kItems * 8, T(0x5a)));
  ASSERT_EQ(ref.run(k, {kItems}, {32}, in_a, in_b, x, d, out), CL_SUCCESS);
  const std::vector<T> got = ref.read<T>(out, kItems * 8);
  for (std::size_t i = 0; i < kItems; ++i) {
    T q = 0, r = 0;
    if (i % 3 != 1)
      for (T y = x; y < T(x + 3); ++y) {
        q = T(q + y / d);
        r = T(r + y % d);
      }
    const T want[8] = {T(x / d), T(x % d), T(a[i] / d), T(a[i] % d),
                       T(x / b[i]), T(x % b[i]), q, r};
    for (int c = 0; c < 8; ++c) EXPECT_EQ(got[8 * i + c], want[c]) << i << " " << c;
  }
}

TEST(UniformDivision, SameOperandsInEveryLaneAndMixed_6_3) {
  check<std::int32_t>("int", 1000003, 7);
  check<std::int32_t>("int", -1000003, 7);
  check<std::int32_t>("int", 1000003, -13);
  check<std::uint32_t>("uint", 4000000000u, 65537u);
  check<std::int64_t>("long", -9000000000000000001ll, 1000003);
  check<std::uint64_t>("ulong", 18000000000000000000ull, 4294967311ull);
  check<std::int16_t>("short", -30001, 17);
  check<std::uint8_t>("uchar", 250, 9);
}

}  // namespace
}  // namespace clvet::test
