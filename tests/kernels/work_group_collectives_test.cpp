// The work-group collective functions of OpenCL C 2.0 §6.13.15 (3.0 §6.15.16) for every type
// they take (int, uint, long, ulong, float, double) in 1, 2 and 3-dimensional work-groups,
// against a host computation of their definitions: reduce and scans over the work-items in
// linear local id order (exclusive scans starting from 0, the type's largest or smallest value,
// +INF or -INF), broadcast from the work-item of the given local ids, all and any; and the
// device's query and feature macro saying it has them.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "reference_device.h"

using clvet::test::ReferenceDevice;

namespace {

// The results each work-item writes, in this order, `n` apart.
constexpr int kResults = 10;  // reduce, inclusive, exclusive x {add, min, max}, broadcast

std::string source(const std::string& T, unsigned dims) {
  const std::string broadcast = dims == 1   ? "work_group_broadcast(x, 5)"
                                : dims == 2 ? "work_group_broadcast(x, 3, 1)"
                                            : "work_group_broadcast(x, 1, 0, 1)";
  return "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
         "kernel void collectives(global const " + T + "* in, global " + T +
         "* out, global int* votes, " + T + " pivot) {\n"
         "  size_t n = get_global_size(0) * get_global_size(1) * get_global_size(2);\n"
         "  size_t g = get_global_id(0) + get_global_size(0) * (get_global_id(1) +\n"
         "             get_global_size(1) * get_global_id(2));\n"
         "  " + T + " x = in[g];\n"
         "  out[0 * n + g] = work_group_reduce_add(x);\n"
         "  out[1 * n + g] = work_group_reduce_min(x);\n"
         "  out[2 * n + g] = work_group_reduce_max(x);\n"
         "  out[3 * n + g] = work_group_scan_inclusive_add(x);\n"
         "  out[4 * n + g] = work_group_scan_inclusive_min(x);\n"
         "  out[5 * n + g] = work_group_scan_inclusive_max(x);\n"
         "  out[6 * n + g] = work_group_scan_exclusive_add(x);\n"
         "  out[7 * n + g] = work_group_scan_exclusive_min(x);\n"
         "  out[8 * n + g] = work_group_scan_exclusive_max(x);\n"
         "  out[9 * n + g] = " + broadcast + ";\n"
         "  votes[2 * g] = work_group_all(x < pivot);\n"
         "  votes[2 * g + 1] = work_group_any(x == pivot);\n"
         "}\n";
}

struct Shape {
  std::vector<std::size_t> global, local;
  std::size_t broadcast[3];  // the local ids the kernel broadcasts from
};

const Shape kShapes[] = {
    {{192}, {64}, {5, 0, 0}},
    {{16, 8}, {8, 4}, {3, 1, 0}},
    {{8, 4, 4}, {4, 2, 2}, {1, 0, 1}},
};

template <class T>
T host_add(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return T(U(a) + U(b));
  } else {
    return a + b;
  }
}

template <class T>
std::vector<T> values(std::size_t n, unsigned seed) {
  std::mt19937_64 r(seed);
  std::vector<T> v(n);
  for (T& x : v) {
    if constexpr (std::is_floating_point_v<T>)
      x = T(std::int64_t(r() % 2001) - 1000) / 4;  // quarters: sums exact in any order
    else if constexpr (sizeof(T) == 8)
      x = T(r());  // every bit: sums wrap
    else
      x = T(std::uint32_t(r()));
  }
  return v;
}

