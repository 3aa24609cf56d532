// atomic_compare_exchange_strong_explicit and _weak_explicit in every form OpenCL C 3.0 §6.15.12.7
// lists for a device without the generic address space: the atomic object in __global or __local
// memory, `expected` in __global, __local or __private memory, over atomic_int, atomic_uint,
// atomic_long, atomic_ulong, atomic_float and atomic_double. Each kernel exchanges once (the
// object held `expected`) and fails once (it did not: the value read lands in `expected`),
// checked against what the functions are defined to do.
#include <string>
#include <vector>

#include "reference_device.h"

using clvet::test::ReferenceDevice;

namespace {

struct AtomicType {
  const char* atomic;
  const char* value;
};
constexpr AtomicType kTypes[] = {{"atomic_int", "int"},     {"atomic_uint", "uint"},
                                 {"atomic_long", "long"},   {"atomic_ulong", "ulong"},
                                 {"atomic_float", "float"}, {"atomic_double", "double"}};
constexpr const char* kObjectSpaces[] = {"global", "local"};
constexpr const char* kExpectedSpaces[] = {"global", "local", "private"};
constexpr const char* kStrengths[] = {"strong", "weak"};

std::string kernel_name(const AtomicType& t, const char* object, const char* expected,
                        const char* strength) {
  return std::string("k_") + t.value + "_" + object + "_" + expected + "_" + strength;
}

// One kernel per form, run by one work-item. Work-group scope and relaxed/acq_rel orders are
// what every 3.0 device supports (§6.15.12.3, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES' minimum).
std::string source() {
  std::string s =
      "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
      "#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n"
      "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  for (const AtomicType& t : kTypes)
    for (const char* object : kObjectSpaces)
      for (const char* expected : kExpectedSpaces)
        for (const char* strength : kStrengths) {
          const std::string T = t.value, A = t.atomic;
          const std::string cas = std::string("atomic_compare_exchange_") + strength + "_explicit";
          s += "kernel void " + kernel_name(t, object, expected, strength) + "(global " + A +
               "* gobject, global " + T + "* gexpected, global " + T + "* out) {\n";
          s += "  local " + A + " lobject;\n  local " + T + " lexpected;\n  " + T + " pexpected;\n";
          s += std::string("  volatile ") + object + " " + A + "* o = " +
               (std::string(object) == "global" ? "gobject" : "&lobject") + ";\n";
          s += std::string("  ") + expected + " " + T + "* e = " +
               (std::string(expected) == "global"  ? "gexpected"
                : std::string(expected) == "local" ? "&lexpected"
                                                   : "&pexpected") +
               ";\n";
          if (std::string(object) == "local") s += "  atomic_init(o, (" + T + ")7);\n";
          // A weak exchange may fail spuriously (§6.15.12.7): then `expected` still holds 7.
          s += "  bool first;\n  do {\n    *e = (" + T + ")7;\n    first = " + cas + "(o, e, (" +
               T +
               ")9, memory_order_acq_rel, memory_order_relaxed, memory_scope_work_group);\n"
               "  } while (!first && *e == (" +
               T + ")7 && " + (std::string(strength) == "weak" ? "1" : "0") + ");\n";
          s += "  *e = (" + T + ")3;\n";
          s += "  bool second = " + cas + "(o, e, (" + T +
               ")11, memory_order_relaxed, memory_order_relaxed, memory_scope_work_group);\n";
          s += "  out[0] = first;\n  out[1] = second;\n  out[2] = *e;\n";
          s += "  out[3] = atomic_load_explicit(o, memory_order_relaxed, memory_scope_work_group);\n";
          s += "}\n";
        }
  return s;
}

template <class T>
void check(ReferenceDevice& dev, cl_program p, const AtomicType& t) {
  for (const char* object : kObjectSpaces)
    for (const char* expected : kExpectedSpaces)
      for (const char* strength : kStrengths) {
        const std::string name = kernel_name(t, object, expected, strength);
        SCOPED_TRACE(name);
        cl_kernel k = dev.kernel(p, name.c_str());
        ASSERT_TRUE(k);
        cl_mem object_buffer = dev.buffer(std::vector<T>{T(7)});
        cl_mem expected_buffer = dev.buffer(std::vector<T>{T(0)});
        cl_mem out = dev.buffer(std::vector<T>(4, T(-1)));
        ASSERT_EQ(dev.run(k, {1}, {1}, object_buffer, expected_buffer, out), CL_SUCCESS);
        // Exchanged (7 == 7: the object takes 9), then not (3 != 9: `expected` takes 9).
        EXPECT_EQ(dev.read<T>(out, 4), (std::vector<T>{T(1), T(0), T(9), T(9)}));
        if (std::string(object) == "global") {
          EXPECT_EQ(dev.read<T>(object_buffer, 1)[0], T(9));
        }
      }
}

TEST(AtomicCompareExchange, EveryAddressSpaceAndTypeAsDefined_6_15_12_7) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(source(), "-cl-std=CL3.0");
  ASSERT_TRUE(p);
  check<cl_int>(dev, p, kTypes[0]);
  check<cl_uint>(dev, p, kTypes[1]);
  check<cl_long>(dev, p, kTypes[2]);
  check<cl_ulong>(dev, p, kTypes[3]);
  check<cl_float>(dev, p, kTypes[4]);
  check<cl_double>(dev, p, kTypes[5]);
}

}  // namespace
