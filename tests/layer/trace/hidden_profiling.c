/* A program whose queues have no profiling, checked by device_times.sh: it prints everything
 * the application can see of its queues and events (queue properties, the property array,
 * clGetEventProfilingInfo's answers), which must be the same with and without the layer, while
 * the trace holds device times of its commands (the layer turns profiling on unseen).
 * Queues: clCreateCommandQueue with no properties, clCreateCommandQueueWithProperties with
 * NULL and with {CL_QUEUE_PROPERTIES, 0} (2.0 and later platforms only). On each: a write, a
 * kernel, a read, then clFinish. */
#include "../programs/common.h"

static const char* kSource = "kernel void twice(global int* data) { data[get_global_id(0)] *= 2; }\n";

/* What the application sees of a queue and of one of its events. */
static void show(const char* name, cl_command_queue queue, cl_event event, int version) {
  cl_command_queue_properties properties = 0;
  CHECK(clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES, sizeof properties, &properties, NULL));
  printf("%s: CL_QUEUE_PROPERTIES %#llx\n", name, (unsigned long long)properties);
  if (version >= 30) {
    size_t size = 0;
    cl_int err = clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES_ARRAY, 0, NULL, &size);
    printf("%s: CL_QUEUE_PROPERTIES_ARRAY size %d %zu:", name, err, size);
    cl_queue_properties array[16];
    if (err == CL_SUCCESS && size > 0 && size <= sizeof array) {
      CHECK(clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES_ARRAY, size, array, NULL));
      for (size_t i = 0; i < size / sizeof array[0]; ++i) printf(" %#llx", (unsigned long long)array[i]);
      /* A room one element short: CL_INVALID_VALUE (3.0 §5.1, clGetCommandQueueInfo). */
      printf(" short %d", clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES_ARRAY,
                                                size - sizeof array[0], array, NULL));
    }
    printf("\n");
  }
  const cl_profiling_info params[] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                      CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
  printf("%s: clGetEventProfilingInfo", name);
  for (int i = 0; i < 4; ++i) {
    cl_ulong time = 0;
    size_t size = 0;
    cl_int err = clGetEventProfilingInfo(event, params[i], sizeof time, &time, &size);
    printf(" %d", err);
  }
  printf("\n");
}

static void run(const char* name, cl_context context, cl_command_queue queue, cl_kernel kernel,
                int version) {
  cl_int err = CL_SUCCESS;
  int host[16];
  for (int i = 0; i < 16; ++i) host[i] = i;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, sizeof host, NULL, &err);
  CHECK(err);
  cl_event written, ran;
  CHECK(clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 0, sizeof host, host, 0, NULL, &written));
  CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  const size_t global = 16;
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 1, &written, &ran));
  CHECK(clEnqueueReadBuffer(queue, buffer, CL_FALSE, 0, sizeof host, host, 1, &ran, NULL));
  CHECK(clFinish(queue));
  show(name, queue, ran, version);
  printf("%s: result", name);
  for (int i = 0; i < 16; ++i) printf(" %d", host[i]);
  printf("\n");
  CHECK(clReleaseEvent(written));
  CHECK(clReleaseEvent(ran));
  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseCommandQueue(queue));
}

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  /* Post-1.2 entry points only on platforms that have them (ocl-icd 2.3.1 spins otherwise). */
  char text[256] = {0};
  CHECK(clGetPlatformInfo(platform, CL_PLATFORM_VERSION, sizeof text - 1, text, NULL));
  int major = 1, minor = 2;
  sscanf(text, "OpenCL %d.%d", &major, &minor);
  const int version = major * 10 + minor;
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  cl_program program = clCreateProgramWithSource(context, 1, &kSource, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));
  cl_kernel kernel = clCreateKernel(program, "twice", &err);
  CHECK(err);

  cl_command_queue plain = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);
  run("clCreateCommandQueue", context, plain, kernel, version);
  if (version >= 20) {
    cl_command_queue no_list = clCreateCommandQueueWithProperties(context, device, NULL, &err);
    CHECK(err);
    run("WithProperties(NULL)", context, no_list, kernel, version);
    const cl_queue_properties zero[] = {CL_QUEUE_PROPERTIES, 0, 0};
    cl_command_queue listed = clCreateCommandQueueWithProperties(context, device, zero, &err);
    CHECK(err);
    run("WithProperties(0)", context, listed, kernel, version);
  }
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseContext(context));
  return 0;
}
