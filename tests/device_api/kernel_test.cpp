// Kernel entry points (OpenCL 1.2 §5.7-5.8, 2.2 §5.9-5.10): every rule of
// rules/catalogue/kernel.h that the API can provoke while no program can be built (no kernel
// object can exist yet), and native kernels (clEnqueueNativeKernel) run for real with their
// buffer pointers patched.
#include <atomic>
#include <cstring>
#include <vector>

#include "clvet_entry.h"
#include "fixtures.h"

namespace clvet::test {
namespace {

class KernelApi : public WithQueue {
 protected:
  void SetUp() override {
    WithQueue::SetUp();
    const char* source = "kernel void k(global int* p) { p[0] = 1; }";
    cl_int err;
    program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
  }
  void TearDown() override {
    if (program) clReleaseProgram(program);
    WithQueue::TearDown();
  }
  // A live object of another kind where a kernel is expected (no kernel can exist yet).
  cl_kernel not_a_kernel() { return reinterpret_cast<cl_kernel>(program); }
  cl_program released_program() {
    const char* source = "kernel void k() {}";
    cl_int err;
    cl_program p = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    clReleaseProgram(p);
    return p;
  }
  cl_mem buffer(size_t size) {
    cl_int err;
    cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, size, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return m;
  }
  cl_program program = nullptr;
};

// ---------------------------------------------------------------- creating kernels

// §5.7.1 clCreateKernel: CL_INVALID_PROGRAM, CL_INVALID_VALUE (NULL name),
// CL_INVALID_PROGRAM_EXECUTABLE (the program was never successfully built).
TEST_F(KernelApi, CreateKernelErrors) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateKernel(released_program(), "k", &err), err, CL_INVALID_PROGRAM,
                      "CreateKernelInvalidProgram");
  EXPECT_RULE_ERRCODE(clCreateKernel(program, nullptr, &err), err, CL_INVALID_VALUE,
                      "CreateKernelNullName");
  EXPECT_RULE_ERRCODE(clCreateKernel(program, "k", &err), err, CL_INVALID_PROGRAM_EXECUTABLE,
                      "CreateKernelNoExecutable");
}

// §5.7.1 clCreateKernelsInProgram: CL_INVALID_PROGRAM, CL_INVALID_PROGRAM_EXECUTABLE.
TEST_F(KernelApi, CreateKernelsInProgramErrors) {
  cl_uint n = 99;
  EXPECT_RULE(clCreateKernelsInProgram(released_program(), 0, nullptr, &n), CL_INVALID_PROGRAM,
              "CreateKernelsInProgramInvalidProgram");
  EXPECT_RULE(clCreateKernelsInProgram(program, 0, nullptr, &n), CL_INVALID_PROGRAM_EXECUTABLE,
              "CreateKernelsInProgramNoExecutable");
  EXPECT_EQ(n, 99u);
}

