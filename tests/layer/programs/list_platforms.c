/* Lists the platforms as a program that takes "the first platform" sees them: the one
 * clGetPlatformIDs(1, ...) gives with the count it says there are, then the whole list, each
 * as "name | vendor | version" (tests/layer/platform_order_test.cpp).
 * runs-without-clvet: yes */
#include "common.h"

static void print_platform(const char* what, cl_platform_id platform) {
  char name[256] = "", vendor[256] = "", version[256] = "";
  CHECK(clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof name, name, NULL));
  CHECK(clGetPlatformInfo(platform, CL_PLATFORM_VENDOR, sizeof vendor, vendor, NULL));
  CHECK(clGetPlatformInfo(platform, CL_PLATFORM_VERSION, sizeof version, version, NULL));
  printf("%s: %s | %s | %s\n", what, name, vendor, version);
}

int main(void) {
  cl_platform_id first = NULL;
  cl_uint count = 0;
  CHECK(clGetPlatformIDs(1, &first, &count));
  printf("count: %u\n", count);
  print_platform("first", first);
  cl_platform_id platforms[16];
  cl_uint listed = 0;
  CHECK(clGetPlatformIDs(16, platforms, &listed));
  for (cl_uint i = 0; i < listed && i < 16; ++i) print_platform("platform", platforms[i]);
  return 0;
}
