// Device profiles (CLVET_DEVICE_PROFILE): the reference device answers as the profiled device
// and holds programs to its limits with the spec's errors, where its own limits let them run.
// Each suite runs in a process of its own under one profile (tests/CMakeLists.txt): the device
// reads the profile once, when the loader first reaches it. Suite DefaultDevice runs the same
// programs without a profile, so that each refusal is the profile's.
#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "fixtures.h"

namespace clvet::test {
namespace {

template <class T> T info(cl_device_id device, cl_device_info param) {
  T value{};
  EXPECT_EQ(clGetDeviceInfo(device, param, sizeof value, &value, nullptr), CL_SUCCESS) << param;
  return value;
}

std::vector<std::size_t> sizes(cl_device_id device, cl_device_info param) {
  std::size_t bytes = 0;
  EXPECT_EQ(clGetDeviceInfo(device, param, 0, nullptr, &bytes), CL_SUCCESS);
  std::vector<std::size_t> v(bytes / sizeof(std::size_t));
  EXPECT_EQ(clGetDeviceInfo(device, param, bytes, v.data(), nullptr), CL_SUCCESS);
  return v;
}

// A context, a queue and helpers to build a program and launch its kernel.
class Profiled : public WithQueue {
 protected:
  // The program built from `source` with `options`; the build's status in `status`.
  cl_program build(const char* source, const char* options, cl_int& status) {
    cl_int err = CL_SUCCESS;
    cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    status = clBuildProgram(program, 1, &device, options, nullptr, nullptr);
    programs_.push_back(program);
    return program;
  }
  cl_kernel kernel(cl_program program, const char* name) {
    cl_int err = CL_SUCCESS;
    cl_kernel k = clCreateKernel(program, name, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    kernels_.push_back(k);
    return k;
  }
  cl_mem buffer(std::size_t size, cl_int* err = nullptr) {
    cl_int e = CL_SUCCESS;
    cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, size, nullptr, &e);
    if (err) *err = e;
    if (m) buffers_.push_back(m);
    return m;
  }
  void TearDown() override {
    for (cl_mem m : buffers_) clReleaseMemObject(m);
    for (cl_kernel k : kernels_) clReleaseKernel(k);
    for (cl_program p : programs_) clReleaseProgram(p);
    WithQueue::TearDown();
  }

  // Squares of 0..n-1 in groups of `local` work-items, checked against the host: the program
  // runs where the profile lets it.
  void expect_squares(std::size_t n, std::size_t local, const char* options) {
    cl_int status = CL_SUCCESS;
    cl_program p = build("kernel void square(global int* out) {"
                         "  int i = get_global_id(0); out[i] = i * i; }",
                         options, status);
    ASSERT_EQ(status, CL_SUCCESS);
    cl_kernel k = kernel(p, "square");
    cl_mem out = buffer(n * sizeof(int));
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, &local, 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<int> got(n);
    ASSERT_EQ(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, n * sizeof(int), got.data(), 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], static_cast<int>(i * i)) << i;
  }

  // The status of enqueuing 10 work-items in groups of 4 (a last group of 2, 3.0 §5.10) of a
  // program built with `options`.
  cl_int launch_with_remainder(const char* options) {
    cl_int status = CL_SUCCESS;
    cl_program p = build("kernel void k(global int* o) { o[get_global_id(0)] = 1; }", options,
                         status);
    EXPECT_EQ(status, CL_SUCCESS);
    cl_kernel k = kernel(p, "k");
    cl_mem out = buffer(10 * sizeof(int));
    EXPECT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    const std::size_t global = 10, local = 4;
    clear_last_rule();
    const cl_int code =
        clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr);
    clFinish(queue);
    return code;
  }

  // The status of enqueuing a kernel with `local_bytes` of __local memory in one argument.
  cl_int launch_with_local(std::size_t local_bytes) {
    cl_int status = CL_SUCCESS;
    cl_program p = build("kernel void uses(local int* scratch, global int* out) {"
                         "  scratch[0] = 1; out[0] = scratch[0]; }",
                         "", status);
    EXPECT_EQ(status, CL_SUCCESS);
    cl_kernel k = kernel(p, "uses");
    cl_mem out = buffer(sizeof(int));
    EXPECT_EQ(clSetKernelArg(k, 0, local_bytes, nullptr), CL_SUCCESS);
    EXPECT_EQ(clSetKernelArg(k, 1, sizeof out, &out), CL_SUCCESS);
    const std::size_t one = 1;
    const cl_int code = clEnqueueNDRangeKernel(queue, k, 1, nullptr, &one, &one, 0, nullptr, nullptr);
    clFinish(queue);
    return code;
  }

