// Buffer objects (OpenCL 1.2 §5.2.1, §5.4.1, §5.4.5; 3.0 clCreateBufferWithProperties): creation
// with every flag combination, host pointer semantics, sub-buffers, reference counts,
// destructor callbacks and every clGetMemObjectInfo query.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fixtures.h"

namespace clvet::test {
namespace {

template <class T>
T mem_info(cl_mem mem, cl_mem_info param) {
  T value{};
  EXPECT_EQ(clGetMemObjectInfo(mem, param, sizeof value, &value, nullptr), CL_SUCCESS) << param;
  return value;
}

template <class T>
T device_info(cl_device_id device, cl_device_info param) {
  T value{};
  EXPECT_EQ(clGetDeviceInfo(device, param, sizeof value, &value, nullptr), CL_SUCCESS);
  return value;
}

// CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes: the smallest origin a sub-buffer may have past 0.
size_t base_align(cl_device_id device) {
  return device_info<cl_uint>(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN) / 8;
}

class Buffers : public WithContext {
 protected:
  cl_mem make(cl_mem_flags flags, size_t size, void* host_ptr = nullptr) {
    cl_int err = CL_INVALID_VALUE;
    cl_mem mem = clCreateBuffer(context, flags, size, host_ptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return mem;
  }
  cl_mem sub(cl_mem parent, cl_mem_flags flags, size_t origin, size_t size) {
    cl_buffer_region region{origin, size};
    cl_int err = CL_INVALID_VALUE;
    cl_mem mem = clCreateSubBuffer(parent, flags, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return mem;
  }
};

// §5.2.1 table 5.3: the nine flags, their exclusions, and the host_ptr each needs.
constexpr std::array<cl_mem_flags, 9> kTableFlags = {
    CL_MEM_READ_WRITE,      CL_MEM_WRITE_ONLY,     CL_MEM_READ_ONLY,
    CL_MEM_USE_HOST_PTR,    CL_MEM_ALLOC_HOST_PTR, CL_MEM_COPY_HOST_PTR,
    CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY, CL_MEM_HOST_NO_ACCESS};

bool table_allows(cl_mem_flags f) {
  auto count = [&](cl_mem_flags group) { return __builtin_popcountll(f & group); };
  if (count(CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY) > 1) return false;
  if ((f & CL_MEM_USE_HOST_PTR) && (f & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
    return false;
  return count(CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS) <= 1;
}

// §5.2.1: every combination of table 5.3's flags, valid ones with the host_ptr they need;
// CL_MEM_FLAGS returns the flags as given (§5.4.5).
TEST_F(Buffers, EveryFlagCombination) {
  std::vector<std::uint8_t> host(64, 1);
  int valid = 0;
  for (unsigned bits = 0; bits < (1u << kTableFlags.size()); ++bits) {
    cl_mem_flags flags = 0;
    for (size_t i = 0; i < kTableFlags.size(); ++i)
      if (bits & (1u << i)) flags |= kTableFlags[i];
    void* ptr = (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) ? host.data() : nullptr;
    cl_int err = CL_SUCCESS;
    if (!table_allows(flags)) {
      EXPECT_RULE_ERRCODE(clCreateBuffer(context, flags, host.size(), ptr, &err), err,
                          CL_INVALID_VALUE, "CreateBufferInvalidFlags");
      continue;
    }
    ++valid;
    cl_mem mem = clCreateBuffer(context, flags, host.size(), ptr, &err);
    ASSERT_EQ(err, CL_SUCCESS) << std::hex << flags;
    EXPECT_EQ(mem_info<cl_mem_flags>(mem, CL_MEM_FLAGS), flags);
    EXPECT_EQ(mem_info<size_t>(mem, CL_MEM_SIZE), host.size());
    EXPECT_EQ(clReleaseMemObject(mem), CL_SUCCESS);
  }
  // Kernel access {none, RW, WO, RO} x host pointer {none, USE, ALLOC, COPY, ALLOC|COPY} x host
  // access {none, HOST_WO, HOST_RO, HOST_NO_ACCESS}.
  EXPECT_EQ(valid, 4 * 5 * 4);
}

// §5.2.1: bits outside table 5.3 are not valid flags.
TEST_F(Buffers, UnknownFlagBit) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateBuffer(context, cl_mem_flags{1} << 40, 16, nullptr, &err), err,
                      CL_INVALID_VALUE, "CreateBufferInvalidFlags");
  // CL_MEM_KERNEL_READ_AND_WRITE is only for clGetSupportedImageFormats.
  EXPECT_RULE_ERRCODE(clCreateBuffer(context, CL_MEM_KERNEL_READ_AND_WRITE, 16, nullptr, &err), err,
                      CL_INVALID_VALUE, "CreateBufferInvalidFlags");
}

// §5.2.1: CL_INVALID_CONTEXT if context is not a valid context.
TEST_F(Buffers, InvalidContext) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateBuffer(reinterpret_cast<cl_context>(device), 0, 16, nullptr, &err),
                      err, CL_INVALID_CONTEXT, "CreateBufferInvalidContext");
  cl_context dead = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(clReleaseContext(dead), CL_SUCCESS);
  EXPECT_RULE_ERRCODE(clCreateBuffer(dead, 0, 16, nullptr, &err), err, CL_INVALID_CONTEXT,
                      "CreateBufferInvalidContext");
}

// §5.2.1: CL_INVALID_BUFFER_SIZE if size is 0, and (footnote 10) above every device's
// CL_DEVICE_MAX_MEM_ALLOC_SIZE.
TEST_F(Buffers, InvalidSize) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateBuffer(context, 0, 0, nullptr, &err), err, CL_INVALID_BUFFER_SIZE,
                      "CreateBufferSizeZero");
  const auto max = device_info<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  EXPECT_RULE_ERRCODE(clCreateBuffer(context, 0, static_cast<size_t>(max) + 1, nullptr, &err), err,
                      CL_INVALID_BUFFER_SIZE, "CreateBufferSizeAboveMaxAlloc");
}

