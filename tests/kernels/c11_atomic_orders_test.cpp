// The C11 atomics of OpenCL C 2.0 §6.13.11 (3.0 §6.15.12) with every memory order and scope the
// device claims (CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES and the __opencl_c_atomic_* features):
// read-modify-writes, loads and stores on 32- and 64-bit objects, the forms without an order
// (memory_order_seq_cst, memory_scope_device), atomic_flag, and atomic_work_item_fence with
// every order and scope; each result against a host computation of what the functions are
// defined to do.
#include <cstdint>
#include <string>
#include <vector>

#include "reference_device.h"

using clvet::test::ReferenceDevice;

namespace {

constexpr std::size_t kGroups = 4, kLocal = 32, kItems = kGroups * kLocal;

const char* const kRmwOrders[] = {"memory_order_relaxed", "memory_order_acquire",
                                  "memory_order_release", "memory_order_acq_rel",
                                  "memory_order_seq_cst"};
const char* const kLoadOrders[] = {"memory_order_relaxed", "memory_order_acquire",
                                   "memory_order_seq_cst"};
const char* const kStoreOrders[] = {"memory_order_relaxed", "memory_order_release",
                                    "memory_order_seq_cst"};
// Scopes that include every work-item sharing the object: the device's for objects all groups
// use, the group's for an object of one group.
const char* const kWideScopes[] = {"memory_scope_device", "memory_scope_all_devices"};

// counts: one counter per (order, wide scope) that every work-item increments, then one per
// (order, group) at memory_scope_work_group; wide: 64-bit read-modify-writes; loads: what each
// load order read back after a store of each store order; flags: atomic_flag per work-item.
std::string source() {
  std::string s =
      "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
      "#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n"
      "kernel void orders(global atomic_int* counts, global atomic_long* wide,\n"
      "                   global atomic_int* cells, global int* loads, global atomic_int* flags,\n"
      "                   global int* flag_results, global atomic_int* plain_forms) {\n"
      "  size_t gid = get_global_id(0), g = get_group_id(0);\n"
      "  int k = 0;\n";
  for (const char* order : kRmwOrders)
    for (const char* scope : kWideScopes)
      s += std::string("  atomic_fetch_add_explicit(&counts[k++], 1, ") + order + ", " + scope +
           ");\n";
  for (const char* order : kRmwOrders)
    s += std::string("  atomic_fetch_add_explicit(&counts[k + g], 2, ") + order +
         ", memory_scope_work_group); k += " + std::to_string(kGroups) + ";\n";
  // 64-bit: every work-item adds 2^33 + gid, subtracts gid, and takes min/max/and/or/xor of
  // values that depend on it.
  int w = 0;
  for (const char* order : kRmwOrders) {
    const std::string o = std::string(order) + ", memory_scope_device);\n";
    s += "  atomic_fetch_add_explicit(&wide[" + std::to_string(w) + "], ((long)1 << 33) + (long)gid, " + o;
    s += "  atomic_fetch_sub_explicit(&wide[" + std::to_string(w) + "], (long)gid, " + o;
    s += "  atomic_fetch_min_explicit(&wide[" + std::to_string(w + 1) + "], -((long)gid << 40), " + o;
    s += "  atomic_fetch_max_explicit(&wide[" + std::to_string(w + 2) + "], (long)gid << 40, " + o;
    s += "  atomic_fetch_or_explicit(&wide[" + std::to_string(w + 3) + "], (long)1 << (gid % 64), " + o;
    s += "  atomic_fetch_xor_explicit(&wide[" + std::to_string(w + 4) + "], (long)gid << 20, " + o;
    s += "  atomic_fetch_and_explicit(&wide[" + std::to_string(w + 5) + "], ~((long)1 << (gid % 64)), " + o;
    w += 6;
  }
  // Each work-item stores to its own cell with each store order and loads it back with each
  // load order.
  int cell = 0, load = 0;
  for (const char* store : kStoreOrders)
    for (const char* ld : kLoadOrders) {
      s += "  atomic_store_explicit(&cells[gid * 9 + " + std::to_string(cell) + "], (int)gid * 10 + " +
           std::to_string(cell) + ", " + store + ", memory_scope_work_group);\n";
      s += "  loads[gid * 9 + " + std::to_string(load) + "] = atomic_load_explicit(&cells[gid * 9 + " +
           std::to_string(cell) + "], " + ld + ", memory_scope_work_group);\n";
      ++cell, ++load;
    }
  // atomic_flag: set (was clear), set again (was set), clear, set (was clear).
  s += "  int r = 0;\n"
       "  r |= atomic_flag_test_and_set_explicit(&flags[gid], memory_order_acq_rel, memory_scope_work_group) ? 1 : 0;\n"
       "  r |= atomic_flag_test_and_set_explicit(&flags[gid], memory_order_relaxed, memory_scope_device) ? 2 : 0;\n"
       "  atomic_flag_clear_explicit(&flags[gid], memory_order_release, memory_scope_device);\n"
       "  r |= atomic_flag_test_and_set(&flags[gid]) ? 4 : 0;\n"
       "  atomic_flag_clear(&flags[gid]);\n"
       "  r |= atomic_flag_test_and_set_explicit(&flags[gid], memory_order_seq_cst) ? 8 : 0;\n"
       "  flag_results[gid] = r;\n";
  // Fences of every order but relaxed, every scope, both address spaces.
  for (const char* flags : {"CLK_GLOBAL_MEM_FENCE", "CLK_LOCAL_MEM_FENCE",
                            "CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE"})
    for (const char* order : {"memory_order_acquire", "memory_order_release",
                              "memory_order_acq_rel", "memory_order_seq_cst"})
      for (const char* scope : {"memory_scope_work_item", "memory_scope_work_group",
                                "memory_scope_device", "memory_scope_all_devices"})
        s += std::string("  atomic_work_item_fence(") + flags + ", " + order + ", " + scope + ");\n";
  // The forms without an order or scope: seq_cst at device scope.
  s += "  atomic_fetch_add(&plain_forms[0], 3);\n"
       "  atomic_fetch_max(&plain_forms[1], (int)gid);\n"
       "  atomic_store(&plain_forms[2 + gid], (int)gid + 1);\n"
       "  int old = atomic_exchange(&plain_forms[2 + gid], atomic_load(&plain_forms[2 + gid]) * 2);\n"
       "  int expected = old * 2;\n"
       "  atomic_compare_exchange_strong(&plain_forms[2 + gid], &expected, expected + old);\n"
       "}\n";
  return s;
}

TEST(C11AtomicOrders, EveryOrderAndScopeAgainstTheHost) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(source(), "-cl-std=CL3.0");
  ASSERT_NE(p, nullptr);
  cl_kernel k = dev.kernel(p, "orders");
  const std::size_t counters = 5 * 2 + 5 * kGroups;
  cl_mem counts = dev.buffer(std::vector<cl_int>(counters, 0));
  std::vector<cl_long> wide_init;
  for (int i = 0; i < 5; ++i) wide_init.insert(wide_init.end(), {0, 0, 0, 0, 0, -1});
  cl_mem wide = dev.buffer(wide_init);
  cl_mem cells = dev.buffer(std::vector<cl_int>(kItems * 9, 0));
  cl_mem loads = dev.buffer(std::vector<cl_int>(kItems * 9, -1));
  cl_mem flags = dev.buffer(std::vector<cl_int>(kItems, 0));
  cl_mem flag_results = dev.buffer(std::vector<cl_int>(kItems, -1));
  cl_mem plain = dev.buffer(std::vector<cl_int>(2 + kItems, 0));
  ASSERT_EQ(dev.run(k, {kItems}, {kLocal}, counts, wide, cells, loads, flags, flag_results, plain),
            CL_SUCCESS);

