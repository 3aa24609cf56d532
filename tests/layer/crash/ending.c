/* A program that makes one mistake (a buffer released twice, §5.4.1) and then ends as its
 * argument says: "exit" normally, "_exit" without exit handlers, "kill" by SIGKILL, "driver"
 * inside the driver (tests/layer/fake_icd crashes on CL_MEM_HOST_PTR), "many" after 300,000
 * more calls, "child" normally after running itself as a second OpenCL process that is killed
 * ("kill"), "held" the same with its own OpenCL calls begun before the second process starts
 * (its trace open while the other runs), "big" by SIGKILL after making a buffer from 200 MiB of
 * bytes that do not compress (a trace with data holds them). "probe" and "probe_exit" make no mistake but ask clGetDeviceInfo for a vendor's
 * name (CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, how programs find an extension), then end
 * normally or by _exit. It writes nothing on stderr, so that a report there is all there is. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <signal.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Runs this program again as "kill": 0 once it was killed, as it kills itself. */
static int killed_child(const char* self) {
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/proc/self/exe", self, "kill", (char*)NULL);
    _exit(127);
  }
  int status = 0;
  return pid < 0 || waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status) ? 2 : 0;
}

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  if (strcmp(argv[1], "child") == 0 && killed_child(argv[0]) != 0) return 2;
  cl_platform_id platform = NULL;
  cl_device_id device = NULL;
  cl_int err = CL_SUCCESS;
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS) return 2;
  if (strcmp(argv[1], "held") == 0 && killed_child(argv[0]) != 0) return 2;
  if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS) return 2;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  const char* mode = argv[1];
  if (strncmp(mode, "probe", 5) == 0) {
    cl_uint major = 0;
    printf("probe: %d\n", clGetDeviceInfo(device, 0x4000, sizeof major, &major, NULL));
    fflush(stdout);
    clReleaseContext(context);
    if (strcmp(mode, "probe_exit") == 0) _exit(0);
    return 0;
  }
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err);
  clReleaseMemObject(buffer);
  printf("second release: %d\n", clReleaseMemObject(buffer));
  fflush(stdout);
  if (strcmp(mode, "_exit") == 0) _exit(0);
  if (strcmp(mode, "kill") == 0) kill(getpid(), SIGKILL);
  if (strcmp(mode, "big") == 0) {
    const size_t size = (size_t)200 << 20;
    unsigned long long* bytes = malloc(size);
    if (bytes == NULL) return 2;
    unsigned long long x = 0x9e3779b97f4a7c15ull;  /* xorshift64: no compressor shrinks it */
    for (size_t i = 0; i < size / sizeof *bytes; ++i) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      bytes[i] = x;
    }
    cl_mem big = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, size, bytes, &err);
    if (big == NULL) return 2;
    kill(getpid(), SIGKILL);
  }
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
