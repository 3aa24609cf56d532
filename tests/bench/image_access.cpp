// Benchmark, not a test: image accesses against the same loads and stores from buffers on the
// reference device, with its checkers off and all on. Images should run at the lockstep speed
// of buffer accesses (a read_image over the active lanes is one batched operation).
//
//   image_access [--size N] [--runs R]
//
// Four pairs of kernels over an N × N grid of float4 texels (N = 512 by default), each an image
// kernel and the buffer kernel that moves the same bytes:
//   copy        read_imagef (no sampler) and write_imagef   vs  out[i] = in[i]
//   sampled     read_imagef, nearest, unnormalised, clamp   vs  a clamped index's load
//   linear      read_imagef, linear filtering (4 texels)    vs  four loads and the same weights
//   write       write_imagef of a computed colour           vs  its store
// Each kernel is built and run once untimed, then R times (3) with its inputs rewritten; the
// table gives the best run's process CPU seconds (all threads), the image kernel's seconds over
// the buffer kernel's, and whether both results equal the host's (every texel, exactly: the
// grid's coordinates are texel centres, so linear filtering weighs one texel fully).
// The checker modes run in child processes (CLVET_CHECK is read when the device loads), on the
// first platform whose name contains "clvet": run it with OCL_ICD_VENDORS at the build's icd
// folder (make bench-images does).
#include "bench_support.h"
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

double cpu_seconds() { return clvet::bench::seconds(CLOCK_PROCESS_CPUTIME_ID); }

const char* kSource = R"CLC(
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t linear = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

__kernel void copy_image(__read_only image2d_t in, __write_only image2d_t out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(out, p, read_imagef(in, p));
}
__kernel void copy_buffer(__global const float4* in, __global float4* out, int n) {
  int i = get_global_id(1) * n + get_global_id(0);
  out[i] = in[i];
}

__kernel void sampled_image(__read_only image2d_t in, __global float4* out, int n) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * n + x] = read_imagef(in, nearest, (float2)(x + 0.5f, y + 0.5f));
}
__kernel void sampled_buffer(__global const float4* in, __global float4* out, int n) {
  int x = get_global_id(0), y = get_global_id(1);
  int cx = clamp((int)floor(x + 0.5f), 0, n - 1), cy = clamp((int)floor(y + 0.5f), 0, n - 1);
  out[y * n + x] = in[cy * n + cx];
}

__kernel void linear_image(__read_only image2d_t in, __global float4* out, int n) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * n + x] = read_imagef(in, linear, (float2)(x + 0.5f, y + 0.5f));
}
__kernel void linear_buffer(__global const float4* in, __global float4* out, int n) {
  int x = get_global_id(0), y = get_global_id(1);
  float u = x + 0.5f - 0.5f, v = y + 0.5f - 0.5f;
  int i0 = clamp((int)floor(u), 0, n - 1), j0 = clamp((int)floor(v), 0, n - 1);
  int i1 = clamp((int)floor(u) + 1, 0, n - 1), j1 = clamp((int)floor(v) + 1, 0, n - 1);
  float a = u - floor(u), b = v - floor(v);
  out[y * n + x] = (1 - a) * (1 - b) * in[j0 * n + i0] + a * (1 - b) * in[j0 * n + i1] +
                   (1 - a) * b * in[j1 * n + i0] + a * b * in[j1 * n + i1];
}

__kernel void write_image(__write_only image2d_t out) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imagef(out, (int2)(x, y), (float4)(x, y, x + y, 1.0f));
}
__kernel void write_buffer(__global float4* out, int n) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * n + x] = (float4)(x, y, x + y, 1.0f);
}
)CLC";

struct Device {
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  cl_program program = nullptr;
};

Device open_reference() {
  cl_uint n = 0;
  CL_CHECK(clGetPlatformIDs(0, nullptr, &n));
  std::vector<cl_platform_id> platforms(n);
  CL_CHECK(clGetPlatformIDs(n, platforms.data(), nullptr));
  for (cl_platform_id p : platforms) {
    char name[256] = {};
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof name, name, nullptr);
    if (std::strstr(name, "clvet") == nullptr) continue;
    Device d;
    CL_CHECK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d.device, nullptr));
    cl_int err = CL_SUCCESS;
    d.context = clCreateContext(nullptr, 1, &d.device, nullptr, nullptr, &err);
    CL_CHECK(err);
    d.queue = clCreateCommandQueueWithProperties(d.context, d.device, nullptr, &err);
    CL_CHECK(err);
    d.program = clCreateProgramWithSource(d.context, 1, &kSource, nullptr, &err);
    CL_CHECK(err);
    CL_CHECK(clBuildProgram(d.program, 1, &d.device, "", nullptr, nullptr));
    return d;
  }
  throw std::runtime_error("no platform named clvet: set OCL_ICD_VENDORS to the build's icd folder");
}