// §5.7.1, 2.2 §5.9.3: CL_INVALID_KERNEL for retain, release and clone of a non-kernel.
TEST_F(KernelApi, RetainReleaseCloneInvalidKernel) {
  EXPECT_RULE(clRetainKernel(not_a_kernel()), CL_INVALID_KERNEL, "RetainKernelInvalidKernel");
  EXPECT_RULE(clReleaseKernel(not_a_kernel()), CL_INVALID_KERNEL, "ReleaseKernelInvalidKernel");
  cl_int err;
  EXPECT_RULE_ERRCODE(clCloneKernel(not_a_kernel(), &err), err, CL_INVALID_KERNEL,
                      "CloneKernelInvalidKernel");
  // The program is untouched by being passed as a kernel.
  cl_uint count = 0;
  EXPECT_EQ(clGetProgramInfo(program, CL_PROGRAM_REFERENCE_COUNT, sizeof count, &count, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(count, 1u);
}

// ---------------------------------------------------------------- arguments and queries

// §5.7.2, 2.2 §5.9.2: CL_INVALID_KERNEL for the argument setters.
TEST_F(KernelApi, ArgumentSettersInvalidKernel) {
  int value = 1;
  EXPECT_RULE(clSetKernelArg(not_a_kernel(), 0, sizeof value, &value), CL_INVALID_KERNEL,
              "SetKernelArgInvalidKernel");
  EXPECT_RULE(clSetKernelArgSVMPointer(not_a_kernel(), 0, &value), CL_INVALID_KERNEL,
              "SetKernelArgSVMPointerInvalidKernel");
  cl_bool yes = CL_TRUE;
  EXPECT_RULE(clSetKernelExecInfo(not_a_kernel(), CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM,
                                  sizeof yes, &yes),
              CL_INVALID_KERNEL, "SetKernelExecInfoInvalidKernel");
}

// §5.7.3, 2.2 §5.9.4: CL_INVALID_KERNEL for every kernel query.
TEST_F(KernelApi, QueriesInvalidKernel) {
  size_t size = 0;
  EXPECT_RULE(clGetKernelInfo(not_a_kernel(), CL_KERNEL_NUM_ARGS, 0, nullptr, &size),
              CL_INVALID_KERNEL, "GetKernelInfoInvalidKernel");
  EXPECT_RULE(clGetKernelWorkGroupInfo(not_a_kernel(), device, CL_KERNEL_WORK_GROUP_SIZE, 0,
                                       nullptr, &size),
              CL_INVALID_KERNEL, "GetKernelWorkGroupInfoInvalidKernel");
  EXPECT_RULE(clGetKernelArgInfo(not_a_kernel(), 0, CL_KERNEL_ARG_NAME, 0, nullptr, &size),
              CL_INVALID_KERNEL, "GetKernelArgInfoInvalidKernel");
  size_t local[1] = {1};
  EXPECT_RULE(clGetKernelSubGroupInfo(not_a_kernel(), device,
                                      CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof local,
                                      local, 0, nullptr, &size),
              CL_INVALID_KERNEL, "GetKernelSubGroupInfoInvalidKernel");
  EXPECT_RULE(clGetKernelSubGroupInfoKHR(not_a_kernel(), device,
                                         CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE_KHR,
                                         sizeof local, local, 0, nullptr, &size),
              CL_INVALID_KERNEL, "GetKernelSubGroupInfoKHRInvalidKernel");
}

// ---------------------------------------------------------------- clEnqueueNDRangeKernel, clEnqueueTask

// §5.8: CL_INVALID_COMMAND_QUEUE, then CL_INVALID_KERNEL.
TEST_F(KernelApi, EnqueueNDRangeKernelHandles) {
  size_t global[1] = {16};
  EXPECT_RULE(clEnqueueNDRangeKernel(released_queue(), not_a_kernel(), 1, nullptr, global,
                                     nullptr, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueNDRangeKernelInvalidQueue");
  EXPECT_RULE(clEnqueueNDRangeKernel(queue, not_a_kernel(), 1, nullptr, global, nullptr, 0,
                                     nullptr, nullptr),
              CL_INVALID_KERNEL, "EnqueueNDRangeKernelInvalidKernel");
  EXPECT_RULE(clEnqueueNDRangeKernel(queue, nullptr, 0, nullptr, nullptr, nullptr, 0, nullptr,
                                     nullptr),
              CL_INVALID_KERNEL, "EnqueueNDRangeKernelInvalidKernel");
}

// §5.8: clEnqueueTask's CL_INVALID_COMMAND_QUEUE and CL_INVALID_KERNEL.
TEST_F(KernelApi, EnqueueTaskHandles) {
  EXPECT_RULE(clEnqueueTask(released_queue(), not_a_kernel(), 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueTaskInvalidQueue");
  EXPECT_RULE(clEnqueueTask(queue, not_a_kernel(), 0, nullptr, nullptr), CL_INVALID_KERNEL,
              "EnqueueTaskInvalidKernel");
}

// cl_khr_suggested_local_work_size (not advertised; reached past the loader).
TEST_F(KernelApi, SuggestedLocalWorkSizeHandles) {
  using Fn = cl_int(CL_API_CALL*)(cl_command_queue, cl_kernel, cl_uint, const size_t*,
                                  const size_t*, size_t*);
  auto suggest = clvet_entry<Fn>("clGetKernelSuggestedLocalWorkSizeKHR");
  ASSERT_NE(suggest, nullptr);
  size_t global[1] = {16}, local[1] = {0};
  EXPECT_RULE(suggest(released_queue(), not_a_kernel(), 1, nullptr, global, local),
              CL_INVALID_COMMAND_QUEUE, "GetKernelSuggestedLocalWorkSizeKHRInvalidQueue");
  EXPECT_RULE(suggest(queue, not_a_kernel(), 1, nullptr, global, local), CL_INVALID_KERNEL,
              "GetKernelSuggestedLocalWorkSizeKHRInvalidKernel");
}

// ---------------------------------------------------------------- clEnqueueNativeKernel

// What a native kernel receives: a buffer pointer patched in place of a cl_mem, and values.
struct NativeArgs {
  int* data;  // a cl_mem when enqueued
  int* none;  // a NULL cl_mem: stays NULL
  int count;
  int value;
};
std::atomic<int> g_native_calls{0};
void CL_CALLBACK fill(void* raw) {
  auto* args = static_cast<NativeArgs*>(raw);
  if (args->none == nullptr)
    for (int i = 0; i < args->count; ++i) args->data[i] = args->value + i;
  ++g_native_calls;
}
void CL_CALLBACK count_call(void*) { ++g_native_calls; }

// §5.8: the device advertises CL_EXEC_NATIVE_KERNEL, so native kernels run.
TEST_F(KernelApi, DeviceExecutesNativeKernels) {
  cl_device_exec_capabilities caps = 0;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_EXECUTION_CAPABILITIES, sizeof caps, &caps, nullptr),
            CL_SUCCESS);
  EXPECT_TRUE(caps & CL_EXEC_NATIVE_KERNEL);
}

// §5.8: args is copied; the cl_mem handles at args_mem_loc in the copy are replaced by pointers
// to the buffers' memory (NULL for a NULL entry) before user_func runs; the caller's args are
// untouched, the event is a CL_COMMAND_NATIVE_KERNEL that completes, and what the function
// wrote is in the buffer.
TEST_F(KernelApi, NativeKernelWritesThroughPatchedBufferPointer) {
  constexpr int kCount = 64;
  cl_mem data = buffer(kCount * sizeof(int));
  NativeArgs args{};
  std::memcpy(&args.data, &data, sizeof data);
  args.none = nullptr;
  args.count = kCount;
  args.value = 1000;
  cl_mem mems[] = {data, nullptr};
  const void* locations[] = {&args.data, &args.none};
  g_native_calls = 0;
  cl_event event = nullptr;
  ASSERT_EQ(clEnqueueNativeKernel(queue, fill, &args, sizeof args, 2, mems, locations, 0, nullptr,
                                  &event),
            CL_SUCCESS);
  // The application's args were not patched: they still hold the cl_mem.
  cl_mem still = nullptr;
  std::memcpy(&still, &args.data, sizeof still);
  EXPECT_EQ(still, data);
  args.value = -1;  // reusing args after the call must not change what the command sees
  ASSERT_EQ(clWaitForEvents(1, &event), CL_SUCCESS);
  EXPECT_EQ(g_native_calls.load(), 1);
  cl_command_type type = 0;
  EXPECT_EQ(clGetEventInfo(event, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
  EXPECT_EQ(type, static_cast<cl_command_type>(CL_COMMAND_NATIVE_KERNEL));
  cl_int status = 1;
  EXPECT_EQ(clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                           nullptr),
            CL_SUCCESS);
  EXPECT_EQ(status, CL_COMPLETE);
  std::vector<int> result(kCount, 0);
  ASSERT_EQ(clEnqueueReadBuffer(queue, data, CL_TRUE, 0, kCount * sizeof(int), result.data(), 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  for (int i = 0; i < kCount; ++i) EXPECT_EQ(result[i], 1000 + i) << i;
  clReleaseEvent(event);
  clReleaseMemObject(data);
}

// §5.8: a sub-buffer's pointer is its origin inside the parent's memory.
TEST_F(KernelApi, NativeKernelGetsSubBufferOrigin) {
  cl_mem parent = buffer(1024);
  cl_buffer_region region{512, 256};
  cl_int err;
  cl_mem sub = clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region,
                                 &err);
  ASSERT_EQ(err, CL_SUCCESS);
  NativeArgs args{};
  std::memcpy(&args.data, &sub, sizeof sub);
  args.count = 4;
  args.value = 7;
  cl_mem mems[] = {sub};
  const void* locations[] = {&args.data};
  ASSERT_EQ(clEnqueueNativeKernel(queue, fill, &args, sizeof args, 1, mems, locations, 0, nullptr,
                                  nullptr),
            CL_SUCCESS);
  int result[4] = {};
  ASSERT_EQ(clEnqueueReadBuffer(queue, parent, CL_TRUE, 512, sizeof result, result, 0, nullptr,
                                nullptr),
            CL_SUCCESS);
  EXPECT_EQ(result[0], 7);
  EXPECT_EQ(result[3], 10);
  clReleaseMemObject(sub);
  clReleaseMemObject(parent);
}

// §5.8: the command waits for its wait list; a native kernel without args gets NULL args.
TEST_F(KernelApi, NativeKernelWaitsForItsWaitList) {
  cl_int err;
  cl_event gate = clCreateUserEvent(context, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  g_native_calls = 0;
  cl_event done = nullptr;
  ASSERT_EQ(clEnqueueNativeKernel(queue, count_call, nullptr, 0, 0, nullptr, nullptr, 1, &gate,
                                  &done),
            CL_SUCCESS);
  EXPECT_EQ(g_native_calls.load(), 0);
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &done), CL_SUCCESS);
  EXPECT_EQ(g_native_calls.load(), 1);
  clReleaseEvent(done);
  clReleaseEvent(gate);
}

// §5.8: CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.
TEST_F(KernelApi, NativeKernelInvalidQueue) {
  EXPECT_RULE(clEnqueueNativeKernel(released_queue(), count_call, nullptr, 0, 0, nullptr, nullptr,
                                    0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueNativeKernelInvalidQueue");
}

// §5.8: CL_INVALID_CONTEXT if the queue's context and the wait list events' differ.
TEST_F(KernelApi, NativeKernelEventOfAnotherContext) {
  cl_int err;
  cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_event foreign = clCreateUserEvent(other, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_RULE(clEnqueueNativeKernel(queue, count_call, nullptr, 0, 0, nullptr, nullptr, 1,
                                    &foreign, nullptr),
              CL_INVALID_CONTEXT, "EnqueueNativeKernelContextDiffers");
  clSetUserEventStatus(foreign, CL_COMPLETE);
  clReleaseEvent(foreign);
  clReleaseContext(other);
}

// §5.8: the CL_INVALID_VALUE clauses of user_func, args / cb_args and mem_list / args_mem_loc.
TEST_F(KernelApi, NativeKernelInvalidValues) {
  NativeArgs args{};
  cl_mem data = buffer(64);
  std::memcpy(&args.data, &data, sizeof data);
  cl_mem mems[] = {data};
  const void* locations[] = {&args.data};
  EXPECT_RULE(clEnqueueNativeKernel(queue, nullptr, &args, sizeof args, 0, nullptr, nullptr, 0,
                                    nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueNativeKernelNullFunction");
  EXPECT_RULE(clEnqueueNativeKernel(queue, fill, nullptr, sizeof args, 0, nullptr, nullptr, 0,
                                    nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueNativeKernelNullArgs");
  EXPECT_RULE(clEnqueueNativeKernel(queue, fill, nullptr, 0, 1, mems, locations, 0, nullptr,
                                    nullptr),
              CL_INVALID_VALUE, "EnqueueNativeKernelNullArgs");
  EXPECT_RULE(clEnqueueNativeKernel(queue, fill, &args, 0, 0, nullptr, nullptr, 0, nullptr,
                                    nullptr),
              CL_INVALID_VALUE, "EnqueueNativeKernelArgsWithoutSize");
  EXPECT_RULE(clEnqueueNativeKernel(queue, fill, &args, sizeof args, 1, nullptr, locations, 0,
                                    nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueNativeKernelMemListMissing");
  EXPECT_RULE(clEnqueueNativeKernel(queue, fill, &args, sizeof args, 1, mems, nullptr, 0, nullptr,
                                    nullptr),
              CL_INVALID_VALUE, "EnqueueNativeKernelMemListMissing");
  EXPECT_RULE(clEnqueueNativeKernel(queue, fill, &args, sizeof args, 0, mems, nullptr, 0, nullptr,
                                    nullptr),
              CL_INVALID_VALUE, "EnqueueNativeKernelMemListUnexpected");
  EXPECT_RULE(clEnqueueNativeKernel(queue, fill, &args, sizeof args, 0, nullptr, locations, 0,
                                    nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueNativeKernelMemListUnexpected");
  clReleaseMemObject(data);
}

// §5.8 (args_mem_loc "pointer to appropriate locations that args points to"): clvet refuses a
// location outside the cb_args bytes rather than write outside its copy.
TEST_F(KernelApi, NativeKernelMemLocOutsideArgs) {
  NativeArgs args{};
  cl_mem data = buffer(64);
  std::memcpy(&args.data, &data, sizeof data);
  cl_mem elsewhere_handle = data;
  cl_mem mems[] = {data};
  const void* outside[] = {&elsewhere_handle};
  EXPECT_RULE(clEnqueueNativeKernel(queue, fill, &args, sizeof args, 1, mems, outside, 0, nullptr,
                                    nullptr),
              CL_INVALID_VALUE, "EnqueueNativeKernelMemLocOutsideArgs");
  // The last bytes of args cannot hold a whole pointer.
  const void* straddling[] = {reinterpret_cast<const char*>(&args) + sizeof args - 2};
  EXPECT_RULE(clEnqueueNativeKernel(queue, fill, &args, sizeof args, 1, mems, straddling, 0,
                                    nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueNativeKernelMemLocOutsideArgs");
  clReleaseMemObject(data);
}

// §5.8: CL_INVALID_MEM_OBJECT if memory objects in mem_list are not valid buffer objects.
TEST_F(KernelApi, NativeKernelInvalidMemObject) {
  NativeArgs args{};
  const void* locations[] = {&args.data};
  cl_mem released = buffer(64);
  clReleaseMemObject(released);
  cl_mem mems[] = {released};
  EXPECT_RULE(clEnqueueNativeKernel(queue, fill, &args, sizeof args, 1, mems, locations, 0,
                                    nullptr, nullptr),
              CL_INVALID_MEM_OBJECT, "EnqueueNativeKernelInvalidMemObject");
  cl_int err;
  cl_event event = clCreateUserEvent(context, &err);
  cl_mem wrong[] = {reinterpret_cast<cl_mem>(event)};
  EXPECT_RULE(clEnqueueNativeKernel(queue, fill, &args, sizeof args, 1, wrong, locations, 0,
                                    nullptr, nullptr),
              CL_INVALID_MEM_OBJECT, "EnqueueNativeKernelInvalidMemObject");
  clSetUserEventStatus(event, CL_COMPLETE);
  clReleaseEvent(event);
}

// §5.8: CL_INVALID_EVENT_WAIT_LIST for a NULL list with a count, a list with count 0, or an
// invalid event in it.
TEST_F(KernelApi, NativeKernelBadWaitList) {
  cl_int err;
  cl_event event = clCreateUserEvent(context, &err);
  EXPECT_RULE(clEnqueueNativeKernel(queue, count_call, nullptr, 0, 0, nullptr, nullptr, 1,
                                    nullptr, nullptr),
              CL_INVALID_EVENT_WAIT_LIST, "EnqueueNativeKernelBadWaitList");
  EXPECT_RULE(clEnqueueNativeKernel(queue, count_call, nullptr, 0, 0, nullptr, nullptr, 0, &event,
                                    nullptr),
              CL_INVALID_EVENT_WAIT_LIST, "EnqueueNativeKernelBadWaitList");
  cl_event released = clCreateUserEvent(context, &err);
  clReleaseEvent(released);
  cl_event list[] = {event, released};
  EXPECT_RULE(clEnqueueNativeKernel(queue, count_call, nullptr, 0, 0, nullptr, nullptr, 2, list,
                                    nullptr),
              CL_INVALID_EVENT_WAIT_LIST, "EnqueueNativeKernelBadWaitList");
  clSetUserEventStatus(event, CL_COMPLETE);
  clReleaseEvent(event);
}

}  // namespace
}  // namespace clvet::test
