// Command-queue entry points (OpenCL 1.2 §5.1, 2.2 §5.1, 3.0 device-queue clauses,
// cl_khr_create_command_queue): every rule of rules/catalogue/queue.h, and the queries'
// answers.
#include <vector>

#include "fixtures.h"

namespace clvet::test {
namespace {

class QueueApi : public WithContext {
 protected:
  cl_command_queue make_queue(const cl_queue_properties* properties) {
    cl_int err;
    cl_command_queue q = clCreateCommandQueueWithProperties(context, device, properties, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return q;
  }
  // A live object of another kind, passed where a device is expected.
  cl_device_id not_a_device() { return reinterpret_cast<cl_device_id>(context); }
  cl_context not_a_context() { return reinterpret_cast<cl_context>(device); }
};

// §5.1 clCreateCommandQueue: a queue with the given properties, one reference.
TEST_F(QueueApi, CreateCommandQueueCreatesQueue) {
  cl_int err;
  cl_command_queue q = clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue_properties props = 0;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof props, &props, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(props, cl_command_queue_properties{CL_QUEUE_PROFILING_ENABLE});
  // 3.0: CL_QUEUE_PROPERTIES_ARRAY is empty for a queue made by clCreateCommandQueue.
  size_t size = 99;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
}

// §5.1: CL_INVALID_CONTEXT if context is not a valid context.
TEST_F(QueueApi, CreateCommandQueueInvalidContext) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateCommandQueue(released_context(), device, 0, &err), err,
                      CL_INVALID_CONTEXT, "CreateCommandQueueInvalidContext");
  EXPECT_RULE_ERRCODE(clCreateCommandQueue(not_a_context(), device, 0, &err), err,
                      CL_INVALID_CONTEXT, "CreateCommandQueueInvalidContext");
}

// §5.1: CL_INVALID_DEVICE if device is not a valid device or is not associated with context.
TEST_F(QueueApi, CreateCommandQueueInvalidDevice) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateCommandQueue(context, not_a_device(), 0, &err), err,
                      CL_INVALID_DEVICE, "CreateCommandQueueInvalidDevice");
}

// §5.1 table 5.1: only CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE and CL_QUEUE_PROFILING_ENABLE
// are valid; CL_INVALID_VALUE otherwise.
TEST_F(QueueApi, CreateCommandQueueInvalidProperties) {
  cl_int err;
  EXPECT_RULE_ERRCODE(
      clCreateCommandQueue(context, device, cl_command_queue_properties{1} << 20, &err), err,
      CL_INVALID_VALUE, "CreateCommandQueueInvalidProperties");
  EXPECT_RULE_ERRCODE(
      clCreateCommandQueue(context, device,
                           CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err),
      err, CL_INVALID_VALUE, "CreateCommandQueueInvalidProperties");
}

// 2.2 §5.1 clCreateCommandQueueWithProperties: the list's values, and defaults for NULL.
TEST_F(QueueApi, CreateCommandQueueWithPropertiesReturnsItsProperties) {
  const cl_queue_properties list[] = {
      CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue q = make_queue(list);
  cl_command_queue_properties props = 0;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof props, &props, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(props, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE);
  // 3.0: CL_QUEUE_PROPERTIES_ARRAY returns the list as given, in order.
  size_t size = 0;
  ASSERT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, 0, nullptr, &size), CL_SUCCESS);
  ASSERT_EQ(size, sizeof list);
  std::vector<cl_queue_properties> got(size / sizeof(cl_queue_properties));
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, size, got.data(), nullptr),
            CL_SUCCESS);
  EXPECT_EQ(got, std::vector<cl_queue_properties>(std::begin(list), std::end(list)));
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);

  // NULL: an in-order host queue without profiling, and no properties array.
  q = make_queue(nullptr);
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof props, &props, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(props, 0u);
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
}

// 2.2 §5.1: CL_INVALID_CONTEXT if context is not a valid context.
TEST_F(QueueApi, CreateCommandQueueWithPropertiesInvalidContext) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateCommandQueueWithProperties(released_context(), device, nullptr, &err),
                      err, CL_INVALID_CONTEXT, "CreateCommandQueueWithPropertiesInvalidContext");
}

// 2.2 §5.1: CL_INVALID_DEVICE if device is not a valid device or is not associated with context.
TEST_F(QueueApi, CreateCommandQueueWithPropertiesInvalidDevice) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateCommandQueueWithProperties(context, not_a_device(), nullptr, &err),
                      err, CL_INVALID_DEVICE, "CreateCommandQueueWithPropertiesInvalidDevice");
}

