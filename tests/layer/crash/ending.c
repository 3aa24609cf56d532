/* A program that makes one mistake (a buffer released twice, §5.4.1) and then ends as its
 * argument says: "exit" normally, "_exit" without exit handlers, "kill" by SIGKILL, "driver"
 * inside the driver (tests/layer/fake_icd crashes on CL_MEM_HOST_PTR), "many" after 300,000
 * more calls, "child" normally after running itself as a second OpenCL process that is killed
 * ("kill"). It writes nothing on stderr, so that a report there is all there is. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <signal.h>
#include <sys/wait.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  if (strcmp(argv[1], "child") == 0) {
    const pid_t pid = fork();
    if (pid == 0) {
      execl("/proc/self/exe", argv[0], "kill", (char*)NULL);
      _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status)) return 2;
  }
  cl_platform_id platform = NULL;
  cl_device_id device = NULL;
  cl_int err = CL_SUCCESS;
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS) return 2;
  if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS) return 2;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err);
  clReleaseMemObject(buffer);
  printf("second release: %d\n", clReleaseMemObject(buffer));
  fflush(stdout);
  const char* mode = argv[1];
  if (strcmp(mode, "_exit") == 0) _exit(0);
  if (strcmp(mode, "kill") == 0) kill(getpid(), SIGKILL);
  if (strcmp(mode, "driver") == 0) {
    cl_mem other = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err);
    void* host = NULL;
    clGetMemObjectInfo(other, CL_MEM_HOST_PTR, sizeof host, &host, NULL);
  }
  if (strcmp(mode, "many") == 0) {
    char name[64];
    for (int i = 0; i < 300000; ++i) clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof name, name, NULL);
  }
  clReleaseContext(context);
  return 0;
}
