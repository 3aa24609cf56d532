// async_work_group_copy and async_work_group_strided_copy (OpenCL C 1.2 §6.12.10) between
// __global and __local memory, with the checkers off (where the reference device copies a span
// that lies inside its objects at once, without asking element by element) and on: every
// element against the host's own copy, for element sizes 2 to 16 (a 3-vector copies as a
// 4-vector), strides on either side, and a copy whose source runs past its buffer (with the
// checkers off the elements inside it are copied up to the first outside, as before).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "checks_in_child.h"
#include "reference_device.h"

using clvet::test::in_child;
using clvet::test::ReferenceDevice;

namespace {

constexpr int kGroup = 16;

// Each group gathers its part of `in` into __local memory (every `gather`-th element from its
// start), adds one to each element there, and scatters it back to `out` every `scatter`-th
// element; T's components are ints.
const char* kSource = R"CLC(
#define COPY(T, NAME)                                                                        \
kernel void NAME(global const T* in, global T* out, int gather, int scatter) {               \
  local T tile[16];                                                                          \
  size_t g = get_group_id(0), lid = get_local_id(0), n = get_local_size(0);                  \
  event_t e;                                                                                 \
  if (gather == 1) e = async_work_group_copy(tile, in + g * n, n, 0);                        \
  else e = async_work_group_strided_copy(tile, in + g * n * gather, n, gather, 0);           \
  wait_group_events(1, &e);                                                                  \
  tile[lid] += (T)1;                                                                         \
  barrier(CLK_LOCAL_MEM_FENCE);                                                              \
  if (scatter == 1) e = async_work_group_copy(out + g * n, tile, n, 0);                      \
  else e = async_work_group_strided_copy(out + g * n * scatter, tile, n, scatter, 0);        \
  wait_group_events(1, &e);                                                                  \
}
COPY(short, copy_short)
COPY(int, copy_int)
COPY(int3, copy_int3)
COPY(int4, copy_int4)

// The source runs `past` elements beyond the end of `in`.
kernel void past_end(global const int* in, global int* out, int past) {
  local int tile[16];
  event_t e = async_work_group_copy(tile, in + past, 16, 0);
  wait_group_events(1, &e);
  out[get_local_id(0)] = tile[get_local_id(0)];
}
)CLC";

// Host copy: element e of group g goes in[(g*n*gather) + e*gather] -> +1 -> out[g*n*scatter +
// e*scatter]; `width` ints an element (3-vectors take 4).
template <class T>
void check_copy(ReferenceDevice& dev, cl_program p, const char* kernel, int width, int gather,
                int scatter) {
  SCOPED_TRACE(testing::Message() << kernel << " gather " << gather << " scatter " << scatter);
  const int groups = 3, items = groups * kGroup;
  const std::size_t in_elements = std::size_t(items) * gather, out_elements = std::size_t(items) * scatter;
  std::vector<T> in(in_elements * width);
  std::iota(in.begin(), in.end(), T(100));
  cl_mem input = dev.buffer(in);
  cl_mem output = dev.buffer(std::vector<T>(out_elements * width, T(-7)));
  ASSERT_EQ(dev.run(dev.kernel(p, kernel), {std::size_t(items)}, {std::size_t(kGroup)}, input,
                    output, gather, scatter),
            CL_SUCCESS);
  std::vector<T> want(out_elements * width, T(-7));
  for (int g = 0; g < groups; ++g)
    for (int e = 0; e < kGroup; ++e)
      for (int c = 0; c < width; ++c) {
        const std::size_t from = (std::size_t(g) * kGroup * gather + std::size_t(e) * gather) * width + c;
        const std::size_t to = (std::size_t(g) * kGroup * scatter + std::size_t(e) * scatter) * width + c;
        want[to] = T(in[from] + 1);
      }
  std::vector<T> got = dev.read<T>(output, out_elements * width);
  // A 3-vector's fourth int is padding: the kernel's int3 store leaves it undefined.
  if (std::string(kernel) == "copy_int3")
    for (std::size_t i = 3; i < got.size(); i += 4) got[i] = want[i];
  EXPECT_EQ(got, want);
}

void copies() {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kSource);
  ASSERT_TRUE(p);
  for (int gather : {1, 3})
    for (int scatter : {1, 2}) {
      check_copy<std::int16_t>(dev, p, "copy_short", 1, gather, scatter);
      check_copy<std::int32_t>(dev, p, "copy_int", 1, gather, scatter);
      check_copy<std::int32_t>(dev, p, "copy_int3", 4, gather, scatter);
      check_copy<std::int32_t>(dev, p, "copy_int4", 4, gather, scatter);
    }
}

void copy_past_the_end() {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kSource);
  ASSERT_TRUE(p);
  std::vector<int> in(16);
  std::iota(in.begin(), in.end(), 1);
  cl_mem input = dev.buffer(in);
  cl_mem output = dev.buffer(std::vector<int>(16, -1));
  const int past = 5;
  dev.run(dev.kernel(p, "past_end"), {16}, {16}, input, output, past);
  const std::vector<int> got = dev.read<int>(output, 16);
  for (int i = 0; i < 16 - past; ++i) EXPECT_EQ(got[i], in[i + past]) << "element " << i;
}

}  // namespace

TEST(AsyncCopy_6_12_10, ChecksOffCopiesAsTheHost) {
  EXPECT_TRUE(in_child("none", [] {
    copies();
    copy_past_the_end();
  }));
}

TEST(AsyncCopy_6_12_10, ChecksOnCopiesAsTheHost) { EXPECT_TRUE(in_child("all", copies)); }
