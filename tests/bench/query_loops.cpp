// Benchmark, not a test: the Khronos CTS's test_allocations image kernels on every platform the
// loader offers, PoCL first and the others as multiples of it.
//
//   query_loops [--size N] [--runs R]
//
// An N x N CL_RGBA / CL_UNSIGNED_INT32 image (N = 2048 by default, 64 MiB) and the CTS's
// NDRange for it (allocation_execute.cpp): one work-item per 2,048 bytes of image (at least
// 16,384), in launches of 65,536 with the largest work-group that divides them. Each work-item
// loops over every row, `for (y = 0; y < get_image_height(img); y++) if (y % stride ==
// get_global_id(0))`, and writes (write) or sums (read) the rows it owns: N x items trips of a
// loop of queries, and N x N texels written or read by one lane at a time. Each kernel is built
// and run once untimed, then R times (2); the table gives the mean process CPU seconds (all
// threads) and wall seconds of a run, the CPU time as a multiple of PoCL's (the first platform
// whose name contains "Portable"), and whether the result equals the host's (every texel
// written; the read's checksum). Set CLVET_CHECK (none here by default) and CLVET_THREADS for
// the reference device.
#include "bench_support.h"

using clvet::bench::platform_name;

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

double cpu_seconds() { return clvet::bench::seconds(CLOCK_PROCESS_CPUTIME_ID); }
double wall_seconds() { return clvet::bench::seconds(CLOCK_MONOTONIC); }

// allocation_execute.cpp's kernels for one image, its patterns filled in.
const char* kSource = R"CLC(
__kernel void write_rows(write_only image2d_t image0, __global uint *result, uint stride) {
  uint4 color = (uint4)(0);
  const uint4 offset = (uint4)(0, 1, 2, 3);
  int x, y;
  for (y = 0; y < get_image_height(image0); y++)
    if (y % stride == get_global_id(0))
      for (x = 0; x < get_image_width(image0); x++) {
        color = (uint4)x * (uint4)y + offset;
        write_imageui(image0, (int2)(x, y), color);
      }
  barrier(CLK_LOCAL_MEM_FENCE);
  result[get_global_id(0)] += color.x + color.y + color.z + color.w;
}
__kernel void read_rows(read_only image2d_t image0, __global uint *result, uint stride) {
  uint4 color = (uint4)(0);
  const sampler_t sampler = CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST | CLK_NORMALIZED_COORDS_FALSE;
  int x, y;
  for (y = 0; y < get_image_height(image0); y++)
    if (y % stride == get_global_id(0))
      for (x = 0; x < get_image_width(image0); x++)
        color += read_imageui(image0, sampler, (int2)(x, y));
  result[get_global_id(0)] += color.x + color.y + color.z + color.w;
}
)CLC";

struct Row {
  double cpu = 0, wall = 0;
  bool ok = false;
};

