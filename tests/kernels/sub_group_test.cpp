// The sub-group functions (cl_khr_subgroups, OpenCL C 3.0 §6.15.19) on the reference device's
// sub-groups of 32 work-items in linear local id order, against the same functions computed on
// the host from the work-items' inputs: the geometry (a work-group of 100 is sub-groups of 32,
// 32, 32 and 4), all, any, broadcast, and reduce and both scans for add, min and max over int,
// uint, long, ulong, float and double, as written and with -cl-opt-disable.
#include <algorithm>
#include <limits>
#include <type_traits>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "reference_device.h"
#include "sub_group_geometry.h"

using namespace clvet::test;

namespace {

class SubGroups : public ::testing::TestWithParam<const char*> {
 protected:
  ReferenceDevice dev;
  std::string options() const { return std::string("-cl-std=CL3.0 ") + GetParam(); }
};

TEST_P(SubGroups, GeometryIsSubGroupsOf32InLinearOrder) {
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(
      "kernel void geometry(global uint* out) {\n"
      "  size_t i = get_global_id(0);\n"
      "  out[6 * i + 0] = get_sub_group_size();\n"
      "  out[6 * i + 1] = get_max_sub_group_size();\n"
      "  out[6 * i + 2] = get_num_sub_groups();\n"
      "  out[6 * i + 3] = get_sub_group_id();\n"
      "  out[6 * i + 4] = get_sub_group_local_id();\n"
      "  out[6 * i + 5] = get_enqueued_num_sub_groups();\n"
      "}\n",
      options());
  ASSERT_NE(p, nullptr);
  for (const Geometry& g : kGeometries) {
    std::vector<cl_uint> out(6 * g.global, 0xdead);
    cl_mem b = dev.buffer(out);
    cl_kernel k = dev.kernel(p, "geometry");
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof b, &b), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(dev.queue, k, 1, nullptr, &g.global, &g.local, 0, nullptr, nullptr),
              CL_SUCCESS);
    out = dev.read<cl_uint>(b, out.size());
    for (std::size_t i = 0; i < g.global; ++i) {
      const std::size_t l = i % g.local;
      const SubGroup sub = sub_group_of(i, g);
      const std::size_t first = sub.first, size = sub.size;
      const std::size_t groups = (g.local + kSub - 1) / kSub;
      EXPECT_EQ(out[6 * i + 0], size) << i;
      EXPECT_EQ(out[6 * i + 1], std::min(kSub, g.local)) << i;
      EXPECT_EQ(out[6 * i + 2], groups) << i;
      EXPECT_EQ(out[6 * i + 3], l / kSub) << i;
      EXPECT_EQ(out[6 * i + 4], l % kSub) << i;
      EXPECT_EQ(out[6 * i + 5], groups) << i;
      (void)first;
    }
  }
}

TEST_P(SubGroups, AllAnyBroadcast) {
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(
      "kernel void vote(global const int* in, global int* out) {\n"
      "  size_t i = get_global_id(0);\n"
      "  out[3 * i + 0] = sub_group_all(in[i] > 2);\n"
      "  out[3 * i + 1] = sub_group_any(in[i] == 7);\n"
      "  out[3 * i + 2] = sub_group_broadcast(in[i], get_sub_group_size() - 1);\n"
      "}\n",
      options());
  ASSERT_NE(p, nullptr);
  std::mt19937 random(18);
  for (const Geometry& g : kGeometries) {
    std::vector<cl_int> in(g.global);
    for (cl_int& v : in) v = static_cast<cl_int>(random() % 9);
    // Sub-groups where every value is above 2, and ones without a 7.
    for (std::size_t i = 0; i < std::min<std::size_t>(kSub, g.global); ++i) in[i] = 3 + i % 4;
    std::vector<cl_int> out(3 * g.global);
    cl_mem bin = dev.buffer(in), bout = dev.buffer(out);
    cl_kernel k = dev.kernel(p, "vote");
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof bin, &bin), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof bout, &bout), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(dev.queue, k, 1, nullptr, &g.global, &g.local, 0, nullptr, nullptr),
              CL_SUCCESS);
    out = dev.read<cl_int>(bout, out.size());
    for (std::size_t i = 0; i < g.global; ++i) {
      const SubGroup sub = sub_group_of(i, g);
      const std::size_t first = sub.first, size = sub.size;
      bool all = true, any = false;
      for (std::size_t j = first; j < first + size; ++j) {
        all = all && in[j] > 2;
        any = any || in[j] == 7;
      }
      EXPECT_EQ(out[3 * i + 0] != 0, all) << i;
      EXPECT_EQ(out[3 * i + 1] != 0, any) << i;
      EXPECT_EQ(out[3 * i + 2], in[first + size - 1]) << i;
    }
  }
}

