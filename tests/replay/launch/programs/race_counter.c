/* A kernel with a planted race: every work-item reads a counter and writes it back plus one,
 * without an atomic or a barrier. What it leaves depends on how the device interleaves the
 * work-items (PoCL runs a work-group's items one after another, and work-groups on several
 * threads; the reference device runs a work-group's items in lockstep), so it differs run to
 * run and device to device. Prints the counter. With an argument, then waits until the file it
 * names exists (clvet run --diff's test: the launch is diffed while the program still runs) and
 * prints "released". */
#include <time.h>

#include "../../../layer/programs/common.h"

static const char* kSource =
    "kernel void count(global int* counter) {\n"
    "  int seen = counter[0];\n"
    "  counter[0] = seen + 1;\n"
    "}\n";

int main(int argc, char** argv) {
  struct setup s = setup_first_device();
  cl_kernel kernel = build_kernel(&s, kSource, "", "count", NULL);
  int counter = 0;
  cl_mem buffer = copied_buffer(&s, sizeof counter, &counter);
  CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  const size_t global = 256, local = 64;
  CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, buffer, CL_TRUE, 0, sizeof counter, &counter, 0, NULL, NULL));
  printf("%d\n", counter);
  fflush(stdout);
  if (argc > 1) {
    for (int waited = 0; waited < 6000; ++waited) {
      FILE* release = fopen(argv[1], "r");
      if (release) {
        fclose(release);
        break;
      }
      nanosleep(&(struct timespec){0, 100000000}, NULL);
    }
    printf("released\n");
  }
  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseCommandQueue(s.queue));
  CHECK(clReleaseContext(s.context));
  return 0;
}
