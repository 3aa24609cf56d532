// Memory commands (OpenCL 1.2 §5.2.2-5.2.4, §5.4.1-5.4.4): read, write, copy and their
// rectangular forms, fill, map, unmap and migrate, with their data checked against a host
// computation, their events, blocking and non-blocking behaviour, and every error clause.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <numeric>
#include <vector>

#include "fixtures.h"

namespace clvet::test {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes iota_bytes(size_t n, std::uint8_t first = 0) {
  Bytes b(n);
  std::iota(b.begin(), b.end(), first);
  return b;
}

class MemoryCommands : public WithQueue {
 protected:
  void TearDown() override {
    if (queue) clFinish(queue);
    for (cl_mem m : mems_) EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
    for (cl_event e : events_) EXPECT_EQ(clReleaseEvent(e), CL_SUCCESS);
    if (other_) {
      EXPECT_EQ(clReleaseContext(other_), CL_SUCCESS);
    }
    WithQueue::TearDown();
  }

  // A buffer released at the end of the test.
  cl_mem buffer(size_t size, cl_mem_flags flags = 0, void* host_ptr = nullptr,
                cl_context in = nullptr) {
    cl_int err = CL_INVALID_VALUE;
    cl_mem mem = clCreateBuffer(in ? in : context, flags, size, host_ptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    mems_.push_back(mem);
    return mem;
  }
  cl_mem sub(cl_mem parent, size_t origin, size_t size) {
    cl_buffer_region region{origin, size};
    cl_int err = CL_INVALID_VALUE;
    cl_mem mem = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    mems_.push_back(mem);
    return mem;
  }
  // A buffer holding `data`.
  cl_mem filled(const Bytes& data, cl_mem_flags flags = 0) {
    return buffer(data.size(), flags | CL_MEM_COPY_HOST_PTR,
                  const_cast<std::uint8_t*>(data.data()));
  }
  Bytes contents(cl_mem mem) {
    size_t size = 0;
    EXPECT_EQ(clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof size, &size, nullptr), CL_SUCCESS);
    Bytes out(size);
    EXPECT_EQ(clEnqueueReadBuffer(queue, mem, CL_TRUE, 0, size, out.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    return out;
  }
  cl_event user_event(cl_context in = nullptr) {
    cl_int err = CL_INVALID_VALUE;
    cl_event e = clCreateUserEvent(in ? in : context, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    events_.push_back(e);
    return e;
  }
  // An event that already failed: a blocking command waiting on it must fail too.
  cl_event failed_event() {
    cl_event e = user_event();
    EXPECT_EQ(clSetUserEventStatus(e, -1), CL_SUCCESS);
    return e;
  }
  void keep(cl_event e) { events_.push_back(e); }
  cl_context other_context() {
    if (!other_) other_ = clCreateContext(nullptr, 1, &device, nullptr, nullptr, nullptr);
    return other_;
  }
  size_t align() {
    cl_uint bits = 0;
    clGetDeviceInfo(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, nullptr);
    return bits / 8;
  }
  cl_int status(cl_event e) {
    cl_int s = 1;
    EXPECT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s, &s, nullptr),
              CL_SUCCESS);
    return s;
  }
  cl_command_type type(cl_event e) {
    cl_command_type t = 0;
    EXPECT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof t, &t, nullptr), CL_SUCCESS);
    return t;
  }

  // Ids of the handle rules every memory command starts with, in the order checked.
  struct HandleRules {
    const char* queue;
    const char* mem;
    const char* wait_list;
    const char* context;
    const char* wait_list_context;
  };
  using Call = std::function<cl_int(cl_command_queue, cl_mem, cl_uint, const cl_event*)>;
  // Calls `call` with a valid queue and `good` buffer except for the one thing each clause
  // is about.
  void expect_handle_rules(const Call& call, cl_mem good, const HandleRules& ids) {
    const cl_event foreign = user_event(other_context());
    const cl_event local = user_event();
    const cl_mem elsewhere = buffer(4096, 0, nullptr, other_context());
    EXPECT_RULE(call(reinterpret_cast<cl_command_queue>(context), good, 0, nullptr),
                CL_INVALID_COMMAND_QUEUE, ids.queue);
    EXPECT_RULE(call(queue, reinterpret_cast<cl_mem>(queue), 0, nullptr), CL_INVALID_MEM_OBJECT,
                ids.mem);
    EXPECT_RULE(call(queue, good, 1, nullptr), CL_INVALID_EVENT_WAIT_LIST, ids.wait_list);
    EXPECT_RULE(call(queue, good, 0, &local), CL_INVALID_EVENT_WAIT_LIST, ids.wait_list);
    EXPECT_RULE(call(queue, elsewhere, 0, nullptr), CL_INVALID_CONTEXT, ids.context);
    EXPECT_RULE(call(queue, good, 1, &foreign), CL_INVALID_CONTEXT, ids.wait_list_context);
    EXPECT_EQ(clSetUserEventStatus(foreign, CL_COMPLETE), CL_SUCCESS);
    EXPECT_EQ(clSetUserEventStatus(local, CL_COMPLETE), CL_SUCCESS);
  }

 private:
  std::vector<cl_mem> mems_;
  std::vector<cl_event> events_;
  cl_context other_ = nullptr;
};

// --- §5.2.2 clEnqueueReadBuffer / clEnqueueWriteBuffer

