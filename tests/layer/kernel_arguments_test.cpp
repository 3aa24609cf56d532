// The layer's slots for the memory objects kernels' arguments name (layer/intercept/
// kernel_arguments.cpp), on the object table alone: an argument past the first 64 of a kernel
// whose driver does not say how many it has is checked, and the slots of released kernels are
// taken back (before 2026-11-28, an argument past 64 had no slot, and each kernel address kept
// its slots for ever).
#include "kernel_arguments.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>

#include "objects.h"

namespace clvet::layer {
namespace {

using api::ObjectKind;

// A driver that answers CL_KERNEL_NUM_ARGS with `count`, or, without one, nothing.
class Driver : public rules::World {
 public:
  explicit Driver(std::optional<cl_uint> count) : count_(count) {}
  ObjectKind kind_of(const void* handle) const override { return objects().kind_of(handle); }
  rules::Version version() const override { return {3, 0}; }
  cl_int info(rules::InfoQuery query, const void*, const void*, cl_uint param, std::size_t size,
              void* value, std::size_t* size_ret) const override {
    if (query != rules::InfoQuery::Kernel || param != CL_KERNEL_NUM_ARGS || !count_)
      return CL_INVALID_VALUE;
    if (value != nullptr && size >= sizeof(cl_uint)) *static_cast<cl_uint*>(value) = *count_;
    if (size_ret != nullptr) *size_ret = sizeof(cl_uint);
    return CL_SUCCESS;
  }

 private:
  std::optional<cl_uint> count_;
};

// Handles no driver made: the table never dereferences them. Each test its own range.
const void* handle(std::uintptr_t at) { return reinterpret_cast<const void*>(at * 64); }

std::uint64_t g_call = 1;

void create(const void* h, ObjectKind kind) {
  checker::ObjectTable::Creation creation;
  creation.kind = kind;
  creation.call = g_call++;
  creation.entry = kind == ObjectKind::Kernel ? "clCreateKernel" : "clCreateBuffer";
  objects().created(h, creation);
}

void release(const void* h) {
  const auto count = objects().released(h, g_call++, "clRelease");
  ASSERT_TRUE(count.has_value());
  if (*count == 0) kernel_arguments::released(h);
}

void set(const void* kernel, cl_uint index, const void* buffer, const rules::World& w) {
  const args::SetKernelArg a{static_cast<cl_kernel>(const_cast<void*>(kernel)), index,
                             sizeof buffer, &buffer};
  kernel_arguments::set(a, w);
}

TEST(KernelArguments, AnArgumentPastTheFirst64IsCheckedWhereTheCountIsUnknown) {
  const Driver unknown(std::nullopt);
  const void* kernel = handle(0x10000);
  const void* early = handle(0x10001);
  const void* late = handle(0x10002);
  create(kernel, ObjectKind::Kernel);
  create(early, ObjectKind::Mem);
  create(late, ObjectKind::Mem);
  set(kernel, 3, early, unknown);
  set(kernel, 100, late, unknown);
  EXPECT_EQ(kernel_arguments::released_argument(kernel), std::nullopt);
  release(late);
  const std::optional<std::string> found = kernel_arguments::released_argument(kernel);
  ASSERT_TRUE(found.has_value());
  EXPECT_NE(found->find("argument 100 was set"), std::string::npos) << *found;
  // Set again to a live buffer: nothing to say.
  set(kernel, 100, early, unknown);
  EXPECT_EQ(kernel_arguments::released_argument(kernel), std::nullopt);
  release(early);
  EXPECT_NE(kernel_arguments::released_argument(kernel), std::nullopt);
  release(kernel);
}

// A driver that says how many arguments a kernel has refuses a larger index
// (CL_INVALID_ARG_INDEX): the layer keeps no slot for it.
TEST(KernelArguments, AnIndexPastACountedKernelsArgumentsHasNoSlot) {
  const Driver two(2);
  const void* kernel = handle(0x20000);
  const void* buffer = handle(0x20001);
  create(kernel, ObjectKind::Kernel);
  create(buffer, ObjectKind::Mem);
  const args::SetKernelArg a{static_cast<cl_kernel>(const_cast<void*>(kernel)), 2, sizeof buffer,
                             &buffer};
  EXPECT_EQ(kernel_arguments::set(a, two).slot, nullptr);
  release(buffer);
  EXPECT_EQ(kernel_arguments::released_argument(kernel), std::nullopt);
  release(kernel);
}

// 100,000 kernels, each at an address of its own, made, given an argument and released one
// after the other: the slots held stay bounded by the kernels alive at once (one here), where
// each address kept its slots before.
TEST(KernelArguments, SlotsOfReleasedKernelsAreTakenBack) {
  const Driver three(3);
  const void* buffer = handle(0x30000);
  create(buffer, ObjectKind::Mem);
  for (std::uintptr_t i = 0; i < 100'000; ++i) {
    const void* kernel = handle(0x40000 + i);
    create(kernel, ObjectKind::Kernel);
    set(kernel, 1, buffer, three);
    ASSERT_EQ(kernel_arguments::released_argument(kernel), std::nullopt);
    release(kernel);
  }
  // 64 blocks in use before the first take-back, the other tests' few beside them.
  EXPECT_LE(kernel_arguments::blocks_held(), 80u);
  release(buffer);
}

// Kernels alive together keep their slots; those released give theirs to the next ones, whose
// slots start empty: a released buffer a dead kernel named is no argument of its successor.
TEST(KernelArguments, ATakenBackBlockStartsEmpty) {
  const Driver two(2);
  const void* gone = handle(0x200000);
  create(gone, ObjectKind::Mem);
  for (std::uintptr_t i = 0; i < 200; ++i) {
    const void* kernel = handle(0x200001 + i);
    create(kernel, ObjectKind::Kernel);
    set(kernel, 0, gone, two);
    release(kernel);
  }
  release(gone);
  const void* kernel = handle(0x300000);
  const void* live = handle(0x300001);
  create(kernel, ObjectKind::Kernel);
  create(live, ObjectKind::Mem);
  set(kernel, 1, live, two);  // argument 0 never set
  EXPECT_EQ(kernel_arguments::released_argument(kernel), std::nullopt);
  release(live);
  release(kernel);
}

}  // namespace
}  // namespace clvet::layer