  // The status of enqueuing a kernel with `count` __constant pointer arguments.
  cl_int launch_with_constant_args(int count) {
    std::string params, body;
    for (int i = 0; i < count; ++i) {
      params += ", constant int* c" + std::to_string(i);
      body += " + c" + std::to_string(i) + "[0]";
    }
    const std::string source = "kernel void consts(global int* out" + params + ") { out[0] = 0" +
                               body + "; }";
    cl_int status = CL_SUCCESS;
    cl_program p = build(source.c_str(), "", status);
    EXPECT_EQ(status, CL_SUCCESS);
    cl_kernel k = kernel(p, "consts");
    cl_mem out = buffer(sizeof(int));
    EXPECT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    for (int i = 0; i < count; ++i) {
      cl_mem c = buffer(sizeof(int));
      const int zero = 0;
      clEnqueueWriteBuffer(queue, c, CL_TRUE, 0, sizeof zero, &zero, 0, nullptr, nullptr);
      EXPECT_EQ(clSetKernelArg(k, static_cast<cl_uint>(i + 1), sizeof c, &c), CL_SUCCESS);
    }
    const std::size_t one = 1;
    const cl_int code = clEnqueueNDRangeKernel(queue, k, 1, nullptr, &one, &one, 0, nullptr, nullptr);
    clFinish(queue);
    return code;
  }

  // What a kernel reads of a predefined macro: `expression` stored by one work-item.
  int macro_value(const char* expression, const char* options) {
    const std::string source =
        std::string("kernel void m(global int* out) { out[0] = ") + expression + "; }";
    cl_int status = CL_SUCCESS;
    cl_program p = build(source.c_str(), options, status);
    EXPECT_EQ(status, CL_SUCCESS);
    if (status != CL_SUCCESS) return -1;
    cl_kernel k = kernel(p, "m");
    cl_mem out = buffer(sizeof(int));
    EXPECT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    const std::size_t one = 1;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &one, &one, 0, nullptr, nullptr), CL_SUCCESS);
    int value = -1;
    EXPECT_EQ(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof value, &value, 0, nullptr, nullptr),
              CL_SUCCESS);
    return value;
  }

  // Whether a kernel sees macro `name` defined: 1 or 0.
  int is_defined(const char* name, const char* options) {
    const std::string expression = std::string("\n#ifdef ") + name + "\n1\n#else\n0\n#endif\n";
    return macro_value(expression.c_str(), options);
  }

  static constexpr const char* kDoubleKernel =
      "kernel void twice(global double* d) { d[get_global_id(0)] *= 2.0; }";
  static constexpr const char* kHalfKernel =
      "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
      "kernel void twice(global half* h) { h[get_global_id(0)] *= 2.0h; }";

  // A half kernel doubling 1.5 (cl_khr_fp16): the half read back, or 0 if it did not build.
  std::uint16_t doubled_half(const char* options) {
    cl_int status = CL_SUCCESS;
    cl_program p = build(kHalfKernel, options, status);
    if (status != CL_SUCCESS) return 0;
    cl_kernel k = kernel(p, "twice");
    cl_mem data = buffer(sizeof(std::uint16_t));
    const std::uint16_t one_and_a_half = 0x3e00;
    EXPECT_EQ(clEnqueueWriteBuffer(queue, data, CL_TRUE, 0, 2, &one_and_a_half, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(clSetKernelArg(k, 0, sizeof data, &data), CL_SUCCESS);
    const std::size_t one = 1;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &one, &one, 0, nullptr, nullptr), CL_SUCCESS);
    std::uint16_t value = 0;
    EXPECT_EQ(clEnqueueReadBuffer(queue, data, CL_TRUE, 0, 2, &value, 0, nullptr, nullptr), CL_SUCCESS);
    return value;
  }

 private:
  std::vector<cl_program> programs_;
  std::vector<cl_kernel> kernels_;
  std::vector<cl_mem> buffers_;
};

// --- The reference device's own limits: every program below fits them. ----------------------

using DefaultDevice = Profiled;

