// Context entry points (OpenCL 1.2 §4.4, 3.0 clSetContextDestructorCallback,
// cl_khr_terminate_context): every rule of rules/catalogue/context.h, the queries' answers,
// reference counts and callbacks.
#include <mutex>
#include <string>
#include <vector>

#include "clvet_entry.h"
#include "fixtures.h"

namespace clvet::test {
namespace {

using CreateContextFn = cl_context(CL_API_CALL*)(const cl_context_properties*, cl_uint,
                                                 const cl_device_id*,
                                                 void(CL_CALLBACK*)(const char*, const void*,
                                                                    size_t, void*),
                                                 void*, cl_int*);
using CreateContextFromTypeFn = cl_context(CL_API_CALL*)(const cl_context_properties*,
                                                         cl_device_type,
                                                         void(CL_CALLBACK*)(const char*,
                                                                            const void*, size_t,
                                                                            void*),
                                                         void*, cl_int*);
using TerminateContextFn = cl_int(CL_API_CALL*)(cl_context);

// What pfn_notify received.
struct Notes {
  std::mutex mutex;
  std::vector<std::string> messages;
};
void CL_CALLBACK record_note(const char* errinfo, const void*, size_t, void* user_data) {
  auto* notes = static_cast<Notes*>(user_data);
  std::lock_guard lock(notes->mutex);
  notes->messages.emplace_back(errinfo);
}

// The order destructor callbacks ran in: each appends its user_data's number.
std::vector<int> g_destructor_order;
cl_context g_destroyed = nullptr;
void CL_CALLBACK record_destructor(cl_context context, void* user_data) {
  g_destroyed = context;
  g_destructor_order.push_back(*static_cast<int*>(user_data));
}

class ContextApi : public WithPlatform {
 protected:
  cl_context make(const cl_context_properties* properties = nullptr) {
    cl_int err;
    cl_context c = clCreateContext(properties, 1, &device, nullptr, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return c;
  }
  cl_context released_context() {
    cl_context c = make();
    clReleaseContext(c);
    return c;  // quarantined by clvet: the loader can still read its dispatch pointer
  }
  cl_uint refcount(cl_context c) {
    cl_uint count = 0;
    EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, sizeof count, &count, nullptr),
              CL_SUCCESS);
    return count;
  }
  std::vector<cl_context_properties> properties_of(cl_context c) {
    size_t size = 0;
    EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_PROPERTIES, 0, nullptr, &size), CL_SUCCESS);
    std::vector<cl_context_properties> list(size / sizeof(cl_context_properties));
    EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_PROPERTIES, size, list.data(), nullptr), CL_SUCCESS);
    return list;
  }
  std::vector<cl_device_id> devices_of(cl_context c) {
    size_t size = 0;
    EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_DEVICES, 0, nullptr, &size), CL_SUCCESS);
    std::vector<cl_device_id> list(size / sizeof(cl_device_id));
    EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_DEVICES, size, list.data(), nullptr), CL_SUCCESS);
    return list;
  }
  cl_context_properties platform_property() { return reinterpret_cast<cl_context_properties>(platform); }
  // A live object of another kind.
  cl_device_id not_a_device(cl_context c) { return reinterpret_cast<cl_device_id>(c); }
};

// --- §4.4 clCreateContext --------------------------------------------------------------------

// §4.4 table 4.6: a new context has one reference, its device, and the properties it was
// given, terminating 0 included.
TEST_F(ContextApi, CreateContextAnswersItsQueries) {
  cl_context_properties properties[] = {CL_CONTEXT_PLATFORM, platform_property(),
                                        CL_CONTEXT_INTEROP_USER_SYNC, CL_TRUE, 0};
  cl_context c = make(properties);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(refcount(c), 1u);
  cl_uint num_devices = 0;
  EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_NUM_DEVICES, sizeof num_devices, &num_devices, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(num_devices, 1u);
  EXPECT_EQ(devices_of(c), std::vector<cl_device_id>{device});
  EXPECT_EQ(properties_of(c), std::vector<cl_context_properties>(properties, properties + 5));
  EXPECT_EQ(clReleaseContext(c), CL_SUCCESS);
}

