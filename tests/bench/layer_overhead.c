/* Benchmark, not a test: the layer's overhead on call-heavy programs, two of them:
 *   cheap:   a million of the cheapest calls there are (a buffer's size queried, the buffer
 *            retained and released, an event's status queried, in turn): ~20 ns each on PoCL,
 *            so what the layer adds per call is the whole story;
 *   enqueue: what a real call-heavy program does, 200,000 calls: per iteration, two
 *            clSetKernelArg, a clEnqueueNDRangeKernel of a trivial kernel (64 work-items) and a
 *            clEnqueueWriteBuffer of 64 bytes, with a clFinish every 256 iterations;
 *   wide:    the same loop for a kernel of ten arguments, 240,000 calls: per iteration, ten
 *            clSetKernelArg, the NDRange and the write (a loop of twelve different calls, more
 *            than a layer that remembers the last few calls holds).
 *
 *   layer_overhead --run cheap|enqueue|wide N
 *       makes N calls of that workload on the first device of the first platform and exits.
 *   layer_overhead LAYER_LIBRARY [LABEL:VAR=VALUE[,VAR=VALUE...]]...
 *       runs itself for each workload without the layer, under the layer (CLVET_REPORT=none),
 *       and under the layer with each extra configuration (its variables set; its LABEL ends at
 *       the first colon followed by VAR=, so that it may hold colons), in rounds that
 *       run each configuration once (LAYER_OVERHEAD_REPS rounds, 7 by default), and prints the
 *       median CPU time (user + system of all the process's threads) of the calls, measured by
 *       the child around its loop (start-up and exit left out), per call (the minimum beside
 *       it), its ratio to no layer and to the stamping floor; the whole process's; and the
 *       calling thread's alone per call, with its ratio to the floor's (the layer's own work,
 *       without the driver's threads, whose work follows how fast the calls come).
 *       tests/bench/layer_overhead.sh chooses the configurations. */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* CPU seconds (user + system) of every thread of this process so far: the driver's threads
 * working for the calls count too. */
static double process_cpu(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6 +
         (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
}

/* CPU seconds of the calling thread alone so far: what a layer adds to each call, without the
 * driver's own threads (whose work follows how fast the calls come). */
static double thread_cpu(void) {
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* What the child tells the parent: the CPU seconds of its calls alone, measured around the
 * loop, so that start-up (the platform's initialisation, a layer's) and exit stay out: the
 * process's and the calling thread's. */
static void report_calls_cpu(double seconds, double thread_seconds) {
  printf("calls-cpu %.9f %.9f\n", seconds, thread_seconds);
}

static const char* kKernel =
    "kernel void scale(global float* data, float factor) {\n"
    "  data[get_global_id(0)] *= factor;\n"
    "}\n";

static const char* kWideKernel =
    "kernel void scale(global float* data, float a, float b, float c, float d, float e,\n"
    "                  float f, float g, float h, float i) {\n"
    "  data[get_global_id(0)] *= a * b * c * d * e * f * g * h * i;\n"
    "}\n";

/* The enqueue workload: `calls` calls in groups of four (set two arguments, run, write), or, with
 * `wide`, in groups of twelve (set ten arguments, run, write). */
static int enqueue_calls(long calls, int wide) {
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
  cl_program program = clCreateProgramWithSource(context, 1, wide ? &kWideKernel : &kKernel, NULL, &err);
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
  const double start = process_cpu();
  const double thread_start = thread_cpu();
  const int arguments = wide ? 10 : 2;
  for (long i = 0; i < calls; i += arguments + 2) {
    failed += clSetKernelArg(kernel, 0, sizeof buffer, &buffer) != CL_SUCCESS;
    for (cl_uint a = 1; a < (cl_uint)arguments; ++a)
      failed += clSetKernelArg(kernel, a, sizeof factor, &factor) != CL_SUCCESS;
    failed += clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL) !=
              CL_SUCCESS;
    failed += clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 0, sizeof host, host, 0, NULL,
                                   NULL) != CL_SUCCESS;
    if ((i / (arguments + 2)) % 256 == 255) failed += clFinish(queue) != CL_SUCCESS;
  }
  failed += clFinish(queue) != CL_SUCCESS;
  report_calls_cpu(process_cpu() - start, thread_cpu() - thread_start);
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
  const double start = process_cpu();
  const double thread_start = thread_cpu();
  for (long i = 0; i < calls; i += 4) {
    failed += clGetMemObjectInfo(buffer, CL_MEM_SIZE, sizeof size, &size, NULL) != CL_SUCCESS;
    failed += clRetainMemObject(buffer) != CL_SUCCESS;
    failed += clReleaseMemObject(buffer) != CL_SUCCESS;
    failed += clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                             NULL) != CL_SUCCESS;
  }
  report_calls_cpu(process_cpu() - start, thread_cpu() - thread_start);
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
static const struct workload kWorkloads[] = {
    {"cheap", "1000000"}, {"enqueue", "200000"}, {"wide", "240000"}};