// §5.2.1: CL_INVALID_HOST_PTR when host_ptr and USE/COPY_HOST_PTR disagree.
TEST_F(Buffers, HostPtrMustMatchFlags) {
  cl_int err;
  int data[4] = {};
  EXPECT_RULE_ERRCODE(clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 16, nullptr, &err), err,
                      CL_INVALID_HOST_PTR, "CreateBufferInvalidHostPtr");
  EXPECT_RULE_ERRCODE(clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, 16, nullptr, &err), err,
                      CL_INVALID_HOST_PTR, "CreateBufferInvalidHostPtr");
  EXPECT_RULE_ERRCODE(clCreateBuffer(context, CL_MEM_ALLOC_HOST_PTR, 16, data, &err), err,
                      CL_INVALID_HOST_PTR, "CreateBufferInvalidHostPtr");
  EXPECT_RULE_ERRCODE(clCreateBuffer(context, 0, 16, data, &err), err, CL_INVALID_HOST_PTR,
                      "CreateBufferInvalidHostPtr");
}

// §5.2.1, §5.4.5: CL_MEM_USE_HOST_PTR uses the application's memory (CL_MEM_HOST_PTR returns
// it); CL_MEM_COPY_HOST_PTR copies at creation (later host writes do not reach the buffer, and
// CL_MEM_HOST_PTR is NULL).
TEST_F(Buffers, HostPtrSemantics) {
  alignas(128) int use[16], copy[16];
  for (int i = 0; i < 16; ++i) use[i] = copy[i] = i;
  cl_mem used = make(CL_MEM_USE_HOST_PTR, sizeof use, use);
  cl_mem copied = make(CL_MEM_COPY_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, sizeof copy, copy);
  cl_mem allocated = make(CL_MEM_ALLOC_HOST_PTR, 64);
  EXPECT_EQ(mem_info<void*>(used, CL_MEM_HOST_PTR), static_cast<void*>(use));
  EXPECT_EQ(mem_info<void*>(copied, CL_MEM_HOST_PTR), nullptr);
  EXPECT_EQ(mem_info<void*>(allocated, CL_MEM_HOST_PTR), nullptr);

  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, nullptr, nullptr);
  ASSERT_NE(queue, nullptr);
  std::fill(std::begin(copy), std::end(copy), -1);  // the buffer keeps the values of creation
  int out[16] = {};
  ASSERT_EQ(clEnqueueReadBuffer(queue, copied, CL_TRUE, 0, sizeof out, out, 0, nullptr, nullptr),
            CL_SUCCESS);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], i);
  // A write to the USE_HOST_PTR buffer lands in the application's array.
  int seven[4] = {7, 7, 7, 7};
  ASSERT_EQ(
      clEnqueueWriteBuffer(queue, used, CL_TRUE, 16, sizeof seven, seven, 0, nullptr, nullptr),
      CL_SUCCESS);
  EXPECT_EQ(use[3], 3);
  EXPECT_EQ(use[4], 7);
  EXPECT_EQ(use[7], 7);
  EXPECT_EQ(use[8], 8);
  EXPECT_EQ(clReleaseCommandQueue(queue), CL_SUCCESS);
  for (cl_mem m : {used, copied, allocated}) EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
}

