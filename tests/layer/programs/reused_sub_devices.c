/* Sub-devices at the addresses of released ones (OpenCL 1.2 §4.3: a sub-device is deleted once
 * its reference count is zero and no object holds it, and a driver may give its memory to the
 * next one): what the layer keeps of a device (that it lives, its count, its facts for the
 * launches' rules) must be the new sub-device's, not the released one's. Sub-devices made
 * equally are released (the first runs a kernel and is released at the end, with all that held
 * it); sub-devices made by counts are made until one has a released one's address; that one
 * runs the kernel (no finding: it
 * is not taken for the released one), is retained and released (its own count), and released
 * once too often at the end (§4.3: CL_INVALID_DEVICE; the driver would free it twice). PoCL
 * answers a context of sub-devices' CL_CONTEXT_DEVICES with the root device.
 * expect platform: AssociatedDevicesDiffer
 * runs-without-clvet: no
 * output: 2 4 6 8 10 12 14 16
 * output: a sub-device at a released sub-device's address
 * output: 2 4 6 8 10 12 14 16 */
#include "common.h"

static const char* kSource =
    "kernel void twice(global int* data) { data[get_global_id(0)] *= 2; }\n";

enum { kBatch = 8, kTries = 8 };

/* Runs `twice` over 1..8 on `device` (in a context of its own) with work-groups of the device's
 * largest size that divides 8, and prints the result. */
static void run_on(cl_device_id device) {
  cl_int err = CL_SUCCESS;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  CHECK(err);
  cl_program program = clCreateProgramWithSource(context, 1, &kSource, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));
  cl_kernel kernel = clCreateKernel(program, "twice", &err);
  CHECK(err);
  int data[8];
  for (int i = 0; i < 8; ++i) data[i] = i + 1;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  size_t largest = 0;
  CHECK(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof largest, &largest, NULL));
  size_t local = 8;
  while (local > largest) local /= 2;
  const size_t global = 8;
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
  for (int i = 0; i < 8; ++i) printf("%d%s", data[i], i == 7 ? "\n" : " ");
  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseCommandQueue(queue));
  CHECK(clReleaseContext(context));
}

/* The first of `after` that is one of `before`, or -1. */
static int reused(const cl_device_id* before, const cl_device_id* after) {
  for (int i = 0; i < 2 * kBatch; ++i)
    for (int j = 0; j < 2 * kBatch; ++j)
      if (after[i] == before[j]) return i;
  return -1;
}

int main(void) {
  cl_platform_id platform = choose_platform();
  cl_device_id root = NULL;
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &root, NULL));
  const cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  const cl_device_partition_property by_counts[] = {CL_DEVICE_PARTITION_BY_COUNTS, 1, 1,
                                                    CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0};
  cl_device_id again = NULL;
  /* The sub-device that ran the kernel is released last: PoCL 3.1's worker thread drops its
   * references to a command's event, and with the last one the queue, after the command has
   * completed and even after the application released the queue and its context, and reads the
   * queue's device then, which the queue does not hold. Released with the others, that
   * sub-device was read after its deletion, and the process crashed in POclReleaseEvent once its
   * memory had gone to something else (23 of 120 runs two at a time, 2026-11-28, none of 120
   * since; the test's failure in about 1 suite run of 80). The address of a released one came
   * back at the first or second batch in every run. */
  cl_device_id ran = NULL;
  for (int t = 0; t < kTries && again == NULL; ++t) {
    cl_device_id first[2 * kBatch], next[2 * kBatch];
    for (int i = 0; i < kBatch; ++i) CHECK(clCreateSubDevices(root, equally, 2, first + 2 * i, NULL));
    if (t == 0) {
      ran = first[0];
      run_on(ran);
    }
    for (int i = 0; i < 2 * kBatch; ++i)
      if (first[i] != ran) CHECK(clReleaseDevice(first[i]));
    for (int i = 0; i < kBatch; ++i) CHECK(clCreateSubDevices(root, by_counts, 2, next + 2 * i, NULL));
    const int at = reused(first, next);
    for (int i = 0; i < 2 * kBatch; ++i)
      if (i == at)
        again = next[i];
      else
        CHECK(clReleaseDevice(next[i]));
  }
  if (again == NULL) {
    fprintf(stderr, "the driver gave no released sub-device's address to a new one\n");
    return 2;
  }
  printf("a sub-device at a released sub-device's address\n");
  run_on(again);
  CHECK(clRetainDevice(again));
  CHECK(clReleaseDevice(again));
  CHECK(clReleaseDevice(again));
  report_code("released once too often", clReleaseDevice(again)); /* expect: ReleaseDeviceInvalidDevice */
  CHECK(clReleaseDevice(ran));
  return 0;
}
