/* A libOpenCL whose clGetPlatformIDs never answers, like a driver hung at start-up: `clvet
 * run`'s platform probe must give up on it (tests/layer/platform_order_test.cpp). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <unistd.h>

__attribute__((visibility("default"))) cl_int clGetPlatformIDs(cl_uint num_entries,
                                                               cl_platform_id* platforms,
                                                               cl_uint* num_platforms) {
  (void)num_entries;
  (void)platforms;
  (void)num_platforms;
  for (;;) pause();
}

__attribute__((visibility("default"))) cl_int clGetPlatformInfo(cl_platform_id platform,
                                                                cl_platform_info param_name,
                                                                size_t param_value_size,
                                                                void* param_value,
                                                                size_t* param_value_size_ret) {
  (void)platform;
  (void)param_name;
  (void)param_value_size;
  (void)param_value;
  (void)param_value_size_ret;
  return CL_INVALID_PLATFORM;
}