// §5.2.2: blocking writes and reads at offsets move exactly the bytes asked for; their events
// name the command.
TEST_F(MemoryCommands, WriteThenReadAtOffsets) {
  cl_mem mem = buffer(256);
  Bytes zeros(256, 0), data = iota_bytes(100, 1);
  ASSERT_EQ(clEnqueueWriteBuffer(queue, mem, CL_TRUE, 0, 256, zeros.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  cl_event wrote = nullptr, read = nullptr;
  ASSERT_EQ(clEnqueueWriteBuffer(queue, mem, CL_TRUE, 50, 100, data.data(), 0, nullptr, &wrote),
            CL_SUCCESS);
  keep(wrote);
  EXPECT_EQ(status(wrote), CL_COMPLETE);
  EXPECT_EQ(type(wrote), cl_command_type{CL_COMMAND_WRITE_BUFFER});
  Bytes out(120, 0xee);
  ASSERT_EQ(clEnqueueReadBuffer(queue, mem, CL_TRUE, 40, 120, out.data(), 0, nullptr, &read),
            CL_SUCCESS);
  keep(read);
  EXPECT_EQ(type(read), cl_command_type{CL_COMMAND_READ_BUFFER});
  for (size_t i = 0; i < out.size(); ++i) {
    const size_t at = 40 + i;
    EXPECT_EQ(out[i], at >= 50 && at < 150 ? data[at - 50] : 0) << at;
  }
}

// §5.2.2: a non-blocking read is queued and returns; its data is there once the command has
// completed (here: after clFinish, its wait list held back by a user event).
TEST_F(MemoryCommands, NonBlockingReadArrivesAfterFinish) {
  const Bytes data = iota_bytes(64, 10);
  cl_mem mem = filled(data);
  cl_event gate = user_event();
  Bytes out(64, 0);
  cl_event read = nullptr;
  ASSERT_EQ(clEnqueueReadBuffer(queue, mem, CL_FALSE, 0, 64, out.data(), 1, &gate, &read),
            CL_SUCCESS);
  keep(read);
  EXPECT_GT(status(read), CL_COMPLETE);
  EXPECT_EQ(out, Bytes(64, 0)) << "the read ran before its wait list completed";
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(status(read), CL_COMPLETE);
  EXPECT_EQ(out, data);
}

// §5.2.2 (OpenCL 2.0+): size 0 is no longer an error; nothing moves.
TEST_F(MemoryCommands, ZeroSizedReadAndWriteSucceed) {
  cl_mem mem = buffer(16);
  std::uint8_t byte = 7;
  EXPECT_EQ(clEnqueueReadBuffer(queue, mem, CL_TRUE, 16, 0, &byte, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clEnqueueWriteBuffer(queue, mem, CL_TRUE, 0, 0, &byte, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(byte, 7);
}

// §5.2.2: the error clauses of clEnqueueReadBuffer.
TEST_F(MemoryCommands, ReadBufferErrors) {
  cl_mem mem = buffer(64);
  Bytes out(64);
  expect_handle_rules(
      [&](cl_command_queue q, cl_mem m, cl_uint n, const cl_event* list) {
        return clEnqueueReadBuffer(q, m, CL_TRUE, 0, 16, out.data(), n, list, nullptr);
      },
      mem,
      {"EnqueueReadBufferInvalidCommandQueue", "EnqueueReadBufferInvalidMemObject",
       "EnqueueReadBufferInvalidWaitList", "EnqueueReadBufferContextMismatch",
       "EnqueueReadBufferWaitListContextMismatch"});
  EXPECT_RULE(clEnqueueReadBuffer(queue, mem, CL_TRUE, 60, 8, out.data(), 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueReadBufferOutOfBounds");
  EXPECT_RULE(clEnqueueReadBuffer(queue, mem, CL_TRUE, 65, 0, out.data(), 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueReadBufferOutOfBounds");
  EXPECT_RULE(clEnqueueReadBuffer(queue, mem, CL_TRUE, 0, 8, nullptr, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueReadBufferNullPtr");
  for (cl_mem_flags hidden : {CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_NO_ACCESS}) {
    cl_mem m = buffer(64, hidden);
    EXPECT_RULE(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 8, out.data(), 0, nullptr, nullptr),
                CL_INVALID_OPERATION, "EnqueueReadBufferHostAccess");
  }
  cl_event failed = failed_event();
  EXPECT_RULE(clEnqueueReadBuffer(queue, mem, CL_TRUE, 0, 8, out.data(), 1, &failed, nullptr),
              CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
              "EnqueueReadBufferBlockingWaitListFailed");
}

// §5.2.2: the error clauses of clEnqueueWriteBuffer.
TEST_F(MemoryCommands, WriteBufferErrors) {
  cl_mem mem = buffer(64);
  Bytes in(64);
  expect_handle_rules(
      [&](cl_command_queue q, cl_mem m, cl_uint n, const cl_event* list) {
        return clEnqueueWriteBuffer(q, m, CL_TRUE, 0, 16, in.data(), n, list, nullptr);
      },
      mem,
      {"EnqueueWriteBufferInvalidCommandQueue", "EnqueueWriteBufferInvalidMemObject",
       "EnqueueWriteBufferInvalidWaitList", "EnqueueWriteBufferContextMismatch",
       "EnqueueWriteBufferWaitListContextMismatch"});
  EXPECT_RULE(clEnqueueWriteBuffer(queue, mem, CL_TRUE, 0, 65, in.data(), 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueWriteBufferOutOfBounds");
  EXPECT_RULE(clEnqueueWriteBuffer(queue, mem, CL_TRUE, 0, 8, nullptr, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueWriteBufferNullPtr");
  for (cl_mem_flags hidden : {CL_MEM_HOST_READ_ONLY, CL_MEM_HOST_NO_ACCESS}) {
    cl_mem m = buffer(64, hidden);
    EXPECT_RULE(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, 8, in.data(), 0, nullptr, nullptr),
                CL_INVALID_OPERATION, "EnqueueWriteBufferHostAccess");
  }
  cl_event failed = failed_event();
  EXPECT_RULE(clEnqueueWriteBuffer(queue, mem, CL_TRUE, 0, 8, in.data(), 1, &failed, nullptr),
              CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
              "EnqueueWriteBufferBlockingWaitListFailed");
}

// §5.2.1: a sub-buffer is a window on its parent's data store, both ways.
TEST_F(MemoryCommands, SubBufferSharesItsParentsData) {
  const size_t a = align();
  const Bytes data = iota_bytes(4 * a);
  cl_mem parent = filled(data);
  cl_mem part = sub(parent, a, 2 * a);
  EXPECT_EQ(contents(part), Bytes(data.begin() + a, data.begin() + 3 * a));
  const Bytes ones(8, 1);
  ASSERT_EQ(clEnqueueWriteBuffer(queue, part, CL_TRUE, 0, 8, ones.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  Bytes whole = contents(parent);
  EXPECT_EQ(whole[a - 1], static_cast<std::uint8_t>(a - 1));
  EXPECT_EQ(whole[a], 1);
  EXPECT_EQ(whole[a + 7], 1);
  EXPECT_EQ(whole[a + 8], static_cast<std::uint8_t>(a + 8));
}

// --- §5.2.2 rectangular reads and writes

// A host model of a rectangle copy between two byte arrays with their own origin and pitches.
void model_rect(Bytes& dst, const size_t* dst_origin, size_t drow, size_t dslice, const Bytes& src,
                const size_t* src_origin, size_t srow, size_t sslice, const size_t* region) {
  for (size_t z = 0; z < region[2]; ++z)
    for (size_t y = 0; y < region[1]; ++y)
      for (size_t x = 0; x < region[0]; ++x)
        dst[(dst_origin[2] + z) * dslice + (dst_origin[1] + y) * drow + dst_origin[0] + x] =
            src[(src_origin[2] + z) * sslice + (src_origin[1] + y) * srow + src_origin[0] + x];
}

// §5.2.2 clEnqueueReadBufferRect / clEnqueueWriteBufferRect: 3D rectangles with explicit and
// default (0) pitches, checked against the host model.
TEST_F(MemoryCommands, RectReadAndWriteMatchTheHostModel) {
  const Bytes initial = iota_bytes(8 * 6 * 3);  // 8-byte rows, 6 rows a slice, 3 slices
  cl_mem mem = filled(initial);
  const size_t bo[3] = {2, 1, 1}, ho[3] = {1, 1, 0}, region[3] = {3, 2, 2};
  Bytes host(5 * 4 * 2, 0);  // host rows of 5 bytes, slices of 20
  cl_event read = nullptr;
  ASSERT_EQ(clEnqueueReadBufferRect(queue, mem, CL_TRUE, bo, ho, region, 8, 48, 5, 20, host.data(),
                                    0, nullptr, &read),
            CL_SUCCESS);
  keep(read);
  EXPECT_EQ(type(read), cl_command_type{CL_COMMAND_READ_BUFFER_RECT});
  Bytes expected(host.size(), 0);
  model_rect(expected, ho, 5, 20, initial, bo, 8, 48, region);
  EXPECT_EQ(host, expected);

  // Default pitches: tightly packed rows of region[0] bytes and slices of region[1] rows.
  const Bytes source = iota_bytes(3 * 2 * 2, 200);
  const size_t origin0[3] = {0, 0, 0}, to[3] = {4, 3, 0};
  cl_event wrote = nullptr;
  ASSERT_EQ(clEnqueueWriteBufferRect(queue, mem, CL_TRUE, to, origin0, region, 8, 48, 0, 0,
                                     source.data(), 0, nullptr, &wrote),
            CL_SUCCESS);
  keep(wrote);
  EXPECT_EQ(type(wrote), cl_command_type{CL_COMMAND_WRITE_BUFFER_RECT});
  Bytes model = initial;
  model_rect(model, to, 8, 48, source, origin0, 3, 6, region);
  EXPECT_EQ(contents(mem), model);
}

// §5.2.2 (and the 3.0 clarifications): the error clauses of clEnqueueReadBufferRect.
TEST_F(MemoryCommands, ReadBufferRectErrors) {
  cl_mem mem = buffer(256);
  Bytes out(256);
  const size_t o[3] = {0, 0, 0}, r[3] = {4, 2, 1};
  auto read = [&](const size_t* bo, const size_t* ho, const size_t* region, size_t brow,
                  size_t bslice, size_t hrow, size_t hslice, void* ptr = nullptr) {
    return clEnqueueReadBufferRect(queue, mem, CL_TRUE, bo, ho, region, brow, bslice, hrow, hslice,
                                   ptr ? ptr : out.data(), 0, nullptr, nullptr);
  };
  expect_handle_rules(
      [&](cl_command_queue q, cl_mem m, cl_uint n, const cl_event* list) {
        return clEnqueueReadBufferRect(q, m, CL_TRUE, o, o, r, 0, 0, 0, 0, out.data(), n, list,
                                       nullptr);
      },
      mem,
      {"EnqueueReadBufferRectInvalidCommandQueue", "EnqueueReadBufferRectInvalidMemObject",
       "EnqueueReadBufferRectInvalidWaitList", "EnqueueReadBufferRectContextMismatch",
       "EnqueueReadBufferRectWaitListContextMismatch"});
  EXPECT_RULE(read(nullptr, o, r, 0, 0, 0, 0), CL_INVALID_VALUE,
              "EnqueueReadBufferRectNullOriginOrRegion");
  EXPECT_RULE(read(o, o, nullptr, 0, 0, 0, 0), CL_INVALID_VALUE,
              "EnqueueReadBufferRectNullOriginOrRegion");
  const size_t far[3] = {0, 0, 64};
  EXPECT_RULE(read(far, o, r, 0, 0, 0, 0), CL_INVALID_VALUE, "EnqueueReadBufferRectOutOfBounds");
  const size_t wide[3] = {16, 16, 2};  // 16-byte rows, 256-byte slices: the second slice is out
  EXPECT_RULE(read(o, o, wide, 0, 0, 0, 0), CL_INVALID_VALUE, "EnqueueReadBufferRectOutOfBounds");
  EXPECT_RULE(clEnqueueReadBufferRect(queue, mem, CL_TRUE, o, o, r, 0, 0, 0, 0, nullptr, 0, nullptr,
                                      nullptr),
              CL_INVALID_VALUE, "EnqueueReadBufferRectNullPtr");
  const size_t flat[3] = {4, 0, 1};
  EXPECT_RULE(read(o, o, flat, 0, 0, 0, 0), CL_INVALID_VALUE, "EnqueueReadBufferRectRegionZero");
  EXPECT_RULE(read(o, o, r, 3, 0, 0, 0), CL_INVALID_VALUE,
              "EnqueueReadBufferRectBufferRowPitchTooSmall");
  EXPECT_RULE(read(o, o, r, 0, 0, 3, 0), CL_INVALID_VALUE,
              "EnqueueReadBufferRectHostRowPitchTooSmall");
  // 1.2's clause: below region[1] * row_pitch (8) and not a multiple of it (4).
  EXPECT_RULE(read(o, o, r, 4, 6, 0, 0), CL_INVALID_VALUE, "EnqueueReadBufferRectBufferSlicePitch");
  EXPECT_RULE(read(o, o, r, 0, 0, 4, 6), CL_INVALID_VALUE, "EnqueueReadBufferRectHostSlicePitch");
  // 3.0's clauses: either condition alone.
  EXPECT_RULE(read(o, o, r, 4, 10, 0, 0), CL_INVALID_VALUE,
              "EnqueueReadBufferRectBufferSlicePitchInvalid");
  EXPECT_RULE(read(o, o, r, 0, 0, 4, 4), CL_INVALID_VALUE,
              "EnqueueReadBufferRectHostSlicePitchInvalid");
  cl_mem hidden = buffer(64, CL_MEM_HOST_WRITE_ONLY);
  EXPECT_RULE(clEnqueueReadBufferRect(queue, hidden, CL_TRUE, o, o, r, 0, 0, 0, 0, out.data(), 0,
                                      nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueReadBufferRectHostAccess");
  cl_event failed = failed_event();
  EXPECT_RULE(clEnqueueReadBufferRect(queue, mem, CL_TRUE, o, o, r, 0, 0, 0, 0, out.data(), 1,
                                      &failed, nullptr),
              CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
              "EnqueueReadBufferRectBlockingWaitListFailed");
}

// §5.2.2 (and the 3.0 clarifications): the error clauses of clEnqueueWriteBufferRect.
TEST_F(MemoryCommands, WriteBufferRectErrors) {
  cl_mem mem = buffer(256);
  Bytes in(256);
  const size_t o[3] = {0, 0, 0}, r[3] = {4, 2, 1};
  auto write = [&](const size_t* bo, const size_t* ho, const size_t* region, size_t brow,
                   size_t bslice, size_t hrow, size_t hslice) {
    return clEnqueueWriteBufferRect(queue, mem, CL_TRUE, bo, ho, region, brow, bslice, hrow, hslice,
                                    in.data(), 0, nullptr, nullptr);
  };
  expect_handle_rules(
      [&](cl_command_queue q, cl_mem m, cl_uint n, const cl_event* list) {
        return clEnqueueWriteBufferRect(q, m, CL_TRUE, o, o, r, 0, 0, 0, 0, in.data(), n, list,
                                        nullptr);
      },
      mem,
      {"EnqueueWriteBufferRectInvalidCommandQueue", "EnqueueWriteBufferRectInvalidMemObject",
       "EnqueueWriteBufferRectInvalidWaitList", "EnqueueWriteBufferRectContextMismatch",
       "EnqueueWriteBufferRectWaitListContextMismatch"});
  EXPECT_RULE(write(o, nullptr, r, 0, 0, 0, 0), CL_INVALID_VALUE,
              "EnqueueWriteBufferRectNullOriginOrRegion");
  const size_t far[3] = {253, 0, 0};
  EXPECT_RULE(write(far, o, r, 0, 0, 0, 0), CL_INVALID_VALUE, "EnqueueWriteBufferRectOutOfBounds");
  EXPECT_RULE(clEnqueueWriteBufferRect(queue, mem, CL_TRUE, o, o, r, 0, 0, 0, 0, nullptr, 0,
                                       nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueWriteBufferRectNullPtr");
  const size_t flat[3] = {0, 2, 1};
  EXPECT_RULE(write(o, o, flat, 0, 0, 0, 0), CL_INVALID_VALUE, "EnqueueWriteBufferRectRegionZero");
  EXPECT_RULE(write(o, o, r, 2, 0, 0, 0), CL_INVALID_VALUE,
              "EnqueueWriteBufferRectBufferRowPitchTooSmall");
  EXPECT_RULE(write(o, o, r, 0, 0, 2, 0), CL_INVALID_VALUE,
              "EnqueueWriteBufferRectHostRowPitchTooSmall");
  EXPECT_RULE(write(o, o, r, 4, 7, 0, 0), CL_INVALID_VALUE,
              "EnqueueWriteBufferRectBufferSlicePitch");
  EXPECT_RULE(write(o, o, r, 0, 0, 4, 7), CL_INVALID_VALUE, "EnqueueWriteBufferRectHostSlicePitch");
  EXPECT_RULE(write(o, o, r, 4, 4, 0, 0), CL_INVALID_VALUE,
              "EnqueueWriteBufferRectBufferSlicePitchInvalid");
  EXPECT_RULE(write(o, o, r, 0, 0, 4, 9), CL_INVALID_VALUE,
              "EnqueueWriteBufferRectHostSlicePitchInvalid");
  cl_mem hidden = buffer(64, CL_MEM_HOST_READ_ONLY);
  EXPECT_RULE(clEnqueueWriteBufferRect(queue, hidden, CL_TRUE, o, o, r, 0, 0, 0, 0, in.data(), 0,
                                       nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueWriteBufferRectHostAccess");
  cl_event failed = failed_event();
  EXPECT_RULE(clEnqueueWriteBufferRect(queue, mem, CL_TRUE, o, o, r, 0, 0, 0, 0, in.data(), 1,
                                       &failed, nullptr),
              CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
              "EnqueueWriteBufferRectBlockingWaitListFailed");
}

// --- §5.2.2 copies

// §5.2.2 clEnqueueCopyBuffer: bytes move between buffers, within one buffer when the ranges are
// apart, and between a buffer and its own sub-buffer (which CL_MEM_COPY_OVERLAP does not cover).
TEST_F(MemoryCommands, CopyBuffer) {
  const Bytes data = iota_bytes(512);
  cl_mem src = filled(data), dst = buffer(512);
  cl_event copied = nullptr;
  ASSERT_EQ(clEnqueueCopyBuffer(queue, src, dst, 100, 300, 200, 0, nullptr, &copied), CL_SUCCESS);
  keep(copied);
  ASSERT_EQ(clWaitForEvents(1, &copied), CL_SUCCESS);
  EXPECT_EQ(type(copied), cl_command_type{CL_COMMAND_COPY_BUFFER});
  Bytes out = contents(dst);
  EXPECT_TRUE(std::equal(out.begin() + 300, out.begin() + 500, data.begin() + 100));

  ASSERT_EQ(clEnqueueCopyBuffer(queue, src, src, 0, 256, 256, 0, nullptr, nullptr), CL_SUCCESS);
  Bytes model = data;
  std::copy(data.begin(), data.begin() + 256, model.begin() + 256);
  EXPECT_EQ(contents(src), model);

  const size_t a = align();
  cl_mem parent = filled(iota_bytes(4 * a)), part = sub(parent, a, 2 * a);
  ASSERT_EQ(clEnqueueCopyBuffer(queue, parent, part, 0, 0, a, 0, nullptr, nullptr), CL_SUCCESS);
  Bytes whole = contents(parent);
  for (size_t i = 0; i < a; ++i) EXPECT_EQ(whole[a + i], static_cast<std::uint8_t>(i));
}

// §5.2.2: the error clauses of clEnqueueCopyBuffer.
TEST_F(MemoryCommands, CopyBufferErrors) {
  cl_mem src = buffer(256), dst = buffer(256);
  expect_handle_rules(
      [&](cl_command_queue q, cl_mem m, cl_uint n, const cl_event* list) {
        return clEnqueueCopyBuffer(q, m, dst, 0, 0, 16, n, list, nullptr);
      },
      src,
      {"EnqueueCopyBufferInvalidCommandQueue", "EnqueueCopyBufferInvalidMemObject",
       "EnqueueCopyBufferInvalidWaitList", "EnqueueCopyBufferContextMismatch",
       "EnqueueCopyBufferWaitListContextMismatch"});
  EXPECT_RULE(clEnqueueCopyBuffer(queue, src, reinterpret_cast<cl_mem>(queue), 0, 0, 16, 0, nullptr,
                                  nullptr),
              CL_INVALID_MEM_OBJECT, "EnqueueCopyBufferInvalidMemObject");
  EXPECT_RULE(clEnqueueCopyBuffer(queue, src, dst, 250, 0, 16, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueCopyBufferOutOfBounds");
  EXPECT_RULE(clEnqueueCopyBuffer(queue, src, dst, 0, 241, 16, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueCopyBufferOutOfBounds");
  EXPECT_RULE(clEnqueueCopyBuffer(queue, src, src, 0, 15, 16, 0, nullptr, nullptr),
              CL_MEM_COPY_OVERLAP, "EnqueueCopyBufferOverlap");
  EXPECT_RULE(clEnqueueCopyBuffer(queue, src, src, 15, 0, 16, 0, nullptr, nullptr),
              CL_MEM_COPY_OVERLAP, "EnqueueCopyBufferOverlap");
  // Different sub-buffers of one buffer, overlapping in the parent.
  const size_t a = align();
  cl_mem parent = buffer(4 * a), left = sub(parent, 0, 2 * a), right = sub(parent, a, 2 * a);
  EXPECT_RULE(clEnqueueCopyBuffer(queue, left, right, a, 0, 16, 0, nullptr, nullptr),
              CL_MEM_COPY_OVERLAP, "EnqueueCopyBufferOverlap");
  EXPECT_EQ(clEnqueueCopyBuffer(queue, left, right, 0, a, 16, 0, nullptr, nullptr), CL_SUCCESS);
}

// §5.2.2 clEnqueueCopyBufferRect: rectangles with their own pitches, checked against the host
// model; rows of one buffer that interleave without sharing a byte are no overlap.
TEST_F(MemoryCommands, CopyBufferRect) {
  const Bytes data = iota_bytes(16 * 4 * 2);
  cl_mem src = filled(data), dst = buffer(10 * 5 * 3);
  const size_t so[3] = {3, 1, 0}, doff[3] = {1, 2, 1}, region[3] = {5, 3, 2};
  cl_event copied = nullptr;
  ASSERT_EQ(clEnqueueCopyBufferRect(queue, src, dst, so, doff, region, 16, 64, 10, 50, 0, nullptr,
                                    &copied),
            CL_SUCCESS);
  keep(copied);
  ASSERT_EQ(clWaitForEvents(1, &copied), CL_SUCCESS);
  EXPECT_EQ(type(copied), cl_command_type{CL_COMMAND_COPY_BUFFER_RECT});
  Bytes model = contents(dst);  // untouched bytes are undefined; compare only the rectangle
  Bytes expected = model;
  model_rect(expected, doff, 10, 50, data, so, 16, 64, region);
  EXPECT_EQ(model, expected);

  // Within one buffer: 4-byte halves of 16-byte rows.
  const size_t left[3] = {0, 0, 0}, right[3] = {8, 0, 0}, half[3] = {4, 4, 2};
  ASSERT_EQ(clEnqueueCopyBufferRect(queue, src, src, left, right, half, 16, 64, 16, 64, 0, nullptr,
                                    nullptr),
            CL_SUCCESS);
  Bytes after = data;
  model_rect(after, right, 16, 64, data, left, 16, 64, half);
  EXPECT_EQ(contents(src), after);
}

// §5.2.2 (and the 3.0 clarifications): the error clauses of clEnqueueCopyBufferRect.
TEST_F(MemoryCommands, CopyBufferRectErrors) {
  cl_mem src = buffer(256), dst = buffer(256);
  const size_t o[3] = {0, 0, 0}, r[3] = {4, 2, 1};
  auto copy = [&](cl_mem from, cl_mem to, const size_t* so, const size_t* dor, const size_t* region,
                  size_t srow, size_t sslice, size_t drow, size_t dslice) {
    return clEnqueueCopyBufferRect(queue, from, to, so, dor, region, srow, sslice, drow, dslice, 0,
                                   nullptr, nullptr);
  };
  expect_handle_rules(
      [&](cl_command_queue q, cl_mem m, cl_uint n, const cl_event* list) {
        return clEnqueueCopyBufferRect(q, m, dst, o, o, r, 0, 0, 0, 0, n, list, nullptr);
      },
      src,
      {"EnqueueCopyBufferRectInvalidCommandQueue", "EnqueueCopyBufferRectInvalidMemObject",
       "EnqueueCopyBufferRectInvalidWaitList", "EnqueueCopyBufferRectContextMismatch",
       "EnqueueCopyBufferRectWaitListContextMismatch"});
  EXPECT_RULE(copy(src, dst, o, nullptr, r, 0, 0, 0, 0), CL_INVALID_VALUE,
              "EnqueueCopyBufferRectNullOriginOrRegion");
  const size_t far[3] = {0, 127, 0};
  EXPECT_RULE(copy(src, dst, o, far, r, 0, 0, 0, 0), CL_INVALID_VALUE,
              "EnqueueCopyBufferRectOutOfBounds");
  const size_t flat[3] = {4, 2, 0};
  EXPECT_RULE(copy(src, dst, o, o, flat, 0, 0, 0, 0), CL_INVALID_VALUE,
              "EnqueueCopyBufferRectRegionZero");
  EXPECT_RULE(copy(src, dst, o, o, r, 3, 0, 0, 0), CL_INVALID_VALUE,
              "EnqueueCopyBufferRectSrcRowPitchTooSmall");
  EXPECT_RULE(copy(src, dst, o, o, r, 0, 0, 1, 0), CL_INVALID_VALUE,
              "EnqueueCopyBufferRectDstRowPitchTooSmall");
  EXPECT_RULE(copy(src, dst, o, o, r, 4, 10, 0, 0), CL_INVALID_VALUE,
              "EnqueueCopyBufferRectSrcSlicePitchInvalid");
  EXPECT_RULE(copy(src, dst, o, o, r, 0, 0, 4, 4), CL_INVALID_VALUE,
              "EnqueueCopyBufferRectDstSlicePitchInvalid");
  const size_t down[3] = {0, 0, 2};
  // Both pitches differ (1.2's clause), then only the slice pitch (3.0's).
  EXPECT_RULE(copy(src, src, o, down, r, 4, 8, 8, 16), CL_INVALID_VALUE,
              "EnqueueCopyBufferRectSameBufferPitches");
  EXPECT_RULE(copy(src, src, o, down, r, 4, 8, 4, 16), CL_INVALID_VALUE,
              "EnqueueCopyBufferRectSameBufferPitchMismatch");
  const size_t shifted[3] = {2, 1, 0};
  EXPECT_RULE(copy(src, src, o, shifted, r, 8, 0, 8, 0), CL_MEM_COPY_OVERLAP,
              "EnqueueCopyBufferRectOverlap");
  const size_t a = align();
  cl_mem parent = buffer(4 * a), left = sub(parent, 0, 2 * a), right = sub(parent, a, 2 * a);
  const size_t at_a[3] = {a, 0, 0};
  EXPECT_RULE(copy(left, right, at_a, o, r, 0, 0, 0, 0), CL_MEM_COPY_OVERLAP,
              "EnqueueCopyBufferRectOverlap");
  EXPECT_EQ(copy(left, right, o, at_a, r, 0, 0, 0, 0), CL_SUCCESS);
}

// --- §5.2.3 fill

// §5.2.3: every pattern size from 1 to 128 bytes fills exactly [offset, offset + size).
TEST_F(MemoryCommands, FillBufferWithEveryPatternSize) {
  for (size_t pattern_size = 1; pattern_size <= 128; pattern_size *= 2) {
    const Bytes pattern = iota_bytes(pattern_size, 1);
    cl_mem mem = filled(Bytes(1024, 0));
    cl_event fill = nullptr;
    const size_t offset = pattern_size * 2, size = pattern_size * 3;
    ASSERT_EQ(clEnqueueFillBuffer(queue, mem, pattern.data(), pattern_size, offset, size, 0,
                                  nullptr, &fill),
              CL_SUCCESS);
    keep(fill);
    EXPECT_EQ(type(fill), cl_command_type{CL_COMMAND_FILL_BUFFER});
    Bytes out = contents(mem);
    for (size_t i = 0; i < out.size(); ++i) {
      const bool inside = i >= offset && i < offset + size;
      EXPECT_EQ(out[i], inside ? pattern[(i - offset) % pattern_size] : 0)
          << "pattern " << pattern_size << " byte " << i;
    }
  }
}

// §5.2.3: the error clauses of clEnqueueFillBuffer.
TEST_F(MemoryCommands, FillBufferErrors) {
  cl_mem mem = buffer(256);
  const std::uint32_t word = 0x01020304;
  expect_handle_rules(
      [&](cl_command_queue q, cl_mem m, cl_uint n, const cl_event* list) {
        return clEnqueueFillBuffer(q, m, &word, 4, 0, 16, n, list, nullptr);
      },
      mem,
      {"EnqueueFillBufferInvalidCommandQueue", "EnqueueFillBufferInvalidMemObject",
       "EnqueueFillBufferInvalidWaitList", "EnqueueFillBufferContextMismatch",
       "EnqueueFillBufferWaitListContextMismatch"});
  EXPECT_RULE(clEnqueueFillBuffer(queue, mem, &word, 4, 252, 8, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueFillBufferOutOfBounds");
  EXPECT_RULE(clEnqueueFillBuffer(queue, mem, nullptr, 4, 0, 8, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueFillBufferInvalidPattern");
  const Bytes big(256, 0);
  for (size_t bad : {size_t{0}, size_t{3}, size_t{256}}) {
    EXPECT_RULE(clEnqueueFillBuffer(queue, mem, big.data(), bad, 0, 0, 0, nullptr, nullptr),
                CL_INVALID_VALUE, "EnqueueFillBufferInvalidPattern");
  }
  EXPECT_RULE(clEnqueueFillBuffer(queue, mem, &word, 4, 2, 8, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueFillBufferNotPatternMultiple");
  EXPECT_RULE(clEnqueueFillBuffer(queue, mem, &word, 4, 0, 6, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueFillBufferNotPatternMultiple");
  // The host access flags do not restrict a fill (§5.2.3).
  cl_mem hidden = buffer(64, CL_MEM_HOST_NO_ACCESS);
  EXPECT_EQ(clEnqueueFillBuffer(queue, hidden, &word, 4, 0, 64, 0, nullptr, nullptr), CL_SUCCESS);
}

// --- §5.2.4 map, §5.4.2 unmap

// §5.2.4, §5.4.2: a blocking map for reading shows the buffer; a map for writing changes it
// once unmapped; CL_MEM_MAP_COUNT follows the live mappings.
TEST_F(MemoryCommands, MapReadAndWrite) {
  const Bytes data = iota_bytes(256);
  cl_mem mem = filled(data);
  cl_int err = CL_INVALID_VALUE;
  cl_event mapped_event = nullptr;
  auto* view = static_cast<std::uint8_t*>(clEnqueueMapBuffer(queue, mem, CL_TRUE, CL_MAP_READ, 16,
                                                             32, 0, nullptr, &mapped_event, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  keep(mapped_event);
  EXPECT_EQ(type(mapped_event), cl_command_type{CL_COMMAND_MAP_BUFFER});
  EXPECT_TRUE(std::equal(view, view + 32, data.begin() + 16));
  cl_uint count = 0;
  clGetMemObjectInfo(mem, CL_MEM_MAP_COUNT, sizeof count, &count, nullptr);
  EXPECT_EQ(count, 1u);
  cl_event unmapped = nullptr;
  ASSERT_EQ(clEnqueueUnmapMemObject(queue, mem, view, 0, nullptr, &unmapped), CL_SUCCESS);
  keep(unmapped);
  ASSERT_EQ(clWaitForEvents(1, &unmapped), CL_SUCCESS);
  EXPECT_EQ(type(unmapped), cl_command_type{CL_COMMAND_UNMAP_MEM_OBJECT});
  clGetMemObjectInfo(mem, CL_MEM_MAP_COUNT, sizeof count, &count, nullptr);
  EXPECT_EQ(count, 0u);

  auto* writable = static_cast<std::uint8_t*>(clEnqueueMapBuffer(
      queue, mem, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 100, 10, 0, nullptr, nullptr, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  std::fill(writable, writable + 10, 0xab);
  ASSERT_EQ(clEnqueueUnmapMemObject(queue, mem, writable, 0, nullptr, nullptr), CL_SUCCESS);
  Bytes model = data;
  std::fill(model.begin() + 100, model.begin() + 110, 0xab);
  EXPECT_EQ(contents(mem), model);
}

// §5.2.4: for CL_MEM_USE_HOST_PTR the mapped pointer is derived from host_ptr.
TEST_F(MemoryCommands, MapOfUseHostPtrBufferPointsIntoHostPtr) {
  alignas(128) std::uint8_t host[256] = {};
  cl_mem mem = buffer(sizeof host, CL_MEM_USE_HOST_PTR, host);
  cl_int err = CL_INVALID_VALUE;
  void* view = clEnqueueMapBuffer(queue, mem, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 64, 16, 0,
                                  nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(view, static_cast<void*>(host + 64));
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, mem, view, 0, nullptr, nullptr), CL_SUCCESS);
}

// §5.2.4: a non-blocking map returns at once; the region may be used once its event completes.
TEST_F(MemoryCommands, NonBlockingMapCompletesWithItsWaitList) {
  cl_mem mem = filled(iota_bytes(64, 5));
  cl_event gate = user_event(), mapped = nullptr;
  cl_int err = CL_INVALID_VALUE;
  auto* view = static_cast<std::uint8_t*>(
      clEnqueueMapBuffer(queue, mem, CL_FALSE, CL_MAP_READ, 0, 64, 1, &gate, &mapped, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_NE(view, nullptr);
  keep(mapped);
  EXPECT_GT(status(mapped), CL_COMPLETE);
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &mapped), CL_SUCCESS);
  EXPECT_EQ(view[0], 5);
  EXPECT_EQ(view[63], 68);
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, mem, view, 0, nullptr, nullptr), CL_SUCCESS);
}

// §5.4.3 (and 2.x's clEnqueueMapBuffer list): overlapping mappings are fine for reading only;
// a map for writing that overlaps any live mapping of the buffer, its parent or a sibling
// sub-buffer is CL_INVALID_OPERATION.
TEST_F(MemoryCommands, OverlappingMapsForWriting) {
  const size_t a = align();
  cl_mem parent = buffer(4 * a), part = sub(parent, a, 2 * a);
  cl_int err = CL_INVALID_VALUE;
  auto map = [&](cl_mem m, cl_map_flags flags, size_t offset, size_t size) {
    return clEnqueueMapBuffer(queue, m, CL_TRUE, flags, offset, size, 0, nullptr, nullptr, &err);
  };
  void* r1 = map(parent, CL_MAP_READ, 0, 64);
  void* r2 = map(parent, CL_MAP_READ, 32, 64);
  ASSERT_NE(r1, nullptr);
  ASSERT_NE(r2, nullptr);
  EXPECT_RULE_ERRCODE(map(parent, CL_MAP_WRITE, 48, 8), err, CL_INVALID_OPERATION,
                      "EnqueueMapBufferOverlappingWriteMap");
  void* w1 = map(parent, CL_MAP_WRITE, a, 16);  // apart from both reads
  ASSERT_NE(w1, nullptr);
  EXPECT_RULE_ERRCODE(map(part, CL_MAP_READ, 8, 8), err, CL_INVALID_OPERATION,
                      "EnqueueMapBufferOverlappingWriteMap");
  void* w2 = map(part, CL_MAP_WRITE, 16, 16);  // the parent's bytes a+16..a+31: free
  ASSERT_NE(w2, nullptr);
  const std::vector<std::pair<cl_mem, void*>> live = {
      {parent, r1}, {parent, r2}, {parent, w1}, {part, w2}};
  for (auto [m, p] : live)
    EXPECT_EQ(clEnqueueUnmapMemObject(queue, m, p, 0, nullptr, nullptr), CL_SUCCESS);
  void* again = map(parent, CL_MAP_WRITE, 0, 4 * a);  // nothing is mapped any more
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, parent, again, 0, nullptr, nullptr), CL_SUCCESS);
}

// §5.2.4: the error clauses of clEnqueueMapBuffer.
TEST_F(MemoryCommands, MapBufferErrors) {
  cl_mem mem = buffer(256);
  cl_int err = CL_SUCCESS;
  expect_handle_rules(
      [&](cl_command_queue q, cl_mem m, cl_uint n, const cl_event* list) {
        cl_int code = CL_SUCCESS;
        void* p = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 0, 16, n, list, nullptr, &code);
        EXPECT_EQ(p, nullptr);
        return code;
      },
      mem,
      {"EnqueueMapBufferInvalidCommandQueue", "EnqueueMapBufferInvalidMemObject",
       "EnqueueMapBufferInvalidWaitList", "EnqueueMapBufferContextMismatch",
       "EnqueueMapBufferWaitListContextMismatch"});
  auto map = [&](cl_mem m, cl_map_flags flags, size_t offset, size_t size) {
    return clEnqueueMapBuffer(queue, m, CL_TRUE, flags, offset, size, 0, nullptr, nullptr, &err);
  };
  EXPECT_RULE_ERRCODE(map(mem, CL_MAP_READ, 200, 57), err, CL_INVALID_VALUE,
                      "EnqueueMapBufferOutOfBounds");
  EXPECT_RULE_ERRCODE(map(mem, CL_MAP_READ, 0, 0), err, CL_INVALID_VALUE,
                      "EnqueueMapBufferSizeZero");
  EXPECT_RULE_ERRCODE(map(mem, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0, 8), err,
                      CL_INVALID_VALUE, "EnqueueMapBufferInvalidMapFlags");
  EXPECT_RULE_ERRCODE(map(mem, CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION, 0, 8), err,
                      CL_INVALID_VALUE, "EnqueueMapBufferInvalidMapFlags");
  EXPECT_RULE_ERRCODE(map(mem, cl_map_flags{1} << 9, 0, 8), err, CL_INVALID_VALUE,
                      "EnqueueMapBufferInvalidMapFlags");
  cl_mem write_only = buffer(64, CL_MEM_HOST_WRITE_ONLY);
  cl_mem read_only = buffer(64, CL_MEM_HOST_READ_ONLY);
  cl_mem no_access = buffer(64, CL_MEM_HOST_NO_ACCESS);
  EXPECT_RULE_ERRCODE(map(write_only, CL_MAP_READ, 0, 8), err, CL_INVALID_OPERATION,
                      "EnqueueMapBufferHostAccess");
  EXPECT_RULE_ERRCODE(map(read_only, CL_MAP_WRITE, 0, 8), err, CL_INVALID_OPERATION,
                      "EnqueueMapBufferHostAccess");
  EXPECT_RULE_ERRCODE(map(no_access, CL_MAP_WRITE_INVALIDATE_REGION, 0, 8), err,
                      CL_INVALID_OPERATION, "EnqueueMapBufferHostAccess");
  cl_event failed = failed_event();
  EXPECT_RULE_ERRCODE(
      clEnqueueMapBuffer(queue, mem, CL_TRUE, CL_MAP_READ, 0, 8, 1, &failed, nullptr, &err), err,
      CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "EnqueueMapBufferBlockingWaitListFailed");
  cl_uint count = 9;
  clGetMemObjectInfo(mem, CL_MEM_MAP_COUNT, sizeof count, &count, nullptr);
  EXPECT_EQ(count, 0u) << "a failed map leaves no mapping behind";
}

// §5.4.2: the error clauses of clEnqueueUnmapMemObject; mapped_ptr must be a live mapping of
// that very object.
TEST_F(MemoryCommands, UnmapErrors) {
  cl_mem mem = buffer(256), other = buffer(256);
  cl_int err = CL_INVALID_VALUE;
  void* view =
      clEnqueueMapBuffer(queue, mem, CL_TRUE, CL_MAP_READ, 0, 16, 0, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  expect_handle_rules(
      [&](cl_command_queue q, cl_mem m, cl_uint n, const cl_event* list) {
        return clEnqueueUnmapMemObject(q, m, view, n, list, nullptr);
      },
      mem,
      {"EnqueueUnmapMemObjectInvalidCommandQueue", "EnqueueUnmapMemObjectInvalidMemObject",
       "EnqueueUnmapMemObjectInvalidWaitList", "EnqueueUnmapMemObjectContextMismatch",
       "EnqueueUnmapMemObjectWaitListContextMismatch"});
  int local = 0;
  EXPECT_RULE(clEnqueueUnmapMemObject(queue, mem, &local, 0, nullptr, nullptr), CL_INVALID_VALUE,
              "EnqueueUnmapMemObjectInvalidMappedPtr");
  EXPECT_RULE(clEnqueueUnmapMemObject(queue, other, view, 0, nullptr, nullptr), CL_INVALID_VALUE,
              "EnqueueUnmapMemObjectInvalidMappedPtr");
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, mem, view, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_RULE(clEnqueueUnmapMemObject(queue, mem, view, 0, nullptr, nullptr), CL_INVALID_VALUE,
              "EnqueueUnmapMemObjectInvalidMappedPtr");
}

// --- §5.4.4 migrate

// §5.4.4: migration is a queued command over the listed objects.
TEST_F(MemoryCommands, MigrateMemObjects) {
  cl_mem list[2] = {buffer(64), buffer(64)};
  cl_event migrated = nullptr;
  for (cl_mem_migration_flags flags :
       {cl_mem_migration_flags{0}, cl_mem_migration_flags{CL_MIGRATE_MEM_OBJECT_HOST},
        cl_mem_migration_flags{CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED}}) {
    EXPECT_EQ(clEnqueueMigrateMemObjects(queue, 2, list, flags, 0, nullptr, nullptr), CL_SUCCESS);
  }
  ASSERT_EQ(clEnqueueMigrateMemObjects(queue, 1, list, 0, 0, nullptr, &migrated), CL_SUCCESS);
  keep(migrated);
  ASSERT_EQ(clWaitForEvents(1, &migrated), CL_SUCCESS);
  EXPECT_EQ(type(migrated), cl_command_type{CL_COMMAND_MIGRATE_MEM_OBJECTS});
}

// §5.4.4: the error clauses of clEnqueueMigrateMemObjects.
TEST_F(MemoryCommands, MigrateErrors) {
  cl_mem mem = buffer(64);
  expect_handle_rules(
      [&](cl_command_queue q, cl_mem m, cl_uint n, const cl_event* list) {
        return clEnqueueMigrateMemObjects(q, 1, &m, 0, n, list, nullptr);
      },
      mem,
      {"EnqueueMigrateMemObjectsInvalidCommandQueue", "EnqueueMigrateMemObjectsInvalidMemObject",
       "EnqueueMigrateMemObjectsInvalidWaitList", "EnqueueMigrateMemObjectsContextMismatch",
       "EnqueueMigrateMemObjectsWaitListContextMismatch"});
  EXPECT_RULE(clEnqueueMigrateMemObjects(queue, 0, &mem, 0, 0, nullptr, nullptr), CL_INVALID_VALUE,
              "EnqueueMigrateMemObjectsNoMemObjects");
  EXPECT_RULE(clEnqueueMigrateMemObjects(queue, 1, nullptr, 0, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueMigrateMemObjectsNoMemObjects");
  EXPECT_RULE(clEnqueueMigrateMemObjects(queue, 1, &mem, 4, 0, nullptr, nullptr), CL_INVALID_VALUE,
              "EnqueueMigrateMemObjectsInvalidFlags");
}

// --- §5.4.1 object lifetime with queued commands

struct Deletion {
  int calls = 0;
};
void CL_CALLBACK count_deletion(cl_mem, void* user_data) {
  ++static_cast<Deletion*>(user_data)->calls;
}

// §5.4.1: after the last release, the object (and its destructor callback) waits for the
// queued commands that use it; it is gone once they have finished.
TEST_F(MemoryCommands, ReleasedBufferLivesUntilItsCommandsFinish) {
  Deletion deletion;
  cl_int err = CL_INVALID_VALUE;
  cl_mem mem = clCreateBuffer(context, 0, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clSetMemObjectDestructorCallback(mem, count_deletion, &deletion), CL_SUCCESS);
  cl_event gate = user_event();
  const std::uint32_t word = 0x5a5a5a5a;
  ASSERT_EQ(clEnqueueFillBuffer(queue, mem, &word, 4, 0, 64, 1, &gate, nullptr), CL_SUCCESS);
  ASSERT_EQ(clReleaseMemObject(mem), CL_SUCCESS);
  EXPECT_EQ(deletion.calls, 0);
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(deletion.calls, 1);
}

}  // namespace
}  // namespace clvet::test
