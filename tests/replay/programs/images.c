/* A program whose trace exercises replay's images: a 2D image created from host memory with a
 * row pitch of its own, a kernel that inverts it into a second image, reads of that image with
 * padded rows (blocking) and of a sub-region (non-blocking, waited for), a map for reading, a
 * map for writing whose pixels the host changes, and a 1D image buffer whose cl_image_desc
 * names a buffer, read by a kernel. Checks every result against the host's computation and
 * prints "images ok". */
#include "common.h" /* tests/layer/programs: CHECK, setup_first_device, build_kernel */

#define W 16
#define H 8
#define PAD 12 /* bytes after each row of the host's copies */

static const char* kSource =
    "const sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;\n"
    "kernel void invert(read_only image2d_t in, write_only image2d_t out) {\n"
    "  int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "  write_imageui(out, p, (uint4)(255) - read_imageui(in, nearest, p));\n"
    "}\n"
    "kernel void texels(read_only image1d_buffer_t in, global uint* out) {\n"
    "  int i = get_global_id(0);\n"
    "  uint4 t = read_imageui(in, i);\n"
    "  out[i] = t.x | t.y << 8 | t.z << 16 | t.w << 24;\n"
    "}\n";

static unsigned char channel(int x, int y, int c) { return (unsigned char)(x * 13 + y * 29 + c * 7); }

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  const size_t row_pitch = W * 4 + PAD;
  unsigned char host[H][W * 4 + PAD];
  memset(host, 0xee, sizeof host);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      for (int c = 0; c < 4; ++c) host[y][4 * x + c] = channel(x, y, c);

  const cl_image_format rgba8 = {CL_RGBA, CL_UNSIGNED_INT8};
  cl_image_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = W;
  desc.image_height = H;
  desc.image_row_pitch = row_pitch;
  cl_mem in = clCreateImage(s.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &rgba8, &desc, host, &err);
  CHECK(err);
  desc.image_row_pitch = 0;
  cl_mem out = clCreateImage(s.context, CL_MEM_READ_WRITE, &rgba8, &desc, NULL, &err);
  CHECK(err);

  cl_program program;
  cl_kernel invert = build_kernel(&s, kSource, "", "invert", &program);
  CHECK(clSetKernelArg(invert, 0, sizeof in, &in));
  CHECK(clSetKernelArg(invert, 1, sizeof out, &out));
  const size_t global[2] = {W, H};
  CHECK(clEnqueueNDRangeKernel(s.queue, invert, 2, NULL, global, NULL, 0, NULL, NULL));

  /* The whole inverted image into rows PAD bytes longer than its own (the padding untouched). */
  unsigned char got[H][W * 4 + PAD];
  memset(got, 0x55, sizeof got);
  const size_t origin[3] = {0, 0, 0}, region[3] = {W, H, 1};
  CHECK(clEnqueueReadImage(s.queue, out, CL_TRUE, origin, region, row_pitch, 0, got, 0, NULL, NULL));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      for (int c = 0; c < 4; ++c)
        if (got[y][4 * x + c] != 255 - channel(x, y, c))
          return fprintf(stderr, "read: (%d, %d) channel %d = %d\n", x, y, c, got[y][4 * x + c]), 1;

  /* A 5 x 3 region at (2, 1), packed, without blocking. */
  unsigned char part[3][5 * 4];
  const size_t part_origin[3] = {2, 1, 0}, part_region[3] = {5, 3, 1};
  cl_event read;
  CHECK(clEnqueueReadImage(s.queue, out, CL_FALSE, part_origin, part_region, 0, 0, part, 0, NULL, &read));
  CHECK(clWaitForEvents(1, &read));
  CHECK(clReleaseEvent(read));
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 5; ++x)
      if (part[y][4 * x] != 255 - channel(x + 2, y + 1, 0)) return fprintf(stderr, "part: (%d, %d)\n", x, y), 1;

  /* Mapped for reading: rows at the pitch the map returns. */
  size_t mapped_pitch = 0;
  unsigned char* mapped =
      clEnqueueMapImage(s.queue, out, CL_TRUE, CL_MAP_READ, origin, region, &mapped_pitch, NULL, 0, NULL, NULL, &err);
  CHECK(err);
  for (int y = 0; y < H; ++y)
    if (mapped[y * mapped_pitch + 4] != 255 - channel(1, y, 0)) return fprintf(stderr, "map: row %d\n", y), 1;
  CHECK(clEnqueueUnmapMemObject(s.queue, out, mapped, 0, NULL, NULL));

  /* Mapped for writing: the host sets the first column to 1, 2, 3, 4, read back. */
  const size_t column[3] = {1, H, 1};
  mapped = clEnqueueMapImage(s.queue, in, CL_TRUE, CL_MAP_WRITE, origin, column, &mapped_pitch, NULL, 0, NULL, NULL,
                             &err);
  CHECK(err);
  for (int y = 0; y < H; ++y)
    for (int c = 0; c < 4; ++c) mapped[y * mapped_pitch + c] = (unsigned char)(c + 1);
  CHECK(clEnqueueUnmapMemObject(s.queue, in, mapped, 0, NULL, NULL));
  unsigned char first[H][4];
  CHECK(clEnqueueReadImage(s.queue, in, CL_TRUE, origin, column, 0, 0, first, 0, NULL, NULL));
  for (int y = 0; y < H; ++y)
    if (first[y][0] != 1 || first[y][3] != 4) return fprintf(stderr, "written: row %d\n", y), 1;

  /* A 1D image buffer over a buffer of W texels: its cl_image_desc names the buffer. */
  cl_uint texels[W], seen[W];
  for (int i = 0; i < W; ++i) texels[i] = 0x01020304u * (cl_uint)(i + 1);
  cl_mem storage = copied_buffer(&s, sizeof texels, texels);
  memset(&desc, 0, sizeof desc);
  desc.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
  desc.image_width = W;
  desc.buffer = storage;
  cl_mem view = clCreateImage(s.context, CL_MEM_READ_ONLY, &rgba8, &desc, NULL, &err);
  CHECK(err);
  cl_mem result = clCreateBuffer(s.context, CL_MEM_WRITE_ONLY, sizeof seen, NULL, &err);
  CHECK(err);
  cl_kernel read_texels = clCreateKernel(program, "texels", &err);
  CHECK(err);
  CHECK(clSetKernelArg(read_texels, 0, sizeof view, &view));
  CHECK(clSetKernelArg(read_texels, 1, sizeof result, &result));
  const size_t count = W;
  CHECK(clEnqueueNDRangeKernel(s.queue, read_texels, 1, NULL, &count, NULL, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, result, CL_TRUE, 0, sizeof seen, seen, 0, NULL, NULL));
  for (int i = 0; i < W; ++i)
    if (seen[i] != texels[i]) return fprintf(stderr, "texel %d: %08x\n", i, seen[i]), 1;

  CHECK(clReleaseKernel(read_texels));
  CHECK(clReleaseKernel(invert));
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseMemObject(result));
  CHECK(clReleaseMemObject(view));
  CHECK(clReleaseMemObject(storage));
  CHECK(clReleaseMemObject(out));
  CHECK(clReleaseMemObject(in));
  teardown(&s);
  printf("images ok\n");
  return 0;
}