  const std::vector<cl_int> c = dev.read<cl_int>(counts, counters);
  for (std::size_t i = 0; i < 10; ++i) EXPECT_EQ(c[i], cl_int(kItems)) << "counter " << i;
  for (std::size_t i = 10; i < counters; ++i) EXPECT_EQ(c[i], cl_int(2 * kLocal)) << "counter " << i;

  const std::vector<cl_long> wv = dev.read<cl_long>(wide, 30);
  for (int o = 0; o < 5; ++o) {
    SCOPED_TRACE(kRmwOrders[o]);
    const cl_long* v = &wv[6 * o];
    EXPECT_EQ(v[0], cl_long(kItems) << 33);
    EXPECT_EQ(v[1], -(cl_long(kItems - 1) << 40));
    EXPECT_EQ(v[2], cl_long(kItems - 1) << 40);
    cl_ulong ors = 0, ands = ~cl_ulong(0);
    cl_long xors = 0;
    for (std::size_t gid = 0; gid < kItems; ++gid) {
      ors |= cl_ulong(1) << (gid % 64);
      xors ^= cl_long(gid) << 20;
      ands &= ~(cl_ulong(1) << (gid % 64));
    }
    EXPECT_EQ(cl_ulong(v[3]), ors);
    EXPECT_EQ(v[4], xors);
    EXPECT_EQ(cl_ulong(v[5]), ands);
  }

