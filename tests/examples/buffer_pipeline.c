/* An example OpenCL program for clvet's main job: it moves data through buffers with every
 * kind of memory command (write, copy, fill, map, rect read), orders them with events and a
 * user event, prints profiling times, and makes one deliberate mistake so the report at exit
 * has something to show. It checks every result against a host computation. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1024

#define CHECK(call)                                                         \
  do {                                                                      \
    cl_int err_ = (call);                                                   \
    if (err_ != CL_SUCCESS) {                                               \
      fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, err_); \
      exit(1);                                                              \
    }                                                                       \
  } while (0)

static void CL_CALLBACK on_complete(cl_event event, cl_int status, void* user_data) {
  (void)event;
  *(cl_int*)user_data = status == CL_COMPLETE ? 1 : -1;
}

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  char name[256], version[256];
  cl_int err;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof name, name, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  CHECK(clGetDeviceInfo(device, CL_DEVICE_VERSION, sizeof version, version, NULL));
  printf("platform: %s, device: %s\n", name, version);

  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, props, &err);
  CHECK(err);

  int input[N], output[N];
  for (int i = 0; i < N; ++i) input[i] = i * 3 + 1;
  cl_mem a = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof input, input, &err);
  CHECK(err);
  cl_mem b = clCreateBuffer(context, CL_MEM_READ_WRITE, sizeof input, NULL, &err);
  CHECK(err);

  /* The copy waits for a user event: nothing moves until the host says so. */
  cl_event gate = clCreateUserEvent(context, &err);
  CHECK(err);
  cl_event copied;
  CHECK(clEnqueueCopyBuffer(queue, a, b, 0, 0, sizeof input, 1, &gate, &copied));
  cl_int callback_seen = 0;
  CHECK(clSetEventCallback(copied, CL_COMPLETE, on_complete, &callback_seen));
  CHECK(clSetUserEventStatus(gate, CL_COMPLETE));

  /* Fill the second half of b with 7, then double the first quarter through a mapping. */
  int seven = 7;
  CHECK(clEnqueueFillBuffer(queue, b, &seven, sizeof seven, sizeof input / 2, sizeof input / 2, 1, &copied, NULL));
  int* mapped = clEnqueueMapBuffer(queue, b, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, sizeof input / 4, 0, NULL, NULL, &err);
  CHECK(err);
  for (int i = 0; i < N / 4; ++i) mapped[i] *= 2;
  CHECK(clEnqueueUnmapMemObject(queue, b, mapped, 0, NULL, NULL));
  cl_event read;
  CHECK(clEnqueueReadBuffer(queue, b, CL_FALSE, 0, sizeof output, output, 0, NULL, &read));
  CHECK(clWaitForEvents(1, &read));

  int wrong = 0;
  for (int i = 0; i < N; ++i) {
    int expected = i < N / 4 ? input[i] * 2 : i < N / 2 ? input[i] : 7;
    wrong += output[i] != expected;
  }
  cl_ulong start = 0, end = 0;
  CHECK(clGetEventProfilingInfo(read, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
  CHECK(clGetEventProfilingInfo(read, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
  printf("pipeline: %d of %d values wrong, copy callback %s, read took %llu ns\n", wrong, N,
         callback_seen == 1 ? "called" : "NOT called", (unsigned long long)(end - start));

  /* Deliberately wrong: reads one int past the end of b (OpenCL 1.2 §5.2.2 says
   * CL_INVALID_VALUE). clvet reports it at exit, with the clause it breaks. */
  int past_end = 0;
  err = clEnqueueReadBuffer(queue, b, CL_TRUE, sizeof output, sizeof past_end, &past_end, 0, NULL, NULL);
  printf("deliberate out-of-bounds read returned %d (CL_INVALID_VALUE is %d)\n", err, CL_INVALID_VALUE);

  CHECK(clReleaseEvent(read));
  CHECK(clReleaseEvent(copied));
  CHECK(clReleaseEvent(gate));
  CHECK(clReleaseMemObject(a));
  CHECK(clReleaseMemObject(b));
  CHECK(clReleaseCommandQueue(queue));
  CHECK(clReleaseContext(context));
  return wrong == 0 && callback_seen == 1 && err == CL_INVALID_VALUE ? 0 : 1;
}