struct Grid {
  int n;
  std::vector<float> texels;  // n × n × 4, texel (x, y) at (y * n + x) * 4
};

Grid input(int n) {
  Grid g{n, std::vector<float>(static_cast<std::size_t>(n) * n * 4)};
  for (std::size_t i = 0; i < g.texels.size(); ++i) g.texels[i] = static_cast<float>((i * 37) % 1001) / 8.0f;
  return g;
}

cl_mem image(Device& d, cl_mem_flags flags, int n, const float* host) {
  const cl_image_format format{CL_RGBA, CL_FLOAT};
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = desc.image_height = static_cast<std::size_t>(n);
  cl_int err = CL_SUCCESS;
  cl_mem m = clCreateImage(d.context, flags | (host ? CL_MEM_COPY_HOST_PTR : 0), &format, &desc,
                           const_cast<float*>(host), &err);
  CL_CHECK(err);
  return m;
}
cl_mem buffer(Device& d, std::size_t bytes, const float* host) {
  cl_int err = CL_SUCCESS;
  cl_mem m = clCreateBuffer(d.context, CL_MEM_READ_WRITE | (host ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                            const_cast<float*>(host), &err);
  CL_CHECK(err);
  return m;
}

std::vector<float> read_back(Device& d, cl_mem m, bool is_image, int n) {
  std::vector<float> out(static_cast<std::size_t>(n) * n * 4);
  if (is_image) {
    const std::size_t origin[3] = {0, 0, 0}, region[3] = {static_cast<std::size_t>(n), static_cast<std::size_t>(n), 1};
    CL_CHECK(clEnqueueReadImage(d.queue, m, CL_TRUE, origin, region, 0, 0, out.data(), 0, nullptr, nullptr));
  } else {
    CL_CHECK(clEnqueueReadBuffer(d.queue, m, CL_TRUE, 0, out.size() * sizeof(float), out.data(), 0, nullptr,
                                 nullptr));
  }
  return out;
}

// One kernel: its arguments (images or buffers), where its result is, and the best of `runs`.
struct Timing {
  double seconds = 0;
  bool ok = false;
};

Timing time_kernel(Device& d, const char* name, const std::vector<cl_mem>& mems, bool pass_n, int n,
                   cl_mem result, bool result_is_image, const std::vector<float>& want, int runs) {
  cl_int err = CL_SUCCESS;
  cl_kernel k = clCreateKernel(d.program, name, &err);
  CL_CHECK(err);
  cl_uint arg = 0;
  for (cl_mem m : mems) CL_CHECK(clSetKernelArg(k, arg++, sizeof m, &m));
  if (pass_n) CL_CHECK(clSetKernelArg(k, arg++, sizeof n, &n));
  const std::size_t global[2] = {static_cast<std::size_t>(n), static_cast<std::size_t>(n)};
  Timing t;
  t.seconds = 1e30;
  for (int r = 0; r <= runs; ++r) {  // run 0: untimed, the decoded kernel cached
    const double start = cpu_seconds();
    CL_CHECK(clEnqueueNDRangeKernel(d.queue, k, 2, nullptr, global, nullptr, 0, nullptr, nullptr));
    CL_CHECK(clFinish(d.queue));
    if (r > 0) t.seconds = std::min(t.seconds, cpu_seconds() - start);
  }
  t.ok = read_back(d, result, result_is_image, n) == want;
  clReleaseKernel(k);
  return t;
}

// The host's results: the copy and both reads give the input (texel centres; linear weighs the
// texel itself fully), the write gives (x, y, x + y, 1).
std::vector<float> written(int n) {
  std::vector<float> out(static_cast<std::size_t>(n) * n * 4);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      float* t = &out[(static_cast<std::size_t>(y) * n + x) * 4];
      t[0] = static_cast<float>(x);
      t[1] = static_cast<float>(y);
      t[2] = static_cast<float>(x + y);
      t[3] = 1.0f;
    }
  return out;
}