TEST_F(DefaultDevice, RunsWhatTheProfilesRefuse) {
  EXPECT_EQ(info<cl_device_type>(device, CL_DEVICE_TYPE), cl_device_type{CL_DEVICE_TYPE_CPU});
  expect_squares(1024, 64, "");
  expect_squares(1024, 64, "-cl-opt-disable");
  EXPECT_EQ(launch_with_local(40 * 1024), CL_SUCCESS);
  cl_int err = CL_SUCCESS;
  buffer(33 * 1024 * 1024, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  cl_int status = CL_SUCCESS;
  build(kDoubleKernel, "", status);
  EXPECT_EQ(status, CL_SUCCESS);
  build(kDoubleKernel, "-cl-std=CL3.0", status);
  EXPECT_EQ(status, CL_SUCCESS);
  EXPECT_EQ(macro_value("__OPENCL_VERSION__", ""), 300);
  EXPECT_EQ(is_defined("__EMBEDDED_PROFILE__", ""), 0);
}

// The reference device runs a last, smaller work-group for programs of OpenCL C 3.0, and
// holds OpenCL C 1.x programs to uniform ones (3.0 §5.10).
TEST_F(DefaultDevice, RunsNonUniformWorkGroups) {
  EXPECT_EQ(info<cl_bool>(device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT), cl_bool{CL_TRUE});
  expect_squares(10, 4, "-cl-std=CL3.0");
  expect_squares(10, 4, "-cl-std=CL3.0 -cl-opt-disable");
  EXPECT_EQ(launch_with_remainder(""), CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_EQ(last_rule(), "EnqueueNDRangeKernelUniformRequired");
}

// --- minimum-3.0: every limit at OpenCL 3.0's minimum. ---------------------------------------

using MinimumProfile = Profiled;

TEST_F(MinimumProfile, AnswersTheSpecsMinima) {
  EXPECT_EQ(info<cl_device_type>(device, CL_DEVICE_TYPE), cl_device_type{CL_DEVICE_TYPE_GPU});
  EXPECT_EQ(info<std::size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE), 1u);
  EXPECT_EQ(sizes(device, CL_DEVICE_MAX_WORK_ITEM_SIZES), (std::vector<std::size_t>{1, 1, 1}));
  EXPECT_EQ(info<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE), 32u * 1024);
  EXPECT_EQ(info<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE), 32u * 1024 * 1024);
  EXPECT_EQ(info<cl_ulong>(device, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE), 64u * 1024);
  EXPECT_EQ(info<cl_uint>(device, CL_DEVICE_MAX_CONSTANT_ARGS), 8u);
  EXPECT_EQ(info<cl_bool>(device, CL_DEVICE_IMAGE_SUPPORT), cl_bool{CL_FALSE});
  EXPECT_EQ(info<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG), 0u);
  EXPECT_EQ(info<cl_device_svm_capabilities>(device, CL_DEVICE_SVM_CAPABILITIES), 0u);
  EXPECT_EQ(info<cl_version>(device, CL_DEVICE_NUMERIC_VERSION), CL_MAKE_VERSION(3, 0, 0));
  EXPECT_EQ(device_string(device, CL_DEVICE_EXTENSIONS), "cl_khr_icd");
  EXPECT_EQ(platform_string(platform, CL_PLATFORM_EXTENSIONS), "cl_khr_icd");
  EXPECT_EQ(device_string(device, CL_DEVICE_NAME), "minimum OpenCL 3.0 device");
}

// A GPU now: a program asking for a GPU finds it, one asking for a CPU does not (§4.2).
TEST_F(MinimumProfile, IsFoundAsAGpu) {
  cl_device_id found = nullptr;
  EXPECT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &found, nullptr), CL_SUCCESS);
  EXPECT_EQ(found, device);
  EXPECT_RULE(clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 1, &found, nullptr),
              CL_DEVICE_NOT_FOUND, "GetDeviceIDsNotFound");
  cl_int err = CL_SUCCESS;
  cl_context gpu = clCreateContextFromType(nullptr, CL_DEVICE_TYPE_GPU, nullptr, nullptr, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  if (gpu) clReleaseContext(gpu);
}

// §5.8 (clEnqueueNDRangeKernel): a work-group over CL_DEVICE_MAX_WORK_GROUP_SIZE is
// CL_INVALID_WORK_GROUP_SIZE; one of 1 runs, with the host's results.
TEST_F(MinimumProfile, HoldsLaunchesToOneWorkItem) {
  expect_squares(16, 1, "");
  expect_squares(16, 1, "-cl-opt-disable");
  cl_int status = CL_SUCCESS;
  cl_program p = build("kernel void k(global int* o) { o[0] = 1; }", "", status);
  ASSERT_EQ(status, CL_SUCCESS);
  cl_kernel k = kernel(p, "k");
  cl_mem out = buffer(sizeof(int));
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
  const std::size_t global = 64, local = 64;
  EXPECT_RULE(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE, "EnqueueNDRangeKernelLocalSizeAboveKernelMax");
  std::size_t kernel_limit = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kernel_limit,
                                     &kernel_limit, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(kernel_limit, 1u);
}

// The reference device's half precision (cl_khr_fp16) builds and runs: 1.5 * 2 = 3 (0x4200).
TEST_F(DefaultDevice, HasHalfPrecision) {
  EXPECT_EQ(doubled_half(""), 0x4200);
  EXPECT_EQ(doubled_half("-cl-std=CL3.0"), 0x4200);
  EXPECT_EQ(is_defined("cl_khr_fp16", ""), 1);
  EXPECT_EQ(is_defined("__opencl_c_fp16", "-cl-std=CL3.0"), 1);
}