  const std::vector<cl_int> l = dev.read<cl_int>(loads, kItems * 9);
  for (std::size_t gid = 0; gid < kItems; ++gid)
    for (int i = 0; i < 9; ++i) EXPECT_EQ(l[gid * 9 + i], cl_int(gid * 10 + i));

  // Set was clear (0), set again was set (2), after a clear clear (0), after a clear clear (0).
  const std::vector<cl_int> f = dev.read<cl_int>(flag_results, kItems);
  for (std::size_t gid = 0; gid < kItems; ++gid) EXPECT_EQ(f[gid], 2) << "work-item " << gid;

  const std::vector<cl_int> pf = dev.read<cl_int>(plain, 2 + kItems);
  EXPECT_EQ(pf[0], cl_int(3 * kItems));
  EXPECT_EQ(pf[1], cl_int(kItems - 1));
  // store gid+1; exchange to 2(gid+1), old gid+1; compare-exchange 2(gid+1) -> 3(gid+1).
  for (std::size_t gid = 0; gid < kItems; ++gid) EXPECT_EQ(pf[2 + gid], cl_int(3 * (gid + 1)));
}

// The device claims every order and scope, and the matching OpenCL C features and macros.
TEST(C11AtomicOrders, CapabilitiesAndFeatureMacros) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_device_atomic_capabilities memory = 0, fence = 0;
  ASSERT_EQ(clGetDeviceInfo(dev.device, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof memory,
                            &memory, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clGetDeviceInfo(dev.device, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, sizeof fence, &fence,
                            nullptr),
            CL_SUCCESS);
  const cl_device_atomic_capabilities all =
      CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
      CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
      CL_DEVICE_ATOMIC_SCOPE_DEVICE | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES;
  EXPECT_EQ(memory, all);
  EXPECT_EQ(fence, all | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM);
  cl_program p = dev.build(
      "kernel void k(global int* out) {\n"
      "  out[0] = 0;\n"
      "#if defined(__opencl_c_atomic_order_acq_rel) && defined(__opencl_c_atomic_order_seq_cst)\n"
      "  out[0] |= 1;\n"
      "#endif\n"
      "#if defined(__opencl_c_atomic_scope_device) && defined(__opencl_c_atomic_scope_all_devices)\n"
      "  out[0] |= 2;\n"
      "#endif\n"
      "}\n",
      "-cl-std=CL3.0");
  ASSERT_NE(p, nullptr);
  cl_kernel k = dev.kernel(p, "k");
  cl_mem out = dev.buffer(std::vector<cl_int>(1, 0));
  ASSERT_EQ(dev.run(k, {1}, {1}, out), CL_SUCCESS);
  EXPECT_EQ(dev.read<cl_int>(out, 1)[0], 3);
}

}  // namespace
