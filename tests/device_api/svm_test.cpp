// Shared virtual memory (OpenCL 2.2 §5.6) on the reference device, which has coarse- and
// fine-grain buffer SVM and no fine-grain system SVM nor SVM atomics: clSVMAlloc's failure
// conditions and its allocations, clSVMFree, the SVM commands with their errors and effects,
// CL_MEM_USES_SVM_POINTER. clSVMAlloc and clSVMFree return no code: the rule id tells what
// happened.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "fixtures.h"

namespace clvet::test {
namespace {

class Svm : public WithQueue {
 protected:
  // clSVMAlloc returned NULL because of `rule_id`.
  void expect_alloc_fails(cl_context c, cl_svm_mem_flags flags, size_t size, cl_uint alignment,
                          const char* rule_id) {
    clear_last_rule();
    EXPECT_EQ(clSVMAlloc(c, flags, size, alignment), nullptr);
    EXPECT_EQ(last_rule(), rule_id) << "flags " << flags << " size " << size << " alignment "
                                    << alignment;
  }
  cl_ulong max_alloc() {
    cl_ulong value = 0;
    EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof value, &value, nullptr),
              CL_SUCCESS);
    return value;
  }
  int data[64] = {};
};

// Table 4.3 (3.0): coarse- and fine-grain buffer SVM, nothing more.
TEST_F(Svm, DeviceReportsBufferSvm) {
  cl_device_svm_capabilities caps = 0;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof caps, &caps, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(caps, cl_device_svm_capabilities{CL_DEVICE_SVM_COARSE_GRAIN_BUFFER |
                                             CL_DEVICE_SVM_FINE_GRAIN_BUFFER});
}

// 2.2 §5.6.1 "clSVMAlloc will fail if": each condition, in the spec's order.
TEST_F(Svm, SVMAllocFailureConditions) {
  expect_alloc_fails(released_context(), CL_MEM_READ_WRITE, 64, 0, "SVMAllocInvalidContext");
  expect_alloc_fails(context, CL_MEM_SVM_ATOMICS, 64, 0, "SVMAllocAtomicsWithoutFineGrain");
  expect_alloc_fails(context, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, 64, 0, "SVMAllocFlagsConflict");
  expect_alloc_fails(context, CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY, 64, 0, "SVMAllocFlagsConflict");
  // No SVM atomics.
  expect_alloc_fails(context, CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS, 64, 0,
                     "SVMAllocFineGrainUnsupported");
  expect_alloc_fails(context, cl_svm_mem_flags{1} << 40, 64, 0, "SVMAllocUnknownFlags");
  expect_alloc_fails(context, CL_MEM_USE_HOST_PTR, 64, 0, "SVMAllocUnknownFlags");
  expect_alloc_fails(context, CL_MEM_READ_WRITE, 0, 0, "SVMAllocInvalidSize");
  expect_alloc_fails(context, CL_MEM_READ_WRITE, static_cast<size_t>(max_alloc()) + 1, 0,
                     "SVMAllocInvalidSize");
  // A power of two up to long16 (128 bytes).
  expect_alloc_fails(context, CL_MEM_READ_WRITE, 64, 3, "SVMAllocInvalidAlignment");
  expect_alloc_fails(context, CL_MEM_READ_WRITE, 64, 256, "SVMAllocInvalidAlignment");
}

// 2.2 §5.6.1: an allocation of at least `size` bytes aligned as asked (0: the largest type,
// long16), coarse or fine grain, usable by the host at once when fine grain; clSVMFree frees
// it, a pointer clSVMAlloc did not return is SVMFreeNotSvmPointer, NULL is no action.
TEST_F(Svm, AllocateUseAndFree) {
  for (cl_svm_mem_flags flags : {cl_svm_mem_flags{CL_MEM_READ_WRITE}, cl_svm_mem_flags{0},
                                 cl_svm_mem_flags{CL_MEM_READ_ONLY},
                                 cl_svm_mem_flags{CL_MEM_SVM_FINE_GRAIN_BUFFER}}) {
    for (cl_uint alignment : {0u, 1u, 16u, 128u}) {
      clear_last_rule();
      void* p = clSVMAlloc(context, flags, 100, alignment);
      ASSERT_NE(p, nullptr) << flags << " " << alignment << " " << last_rule();
      const std::size_t align = alignment ? alignment : 128;
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % align, 0u);
      if (flags & CL_MEM_SVM_FINE_GRAIN_BUFFER) std::memset(p, 0x5a, 100);
      clear_last_rule();
      clSVMFree(context, p);
      EXPECT_EQ(last_rule(), "");
    }
  }
  clear_last_rule();
  clSVMFree(context, nullptr);
  EXPECT_EQ(last_rule(), "");
  clSVMFree(context, data);
  EXPECT_EQ(last_rule(), "SVMFreeNotSvmPointer");
  clear_last_rule();
  clSVMFree(released_context(), data);
  EXPECT_EQ(last_rule(), "SVMFreeInvalidContext");
}

