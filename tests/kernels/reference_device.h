// Test helper: the clvet reference device (or another platform, by name, to compare with)
// reached through the ICD loader, with short ways to build a program from source and run a
// kernel over buffers.
#pragma once

#include <CL/cl.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace clvet::test {

class ReferenceDevice {
 public:
  explicit ReferenceDevice(const std::string& platform_name = "clvet") {
    cl_uint n = 0;
    clGetPlatformIDs(0, nullptr, &n);
    std::vector<cl_platform_id> platforms(n);
    clGetPlatformIDs(n, platforms.data(), nullptr);
    for (cl_platform_id p : platforms) {
      char name[256] = {};
      clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof name, name, nullptr);
      if (name == platform_name) platform = p;
    }
    if (!platform) return;
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr);
    cl_int err = CL_SUCCESS;
    context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    queue = clCreateCommandQueue(context, device, 0, &err);
  }
  ~ReferenceDevice() {
    for (cl_mem m : buffers_) clReleaseMemObject(m);
    for (cl_kernel k : kernels_) clReleaseKernel(k);
    for (cl_program p : programs_) clReleaseProgram(p);
    if (queue) clReleaseCommandQueue(queue);
    if (context) clReleaseContext(context);
  }
  ReferenceDevice(const ReferenceDevice&) = delete;
  ReferenceDevice& operator=(const ReferenceDevice&) = delete;

  bool available() const { return queue != nullptr; }

  // Builds `source`; on failure returns null and the build log in `log`.
  cl_program build(const std::string& source, const std::string& options = "",
                   std::string* log = nullptr) {
    const char* text = source.c_str();
    cl_int err = CL_SUCCESS;
    cl_program p = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
    if (!p) return nullptr;
    programs_.push_back(p);
    err = clBuildProgram(p, 1, &device, options.c_str(), nullptr, nullptr);
    if (err != CL_SUCCESS) {
      std::size_t size = 0;
      clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
      std::string text_log(size, '\0');
      clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, size, text_log.data(), nullptr);
      if (log) *log = text_log;
      ADD_FAILURE() << "build failed (" << err << "):\n" << text_log;
      return nullptr;
    }
    return p;
  }

  cl_kernel kernel(cl_program p, const char* name) {
    cl_int err = CL_SUCCESS;
    cl_kernel k = clCreateKernel(p, name, &err);
    EXPECT_EQ(err, CL_SUCCESS) << "clCreateKernel " << name;
    if (k) kernels_.push_back(k);
    return k;
  }

  template <class T>
  cl_mem buffer(const std::vector<T>& data) {
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                              data.size() * sizeof(T), const_cast<T*>(data.data()), &err);
    EXPECT_EQ(err, CL_SUCCESS);
    buffers_.push_back(m);
    return m;
  }

  template <class T>
  std::vector<T> read(cl_mem m, std::size_t count) {
    std::vector<T> out(count);
    EXPECT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, count * sizeof(T), out.data(), 0,
                                  nullptr, nullptr),
              CL_SUCCESS);
    return out;
  }

  // Sets the kernel's arguments from `args` (each a cl_mem or a value) and runs it over a
  // 1-, 2- or 3-dimensional range; waits for completion.
  template <class... Args>
  cl_int run(cl_kernel k, std::vector<std::size_t> global, std::vector<std::size_t> local,
             const Args&... args) {
    cl_uint index = 0;
    cl_int err = CL_SUCCESS;
    ((err = err == CL_SUCCESS ? clSetKernelArg(k, index++, sizeof(Args), &args) : err), ...);
    if (err != CL_SUCCESS) return err;
    err = clEnqueueNDRangeKernel(queue, k, static_cast<cl_uint>(global.size()), nullptr,
                                 global.data(), local.empty() ? nullptr : local.data(), 0,
                                 nullptr, nullptr);
    if (err != CL_SUCCESS) return err;
    return clFinish(queue);
  }

  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;

 private:
  std::vector<cl_program> programs_;
  std::vector<cl_kernel> kernels_;
  std::vector<cl_mem> buffers_;
};

// Distance in units in the last place between two floats of the same type (0 when equal, both
// NaN, or both the same infinity).
template <class F>
double ulp_distance(F got, double want) {
  if (std::isnan(want)) return std::isnan(got) ? 0 : 1e30;
  if (std::isinf(want)) return got == static_cast<F>(want) ? 0 : 1e30;
  F w = static_cast<F>(want);
  F ulp = std::nextafter(std::fabs(w), std::numeric_limits<F>::infinity()) - std::fabs(w);
  if (ulp == 0 || !std::isfinite(ulp)) ulp = std::numeric_limits<F>::denorm_min();
  return std::fabs(static_cast<double>(got) - want) / static_cast<double>(ulp);
}

}  // namespace clvet::test
