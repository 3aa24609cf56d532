/* A traced program that never ends: it writes its pid, makes OpenCL calls forever and says on
 * stdout how many it has made, so a test can kill it with SIGKILL mid-run and read its trace. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  FILE* pid = fopen(argv[1], "w");
  if (!pid) return 2;
  fprintf(pid, "%d\n", (int)getpid());
  fclose(pid);
  cl_platform_id platform;
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS) return 2;
  char name[256];
  for (unsigned long calls = 1;; ++calls) {
    clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (calls % 1000 == 0) {
      printf("%lu\n", calls);
      fflush(stdout);
    }
  }
}
