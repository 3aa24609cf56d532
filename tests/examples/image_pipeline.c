/* An example OpenCL application with several kernels, checked against the host: a grey image
 * is blurred through __local tiles with barriers, its histogram counted with __local and
 * __global atomics, the histogram scanned into a cumulative distribution in one work-group,
 * its minimum, maximum and sum reduced per work-group, a colour image tone-mapped with float4
 * math built-ins, and a summary printed from the device with printf.
 *
 * It runs on the first platform, or the first whose name contains CLVET_TEST_PLATFORM (the
 * set-up of the layer's test programs, tests/layer/programs/common.h), prints
 * "image_pipeline: all 6 checks passed" or which failed, and exits non-zero on any failure. */
#include <math.h>

#include "common.h"

#define W 256
#define H 192
#define TILE 16
#define BINS 256
#define GROUP 256

static const char* kSource =
    "#define TILE 16\n"
    "#define BINS 256\n"
    /* 3x3 binomial blur, edges clamped; the tile and its one-pixel halo are loaded by the
     * whole work-group before anyone reads a neighbour. */
    "kernel void blur(global const uchar* in, global uchar* out, int w, int h) {\n"
    "  local uchar tile[TILE + 2][TILE + 2];\n"
    "  int lx = get_local_id(0), ly = get_local_id(1);\n"
    "  int x0 = (int)get_group_id(0) * TILE - 1, y0 = (int)get_group_id(1) * TILE - 1;\n"
    "  for (int i = ly * TILE + lx; i < (TILE + 2) * (TILE + 2); i += TILE * TILE) {\n"
    "    int tx = i % (TILE + 2), ty = i / (TILE + 2);\n"
    "    int x = clamp(x0 + tx, 0, w - 1), y = clamp(y0 + ty, 0, h - 1);\n"
    "    tile[ty][tx] = in[y * w + x];\n"
    "  }\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  uint s = tile[ly][lx] + 2 * tile[ly][lx + 1] + tile[ly][lx + 2]\n"
    "         + 2 * (tile[ly + 1][lx] + 2 * tile[ly + 1][lx + 1] + tile[ly + 1][lx + 2])\n"
    "         + tile[ly + 2][lx] + 2 * tile[ly + 2][lx + 1] + tile[ly + 2][lx + 2];\n"
    "  out[(y0 + 1 + ly) * w + x0 + 1 + lx] = (uchar)((s + 8) / 16);\n"
    "}\n"
    /* Four pixels per work-item (uchar4), counted in __local bins, merged into __global. */
    "kernel void histogram(global const uchar4* pixels, global uint* hist) {\n"
    "  local uint bins[BINS];\n"
    "  size_t lid = get_local_id(0);\n"
    "  for (size_t b = lid; b < BINS; b += get_local_size(0)) bins[b] = 0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  uchar4 p = pixels[get_global_id(0)];\n"
    "  atomic_inc(&bins[p.x]);\n"
    "  atomic_inc(&bins[p.y]);\n"
    "  atomic_inc(&bins[p.z]);\n"
    "  atomic_inc(&bins[p.w]);\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t b = lid; b < BINS; b += get_local_size(0))\n"
    "    if (bins[b]) atomic_add(&hist[b], bins[b]);\n"
    "}\n"
    /* Inclusive scan of the histogram by one work-group of BINS work-items (Hillis-Steele,
     * two __local buffers swapped after each step). */
    "kernel void scan(global const uint* hist, global uint* cdf) {\n"
    "  local uint a[BINS], b[BINS];\n"
    "  local uint* from = a;\n"
    "  local uint* to = b;\n"
    "  size_t i = get_local_id(0);\n"
    "  a[i] = hist[i];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t step = 1; step < BINS; step *= 2) {\n"
    "    to[i] = i >= step ? from[i] + from[i - step] : from[i];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    local uint* t = from;\n"
    "    from = to;\n"
    "    to = t;\n"
    "  }\n"
    "  cdf[i] = from[i];\n"
    "}\n"
    /* Minimum, maximum and sum of each work-group's pixels, reduced in __local memory. */
    "kernel void stats(global const uchar* pixels, global uint* mins, global uint* maxs,\n"
    "                  global uint* sums, local uint* lo, local uint* hi, local uint* sum) {\n"
    "  size_t lid = get_local_id(0);\n"
    "  uint v = pixels[get_global_id(0)];\n"
    "  lo[lid] = v;\n"
    "  hi[lid] = v;\n"
    "  sum[lid] = v;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {\n"
    "    if (lid < s) {\n"
    "      lo[lid] = min(lo[lid], lo[lid + s]);\n"
    "      hi[lid] = max(hi[lid], hi[lid + s]);\n"
    "      sum[lid] += sum[lid + s];\n"
    "    }\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (lid == 0) {\n"
    "    size_t g = get_group_id(0);\n"
    "    mins[g] = lo[0];\n"
    "    maxs[g] = hi[0];\n"
    "    sums[g] = sum[0];\n"
    "  }\n"
    "}\n"
    /* Tone mapping on float4 colours: histogram equalisation of the grey value mixed in,
     * a gamma curve, luminance in w. */
    "kernel void tone_map(global const float4* colour, global const uchar* grey,\n"
    "                     global const uint* cdf, global float4* out) {\n"
    "  size_t i = get_global_id(0);\n"
    "  float eq = (float)cdf[grey[i]] / (float)cdf[BINS - 1];\n"
    "  float4 c = mix(colour[i], (float4)(eq), 0.25f);\n"
    "  c = pow(clamp(c, 0.0f, 1.0f), (float4)(1.0f / 2.2f));\n"
    "  float luma = dot(c.xyz, (float3)(0.2126f, 0.7152f, 0.0722f));\n"
    "  c.w = sqrt(luma) * exp(-0.5f * fabs(c.x - c.z));\n"
    "  out[i] = c;\n"
    "}\n"
    /* One work-item totals the histogram, finds the median's bin, writes both and prints
     * them. */
    "kernel void report(global const uint* hist, global const uint* cdf, global uint* total) {\n"
    "  if (get_global_id(0) != 0) return;\n"
    "  uint n = 0, used = 0;\n"
    "  for (int b = 0; b < BINS; ++b) {\n"
    "    n += hist[b];\n"
    "    used += hist[b] != 0;\n"
    "  }\n"
    "  int median = 0;\n"
    "  while (median < BINS - 1 && cdf[median] < (n + 1) / 2) ++median;\n"
    "  total[0] = n;\n"
    "  total[1] = used;\n"
    "  total[2] = median;\n"
    "  printf(\"image_pipeline: device: %u pixels in %u of %d bins, the median in bin %d\\n\",\n"
    "         n, used, BINS, median);\n"
    "}\n";