// §5.2.1: a buffer over CL_DEVICE_MAX_MEM_ALLOC_SIZE is CL_INVALID_BUFFER_SIZE.
TEST_F(MinimumProfile, HoldsBuffersToItsAllocationLimit) {
  cl_int err = CL_SUCCESS;
  buffer(32 * 1024 * 1024, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  clear_last_rule();
  EXPECT_EQ(buffer(33 * 1024 * 1024, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_BUFFER_SIZE);
  EXPECT_EQ(last_rule(), "CreateBufferSizeAboveMaxAlloc");
}

// §5.8: __local memory over CL_DEVICE_LOCAL_MEM_SIZE, and more __constant arguments than
// CL_DEVICE_MAX_CONSTANT_ARGS (1.2 §5.7.2), are CL_OUT_OF_RESOURCES.
TEST_F(MinimumProfile, HoldsLaunchesToItsLocalAndConstantMemory) {
  EXPECT_EQ(launch_with_local(32 * 1024), CL_SUCCESS);
  clear_last_rule();
  EXPECT_EQ(launch_with_local(32 * 1024 + 4), CL_OUT_OF_RESOURCES);
  EXPECT_EQ(last_rule(), "EnqueueNDRangeKernelKernelOutOfResources");
  EXPECT_EQ(launch_with_constant_args(8), CL_SUCCESS);
  clear_last_rule();
  EXPECT_EQ(launch_with_constant_args(9), CL_OUT_OF_RESOURCES);
  EXPECT_EQ(last_rule(), "EnqueueNDRangeKernelKernelOutOfResources");
}

// Without cl_khr_fp64 a kernel using double does not build (OpenCL C 1.2 §6.1.1.1, 3.0
// __opencl_c_fp64), in either OpenCL C version; the macros say there is none.
TEST_F(MinimumProfile, HasNoDoublePrecision) {
  cl_int status = CL_SUCCESS;
  build(kDoubleKernel, "", status);
  EXPECT_EQ(status, CL_BUILD_PROGRAM_FAILURE);
  build(kDoubleKernel, "-cl-std=CL3.0", status);
  EXPECT_EQ(status, CL_BUILD_PROGRAM_FAILURE);
  EXPECT_EQ(is_defined("cl_khr_fp64", ""), 0);
  EXPECT_EQ(is_defined("__opencl_c_fp64", "-cl-std=CL3.0"), 0);
  EXPECT_EQ(is_defined("__opencl_c_int64", "-cl-std=CL3.0"), 1);
}

// Images are optional in 3.0: without them clCreateImage is CL_INVALID_OPERATION (§5.3.1).
TEST_F(MinimumProfile, HasNoImages) {
  const cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = desc.image_height = 4;
  cl_int err = CL_SUCCESS;
  EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_READ_ONLY, &format, &desc, nullptr, &err), err,
                      CL_INVALID_OPERATION, "CreateImageNoImageSupport");
}

// --- vc4cl-embedded: an OpenCL 1.2 embedded-profile GPU of 12 work-items. ------------------

using EmbeddedProfile = Profiled;

TEST_F(EmbeddedProfile, AnswersAsAnEmbeddedOpenCL12Device) {
  EXPECT_EQ(device_string(device, CL_DEVICE_PROFILE), "EMBEDDED_PROFILE");
  EXPECT_EQ(device_string(device, CL_DEVICE_VERSION), "OpenCL 1.2 VC4CL 0.4");
  EXPECT_EQ(info<cl_version>(device, CL_DEVICE_NUMERIC_VERSION), CL_MAKE_VERSION(1, 2, 0));
  EXPECT_EQ(info<cl_version>(device, CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR), CL_MAKE_VERSION(1, 2, 0));
  EXPECT_EQ(info<std::size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE), 12u);
  // Its OpenCL C versions stop at 1.2: 3.0 is not among them.
  std::size_t bytes = 0;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_ALL_VERSIONS, 0, nullptr, &bytes), CL_SUCCESS);
  std::vector<cl_name_version> versions(bytes / sizeof(cl_name_version));
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_ALL_VERSIONS, bytes, versions.data(), nullptr),
            CL_SUCCESS);
  ASSERT_FALSE(versions.empty());
  for (const cl_name_version& v : versions) EXPECT_LE(v.version, CL_MAKE_VERSION(1, 2, 0));
}

// OpenCL C 1.2 §6.10: __OPENCL_VERSION__ is the device's version and __EMBEDDED_PROFILE__ is 1;
// -cl-std=CL3.0 is newer than the device's OpenCL C and fails (2.2 §5.8.6.5).
TEST_F(EmbeddedProfile, CompilesForAnEmbeddedOpenCL12Device) {
  EXPECT_EQ(macro_value("__OPENCL_VERSION__", ""), 120);
  EXPECT_EQ(macro_value("__EMBEDDED_PROFILE__", ""), 1);
  EXPECT_EQ(macro_value("__EMBEDDED_PROFILE__", "-cl-opt-disable"), 1);
  cl_int status = CL_SUCCESS;
  build("kernel void k(global int* o) { o[0] = 1; }", "-cl-std=CL3.0", status);
  EXPECT_EQ(status, CL_BUILD_PROGRAM_FAILURE);
}

TEST_F(EmbeddedProfile, RunsGroupsOfTwelveAndRefusesSixteen) {
  expect_squares(48, 12, "");
  expect_squares(48, 12, "-cl-opt-disable");
  cl_int status = CL_SUCCESS;
  cl_program p = build("kernel void k(global int* o) { o[get_global_id(0)] = 1; }", "", status);
  ASSERT_EQ(status, CL_SUCCESS);
  cl_kernel k = kernel(p, "k");
  cl_mem out = buffer(64 * sizeof(int));
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
  const std::size_t global = 64, local = 16;
  EXPECT_RULE(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE, "EnqueueNDRangeKernelLocalSizeAboveKernelMax");
}

