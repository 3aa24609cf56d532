// Multithreaded use of contexts, queues and events (OpenCL 1.2 Appendix A.2: every API call is
// thread-safe except clSetKernelArg): many threads creating, enqueuing, setting callbacks and
// releasing at once. Built again with ThreadSanitizer (CLVET_TSAN=ON) and run as Threads*.
#include <atomic>
#include <chrono>
#include <latch>
#include <thread>
#include <vector>

#include "fixtures.h"

namespace clvet::test {
namespace {

using namespace std::chrono_literals;

constexpr int kThreads = 8;

class Threads : public WithPlatform {
 protected:
  // Runs `body(thread_index)` on kThreads threads released at the same moment.
  template <class Body>
  static void run_together(Body body) {
    std::latch start(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        start.arrive_and_wait();
        body(t);
      });
    for (std::thread& thread : threads) thread.join();
  }
  // Callbacks may run on queue threads after the waits returned: poll for the count.
  static bool reaches(const std::atomic<int>& counter, int expected) {
    for (int i = 0; i < 5000 && counter.load() < expected; ++i) std::this_thread::sleep_for(1ms);
    return counter.load() == expected;
  }
  static void CL_CALLBACK count(cl_event, cl_int, void* counter) {
    static_cast<std::atomic<int>*>(counter)->fetch_add(1);
  }
  static void CL_CALLBACK count_failures(cl_event, cl_int status, void* counter) {
    if (status < 0) static_cast<std::atomic<int>*>(counter)->fetch_add(1);
  }
};

// Every thread builds and tears down its own contexts, queues (in-order and out-of-order), user
// events, markers and barriers with wait lists and callbacks, failing some on purpose. Every
// callback is called exactly once; failures reach exactly the commands that wait for them.
TEST_F(Threads, EachThreadItsOwnObjects) {
  std::atomic<int> registered{0}, called{0}, failures_expected{0}, failures_seen{0};
  std::atomic<int> errors{0};
  run_together([&](int t) {
    for (int round = 0; round < 10; ++round) {
      cl_int err;
      cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
      if (err != CL_SUCCESS) {
        ++errors;
        return;
      }
      const cl_queue_properties ooo[] = {CL_QUEUE_PROPERTIES,
                                         CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
      cl_command_queue queues[] = {
          clCreateCommandQueueWithProperties(context, device, nullptr, &err),
          clCreateCommandQueueWithProperties(context, device, ooo, &err)};
      cl_event gate = clCreateUserEvent(context, &err);
      const bool fail = (t + round) % 3 == 0;
      std::vector<cl_event> events;
      for (cl_command_queue q : queues) {
        cl_event m = nullptr, b = nullptr, after = nullptr;
        if (clEnqueueMarkerWithWaitList(q, 1, &gate, &m) != CL_SUCCESS) ++errors;
        if (clEnqueueBarrierWithWaitList(q, 1, &m, &b) != CL_SUCCESS) ++errors;
        if (clEnqueueMarkerWithWaitList(q, 0, nullptr, &after) != CL_SUCCESS) ++errors;
        for (cl_event e : {m, b, after}) {
          if (clSetEventCallback(e, CL_COMPLETE, &count, &called) != CL_SUCCESS) ++errors;
          if (clSetEventCallback(e, CL_COMPLETE, &count_failures, &failures_seen) != CL_SUCCESS)
            ++errors;
          ++registered;
          events.push_back(e);
        }
        // m and b wait for the gate, explicitly or through m; `after` only follows them.
        if (fail) failures_expected += 2;
      }
      if (clFlush(queues[0]) != CL_SUCCESS) ++errors;
      if (clSetUserEventStatus(gate, fail ? -1 : CL_COMPLETE) != CL_SUCCESS) ++errors;
      for (cl_command_queue q : queues) {
        if (clFinish(q) != CL_SUCCESS) ++errors;
        clReleaseCommandQueue(q);
      }
      for (cl_event e : events) clReleaseEvent(e);
      clReleaseEvent(gate);
      clReleaseContext(context);
    }
  });
  EXPECT_EQ(errors.load(), 0);
  EXPECT_TRUE(reaches(called, registered.load())) << called.load() << " of " << registered.load();
  EXPECT_TRUE(reaches(failures_seen, failures_expected.load()));
}

// One user event gates commands of many queues of many threads, which release their queues and
// events at once without waiting (§5.1, §5.9): setting the event completes them all.
TEST_F(Threads, OneUserEventReleasesManyQueues) {
  cl_int err;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_event gate = clCreateUserEvent(context, &err);
  constexpr int kCommands = 16;
  std::atomic<int> called{0}, errors{0};
  run_together([&](int t) {
    const cl_queue_properties ooo[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
                                       0};
    cl_int e;
    cl_command_queue q =
        clCreateCommandQueueWithProperties(context, device, t % 2 ? ooo : nullptr, &e);
    for (int i = 0; i < kCommands; ++i) {
      cl_event ev = nullptr;
      cl_int r = i % 4 == 3 ? clEnqueueBarrierWithWaitList(q, 1, &gate, &ev)
                            : clEnqueueMarkerWithWaitList(q, 1, &gate, &ev);
      if (r != CL_SUCCESS || clSetEventCallback(ev, CL_COMPLETE, &count, &called) != CL_SUCCESS)
        ++errors;
      clReleaseEvent(ev);
    }
    clReleaseCommandQueue(q);
  });
  EXPECT_EQ(called.load(), 0);
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(errors.load(), 0);
  EXPECT_TRUE(reaches(called, kThreads * kCommands)) << called.load();
  clReleaseEvent(gate);
  clReleaseContext(context);
}

// §5.9: clSetUserEventStatus can be called only once: of threads racing, exactly one succeeds;
// the others get CL_INVALID_OPERATION (the precheck, or the implementation when both pass it).
TEST_F(Threads, UserEventStatusRaceHasOneWinner) {
  cl_int err;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  for (int round = 0; round < 20; ++round) {
    cl_event e = clCreateUserEvent(context, &err);
    std::atomic<int> won{0}, refused{0}, called{0};
    ASSERT_EQ(clSetEventCallback(e, CL_COMPLETE, &count, &called), CL_SUCCESS);
    run_together([&](int t) {
      cl_int r = clSetUserEventStatus(e, t % 2 ? CL_COMPLETE : -t - 1);
      if (r == CL_SUCCESS) ++won;
      if (r == CL_INVALID_OPERATION) ++refused;
    });
    EXPECT_EQ(won.load(), 1);
    EXPECT_EQ(refused.load(), kThreads - 1);
    EXPECT_EQ(called.load(), 1);
    clReleaseEvent(e);
  }
  clReleaseContext(context);
}

// Reference counts and callbacks registered while the event completes on another thread:
// counts stay exact, and every callback is called exactly once.
TEST_F(Threads, RetainReleaseAndCallbacksWhileCompleting) {
  cl_int err;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue q = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
  cl_event gate = clCreateUserEvent(context, &err);
  cl_event m = nullptr;
  ASSERT_EQ(clEnqueueMarkerWithWaitList(q, 1, &gate, &m), CL_SUCCESS);
  constexpr int kPerThread = 200;
  std::atomic<int> called{0};
  run_together([&](int t) {
    if (t == 0) {
      std::this_thread::sleep_for(1ms);
      clSetUserEventStatus(gate, CL_COMPLETE);
    }
    for (int i = 0; i < kPerThread; ++i) {
      clRetainEvent(m);
      clRetainCommandQueue(q);
      clSetEventCallback(m,
                         i % 3 == 0   ? CL_SUBMITTED
                         : i % 3 == 1 ? CL_RUNNING
                                      : CL_COMPLETE,
                         &count, &called);
      clReleaseCommandQueue(q);
      clReleaseEvent(m);
    }
  });
  EXPECT_TRUE(reaches(called, kThreads * kPerThread)) << called.load();
  cl_uint refs = 0;
  EXPECT_EQ(clGetEventInfo(m, CL_EVENT_REFERENCE_COUNT, sizeof refs, &refs, nullptr), CL_SUCCESS);
  EXPECT_EQ(refs, 1u);
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof refs, &refs, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(refs, 1u);
  clReleaseEvent(m);
  clReleaseEvent(gate);
  clReleaseCommandQueue(q);
  clReleaseContext(context);
}

// Many threads enqueue into one out-of-order queue, each chaining its commands through wait
// lists, while others wait and finish: every command completes, each after its predecessor.
TEST_F(Threads, SharedQueueChains) {
  cl_int err;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const cl_queue_properties props[] = {
      CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue q = clCreateCommandQueueWithProperties(context, device, props, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  std::atomic<int> errors{0};
  run_together([&](int t) {
    cl_event gate = clCreateUserEvent(context, nullptr);
    std::vector<cl_event> chain = {gate};
    for (int i = 0; i < 20; ++i) {
      cl_event next = nullptr;
      if (clEnqueueMarkerWithWaitList(q, 1, &chain.back(), &next) != CL_SUCCESS) ++errors;
      chain.push_back(next);
    }
    if (t % 2) clFlush(q);
    clSetUserEventStatus(gate, CL_COMPLETE);
    if (clWaitForEvents(1, &chain.back()) != CL_SUCCESS) ++errors;
    for (std::size_t i = 2; i < chain.size(); ++i) {
      cl_ulong end_before = 0, start = 0;
      clGetEventProfilingInfo(chain[i - 1], CL_PROFILING_COMMAND_END, sizeof end_before,
                              &end_before, nullptr);
      clGetEventProfilingInfo(chain[i], CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr);
      if (start < end_before) ++errors;
    }
    for (cl_event e : chain) clReleaseEvent(e);
  });
  EXPECT_EQ(errors.load(), 0);
  EXPECT_EQ(clFinish(q), CL_SUCCESS);
  clReleaseCommandQueue(q);
  clReleaseContext(context);
}

}  // namespace
}  // namespace clvet::test