// 2.2 §5.1: CL_INVALID_VALUE if values specified in properties are not valid: an unknown or
// repeated property, an unknown bit, CL_QUEUE_ON_DEVICE without out-of-order (footnote 1),
// CL_QUEUE_ON_DEVICE_DEFAULT without CL_QUEUE_ON_DEVICE, CL_QUEUE_SIZE without CL_QUEUE_ON_DEVICE.
TEST_F(QueueApi, CreateCommandQueueWithPropertiesInvalidProperties) {
  const std::vector<std::vector<cl_queue_properties>> lists = {
      {0x7777, 0, 0},
      {CL_QUEUE_PROPERTIES, 0, CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0},
      {CL_QUEUE_PROPERTIES, cl_queue_properties{1} << 20, 0},
      {CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE, 0},
      {CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE_DEFAULT | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0},
      {CL_QUEUE_SIZE, 1024, 0},
  };
  for (const auto& list : lists) {
    cl_int err;
    EXPECT_RULE_ERRCODE(clCreateCommandQueueWithProperties(context, device, list.data(), &err), err,
                        CL_INVALID_VALUE, "CreateCommandQueueWithPropertiesInvalidProperties");
  }
}

// 2.2 §5.1: CL_INVALID_QUEUE_PROPERTIES if values specified in properties are valid but are not
// supported by the device: the device has no device-side queues (3.0 makes them optional).
TEST_F(QueueApi, CreateCommandQueueWithPropertiesUnsupportedProperties) {
  const std::vector<std::vector<cl_queue_properties>> lists = {
      {CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0},
      {CL_QUEUE_PROPERTIES,
       CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
       CL_QUEUE_SIZE, 4096, 0},
  };
  for (const auto& list : lists) {
    cl_int err;
    EXPECT_RULE_ERRCODE(clCreateCommandQueueWithProperties(context, device, list.data(), &err), err,
                        CL_INVALID_QUEUE_PROPERTIES,
                        "CreateCommandQueueWithPropertiesUnsupportedProperties");
  }
}

using CreateQueueKHR = cl_command_queue(CL_API_CALL*)(cl_context, cl_device_id,
                                                      const cl_queue_properties_khr*, cl_int*);

// cl_khr_create_command_queue: clCreateCommandQueueWithPropertiesKHR, found through
// clGetExtensionFunctionAddressForPlatform, behaves as clCreateCommandQueueWithProperties.
TEST_F(QueueApi, CreateCommandQueueWithPropertiesKHR) {
  auto create = reinterpret_cast<CreateQueueKHR>(
      clGetExtensionFunctionAddressForPlatform(platform, "clCreateCommandQueueWithPropertiesKHR"));
  ASSERT_NE(create, nullptr) << "cl_khr_create_command_queue is advertised";
  const cl_queue_properties_khr good[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_int err;
  cl_command_queue q = create(context, device, good, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue_properties props = 0;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof props, &props, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(props, cl_command_queue_properties{CL_QUEUE_PROFILING_ENABLE});
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);

  EXPECT_RULE_ERRCODE(create(released_context(), device, nullptr, &err), err, CL_INVALID_CONTEXT,
                      "CreateCommandQueueWithPropertiesKHRInvalidContext");
  EXPECT_RULE_ERRCODE(create(context, not_a_device(), nullptr, &err), err, CL_INVALID_DEVICE,
                      "CreateCommandQueueWithPropertiesKHRInvalidDevice");
  const cl_queue_properties_khr unknown[] = {0x7777, 1, 0};
  EXPECT_RULE_ERRCODE(create(context, device, unknown, &err), err, CL_INVALID_VALUE,
                      "CreateCommandQueueWithPropertiesKHRInvalidProperties");
  const cl_queue_properties_khr on_device[] = {
      CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  EXPECT_RULE_ERRCODE(create(context, device, on_device, &err), err, CL_INVALID_QUEUE_PROPERTIES,
                      "CreateCommandQueueWithPropertiesKHRUnsupportedProperties");
}

// 2.2 §5.1 clSetDefaultDeviceCommandQueue: context and device are checked first.
TEST_F(QueueApi, SetDefaultDeviceCommandQueueInvalidContextAndDevice) {
  cl_command_queue q = make_queue(nullptr);
  EXPECT_RULE(clSetDefaultDeviceCommandQueue(released_context(), device, q), CL_INVALID_CONTEXT,
              "SetDefaultDeviceCommandQueueInvalidContext");
  EXPECT_RULE(clSetDefaultDeviceCommandQueue(context, not_a_device(), q), CL_INVALID_DEVICE,
              "SetDefaultDeviceCommandQueueInvalidDevice");
  clReleaseCommandQueue(q);
}

// 3.0 §5.1: CL_INVALID_OPERATION if device does not support a replaceable default on-device
// queue: the device reports CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES 0. It comes before the
// command_queue clause, so even a released queue gets it.
TEST_F(QueueApi, SetDefaultDeviceCommandQueueNotReplaceable) {
  cl_device_device_enqueue_capabilities caps = ~0ull;
  ASSERT_EQ(
      clGetDeviceInfo(device, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof caps, &caps, nullptr),
      CL_SUCCESS);
  EXPECT_EQ(caps, 0u);
  cl_command_queue q = make_queue(nullptr);
  EXPECT_RULE(clSetDefaultDeviceCommandQueue(context, device, q), CL_INVALID_OPERATION,
              "SetDefaultDeviceCommandQueueNotReplaceable");
  clReleaseCommandQueue(q);
  EXPECT_RULE(clSetDefaultDeviceCommandQueue(context, device, released_queue()),
              CL_INVALID_OPERATION, "SetDefaultDeviceCommandQueueNotReplaceable");
}

// §5.1 clRetainCommandQueue / clReleaseCommandQueue: counts, and invalid queues.
TEST_F(QueueApi, RetainAndReleaseCount) {
  cl_command_queue q = make_queue(nullptr);
  cl_uint count = 0;
  EXPECT_EQ(clRetainCommandQueue(q), CL_SUCCESS);
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof count, &count, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(count, 2u);
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof count, &count, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  // The handle is invalid once the count reached zero.
  EXPECT_RULE(clRetainCommandQueue(q), CL_INVALID_COMMAND_QUEUE, "RetainCommandQueueInvalidQueue");
  EXPECT_RULE(clReleaseCommandQueue(q), CL_INVALID_COMMAND_QUEUE,
              "ReleaseCommandQueueInvalidQueue");
}

// §5.1 clGetCommandQueueInfo, table 5.2 and the 2.x/3.0 additions.
TEST_F(QueueApi, GetCommandQueueInfoAnswersEveryQuery) {
  cl_command_queue q = make_queue(nullptr);
  cl_context c = nullptr;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof c, &c, nullptr), CL_SUCCESS);
  EXPECT_EQ(c, context);
  cl_device_id d = nullptr;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof d, &d, nullptr), CL_SUCCESS);
  EXPECT_EQ(d, device);
  cl_uint count = 0;
  size_t size = 0;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof count, &count, &size),
            CL_SUCCESS);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(size, sizeof(cl_uint));
  // No device queues: there is no default device queue.
  cl_command_queue def = q;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE_DEFAULT, sizeof def, &def, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(def, nullptr);
  clReleaseCommandQueue(q);
}