// OpenCL 3.0 §5.2.1 clCreateBufferWithProperties: NULL and empty lists are fine and
// CL_MEM_PROPERTIES returns them; 3.0 defines no buffer property, so any name is unsupported.
TEST_F(Buffers, WithProperties) {
  cl_int err = CL_INVALID_VALUE;
  cl_mem plain = clCreateBufferWithProperties(context, nullptr, 0, 32, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  size_t size = 99;
  EXPECT_EQ(clGetMemObjectInfo(plain, CL_MEM_PROPERTIES, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, 0u);
  const cl_mem_properties empty[] = {0};
  cl_mem listed = clCreateBufferWithProperties(context, empty, CL_MEM_READ_ONLY, 32, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem_properties got[2] = {5, 5};
  EXPECT_EQ(clGetMemObjectInfo(listed, CL_MEM_PROPERTIES, sizeof got, got, &size), CL_SUCCESS);
  EXPECT_EQ(size, sizeof(cl_mem_properties));
  EXPECT_EQ(got[0], 0u);
  EXPECT_EQ(mem_info<cl_mem_flags>(listed, CL_MEM_FLAGS), cl_mem_flags{CL_MEM_READ_ONLY});
  // The created buffer's own flags list answers clGetMemObjectInfo like clCreateBuffer's.
  EXPECT_EQ(mem_info<cl_mem_flags>(plain, CL_MEM_FLAGS), cl_mem_flags{0});

  const cl_mem_properties unknown[] = {0x4242, 1, 0};
  int data[8] = {};
  EXPECT_RULE_ERRCODE(clCreateBufferWithProperties(context, unknown, 0, 32, nullptr, &err), err,
                      CL_INVALID_PROPERTY, "CreateBufferWithPropertiesInvalidProperty");
  EXPECT_RULE_ERRCODE(clCreateBufferWithProperties(reinterpret_cast<cl_context>(device), nullptr, 0,
                                                   32, nullptr, &err),
                      err, CL_INVALID_CONTEXT, "CreateBufferWithPropertiesInvalidContext");
  EXPECT_RULE_ERRCODE(
      clCreateBufferWithProperties(context, nullptr, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 32,
                                   nullptr, &err),
      err, CL_INVALID_VALUE, "CreateBufferWithPropertiesInvalidFlags");
  EXPECT_RULE_ERRCODE(clCreateBufferWithProperties(context, nullptr, 0, 0, nullptr, &err), err,
                      CL_INVALID_BUFFER_SIZE, "CreateBufferWithPropertiesSizeZero");
  const auto max = device_info<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  EXPECT_RULE_ERRCODE(clCreateBufferWithProperties(context, nullptr, 0,
                                                   static_cast<size_t>(max) + 1, nullptr, &err),
                      err, CL_INVALID_BUFFER_SIZE, "CreateBufferWithPropertiesSizeAboveMaxAlloc");
  EXPECT_RULE_ERRCODE(clCreateBufferWithProperties(context, nullptr, 0, 32, data, &err), err,
                      CL_INVALID_HOST_PTR, "CreateBufferWithPropertiesInvalidHostPtr");
  EXPECT_EQ(clReleaseMemObject(plain), CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(listed), CL_SUCCESS);
}

// §5.4.5: every clGetMemObjectInfo query of a plain buffer, and its error clauses.
TEST_F(Buffers, EveryInfoQuery) {
  cl_mem mem = make(CL_MEM_WRITE_ONLY, 100);
  EXPECT_EQ(mem_info<cl_mem_object_type>(mem, CL_MEM_TYPE),
            cl_mem_object_type{CL_MEM_OBJECT_BUFFER});
  EXPECT_EQ(mem_info<cl_mem_flags>(mem, CL_MEM_FLAGS), cl_mem_flags{CL_MEM_WRITE_ONLY});
  EXPECT_EQ(mem_info<size_t>(mem, CL_MEM_SIZE), 100u);
  EXPECT_EQ(mem_info<void*>(mem, CL_MEM_HOST_PTR), nullptr);
  EXPECT_EQ(mem_info<cl_uint>(mem, CL_MEM_MAP_COUNT), 0u);
  EXPECT_EQ(mem_info<cl_uint>(mem, CL_MEM_REFERENCE_COUNT), 1u);
  EXPECT_EQ(mem_info<cl_context>(mem, CL_MEM_CONTEXT), context);
  EXPECT_EQ(mem_info<cl_mem>(mem, CL_MEM_ASSOCIATED_MEMOBJECT), nullptr);
  EXPECT_EQ(mem_info<size_t>(mem, CL_MEM_OFFSET), 0u);
  EXPECT_EQ(mem_info<cl_bool>(mem, CL_MEM_USES_SVM_POINTER), cl_bool{CL_FALSE});
  size_t size = 1;
  EXPECT_EQ(clGetMemObjectInfo(mem, CL_MEM_PROPERTIES, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(clGetMemObjectInfo(mem, CL_MEM_SIZE, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, sizeof(size_t));

  cl_uint small = 0;
  EXPECT_RULE(clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof small, &small, nullptr), CL_INVALID_VALUE,
              "GetMemObjectInfoBadParam");
  EXPECT_RULE(clGetMemObjectInfo(mem, CL_CONTEXT_DEVICES, sizeof size, &size, nullptr),
              CL_INVALID_VALUE, "GetMemObjectInfoBadParam");
  EXPECT_RULE(clGetMemObjectInfo(reinterpret_cast<cl_mem>(context), CL_MEM_SIZE, sizeof size, &size,
                                 nullptr),
              CL_INVALID_MEM_OBJECT, "GetMemObjectInfoInvalidMemObject");
  EXPECT_EQ(clReleaseMemObject(mem), CL_SUCCESS);
}

// §5.4.1: retain and release move CL_MEM_REFERENCE_COUNT; a released handle is invalid.
TEST_F(Buffers, RetainAndRelease) {
  cl_mem mem = make(0, 16);
  EXPECT_EQ(clRetainMemObject(mem), CL_SUCCESS);
  EXPECT_EQ(mem_info<cl_uint>(mem, CL_MEM_REFERENCE_COUNT), 2u);
  EXPECT_EQ(clReleaseMemObject(mem), CL_SUCCESS);
  EXPECT_EQ(mem_info<cl_uint>(mem, CL_MEM_REFERENCE_COUNT), 1u);
  EXPECT_EQ(clReleaseMemObject(mem), CL_SUCCESS);
  EXPECT_RULE(clReleaseMemObject(mem), CL_INVALID_MEM_OBJECT, "ReleaseMemObjectInvalidMemObject");
  EXPECT_RULE(clRetainMemObject(mem), CL_INVALID_MEM_OBJECT, "RetainMemObjectInvalidMemObject");
  EXPECT_RULE(clRetainMemObject(reinterpret_cast<cl_mem>(context)), CL_INVALID_MEM_OBJECT,
              "RetainMemObjectInvalidMemObject");
}

struct CallbackLog {
  std::vector<int> order;
  std::vector<cl_mem> objects;
};
struct CallbackTag {
  CallbackLog* log;
  int id;
};
void CL_CALLBACK record_destruction(cl_mem mem, void* user_data) {
  auto* tag = static_cast<CallbackTag*>(user_data);
  tag->log->order.push_back(tag->id);
  tag->log->objects.push_back(mem);
}

// §5.4.1 clSetMemObjectDestructorCallback: called in reverse order of registration, when the
// object is deleted; a buffer is not deleted before its sub-buffers.
TEST_F(Buffers, DestructorCallbacksRunNewestFirstAtDeletion) {
  CallbackLog log;
  CallbackTag first{&log, 1}, second{&log, 2}, third{&log, 3}, child{&log, 10};
  cl_mem parent = make(0, 1024);
  cl_mem part = sub(parent, 0, 0, 256);
  ASSERT_EQ(clSetMemObjectDestructorCallback(parent, record_destruction, &first), CL_SUCCESS);
  ASSERT_EQ(clSetMemObjectDestructorCallback(parent, record_destruction, &second), CL_SUCCESS);
  ASSERT_EQ(clSetMemObjectDestructorCallback(parent, record_destruction, &third), CL_SUCCESS);
  ASSERT_EQ(clSetMemObjectDestructorCallback(part, record_destruction, &child), CL_SUCCESS);
  ASSERT_EQ(clReleaseMemObject(parent), CL_SUCCESS);
  EXPECT_TRUE(log.order.empty()) << "the parent lives while its sub-buffer does";
  ASSERT_EQ(clReleaseMemObject(part), CL_SUCCESS);
  EXPECT_EQ(log.order, (std::vector<int>{10, 3, 2, 1}));
  EXPECT_EQ(log.objects, (std::vector<cl_mem>{part, parent, parent, parent}));
}

// §5.4.1: the clauses of clSetMemObjectDestructorCallback.
TEST_F(Buffers, DestructorCallbackErrors) {
  cl_mem mem = make(0, 16);
  EXPECT_RULE(clSetMemObjectDestructorCallback(mem, nullptr, nullptr), CL_INVALID_VALUE,
              "SetMemObjectDestructorCallbackNullCallback");
  EXPECT_EQ(clReleaseMemObject(mem), CL_SUCCESS);
  EXPECT_RULE(clSetMemObjectDestructorCallback(mem, record_destruction, nullptr),
              CL_INVALID_MEM_OBJECT, "SetMemObjectDestructorCallbackInvalidMemObject");
}

// §5.2.1 clCreateSubBuffer, §5.4.5: offset, size, parent, inherited flags and host_ptr + origin.
TEST_F(Buffers, SubBufferInheritsAndReports) {
  const size_t align = base_align(device);
  std::vector<std::uint8_t> host(4 * align);
  cl_mem parent = make(CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR | CL_MEM_HOST_WRITE_ONLY, host.size(),
                       host.data());
  cl_mem part = sub(parent, 0, align, 2 * align);
  EXPECT_EQ(mem_info<cl_mem_flags>(part, CL_MEM_FLAGS),
            cl_mem_flags{CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR | CL_MEM_HOST_WRITE_ONLY});
  EXPECT_EQ(mem_info<size_t>(part, CL_MEM_SIZE), 2 * align);
  EXPECT_EQ(mem_info<size_t>(part, CL_MEM_OFFSET), align);
  EXPECT_EQ(mem_info<cl_mem>(part, CL_MEM_ASSOCIATED_MEMOBJECT), parent);
  EXPECT_EQ(mem_info<cl_context>(part, CL_MEM_CONTEXT), context);
  EXPECT_EQ(mem_info<void*>(part, CL_MEM_HOST_PTR), static_cast<void*>(host.data() + align));
  EXPECT_EQ(mem_info<cl_mem_object_type>(part, CL_MEM_TYPE),
            cl_mem_object_type{CL_MEM_OBJECT_BUFFER});
  // Flags given for the sub-buffer replace those of their group.
  cl_mem rw_parent = make(CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS, 4 * align);
  cl_mem narrowed = sub(rw_parent, CL_MEM_WRITE_ONLY, 0, align);
  EXPECT_EQ(mem_info<cl_mem_flags>(narrowed, CL_MEM_FLAGS),
            cl_mem_flags{CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS});
  // A sub-buffer keeps its parent alive: the parent's info is still reachable through it.
  EXPECT_EQ(mem_info<cl_uint>(parent, CL_MEM_REFERENCE_COUNT), 1u);
  for (cl_mem m : {narrowed, rw_parent, part, parent}) EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
}

// §5.2.1 clCreateSubBuffer: each error clause.
TEST_F(Buffers, SubBufferErrors) {
  const size_t align = base_align(device);
  cl_mem wo = make(CL_MEM_WRITE_ONLY | CL_MEM_HOST_READ_ONLY, 4 * align);
  cl_mem ro = make(CL_MEM_READ_ONLY | CL_MEM_HOST_NO_ACCESS, 4 * align);
  cl_mem hw = make(CL_MEM_HOST_WRITE_ONLY, 4 * align);
  cl_buffer_region region{0, align};
  cl_int err;
  auto create = [&](cl_mem parent, cl_mem_flags flags, cl_buffer_create_type type,
                    const void* info) {
    return clCreateSubBuffer(parent, flags, type, info, &err);
  };
  const auto kRegion = CL_BUFFER_CREATE_TYPE_REGION;

  cl_mem part = sub(wo, 0, 0, align);
  EXPECT_RULE_ERRCODE(create(part, 0, kRegion, &region), err, CL_INVALID_MEM_OBJECT,
                      "CreateSubBufferInvalidBuffer");
  EXPECT_RULE_ERRCODE(create(reinterpret_cast<cl_mem>(context), 0, kRegion, &region), err,
                      CL_INVALID_MEM_OBJECT, "CreateSubBufferInvalidBuffer");
  EXPECT_RULE_ERRCODE(create(wo, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, kRegion, &region), err,
                      CL_INVALID_VALUE, "CreateSubBufferFlagsNotInTable");
  EXPECT_RULE_ERRCODE(create(wo, CL_MEM_READ_ONLY, kRegion, &region), err, CL_INVALID_VALUE,
                      "CreateSubBufferAccessConflict");
  EXPECT_RULE_ERRCODE(create(ro, CL_MEM_READ_WRITE, kRegion, &region), err, CL_INVALID_VALUE,
                      "CreateSubBufferAccessConflict");
  EXPECT_RULE_ERRCODE(create(hw, CL_MEM_COPY_HOST_PTR, kRegion, &region), err, CL_INVALID_VALUE,
                      "CreateSubBufferAccessConflict");
  EXPECT_RULE_ERRCODE(create(hw, CL_MEM_HOST_READ_ONLY, kRegion, &region), err, CL_INVALID_VALUE,
                      "CreateSubBufferHostAccessConflict");
  EXPECT_RULE_ERRCODE(create(wo, CL_MEM_HOST_WRITE_ONLY, kRegion, &region), err, CL_INVALID_VALUE,
                      "CreateSubBufferHostAccessConflict");
  EXPECT_RULE_ERRCODE(create(ro, CL_MEM_HOST_READ_ONLY, kRegion, &region), err, CL_INVALID_VALUE,
                      "CreateSubBufferHostAccessConflict");
  EXPECT_RULE_ERRCODE(create(hw, 0, 0x4242, &region), err, CL_INVALID_VALUE,
                      "CreateSubBufferInvalidCreateType");
  EXPECT_RULE_ERRCODE(create(hw, 0, kRegion, nullptr), err, CL_INVALID_VALUE,
                      "CreateSubBufferNullCreateInfo");
  cl_buffer_region outside{3 * align, 2 * align};
  EXPECT_RULE_ERRCODE(create(hw, 0, kRegion, &outside), err, CL_INVALID_VALUE,
                      "CreateSubBufferRegionOutOfBounds");
  cl_buffer_region huge{align, SIZE_MAX};
  EXPECT_RULE_ERRCODE(create(hw, 0, kRegion, &huge), err, CL_INVALID_VALUE,
                      "CreateSubBufferRegionOutOfBounds");
  cl_buffer_region empty{0, 0};
  EXPECT_RULE_ERRCODE(create(hw, 0, kRegion, &empty), err, CL_INVALID_BUFFER_SIZE,
                      "CreateSubBufferSizeZero");
  cl_buffer_region misaligned{1, 16};
  EXPECT_RULE_ERRCODE(create(hw, 0, kRegion, &misaligned), err, CL_MISALIGNED_SUB_BUFFER_OFFSET,
                      "CreateSubBufferMisalignedOrigin");
  for (cl_mem m : {part, wo, ro, hw}) EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
}

}  // namespace
}  // namespace clvet::test