// The SVM commands do what 2.2 §5.6.1 says on coarse-grain memory: a fill, a copy into another
// allocation and back to the host, a map for writing then an unmap, a migration, and
// clEnqueueSVMFree with and without a callback.
TEST_F(Svm, CommandsMoveTheBytes) {
  auto* a = static_cast<int*>(clSVMAlloc(context, CL_MEM_READ_WRITE, 64 * sizeof(int), 0));
  auto* b = static_cast<int*>(clSVMAlloc(context, CL_MEM_READ_WRITE, 64 * sizeof(int), 0));
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  const int pattern = 0x01020304;
  ASSERT_EQ(clEnqueueSVMMemFill(queue, a, &pattern, sizeof pattern, 64 * sizeof(int), 0, nullptr,
                                nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_WRITE, a + 8, 8 * sizeof(int), 0, nullptr,
                            nullptr),
            CL_SUCCESS);
  for (int i = 8; i < 16; ++i) a[i] = i;
  ASSERT_EQ(clEnqueueSVMUnmap(queue, a + 8, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clEnqueueSVMMemcpy(queue, CL_FALSE, b, a, 64 * sizeof(int), 0, nullptr, nullptr),
            CL_SUCCESS);
  const void* both[2] = {a, b};
  ASSERT_EQ(clEnqueueSVMMigrateMem(queue, 2, both, nullptr, 0, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clEnqueueSVMMemcpy(queue, CL_TRUE, data, b, 64 * sizeof(int), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(data[i], i >= 8 && i < 16 ? i : pattern) << i;
  // A migration of a range outside every allocation of the context.
  const void* outside[1] = {data};
  EXPECT_RULE(clEnqueueSVMMigrateMem(queue, 1, outside, nullptr, 0, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueSVMMigrateMemRangeOutside");
  // clEnqueueSVMFree with a callback hands the pointers to it, which frees them.
  struct Freed {
    cl_uint count = 0;
    cl_context context = nullptr;
  } freed;
  freed.context = context;
  void* pointers[1] = {a};
  auto callback = [](cl_command_queue, cl_uint n, void* ptrs[], void* user) {
    auto* f = static_cast<Freed*>(user);
    f->count = n;
    for (cl_uint i = 0; i < n; ++i) clSVMFree(f->context, ptrs[i]);
  };
  ASSERT_EQ(clEnqueueSVMFree(queue, 1, pointers, callback, &freed, 0, nullptr, nullptr),
            CL_SUCCESS);
  void* rest[1] = {b};
  ASSERT_EQ(clEnqueueSVMFree(queue, 1, rest, nullptr, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(freed.count, 1u);
  // Both are gone: freeing again is freeing something clSVMAlloc did not return.
  clear_last_rule();
  clSVMFree(context, b);
  EXPECT_EQ(last_rule(), "SVMFreeNotSvmPointer");
}

// Every SVM command: "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host
// command-queue" first, and the argument clauses of 2.2 §5.6.1.
TEST_F(Svm, SvmCommandErrors) {
  cl_command_queue gone = released_queue();
  void* ptrs[1] = {data};
  const void* cptrs[1] = {data};
  int pattern = 0;
  EXPECT_RULE(clEnqueueSVMFree(gone, 1, ptrs, nullptr, nullptr, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueSVMFreeInvalidQueue");
  EXPECT_RULE(clEnqueueSVMFree(queue, 0, ptrs, nullptr, nullptr, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueSVMFreeBadPointers");
  EXPECT_RULE(clEnqueueSVMMemcpy(gone, CL_TRUE, data, data + 32, 16, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueSVMMemcpyInvalidQueue");
  EXPECT_RULE(clEnqueueSVMMemcpy(queue, CL_TRUE, data, data + 2, 16, 0, nullptr, nullptr),
              CL_MEM_COPY_OVERLAP, "EnqueueSVMMemcpyOverlap");
  EXPECT_RULE(clEnqueueSVMMemcpy(queue, CL_TRUE, nullptr, data, 16, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueSVMMemcpyNullPointer");
  EXPECT_RULE(clEnqueueSVMMemFill(gone, data, &pattern, sizeof pattern, 16, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueSVMMemFillInvalidQueue");
  EXPECT_RULE(clEnqueueSVMMemFill(queue, data, nullptr, sizeof pattern, 16, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueSVMMemFillBadPattern");
  EXPECT_RULE(clEnqueueSVMMemFill(queue, data, &pattern, sizeof pattern, 15, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueSVMMemFillBadSize");
  EXPECT_RULE(clEnqueueSVMMap(gone, CL_TRUE, CL_MAP_READ, data, 16, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueSVMMapInvalidQueue");
  EXPECT_RULE(clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, nullptr, 16, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueSVMMapNullPointer");
  EXPECT_RULE(clEnqueueSVMMemFill(queue, nullptr, &pattern, sizeof pattern, 16, 0, nullptr,
                                  nullptr),
              CL_INVALID_VALUE, "EnqueueSVMMemFillNullPointer");
  EXPECT_RULE(clEnqueueSVMMemFill(queue, reinterpret_cast<char*>(data) + 1, &pattern,
                                  sizeof pattern, 16, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueSVMMemFillMisaligned");
  EXPECT_RULE(clEnqueueSVMUnmap(gone, data, 0, nullptr, nullptr), CL_INVALID_COMMAND_QUEUE,
              "EnqueueSVMUnmapInvalidQueue");
  EXPECT_RULE(clEnqueueSVMUnmap(queue, nullptr, 0, nullptr, nullptr), CL_INVALID_VALUE,
              "EnqueueSVMUnmapNullPointer");
  EXPECT_RULE(clEnqueueSVMMigrateMem(queue, 0, cptrs, nullptr, 0, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueSVMMigrateMemNoPointers");
  EXPECT_RULE(clEnqueueSVMMigrateMem(gone, 1, cptrs, nullptr, 0, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueSVMMigrateMemInvalidQueue");
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(data[0], 0);
}

// 3.0 clGetMemObjectInfo CL_MEM_USES_SVM_POINTER: true for a CL_MEM_USE_HOST_PTR buffer over an
// SVM allocation, false over other host memory.
TEST_F(Svm, UsesSvmPointer) {
  void* p = clSVMAlloc(context, CL_MEM_READ_WRITE, 256, 0);
  ASSERT_NE(p, nullptr);
  cl_int err = CL_SUCCESS;
  cl_mem over_svm = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 256, p, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem over_host = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, sizeof data, data, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_bool uses = CL_FALSE;
  ASSERT_EQ(clGetMemObjectInfo(over_svm, CL_MEM_USES_SVM_POINTER, sizeof uses, &uses, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(uses, cl_bool{CL_TRUE});
  ASSERT_EQ(clGetMemObjectInfo(over_host, CL_MEM_USES_SVM_POINTER, sizeof uses, &uses, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(uses, cl_bool{CL_FALSE});
  clReleaseMemObject(over_svm);
  clReleaseMemObject(over_host);
  clSVMFree(context, p);
}

// 2.2 §5.2.1: a CL_MEM_USE_HOST_PTR buffer over an SVM allocation succeeds as long as its size
// is no larger than the allocation's (from a pointer inside it: the bytes left after it), and is
// CL_INVALID_BUFFER_SIZE past it, through clCreateBuffer and clCreateBufferWithProperties alike;
// the CTS's svm_allocate_shared_buffer_negative asks for twice the allocation.
TEST_F(Svm, BufferOverSvmAllocationFitsIt) {
  char* p = static_cast<char*>(clSVMAlloc(context, CL_MEM_READ_WRITE, 1024, 0));
  ASSERT_NE(p, nullptr);
  cl_int err = CL_SUCCESS;
  cl_mem whole = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 1024, p, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  cl_mem tail = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 1000, p + 24, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  EXPECT_RULE_ERRCODE(clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 2048, p, &err), err,
                  CL_INVALID_BUFFER_SIZE, "CreateBufferSizeAboveSvmAllocation");
  EXPECT_RULE_ERRCODE(clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 1001, p + 24, &err), err,
                  CL_INVALID_BUFFER_SIZE, "CreateBufferSizeAboveSvmAllocation");
  EXPECT_RULE_ERRCODE(clCreateBufferWithProperties(context, nullptr, CL_MEM_USE_HOST_PTR, 1025, p,
                                               &err),
                  err, CL_INVALID_BUFFER_SIZE,
                  "CreateBufferWithPropertiesSizeAboveSvmAllocation");
  // A copy reads the bytes once; the allocation is no storage of the buffer.
  cl_mem copy = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, 1024, p, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  clReleaseMemObject(copy);
  clReleaseMemObject(tail);
  clReleaseMemObject(whole);
  clSVMFree(context, p);
}

}  // namespace
}  // namespace clvet::test