// An OpenCL 1.2 device's work-groups are uniform (1.2 §5.8).
TEST_F(EmbeddedProfile, RefusesARemainder) {
  EXPECT_EQ(launch_with_remainder(""), CL_INVALID_WORK_GROUP_SIZE);
  expect_squares(10, 5, "");
}

// --- nvidia-a100: a data-centre GPU's work-item sizes and 48 KiB of shared memory. ---------

using NvidiaProfile = Profiled;

TEST_F(NvidiaProfile, AnswersAsTheGpu) {
  EXPECT_EQ(info<cl_device_type>(device, CL_DEVICE_TYPE), cl_device_type{CL_DEVICE_TYPE_GPU});
  EXPECT_EQ(device_string(device, CL_DEVICE_NAME), "NVIDIA A100-SXM4-40GB");
  EXPECT_EQ(info<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS), 108u);
  EXPECT_EQ(sizes(device, CL_DEVICE_MAX_WORK_ITEM_SIZES), (std::vector<std::size_t>{1024, 1024, 64}));
  EXPECT_EQ(info<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE), 49152u);
  // The profile's extensions the reference device implements, nothing it does not.
  const std::string extensions = " " + device_string(device, CL_DEVICE_EXTENSIONS) + " ";
  EXPECT_NE(extensions.find(" cl_khr_fp64 "), std::string::npos);
  EXPECT_EQ(extensions.find(" cl_khr_gl_sharing "), std::string::npos);
  EXPECT_EQ(extensions.find(" cl_khr_il_program "), std::string::npos);
}

// NVIDIA's OpenCL driver has no cl_khr_fp16: under its profile a half kernel does not build, as
// on the A100 (OpenCL C 3.0 §6.1.1.1: half arithmetic needs the extension), the macros say there
// is none, CL_DEVICE_HALF_FP_CONFIG is no query (CL_INVALID_VALUE, as for any extension's query
// the device lacks) and the half vector widths are 0 (3.0 clGetDeviceInfo).
TEST_F(NvidiaProfile, HasNoHalfPrecision) {
  cl_int status = CL_SUCCESS;
  build(kHalfKernel, "", status);
  EXPECT_EQ(status, CL_BUILD_PROGRAM_FAILURE);
  build(kHalfKernel, "-cl-std=CL3.0", status);
  EXPECT_EQ(status, CL_BUILD_PROGRAM_FAILURE);
  EXPECT_EQ(is_defined("cl_khr_fp16", ""), 0);
  EXPECT_EQ(is_defined("__opencl_c_fp16", "-cl-std=CL3.0"), 0);
  cl_device_fp_config config = 0;
  EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_HALF_FP_CONFIG, sizeof config, &config, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(info<cl_uint>(device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF), 0u);
  EXPECT_EQ(info<cl_uint>(device, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF), 0u);
  const std::string extensions = " " + device_string(device, CL_DEVICE_EXTENSIONS) + " ";
  EXPECT_EQ(extensions.find(" cl_khr_fp16 "), std::string::npos);
}

// §5.8: a local size over CL_DEVICE_MAX_WORK_ITEM_SIZES in one dimension is
// CL_INVALID_WORK_ITEM_SIZE, though the group's 128 work-items are within 1024.
TEST_F(NvidiaProfile, HoldsLaunchesToItsWorkItemSizes) {
  expect_squares(4096, 1024, "");
  cl_int status = CL_SUCCESS;
  cl_program p = build("kernel void k(global int* o) { o[0] = 1; }", "", status);
  ASSERT_EQ(status, CL_SUCCESS);
  cl_kernel k = kernel(p, "k");
  cl_mem out = buffer(sizeof(int));
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
  const std::size_t global[3] = {1, 1, 128}, local[3] = {1, 1, 128};
  EXPECT_RULE(clEnqueueNDRangeKernel(queue, k, 3, nullptr, global, local, 0, nullptr, nullptr),
              CL_INVALID_WORK_ITEM_SIZE, "EnqueueNDRangeKernelWorkItemSizeTooLarge");
  EXPECT_EQ(launch_with_local(48 * 1024), CL_SUCCESS);
  EXPECT_EQ(launch_with_local(48 * 1024 + 4), CL_OUT_OF_RESOURCES);
}

