/* A program whose trace exercises what replay must rebuild: buffers created with
 * COPY_HOST_PTR and USE_HOST_PTR, a sub-buffer, a program built with options, a kernel and its
 * clone, a region mapped for writing and unmapped, a blocking and a non-blocking read, a write
 * that waits for a user event the host sets later, a retained and released buffer, a buffer
 * created on another thread and used on this one, and info queries. It checks its results
 * against a host computation and prints "replay subject ok". */
#include <pthread.h>

#include "common.h" /* tests/layer/programs: CHECK */

#define N 256

static const char* kSource =
    "kernel void scale(global const int* in, global int* out) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = in[i] * FACTOR;\n"
    "}\n";

static cl_context g_context;
static cl_mem g_other_thread_buffer;

/* A buffer made on another thread, with its contents copied from the host: 1000 + i. */
static void* make_buffer(void* unused) {
  (void)unused;
  int data[N];
  for (int i = 0; i < N; ++i) data[i] = 1000 + i;
  cl_int err = CL_SUCCESS;
  g_other_thread_buffer =
      clCreateBuffer(g_context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
  CHECK(err);
  return NULL;
}

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  g_context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue queue = clCreateCommandQueue(g_context, device, 0, &err);
  CHECK(err);

  int input[N], used[2 * N], output[N];
  for (int i = 0; i < N; ++i) input[i] = i;
  memset(used, 0, sizeof used);
  cl_mem in = clCreateBuffer(g_context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof input, input, &err);
  CHECK(err);
  cl_mem out = clCreateBuffer(g_context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, sizeof used, used, &err);
  CHECK(err);
  cl_buffer_region second_half = {N * sizeof(int), N * sizeof(int)};
  cl_mem half = clCreateSubBuffer(out, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &second_half, &err);
  CHECK(err);

  cl_program program = clCreateProgramWithSource(g_context, 1, &kSource, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &device, "-DFACTOR=3", NULL, NULL));
  cl_kernel kernel = clCreateKernel(program, "scale", &err);
  CHECK(err);
  char name[32] = "";
  CHECK(clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL));

  /* out[0..N) = 3 * in: a blocking read. */
  const size_t global = N;
  CHECK(clSetKernelArg(kernel, 0, sizeof in, &in));
  CHECK(clSetKernelArg(kernel, 1, sizeof out, &out));
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof output, output, 0, NULL, NULL));
  for (int i = 0; i < N; ++i)
    if (output[i] != 3 * i) return fprintf(stderr, "first kernel: out[%d] = %d\n", i, output[i]), 1;

  /* The host writes 2 * i into `in` through a mapping. */
  int* mapped = clEnqueueMapBuffer(queue, in, CL_TRUE, CL_MAP_WRITE, 0, sizeof input, 0, NULL, NULL, &err);
  CHECK(err);
  for (int i = 0; i < N; ++i) mapped[i] = 2 * i;
  CHECK(clEnqueueUnmapMemObject(queue, in, mapped, 0, NULL, NULL));

  /* The clone writes the second half: 3 * 2i, read without blocking, then waited for. */
  cl_kernel clone = clCloneKernel(kernel, &err);
  CHECK(err);
  CHECK(clSetKernelArg(clone, 1, sizeof half, &half));
  cl_event done;
  CHECK(clEnqueueNDRangeKernel(queue, clone, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, half, CL_FALSE, 0, sizeof output, output, 0, NULL, &done));
  CHECK(clWaitForEvents(1, &done));
  CHECK(clReleaseEvent(done));
  for (int i = 0; i < N; ++i)
    if (output[i] != 6 * i) return fprintf(stderr, "clone: out[%d] = %d\n", i, output[i]), 1;

  /* A write held back by a user event the host sets afterwards. */
  cl_event gate = clCreateUserEvent(g_context, &err);
  CHECK(err);
  int sevens[N];
  for (int i = 0; i < N; ++i) sevens[i] = 7;
  CHECK(clEnqueueWriteBuffer(queue, in, CL_FALSE, 0, sizeof sevens, sevens, 1, &gate, NULL));
  CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
  CHECK(clFinish(queue));
  CHECK(clReleaseEvent(gate));

  /* A buffer from another thread as the kernel's input: 3 * (1000 + i). */
  pthread_t thread;
  if (pthread_create(&thread, NULL, make_buffer, NULL) != 0 || pthread_join(thread, NULL) != 0) return 2;
  CHECK(clRetainMemObject(g_other_thread_buffer));
  CHECK(clSetKernelArg(kernel, 0, sizeof g_other_thread_buffer, &g_other_thread_buffer));
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof output, output, 0, NULL, NULL));
  CHECK(clReleaseMemObject(g_other_thread_buffer));
  for (int i = 0; i < N; ++i)
    if (output[i] != 3 * (1000 + i)) return fprintf(stderr, "thread: out[%d] = %d\n", i, output[i]), 1;
  CHECK(clEnqueueReadBuffer(queue, in, CL_TRUE, 0, sizeof output, output, 0, NULL, NULL));
  for (int i = 0; i < N; ++i)
    if (output[i] != 7) return fprintf(stderr, "gated write: in[%d] = %d\n", i, output[i]), 1;
  size_t size = 0;
  CHECK(clGetMemObjectInfo(half, CL_MEM_SIZE, sizeof size, &size, NULL));

  CHECK(clReleaseMemObject(g_other_thread_buffer));
  CHECK(clReleaseKernel(clone));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseMemObject(half));
  CHECK(clReleaseMemObject(out));
  CHECK(clReleaseMemObject(in));
  CHECK(clReleaseCommandQueue(queue));
  CHECK(clReleaseContext(g_context));
  printf("replay subject ok (%s, %zu)\n", name, size);
  return 0;
}
