/* Calls an extension function the platform hands out (cl_khr_create_command_queue, which
 * clvet's reference device has): under clvet the address is the layer's wrapper, so the queue
 * it creates is tracked like any other and a released context passed to it is caught.
 * Run over the reference device.
 * runs-without-clvet: no
 * output: clCreateCommandQueueWithPropertiesKHR: found
 * output: a queue through the extension: 0 */
#include <CL/cl_ext.h>

#include "common.h"

int main(void) {
  cl_platform_id platform = choose_platform();
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  void* address =
      clGetExtensionFunctionAddressForPlatform(platform, "clCreateCommandQueueWithPropertiesKHR");
  clCreateCommandQueueWithPropertiesKHR_fn create = NULL;
  memcpy(&create, &address, sizeof create); /* ISO C has no cast between the two */
  printf("clCreateCommandQueueWithPropertiesKHR: %s\n", create ? "found" : "missing");
  if (create == NULL) return 0;

  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue queue = create(context, device, NULL, &err);
  printf("a queue through the extension: %d\n", err);
  CHECK(clFinish(queue));
  CHECK(clReleaseCommandQueue(queue));

  cl_context gone = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  CHECK(clReleaseContext(gone));
  create(gone, device, NULL, &err); /* expect: CreateCommandQueueWithPropertiesKHRInvalidContext */
  report_code("a released context through the extension", err);
  CHECK(clReleaseContext(context));
  return 0;
}
