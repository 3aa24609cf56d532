// Private variables sit at the alignment their types ask for (OpenCL C 1.2 §6.1.5, and the
// `aligned` attribute of §6.11.1): 16 to 128 bytes, in a kernel and in a function it calls, in
// every work-item, with and without the bounds checker's red zones, built as written and with
// -cl-opt-disable (piglit's realign-stack asks this of 128 bytes).
#include <gtest/gtest.h>

#include <vector>

#include "clvet/interp/executable.h"
#include "frontend_test_support.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

// Each bit of a work-item's result says one variable was aligned: 31 when all five were.
const char* kSource = R"(
__attribute__((noinline)) int in_callee(void) {
  volatile char misalign = 1;
  volatile int v16 __attribute__((aligned(16))) = misalign;
  volatile int v32 __attribute__((aligned(32))) = misalign;
  volatile int v64 __attribute__((aligned(64))) = misalign;
  volatile int v128 __attribute__((aligned(128))) = misalign;
  return ((uintptr_t)&v16 % 16 == 0) + 2 * ((uintptr_t)&v32 % 32 == 0) +
         4 * ((uintptr_t)&v64 % 64 == 0) + 8 * ((uintptr_t)&v128 % 128 == 0);
}
kernel void k(global int* out) {
  volatile char misalign = 2;
  volatile int4 v __attribute__((aligned(128))) = (int4)(misalign);
  out[get_global_id(0)] = in_callee() + 16 * ((uintptr_t)&v % 128 == 0);
}
)";

TEST(PrivateAlignment, AsTheTypeAsks_6_11_1) {
  for (const char* options : {"", "-cl-opt-disable"}) {
    std::string error;
    auto exe = Executable::load(build(kSource, options), error);
    ASSERT_TRUE(exe) << error;
    for (bool red_zones : {false, true}) {
      SCOPED_TRACE(std::string(options) + (red_zones ? " with red zones" : " without red zones"));
      std::vector<int> out(24, -1);
      LaunchRequest r;
      r.kernel = "k";
      r.global_size[0] = out.size();
      r.local_size[0] = 8;
      r.separate_objects = red_zones;
      LaunchArg buffer;
      buffer.kind = LaunchArg::Kind::Buffer;
      buffer.pointer = out.data();
      buffer.size = out.size() * sizeof(int);
      r.args = {buffer};
      LaunchResult result = exe->launch(r);
      ASSERT_TRUE(result.ok) << result.error;
      EXPECT_EQ(out, std::vector<int>(24, 31));
    }
  }
}

}  // namespace
