/* Runs against tests/layer/fake_icd (OCL_ICD_VENDORS set to its .icd alone): every fault of
 * that ICD shows up as a platform finding, and the call to an OpenCL 2.0 entry point is not
 * forwarded to the 1.2 platform. Prints the codes it gets: with CLVET_ENFORCE=1 the
 * zero-byte buffer gets the rule's CL_INVALID_BUFFER_SIZE (-61) instead of the fake's success.
 * runs-without-clvet: no */
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include "common.h"

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  char name[64];
  CHECK(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL)); /* expect platform: InfoSizeMismatch */
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);

  cl_mem empty = clCreateBuffer(context, CL_MEM_READ_WRITE, 0, NULL, &err); /* expect: CreateBufferSizeZero */ /* expect platform: CreateBufferSizeZero */
  printf("buffer of zero bytes: %d\n", err);
  if (empty) {
    cl_mem_object_type type = 0;
    CHECK(clGetMemObjectInfo(empty, CL_MEM_TYPE, sizeof type, &type, NULL)); /* expect platform: InfoValueOutsideEnum */
    CHECK(clReleaseMemObject(empty));
  }
  printf("finish: %d\n", clFinish(queue)); /* expect platform: UnlistedErrorCode */
  cl_command_queue newer = clCreateCommandQueueWithProperties(context, device, NULL, &err); /* expect: EntryPointAbovePlatformVersion */
  printf("a 2.0 queue on a 1.2 platform: %p, %d\n", (void*)newer, err);
  /* No longer supported since 1.1 (F.1), yet the fake still honours it. */
  printf("queue property: %d\n", clSetCommandQueueProperty(queue, CL_QUEUE_PROFILING_ENABLE, CL_TRUE, NULL)); /* expect: SetCommandQueuePropertyUnsupported */
  /* The fake fills no slot for clRetainCommandQueue: the loader alone would call NULL. */
  printf("retain the queue: %d\n", clRetainCommandQueue(queue)); /* expect platform: EntryPointMissingInDriver */

  cl_context_properties properties[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
  cl_context gpus = clCreateContextFromType(properties, CL_DEVICE_TYPE_GPU, NULL, NULL, &err); /* expect platform: ResultDisagreesWithErrcode */
  printf("GPU context: %d\n", err);
  if (gpus) CHECK(clReleaseContext(gpus));
  CHECK(clReleaseCommandQueue(queue));
  CHECK(clReleaseContext(context));
  return 0;
}