/* Whether `name` is an item of the comma-separated `list`. */
static int named_in(const char* list, const char* name) {
  const size_t n = strlen(name);
  for (const char* item = list; item != NULL; item = strchr(item, ',')) {
    if (*item == ',') ++item;
    if (strncmp(item, name, n) == 0 && (item[n] == ',' || item[n] == '\0')) return 1;
  }
  return 0;
}

/* Where a configuration LABEL:VAR=VALUE[,VAR=VALUE...] splits: at the first colon followed by a
 * variable's name and '=', so that a label may hold colons ("main: 8dbceb4, trace"); a value
 * may too (OPENCL_LAYERS=a.so:b.so), after the split. NULL when there is no such colon. */
static const char* label_end(const char* config) {
  for (const char* colon = strchr(config, ':'); colon; colon = strchr(colon + 1, ':')) {
    const char* name = colon + 1;
    const char* end = name;
    while (*end == '_' || isalnum((unsigned char)*end)) ++end;
    if (end > name && !isdigit((unsigned char)*name) && *end == '=') return colon;
  }
  return NULL;
}

/* Runs `self --run WORKLOAD N` with the environment changes `env` (comma-separated
 * VAR=VALUE, or NULL): the CPU seconds of its calls (as it reports them: the process's and the
 * calling thread's) and of the whole process; false when it fails. */
