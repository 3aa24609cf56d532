/* A correct program whose threads share one context and queue and create, use and release
 * their own buffers and events at the same time: the layer's object table and checks must
 * neither race nor report anything.
 * runs-without-clvet: yes */
#include <pthread.h>

#include "common.h"

#define THREADS 8
#define ROUNDS 200

static struct setup s;

static void* work(void* arg) {
  const int id = (int)(size_t)arg;
  long* sum = malloc(sizeof *sum);
  *sum = 0;
  for (int round = 0; round < ROUNDS; ++round) {
    cl_int err = CL_SUCCESS;
    int values[64], back[64];
    for (int i = 0; i < 64; ++i) values[i] = id * 1000 + round + i;
    cl_mem buffer = clCreateBuffer(s.context, CL_MEM_READ_WRITE, sizeof values, NULL, &err);
    CHECK(err);
    cl_event written;
    CHECK(clEnqueueWriteBuffer(s.queue, buffer, CL_FALSE, 0, sizeof values, values, 0, NULL, &written));
    CHECK(clRetainMemObject(buffer));
    CHECK(clEnqueueReadBuffer(s.queue, buffer, CL_TRUE, 0, sizeof back, back, 1, &written, NULL));
    CHECK(clReleaseMemObject(buffer));
    CHECK(clReleaseEvent(written));
    CHECK(clReleaseMemObject(buffer));
    for (int i = 0; i < 64; ++i) *sum += back[i];
  }
  return sum;
}

int main(void) {
  s = setup_first_device();
  pthread_t threads[THREADS];
  for (int t = 0; t < THREADS; ++t) pthread_create(&threads[t], NULL, work, (void*)(size_t)t);
  long total = 0;
  for (int t = 0; t < THREADS; ++t) {
    void* sum;
    pthread_join(threads[t], &sum);
    total += *(long*)sum;
    free(sum);
  }
  printf("sum over %d threads: %ld\n", THREADS, total);
  teardown(&s);
  return 0;
}
