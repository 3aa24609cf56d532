/* The fill colours of clEnqueueFillImage in the trace (checked by fill_colours.sh): a CL_DEPTH
 * image's colour is one float (3.0 §5.3.4), a CL_RGBA one's four. Each colour is the last bytes
 * of a page whose next page is not readable, so a recorder that reads more than the colour
 * the call takes ends the program with SIGSEGV. Prints the 2×2 pixels each fill gave. Exits 77
 * when the device lists no CL_DEPTH/CL_FLOAT 2D image format. */
#include <sys/mman.h>
#include <unistd.h>

#include "../programs/common.h"

static int listed(cl_context context, cl_image_format wanted) {
  cl_uint n = 0;
  CHECK(clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n));
  cl_image_format* formats = calloc(n ? n : 1, sizeof *formats);
  CHECK(clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, n, formats,
                                   NULL));
  int found = 0;
  for (cl_uint i = 0; i < n; ++i)
    found |= formats[i].image_channel_order == wanted.image_channel_order &&
             formats[i].image_channel_data_type == wanted.image_channel_data_type;
  free(formats);
  return found;
}

static cl_mem image(cl_context context, cl_image_format format) {
  cl_image_desc desc = {0};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = 2;
  desc.image_height = 2;
  cl_int err = CL_SUCCESS;
  cl_mem m = clCreateImage(context, CL_MEM_READ_WRITE, &format, &desc, NULL, &err);
  CHECK(err);
  return m;
}

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  cl_bool images = CL_FALSE;
  CHECK(clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL));
  if (!images) return 77;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  const cl_image_format depth_format = {CL_DEPTH, CL_FLOAT}, rgba_format = {CL_RGBA, CL_FLOAT};
  if (!listed(context, depth_format)) return 77;
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);

  const long page = sysconf(_SC_PAGESIZE);
  unsigned char* pages =
      mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pages == MAP_FAILED || mprotect(pages + page, page, PROT_NONE) != 0) {
    perror("mmap");
    return 2;
  }
  const size_t origin[3] = {0, 0, 0}, region[3] = {2, 2, 1};

  cl_mem depth = image(context, depth_format);
  float* depth_colour = (float*)(pages + page - sizeof(float));
  *depth_colour = 0.625f;
  CHECK(clEnqueueFillImage(queue, depth, depth_colour, origin, region, 0, NULL, NULL));
  float depths[4];
  CHECK(clEnqueueReadImage(queue, depth, CL_TRUE, origin, region, 0, 0, depths, 0, NULL, NULL));
  printf("depth");
  for (int i = 0; i < 4; ++i) printf(" %g", depths[i]);
  printf("\n");

  cl_mem rgba = image(context, rgba_format);
  float* rgba_colour = (float*)(pages + page - 4 * sizeof(float));
  rgba_colour[0] = 0.25f;
  rgba_colour[1] = 0.5f;
  rgba_colour[2] = 0.75f;
  rgba_colour[3] = 1.0f;
  CHECK(clEnqueueFillImage(queue, rgba, rgba_colour, origin, region, 0, NULL, NULL));
  float pixels[16];
  CHECK(clEnqueueReadImage(queue, rgba, CL_TRUE, origin, region, 0, 0, pixels, 0, NULL, NULL));
  printf("rgba");
  for (int i = 0; i < 16; ++i) printf(" %g", pixels[i]);
  printf("\n");

  CHECK(clFinish(queue));
  CHECK(clReleaseMemObject(depth));
  CHECK(clReleaseMemObject(rgba));
  CHECK(clReleaseCommandQueue(queue));
  CHECK(clReleaseContext(context));
  munmap(pages, 2 * page);
  return 0;
}
