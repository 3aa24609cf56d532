/* Benchmark, not a test: the layer's overhead on call-heavy programs, two of them:
 *   cheap:   a million of the cheapest calls there are (a buffer's size queried, the buffer
 *            retained and released, an event's status queried, in turn): ~20 ns each on PoCL,
 *            so what the layer adds per call is the whole story;
 *   enqueue: what a real call-heavy program does, 200,000 calls: per iteration, two
 *            clSetKernelArg, a clEnqueueNDRangeKernel of a trivial kernel (64 work-items) and a
 *            clEnqueueWriteBuffer of 64 bytes, with a clFinish every 256 iterations.
 *
 *   layer_overhead --run cheap|enqueue N
 *       makes N calls of that workload on the first device of the first platform and exits.
 *   layer_overhead LAYER_LIBRARY [LABEL:VAR=VALUE[,VAR=VALUE...]]...
 *       runs itself for each workload without the layer, under the layer (CLVET_REPORT=none),
 *       and under the layer with each extra configuration (its variables set), best of three
 *       each, and prints the process CPU time (user + system of all its threads, getrusage of
 *       the child) of the calls (a run with N = 0 subtracted: start-up is left out), per call,
 *       and its ratio to no layer. tests/bench/layer_overhead.sh chooses the configurations. */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static const char* kKernel =
    "kernel void scale(global float* data, float factor) {\n"
    "  data[get_global_id(0)] *= factor;\n"
    "}\n";

/* The enqueue workload: `calls` calls in groups of four (set two arguments, run, write). */
static int enqueue_calls(long calls) {
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS)
    return 2;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  if (err != CL_SUCCESS) return 2;
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  if (err != CL_SUCCESS) return 2;
  cl_program program = clCreateProgramWithSource(context, 1, &kKernel, NULL, &err);
  if (err != CL_SUCCESS || clBuildProgram(program, 1, &device, "", NULL, NULL) != CL_SUCCESS)
    return 2;
  cl_kernel kernel = clCreateKernel(program, "scale", &err);
  if (err != CL_SUCCESS) return 2;
  float host[64];
  for (int i = 0; i < 64; ++i) host[i] = (float)i;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host,
                                 host, &err);
  if (err != CL_SUCCESS) return 2;
  const size_t global = 64;
  const float factor = 1.0f;
  long failed = 0;
  for (long i = 0; i < calls; i += 4) {
    failed += clSetKernelArg(kernel, 0, sizeof buffer, &buffer) != CL_SUCCESS;
    failed += clSetKernelArg(kernel, 1, sizeof factor, &factor) != CL_SUCCESS;
    failed += clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL) !=
              CL_SUCCESS;
    failed += clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 0, sizeof host, host, 0, NULL,
                                   NULL) != CL_SUCCESS;
    if ((i / 4) % 256 == 255) failed += clFinish(queue) != CL_SUCCESS;
  }
  failed += clFinish(queue) != CL_SUCCESS;
  clReleaseMemObject(buffer);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return failed == 0 ? 0 : 3;
}

/* The cheap workload. */
static int make_calls(long calls) {
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS)
    return 2;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  if (err != CL_SUCCESS) return 2;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err);
  if (err != CL_SUCCESS) return 2;
  cl_event event = clCreateUserEvent(context, &err);
  if (err != CL_SUCCESS) return 2;
  size_t size = 0;
  cl_int status = 0;
  long failed = 0;
  for (long i = 0; i < calls; i += 4) {
    failed += clGetMemObjectInfo(buffer, CL_MEM_SIZE, sizeof size, &size, NULL) != CL_SUCCESS;
    failed += clRetainMemObject(buffer) != CL_SUCCESS;
    failed += clReleaseMemObject(buffer) != CL_SUCCESS;
    failed += clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                             NULL) != CL_SUCCESS;
  }
  clSetUserEventStatus(event, CL_COMPLETE);
  clReleaseEvent(event);
  clReleaseMemObject(buffer);
  clReleaseContext(context);
  return failed == 0 && (calls == 0 || size == 64) ? 0 : 3;
}

