/* OpenCL calls made while a thread exits: glibc runs a pthread key's destructor after the
 * thread's C++ thread_local objects are destroyed, the layer's kept verdicts among them. The
 * thread repeats a loop's calls (their verdicts kept: a kernel argument set, the buffer's size
 * queried, the buffer retained and released), then its key's destructor makes the same calls
 * again, writes the buffer, launches the kernel on it and maps it for reading without blocking
 * (the recorder keeps the launch's and the map's events per thread: a traced run must not reach
 * them through destroyed thread_locals), releases the buffer and queries it once more: the
 * layer must judge them as any others (never with the freed verdicts:
 * tests/layer/thread_exit_memcheck.sh runs this under valgrind), find the query of the released
 * buffer (OpenCL 1.2 §5.4.5 CL_INVALID_MEM_OBJECT) and refuse it, and count the references
 * exactly (no leak, no double release). The kernel adds one to each of the 16 ints written as
 * their index: the map reads 1..16, summed 136.
 * runs-without-clvet: no
 * output: 64 64 64
 * output: at exit: 64 64
 * output: at exit: kernel and map read 136
 * output: released buffer queried: -38 */
#include <pthread.h>

#include "common.h"

static pthread_key_t key;
static cl_kernel kernel;
static cl_command_queue queue;

static const char* kSource = "kernel void add(global int* data) { data[get_global_id(0)] += 1; }\n";

/* The loop's calls: the buffer set as the kernel's argument, its size queried, the buffer
 * retained and released. */
static size_t size_of(cl_mem buffer) {
  size_t size = 0;
  CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  CHECK(clGetMemObjectInfo(buffer, CL_MEM_SIZE, sizeof size, &size, NULL));
  CHECK(clRetainMemObject(buffer));
  CHECK(clReleaseMemObject(buffer));
  return size;
}

static void at_exit(void* value) {
  cl_mem buffer = value;
  const size_t first = size_of(buffer);
  const size_t second = size_of(buffer);
  printf("at exit: %zu %zu\n", first, second);
  /* A launch and a non-blocking map for reading (the kernel's argument 0 is the buffer). */
  cl_int values[16];
  for (int i = 0; i < 16; ++i) values[i] = i;
  CHECK(clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL));
  const size_t global = 16;
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
  cl_int err = CL_SUCCESS;
  cl_event mapped = NULL;
  const cl_int* read = clEnqueueMapBuffer(queue, buffer, CL_FALSE, CL_MAP_READ, 0, sizeof values,
                                          0, NULL, &mapped, &err);
  CHECK(err);
  CHECK(clWaitForEvents(1, &mapped));
  long sum = 0;
  for (int i = 0; i < 16; ++i) sum += read[i];
  CHECK(clEnqueueUnmapMemObject(queue, buffer, (void*)read, 0, NULL, NULL));
  CHECK(clFinish(queue));
  CHECK(clReleaseEvent(mapped));
  printf("at exit: kernel and map read %ld\n", sum);
  CHECK(clReleaseMemObject(buffer));
  size_t size = 0;
  fprintf(stdout, "released buffer queried: %d\n",
          clGetMemObjectInfo(buffer, CL_MEM_SIZE, sizeof size, &size, NULL)); /* expect: GetMemObjectInfoInvalidMemObject */
  fflush(stdout);
}

static void* work(void* value) {
  cl_mem buffer = value;
  const size_t a = size_of(buffer), b = size_of(buffer), c = size_of(buffer);
  printf("%zu %zu %zu\n", a, b, c);
  fflush(stdout);
  pthread_setspecific(key, buffer);
  return NULL;
}

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  kernel = build_kernel(&s, kSource, "", "add", NULL);
  queue = s.queue;
  cl_mem buffer = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 64, NULL, &err);
  CHECK(err);
  if (pthread_key_create(&key, at_exit) != 0) return 2;
  pthread_t thread;
  if (pthread_create(&thread, NULL, work, buffer) != 0) return 2;
  pthread_join(thread, NULL);
  CHECK(clReleaseKernel(kernel));
  teardown(&s);
  return 0;
}