// §4.4: properties may be NULL (the clvet platform is chosen); CL_CONTEXT_PROPERTIES then
// returns nothing.
TEST_F(ContextApi, NullPropertiesReturnNone) {
  cl_context c = make(nullptr);
  size_t size = 99;
  EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_PROPERTIES, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, 0u);
  clReleaseContext(c);
}

// §4.4 footnote 6: duplicate devices are ignored.
TEST_F(ContextApi, DuplicateDevicesAreIgnored) {
  cl_device_id twice[] = {device, device};
  cl_int err;
  cl_context c = clCreateContext(nullptr, 2, twice, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(devices_of(c), std::vector<cl_device_id>{device});
  clReleaseContext(c);
}

// §4.3: sub-devices can make contexts; the context keeps them as they were given.
TEST_F(ContextApi, ContextOfSubDevices) {
  cl_uint units = 0;
  clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, nullptr);
  if (units < 2) GTEST_SKIP() << "one compute unit: no sub-devices";
  cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  std::vector<cl_device_id> subs(units);
  ASSERT_EQ(clCreateSubDevices(device, equally, units, subs.data(), nullptr), CL_SUCCESS);
  cl_int err;
  cl_context c = clCreateContext(nullptr, units, subs.data(), nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(devices_of(c), subs);
  clReleaseContext(c);
  for (cl_device_id d : subs) clReleaseDevice(d);
}

// §4.4: CL_INVALID_PLATFORM if the platform in properties is not a valid platform (past the
// loader, which answers platforms it does not know itself).
TEST_F(ContextApi, CreateContextInvalidPlatform) {
  auto create = clvet_entry<CreateContextFn>("clCreateContext");
  auto from_type = clvet_entry<CreateContextFromTypeFn>("clCreateContextFromType");
  ASSERT_TRUE(create && from_type);
  cl_context_properties bad[] = {CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(device), 0};
  cl_int err;
  EXPECT_RULE_ERRCODE(create(bad, 1, &device, nullptr, nullptr, &err), err, CL_INVALID_PLATFORM,
                      "CreateContextInvalidPlatform");
  EXPECT_RULE_ERRCODE(from_type(bad, CL_DEVICE_TYPE_CPU, nullptr, nullptr, &err), err,
                      CL_INVALID_PLATFORM, "CreateContextFromTypeInvalidPlatform");
}

// §4.4: CL_INVALID_PROPERTY for an unknown name, an invalid value, or a name given twice.
TEST_F(ContextApi, CreateContextInvalidProperty) {
  const cl_context_properties p = platform_property();
  std::vector<std::vector<cl_context_properties>> bad = {
      {CL_CONTEXT_PLATFORM, p, 0x7777, 1, 0},
      {CL_CONTEXT_PLATFORM, p, CL_CONTEXT_INTEROP_USER_SYNC, 5, 0},
      {CL_CONTEXT_PLATFORM, p, CL_CONTEXT_PLATFORM, p, 0},
      // cl_khr_terminate_context is not supported: its property is not either.
      {CL_CONTEXT_PLATFORM, p, CL_CONTEXT_TERMINATE_KHR, CL_TRUE, 0},
  };
  cl_int err;
  for (auto& properties : bad) {
    EXPECT_RULE_ERRCODE(clCreateContext(properties.data(), 1, &device, nullptr, nullptr, &err),
                        err, CL_INVALID_PROPERTY, "CreateContextInvalidProperty");
    EXPECT_RULE_ERRCODE(clCreateContextFromType(properties.data(), CL_DEVICE_TYPE_CPU, nullptr,
                                                nullptr, &err),
                        err, CL_INVALID_PROPERTY, "CreateContextFromTypeInvalidProperty");
  }
}

// §4.4: CL_INVALID_VALUE if devices is NULL, num_devices is 0, or user_data is given without
// pfn_notify (past the loader, which needs a device to dispatch on).
TEST_F(ContextApi, CreateContextInvalidValue) {
  auto create = clvet_entry<CreateContextFn>("clCreateContext");
  ASSERT_NE(create, nullptr);
  cl_context_properties properties[] = {CL_CONTEXT_PLATFORM, platform_property(), 0};
  cl_int err;
  int data = 0;
  EXPECT_RULE_ERRCODE(create(properties, 1, nullptr, nullptr, nullptr, &err), err,
                      CL_INVALID_VALUE, "CreateContextNullDevices");
  EXPECT_RULE_ERRCODE(create(properties, 0, &device, nullptr, nullptr, &err), err,
                      CL_INVALID_VALUE, "CreateContextZeroDevices");
  EXPECT_RULE_ERRCODE(clCreateContext(nullptr, 1, &device, nullptr, &data, &err), err,
                      CL_INVALID_VALUE, "CreateContextUserDataWithoutNotify");
}

// §4.4: CL_INVALID_DEVICE if devices contains an invalid device.
TEST_F(ContextApi, CreateContextInvalidDevice) {
  cl_context live = make();
  cl_device_id devices[] = {device, not_a_device(live)};
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateContext(nullptr, 2, devices, nullptr, nullptr, &err), err,
                      CL_INVALID_DEVICE, "CreateContextInvalidDevice");
  clReleaseContext(live);
}