// A 3.0 profile that does not claim non-uniform work-groups (optional in 3.0) has none: the
// launch a device with them would run is refused as the profiled device would refuse it.
TEST_F(NvidiaProfile, HasNoNonUniformWorkGroups) {
  EXPECT_EQ(info<cl_bool>(device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT), cl_bool{CL_FALSE});
  EXPECT_EQ(launch_with_remainder("-cl-std=CL3.0"), CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_EQ(last_rule(), "EnqueueNDRangeKernelUniformRequired");
  expect_squares(10, 5, "-cl-std=CL3.0");
}

// NVIDIA's OpenCL has no sub-groups: none are reported, and a kernel using them does not build
// (no __opencl_c_subgroups, OpenCL C 3.0 §6.15.19).
TEST_F(NvidiaProfile, HasNoSubGroups) {
  EXPECT_EQ(info<cl_uint>(device, CL_DEVICE_MAX_NUM_SUB_GROUPS), 0u);
  EXPECT_EQ(is_defined("__opencl_c_subgroups", "-cl-std=CL3.0"), 0);
  cl_int status = CL_SUCCESS;
  build("kernel void k(global uint* o) { o[0] = get_sub_group_size(); }", "-cl-std=CL3.0", status);
  EXPECT_EQ(status, CL_BUILD_PROGRAM_FAILURE);
}

// --- nvidia-h200: written by `clvet profile --from-platform` on a real H200 (driver 580.159.04). -

using NvidiaH200Profile = Profiled;

// The values are those NVIDIA's driver answered on the device machine, not recalled ones.
TEST_F(NvidiaH200Profile, AnswersAsTheDriverDid) {
  EXPECT_EQ(info<cl_device_type>(device, CL_DEVICE_TYPE), cl_device_type{CL_DEVICE_TYPE_GPU});
  EXPECT_EQ(device_string(device, CL_DEVICE_NAME), "NVIDIA H200");
  EXPECT_EQ(info<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS), 132u);
  EXPECT_EQ(sizes(device, CL_DEVICE_MAX_WORK_ITEM_SIZES), (std::vector<std::size_t>{1024, 1024, 64}));
  EXPECT_EQ(info<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE), 49152u);
  EXPECT_EQ(info<cl_uint>(device, CL_DEVICE_MAX_NUM_SUB_GROUPS), 0u);
  // Coarse-grain buffer SVM only (§4.2's CL_DEVICE_SVM_CAPABILITIES).
  EXPECT_EQ(info<cl_device_svm_capabilities>(device, CL_DEVICE_SVM_CAPABILITIES),
            cl_device_svm_capabilities{CL_DEVICE_SVM_COARSE_GRAIN_BUFFER});
  const std::string extensions = " " + device_string(device, CL_DEVICE_EXTENSIONS) + " ";
  EXPECT_NE(extensions.find(" cl_khr_fp64 "), std::string::npos);
  EXPECT_EQ(extensions.find(" cl_khr_external_memory "), std::string::npos);
}

// §5.6.1: a fine-grain SVM allocation needs CL_DEVICE_SVM_FINE_GRAIN_BUFFER, which the H200's
// driver does not report, so clSVMAlloc returns NULL; coarse grain is allocated.
// NVIDIA's OpenCL 3.0 driver reports no non-uniform work-group support on any GPU: a launch
// whose local size does not divide its global size is refused even for an OpenCL C 3.0 program.
TEST_F(NvidiaH200Profile, HasNoNonUniformWorkGroups) {
  EXPECT_EQ(info<cl_bool>(device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT), cl_bool{CL_FALSE});
  EXPECT_EQ(launch_with_remainder("-cl-std=CL3.0"), CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_EQ(last_rule(), "EnqueueNDRangeKernelUniformRequired");
}

TEST_F(NvidiaH200Profile, AllocatesOnlyCoarseGrainSvm) {
  void* fine = clSVMAlloc(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, 64, 0);
  EXPECT_EQ(fine, nullptr);
  if (fine) clSVMFree(context, fine);
  void* coarse = clSVMAlloc(context, CL_MEM_READ_WRITE, 64, 0);
  EXPECT_NE(coarse, nullptr);
  if (coarse) clSVMFree(context, coarse);
  EXPECT_EQ(launch_with_local(48 * 1024), CL_SUCCESS);
  EXPECT_EQ(launch_with_local(48 * 1024 + 4), CL_OUT_OF_RESOURCES);
}

// --- intel-iris-xe: an integrated GPU without double precision. -----------------------------

using IntelXeProfile = Profiled;

// Its sub-groups are the reference device's (32 work-items): groups of up to 512 hold 16.
TEST_F(IntelXeProfile, HasTheReferenceDevicesSubGroups) {
  EXPECT_EQ(info<cl_uint>(device, CL_DEVICE_MAX_NUM_SUB_GROUPS), 16u);
  EXPECT_EQ(is_defined("__opencl_c_subgroups", "-cl-std=CL3.0"), 1);
}

// Intel's compute-runtime reports non-uniform work-groups: an OpenCL C 3.0 program runs a last,
// smaller work-group, and an OpenCL C 1.2 one is still held to uniform ones (3.0 §5.10).
TEST_F(IntelXeProfile, RunsNonUniformWorkGroups) {
  EXPECT_EQ(info<cl_bool>(device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT), cl_bool{CL_TRUE});
  expect_squares(10, 4, "-cl-std=CL3.0");
  EXPECT_EQ(launch_with_remainder(""), CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_EQ(last_rule(), "EnqueueNDRangeKernelUniformRequired");
}

TEST_F(IntelXeProfile, HasNoDoublePrecision) {
  EXPECT_EQ(info<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG), 0u);
  EXPECT_EQ(info<cl_uint>(device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE), 0u);
  cl_int status = CL_SUCCESS;
  build(kDoubleKernel, "", status);
  EXPECT_EQ(status, CL_BUILD_PROGRAM_FAILURE);
  build(kDoubleKernel, "-cl-opt-disable", status);
  EXPECT_EQ(status, CL_BUILD_PROGRAM_FAILURE);
  // A program that checks first takes its float path.
  EXPECT_EQ(is_defined("cl_khr_fp64", ""), 0);
  std::size_t bytes = 0;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_FEATURES, 0, nullptr, &bytes), CL_SUCCESS);
  std::vector<cl_name_version> features(bytes / sizeof(cl_name_version));
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_FEATURES, bytes, features.data(), nullptr),
            CL_SUCCESS);
  for (const cl_name_version& f : features) EXPECT_STRNE(f.name, "__opencl_c_fp64");
}