/* The grey test image: gradients and a hashed texture, so that every kernel sees variety. */
static unsigned char grey_pixel(int x, int y) {
  unsigned h = (unsigned)x * 73856093u ^ (unsigned)y * 19349663u;
  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  return (unsigned char)((x + 2 * y) / 3 + (h & 63));
}

static int check(const char* name, int ok, char* failed) {
  if (!ok) {
    strcat(failed, failed[0] ? ", " : "");
    strcat(failed, name);
  }
  return ok;
}

static cl_mem make_buffer(cl_context context, size_t size, const void* data) {
  cl_int err = CL_SUCCESS;
  cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | (data ? CL_MEM_COPY_HOST_PTR : 0), size,
                            (void*)data, &err);
  CHECK(err);
  return m;
}

static cl_kernel make_kernel(cl_program program, const char* name) {
  cl_int err = CL_SUCCESS;
  cl_kernel k = clCreateKernel(program, name, &err);
  CHECK(err);
  return k;
}

int main(void) {
  struct setup s = setup_first_device();
  cl_device_id device = s.device;
  cl_context context = s.context;
  cl_command_queue queue = s.queue;
  char name[256];
  cl_int err = CL_SUCCESS;
  CHECK(clGetPlatformInfo(s.platform, CL_PLATFORM_NAME, sizeof name, name, NULL));
  printf("image_pipeline: platform \"%s\", a %dx%d image\n", name, W, H);
  cl_program program = clCreateProgramWithSource(context, 1, &kSource, NULL, &err);
  CHECK(err);
  err = clBuildProgram(program, 1, &device, "", NULL, NULL);
  if (err != CL_SUCCESS) {
    static char log[16384];
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    fprintf(stderr, "image_pipeline: clBuildProgram failed: %d\n%s\n", err, log);
    return 1;
  }

  static unsigned char grey[W * H], blurred[W * H], want_blur[W * H];
  static float colour[W * H * 4], toned[W * H * 4];
  static cl_uint hist[BINS], cdf[BINS], want_hist[BINS], want_cdf[BINS];
  enum { kGroups = W * H / GROUP };
  static cl_uint mins[kGroups], maxs[kGroups], sums[kGroups];
  cl_uint total[3] = {0, 0, 0};
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      grey[y * W + x] = grey_pixel(x, y);
      float* c = colour + (y * W + x) * 4;
      c[0] = grey[y * W + x] / 255.0f, c[1] = (float)x / W, c[2] = (float)y / H, c[3] = 1.0f;
    }

  cl_mem grey_mem = make_buffer(context, sizeof grey, grey);
  cl_mem blurred_mem = make_buffer(context, sizeof blurred, NULL);
  cl_mem hist_mem = make_buffer(context, sizeof hist, hist); /* zeros */
  cl_mem cdf_mem = make_buffer(context, sizeof cdf, NULL);
  cl_mem mins_mem = make_buffer(context, sizeof mins, NULL);
  cl_mem maxs_mem = make_buffer(context, sizeof maxs, NULL);
  cl_mem sums_mem = make_buffer(context, sizeof sums, NULL);
  cl_mem colour_mem = make_buffer(context, sizeof colour, colour);
  cl_mem toned_mem = make_buffer(context, sizeof toned, NULL);
  cl_mem total_mem = make_buffer(context, sizeof total, total);

  cl_kernel blur = make_kernel(program, "blur");
  cl_kernel histogram = make_kernel(program, "histogram");
  cl_kernel scan = make_kernel(program, "scan");
  cl_kernel stats = make_kernel(program, "stats");
  cl_kernel tone_map = make_kernel(program, "tone_map");
  cl_kernel report = make_kernel(program, "report");
  cl_int w = W, h = H;
  CHECK(clSetKernelArg(blur, 0, sizeof grey_mem, &grey_mem));
  CHECK(clSetKernelArg(blur, 1, sizeof blurred_mem, &blurred_mem));
  CHECK(clSetKernelArg(blur, 2, sizeof w, &w));
  CHECK(clSetKernelArg(blur, 3, sizeof h, &h));
  CHECK(clSetKernelArg(histogram, 0, sizeof blurred_mem, &blurred_mem));
  CHECK(clSetKernelArg(histogram, 1, sizeof hist_mem, &hist_mem));
  CHECK(clSetKernelArg(scan, 0, sizeof hist_mem, &hist_mem));
  CHECK(clSetKernelArg(scan, 1, sizeof cdf_mem, &cdf_mem));
  CHECK(clSetKernelArg(stats, 0, sizeof blurred_mem, &blurred_mem));
  CHECK(clSetKernelArg(stats, 1, sizeof mins_mem, &mins_mem));
  CHECK(clSetKernelArg(stats, 2, sizeof maxs_mem, &maxs_mem));
  CHECK(clSetKernelArg(stats, 3, sizeof sums_mem, &sums_mem));
  for (cl_uint i = 4; i < 7; ++i) CHECK(clSetKernelArg(stats, i, GROUP * sizeof(cl_uint), NULL));
  CHECK(clSetKernelArg(tone_map, 0, sizeof colour_mem, &colour_mem));
  CHECK(clSetKernelArg(tone_map, 1, sizeof blurred_mem, &blurred_mem));
  CHECK(clSetKernelArg(tone_map, 2, sizeof cdf_mem, &cdf_mem));
  CHECK(clSetKernelArg(tone_map, 3, sizeof toned_mem, &toned_mem));
  CHECK(clSetKernelArg(report, 0, sizeof hist_mem, &hist_mem));
  CHECK(clSetKernelArg(report, 1, sizeof cdf_mem, &cdf_mem));
  CHECK(clSetKernelArg(report, 2, sizeof total_mem, &total_mem));

  size_t image[2] = {W, H}, tile[2] = {TILE, TILE};
  size_t quarter = W * H / 4, pixels = W * H, group = GROUP, bins = BINS, one = 64;
  CHECK(clEnqueueNDRangeKernel(queue, blur, 2, NULL, image, tile, 0, NULL, NULL));
  CHECK(clEnqueueNDRangeKernel(queue, histogram, 1, NULL, &quarter, &group, 0, NULL, NULL));
  CHECK(clEnqueueNDRangeKernel(queue, scan, 1, NULL, &bins, &bins, 0, NULL, NULL));
  CHECK(clEnqueueNDRangeKernel(queue, stats, 1, NULL, &pixels, &group, 0, NULL, NULL));
  CHECK(clEnqueueNDRangeKernel(queue, tone_map, 1, NULL, &pixels, NULL, 0, NULL, NULL));
  CHECK(clEnqueueNDRangeKernel(queue, report, 1, NULL, &one, &one, 0, NULL, NULL));
  CHECK(clFinish(queue));
  fflush(stdout); /* the device's printf output first */

  CHECK(
      clEnqueueReadBuffer(queue, blurred_mem, CL_TRUE, 0, sizeof blurred, blurred, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, hist_mem, CL_TRUE, 0, sizeof hist, hist, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, cdf_mem, CL_TRUE, 0, sizeof cdf, cdf, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, mins_mem, CL_TRUE, 0, sizeof mins, mins, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, maxs_mem, CL_TRUE, 0, sizeof maxs, maxs, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, sums_mem, CL_TRUE, 0, sizeof sums, sums, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, toned_mem, CL_TRUE, 0, sizeof toned, toned, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, total_mem, CL_TRUE, 0, sizeof total, total, 0, NULL, NULL));

  /* The host's answers. */
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      static const int kWeight[3] = {1, 2, 1};
      unsigned s = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          int sx = x + dx < 0 ? 0 : x + dx >= W ? W - 1 : x + dx;
          int sy = y + dy < 0 ? 0 : y + dy >= H ? H - 1 : y + dy;
          s += (unsigned)(kWeight[dx + 1] * kWeight[dy + 1]) * grey[sy * W + sx];
        }
      want_blur[y * W + x] = (unsigned char)((s + 8) / 16);
    }
  for (int i = 0; i < W * H; ++i) ++want_hist[want_blur[i]];
  for (int b = 0, run = 0; b < BINS; ++b) want_cdf[b] = (cl_uint)(run += (int)want_hist[b]);
  int stats_ok = 1;
  for (int g = 0; g < kGroups; ++g) {
    cl_uint lo = 255, hi = 0, sum = 0;
    for (int i = g * GROUP; i < (g + 1) * GROUP; ++i) {
      lo = want_blur[i] < lo ? want_blur[i] : lo;
      hi = want_blur[i] > hi ? want_blur[i] : hi;
      sum += want_blur[i];
    }
    stats_ok &= mins[g] == lo && maxs[g] == hi && sums[g] == sum;
  }
  int tone_ok = 1;
  float worst = 0;
  for (int i = 0; i < W * H; ++i) {
    float eq = (float)want_cdf[want_blur[i]] / (float)want_cdf[BINS - 1];
    float c[4];
    for (int k = 0; k < 4; ++k) {
      float v = colour[i * 4 + k] + (eq - colour[i * 4 + k]) * 0.25f;
      v = v < 0 ? 0 : v > 1 ? 1 : v;
      c[k] = powf(v, 1.0f / 2.2f);
    }
    float luma = 0.2126f * c[0] + 0.7152f * c[1] + 0.0722f * c[2];
    c[3] = sqrtf(luma) * expf(-0.5f * fabsf(c[0] - c[2]));
    for (int k = 0; k < 4; ++k) {
      float d = fabsf(toned[i * 4 + k] - c[k]);
      worst = d > worst ? d : worst;
      tone_ok &= d <= 1e-4f; /* within the ULP limits of pow, exp, sqrt and mix */
    }
  }

  char failed[256] = "";
  int passed = 0;
  passed += check("blur", memcmp(blurred, want_blur, sizeof blurred) == 0, failed);
  passed += check("histogram", memcmp(hist, want_hist, sizeof hist) == 0, failed);
  passed += check("scan", memcmp(cdf, want_cdf, sizeof cdf) == 0, failed);
  passed += check("stats", stats_ok, failed);
  passed += check("tone_map", tone_ok, failed);
  cl_uint used = 0, median = 0;
  for (int b = 0; b < BINS; ++b) used += want_hist[b] != 0;
  while (median < BINS - 1 && want_cdf[median] < (W * H + 1) / 2) ++median;
  passed += check("report", total[0] == W * H && total[1] == used && total[2] == median, failed);
  if (!tone_ok) fprintf(stderr, "image_pipeline: tone_map differs by up to %g\n", worst);

  clReleaseKernel(blur);
  clReleaseKernel(histogram);
  clReleaseKernel(scan);
  clReleaseKernel(stats);
  clReleaseKernel(tone_map);
  clReleaseKernel(report);
  cl_mem mems[] = {grey_mem, blurred_mem, hist_mem,   cdf_mem,   mins_mem,
                   maxs_mem, sums_mem,    colour_mem, toned_mem, total_mem};
  for (size_t i = 0; i < sizeof mems / sizeof mems[0]; ++i) clReleaseMemObject(mems[i]);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);

  if (passed == 6) {
    printf("image_pipeline: all 6 checks passed\n");
    return 0;
  }
  printf("image_pipeline: %d of 6 checks failed: %s\n", 6 - passed, failed);
  return 1;
}
