// Pipes (OpenCL 2.2 §5.4) on a device with CL_DEVICE_PIPE_SUPPORT = CL_FALSE: clCreatePipe
// checks its arguments, then fails with 3.0's "no devices in context support pipes";
// clGetPipeInfo rejects every memory object as "not a valid pipe object".
#include "fixtures.h"

namespace clvet::test {
namespace {

class Pipes : public WithContext {};

// 3.0 device queries: no pipe support, and CL_DEVICE_PIPE_MAX_PACKET_SIZE "must be 0 for
// devices that do not support pipes".
TEST_F(Pipes, DeviceReportsNoPipes) {
  cl_bool support = CL_TRUE;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_PIPE_SUPPORT, sizeof support, &support, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(support, CL_FALSE);
  cl_uint max_packet = 1;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_PIPE_MAX_PACKET_SIZE, sizeof max_packet, &max_packet,
                            nullptr),
            CL_SUCCESS);
  EXPECT_EQ(max_packet, 0u);
}

// 2.2 §5.4.1 clCreatePipe's clauses in order.
TEST_F(Pipes, CreatePipeClauses) {
  cl_int err;
  // "CL_INVALID_CONTEXT if context is not a valid context."
  EXPECT_RULE_ERRCODE(clCreatePipe(released_context(), 0, 4, 16, nullptr, &err), err,
                      CL_INVALID_CONTEXT, "CreatePipeInvalidContext");
  // "Only CL_MEM_READ_WRITE and CL_MEM_HOST_NO_ACCESS can be specified when creating a pipe".
  for (cl_mem_flags flags : {cl_mem_flags{CL_MEM_READ_ONLY}, cl_mem_flags{CL_MEM_COPY_HOST_PTR},
                             cl_mem_flags{CL_MEM_HOST_READ_ONLY}})
    EXPECT_RULE_ERRCODE(clCreatePipe(context, flags, 4, 16, nullptr, &err), err, CL_INVALID_VALUE,
                        "CreatePipeInvalidFlags");
  // "CL_INVALID_VALUE if properties is not NULL." (an empty list too)
  const cl_pipe_properties empty[] = {0};
  EXPECT_RULE_ERRCODE(clCreatePipe(context, 0, 4, 16, empty, &err), err, CL_INVALID_VALUE,
                      "CreatePipePropertiesNotNull");
  // "CL_INVALID_PIPE_SIZE if pipe_packet_size is 0 ... or if pipe_max_packets is 0."
  EXPECT_RULE_ERRCODE(clCreatePipe(context, 0, 0, 16, nullptr, &err), err, CL_INVALID_PIPE_SIZE,
                      "CreatePipeInvalidSize");
  EXPECT_RULE_ERRCODE(clCreatePipe(context, 0, 4, 0, nullptr, &err), err, CL_INVALID_PIPE_SIZE,
                      "CreatePipeInvalidSize");
  // 3.0: "CL_INVALID_OPERATION if no devices in context support pipes."
  for (cl_mem_flags flags : {cl_mem_flags{0}, cl_mem_flags{CL_MEM_READ_WRITE},
                             cl_mem_flags{CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS}})
    EXPECT_RULE_ERRCODE(clCreatePipe(context, flags, 4, 16, nullptr, &err), err,
                        CL_INVALID_OPERATION, "CreatePipeNoPipeSupport");
  EXPECT_RULE_ERRCODE(clCreatePipe(context, 0, 4096, 1, nullptr, &err), err, CL_INVALID_OPERATION,
                      "CreatePipeNoPipeSupport");
}

// 2.2 §5.4.2: "CL_INVALID_MEM_OBJECT if pipe is a not a valid pipe object": a buffer is a
// memory object but no pipe; a released buffer is no object at all.
TEST_F(Pipes, GetPipeInfoOfNonPipe) {
  cl_int err;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_uint value = 0;
  EXPECT_RULE(clGetPipeInfo(buffer, CL_PIPE_PACKET_SIZE, sizeof value, &value, nullptr),
              CL_INVALID_MEM_OBJECT, "GetPipeInfoInvalidPipe");
  EXPECT_RULE(clGetPipeInfo(buffer, CL_PIPE_MAX_PACKETS, 0, nullptr, nullptr),
              CL_INVALID_MEM_OBJECT, "GetPipeInfoInvalidPipe");
  EXPECT_EQ(clReleaseMemObject(buffer), CL_SUCCESS);
  EXPECT_RULE(clGetPipeInfo(buffer, CL_PIPE_PACKET_SIZE, sizeof value, &value, nullptr),
              CL_INVALID_MEM_OBJECT, "GetPipeInfoInvalidPipe");
}

// OpenCL C 3.0 §6.13.16 and §6.13.17: without __opencl_c_pipes and __opencl_c_device_enqueue (the
// device claims neither) a kernel with a pipe argument, or one that enqueues a kernel, does not
// build, as written and with -cl-opt-disable; the same kernel without them builds.
TEST_F(Pipes, KernelsUsingPipesOrDeviceEnqueueDoNotBuild) {
  const char* pipe_kernel =
      "kernel void reader(read_only pipe int p, global int* out) { read_pipe(p, out); }";
  const char* enqueue_kernel =
      "kernel void parent(global int* out) {\n"
      "  enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1),\n"
      "                 ^{ out[0] = 1; });\n"
      "}";
  const char* plain = "kernel void plain(global int* out) { out[0] = 1; }";
  for (const char* options : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
    for (const char* source : {pipe_kernel, enqueue_kernel, plain}) {
      cl_int err = CL_SUCCESS;
      cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
      ASSERT_EQ(err, CL_SUCCESS);
      EXPECT_EQ(clBuildProgram(program, 1, &device, options, nullptr, nullptr),
                source == plain ? CL_SUCCESS : CL_BUILD_PROGRAM_FAILURE)
          << source << " " << options;
      clReleaseProgram(program);
    }
  }
}

}  // namespace
}  // namespace clvet::test