// §5.1: CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.
TEST_F(QueueApi, GetCommandQueueInfoInvalidQueue) {
  cl_uint count;
  EXPECT_RULE(clGetCommandQueueInfo(released_queue(), CL_QUEUE_REFERENCE_COUNT, sizeof count,
                                    &count, nullptr),
              CL_INVALID_COMMAND_QUEUE, "GetCommandQueueInfoInvalidQueue");
}

// 3.0 §5.1: CL_QUEUE_SIZE is valid only for device command-queues: CL_INVALID_COMMAND_QUEUE
// "if command_queue is not a valid command-queue for param_name".
TEST_F(QueueApi, GetCommandQueueInfoSizeOfHostQueue) {
  cl_command_queue q = make_queue(nullptr);
  cl_uint size;
  EXPECT_RULE(clGetCommandQueueInfo(q, CL_QUEUE_SIZE, sizeof size, &size, nullptr),
              CL_INVALID_COMMAND_QUEUE, "GetCommandQueueInfoNotForParam");
  clReleaseCommandQueue(q);
}

// §5.1: CL_INVALID_VALUE if param_name is not one of the supported values or param_value_size
// is too small (and param_value is not NULL).
TEST_F(QueueApi, GetCommandQueueInfoBadParam) {
  cl_command_queue q = make_queue(nullptr);
  cl_uint value;
  EXPECT_RULE(clGetCommandQueueInfo(q, 0x7777, sizeof value, &value, nullptr), CL_INVALID_VALUE,
              "GetCommandQueueInfoBadParam");
  cl_context c;
  EXPECT_RULE(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof c - 1, &c, nullptr),
              CL_INVALID_VALUE, "GetCommandQueueInfoBadParam");
  // A NULL param_value is not checked against the size.
  size_t size = 0;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, sizeof(cl_context));
  clReleaseCommandQueue(q);
}

// 1.2 Appendix F.1: "The clSetCommandQueueProperty API is no longer supported in OpenCL 1.1."
TEST_F(QueueApi, SetCommandQueuePropertyIsUnsupported) {
  cl_command_queue q = make_queue(nullptr);
  cl_command_queue_properties old = 0;
  EXPECT_RULE(clSetCommandQueueProperty(q, CL_QUEUE_PROFILING_ENABLE, CL_TRUE, &old),
              CL_INVALID_OPERATION, "SetCommandQueuePropertyUnsupported");
  // The properties did not change.
  cl_command_queue_properties props = 1;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof props, &props, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(props, 0u);
  clReleaseCommandQueue(q);
}

// §5.13: CL_INVALID_COMMAND_QUEUE for clFlush and clFinish; both succeed on an empty queue.
TEST_F(QueueApi, FlushAndFinish) {
  cl_command_queue q = make_queue(nullptr);
  EXPECT_EQ(clFlush(q), CL_SUCCESS);
  EXPECT_EQ(clFinish(q), CL_SUCCESS);
  clReleaseCommandQueue(q);
  EXPECT_RULE(clFlush(q), CL_INVALID_COMMAND_QUEUE, "FlushInvalidQueue");
  EXPECT_RULE(clFinish(q), CL_INVALID_COMMAND_QUEUE, "FinishInvalidQueue");
}

}  // namespace
}  // namespace clvet::test
