// SVM pointers judged before the call (layer/intercept/svm_pointer_values): a pointer into an
// allocation already freed never reaches the driver where only SVM allocations are valid
// (2.2 §5.6.1 clEnqueueSVMMemFill, Map, Unmap, MigrateMem; §5.9.2 clSetKernelExecInfo), nor
// where host memory is valid (clEnqueueSVMMemcpy; the others on a device with fine-grain system
// SVM) once its memory is no longer mapped; live pointers, pointers inside an allocation and
// host memory at a freed allocation's address pass.
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "clvet/rules/args.gen.h"
#include "findings.h"
#include "svm_allocations.h"
#include "svm_pointer_values.h"

namespace clvet::test {
namespace {

using layer::ArgumentVerdict;

// One device, one context, one queue and one kernel; the device shares the host's memory
// (CL_DEVICE_SVM_FINE_GRAIN_SYSTEM) or has buffer SVM only.
class OneDevice final : public rules::World {
 public:
  explicit OneDevice(bool system_svm) : system_svm_(system_svm) {}
  cl_device_id device = reinterpret_cast<cl_device_id>(0x1000);
  cl_context context = reinterpret_cast<cl_context>(0x2000);
  cl_command_queue queue = reinterpret_cast<cl_command_queue>(0x3000);
  cl_kernel kernel = reinterpret_cast<cl_kernel>(0x4000);

  api::ObjectKind kind_of(const void* h) const override {
    if (h == device) return api::ObjectKind::Device;
    if (h == context) return api::ObjectKind::Context;
    if (h == queue) return api::ObjectKind::CommandQueue;
    if (h == kernel) return api::ObjectKind::Kernel;
    return api::ObjectKind::None;
  }
  rules::Version version() const override { return {3, 0}; }
  cl_int info(rules::InfoQuery, const void*, const void*, cl_uint param, std::size_t size,
              void* value, std::size_t* size_ret) const override {
    switch (param) {
      case CL_QUEUE_DEVICE:
        return answer(device, size, value, size_ret);
      case CL_CONTEXT_DEVICES:
        return answer(device, size, value, size_ret);
      case CL_KERNEL_CONTEXT:
        return answer(context, size, value, size_ret);
      case CL_DEVICE_SVM_CAPABILITIES: {
        cl_device_svm_capabilities caps =
            CL_DEVICE_SVM_COARSE_GRAIN_BUFFER | CL_DEVICE_SVM_FINE_GRAIN_BUFFER |
            (system_svm_ ? CL_DEVICE_SVM_FINE_GRAIN_SYSTEM : 0);
        return answer(caps, size, value, size_ret);
      }
      default:
        return CL_INVALID_VALUE;
    }
  }

