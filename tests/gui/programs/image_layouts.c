/* Images whose layout the image viewer must know beyond one texel of packed channels, made
 * from host memory on a device that lists their formats (the reference device): a CL_sRGBx
 * CL_UNORM_INT8 2D image, whose ignored fourth byte per texel follows R, G and B (OpenCL 3.0
 * §5.3.1.1), a 2D array of three CL_RGBA CL_UNSIGNED_INT8 layers and a 1D array of four
 * CL_RG CL_UNSIGNED_INT16 layers (G after R; CL_Rx, whose element the spec and the CTS size
 * differently, is not listed). Channel c of texel
 * (x, y, layer) holds (x * 7 + y * 31 + layer * 53 + c * 11) mod 256 (times 257 in 16 bits;
 * the ignored channels 0xee bytes), which the test of the viewer computes again. Then the
 * packed types (2.2 §5.3.1.1, the first channel in the most significant bits): a CL_RGB
 * CL_UNORM_SHORT_565 and a CL_RGBA CL_UNORM_INT_101010_2 2D image, channel c of texel (x, y)
 * holding value(x, y, 0, c) mod 2^bits (mod 4 in 101010_2's alpha); and a 3D CL_R
 * CL_UNSIGNED_INT8 image of 3 slices holding value(x, y, slice, 0). Reads each back and prints
 * "image_layouts ok". */
#include "common.h" /* tests/layer/programs: CHECK, setup_first_device */

#define W 12
#define H 5

static unsigned value(unsigned x, unsigned y, unsigned layer, unsigned c) { return (x * 7 + y * 31 + layer * 53 + c * 11) % 256; }

static cl_mem image(struct setup* s, cl_channel_order order, cl_channel_type type, cl_mem_object_type kind,
                    size_t width, size_t height, size_t layers, void* host) {
  const cl_image_format format = {order, type};
  cl_image_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.image_type = kind;
  desc.image_width = width;
  desc.image_height = height;
  desc.image_array_size = layers;
  cl_int err = CL_SUCCESS;
  cl_mem made = clCreateImage(s->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format, &desc, host, &err);
  CHECK(err);
  return made;
}