// Runs `name` over the CTS's NDRange for an image of n x n texels, `runs` times after one
// untimed run; checks the last run's result.
Row measure(cl_context context, cl_device_id device, cl_command_queue queue, cl_program program,
            const char* name, std::size_t n, int runs, const std::vector<std::uint32_t>& texels) {
  const bool writes = std::strcmp(name, "write_rows") == 0;
  cl_int err = CL_SUCCESS;
  const cl_image_format format{CL_RGBA, CL_UNSIGNED_INT32};
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = desc.image_height = n;
  cl_mem image = clCreateImage(
      context, writes ? CL_MEM_WRITE_ONLY : CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format,
      &desc, writes ? nullptr : const_cast<std::uint32_t*>(texels.data()), &err);
  CL_CHECK(err);
  const std::size_t items = std::max<std::size_t>(n * n * 16 / 2048, 16384);
  std::vector<std::uint32_t> zeros(items, 0);
  cl_mem result = clCreateBuffer(context, CL_MEM_READ_WRITE, items * 4, nullptr, &err);
  CL_CHECK(err);
  cl_kernel k = clCreateKernel(program, name, &err);
  CL_CHECK(err);
  const auto stride = static_cast<cl_uint>(items);
  CL_CHECK(clSetKernelArg(k, 0, sizeof image, &image));
  CL_CHECK(clSetKernelArg(k, 1, sizeof result, &result));
  CL_CHECK(clSetKernelArg(k, 2, sizeof stride, &stride));
  std::size_t max_group = 1;
  CL_CHECK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof max_group,
                                    &max_group, nullptr));
  Row row;
  for (int r = 0; r <= runs; ++r) {
    CL_CHECK(clEnqueueWriteBuffer(queue, result, CL_TRUE, 0, items * 4, zeros.data(), 0, nullptr,
                                  nullptr));
    const double cpu = cpu_seconds(), wall = wall_seconds();
    for (std::size_t offset = 0; offset < items; offset += 65536) {
      const std::size_t chunk = std::min<std::size_t>(65536, items - offset);
      std::size_t local = std::min(max_group, chunk);
      while (chunk % local) --local;  // get_max_common_work_group_size
      CL_CHECK(clEnqueueNDRangeKernel(queue, k, 1, &offset, &chunk, &local, 0, nullptr, nullptr));
    }
    CL_CHECK(clFinish(queue));
    if (r == 0) continue;
    row.cpu += (cpu_seconds() - cpu) / runs;
    row.wall += (wall_seconds() - wall) / runs;
  }
  if (writes) {
    std::vector<std::uint32_t> got(n * n * 4);
    const std::size_t origin[3] = {0, 0, 0}, region[3] = {n, n, 1};
    CL_CHECK(clEnqueueReadImage(queue, image, CL_TRUE, origin, region, 0, 0, got.data(), 0,
                                nullptr, nullptr));
    row.ok = true;
    for (std::size_t y = 0; y < n && row.ok; ++y)
      for (std::size_t x = 0; x < n; ++x)
        for (std::size_t c = 0; c < 4; ++c)
          row.ok = row.ok && got[(y * n + x) * 4 + c] == std::uint32_t(x * y + c);
  } else {
    std::vector<std::uint32_t> got(items);
    CL_CHECK(clEnqueueReadBuffer(queue, result, CL_TRUE, 0, items * 4, got.data(), 0, nullptr,
                                 nullptr));
    std::uint32_t sum = 0, want = 0;  // the CTS's checksum: every texel component, wrapping
    for (std::uint32_t v : got) sum += v;
    for (std::uint32_t v : texels) want += v;
    row.ok = sum == want;
  }
  clReleaseKernel(k);
  clReleaseMemObject(result);
  clReleaseMemObject(image);
  return row;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = 2048;
  int runs = 2;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--size" && i + 1 < argc) n = std::strtoul(argv[++i], nullptr, 10);
    else if (a == "--runs" && i + 1 < argc) runs = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: query_loops [--size N] [--runs R]\n");
      return 2;
    }
  }
  if (n == 0 || runs < 1) {
    std::fprintf(stderr, "query_loops: --size and --runs must be at least 1\n");
    return 2;
  }
  setenv("CLVET_CHECK", "none", 0);
  try {
    std::vector<std::uint32_t> texels(n * n * 4);
    for (std::size_t i = 0; i < texels.size(); ++i)
      texels[i] = static_cast<std::uint32_t>(i * 2654435761u);
    const std::vector<cl_platform_id> platforms = clvet::bench::platforms_pocl_first();
    std::printf("test_allocations' image kernels: %zu x %zu RGBA uint32 texels, %zu work-items, "
                "mean of %d runs\n\n",
                n, n, std::max<std::size_t>(n * n * 16 / 2048, 16384), runs);
    std::printf("%-10s %-32s %9s %9s %10s  %s\n", "kernel", "platform", "cpu s", "wall s",
                "cpu/PoCL", "result");
    double pocl[2] = {0, 0};
    for (cl_platform_id platform : platforms) {
      const std::string name = platform_name(platform);
      cl_device_id device = nullptr;
      if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr) != CL_SUCCESS) continue;
      cl_int err = CL_SUCCESS;
      cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
      CL_CHECK(err);
      cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
      CL_CHECK(err);
      cl_program program = clCreateProgramWithSource(context, 1, &kSource, nullptr, &err);
      CL_CHECK(err);
      CL_CHECK(clBuildProgram(program, 1, &device, "", nullptr, nullptr));
      const char* kernels[2] = {"write_rows", "read_rows"};
      for (int k = 0; k < 2; ++k) {
        const Row row = measure(context, device, queue, program, kernels[k], n, runs, texels);
        const bool is_pocl = name.find("Portable") != std::string::npos;
        if (is_pocl && pocl[k] == 0) pocl[k] = row.cpu;
        char multiple[16] = "-";
        if (pocl[k] > 0) std::snprintf(multiple, sizeof multiple, "%.2fx", row.cpu / pocl[k]);
        std::printf("%-10s %-32.32s %9.3f %9.3f %10s  %s\n", kernels[k], name.c_str(), row.cpu,
                    row.wall, multiple, row.ok ? "ok" : "WRONG");
        std::fflush(stdout);
      }
      clReleaseProgram(program);
      clReleaseCommandQueue(queue);
      clReleaseContext(context);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "query_loops: %s\n", e.what());
    return 1;
  }
  return 0;
}