// --- §4.4 clCreateContextFromType ------------------------------------------------------------

// §4.4: CPU, DEFAULT and ALL find the CPU device; never a sub-device.
TEST_F(ContextApi, CreateContextFromTypeFindsTheCpu) {
  for (cl_device_type type : std::initializer_list<cl_device_type>{
           CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_DEFAULT, CL_DEVICE_TYPE_ALL}) {
    cl_int err;
    cl_context c = clCreateContextFromType(nullptr, type, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS) << type;
    EXPECT_EQ(devices_of(c), std::vector<cl_device_id>{device});
    clReleaseContext(c);
  }
}

// §4.4: CL_DEVICE_NOT_FOUND if no device matches device_type; CL_INVALID_DEVICE_TYPE if it is
// not a valid value; CL_INVALID_VALUE for user_data without pfn_notify.
TEST_F(ContextApi, CreateContextFromTypeErrors) {
  cl_context_properties properties[] = {CL_CONTEXT_PLATFORM, platform_property(), 0};
  cl_int err;
  for (cl_device_type type : {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_CUSTOM})
    EXPECT_RULE_ERRCODE(clCreateContextFromType(properties, type, nullptr, nullptr, &err), err,
                        CL_DEVICE_NOT_FOUND, "CreateContextFromTypeDeviceNotFound");
  EXPECT_RULE_ERRCODE(clCreateContextFromType(properties, 0, nullptr, nullptr, &err), err,
                      CL_INVALID_DEVICE_TYPE, "CreateContextFromTypeInvalidDeviceType");
  EXPECT_RULE_ERRCODE(clCreateContextFromType(properties, cl_device_type{1} << 33, nullptr,
                                              nullptr, &err),
                      err, CL_INVALID_DEVICE_TYPE, "CreateContextFromTypeInvalidDeviceType");
  int data = 0;
  EXPECT_RULE_ERRCODE(clCreateContextFromType(properties, CL_DEVICE_TYPE_CPU, nullptr, &data, &err),
                      err, CL_INVALID_VALUE, "CreateContextFromTypeUserDataWithoutNotify");
}

// --- §4.4 retain, release, queries -----------------------------------------------------------

// §4.4: clRetainContext and clReleaseContext move CL_CONTEXT_REFERENCE_COUNT; at 0 the handle
// is invalid.
TEST_F(ContextApi, RetainAndReleaseCounts) {
  cl_context c = make();
  EXPECT_EQ(clRetainContext(c), CL_SUCCESS);
  EXPECT_EQ(refcount(c), 2u);
  EXPECT_EQ(clReleaseContext(c), CL_SUCCESS);
  EXPECT_EQ(refcount(c), 1u);
  EXPECT_EQ(clReleaseContext(c), CL_SUCCESS);
  cl_uint count;
  EXPECT_RULE(clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, sizeof count, &count, nullptr),
              CL_INVALID_CONTEXT, "GetContextInfoInvalidContext");
}

