// The generic address space (OpenCL C 3.0 §6.7.1.1, §6.15.9): a pointer whose space each
// work-item decides at run time reads and writes the memory it points to, to_global /
// to_local / to_private return it only in that space (else NULL) and get_fence names the fence
// that orders it; against a host computation, as written and with -cl-opt-disable. The kernel
// checkers name the space a generic access really touched: a race through a generic pointer
// into __local memory is a __local race, an overflow of a private array through one names the
// private array, never global memory.
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "device_findings.h"
#include "reference_device.h"

namespace clvet::test {
namespace {

// OpenCL C's cl_mem_fence_flags values (§6.12.8), as get_fence returns them.
constexpr cl_int kLocalMemFence = 1;   // CLK_LOCAL_MEM_FENCE
constexpr cl_int kGlobalMemFence = 2;  // CLK_GLOBAL_MEM_FENCE

const char* kSource = R"CLC(
int twice(const int* p) { return 2 * *p; }
void put(int* p, int v) { *p = v; }

kernel void mixed(global int* g, global int* out) {
  local int tile[16];
  const int lid = (int)get_local_id(0), gid = (int)get_global_id(0);
  int mine = 1000 + gid;
  tile[lid] = 100 + gid;
  barrier(CLK_LOCAL_MEM_FENCE);
  int* p = gid % 3 == 0 ? (int*)(g + gid) : gid % 3 == 1 ? (int*)(tile + lid) : (int*)&mine;
  out[5 * gid + 0] = twice(p);
  out[5 * gid + 1] = (to_global(p) != 0 ? 1 : 0) | (to_local(p) != 0 ? 2 : 0) |
                     (to_private(p) != 0 ? 4 : 0);
  out[5 * gid + 2] = (int)get_fence(p);
  put(p, -gid);
  out[5 * gid + 3] = *p;
  out[5 * gid + 4] = to_global((int*)0) == 0 ? 1 : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
}
)CLC";

TEST(GenericAddressSpace, PointersDecidedAtRunTimeAgainstTheHost) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  constexpr int kItems = 32;
  std::vector<cl_int> g(kItems);
  for (int i = 0; i < kItems; ++i) g[i] = 7 * i + 1;
  for (const char* options : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
    SCOPED_TRACE(options);
    cl_program p = dev.build(kSource, options);
    ASSERT_NE(p, nullptr);
    cl_kernel k = dev.kernel(p, "mixed");
    cl_mem gb = dev.buffer(g);
    cl_mem out = dev.buffer(std::vector<cl_int>(5 * kItems, -7));
    ASSERT_EQ(dev.run(k, {kItems}, {16}, gb, out), CL_SUCCESS);
    const std::vector<cl_int> got = dev.read<cl_int>(out, 5 * kItems);
    const std::vector<cl_int> g_after = dev.read<cl_int>(gb, kItems);
    for (int i = 0; i < kItems; ++i) {
      // The host's model: which space lane i's pointer is in, and what it holds there.
      const int space = i % 3;  // 0 global, 1 local, 2 private
      const int held = space == 0 ? g[i] : space == 1 ? 100 + i : 1000 + i;
      EXPECT_EQ(got[5 * i + 0], 2 * held) << "work-item " << i;
      EXPECT_EQ(got[5 * i + 1], space == 0 ? 1 : space == 1 ? 2 : 4) << "work-item " << i;
      EXPECT_EQ(got[5 * i + 2], space == 0   ? kGlobalMemFence
                                : space == 1 ? kLocalMemFence
                                             : 0)
          << "work-item " << i;
      EXPECT_EQ(got[5 * i + 3], -i) << "work-item " << i;
      EXPECT_EQ(got[5 * i + 4], 1) << "to_global(NULL)";
      EXPECT_EQ(g_after[i], space == 0 ? -i : g[i]) << "work-item " << i;
    }
  }
}

// What an optimising build folds into constants of addresses (the CTS's compare_pointers and
// language_union): NULL of each space compared as a generic pointer (OpenCL C 3.0 §6.7.1.1: a
// named space's NULL converts to the generic NULL), the addresses of a program-scope and a
// __local variable compared with NULL, and a union of pointers to the three spaces read back
// through the member written; with generic atomics whose lanes reach __local and __global
// counters in one call (the CTS's generic_atomics_variant), each count against the host's.
const char* kFoldedSource = R"CLC(
global int some_value = 7;

