// Memory on the reference device with every checker on. A launch waiting in its queue holds
// no shadow memory (the checkers' state is made when it runs and freed when it ends), so a
// thousand launches enqueued without a finish cost a few megabytes, not the 400 MB their race
// shadows and lock tables would (16 bytes of shadow per byte of buffer, and a table of lock
// stripes, per launch), and a finished queue keeps none of it. A buffer of gigabytes created
// without host data costs memory only where something touches it: its bytes and the marks of
// which bytes are written (the uninitialised-value checker's) are made on first touch.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "reference_device.h"

namespace clvet::test {
namespace {

// The process's resident memory in bytes (/proc/self/statm).
std::size_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long pages = 0, resident = 0;
  const int read = std::fscanf(f, "%lu %lu", &pages, &resident);
  std::fclose(f);
  return read == 2 ? resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) : 0;
}

constexpr std::size_t kMiB = 1 << 20;

TEST(LaunchMemory, ThousandPendingLaunchesHoldNoShadow) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build("kernel void add(global uint* a, uint k) { a[get_global_id(0)] += k; }");
  ASSERT_NE(p, nullptr);
  cl_kernel k = dev.kernel(p, "add");
  constexpr std::size_t kItems = 4096;  // 16 KiB of buffer: 256 KiB of race shadow per launch
  constexpr cl_uint kLaunches = 1000;
  cl_mem a = dev.buffer(std::vector<cl_uint>(kItems, 0));
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof a, &a), CL_SUCCESS);
  // One launch first, so that what the first run allocates once (the front end's caches, the
  // worker threads' stacks) is in the baseline.
  cl_uint zero = 0;
  ASSERT_EQ(dev.run(k, {kItems}, {64}, a, zero), CL_SUCCESS);
  const std::size_t before = resident_bytes();
  const std::size_t global = kItems, local = 64;
  for (cl_uint n = 0; n < kLaunches; ++n) {
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof n, &n), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(dev.queue, k, 1, nullptr, &global, &local, 0, nullptr,
                                     nullptr),
              CL_SUCCESS);
  }
  const std::size_t enqueued = resident_bytes();
  ASSERT_EQ(clFinish(dev.queue), CL_SUCCESS);
  const std::size_t finished = resident_bytes();
  EXPECT_LT(enqueued, before + 32 * kMiB)
      << "1000 launches waiting in the queue took " << (enqueued - before) / kMiB << " MiB";
  EXPECT_LT(finished, before + 32 * kMiB)
      << "after clFinish, 1000 launches left " << (finished - before) / kMiB << " MiB";
  // Each element is the sum of 0..999 (host computation).
  const std::vector<cl_uint> got = dev.read<cl_uint>(a, kItems);
  const cl_uint want = kLaunches * (kLaunches - 1) / 2;
  for (std::size_t i = 0; i < kItems; ++i) ASSERT_EQ(got[i], want) << "element " << i;
}

TEST(LaunchMemory, GigabytesOfBufferCostOnlyWhatIsTouched) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_ulong max_alloc = 0;
  ASSERT_EQ(clGetDeviceInfo(dev.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max_alloc,
                            &max_alloc, nullptr),
            CL_SUCCESS);
  const std::size_t size = static_cast<std::size_t>(std::min<cl_ulong>(max_alloc, 4ull << 30));
  cl_program p = dev.build("kernel void ends(global uint* a, ulong n) {\n"
                           "  a[0] = 1u; a[n - 1] = 2u;\n"
                           "}\n");
  ASSERT_NE(p, nullptr);
  cl_kernel k = dev.kernel(p, "ends");
  // One launch first: what the first run allocates once is in the baseline.
  cl_mem small = dev.buffer(std::vector<cl_uint>(4, 0));
  ASSERT_EQ(dev.run(k, {1}, {1}, small, cl_ulong{4}), CL_SUCCESS);
  const std::size_t before = resident_bytes();
  cl_int err = CL_SUCCESS;
  cl_mem big = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, size, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const std::size_t created = resident_bytes();
  ASSERT_EQ(dev.run(k, {1}, {1}, big, cl_ulong{size / 4}), CL_SUCCESS);
  cl_uint first = 0, last = 0;
  ASSERT_EQ(clEnqueueReadBuffer(dev.queue, big, CL_TRUE, 0, 4, &first, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(dev.queue, big, CL_TRUE, size - 4, 4, &last, 0, nullptr, nullptr),
            CL_SUCCESS);
  const std::size_t used = resident_bytes();
  EXPECT_EQ(first, 1u);
  EXPECT_EQ(last, 2u);
  EXPECT_LT(created, before + 32 * kMiB)
      << "creating " << size / kMiB << " MiB took " << (created - before) / kMiB << " MiB";
  EXPECT_LT(used, before + 64 * kMiB)
      << "a launch storing 8 bytes of " << size / kMiB << " MiB took " << (used - before) / kMiB
      << " MiB";
  clReleaseMemObject(big);
}

}  // namespace
}  // namespace clvet::test
