// Non-uniform work-groups (OpenCL 3.0 API §5.10, clEnqueueNDRangeKernel; OpenCL C 3.0 §6.15.1):
// every work-item's ids and sizes in 1D, 2D and 3D NDRanges whose last work-groups are smaller,
// computed again on the host; a __local reduction with barriers, a work-group and sub-group
// functions in a partial work-group; and the launches whose work-groups must stay uniform.
#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "fixtures.h"

namespace clvet::test {
namespace {

class NonUniformWorkGroups : public WithQueue {
 protected:
  void TearDown() override {
    for (cl_mem m : buffers_) clReleaseMemObject(m);
    for (cl_kernel k : kernels_) clReleaseKernel(k);
    for (cl_program p : programs_) clReleaseProgram(p);
    WithQueue::TearDown();
  }
  cl_program build(const char* source, const char* options) {
    cl_int err = CL_SUCCESS;
    cl_program p = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    programs_.push_back(p);
    EXPECT_EQ(clBuildProgram(p, 1, &device, options, nullptr, nullptr), CL_SUCCESS) << log(p);
    return p;
  }
  std::string log(cl_program p) {
    std::size_t size = 0;
    clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string text(size, '\0');
    clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, size, text.data(), nullptr);
    return text;
  }
  cl_kernel kernel(cl_program p, const char* name) {
    cl_int err = CL_SUCCESS;
    cl_kernel k = clCreateKernel(p, name, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    kernels_.push_back(k);
    return k;
  }
  cl_mem buffer(std::size_t bytes, const void* data = nullptr) {
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | (data ? CL_MEM_COPY_HOST_PTR : 0),
                              bytes, const_cast<void*>(data), &err);
    EXPECT_EQ(err, CL_SUCCESS);
    buffers_.push_back(m);
    return m;
  }
  template <class T> std::vector<T> read(cl_mem m, std::size_t count) {
    std::vector<T> v(count);
    EXPECT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, count * sizeof(T), v.data(), 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
    return v;
  }
  // A one-argument kernel writing get_global_id(0) + 1 where the work-item's global id says,
  // built with `options` and enqueued over `global` in groups of `local` (NULL: the device's).
  cl_int enqueue_marks(const char* source, const char* options, std::size_t global,
                       const std::size_t* local, cl_mem* out) {
    cl_kernel k = kernel(build(source, options), "marks");
    *out = buffer(global * sizeof(cl_int));
    EXPECT_EQ(clSetKernelArg(k, 0, sizeof *out, out), CL_SUCCESS);
    return clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, local, 0, nullptr, nullptr);
  }
  std::vector<cl_program> programs_;
  std::vector<cl_kernel> kernels_;
  std::vector<cl_mem> buffers_;
};

const char* kMarks = R"(
kernel void marks(global int* out) { out[get_global_id(0)] = get_global_id(0) + 1; }
)";

TEST_F(NonUniformWorkGroups, DeviceSupportsThem) {
  cl_bool supported = CL_FALSE;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof supported,
                            &supported, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(supported, CL_TRUE);
}

// Per work-item: for each dimension its global id, local id, local size, enqueued local size,
// group id and number of groups; then its local linear id and a mark that it ran.
constexpr const char* kIds = R"(
kernel void ids(global ulong* out) {
  global ulong* o = out + get_global_linear_id() * 20;
  for (uint d = 0; d < 3; ++d) {
    o[d * 6 + 0] = get_global_id(d);
    o[d * 6 + 1] = get_local_id(d);
    o[d * 6 + 2] = get_local_size(d);
    o[d * 6 + 3] = get_enqueued_local_size(d);
    o[d * 6 + 4] = get_group_id(d);
    o[d * 6 + 5] = get_num_groups(d);
  }
  o[18] = get_local_linear_id();
  o[19] += 1;
}
)";

struct Geometry {
  cl_uint dims;
  std::array<std::size_t, 3> global, local, offset;
};

