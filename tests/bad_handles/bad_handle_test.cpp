// Every handle parameter of every entry point, given a garbage pointer, a released object or
// an object of another kind, gets an error and never a crash (the reference device never
// dereferences a pointer it does not know). Calls go straight to the device's dispatch table:
// through the loader a garbage pointer would crash inside the loader, which reads the
// handle's dispatch pointer first.
#include <gtest/gtest.h>

#include <cstring>

#include "bad_handle_cases.h"
#include "fixtures.h"

namespace clvet::test {
namespace {

class BadHandles : public WithQueue {
 protected:
  void SetUp() override {
    WithQueue::SetUp();
    cl_int err;
    buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    event = clCreateUserEvent(context, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    const char* source = "kernel void k(global int* p) { p[0] = 1; }";
    program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    set(ObjectKind::Platform, platform);
    set(ObjectKind::Device, device);
    set(ObjectKind::Context, context);
    set(ObjectKind::CommandQueue, queue);
    set(ObjectKind::Mem, buffer);
    set(ObjectKind::Event, event);
    set(ObjectKind::Program, program);
    std::memset(garbage, 0xA5, sizeof garbage);
    dispatch = *reinterpret_cast<const cl_icd_dispatch* const*>(platform);
  }
  void TearDown() override {
    clSetUserEventStatus(event, CL_COMPLETE);
    clReleaseEvent(event);
    clReleaseMemObject(buffer);
    clReleaseProgram(program);
    WithQueue::TearDown();
  }
  void set(ObjectKind kind, void* handle) { good.handles[static_cast<int>(kind)] = handle; }

  // A released object of `kind`, or nullptr where none can be made.
  void* released(ObjectKind kind) {
    cl_int err;
    switch (kind) {
      case ObjectKind::Context: {
        cl_context c = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        clReleaseContext(c);
        return c;
      }
      case ObjectKind::CommandQueue: {
        cl_command_queue q = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
        clReleaseCommandQueue(q);
        return q;
      }
      case ObjectKind::Mem: {
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, 16, nullptr, &err);
        clReleaseMemObject(m);
        return m;
      }
      case ObjectKind::Event: {
        cl_event e = clCreateUserEvent(context, &err);
        clReleaseEvent(e);
        return e;
      }
      case ObjectKind::Program: {
        const char* source = "kernel void k() {}";
        cl_program p = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
        clReleaseProgram(p);
        return p;
      }
      default: return nullptr;
    }
  }
  // A live object of another kind.
  void* wrong_kind(ObjectKind kind) { return kind == ObjectKind::Mem ? (void*)event : (void*)buffer; }

  GoodHandles good;
  cl_mem buffer = nullptr;
  cl_event event = nullptr;
  cl_program program = nullptr;
  alignas(16) unsigned char garbage[256];
  const cl_icd_dispatch* dispatch = nullptr;
};

TEST_F(BadHandles, GarbagePointerInEveryHandleParameter) {
  ASSERT_GT(bad_handle_cases().size(), 150u);
  for (const BadHandleCase& c : bad_handle_cases()) {
    Outcome o = c.call(dispatch, good, garbage);
    EXPECT_TRUE(o.failed) << c.entry << "(" << c.param << " = garbage) did not fail";
  }
}

TEST_F(BadHandles, ReleasedObjectInEveryHandleParameter) {
  for (const BadHandleCase& c : bad_handle_cases()) {
    void* bad = released(c.kind);
    if (bad == nullptr) continue;  // platforms, root devices, kernels, samplers: none to release
    Outcome o = c.call(dispatch, good, bad);
    EXPECT_TRUE(o.failed) << c.entry << "(" << c.param << " = released " << api::to_string(c.kind) << ") did not fail";
  }
}

TEST_F(BadHandles, ObjectOfAnotherKindInEveryHandleParameter) {
  for (const BadHandleCase& c : bad_handle_cases()) {
    Outcome o = c.call(dispatch, good, wrong_kind(c.kind));
    EXPECT_TRUE(o.failed) << c.entry << "(" << c.param << " = a " << api::to_string(c.kind == ObjectKind::Mem ? ObjectKind::Event : ObjectKind::Mem) << ") did not fail";
  }
}

}  // namespace
}  // namespace clvet::test