// reduce, inclusive and exclusive scan of add, min and max over one type.
template <class T>
void check_collectives(ReferenceDevice& dev, const std::string& options, const char* type) {
  std::string source = std::string("kernel void collect(global const ") + type + "* in, global " + type +
                       "* out) {\n  size_t i = get_global_id(0);\n  " + type + " x = in[i];\n";
  const char* ops[] = {"add", "min", "max"};
  int slot = 0;
  for (const char* op : ops)
    for (const char* form : {"reduce_", "scan_inclusive_", "scan_exclusive_"})
      source += "  out[9 * i + " + std::to_string(slot++) + "] = sub_group_" + form + op + "(x);\n";
  source += "}\n";
  cl_program p = dev.build(source, options);
  ASSERT_NE(p, nullptr) << type;
  std::mt19937 random(7);
  for (const Geometry& g : kGeometries) {
    std::vector<T> in(g.global);
    // Small whole numbers, some negative for the signed types: float sums are exact.
    for (T& v : in) {
      const int r = static_cast<int>(random() % 41);
      v = std::is_signed_v<T> || std::is_floating_point_v<T> ? static_cast<T>(r - 20) : static_cast<T>(r);
    }
    std::vector<T> out(9 * g.global);
    cl_mem bin = dev.buffer(in), bout = dev.buffer(out);
    cl_kernel k = dev.kernel(p, "collect");
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof bin, &bin), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof bout, &bout), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(dev.queue, k, 1, nullptr, &g.global, &g.local, 0, nullptr, nullptr),
              CL_SUCCESS);
    out = dev.read<T>(bout, out.size());
    for (std::size_t i = 0; i < g.global; ++i) {
      const SubGroup sub = sub_group_of(i, g);
      const std::size_t first = sub.first, size = sub.size;
      int s = 0;
      for (int op = 0; op < 3; ++op) {
        auto combine = [&](T a, T b) -> T {
          if (op == 0) return static_cast<T>(a + b);
          return op == 1 ? std::min(a, b) : std::max(a, b);
        };
        const T identity = op == 0   ? T(0)
                           : op == 1 ? (std::is_floating_point_v<T> ? std::numeric_limits<T>::infinity()
                                                                    : std::numeric_limits<T>::max())
                                     : (std::is_floating_point_v<T> ? -std::numeric_limits<T>::infinity()
                                                                    : std::numeric_limits<T>::lowest());
        T total = in[first], inclusive = in[first], exclusive = identity;
        for (std::size_t j = first + 1; j < first + size; ++j) total = combine(total, in[j]);
        for (std::size_t j = first + 1; j <= i; ++j) inclusive = combine(inclusive, in[j]);
        for (std::size_t j = first; j < i; ++j) exclusive = combine(exclusive, in[j]);
        EXPECT_EQ(out[9 * i + s++], total) << type << " op " << op << " at " << i;
        EXPECT_EQ(out[9 * i + s++], inclusive) << type << " op " << op << " at " << i;
        EXPECT_EQ(out[9 * i + s++], exclusive) << type << " op " << op << " at " << i;
      }
    }
  }
}

TEST_P(SubGroups, ReduceAndScanOfEachType) {
  ASSERT_TRUE(dev.available());
  check_collectives<cl_int>(dev, options(), "int");
  check_collectives<cl_uint>(dev, options(), "uint");
  check_collectives<cl_long>(dev, options(), "long");
  check_collectives<cl_ulong>(dev, options(), "ulong");
  check_collectives<cl_float>(dev, options(), "float");
  check_collectives<cl_double>(dev, options(), "double");
}

// The kernel queries of 3.0 §5.9.4 (clGetKernelSubGroupInfo) agree with what kernels see.
TEST_P(SubGroups, KernelQueriesAgreeWithTheKernels) {
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build("kernel void k(global int* o) { o[0] = get_sub_group_size(); }", options());
  ASSERT_NE(p, nullptr);
  cl_kernel k = dev.kernel(p, "k");
  const std::size_t local = 100;
  std::size_t value = 0;
  ASSERT_EQ(clGetKernelSubGroupInfo(k, dev.device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                                    sizeof local, &local, sizeof value, &value, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(value, kSub);
  ASSERT_EQ(clGetKernelSubGroupInfo(k, dev.device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
                                    sizeof local, &local, sizeof value, &value, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(value, 4u);
  const std::size_t count = 3;
  ASSERT_EQ(clGetKernelSubGroupInfo(k, dev.device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                                    sizeof count, &count, sizeof value, &value, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(value, 3 * kSub);
  cl_uint device_max = 0;
  ASSERT_EQ(clGetDeviceInfo(dev.device, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof device_max,
                            &device_max, nullptr),
            CL_SUCCESS);
  std::size_t max_group = 0;
  clGetDeviceInfo(dev.device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof max_group, &max_group, nullptr);
  EXPECT_EQ(device_max, (max_group + kSub - 1) / kSub);
  ASSERT_EQ(clGetKernelSubGroupInfo(k, dev.device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, nullptr,
                                    sizeof value, &value, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(value, device_max);
}

INSTANTIATE_TEST_SUITE_P(Kernels, SubGroups, ::testing::Values("", "-cl-opt-disable"),
                         [](const auto& info) { return info.param[0] ? std::string("OptDisable") : std::string("AsWritten"); });

}  // namespace