struct workload {
  const char* name;
  const char* calls;
};
static const struct workload kWorkloads[] = {{"cheap", "1000000"}, {"enqueue", "200000"}};

/* CPU seconds (user + system) of `self --run WORKLOAD N` with the environment changes `env`
 * (comma-separated VAR=VALUE, or NULL), or -1 when it fails. */
static double run_child(const char* self, const char* workload, const char* calls,
                        const char* layer, const char* env) {
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    if (layer) {
      setenv("OPENCL_LAYERS", layer, 1);
      setenv("CLVET_REPORT", "none", 1);
    }
    if (env) {
      char* copy = strdup(env);
      for (char* item = strtok(copy, ","); item; item = strtok(NULL, ",")) putenv(item);
    }
    execl(self, self, "--run", workload, calls, (char*)NULL);
    _exit(127);
  }
  int status = 0;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return -1;
  return (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6 +
         (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
}

static double best_of_three(const char* self, const char* workload, const char* calls,
                            const char* layer, const char* env) {
  double best = -1;
  for (int i = 0; i < 3; ++i) {
    const double t = run_child(self, workload, calls, layer, env);
    if (t < 0) return -1;
    if (best < 0 || t < best) best = t;
  }
  return best;
}

/* CPU seconds of the calls alone: a run with them less a run without them (start-up, the
 * platform's initialisation and the report at exit are the same in both). */
static double calls_cpu(const char* self, const struct workload* w, const char* layer,
                        const char* env, double* total) {
  *total = best_of_three(self, w->name, w->calls, layer, env);
  const double empty = best_of_three(self, w->name, "0", layer, env);
  if (*total < 0 || empty < 0) return -1;
  return *total - empty;
}

int main(int argc, char** argv) {
  if (argc == 4 && strcmp(argv[1], "--run") == 0) {
    if (strcmp(argv[2], "cheap") == 0) return make_calls(atol(argv[3]));
    if (strcmp(argv[2], "enqueue") == 0) return enqueue_calls(atol(argv[3]));
    return 2;
  }
  if (argc < 2) {
    fprintf(stderr, "usage: %s LAYER_LIBRARY [LABEL:VAR=VALUE[,VAR=VALUE...]]...\n", argv[0]);
    return 2;
  }
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return 2;
  self[n] = '\0';
  int failed = 0;
  for (size_t w = 0; w < sizeof kWorkloads / sizeof kWorkloads[0]; ++w) {
    const struct workload* workload = &kWorkloads[w];
    const double calls = atof(workload->calls);
    double total = 0;
    const double plain = calls_cpu(self, workload, NULL, NULL, &total);
    if (plain <= 0) {
      fprintf(stderr, "layer_overhead: the %s run without the layer failed\n", workload->name);
      return 1;
    }
    printf("%s workload, %s calls\n", workload->name, workload->calls);
    printf("  %-28s %12s %12s %10s %8s\n", "configuration", "process s", "calls s", "ns/call",
           "ratio");
    printf("  %-28s %12.3f %12.3f %10.1f %8.2f\n", "no layer", total, plain,
           plain * 1e9 / calls, 1.0);
    for (int i = 1; i < argc; ++i) {
      const char* label = i == 1 ? "layer" : argv[i];
      const char* env = NULL;
      char name[256];
      if (i > 1) {
        const char* colon = strchr(argv[i], ':');
        if (!colon) return 2;
        snprintf(name, sizeof name, "%.*s", (int)(colon - argv[i]), argv[i]);
        label = name;
        env = colon + 1;
      }
      const double t = calls_cpu(self, workload, argv[1], env, &total);
      if (t < 0) {
        printf("  %-28s %12s\n", label, "failed");
        failed = 1;
        continue;
      }
      printf("  %-28s %12.3f %12.3f %10.1f %8.2f\n", label, total, t, t * 1e9 / calls,
             t / plain);
    }
  }
  return failed;
}
