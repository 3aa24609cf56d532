// Memory of launches on the reference device with every checker on: a launch waiting in its
// queue holds no shadow memory (the checkers' state is made when it runs and freed when it
// ends), so a thousand launches enqueued without a finish cost a few megabytes, not the
// 400 MB their race shadows and lock tables would (16 bytes of shadow per byte of buffer, and
// a table of lock stripes, per launch), and a finished queue keeps none of it.
#include <unistd.h>

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

}  // namespace
}  // namespace clvet::test