// §4.4: CL_INVALID_CONTEXT if context is not a valid context: released, or another kind.
TEST_F(ContextApi, InvalidContext) {
  cl_context released = released_context();
  cl_context not_a_context = reinterpret_cast<cl_context>(device);
  for (cl_context bad : {released, not_a_context}) {
    EXPECT_RULE(clRetainContext(bad), CL_INVALID_CONTEXT, "RetainContextInvalidContext");
    EXPECT_RULE(clReleaseContext(bad), CL_INVALID_CONTEXT, "ReleaseContextInvalidContext");
    size_t size;
    EXPECT_RULE(clGetContextInfo(bad, CL_CONTEXT_NUM_DEVICES, 0, nullptr, &size),
                CL_INVALID_CONTEXT, "GetContextInfoInvalidContext");
    EXPECT_RULE(clSetContextDestructorCallback(bad, record_destructor, nullptr),
                CL_INVALID_CONTEXT, "SetContextDestructorCallbackInvalidContext");
  }
}

// §4.4: CL_INVALID_VALUE for an unknown param_name or a param_value_size too small; the error
// also goes to the context's pfn_notify, as an error in this context.
TEST_F(ContextApi, GetContextInfoBadParamNotifies) {
  Notes notes;
  cl_int err;
  cl_context c = clCreateContext(nullptr, 1, &device, record_note, &notes, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_uint value;
  EXPECT_RULE(clGetContextInfo(c, 0x7777, sizeof value, &value, nullptr), CL_INVALID_VALUE,
              "GetContextInfoBadParam");
  cl_device_id one;
  EXPECT_RULE(clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, 2, &value, nullptr),
              CL_INVALID_VALUE, "GetContextInfoBadParam");
  EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_DEVICES, sizeof one, &one, nullptr), CL_SUCCESS);
  {
    std::lock_guard lock(notes.mutex);
    ASSERT_EQ(notes.messages.size(), 2u);
    EXPECT_NE(notes.messages[0].find("GetContextInfoBadParam"), std::string::npos)
        << notes.messages[0];
  }
  clReleaseContext(c);
}

// --- 3.0 clSetContextDestructorCallback ------------------------------------------------------

// 3.0 §4.4: destructor callbacks run once the context is released, in reverse order of
// registration, with the context's handle; none runs before.
TEST_F(ContextApi, DestructorCallbacksRunInReverseOrderAfterRelease) {
  g_destructor_order.clear();
  g_destroyed = nullptr;
  cl_context c = make();
  int first = 1, second = 2, third = 3;
  ASSERT_EQ(clSetContextDestructorCallback(c, record_destructor, &first), CL_SUCCESS);
  ASSERT_EQ(clSetContextDestructorCallback(c, record_destructor, &second), CL_SUCCESS);
  ASSERT_EQ(clSetContextDestructorCallback(c, record_destructor, &third), CL_SUCCESS);
  ASSERT_EQ(clRetainContext(c), CL_SUCCESS);
  ASSERT_EQ(clReleaseContext(c), CL_SUCCESS);
  EXPECT_TRUE(g_destructor_order.empty()) << "called while the context was still retained";
  ASSERT_EQ(clReleaseContext(c), CL_SUCCESS);
  EXPECT_EQ(g_destructor_order, (std::vector<int>{3, 2, 1}));
  EXPECT_EQ(g_destroyed, c);
}

// 3.0 §4.4: CL_INVALID_VALUE if pfn_notify is NULL.
TEST_F(ContextApi, SetContextDestructorCallbackNullCallback) {
  cl_context c = make();
  EXPECT_RULE(clSetContextDestructorCallback(c, nullptr, nullptr), CL_INVALID_VALUE,
              "SetContextDestructorCallbackNullCallback");
  clReleaseContext(c);
}

// --- cl_khr_terminate_context (not advertised; reached past the loader) ----------------------

// cl_khr_terminate_context: CL_INVALID_CONTEXT for an invalid context; CL_INVALID_OPERATION
// for a context not created with CL_CONTEXT_TERMINATE_KHR (none can be: no device supports
// termination).
TEST_F(ContextApi, TerminateContextKHR) {
  auto terminate = clvet_entry<TerminateContextFn>("clTerminateContextKHR");
  ASSERT_NE(terminate, nullptr);
  EXPECT_RULE(terminate(released_context()), CL_INVALID_CONTEXT,
              "TerminateContextKHRInvalidContext");
  cl_context c = make();
  EXPECT_RULE(terminate(c), CL_INVALID_OPERATION, "TerminateContextKHRNotTerminable");
  EXPECT_EQ(refcount(c), 1u);  // still usable
  clReleaseContext(c);
}

}  // namespace
}  // namespace clvet::test