kernel void compare(global int* out) {
  const size_t i = get_global_id(0);
  local int lvar;
  int* ptr = NULL;
  global int* gptr = NULL;
  local int* lptr = NULL;
  private int* pptr = NULL;
  int* to_l = &lvar;
  int* to_g = &some_value;
  out[6 * i + 0] = ptr == gptr;
  out[6 * i + 1] = ptr == lptr;
  out[6 * i + 2] = ptr == pptr;
  ptr = lptr;
  out[6 * i + 3] = (gptr == ptr) && (lptr == ptr);
  out[6 * i + 4] = to_l != NULL;
  out[6 * i + 5] = to_g != NULL;
}

kernel void punned(global int* out) {
  const size_t i = get_global_id(0);
  local int l;
  int p = 3;
  if (get_local_id(0) == 0) l = 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  union {
    global int* g;
    local int* lp;
    private int* pp;
  } u;
  u.g = &some_value;
  out[3 * i + 0] = (to_global(u.g) != 0) + 2 * *u.g;
  u.lp = &l;
  out[3 * i + 1] = (to_local(u.lp) != 0) + 2 * *u.lp;
  u.pp = &p;
  out[3 * i + 2] = (to_private(u.pp) != 0) + 2 * *u.pp;
}

kernel void counts(global atomic_int* g, local atomic_int* l) {
  const int lid = (int)get_local_id(0), group = (int)get_group_id(0);
  if (lid == 0) atomic_store_explicit(l, 0, memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_int* p = lid % 3 == 0 ? (atomic_int*)l : (atomic_int*)(g + 2 * group);
  atomic_fetch_add_explicit(p, lid + 1, memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0)
    atomic_store_explicit(g + 2 * group + 1,
                          atomic_load_explicit(l, memory_order_relaxed, memory_scope_work_group),
                          memory_order_relaxed, memory_scope_work_group);
}
)CLC";

TEST(GenericAddressSpace, FoldedAddressesAndMixedAtomicsAgainstTheHost) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  constexpr int kItems = 32, kLocal = 16, kGroups = kItems / kLocal;
  for (const char* options : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
    SCOPED_TRACE(options);
    cl_program p = dev.build(kFoldedSource, options);
    ASSERT_NE(p, nullptr);
    cl_mem compared = dev.buffer(std::vector<cl_int>(6 * kItems, -1));
    ASSERT_EQ(dev.run(dev.kernel(p, "compare"), {kItems}, {kLocal}, compared), CL_SUCCESS);
    for (cl_int v : dev.read<cl_int>(compared, 6 * kItems)) EXPECT_EQ(v, 1);
    cl_mem punned = dev.buffer(std::vector<cl_int>(3 * kItems, -1));
    ASSERT_EQ(dev.run(dev.kernel(p, "punned"), {kItems}, {kLocal}, punned), CL_SUCCESS);
    const std::vector<cl_int> got = dev.read<cl_int>(punned, 3 * kItems);
    for (int i = 0; i < kItems; ++i) {
      EXPECT_EQ(got[3 * i + 0], 1 + 2 * 7) << "work-item " << i;
      EXPECT_EQ(got[3 * i + 1], 1 + 2 * 2) << "work-item " << i;
      EXPECT_EQ(got[3 * i + 2], 1 + 2 * 3) << "work-item " << i;
    }
    cl_kernel counts = dev.kernel(p, "counts");
    cl_mem totals = dev.buffer(std::vector<cl_int>(2 * kGroups, 0));
    ASSERT_EQ(clSetKernelArg(counts, 0, sizeof totals, &totals), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(counts, 1, sizeof(cl_int), nullptr), CL_SUCCESS);
    const size_t global = kItems, local = kLocal;
    ASSERT_EQ(clEnqueueNDRangeKernel(dev.queue, counts, 1, nullptr, &global, &local, 0, nullptr,
                                     nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clFinish(dev.queue), CL_SUCCESS);
    int to_local = 0, to_global = 0;  // the host's sums of lid + 1 by the space lid chose
    for (int lid = 0; lid < kLocal; ++lid) (lid % 3 == 0 ? to_local : to_global) += lid + 1;
    const std::vector<cl_int> t = dev.read<cl_int>(totals, 2 * kGroups);
    for (int group = 0; group < kGroups; ++group) {
      EXPECT_EQ(t[2 * group], to_global) << "group " << group;
      EXPECT_EQ(t[2 * group + 1], to_local) << "group " << group;
    }
  }
}

