/* What the launch test programs share: the first device of the first platform (PoCL in the
 * tests), a queue, a kernel built from source, and a CHECK for the calls that must succeed. */
#ifndef CLVET_TEST_LAUNCH_COMMON_H
#define CLVET_TEST_LAUNCH_COMMON_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                   \
  do {                                                                                \
    cl_int check_err_ = (call);                                                       \
    if (check_err_ != CL_SUCCESS) {                                                   \
      fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, check_err_); \
      exit(2);                                                                        \
    }                                                                                 \
  } while (0)

struct launch_setup {
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
};

static inline struct launch_setup launch_setup(void) {
  struct launch_setup s;
  cl_platform_id platform;
  cl_int err = CL_SUCCESS;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &s.device, NULL));
  s.context = clCreateContext(NULL, 1, &s.device, NULL, NULL, &err);
  CHECK(err);
  s.queue = clCreateCommandQueueWithProperties(s.context, s.device, NULL, &err);
  CHECK(err);
  return s;
}

static inline cl_kernel launch_kernel(const struct launch_setup* s, const char* source,
                                      const char* options, const char* name) {
  cl_int err = CL_SUCCESS;
  cl_program program = clCreateProgramWithSource(s->context, 1, &source, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &s->device, options, NULL, NULL));
  cl_kernel kernel = clCreateKernel(program, name, &err);
  CHECK(err);
  CHECK(clReleaseProgram(program));
  return kernel;
}

static inline cl_mem launch_buffer(const struct launch_setup* s, size_t size, void* data) {
  cl_int err = CL_SUCCESS;
  cl_mem mem = clCreateBuffer(s->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size, data, &err);
  CHECK(err);
  return mem;
}

#endif