int main(void) {
  struct setup s = setup_first_device();
  unsigned char rgbx[H][W][4], layers[3][H][W][4], got[3][H][W][4];
  unsigned short rows[4][W][2], got_rows[4][W][2];
  for (unsigned y = 0; y < H; ++y)
    for (unsigned x = 0; x < W; ++x) {
      for (unsigned c = 0; c < 3; ++c) rgbx[y][x][c] = (unsigned char)value(x, y, 0, c);
      rgbx[y][x][3] = 0xee;
      for (unsigned l = 0; l < 3; ++l)
        for (unsigned c = 0; c < 4; ++c) layers[l][y][x][c] = (unsigned char)value(x, y, l, c);
    }
  for (unsigned l = 0; l < 4; ++l)
    for (unsigned x = 0; x < W; ++x) {
      rows[l][x][0] = (unsigned short)(value(x, 0, l, 0) * 257);
      rows[l][x][1] = 0xeeee;
    }

  cl_mem padded = image(&s, CL_sRGBx, CL_UNORM_INT8, CL_MEM_OBJECT_IMAGE2D, W, H, 0, rgbx);
  cl_mem array2d = image(&s, CL_RGBA, CL_UNSIGNED_INT8, CL_MEM_OBJECT_IMAGE2D_ARRAY, W, H, 3, layers);
  cl_mem array1d = image(&s, CL_RG, CL_UNSIGNED_INT16, CL_MEM_OBJECT_IMAGE1D_ARRAY, W, 0, 4, rows);

  const size_t origin[3] = {0, 0, 0}, region2d[3] = {W, H, 1}, region_layers[3] = {W, H, 3}, region1d[3] = {W, 4, 1};
  CHECK(clEnqueueReadImage(s.queue, padded, CL_TRUE, origin, region2d, 0, 0, got, 0, NULL, NULL));
  for (unsigned y = 0; y < H; ++y)
    for (unsigned x = 0; x < W; ++x)
      for (unsigned c = 0; c < 3; ++c)
        if (got[0][y][x][c] != rgbx[y][x][c]) return fprintf(stderr, "sRGBx (%u, %u) %u\n", x, y, c), 1;
  CHECK(clEnqueueReadImage(s.queue, array2d, CL_TRUE, origin, region_layers, 0, 0, got, 0, NULL, NULL));
  if (memcmp(got, layers, sizeof layers) != 0) return fprintf(stderr, "2D array\n"), 1;
  CHECK(clEnqueueReadImage(s.queue, array1d, CL_TRUE, origin, region1d, 0, 0, got_rows, 0, NULL, NULL));
  for (unsigned l = 0; l < 4; ++l)
    for (unsigned x = 0; x < W; ++x)
      if (got_rows[l][x][0] != rows[l][x][0]) return fprintf(stderr, "1D array (%u, %u)\n", x, l), 1;

  /* The packed types and the 3D image. */
  unsigned short rgb565[H][W], got565[H][W];
  unsigned int rgba1010102[H][W], got1010102[H][W];
  unsigned char volume[3][H][W], got_volume[3][H][W];
  for (unsigned y = 0; y < H; ++y)
    for (unsigned x = 0; x < W; ++x) {
      rgb565[y][x] = (unsigned short)((value(x, y, 0, 0) % 32) << 11 | (value(x, y, 0, 1) % 64) << 5 | value(x, y, 0, 2) % 32);
      rgba1010102[y][x] = (value(x, y, 0, 0) % 1024) << 22 | (value(x, y, 0, 1) % 1024) << 12 | (value(x, y, 0, 2) % 1024) << 2 |
                          value(x, y, 0, 3) % 4;
      for (unsigned z = 0; z < 3; ++z) volume[z][y][x] = (unsigned char)value(x, y, z, 0);
    }
  cl_mem packed565 = image(&s, CL_RGB, CL_UNORM_SHORT_565, CL_MEM_OBJECT_IMAGE2D, W, H, 0, rgb565);
  cl_mem packed1010102 = image(&s, CL_RGBA, CL_UNORM_INT_101010_2, CL_MEM_OBJECT_IMAGE2D, W, H, 0, rgba1010102);
  const cl_image_format r8 = {CL_R, CL_UNSIGNED_INT8};
  cl_image_desc desc3d;
  memset(&desc3d, 0, sizeof desc3d);
  desc3d.image_type = CL_MEM_OBJECT_IMAGE3D;
  desc3d.image_width = W;
  desc3d.image_height = H;
  desc3d.image_depth = 3;
  cl_int err = CL_SUCCESS;
  cl_mem image3d = clCreateImage(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &r8, &desc3d, volume, &err);
  CHECK(err);
  const size_t region3d[3] = {W, H, 3};
  CHECK(clEnqueueReadImage(s.queue, packed565, CL_TRUE, origin, region2d, 0, 0, got565, 0, NULL, NULL));
  if (memcmp(got565, rgb565, sizeof rgb565) != 0) return fprintf(stderr, "565\n"), 1;
  CHECK(clEnqueueReadImage(s.queue, packed1010102, CL_TRUE, origin, region2d, 0, 0, got1010102, 0, NULL, NULL));
  if (memcmp(got1010102, rgba1010102, sizeof rgba1010102) != 0) return fprintf(stderr, "101010_2\n"), 1;
  CHECK(clEnqueueReadImage(s.queue, image3d, CL_TRUE, origin, region3d, 0, 0, got_volume, 0, NULL, NULL));
  if (memcmp(got_volume, volume, sizeof volume) != 0) return fprintf(stderr, "3D\n"), 1;
  CHECK(clReleaseMemObject(image3d));
  CHECK(clReleaseMemObject(packed1010102));
  CHECK(clReleaseMemObject(packed565));

  CHECK(clReleaseMemObject(array1d));
  CHECK(clReleaseMemObject(array2d));
  CHECK(clReleaseMemObject(padded));
  teardown(&s);
  printf("image_layouts ok\n");
  return 0;
}