static int run_child(const char* self, const char* workload, const char* calls, const char* layer,
                     const char* env, double* calls_s, double* thread_s, double* process_s) {
  int out[2];
  if (pipe(out) != 0) return 0;
  pid_t pid = fork();
  if (pid < 0) return 0;
  if (pid == 0) {
    close(out[0]);
    dup2(out[1], STDOUT_FILENO);
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
  close(out[1]);
  FILE* from = fdopen(out[0], "r");
  char line[256];
  int reported = 0;
  while (from && fgets(line, sizeof line, from))
    if (sscanf(line, "calls-cpu %lf %lf", calls_s, thread_s) == 2) reported = 1;
  if (from) fclose(from);
  int status = 0;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
      !reported)
    return 0;
  *process_s = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6 +
               (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
  return 1;
}

/* The median of doubles (sorted in place). */
static double median(double* values, int n) {
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && values[j - 1] > values[j]; --j) {
      const double t = values[j];
      values[j] = values[j - 1];
      values[j - 1] = t;
    }
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

enum { kMaxConfigs = 16, kMaxReps = 31 };

int main(int argc, char** argv) {
  if (argc == 4 && strcmp(argv[1], "--run") == 0) {
    if (strcmp(argv[2], "cheap") == 0) return make_calls(atol(argv[3]));
    if (strcmp(argv[2], "enqueue") == 0) return enqueue_calls(atol(argv[3]), 0);
    if (strcmp(argv[2], "wide") == 0) return enqueue_calls(atol(argv[3]), 1);
    return 2;
  }
  if (argc < 2 || argc > kMaxConfigs) {
    fprintf(stderr, "usage: %s LAYER_LIBRARY [LABEL:VAR=VALUE[,VAR=VALUE...]]...\n", argv[0]);
    return 2;
  }
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return 2;
  self[n] = '\0';
  /* Repetitions, interleaved: each round runs every configuration once, so that the load of a
   * shared machine, which changes by the minute, weighs on all of them alike; the median of
   * the rounds is the figure, the ratios are of medians. */
  int reps = getenv("LAYER_OVERHEAD_REPS") ? atoi(getenv("LAYER_OVERHEAD_REPS")) : 7;
  if (reps < 1) reps = 1;
  if (reps > kMaxReps) reps = kMaxReps;
  /* Configuration 0 is no layer, 1 the layer alone, then the labelled ones. */
  const int configs = argc;
  const char* labels[kMaxConfigs];
  const char* envs[kMaxConfigs];
  char names[kMaxConfigs][256];
  labels[0] = "no layer";
  envs[0] = NULL;
  labels[1] = "layer";
  envs[1] = NULL;
  int floor_config = -1;
  for (int i = 2; i < configs; ++i) {
    const char* colon = label_end(argv[i]);
    if (!colon) return 2;
    snprintf(names[i], sizeof names[i], "%.*s", (int)(colon - argv[i]), argv[i]);
    labels[i] = names[i];
    envs[i] = colon + 1;
    if (strstr(names[i], "stamps")) floor_config = i;
  }
  int failed = 0;
  /* LAYER_OVERHEAD_WORKLOADS=enqueue,wide: only those (a machine where PoCL's threads take tens
   * of microseconds a call runs the kernel loop's rounds for minutes). */
  const char* only = getenv("LAYER_OVERHEAD_WORKLOADS");
  for (size_t w = 0; w < sizeof kWorkloads / sizeof kWorkloads[0]; ++w) {
    const struct workload* workload = &kWorkloads[w];
    if (only != NULL && !named_in(only, workload->name)) continue;
    const double calls = atof(workload->calls);
    static double calls_s[kMaxConfigs][kMaxReps], thread_s[kMaxConfigs][kMaxReps],
        process_s[kMaxConfigs][kMaxReps];
    int ok[kMaxConfigs];
    for (int c = 0; c < configs; ++c) ok[c] = 1;
    for (int r = 0; r < reps; ++r)
      for (int c = 0; c < configs; ++c)
        if (ok[c] && !run_child(self, workload->name, workload->calls, c == 0 ? NULL : argv[1],
                                envs[c], &calls_s[c][r], &thread_s[c][r], &process_s[c][r]))
          ok[c] = 0;
    if (!ok[0]) {
      fprintf(stderr, "layer_overhead: the %s run without the layer failed\n", workload->name);
      return 1;
    }
    printf("%s workload, %s calls, CPU time, median of %d interleaved runs (min in brackets)\n",
           workload->name, workload->calls, reps);
    printf("  %-40s %10s %10s %18s %8s %8s %10s %8s\n", "configuration", "process s", "calls s",
           "ns/call", "ratio", "/floor", "thread ns", "/floor");
    double medians[kMaxConfigs];
    double mins[kMaxConfigs];
    double threads[kMaxConfigs];
    double process[kMaxConfigs];
    for (int c = 0; c < configs; ++c) {
      if (!ok[c]) continue;
      mins[c] = calls_s[c][0];
      for (int r = 1; r < reps; ++r)
        if (calls_s[c][r] < mins[c]) mins[c] = calls_s[c][r];
      medians[c] = median(calls_s[c], reps);
      threads[c] = median(thread_s[c], reps);
      process[c] = median(process_s[c], reps);
    }
    for (int c = 0; c < configs; ++c) {
      if (!ok[c]) {
        printf("  %-40s %10s\n", labels[c], "failed");
        failed = 1;
        continue;
      }
      char per_call[64];
      snprintf(per_call, sizeof per_call, "%.1f (%.1f)", medians[c] * 1e9 / calls, mins[c] * 1e9 / calls);
      char to_floor[16] = "";
      char thread_to_floor[16] = "";
      if (floor_config >= 0 && ok[floor_config]) {
        snprintf(to_floor, sizeof to_floor, "%.2f", medians[c] / medians[floor_config]);
        snprintf(thread_to_floor, sizeof thread_to_floor, "%.2f",
                 threads[c] / threads[floor_config]);
      }
      printf("  %-40s %10.3f %10.3f %18s %8.2f %8s %10.1f %8s\n", labels[c], process[c],
             medians[c], per_call, medians[c] / medians[0], to_floor, threads[c] * 1e9 / calls,
             thread_to_floor);
    }
  }
  return failed;
}
