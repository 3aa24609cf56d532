// Shared virtual memory (OpenCL 2.2 §5.6) on a device with CL_DEVICE_SVM_CAPABILITIES = 0:
// clSVMAlloc checks its arguments and then returns NULL (3.0: "no devices in context support
// SVM"), clSVMFree does nothing, and the SVM commands fail with CL_INVALID_OPERATION after the
// queue's validity. clSVMAlloc and clSVMFree return no code: the rule id tells what happened.
#include <cstdlib>

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

// Table 4.3 (3.0): the device reports no SVM capability.
TEST_F(Svm, DeviceReportsNoSvm) {
  cl_device_svm_capabilities caps = ~cl_device_svm_capabilities{0};
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof caps, &caps, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(caps, 0u);
}

// 2.2 §5.6.1 "clSVMAlloc will fail if": each condition, in the spec's order, before the 3.0
// condition "no devices in context support SVM".
TEST_F(Svm, SVMAllocFailureConditions) {
  expect_alloc_fails(released_context(), CL_MEM_READ_WRITE, 64, 0, "SVMAllocInvalidContext");
  expect_alloc_fails(context, CL_MEM_SVM_ATOMICS, 64, 0, "SVMAllocAtomicsWithoutFineGrain");
  expect_alloc_fails(context, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, 64, 0, "SVMAllocFlagsConflict");
  expect_alloc_fails(context, CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY, 64, 0, "SVMAllocFlagsConflict");
  // The device has no fine-grain buffer SVM (nor atomics).
  expect_alloc_fails(context, CL_MEM_SVM_FINE_GRAIN_BUFFER, 64, 0, "SVMAllocFineGrainUnsupported");
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

// 3.0 §5.6.1: "context is not a valid context, or no devices in context support SVM": every
// otherwise valid request returns NULL.
TEST_F(Svm, SVMAllocWithoutSvmDevices) {
  expect_alloc_fails(context, 0, 64, 0, "SVMAllocNoSvmDevice");
  expect_alloc_fails(context, CL_MEM_READ_ONLY, 4096, 128, "SVMAllocNoSvmDevice");
  expect_alloc_fails(context, CL_MEM_WRITE_ONLY, 1, 1, "SVMAllocNoSvmDevice");
}

// clSVMFree: "context is a valid OpenCL context used to create the SVM buffer"; 3.0: "If no
// devices in context support SVM, no action occurs" and "If a NULL pointer is passed in
// svm_pointer, no action occurs".
TEST_F(Svm, SVMFree) {
  clear_last_rule();
  clSVMFree(released_context(), data);
  EXPECT_EQ(last_rule(), "SVMFreeInvalidContext");
  clear_last_rule();
  clSVMFree(context, nullptr);
  clSVMFree(context, data);  // no SVM device: nothing happens, the array stays usable
  EXPECT_EQ(last_rule(), "");
  data[0] = 7;
  EXPECT_EQ(data[0], 7);
}

// Every SVM command: "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host
// command-queue", then (3.0) "CL_INVALID_OPERATION if the device associated with command_queue
// does not support SVM", whatever else is wrong with the call.
TEST_F(Svm, SvmCommands) {
  cl_command_queue gone = released_queue();
  void* ptrs[1] = {data};
  const void* cptrs[1] = {data};
  int pattern = 0;
  EXPECT_RULE(clEnqueueSVMFree(gone, 1, ptrs, nullptr, nullptr, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueSVMFreeInvalidQueue");
  EXPECT_RULE(clEnqueueSVMFree(queue, 1, ptrs, nullptr, nullptr, 0, nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueSVMFreeNoSvm");
  EXPECT_RULE(clEnqueueSVMFree(queue, 0, ptrs, nullptr, nullptr, 0, nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueSVMFreeNoSvm");
  EXPECT_RULE(clEnqueueSVMMemcpy(gone, CL_TRUE, data, data + 32, 16, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueSVMMemcpyInvalidQueue");
  EXPECT_RULE(clEnqueueSVMMemcpy(queue, CL_TRUE, data, data + 32, 16, 0, nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueSVMMemcpyNoSvm");
  EXPECT_RULE(clEnqueueSVMMemFill(gone, data, &pattern, sizeof pattern, 16, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueSVMMemFillInvalidQueue");
  EXPECT_RULE(clEnqueueSVMMemFill(queue, data, &pattern, sizeof pattern, 16, 0, nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueSVMMemFillNoSvm");
  EXPECT_RULE(clEnqueueSVMMap(gone, CL_TRUE, CL_MAP_READ, data, 16, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueSVMMapInvalidQueue");
  EXPECT_RULE(clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, data, 16, 0, nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueSVMMapNoSvm");
  EXPECT_RULE(clEnqueueSVMUnmap(gone, data, 0, nullptr, nullptr), CL_INVALID_COMMAND_QUEUE,
              "EnqueueSVMUnmapInvalidQueue");
  EXPECT_RULE(clEnqueueSVMUnmap(queue, data, 0, nullptr, nullptr), CL_INVALID_OPERATION,
              "EnqueueSVMUnmapNoSvm");
  EXPECT_RULE(clEnqueueSVMMigrateMem(gone, 1, cptrs, nullptr, 0, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueSVMMigrateMemInvalidQueue");
  EXPECT_RULE(clEnqueueSVMMigrateMem(queue, 1, cptrs, nullptr, 0, 0, nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueSVMMigrateMemNoSvm");
  // Nothing was written or enqueued.
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(data[0], 0);
}

}  // namespace
}  // namespace clvet::test