// Intel's integrated GPUs have cl_khr_fp16, and so has the reference device under their profile.
TEST_F(IntelXeProfile, HasHalfPrecision) {
  EXPECT_EQ(doubled_half(""), 0x4200);
  EXPECT_NE(info<cl_device_fp_config>(device, CL_DEVICE_HALF_FP_CONFIG) & CL_FP_ROUND_TO_NEAREST, 0u);
  EXPECT_EQ(is_defined("__opencl_c_fp16", "-cl-std=CL3.0"), 1);
}

// Intel's driver lists cl_khr_spirv_linkonce_odr and cl_khr_spirv_no_integer_wrap_decoration, not
// cl_khr_expect_assume: under its profile the reference device lists the first two and builds a
// module declaring SPV_KHR_no_integer_wrap_decoration, and a module declaring
// SPV_KHR_expect_assume fails to build, its log naming the extension it lacks (OpenCL SPIR-V
// environment, chapter 5).
TEST_F(IntelXeProfile, TakesTheSpirvExtensionsTheDriverLists) {
  const std::string extensions = " " + device_string(device, CL_DEVICE_EXTENSIONS) + " ";
  EXPECT_NE(extensions.find(" cl_khr_spirv_linkonce_odr "), std::string::npos);
  EXPECT_NE(extensions.find(" cl_khr_spirv_no_integer_wrap_decoration "), std::string::npos);
  EXPECT_EQ(extensions.find(" cl_khr_expect_assume "), std::string::npos);
  const auto built = [&](const std::string& extension, const std::string& capability,
                         const std::string& annotations, const std::string& body,
                         std::string& log) {
    const std::string text = R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
)" + capability + R"(
               OpExtension ")" + extension + R"("
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k"
)" + annotations + R"(
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
       %gptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %gptr
         %c1 = OpConstant %uint 1
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
      %entry = OpLabel
          %v = OpLoad %uint %out Aligned 4
)" + body + R"(
               OpReturn
               OpFunctionEnd
)";
    std::vector<std::uint32_t> words;
    EXPECT_TRUE(spvtools::SpirvTools(SPV_ENV_OPENCL_1_2).Assemble(text, &words));
    cl_int err = CL_SUCCESS;
    cl_program program =
        clCreateProgramWithIL(context, words.data(), words.size() * 4, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (program == nullptr) return err;
    const cl_int status = clBuildProgram(program, 1, &device, "", nullptr, nullptr);
    std::size_t bytes = 0;
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &bytes);
    log.assign(bytes, '\0');
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, bytes, log.data(), nullptr);
    clReleaseProgram(program);
    return status;
  };
  std::string log;
  EXPECT_EQ(built("SPV_KHR_no_integer_wrap_decoration", "", R"(
               OpDecorate %sum NoSignedWrap
)", R"(
        %sum = OpIAdd %uint %v %c1
               OpStore %out %sum Aligned 4
)", log), CL_SUCCESS) << log;
  EXPECT_EQ(built("SPV_KHR_expect_assume", "OpCapability ExpectAssumeKHR", "", R"(
          %e = OpExpectKHR %uint %v %c1
               OpStore %out %e Aligned 4
)", log), CL_BUILD_PROGRAM_FAILURE);
  EXPECT_NE(log.find("cl_khr_expect_assume"), std::string::npos) << log;
}

TEST_F(IntelXeProfile, HoldsGroupsTo512) {
  expect_squares(1024, 512, "");
  cl_int status = CL_SUCCESS;
  cl_program p = build("kernel void k(global int* o) { o[0] = 1; }", "", status);
  ASSERT_EQ(status, CL_SUCCESS);
  cl_kernel k = kernel(p, "k");
  cl_mem out = buffer(sizeof(int));
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
  const std::size_t global = 1024, local = 1024;
  EXPECT_RULE(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE, "EnqueueNDRangeKernelLocalSizeAboveKernelMax");
}

// --- small_images.json: a profile file a user wrote, given by its path. ---------------------

using UserProfile = Profiled;

// §5.3.1: an image wider than CL_DEVICE_IMAGE2D_MAX_WIDTH is CL_INVALID_IMAGE_SIZE; what the
// profile does not set stays the reference device's own.
TEST_F(UserProfile, HoldsImagesToItsLimits) {
  EXPECT_EQ(info<std::size_t>(device, CL_DEVICE_IMAGE2D_MAX_WIDTH), 1024u);
  EXPECT_EQ(info<std::size_t>(device, CL_DEVICE_IMAGE3D_MAX_WIDTH), 2048u);
  EXPECT_EQ(info<std::size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE), 1024u);
  EXPECT_EQ(device_string(device, CL_DEVICE_NAME), "clvet reference device");
  const cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = 1024;
  desc.image_height = 4;
  cl_int err = CL_SUCCESS;
  cl_mem image = clCreateImage(context, CL_MEM_READ_ONLY, &format, &desc, nullptr, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  if (image) clReleaseMemObject(image);
  desc.image_width = 1025;
  EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_READ_ONLY, &format, &desc, nullptr, &err), err,
                      CL_INVALID_IMAGE_SIZE, "CreateImageInvalidSize");
}

