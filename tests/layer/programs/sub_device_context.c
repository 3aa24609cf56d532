/* A correct program on a context of two sub-devices (OpenCL 1.2 §4.3, §4.4): a queue on each,
 * the program built for both, a kernel run on each queue. PoCL answers CL_CONTEXT_DEVICES of
 * such a context with the root device alone, so the layer must judge the calls by the devices
 * the program created the context with (none of them is CL_INVALID_DEVICE), and reports the
 * answer, and the program's CL_PROGRAM_DEVICES that follows it, as the driver's non-conformance.
 * expect platform: AssociatedDevicesDiffer
 * runs-without-clvet: yes */
#include "common.h"

static const char* kSource =
    "kernel void twice(global int* data) { data[get_global_id(0)] *= 2; }\n";

int main(void) {
  cl_platform_id platform = choose_platform();
  cl_device_id root = NULL;
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &root, NULL));
  const cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  cl_device_id sub[2];
  cl_uint made = 0;
  CHECK(clCreateSubDevices(root, equally, 2, sub, &made));
  if (made < 2) {
    fprintf(stderr, "the device divides into %u sub-devices, not 2\n", made);
    return 2;
  }
  cl_int err = CL_SUCCESS;
  cl_context context = clCreateContext(NULL, 2, sub, NULL, NULL, &err);
  CHECK(err);
  cl_program program = clCreateProgramWithSource(context, 1, &kSource, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 2, sub, "", NULL, NULL));
  cl_kernel kernel = clCreateKernel(program, "twice", &err);
  CHECK(err);
  int data[8];
  for (int i = 0; i < 8; ++i) data[i] = i + 1;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  for (int d = 0; d < 2; ++d) {
    cl_build_status status = CL_BUILD_NONE;
    CHECK(clGetProgramBuildInfo(program, sub[d], CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL));
    cl_command_queue queue = clCreateCommandQueueWithProperties(context, sub[d], NULL, &err);
    CHECK(err);
    const size_t global = 8;
    CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
    printf("sub-device %d: build %s,", d, status == CL_BUILD_SUCCESS ? "succeeded" : "not done");
    for (int i = 0; i < 8; ++i) printf(" %d", data[i]);
    printf("\n");
    CHECK(clReleaseCommandQueue(queue));
  }
  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseContext(context));
  CHECK(clReleaseDevice(sub[0]));
  CHECK(clReleaseDevice(sub[1]));
  return 0;
}
