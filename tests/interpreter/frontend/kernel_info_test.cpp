// kernel_infos: what clGetKernelInfo, clGetKernelArgInfo and clGetKernelWorkGroupInfo answer
// (1.2 §5.7.3), read from the program's metadata.
#include "frontend_test_support.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

using Kind = KernelArgInfo::Kind;

const char* kSource = R"(
typedef struct { int a; char b; double c; } S;
__kernel __attribute__((reqd_work_group_size(16, 1, 1))) __attribute__((vec_type_hint(float4)))
void first(__global const float* restrict in, __constant int* table, __local float* scratch,
           float3 v, char c, S s, ulong n, volatile __global uint* counter) {
  __local int shared[32];
  __local double more[4];
  shared[get_local_id(0)] = (int)c + s.a;
  more[0] = s.c;
  barrier(CLK_LOCAL_MEM_FENCE);
  scratch[0] = in[0] + table[0] + v.x + shared[1] + (float)more[0] + n;
  atomic_inc(counter);
}
__kernel __attribute__((work_group_size_hint(8, 4, 1)))
void second(read_only image2d_t image, sampler_t sampler, write_only image1d_buffer_t out) {}
)";

TEST(KernelInfo, ArgumentsAttributesAndLocalMemory_5_7_3) {
  std::vector<KernelInfo> kernels = kernels_of(build(kSource, "-cl-kernel-arg-info"));
  ASSERT_EQ(kernels.size(), 2u);
  const KernelInfo& k = kernels[0];
  EXPECT_EQ(k.name, "first");
  EXPECT_EQ(k.attributes, "reqd_work_group_size(16,1,1) vec_type_hint(float4)");
  EXPECT_EQ(k.required_work_group_size[0], 16u);
  EXPECT_EQ(k.required_work_group_size[1], 1u);
  EXPECT_EQ(k.local_mem_size, 32u * 4 + 4 * 8);
  EXPECT_TRUE(k.arg_info_available);
  ASSERT_EQ(k.args.size(), 8u);
  EXPECT_EQ(k.args[0].kind, Kind::Global);
  EXPECT_EQ(k.args[0].type_name, "float*");
  EXPECT_TRUE(k.args[0].qualifiers.is_const && k.args[0].qualifiers.is_restrict);
  EXPECT_FALSE(k.args[0].qualifiers.is_volatile || k.args[0].qualifiers.is_pipe);
  EXPECT_EQ(k.args[0].name, "in");
  EXPECT_EQ(k.args[1].kind, Kind::Constant);
  EXPECT_TRUE(k.args[1].qualifiers.is_const);  // a __constant pointee is const (§5.9.4)
  EXPECT_EQ(k.args[2].kind, Kind::Local);
  EXPECT_EQ(k.args[3].kind, Kind::Value);
  EXPECT_EQ(k.args[3].size, 16u);  // float3 is stored as float4
  EXPECT_EQ(k.args[3].type_name, "float3");
  EXPECT_EQ(k.args[4].size, 1u);
  EXPECT_EQ(k.args[4].type_name, "char");
  EXPECT_EQ(k.args[5].kind, Kind::Value);
  EXPECT_EQ(k.args[5].size, 16u);  // struct passed byval
  EXPECT_EQ(k.args[5].type_name, "S");
  EXPECT_EQ(k.args[6].size, 8u);
  EXPECT_EQ(k.args[6].type_name, "ulong");
  EXPECT_TRUE(k.args[7].qualifiers.is_volatile);
  EXPECT_FALSE(k.args[7].qualifiers.is_const || k.args[7].qualifiers.is_restrict);
  EXPECT_EQ(k.args[7].type_name, "uint*");
  EXPECT_EQ(k.args[7].access, KernelArgInfo::Access::None);

  const KernelInfo& s = kernels[1];
  EXPECT_EQ(s.attributes, "work_group_size_hint(8,4,1)");
  EXPECT_EQ(s.required_work_group_size[0], 0u);
  EXPECT_EQ(s.local_mem_size, 0u);
  ASSERT_EQ(s.args.size(), 3u);
  EXPECT_EQ(s.args[0].kind, Kind::Image);
  EXPECT_EQ(s.args[0].image, KernelArgInfo::Image::Image2D);
  EXPECT_EQ(s.args[0].access, KernelArgInfo::Access::ReadOnly);
  EXPECT_EQ(s.args[1].kind, Kind::Sampler);
  EXPECT_EQ(s.args[2].image, KernelArgInfo::Image::Image1DBuffer);
  EXPECT_EQ(s.args[2].access, KernelArgInfo::Access::WriteOnly);
}

// §5.7.3: argument names are kept only with -cl-kernel-arg-info.
TEST(KernelInfo, NamesOnlyWithKernelArgInfo_5_7_3) {
  std::vector<KernelInfo> kernels = kernels_of(build("__kernel void k(int x) {}"));
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_FALSE(kernels[0].arg_info_available);
  EXPECT_EQ(kernels[0].attributes, "");
}

TEST(KernelInfo, GarbageIsAnError) {
  std::vector<KernelInfo> kernels;
  std::string error;
  EXPECT_FALSE(kernel_infos(Bytes{1, 2, 3}, kernels, error));
  EXPECT_FALSE(error.empty());
}

}  // namespace
