// Calls print with their parameters named and flags, enums and error codes decoded.
#include <gtest/gtest.h>

#include "clvet/rules/opencl.h"
#include "clvet/trace/cl_names.h"
#include "clvet/trace/print.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

TEST(TraceNames, BitfieldsAndEnums) {
  EXPECT_EQ(bitfield_name("cl_mem_flags", CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR),
            "CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR");
  EXPECT_EQ(bitfield_name("cl_mem_flags", CL_MEM_READ_ONLY | (1u << 30)), "CL_MEM_READ_ONLY|0x40000000");
  EXPECT_EQ(bitfield_name("cl_mem_flags", 0), "0");
  EXPECT_EQ(bitfield_name("cl_device_type", CL_DEVICE_TYPE_ALL), "CL_DEVICE_TYPE_ALL");
  EXPECT_EQ(bitfield_name("cl_device_type", CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_CPU),
            "CL_DEVICE_TYPE_CPU|CL_DEVICE_TYPE_GPU");
  EXPECT_EQ(bitfield_name("cl_map_flags", CL_MAP_WRITE_INVALIDATE_REGION), "CL_MAP_WRITE_INVALIDATE_REGION");
  EXPECT_EQ(bitfield_name("cl_command_queue_properties", CL_QUEUE_PROFILING_ENABLE),
            "CL_QUEUE_PROFILING_ENABLE");
  EXPECT_EQ(constant_name("cl_device_info", CL_DEVICE_MAX_COMPUTE_UNITS), "CL_DEVICE_MAX_COMPUTE_UNITS");
  EXPECT_EQ(constant_name("cl_platform_info", CL_PLATFORM_NAME), "CL_PLATFORM_NAME");
  EXPECT_EQ(constant_name("cl_command_type", CL_COMMAND_NDRANGE_KERNEL), "CL_COMMAND_NDRANGE_KERNEL");
  EXPECT_EQ(constant_name("cl_channel_order", CL_RGBA), "CL_RGBA");
  EXPECT_FALSE(constant_name("cl_platform_info", 0x1234));
}

TEST(TracePrint, CreateBufferReadsLikeTheCode) {
  Call call;
  call.index = 12;
  call.entry = testing::entry_index("clCreateBuffer");
  call.name = "clCreateBuffer";
  call.params = {Value::handle(api::ObjectKind::Context, 1),
                 Value::uint(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR), Value::uint(4096),
                 Value::pointer(0x7ffd5a10), Value::pointer(0x7ffd59fc)};
  call.inputs = {{3, Value::blob(0xabcdef, 4096)}};
  call.result = Value::handle(api::ObjectKind::Mem, 3);
  call.outputs = {{4, Value::sint(CL_SUCCESS)}};
  call.created = {{api::ObjectKind::Mem, 3}};
  PrintOptions options;
  options.times = false;
  EXPECT_EQ(format_call(call, options),
            "#12 clCreateBuffer(context: context#1, flags: CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR, "
            "size: 4096, host_ptr: 0x7ffd5a10, errcode_ret: 0x7ffd59fc) = mem#3\n"
            "    in  host_ptr: <4096 bytes, blob 0000000000abcdef>\n"
            "    out errcode_ret: CL_SUCCESS\n"
            "    created mem#3\n");
}

TEST(TracePrint, ErrorsPropertiesAndInfoResults) {
  PrintOptions options;
  options.times = false;
  Call failed;
  failed.index = 3;
  failed.entry = testing::entry_index("clCreateContext");
  failed.name = "clCreateContext";
  failed.params = {
      Value::properties({{CL_CONTEXT_PLATFORM, Value::handle(api::ObjectKind::Platform, 1)}}),
      Value::uint(1), Value::array({Value::handle(api::ObjectKind::Device, 2)}), Value::null(),
      Value::null(), Value::pointer(0x10)};
  failed.result = Value::null();
  failed.error = CL_INVALID_DEVICE;
  EXPECT_EQ(format_call(failed, options),
            "#3 clCreateContext(properties: {CL_CONTEXT_PLATFORM: platform#1, 0}, num_devices: 1, "
            "devices: [device#2], pfn_notify: NULL, user_data: NULL, errcode_ret: 0x10) = NULL "
            "(CL_INVALID_DEVICE)\n");

  Call info;
  info.index = 4;
  info.entry = testing::entry_index("clGetPlatformInfo");
  info.name = "clGetPlatformInfo";
  info.params = {Value::handle(api::ObjectKind::Platform, 1), Value::uint(CL_PLATFORM_NAME),
                 Value::uint(64), Value::pointer(0x20), Value::null()};
  info.outputs = {{3, Value::inline_bytes("clvet", 6)}};
  EXPECT_EQ(format_call(info, options),
            "#4 clGetPlatformInfo(platform: platform#1, param_name: CL_PLATFORM_NAME, "
            "param_value_size: 64, param_value: 0x20, param_value_size_ret: NULL) = CL_SUCCESS\n"
            "    out param_value: \"clvet\"\n");

  Call unknown;
  unknown.index = 5;
  unknown.entry = kUnknownEntry;
  unknown.name = "clFutureThing";
  unknown.params = {Value::inline_bytes("\x01\x02", 2)};
  unknown.completed = false;
  EXPECT_EQ(format_call(unknown, options),
            "#5 clFutureThing(param 0: <2 bytes: 01 02>) (entered, not returned yet)\n");
}

// A call's time and duration: measured ones as such; a call that returned without its end
// time read (3.0) as "not timed", never as a duration of 0; one that never returned as entered.
TEST(TracePrint, DurationsAreMeasuredOrSaidToBeUnknown) {
  Call call;
  call.index = 9;
  call.thread = 42;
  call.enter_ns = 1'500'000'000;
  call.exit_ns = call.enter_ns + 2'500;
  call.entry = testing::entry_index("clRetainMemObject");
  call.name = "clRetainMemObject";
  call.params = {Value::handle(api::ObjectKind::Mem, 3)};
  call.result = Value::sint(CL_SUCCESS);
  PrintOptions options;
  options.times = true;
  EXPECT_EQ(format_call(call, options),
            "#9 [thread 42 at 1.500000000 s, 2500 ns] clRetainMemObject(memobj: mem#3) = CL_SUCCESS\n");
  EXPECT_EQ(format_call_duration(call), "2500 ns");
  call.timed = false;
  call.exit_ns = call.enter_ns;
  EXPECT_EQ(format_call(call, options),
            "#9 [thread 42 at 1.500000000 s, not timed] clRetainMemObject(memobj: mem#3) = CL_SUCCESS\n");
  EXPECT_EQ(format_call_duration(call), "not timed");
  call.completed = false;
  EXPECT_EQ(format_call_duration(call), "never returned");
}

TEST(TracePrint, StructsAreNamedByField) {
  const api::EntryPoint* e = api::find_entry_point("clCreateImage2D");
  ASSERT_TRUE(e);
  const Value format = Value::array({Value::uint(CL_RGBA), Value::uint(CL_FLOAT)});
  EXPECT_EQ(format_value(format, &e->params[2]), "{order: CL_RGBA, type: CL_FLOAT}");
}

}  // namespace
}  // namespace clvet::trace
