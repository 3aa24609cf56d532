/* What the deliberately wrong programs share: the first device of the chosen platform, a
 * context and a queue on it, and a CHECK for the calls that must succeed. Each program says
 * what it computes on stdout (compared with and without clvet) and the codes of its wrong
 * calls on stderr. */
#ifndef CLVET_TEST_PROGRAMS_COMMON_H
#define CLVET_TEST_PROGRAMS_COMMON_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                   \
  do {                                                                                \
    cl_int check_err_ = (call);                                                       \
    if (check_err_ != CL_SUCCESS) {                                                   \
      fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, check_err_); \
      exit(2);                                                                        \
    }                                                                                 \
  } while (0)

struct setup {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
};

/* The first platform, or the first whose name contains CLVET_TEST_PLATFORM ("NVIDIA"), so
 * that a machine with several platforms runs the programs on the one it is meant to test. */
static inline cl_platform_id choose_platform(void) {
  cl_platform_id platforms[16];
  cl_uint count = 0;
  CHECK(clGetPlatformIDs(16, platforms, &count));
  const char* wanted = getenv("CLVET_TEST_PLATFORM");
  for (cl_uint i = 0; wanted && i < count && i < 16; ++i) {
    char name[256] = "";
    CHECK(clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, NULL));
    if (strstr(name, wanted)) return platforms[i];
  }
  return platforms[0];
}

/* The first device of the chosen platform and a context on it; no queue (NULL), for programs
 * that make their own. */
static inline struct setup setup_context(void) {
  struct setup s;
  cl_int err = CL_SUCCESS;
  s.platform = choose_platform();
  CHECK(clGetDeviceIDs(s.platform, CL_DEVICE_TYPE_ALL, 1, &s.device, NULL));
  s.context = clCreateContext(NULL, 1, &s.device, NULL, NULL, &err);
  CHECK(err);
  s.queue = NULL;
  return s;
}

/* setup_context() and a queue with default properties. */
static inline struct setup setup_first_device(void) {
  struct setup s = setup_context();
  cl_int err = CL_SUCCESS;
  s.queue = clCreateCommandQueueWithProperties(s.context, s.device, NULL, &err);
  CHECK(err);
  return s;
}

/* A program built from `source` with `options` for the setup's device. */
static inline cl_program build_program(const struct setup* s, const char* source,
                                       const char* options) {
  cl_int err = CL_SUCCESS;
  cl_program program = clCreateProgramWithSource(s->context, 1, &source, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &s->device, options, NULL, NULL));
  return program;
}

/* Kernel `name` of a program built from `source` with `options` for the setup's device; the
 * program through `program` when it is not NULL (else the kernel keeps it alive). */
static inline cl_kernel build_kernel(const struct setup* s, const char* source,
                                     const char* options, const char* name,
                                     cl_program* program) {
  cl_int err = CL_SUCCESS;
  cl_program built = build_program(s, source, options);
  cl_kernel kernel = clCreateKernel(built, name, &err);
  CHECK(err);
  if (program != NULL)
    *program = built;
  else
    CHECK(clReleaseProgram(built));
  return kernel;
}

/* A read-write buffer that starts as a copy of `size` bytes at `data`. */
static inline cl_mem copied_buffer(const struct setup* s, size_t size, void* data) {
  cl_int err = CL_SUCCESS;
  cl_mem mem = clCreateBuffer(s->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size, data, &err);
  CHECK(err);
  return mem;
}

static inline void teardown(struct setup* s) {
  CHECK(clReleaseCommandQueue(s->queue));
  CHECK(clReleaseContext(s->context));
}

/* The first 8 ints of `buffer`, read blocking, as a line of stdout: "what: v0 v1 ... v7". */
static inline void print_buffer(const struct setup* s, const char* what, cl_mem buffer) {
  int values[8];
  CHECK(clEnqueueReadBuffer(s->queue, buffer, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL));
  printf("%s:", what);
  for (int i = 0; i < 8; ++i) printf(" %d", values[i]);
  printf("\n");
}

/* The source of `__kernel void wide(__global int* a0, ..., __global int* a<count - 1>)` with
 * `body` (statements) as its body; the text stays until the next call. */
static inline const char* wide_kernel_source(int count, const char* body) {
  static char source[16384];
  size_t at = (size_t)snprintf(source, sizeof source, "__kernel void wide(");
  for (int i = 0; i < count && at < sizeof source; ++i)
    at += (size_t)snprintf(source + at, sizeof source - at, "%s__global int* a%d", i ? ", " : "", i);
  if (at < sizeof source) snprintf(source + at, sizeof source - at, ") {\n%s}\n", body);
  return source;
}

/* What the wrong call returned, for stderr: the program's output stays what it computes. */
static inline void report_code(const char* what, cl_int code) { fprintf(stderr, "%s: %d\n", what, code); }

#endif