// The host's reading of §5.10: in each dimension whole groups of the enqueued size, then one
// group of the remainder; ids count from the group's first work-item as in a whole group.
void expect_ids(const Geometry& g, const std::vector<cl_ulong>& got) {
  const std::size_t nx = g.global[0], ny = g.dims > 1 ? g.global[1] : 1,
                    nz = g.dims > 2 ? g.global[2] : 1;
  for (std::size_t z = 0; z < nz; ++z)
    for (std::size_t y = 0; y < ny; ++y)
      for (std::size_t x = 0; x < nx; ++x) {
        const std::size_t item = x + nx * (y + ny * z);
        const cl_ulong* o = got.data() + item * 20;
        const std::size_t at[3] = {x, y, z};
        std::size_t lid[3], lsize[3];
        for (cl_uint d = 0; d < 3; ++d) {
          const bool used = d < g.dims;
          const std::size_t global = used ? g.global[d] : 1, local = used ? g.local[d] : 1;
          const std::size_t group = at[d] / local;
          lid[d] = at[d] % local;
          lsize[d] = std::min(local, global - group * local);
          const std::string where = "work-item (" + std::to_string(x) + ", " + std::to_string(y) +
                                    ", " + std::to_string(z) + ") dimension " + std::to_string(d);
          EXPECT_EQ(o[d * 6 + 0], used ? at[d] + g.offset[d] : 0) << "get_global_id, " << where;
          EXPECT_EQ(o[d * 6 + 1], lid[d]) << "get_local_id, " << where;
          EXPECT_EQ(o[d * 6 + 2], lsize[d]) << "get_local_size, " << where;
          EXPECT_EQ(o[d * 6 + 3], local) << "get_enqueued_local_size, " << where;
          EXPECT_EQ(o[d * 6 + 4], group) << "get_group_id, " << where;
          EXPECT_EQ(o[d * 6 + 5], (global + local - 1) / local) << "get_num_groups, " << where;
        }
        EXPECT_EQ(o[18], lid[0] + lsize[0] * (lid[1] + lsize[1] * lid[2]))
            << "get_local_linear_id, work-item " << item;
        EXPECT_EQ(o[19], 1u) << "work-item " << item << " ran " << o[19] << " times";
      }
}

TEST_F(NonUniformWorkGroups, EveryWorkItemsIdsAndSizes) {
  cl_kernel k = kernel(build(kIds, "-cl-std=CL3.0"), "ids");
  const Geometry cases[] = {
      {1, {37, 1, 1}, {8, 1, 1}, {5, 0, 0}},
      {2, {13, 7, 1}, {4, 3, 1}, {2, 3, 0}},
      {3, {5, 6, 7}, {2, 4, 3}, {0, 0, 0}},
      // Partial groups of one size and two shapes: (4, 3, 2) and (4, 2, 3) work-items.
      {3, {4, 5, 5}, {4, 3, 3}, {1, 2, 3}},
      {2, {3, 3, 1}, {5, 5, 1}, {0, 0, 0}},  // a local size larger than the global size
  };
  for (const Geometry& g : cases) {
    const std::size_t items = g.global[0] * g.global[1] * g.global[2];
    const std::vector<cl_ulong> zeros(items * 20, 0);
    cl_mem out = buffer(zeros.size() * sizeof(cl_ulong), zeros.data());
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, g.dims, g.offset.data(), g.global.data(),
                                     g.local.data(), 0, nullptr, nullptr),
              CL_SUCCESS)
        << g.dims << "D, global " << g.global[0] << " local " << g.local[0];
    expect_ids(g, read<cl_ulong>(out, zeros.size()));
  }
}

// A tree reduction over __local memory bounded by get_local_size, and work_group_reduce_add,
// in groups of 16 over 100 work-items: the last group has 4.
TEST_F(NonUniformWorkGroups, LocalReductionWithBarriersInAPartialGroup) {
  cl_kernel k = kernel(build(R"(
kernel void sums(global const int* in, global int* tree, global int* collective,
                 local int* scratch) {
  size_t lid = get_local_id(0), n = get_local_size(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = 1; s < n; s *= 2) {
    if (lid % (2 * s) == 0 && lid + s < n) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) tree[get_group_id(0)] = scratch[0];
  int total = work_group_reduce_add(in[get_global_id(0)]);
  if (lid == n - 1) collective[get_group_id(0)] = total;
}
)", "-cl-std=CL3.0"), "sums");
  const std::size_t global = 100, local = 16, groups = 7;
  std::vector<cl_int> in(global);
  for (std::size_t i = 0; i < global; ++i) in[i] = static_cast<cl_int>(i * i % 97);
  cl_mem input = buffer(global * sizeof(cl_int), in.data());
  cl_mem tree = buffer(groups * sizeof(cl_int));
  cl_mem collective = buffer(groups * sizeof(cl_int));
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof input, &input), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 1, sizeof tree, &tree), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 2, sizeof collective, &collective), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 3, local * sizeof(cl_int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
  const std::vector<cl_int> by_tree = read<cl_int>(tree, groups);
  const std::vector<cl_int> by_collective = read<cl_int>(collective, groups);
  for (std::size_t g = 0; g < groups; ++g) {
    const auto first = in.begin() + g * local;
    const cl_int expected = std::accumulate(first, first + std::min(local, global - g * local), 0);
    EXPECT_EQ(by_tree[g], expected) << "group " << g;
    EXPECT_EQ(by_collective[g], expected) << "group " << g;
  }
}