template <class T>
void check_type(const std::string& type) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  for (unsigned dims = 1; dims <= 3; ++dims) {
    SCOPED_TRACE(type + " in " + std::to_string(dims) + " dimensions");
    const Shape& shape = kShapes[dims - 1];
    cl_program p = dev.build(source(type, dims), "-cl-std=CL3.0");
    ASSERT_NE(p, nullptr);
    cl_kernel k = dev.kernel(p, "collectives");
    std::size_t size[3] = {1, 1, 1}, local[3] = {1, 1, 1};
    for (unsigned d = 0; d < dims; ++d) size[d] = shape.global[d], local[d] = shape.local[d];
    const std::size_t n = size[0] * size[1] * size[2];
    std::vector<T> in = values<T>(n, 7 + dims);
    const T pivot = in[n / 2];  // some group has it, and not every value is below it
    cl_mem in_mem = dev.buffer(in);
    cl_mem out_mem = dev.buffer(std::vector<T>(kResults * n));
    cl_mem vote_mem = dev.buffer(std::vector<cl_int>(2 * n, -1));
    ASSERT_EQ(dev.run(k, shape.global, shape.local, in_mem, out_mem, vote_mem, pivot), CL_SUCCESS);
    const std::vector<T> out = dev.read<T>(out_mem, kResults * n);
    const std::vector<cl_int> votes = dev.read<cl_int>(vote_mem, 2 * n);

    // Each group's work-items by linear local id, as global linear indices.
    const std::size_t groups[3] = {size[0] / local[0], size[1] / local[1], size[2] / local[2]};
    for (std::size_t gz = 0; gz < groups[2]; ++gz)
      for (std::size_t gy = 0; gy < groups[1]; ++gy)
        for (std::size_t gx = 0; gx < groups[0]; ++gx) {
          std::vector<std::size_t> items;
          for (std::size_t lz = 0; lz < local[2]; ++lz)
            for (std::size_t ly = 0; ly < local[1]; ++ly)
              for (std::size_t lx = 0; lx < local[0]; ++lx)
                items.push_back(gx * local[0] + lx +
                                size[0] * (gy * local[1] + ly + size[1] * (gz * local[2] + lz)));
          T sum = 0, lo = std::numeric_limits<T>::max(), hi = std::numeric_limits<T>::lowest();
          bool all = true, any = false;
          for (std::size_t i : items) {
            sum = host_add(sum, in[i]);
            lo = std::min(lo, in[i]);
            hi = std::max(hi, in[i]);
            all = all && in[i] < pivot;
            any = any || in[i] == pivot;
          }
          // Before each work-item: the exclusive scans' values; after it: the inclusive ones.
          T scan_sum = 0, scan_lo = std::numeric_limits<T>::max();
          T scan_hi = std::numeric_limits<T>::lowest();
          if constexpr (std::is_floating_point_v<T>) {
            scan_lo = std::numeric_limits<T>::infinity();
            scan_hi = -std::numeric_limits<T>::infinity();
          }
          const std::size_t source_id =
              shape.broadcast[0] + local[0] * (shape.broadcast[1] + local[1] * shape.broadcast[2]);
          const T broadcast = in[items[source_id]];
          for (std::size_t i : items) {
            SCOPED_TRACE("work-item " + std::to_string(i));
            EXPECT_EQ(out[0 * n + i], sum);
            EXPECT_EQ(out[1 * n + i], lo);
            EXPECT_EQ(out[2 * n + i], hi);
            EXPECT_EQ(out[6 * n + i], scan_sum);
            EXPECT_EQ(out[7 * n + i], scan_lo);
            EXPECT_EQ(out[8 * n + i], scan_hi);
            scan_sum = host_add(scan_sum, in[i]);
            scan_lo = std::min(scan_lo, in[i]);
            scan_hi = std::max(scan_hi, in[i]);
            EXPECT_EQ(out[3 * n + i], scan_sum);
            EXPECT_EQ(out[4 * n + i], scan_lo);
            EXPECT_EQ(out[5 * n + i], scan_hi);
            EXPECT_EQ(out[9 * n + i], broadcast);
            EXPECT_EQ(votes[2 * i], all ? 1 : 0);
            EXPECT_EQ(votes[2 * i + 1], any ? 1 : 0);
          }
        }
  }
}

TEST(WorkGroupCollectives, Int) { check_type<cl_int>("int"); }
TEST(WorkGroupCollectives, UInt) { check_type<cl_uint>("uint"); }
TEST(WorkGroupCollectives, Long) { check_type<cl_long>("long"); }
TEST(WorkGroupCollectives, ULong) { check_type<cl_ulong>("ulong"); }
TEST(WorkGroupCollectives, Float) { check_type<cl_float>("float"); }
TEST(WorkGroupCollectives, Double) { check_type<cl_double>("double"); }

// CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT and the feature macro agree (3.0 §4.2 and
// OpenCL C 3.0 §6.2.1): a device that answers CL_TRUE defines
// __opencl_c_work_group_collective_functions under -cl-std=CL3.0, and lists it among
// CL_DEVICE_OPENCL_C_FEATURES.
TEST(WorkGroupCollectives, QueryAndFeatureMacro) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_bool support = CL_FALSE;
  ASSERT_EQ(clGetDeviceInfo(dev.device, CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT,
                            sizeof support, &support, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(support, CL_TRUE);
  std::size_t bytes = 0;
  ASSERT_EQ(clGetDeviceInfo(dev.device, CL_DEVICE_OPENCL_C_FEATURES, 0, nullptr, &bytes),
            CL_SUCCESS);
  std::vector<cl_name_version> features(bytes / sizeof(cl_name_version));
  ASSERT_EQ(clGetDeviceInfo(dev.device, CL_DEVICE_OPENCL_C_FEATURES, bytes, features.data(),
                            nullptr),
            CL_SUCCESS);
  EXPECT_TRUE(std::any_of(features.begin(), features.end(), [](const cl_name_version& f) {
    return std::string(f.name) == "__opencl_c_work_group_collective_functions";
  }));
  cl_program p = dev.build(
      "kernel void k(global int* out) {\n"
      "#ifdef __opencl_c_work_group_collective_functions\n"
      "  out[0] = 1;\n"
      "#else\n"
      "  out[0] = 2;\n"
      "#endif\n"
      "}\n",
      "-cl-std=CL3.0");
  ASSERT_NE(p, nullptr);
  cl_kernel k = dev.kernel(p, "k");
  cl_mem out = dev.buffer(std::vector<cl_int>(1, 0));
  ASSERT_EQ(dev.run(k, {1}, {1}, out), CL_SUCCESS);
  EXPECT_EQ(dev.read<cl_int>(out, 1)[0], 1);
}

}  // namespace