// A pointer to another work-group's __local variable and to one of its work-items' private
// variables, handed over through global memory (the CTS's language_struct does so through a
// program-scope struct every work-group writes): the addresses are still in those spaces
// (to_local, to_private and get_fence ask of the address, OpenCL C 3.0 §6.15.9). Group 1 waits
// for group 0's release of the flag (groups are handed out in order, so group 0 runs first or
// beside it); it does not dereference the pointers, which are another work-group's memory.
const char* kHandedOverSource = R"CLC(
kernel void hand_over(global ulong* slots, global atomic_int* flag, global int* out) {
  local int l;
  int p = 5;
  if (get_local_id(0) != 0) return;
  if (get_group_id(0) == 0) {
    l = 1;
    slots[0] = (ulong)(int*)&l;
    slots[1] = (ulong)(int*)&p;
    atomic_store_explicit(flag, 1, memory_order_release, memory_scope_device);
    out[6] = l + p;
    return;
  }
  int seen = 0;
  for (int spin = 0; spin < (1 << 22) && !seen; ++spin)
    seen = atomic_load_explicit(flag, memory_order_acquire, memory_scope_device);
  int* to_l = (int*)slots[0];
  int* to_p = (int*)slots[1];
  out[0] = seen;
  out[1] = to_local(to_l) != 0;
  out[2] = to_private(to_p) != 0;
  out[3] = to_global(to_l) == 0 && to_global(to_p) == 0;
  out[4] = (int)get_fence(to_l);
  out[5] = (int)get_fence(to_p);
}
)CLC";

TEST(GenericAddressSpace, PointersFromAnotherWorkGroupKeepTheirSpace) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  for (const char* options : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
    SCOPED_TRACE(options);
    cl_program p = dev.build(kHandedOverSource, options);
    ASSERT_NE(p, nullptr);
    cl_mem slots = dev.buffer(std::vector<cl_ulong>(2, 0));
    cl_mem flag = dev.buffer(std::vector<cl_int>(1, 0));
    cl_mem out = dev.buffer(std::vector<cl_int>(7, -1));
    ASSERT_EQ(dev.run(dev.kernel(p, "hand_over"), {8}, {4}, slots, flag, out), CL_SUCCESS);
    const std::vector<cl_int> got = dev.read<cl_int>(out, 7);
    EXPECT_EQ(got[0], 1) << "the flag";
    EXPECT_EQ(got[1], 1) << "to_local";
    EXPECT_EQ(got[2], 1) << "to_private";
    EXPECT_EQ(got[3], 1) << "to_global";
    EXPECT_EQ(got[4], kLocalMemFence) << "get_fence of the __local variable";
    EXPECT_EQ(got[5], 0) << "get_fence of the private variable";
    EXPECT_EQ(got[6], 6);
  }
}

const char* kCheckedSource = R"CLC(
int get(const int* p, int i) { return p[i]; }
void set(int* p, int i, int v) { p[i] = v; }

kernel void local_race(global int* out) {
  local int tile[16];
  int lid = (int)get_local_id(0);
  set(tile, lid, lid);
  out[get_global_id(0)] = get(tile, 15 - lid);
}

kernel void private_overflow(global int* out, int n) {
  int a[4] = {1, 2, 3, 4};
  out[get_global_id(0)] = get(a, n);
}
)CLC";

TEST(GenericAddressSpace, CheckersNameTheActualSpace) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  for (const char* options : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
    SCOPED_TRACE(options);
    take_findings(dev.platform);
    cl_program p = dev.build(kCheckedSource, options);
    ASSERT_NE(p, nullptr);
    cl_mem out = dev.buffer(std::vector<cl_int>(16, 0));
    ASSERT_EQ(dev.run(dev.kernel(p, "local_race"), {16}, {16}, out), CL_SUCCESS);
    std::vector<nlohmann::json> findings = take_findings(dev.platform);
    ASSERT_FALSE(findings.empty());
    for (const nlohmann::json& f : findings) {
      const std::string text = f.dump();
      EXPECT_EQ(f.value("kind", ""), "race-read-write") << text;
      EXPECT_NE(text.find("__local"), std::string::npos) << text;
    }
    const cl_int n = 4;
    ASSERT_EQ(dev.run(dev.kernel(p, "private_overflow"), {1}, {1}, out, n), CL_SUCCESS);
    findings = take_findings(dev.platform);
    ASSERT_EQ(findings.size(), 1u);
    const std::string text = findings[0].dump();
    EXPECT_EQ(findings[0].value("kind", ""), "out-of-bounds") << text;
    EXPECT_EQ(text.find("argument 0"), std::string::npos) << text;
  }
}

}  // namespace
}  // namespace clvet::test