// 1.2 §5.7.2: a __constant argument's buffer over CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE fails the
// launch with CL_OUT_OF_RESOURCES.
TEST_F(UserProfile, HoldsConstantBuffersToItsLimit) {
  cl_int status = CL_SUCCESS;
  cl_program p = build("kernel void k(global int* o, constant int* c) { o[0] = c[0]; }", "", status);
  ASSERT_EQ(status, CL_SUCCESS);
  cl_kernel k = kernel(p, "k");
  cl_mem out = buffer(sizeof(int));
  std::vector<int> zeros(4096);
  for (std::size_t bytes : {std::size_t{8192}, std::size_t{8196}}) {
    cl_mem c = buffer(bytes);
    ASSERT_EQ(clEnqueueWriteBuffer(queue, c, CL_TRUE, 0, bytes, zeros.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof c, &c), CL_SUCCESS);
    const std::size_t one = 1;
    clear_last_rule();
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &one, &one, 0, nullptr, nullptr),
              bytes <= 8192 ? CL_SUCCESS : CL_OUT_OF_RESOURCES);
    if (bytes > 8192) {
      EXPECT_EQ(last_rule(), "EnqueueNDRangeKernelKernelOutOfResources");
    }
    clFinish(queue);
  }
}

// --- A profile written by `clvet profile --from-platform` from PoCL: the reference device
// answers each of its queries as PoCL does (CLVET_POCL_PROFILE names the file, written by the
// test's command line before this process starts). ------------------------------------------

using PoclRoundTrip = Profiled;

TEST_F(PoclRoundTrip, AnswersAsPoclDoes) {
  cl_uint count = 0;
  ASSERT_EQ(clGetPlatformIDs(0, nullptr, &count), CL_SUCCESS);
  std::vector<cl_platform_id> platforms(count);
  clGetPlatformIDs(count, platforms.data(), nullptr);
  cl_device_id pocl = nullptr;
  for (cl_platform_id p : platforms)
    if (platform_string(p, CL_PLATFORM_NAME) == "Portable Computing Language")
      clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &pocl, nullptr);
  ASSERT_NE(pocl, nullptr) << "PoCL is not among the loader's platforms";
  for (cl_device_info param : {CL_DEVICE_NAME, CL_DEVICE_VENDOR, CL_DEVICE_VERSION,
                               CL_DRIVER_VERSION})
    EXPECT_EQ(device_string(device, param), device_string(pocl, param)) << param;
  EXPECT_EQ(info<cl_device_type>(device, CL_DEVICE_TYPE), info<cl_device_type>(pocl, CL_DEVICE_TYPE));
  for (cl_device_info param : {CL_DEVICE_MAX_WORK_GROUP_SIZE, CL_DEVICE_MAX_PARAMETER_SIZE,
                               CL_DEVICE_IMAGE2D_MAX_WIDTH})
    EXPECT_EQ(info<std::size_t>(device, param), info<std::size_t>(pocl, param)) << param;
  for (cl_device_info param : {CL_DEVICE_LOCAL_MEM_SIZE, CL_DEVICE_MAX_MEM_ALLOC_SIZE,
                               CL_DEVICE_GLOBAL_MEM_SIZE, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE})
    EXPECT_EQ(info<cl_ulong>(device, param), info<cl_ulong>(pocl, param)) << param;
  for (cl_device_info param : {CL_DEVICE_MAX_COMPUTE_UNITS, CL_DEVICE_MAX_CONSTANT_ARGS,
                               CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT})
    EXPECT_EQ(info<cl_uint>(device, param), info<cl_uint>(pocl, param)) << param;
  EXPECT_EQ(sizes(device, CL_DEVICE_MAX_WORK_ITEM_SIZES), sizes(pocl, CL_DEVICE_MAX_WORK_ITEM_SIZES));
  EXPECT_EQ(info<cl_bool>(device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT),
            info<cl_bool>(pocl, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT));
}

}  // namespace
}  // namespace clvet::test