 private:
  template <class T> static cl_int answer(T v, std::size_t size, void* value, std::size_t* size_ret) {
    if (size_ret) *size_ret = sizeof v;
    if (value != nullptr) {
      if (size < sizeof v) return CL_INVALID_VALUE;
      std::memcpy(value, &v, sizeof v);
    }
    return CL_SUCCESS;
  }
  bool system_svm_;
};

// Memory that stands for an allocation clSVMAlloc made: mapped pages of its own, so that a
// test can give them back to the system (as a C library does with a large freed block).
struct Pages {
  std::size_t size = 4 * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  char* at = static_cast<char*>(
      mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  bool mapped = true;
  bool freed = false;
  Pages() { layer::svm_allocated(at, size); }
  void free() {
    layer::svm_freed(at);
    freed = true;
  }
  void unmap() {
    munmap(at, size);
    mapped = false;
  }
  ~Pages() {
    if (!freed) layer::svm_freed(at);  // the address may be mapped again by the next test
    if (mapped) munmap(at, size);
  }
};

ArgumentVerdict memcpy_of(const rules::World& w, const OneDevice& d, void* dst, const void* src) {
  args::EnqueueSVMMemcpy a{d.queue, CL_TRUE, dst, src, 64, 0, nullptr, nullptr};
  return layer::judge_svm_pointers(args::EnqueueSVMMemcpy::kEntryIndex, &a, w);
}
ArgumentVerdict fill_of(const OneDevice& d, void* p) {
  int pattern = 0;
  args::EnqueueSVMMemFill a{d.queue, p, &pattern, sizeof pattern, 64, 0, nullptr, nullptr};
  return layer::judge_svm_pointers(args::EnqueueSVMMemFill::kEntryIndex, &a, d);
}
ArgumentVerdict map_of(const OneDevice& d, void* p) {
  args::EnqueueSVMMap a{d.queue, CL_TRUE, CL_MAP_READ, p, 64, 0, nullptr, nullptr};
  return layer::judge_svm_pointers(args::EnqueueSVMMap::kEntryIndex, &a, d);
}
ArgumentVerdict unmap_of(const OneDevice& d, void* p) {
  args::EnqueueSVMUnmap a{d.queue, p, 0, nullptr, nullptr};
  return layer::judge_svm_pointers(args::EnqueueSVMUnmap::kEntryIndex, &a, d);
}
ArgumentVerdict migrate_of(const OneDevice& d, const void* p, const std::size_t* size) {
  const void* pointers[1] = {p};
  args::EnqueueSVMMigrateMem a{d.queue, 1, pointers, size, 0, 0, nullptr, nullptr};
  return layer::judge_svm_pointers(args::EnqueueSVMMigrateMem::kEntryIndex, &a, d);
}
ArgumentVerdict exec_info_of(const OneDevice& d, void* first, void* second) {
  void* pointers[2] = {first, second};
  args::SetKernelExecInfo a{d.kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof pointers, pointers};
  return layer::judge_svm_pointers(args::SetKernelExecInfo::kEntryIndex, &a, d);
}

void expect_refused(const ArgumentVerdict& v, const char* what) {
  EXPECT_EQ(v.check, layer::check::kSvmPointerFreed) << what << ": " << v.detail;
  EXPECT_EQ(v.code, CL_INVALID_VALUE) << what;
  EXPECT_TRUE(v.dereferenced) << what;
  EXPECT_NE(v.detail.find("already freed"), std::string::npos) << v.detail;
  EXPECT_NE(v.detail.find("§5."), std::string::npos) << "names the spec's section: " << v.detail;
}

TEST(SvmPointerValues, LivePointersAndPointersInsideAllocationsPass) {
  for (bool system : {false, true}) {
    OneDevice d(system);
    Pages a, b;
    int host[16] = {};
    EXPECT_FALSE(memcpy_of(d, d, a.at + 128, b.at));
    EXPECT_FALSE(memcpy_of(d, d, host, a.at + 8));
    EXPECT_FALSE(fill_of(d, a.at + 64));
    EXPECT_FALSE(map_of(d, b.at + 4));
    EXPECT_FALSE(unmap_of(d, b.at + 4));
    EXPECT_FALSE(migrate_of(d, a.at + 16, nullptr));
    const std::size_t inside = a.size - 16;
    EXPECT_FALSE(migrate_of(d, a.at + 16, &inside));
    EXPECT_FALSE(exec_info_of(d, a.at, b.at + 100));
  }
}

// Where only clSVMAlloc's allocations are valid, a freed one is refused, its memory mapped or not.
TEST(SvmPointerValues, AFreedAllocationIsRefusedWhereOnlySvmIsValid) {
  OneDevice d(false);
  Pages freed, live;
  freed.free();
  expect_refused(fill_of(d, freed.at + 8), "fill");
  expect_refused(map_of(d, freed.at), "map");
  expect_refused(unmap_of(d, freed.at), "unmap");
  expect_refused(migrate_of(d, freed.at + 1, nullptr), "migrate");
  expect_refused(exec_info_of(d, live.at, freed.at + 4), "exec info");
  EXPECT_NE(exec_info_of(d, live.at, freed.at + 4).detail.find("param_value[1]"), std::string::npos);
}

// clEnqueueSVMMemcpy takes "a host or SVM memory allocation" (2.2 §5.6.1): memory still mapped
// where an allocation was freed may be the host's again and is copied; memory no longer mapped
// is refused (the driver would fault).
TEST(SvmPointerValues, MemcpyRefusesAFreedAllocationOnlyOnceItsMemoryIsGone) {
  OneDevice d(false);
  Pages freed, live;
  freed.free();
  EXPECT_FALSE(memcpy_of(d, d, freed.at, live.at));
  EXPECT_FALSE(memcpy_of(d, d, live.at, freed.at + 64));
  freed.unmap();
  expect_refused(memcpy_of(d, d, freed.at, live.at), "dst");
  expect_refused(memcpy_of(d, d, live.at, freed.at + 64), "src");
  EXPECT_NE(memcpy_of(d, d, live.at, freed.at).detail.find("src_ptr"), std::string::npos);
}

// On a device with fine-grain system SVM every host pointer is an SVM pointer: the same as a copy.
TEST(SvmPointerValues, SystemSvmTakesHostMemoryAtAFreedAllocation) {
  OneDevice d(true);
  Pages freed, live;
  freed.free();
  EXPECT_FALSE(fill_of(d, freed.at));
  EXPECT_FALSE(map_of(d, freed.at));
  EXPECT_FALSE(unmap_of(d, freed.at));
  EXPECT_FALSE(exec_info_of(d, freed.at, live.at));
  freed.unmap();
  expect_refused(fill_of(d, freed.at), "fill");
  expect_refused(exec_info_of(d, freed.at, live.at), "exec info");
}

void expect_unallocated(const ArgumentVerdict& v, const char* what) {
  EXPECT_EQ(v.check, layer::check::kSvmPointerNotAllocated) << what << ": " << v.detail;
  EXPECT_EQ(v.code, CL_INVALID_VALUE) << what;
  EXPECT_TRUE(v.dereferenced) << what;
  EXPECT_NE(v.detail.find("inside no SVM allocation"), std::string::npos) << v.detail;
  EXPECT_NE(v.detail.find("§5.6.1"), std::string::npos) << "names the spec's section: " << v.detail;
}

// 2.2 §5.6.1 clEnqueueSVMMemFill, clEnqueueSVMMap, clEnqueueSVMUnmap: svm_ptr is in an allocation
// clSVMAlloc made; a device without fine-grain system SVM cannot reach the host's own memory, so
// a pointer inside no allocation at all (the stack, the heap, just past an allocation's end) is
// refused like a freed one.
TEST(SvmPointerValues, APointerInsideNoAllocationIsRefusedWhereOnlySvmIsValid) {
  OneDevice d(false);
  Pages live;
  int host[16] = {};
  std::vector<int> heap(64);
  expect_unallocated(fill_of(d, host), "fill of the stack");
  expect_unallocated(map_of(d, heap.data()), "map of the heap");
  expect_unallocated(unmap_of(d, host + 4), "unmap of the stack");
  expect_unallocated(fill_of(d, live.at + live.size), "fill just past an allocation");
  EXPECT_FALSE(fill_of(d, live.at + live.size - 64)) << "the allocation's last bytes";
  // Host memory stays valid where the spec takes it: a copy's source and destination.
  EXPECT_FALSE(memcpy_of(d, d, host, live.at));
  EXPECT_FALSE(memcpy_of(d, d, live.at, heap.data()));
}

// On a device with fine-grain system SVM any host pointer is an SVM pointer (2.2 §5.6.2): host
// memory passes, and only memory the process does not map is refused (the driver would fault).
TEST(SvmPointerValues, SystemSvmTakesAnyMappedHostPointer) {
  OneDevice d(true);
  int host[16] = {};
  std::vector<int> heap(64);
  EXPECT_FALSE(fill_of(d, host));
  EXPECT_FALSE(map_of(d, heap.data()));
  EXPECT_FALSE(unmap_of(d, host + 4));
  char* unmapped = static_cast<char*>(
      mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(unmapped, MAP_FAILED);
  munmap(unmapped, 4096);
  expect_unallocated(map_of(d, unmapped), "map of memory not mapped");
  EXPECT_NE(map_of(d, unmapped).detail.find("not mapped"), std::string::npos);
}

// 2.2 §5.6.1 clEnqueueSVMMigrateMem: "CL_INVALID_VALUE if sizes[i] is non-zero range
// [svm_pointers[i], svm_pointers[i]+sizes[i]) is not contained within an existing clSVMAlloc
// allocation".
TEST(SvmPointerValues, AMigratedRangeMustLieInALiveAllocation) {
  OneDevice d(false);
  Pages live;
  const std::size_t past = live.size - 8;
  const ArgumentVerdict v = migrate_of(d, live.at + 16, &past);
  ASSERT_NE(v.rule, nullptr) << v.detail;
  EXPECT_EQ(v.rule->id, "EnqueueSVMMigrateMemRangeOutside");
  EXPECT_EQ(v.rule->code, CL_INVALID_VALUE);
  EXPECT_FALSE(v.dereferenced) << "the driver's to raise: forwarded without --enforce";
  int host[4];
  const std::size_t four = sizeof host;
  const ArgumentVerdict unknown = migrate_of(d, host, &four);
  ASSERT_NE(unknown.rule, nullptr);
  EXPECT_NE(unknown.detail.find("inside no allocation"), std::string::npos) << unknown.detail;
  const std::size_t whole = live.size;
  EXPECT_FALSE(migrate_of(d, live.at, &whole));
}

// An allocation made where one was freed is live, also where it begins below the freed one.
TEST(SvmPointerValues, AnAddressGivenOutAgainIsLive) {
  OneDevice d(false);
  Pages pages;
  pages.free();
  pages.freed = false;  // freed again below, after it is given out again
  layer::svm_allocated(pages.at + 64, 128);
  layer::svm_freed(pages.at + 64);
  layer::svm_allocated(pages.at, pages.size);
  EXPECT_EQ(layer::svm_pointer(pages.at + 100), layer::SvmPointer::Live);
  EXPECT_FALSE(fill_of(d, pages.at + 96));
  layer::svm_freed(pages.at);
  layer::svm_allocated(pages.at + 256, 64);
  EXPECT_EQ(layer::svm_pointer(pages.at + 128), layer::SvmPointer::Freed);
  EXPECT_EQ(layer::svm_pointer(pages.at + 300), layer::SvmPointer::Live);
  EXPECT_EQ(layer::svm_pointer(pages.at + 400), layer::SvmPointer::Unknown)
      << "past the new allocation, what was freed there is no longer told apart";
  layer::svm_freed(pages.at + 256);
}

}  // namespace
}  // namespace clvet::test
