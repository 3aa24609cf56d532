/* Kernels launched after the application released an object one of their arguments names (its
 * last reference): a buffer (clEnqueueNDRangeKernel and clEnqueueTask), a sampler, an image.
 * A copy of the kernel (clCloneKernel) made before the release has the buffer as its argument too.
 * The kernel does not hold its arguments: the value set is used "until the argument value is
 * changed by a call to clSetKernelArg" (OpenCL 1.2 §5.7.2), and the object is deleted once its
 * count reaches zero and the commands queued with it finish (§5.4.1, §5.5.1), so the launch's
 * argument values are not specified: CL_INVALID_KERNEL_ARGS (-52, §5.8). PoCL 3.1 aborts in such
 * a launch ("PTHREAD ERROR in can_run_command()"): under clvet none reaches it, whatever
 * --enforce says. Beside them, what is no error: a buffer released by one of its two references
 * (the other keeps it alive), each argument set again to a live object after the release, and of
 * two buffers set in turn in a loop (calls the layer keeps the verdicts of), the one not set last
 * released.
 * runs-without-clvet: no
 * output: reset buffer: 10 11 12 13 14 15 16 17
 * output: retained buffer: 20 21 22 23 24 25 26 27
 * output: the first buffer released: 40 41 42 43 44 45 46 47
 * output: the second buffer released: 50 51 52 53 54 55 56 57
 * output: reset sampler: 0 1 2 3 4 5 6 7
 * output: reset image: 0 1 2 3 4 5 6 7 */
#include "common.h"

static const char* kSource =
    "__kernel void fill(__global int* out, int n) {\n"
    "  out[get_global_id(0)] = n + (int)get_global_id(0);\n"
    "}\n"
    "__kernel void sample(__read_only image2d_t image, sampler_t s, __global int* out) {\n"
    "  const int x = (int)get_global_id(0);\n"
    "  out[x] = (int)(2.0f * read_imagef(image, s, (int2)(x, 0)).x);\n"
    "}\n";

enum { kItems = 8 };

/* An image of kItems x 1 texels, texel x holding x / 2. */
static cl_mem half_steps(const struct setup* s) {
  float texels[kItems];
  for (int i = 0; i < kItems; ++i) texels[i] = 0.5f * (float)i;
  const cl_image_format format = {CL_R, CL_FLOAT};
  cl_image_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = kItems;
  desc.image_height = 1;
  cl_int err = CL_SUCCESS;
  cl_mem image = clCreateImage(s->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format,
                               &desc, texels, &err);
  CHECK(err);
  return image;
}

static cl_sampler nearest(const struct setup* s) {
  cl_int err = CL_SUCCESS;
  cl_sampler sampler = clCreateSampler(s->context, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &err);
  CHECK(err);
  return sampler;
}

/* Two buffers set in turn as argument 0 of `fill` (through `first` and `second`), each set
 * followed by a launch, three times: calls the layer keeps the verdicts of and does not judge
 * again. With `distinct`, the two launches differ (`global` and `other_global` at two
 * addresses): each call is followed by the same call every time, and the layer finds its
 * verdict where it expects it; then the second is set last and the first released. Without, the
 * same launch is followed by either set, and the layer searches its verdicts; then the first is
 * set last and the second released. The buffer set last is the argument: launched with `n`, its
 * values printed. Each caller's variables are its own, so no call's verdict is another's. */
static void alternate(const struct setup* s, cl_kernel fill, cl_mem* first, cl_mem* second,
                      const size_t* global, const size_t* other_global, int distinct, int n,
                      const char* what) {
  int zeros[kItems] = {0};
  *first = copied_buffer(s, sizeof zeros, zeros);
  *second = copied_buffer(s, sizeof zeros, zeros);
  CHECK(clSetKernelArg(fill, 1, sizeof n, &n));
  for (int i = 0; i < 3; ++i) {
    CHECK(clSetKernelArg(fill, 0, sizeof *first, first));
    CHECK(clEnqueueNDRangeKernel(s->queue, fill, 1, NULL, global, NULL, 0, NULL, NULL));
    CHECK(clSetKernelArg(fill, 0, sizeof *second, second));
    CHECK(clEnqueueNDRangeKernel(s->queue, fill, 1, NULL, other_global, NULL, 0, NULL, NULL));
  }
  cl_mem kept = *first, gone = *second;
  if (distinct) {
    CHECK(clSetKernelArg(fill, 0, sizeof *first, first));
    CHECK(clEnqueueNDRangeKernel(s->queue, fill, 1, NULL, global, NULL, 0, NULL, NULL));
    CHECK(clSetKernelArg(fill, 0, sizeof *second, second));
    kept = *second;
    gone = *first;
  }
  CHECK(clFinish(s->queue));
  if (!distinct) CHECK(clSetKernelArg(fill, 0, sizeof *first, first));
  CHECK(clReleaseMemObject(gone));
  CHECK(clEnqueueNDRangeKernel(s->queue, fill, 1, NULL, global, NULL, 0, NULL, NULL));
  print_buffer(s, what, kept);
  CHECK(clReleaseMemObject(kept));
}

