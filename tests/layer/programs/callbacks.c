/* A correct program that registers every kind of callback with its own user_data: context
 * notification, build notification, an event callback, memory-object and context destructor
 * callbacks, a program release callback (on an OpenCL 2.2 device) and an SVM free callback;
 * it builds and runs a kernel. Under clvet every callback still reaches the program with its user_data, the
 * results are the same, and there is no finding.
 * runs-without-clvet: yes */
#include <string.h>
#include <time.h>

#define CL_USE_DEPRECATED_OPENCL_2_2_APIS /* clSetProgramReleaseCallback */
#include "common.h"

#define N 4096

static const char* source =
    "__kernel void scale_add(__global const float* a, __global const float* b, float k,\n"
    "                        __global float* out) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = k * a[i] + b[i];\n"
    "}\n";

struct seen {
  const char* name;
  volatile int count;
};

static void CL_CALLBACK on_context_note(const char* info, const void* p, size_t cb, void* user) {
  (void)info, (void)p, (void)cb;
  ((struct seen*)user)->count++;
}
static void CL_CALLBACK on_built(cl_program program, void* user) {
  (void)program;
  ((struct seen*)user)->count++;
}
static void CL_CALLBACK on_complete(cl_event event, cl_int status, void* user) {
  (void)event;
  if (status == CL_COMPLETE) ((struct seen*)user)->count++;
}
static void CL_CALLBACK on_mem_destroyed(cl_mem mem, void* user) {
  (void)mem;
  ((struct seen*)user)->count++;
}
static void CL_CALLBACK on_context_destroyed(cl_context context, void* user) {
  (void)context;
  ((struct seen*)user)->count++;
}
static void CL_CALLBACK on_svm_freed(cl_command_queue q, cl_uint n, void* pointers[], void* user) {
  (void)q, (void)pointers;
  ((struct seen*)user)->count += (int)n;
}

/* Callbacks may come on another thread a little later. */
static void wait_for(struct seen* s, int count) {
  for (int i = 0; i < 2000 && s->count < count; ++i) {
    struct timespec ms = {0, 1000000};
    nanosleep(&ms, NULL);
  }
}

int main(void) {
  struct seen note = {"context notification", 0}, built = {"build", 0},
              complete = {"event", 0}, mem_gone = {"memory destructor", 0},
              context_gone = {"context destructor", 0}, svm_gone = {"SVM free", 0},
              program_gone = {"program release", 0};
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  platform = choose_platform();
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  cl_context context = clCreateContext(NULL, 1, &device, on_context_note, &note, &err);
  CHECK(err);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  CHECK(err);

  cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &device, "", on_built, &built));
  wait_for(&built, 1);
  cl_build_status status = CL_BUILD_NONE;
  CHECK(clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL));
  cl_kernel kernel = clCreateKernel(program, "scale_add", &err);
  CHECK(err);

  static float a[N], b[N], out[N];
  for (int i = 0; i < N; ++i) a[i] = (float)i, b[i] = (float)(N - i);
  cl_mem da = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof a, a, &err);
  CHECK(err);
  cl_mem db = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof b, b, &err);
  CHECK(err);
  cl_mem dout = clCreateBuffer(context, CL_MEM_WRITE_ONLY, sizeof out, NULL, &err);
  CHECK(err);
  CHECK(clSetMemObjectDestructorCallback(da, on_mem_destroyed, &mem_gone));
  float k = 2.0f;
  CHECK(clSetKernelArg(kernel, 0, sizeof da, &da));
  CHECK(clSetKernelArg(kernel, 1, sizeof db, &db));
  CHECK(clSetKernelArg(kernel, 2, sizeof k, &k));
  CHECK(clSetKernelArg(kernel, 3, sizeof dout, &dout));
  size_t global = N, local = 64;
  cl_event ran;
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, &ran));
  CHECK(clSetEventCallback(ran, CL_COMPLETE, on_complete, &complete));
  CHECK(clEnqueueReadBuffer(queue, dout, CL_TRUE, 0, sizeof out, out, 1, &ran, NULL));
  wait_for(&complete, 1);
  int wrong = 0;
  for (int i = 0; i < N; ++i) wrong += out[i] != 2.0f * (float)i + (float)(N - i);
  printf("build status %d, %d of %d results wrong\n", status, wrong, N);

  cl_device_svm_capabilities svm = 0;
  clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, NULL);
  if (svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER) {
    void* pointer = clSVMAlloc(context, CL_MEM_READ_WRITE, 1024, 0);
    if (pointer) {
      CHECK(clEnqueueSVMFree(queue, 1, &pointer, on_svm_freed, &svm_gone, 0, NULL, NULL));
      CHECK(clFinish(queue));
      wait_for(&svm_gone, 1);
    }
  } else {
    svm_gone.count = 1; /* nothing to free on this device */
  }

  /* 3.0 §5.8.2: a device without destructors for program-scope variables refuses a release
   * callback with CL_INVALID_OPERATION; they come with C++ kernels (OpenCL 2.2 devices), so a
   * correct program registers one only there. */
  char version[64] = "";
  CHECK(clGetDeviceInfo(device, CL_DEVICE_VERSION, sizeof version, version, NULL));
  if (strncmp(version, "OpenCL 2.2", 10) == 0)
    printf("program release callback: registration %d\n",
           clSetProgramReleaseCallback(program, on_built, &program_gone));
  CHECK(clReleaseEvent(ran));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseMemObject(da));
  CHECK(clReleaseMemObject(db));
  CHECK(clReleaseMemObject(dout));
  CHECK(clReleaseCommandQueue(queue));
  wait_for(&mem_gone, 1);
  /* PoCL 3.1 accepts the registration but calls it only when it frees the context, which
   * may be later than the last release: the registration is what the program can compare. */
  printf("context destructor callback: registration %d\n",
         clSetContextDestructorCallback(context, on_context_destroyed, &context_gone));
  CHECK(clReleaseContext(context));

  const struct seen* all[] = {&built, &complete, &mem_gone, &svm_gone};
  for (int i = 0; i < 4; ++i) printf("%s callback: %s\n", all[i]->name, all[i]->count ? "called" : "NOT called");
  printf("context notifications: %s\n", note.count >= 0 ? "fine" : "?");
  return 0;
}