// Sub-groups split a partial work-group by its own work-items (OpenCL C 3.0 §6.15.19): groups of
// 80 over 200 work-items, the last of 40.
TEST_F(NonUniformWorkGroups, SubGroupsOfAPartialGroup) {
  cl_kernel k = kernel(build(R"(
kernel void sub_groups(global uint* out) {
  global uint* o = out + get_global_id(0) * 6;
  o[0] = get_sub_group_size();
  o[1] = get_num_sub_groups();
  o[2] = get_enqueued_num_sub_groups();
  o[3] = get_sub_group_id();
  o[4] = get_sub_group_local_id();
  o[5] = sub_group_reduce_add(1u);
}
)", "-cl-std=CL3.0"), "sub_groups");
  const std::size_t global = 200, local = 80;
  std::size_t size = 0;
  ASSERT_EQ(clGetKernelSubGroupInfo(k, device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                                    sizeof local, &local, sizeof size, &size, nullptr),
            CL_SUCCESS);
  ASSERT_GT(size, 0u);
  cl_mem out = buffer(global * 6 * sizeof(cl_uint));
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
  const std::vector<cl_uint> got = read<cl_uint>(out, global * 6);
  for (std::size_t i = 0; i < global; ++i) {
    const std::size_t group = i / local, lid = i % local;
    const std::size_t items = std::min(local, global - group * local);
    const std::size_t sub_group = lid / size;
    const std::size_t sub_group_size = std::min(size, items - sub_group * size);
    const cl_uint* o = got.data() + i * 6;
    EXPECT_EQ(o[0], sub_group_size) << "get_sub_group_size, work-item " << i;
    EXPECT_EQ(o[1], (items + size - 1) / size) << "get_num_sub_groups, work-item " << i;
    EXPECT_EQ(o[2], (local + size - 1) / size) << "get_enqueued_num_sub_groups, work-item " << i;
    EXPECT_EQ(o[3], sub_group) << "get_sub_group_id, work-item " << i;
    EXPECT_EQ(o[4], lid % size) << "get_sub_group_local_id, work-item " << i;
    EXPECT_EQ(o[5], sub_group_size) << "sub_group_reduce_add(1), work-item " << i;
  }
}

// "non-uniform work-groups ... the program must be compiled or built using the -cl-std=CL2.0 or
// -cl-std=CL3.0 build option and without the -cl-uniform-work-group-size build option" (3.0
// §5.10); otherwise CL_INVALID_WORK_GROUP_SIZE "if the work-group size must be uniform and ...
// the global_work_size is not evenly divisible by the local_work_size".
TEST_F(NonUniformWorkGroups, ProgramsThatAllowThemRunAPartialGroup) {
  // (The device's OpenCL C versions are 1.x and 3.0: it lacks 2.0's mandatory pipes.)
  for (const char* options : {"-cl-std=CL3.0", "-cl-std=CL1.2 -cl-std=CL3.0",
                              "-cl-std=CL3.0 -cl-opt-disable"}) {
    const std::size_t global = 10, local = 4;
    cl_mem out = nullptr;
    ASSERT_EQ(enqueue_marks(kMarks, options, global, &local, &out), CL_SUCCESS) << options;
    const std::vector<cl_int> got = read<cl_int>(out, global);
    for (std::size_t i = 0; i < global; ++i) EXPECT_EQ(got[i], static_cast<cl_int>(i + 1)) << options;
  }
}

TEST_F(NonUniformWorkGroups, ProgramsThatRequireUniformGroupsRefuseARemainder) {
  for (const char* options : {"", "-cl-std=CL1.2", "-cl-std=CL1.1",
                              "-cl-std=CL3.0 -cl-uniform-work-group-size",
                              "-cl-uniform-work-group-size -cl-std=CL3.0",
                              "-cl-std=CL3.0 -cl-std=CL1.2"}) {
    const std::size_t global = 10, local = 4;
    cl_mem out = nullptr;
    clear_last_rule();
    EXPECT_EQ(enqueue_marks(kMarks, options, global, &local, &out), CL_INVALID_WORK_GROUP_SIZE)
        << "options '" << options << "'";
    EXPECT_EQ(last_rule(), "EnqueueNDRangeKernelUniformRequired") << options;
    // A local size that divides the global size runs as ever.
    const std::size_t divides = 5;
    EXPECT_EQ(enqueue_marks(kMarks, options, global, &divides, &out), CL_SUCCESS) << options;
  }
}

// "the size of work-group specified by local_work_size must match the value specified in the
// program source": with local_work_size NULL the required size is the enqueued one, and it too
// must divide the global size where the work-groups must be uniform.
TEST_F(NonUniformWorkGroups, RequiredWorkGroupSizeWithARemainder) {
  const char* source = R"(
#if __OPENCL_C_VERSION__ < 200
#define get_enqueued_local_size get_local_size
#endif
kernel __attribute__((reqd_work_group_size(4, 1, 1))) void sizes(global int* out) {
  out[get_global_id(0)] = get_local_size(0) * 10 + get_enqueued_local_size(0);
}
)";
  const std::size_t global = 10;
  cl_kernel k = kernel(build(source, "-cl-std=CL3.0"), "sizes");
  cl_mem out = buffer(global * sizeof(cl_int));
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
  const std::vector<cl_int> got = read<cl_int>(out, global);
  for (std::size_t i = 0; i < global; ++i) EXPECT_EQ(got[i], i < 8 ? 44 : 24) << i;

  cl_kernel uniform = kernel(build(source, "-cl-std=CL1.2"), "sizes");
  ASSERT_EQ(clSetKernelArg(uniform, 0, sizeof out, &out), CL_SUCCESS);
  EXPECT_RULE(clEnqueueNDRangeKernel(queue, uniform, 1, nullptr, &global, nullptr, 0, nullptr,
                                     nullptr),
              CL_INVALID_WORK_GROUP_SIZE, "EnqueueNDRangeKernelUniformRequired");
}