// One checker mode in this process: a line per pair, "NAME IMAGE_S BUFFER_S ok|WRONG".
int measure(int n, int runs) {
  Device d = open_reference();
  const Grid g = input(n);
  const std::size_t bytes = g.texels.size() * sizeof(float);
  cl_mem in_image = image(d, CL_MEM_READ_ONLY, n, g.texels.data());
  cl_mem out_image = image(d, CL_MEM_WRITE_ONLY, n, nullptr);
  cl_mem in_buffer = buffer(d, bytes, g.texels.data());
  cl_mem out_buffer = buffer(d, bytes, nullptr);
  const std::vector<float> same = g.texels, write = written(n);
  struct Pair {
    const char* name;
    Timing image, buffer;
  } pairs[] = {
      {"copy", time_kernel(d, "copy_image", {in_image, out_image}, false, n, out_image, true, same, runs),
       time_kernel(d, "copy_buffer", {in_buffer, out_buffer}, true, n, out_buffer, false, same, runs)},
      {"sampled", time_kernel(d, "sampled_image", {in_image, out_buffer}, true, n, out_buffer, false, same, runs),
       time_kernel(d, "sampled_buffer", {in_buffer, out_buffer}, true, n, out_buffer, false, same, runs)},
      {"linear", time_kernel(d, "linear_image", {in_image, out_buffer}, true, n, out_buffer, false, same, runs),
       time_kernel(d, "linear_buffer", {in_buffer, out_buffer}, true, n, out_buffer, false, same, runs)},
      {"write", time_kernel(d, "write_image", {out_image}, false, n, out_image, true, write, runs),
       time_kernel(d, "write_buffer", {out_buffer}, true, n, out_buffer, false, write, runs)},
  };
  for (const Pair& p : pairs)
    std::printf("%s %.6f %.6f %s\n", p.name, p.image.seconds, p.buffer.seconds,
                p.image.ok && p.buffer.ok ? "ok" : "WRONG");
  for (cl_mem m : {in_image, out_image, in_buffer, out_buffer}) clReleaseMemObject(m);
  clReleaseProgram(d.program);
  clReleaseCommandQueue(d.queue);
  clReleaseContext(d.context);
  return 0;
}

// This program again with CLVET_CHECK=mode, its lines captured.
std::string run_mode(const char* self, const char* mode, int n, int runs) {
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("pipe failed");
  const pid_t child = fork();
  if (child == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    setenv("CLVET_CHECK", mode, 1);
    const std::string size = std::to_string(n), count = std::to_string(runs);
    execl(self, self, "--measure", "--size", size.c_str(), "--runs", count.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  std::string text;
  char chunk[512];
  for (ssize_t got; (got = read(out[0], chunk, sizeof chunk)) > 0;) text.append(chunk, static_cast<std::size_t>(got));
  close(out[0]);
  int status = 0;
  waitpid(child, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error(std::string("the run with CLVET_CHECK=") + mode + " failed");
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  int n = 512, runs = 3;
  bool measure_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--size" && i + 1 < argc) n = std::atoi(argv[++i]);
    else if (a == "--runs" && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (a == "--measure") measure_only = true;
    else {
      std::fprintf(stderr, "usage: image_access [--size N] [--runs R]\n");
      return 2;
    }
  }
  try {
    if (measure_only) return measure(n, runs);
    std::printf("image accesses against buffer accesses on the reference device: %d x %d float4 texels, "
                "best of %d runs, process CPU seconds\n\n",
                n, n, runs);
    std::printf("%-8s %-6s %10s %10s %8s  %s\n", "kernel", "checks", "image s", "buffer s", "ratio", "results");
    for (const char* mode : {"none", "all"}) {
      const std::string lines = run_mode("/proc/self/exe", mode, n, runs);
      char name[32], verdict[16];
      double image_s = 0, buffer_s = 0;
      for (const char* at = lines.c_str(); std::sscanf(at, "%31s %lf %lf %15s", name, &image_s, &buffer_s, verdict) == 4;) {
        std::printf("%-8s %-6s %10.3f %10.3f %7.2fx  %s\n", name, mode, image_s, buffer_s, image_s / buffer_s,
                    verdict);
        at = std::strchr(at, '\n');
        if (at == nullptr) break;
        ++at;
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "image_access: %s\n", e.what());
    return 1;
  }
  return 0;
}
