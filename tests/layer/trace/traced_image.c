/* Image data in the trace (checked by image_data.sh): a 2×4 CL_RGBA/CL_UNSIGNED_INT8 image
 * created from 32 host bytes (0x00..0x1f, CL_MEM_COPY_HOST_PTR), 1×2 pixels written at (1, 0)
 * with clEnqueueWriteImage (0xb0..0xb7), 2×2 pixels at (0, 2) mapped for writing and filled
 * through the mapping's row pitch (0xc0..0xcf, row after row), unmapped, then the whole image
 * read back and printed as 32 hex bytes. Exits 77 when the device has no images. */
#include "../programs/common.h"

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
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);
  unsigned char host[32];
  for (int i = 0; i < 32; ++i) host[i] = (unsigned char)i;
  const cl_image_format format = {CL_RGBA, CL_UNSIGNED_INT8};
  cl_image_desc desc = {0};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = 2;
  desc.image_height = 4;
  /* clCreateImage is 1.2: every platform the loader offers here has it. */
  cl_mem image = clCreateImage(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &format, &desc,
                               host, &err);
  CHECK(err);

  unsigned char written[8];
  for (int i = 0; i < 8; ++i) written[i] = (unsigned char)(0xb0 + i);
  const size_t write_origin[3] = {1, 0, 0}, write_region[3] = {1, 2, 1};
  CHECK(clEnqueueWriteImage(queue, image, CL_TRUE, write_origin, write_region, 0, 0, written, 0,
                            NULL, NULL));

  const size_t map_origin[3] = {0, 2, 0}, map_region[3] = {2, 2, 1};
  size_t row_pitch = 0;
  unsigned char* mapped = clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_WRITE, map_origin,
                                            map_region, &row_pitch, NULL, 0, NULL, NULL, &err);
  CHECK(err);
  for (int y = 0; y < 2; ++y)
    for (int i = 0; i < 8; ++i) mapped[y * row_pitch + i] = (unsigned char)(0xc0 + y * 8 + i);
  CHECK(clEnqueueUnmapMemObject(queue, image, mapped, 0, NULL, NULL));

  const size_t all_origin[3] = {0, 0, 0}, all_region[3] = {2, 4, 1};
  unsigned char result[32];
  CHECK(clEnqueueReadImage(queue, image, CL_TRUE, all_origin, all_region, 0, 0, result, 0, NULL,
                           NULL));
  CHECK(clFinish(queue));
  for (int i = 0; i < 32; ++i) printf("%02x%s", result[i], i == 31 ? "\n" : " ");
  CHECK(clReleaseMemObject(image));
  CHECK(clReleaseCommandQueue(queue));
  CHECK(clReleaseContext(context));
  return 0;
}
