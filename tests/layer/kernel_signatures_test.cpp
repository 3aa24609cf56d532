// Kernel signatures read from OpenCL C source (layer/intercept/kernel_signatures.h): what the
// layer judges kernel argument values by when the driver cannot say (§5.7.3, §6.7.1).
#include <gtest/gtest.h>

#include "kernel_signatures.h"

namespace clvet::test {
namespace {

using layer::Declared;

TEST(KernelSignatures, EachArgumentAsDeclared) {
  const auto kernels = layer::kernel_signatures(
      "// __kernel void commented(int x) {}\n"
      "#define N 4\n"
      "typedef struct { int a; } pair;\n"
      "int helper(__global int* p) { return p[0]; }\n"
      "__kernel __attribute__((reqd_work_group_size(8, 1, 1)))\n"
      "void first(__global float4* restrict out, const __constant int* table, int n,\n"
      "           __local float* scratch, read_only image2d_t picture, sampler_t s, pair p,\n"
      "           global uint* plain, local int* also_local) {}\n"
      "/* kernel void hidden(int x) {} */\n"
      "kernel void second(void) {}\n"
      "kernel void third(read_write image3d_t volume, queue_t q) {}\n");
  ASSERT_EQ(kernels.size(), 3u);
  EXPECT_EQ(kernels[0].name, "first");
  EXPECT_EQ(kernels[0].arguments,
            (std::vector<Declared>{Declared::Buffer, Declared::Buffer, Declared::Value,
                                   Declared::Local, Declared::Image, Declared::Sampler,
                                   Declared::Value, Declared::Buffer, Declared::Local}));
  EXPECT_EQ(kernels[1].name, "second");
  EXPECT_TRUE(kernels[1].arguments.empty());
  EXPECT_EQ(kernels[2].arguments, (std::vector<Declared>{Declared::Image, Declared::Queue}));
}

TEST(KernelSignatures, KeptPerProgram) {
  layer::learn_program_source(41, "__kernel void k(__global int* out, int n) {}");
  EXPECT_EQ(layer::declared_in_source(41, "k", 0), Declared::Buffer);
  EXPECT_EQ(layer::declared_in_source(41, "k", 1), Declared::Value);
  EXPECT_EQ(layer::declared_in_source(41, "k", 2), std::nullopt);
  EXPECT_EQ(layer::declared_in_source(41, "other", 0), std::nullopt);
  EXPECT_EQ(layer::declared_in_source(42, "k", 0), std::nullopt);
}

}  // namespace
}  // namespace clvet::test