// "If the program was created using clLinkProgram, all input programs must support non-uniform
// work-groups": the link's own options do not tell, its inputs' builds do.
TEST_F(NonUniformWorkGroups, LinkedProgramsFollowTheirInputs) {
  for (const char* options : {"-cl-std=CL1.2", "-cl-std=CL3.0"}) {
    cl_int err = CL_SUCCESS;
    cl_program object = clCreateProgramWithSource(context, 1, &kMarks, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    programs_.push_back(object);
    ASSERT_EQ(clCompileProgram(object, 1, &device, options, 0, nullptr, nullptr, nullptr, nullptr),
              CL_SUCCESS);
    cl_program linked = clLinkProgram(context, 1, &device, "", 1, &object, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    programs_.push_back(linked);
    cl_kernel k = kernel(linked, "marks");
    const std::size_t global = 10, local = 4;
    cl_mem out = buffer(global * sizeof(cl_int));
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    clear_last_rule();
    const cl_int code =
        clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr);
    if (std::string(options) == "-cl-std=CL3.0") {
      EXPECT_EQ(code, CL_SUCCESS);
    } else {
      EXPECT_EQ(code, CL_INVALID_WORK_GROUP_SIZE);
      EXPECT_EQ(last_rule(), "EnqueueNDRangeKernelUniformRequired");
    }
  }
}

// "If non-uniform work-groups are supported and local_work_size is NULL, the OpenCL runtime may
// choose a uniform or non-uniform work-group size"; otherwise "must choose a uniform work-group
// size". Over a prime number of work-items every one runs once either way.
TEST_F(NonUniformWorkGroups, NullLocalSizeOverAPrimeGlobalSize) {
  const char* source = R"(
#if __OPENCL_C_VERSION__ < 200
#define get_enqueued_local_size get_local_size
#endif
kernel void marks(global int* out, global int* enqueued) {
  out[get_global_id(0)] += 1;
  if (get_global_id(0) == 0) enqueued[0] = get_enqueued_local_size(0);
}
)";
  for (const char* options : {"-cl-std=CL3.0", "-cl-std=CL1.2"}) {
    const std::size_t global = 257;
    cl_kernel k = kernel(build(source, options), "marks");
    const std::vector<cl_int> zeros(global, 0);
    cl_mem out = buffer(global * sizeof(cl_int), zeros.data());
    cl_mem enqueued = buffer(sizeof(cl_int));
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof enqueued, &enqueued), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    const std::vector<cl_int> got = read<cl_int>(out, global);
    for (std::size_t i = 0; i < global; ++i) EXPECT_EQ(got[i], 1) << options << ", work-item " << i;
    const cl_int size = read<cl_int>(enqueued, 1)[0];
    ASSERT_GT(size, 0);
    if (std::string(options) == "-cl-std=CL1.2") {
      EXPECT_EQ(global % static_cast<std::size_t>(size), 0u) << "a uniform size must divide";
    }
  }
}

}  // namespace
}  // namespace clvet::test