int main(void) {
  struct setup s = setup_first_device();
  cl_program program;
  cl_kernel fill = build_kernel(&s, kSource, "", "fill", &program);
  int zeros[kItems] = {0};
  const size_t global = kItems;

  /* A buffer released after it was set: both launches refused. */
  cl_mem gone = copied_buffer(&s, sizeof zeros, zeros);
  int n = 10;
  CHECK(clSetKernelArg(fill, 0, sizeof gone, &gone));
  CHECK(clSetKernelArg(fill, 1, sizeof n, &n));
  CHECK(clEnqueueNDRangeKernel(s.queue, fill, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clFinish(s.queue));
  /* A copy of the kernel has its arguments (OpenCL 2.2 §5.9.3), the buffer's too. */
  cl_int err = CL_SUCCESS;
  cl_kernel copy = clCloneKernel(fill, &err);
  CHECK(err);
  CHECK(clReleaseMemObject(gone));
  report_code("a released buffer, NDRange",
              clEnqueueNDRangeKernel(s.queue, fill, 1, NULL, &global, NULL, 0, NULL, NULL)); /* expect: EnqueueNDRangeKernelArgsNotSet */
  report_code("a released buffer, task", clEnqueueTask(s.queue, fill, 0, NULL, NULL)); /* expect: EnqueueTaskArgsNotSet */
  report_code("a released buffer, the kernel's copy",
              clEnqueueNDRangeKernel(s.queue, copy, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clReleaseKernel(copy));
  /* Set again to a live buffer: launched. */
  cl_mem out = copied_buffer(&s, sizeof zeros, zeros);
  CHECK(clSetKernelArg(fill, 0, sizeof out, &out));
  CHECK(clEnqueueNDRangeKernel(s.queue, fill, 1, NULL, &global, NULL, 0, NULL, NULL));
  print_buffer(&s, "reset buffer", out);

  /* A buffer of two references released once: alive, launched. */
  cl_mem kept = copied_buffer(&s, sizeof zeros, zeros);
  CHECK(clRetainMemObject(kept));
  CHECK(clSetKernelArg(fill, 0, sizeof kept, &kept));
  CHECK(clReleaseMemObject(kept));
  n = 20;
  CHECK(clSetKernelArg(fill, 1, sizeof n, &n));
  CHECK(clEnqueueNDRangeKernel(s.queue, fill, 1, NULL, &global, NULL, 0, NULL, NULL));
  print_buffer(&s, "retained buffer", kept);
  CHECK(clReleaseMemObject(kept));

  /* Two buffers set in turn in a loop, each set again last in one of the two ways the layer
   * finds its kept verdicts: the other's release leaves the argument alive. */
  cl_mem one_first, one_second, two_first, two_second;
  const size_t one_global = kItems, one_other = kItems, two_global = kItems;
  alternate(&s, fill, &one_first, &one_second, &one_global, &one_other, 1, 40,
            "the first buffer released");
  alternate(&s, fill, &two_first, &two_second, &two_global, &two_global, 0, 50,
            "the second buffer released");

  /* A sampler, then an image, released after they were set. */
  cl_kernel sample = clCreateKernel(program, "sample", &err);
  CHECK(err);
  cl_mem image = half_steps(&s);
  cl_sampler sampler = nearest(&s);
  CHECK(clSetKernelArg(sample, 0, sizeof image, &image));
  CHECK(clSetKernelArg(sample, 1, sizeof sampler, &sampler));
  CHECK(clSetKernelArg(sample, 2, sizeof out, &out));
  CHECK(clReleaseSampler(sampler));
  report_code("a released sampler",
              clEnqueueNDRangeKernel(s.queue, sample, 1, NULL, &global, NULL, 0, NULL, NULL));
  sampler = nearest(&s);
  CHECK(clSetKernelArg(sample, 1, sizeof sampler, &sampler));
  CHECK(clEnqueueNDRangeKernel(s.queue, sample, 1, NULL, &global, NULL, 0, NULL, NULL));
  print_buffer(&s, "reset sampler", out);
  CHECK(clFinish(s.queue));
  CHECK(clReleaseMemObject(image));
  report_code("a released image",
              clEnqueueNDRangeKernel(s.queue, sample, 1, NULL, &global, NULL, 0, NULL, NULL));
  image = half_steps(&s);
  CHECK(clSetKernelArg(sample, 0, sizeof image, &image));
  CHECK(clEnqueueNDRangeKernel(s.queue, sample, 1, NULL, &global, NULL, 0, NULL, NULL));
  print_buffer(&s, "reset image", out);

  CHECK(clReleaseMemObject(image));
  CHECK(clReleaseSampler(sampler));
  CHECK(clReleaseKernel(sample));
  CHECK(clReleaseMemObject(out));
  CHECK(clReleaseKernel(fill));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  return 0;
}
