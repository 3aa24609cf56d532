/* Four threads using one context at once under the tracing layer (1.2 Appendix A.2: every call
 * but clSetKernelArg is thread-safe; each thread has its own kernel object for that reason):
 * each creates a queue without profiling, a buffer of 256 ints (its index t plus i), and
 * 20 times writes it, doubles it with a kernel, reads it back and checks it, retaining and
 * releasing the events, then finishes its queue. Prints "threads ok" or what went wrong.
 * Used by the layer's multithreaded test and its ThreadSanitizer run. */
#include <pthread.h>

#include "../programs/common.h"

enum { kThreads = 4, kRounds = 20, kSize = 256 };

static const char* kSource = "kernel void twice(global int* data) { data[get_global_id(0)] *= 2; }\n";
static cl_context context;
static cl_device_id device;
static cl_program program;
static int failures;

static void* work(void* arg) {
  const int t = (int)(size_t)arg;
  cl_int err = CL_SUCCESS;
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);
  cl_kernel kernel = clCreateKernel(program, "twice", &err);
  CHECK(err);
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, kSize * sizeof(int), NULL, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  int host[kSize];
  for (int round = 0; round < kRounds; ++round) {
    for (int i = 0; i < kSize; ++i) host[i] = t + i + round;
    cl_event written, ran;
    CHECK(clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 0, sizeof host, host, 0, NULL, &written));
    const size_t global = kSize;
    CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 1, &written, &ran));
    CHECK(clRetainEvent(ran));
    CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof host, host, 1, &ran, NULL));
    for (int i = 0; i < kSize; ++i)
      if (host[i] != 2 * (t + i + round)) __atomic_add_fetch(&failures, 1, __ATOMIC_RELAXED);
    CHECK(clReleaseEvent(ran));
    CHECK(clReleaseEvent(ran));
    CHECK(clReleaseEvent(written));
  }
  CHECK(clFinish(queue));
  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseCommandQueue(queue));
  return NULL;
}

int main(void) {
  cl_platform_id platform;
  cl_int err = CL_SUCCESS;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  program = clCreateProgramWithSource(context, 1, &kSource, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));
  pthread_t threads[kThreads];
  for (int t = 0; t < kThreads; ++t) pthread_create(&threads[t], NULL, work, (void*)(size_t)t);
  for (int t = 0; t < kThreads; ++t) pthread_join(threads[t], NULL);
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseContext(context));
  if (failures) {
    printf("%d wrong values\n", failures);
    return 1;
  }
  printf("threads ok\n");
  return 0;
}
