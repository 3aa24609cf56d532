// The OpenCL API as data: every ICD dispatch slot and extension entry point, with its
// parameters and the role each plays. Everything that wraps, encodes or prints a call reads this.
#include "clvet/rules/api.h"

namespace clvet::api {
namespace {

constexpr Param clGetPlatformIDs_params[] = {
    {.type = "cl_uint", .name = "num_entries", .role = Role::Count},
    {.type = "cl_platform_id*", .name = "platforms", .role = Role::HandleArrayOut, .kind = ObjectKind::Platform, .peer = "num_entries", .nullable = true},
    {.type = "cl_uint*", .name = "num_platforms", .role = Role::CountOut, .nullable = true},
};
constexpr Param clGetPlatformInfo_params[] = {
    {.type = "cl_platform_id", .name = "platform", .role = Role::HandleIn, .kind = ObjectKind::Platform},
    {.type = "cl_platform_info", .name = "param_name", .role = Role::Enum, .family = "cl_platform_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clGetDeviceIDs_params[] = {
    {.type = "cl_platform_id", .name = "platform", .role = Role::HandleIn, .kind = ObjectKind::Platform},
    {.type = "cl_device_type", .name = "device_type", .role = Role::Bitfield, .family = "cl_device_type"},
    {.type = "cl_uint", .name = "num_entries", .role = Role::Count},
    {.type = "cl_device_id*", .name = "devices", .role = Role::HandleArrayOut, .kind = ObjectKind::Device, .peer = "num_entries", .nullable = true},
    {.type = "cl_uint*", .name = "num_devices", .role = Role::CountOut, .nullable = true},
};
constexpr Param clGetDeviceInfo_params[] = {
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "cl_device_info", .name = "param_name", .role = Role::Enum, .family = "cl_device_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clCreateContext_params[] = {
    {.type = "const cl_context_properties*", .name = "properties", .role = Role::Properties, .family = "cl_context_properties", .nullable = true},
    {.type = "cl_uint", .name = "num_devices", .role = Role::Count},
    {.type = "const cl_device_id*", .name = "devices", .role = Role::HandleArrayIn, .kind = ObjectKind::Device, .peer = "num_devices"},
    {.type = "void (CL_CALLBACK*)(const char * errinfo, const void * private_info, size_t cb, void * user_data)", .name = "pfn_notify", .role = Role::Callback, .peer = "user_data", .nullable = true},
    {.type = "void*", .name = "user_data", .role = Role::UserData, .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateContextFromType_params[] = {
    {.type = "const cl_context_properties*", .name = "properties", .role = Role::Properties, .family = "cl_context_properties", .nullable = true},
    {.type = "cl_device_type", .name = "device_type", .role = Role::Bitfield, .family = "cl_device_type"},
    {.type = "void (CL_CALLBACK*)(const char * errinfo, const void * private_info, size_t cb, void * user_data)", .name = "pfn_notify", .role = Role::Callback, .peer = "user_data", .nullable = true},
    {.type = "void*", .name = "user_data", .role = Role::UserData, .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clRetainContext_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
};
constexpr Param clReleaseContext_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
};
constexpr Param clGetContextInfo_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_context_info", .name = "param_name", .role = Role::Enum, .family = "cl_context_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clCreateCommandQueue_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "cl_command_queue_properties", .name = "properties", .role = Role::Bitfield, .family = "cl_command_queue_properties"},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clRetainCommandQueue_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
};
constexpr Param clReleaseCommandQueue_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
};
constexpr Param clGetCommandQueueInfo_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_command_queue_info", .name = "param_name", .role = Role::Enum, .family = "cl_command_queue_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clSetCommandQueueProperty_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_command_queue_properties", .name = "properties", .role = Role::Bitfield, .family = "cl_command_queue_properties"},
    {.type = "cl_bool", .name = "enable", .role = Role::Value},
    {.type = "cl_command_queue_properties*", .name = "old_properties", .role = Role::ValueOut, .nullable = true},
};
constexpr Param clCreateBuffer_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "size_t", .name = "size", .role = Role::Value},
    {.type = "void*", .name = "host_ptr", .role = Role::HostPtr, .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateImage2D_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "const cl_image_format*", .name = "image_format", .role = Role::StructIn, .family = "cl_image_format"},
    {.type = "size_t", .name = "image_width", .role = Role::Value},
    {.type = "size_t", .name = "image_height", .role = Role::Value},
    {.type = "size_t", .name = "image_row_pitch", .role = Role::Value},
    {.type = "void*", .name = "host_ptr", .role = Role::HostPtr, .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateImage3D_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "const cl_image_format*", .name = "image_format", .role = Role::StructIn, .family = "cl_image_format"},
    {.type = "size_t", .name = "image_width", .role = Role::Value},
    {.type = "size_t", .name = "image_height", .role = Role::Value},
    {.type = "size_t", .name = "image_depth", .role = Role::Value},
    {.type = "size_t", .name = "image_row_pitch", .role = Role::Value},
    {.type = "size_t", .name = "image_slice_pitch", .role = Role::Value},
    {.type = "void*", .name = "host_ptr", .role = Role::HostPtr, .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clRetainMemObject_params[] = {
    {.type = "cl_mem", .name = "memobj", .role = Role::HandleIn, .kind = ObjectKind::Mem},
};
constexpr Param clReleaseMemObject_params[] = {
    {.type = "cl_mem", .name = "memobj", .role = Role::HandleIn, .kind = ObjectKind::Mem},
};
constexpr Param clGetSupportedImageFormats_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "cl_mem_object_type", .name = "image_type", .role = Role::Enum, .family = "cl_mem_object_type"},
    {.type = "cl_uint", .name = "num_entries", .role = Role::Count},
    {.type = "cl_image_format*", .name = "image_formats", .role = Role::ArrayOut, .peer = "num_entries", .nullable = true},
    {.type = "cl_uint*", .name = "num_image_formats", .role = Role::CountOut, .nullable = true},
};
constexpr Param clGetMemObjectInfo_params[] = {
    {.type = "cl_mem", .name = "memobj", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_mem_info", .name = "param_name", .role = Role::Enum, .family = "cl_mem_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clGetImageInfo_params[] = {
    {.type = "cl_mem", .name = "image", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_image_info", .name = "param_name", .role = Role::Enum, .family = "cl_image_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clCreateSampler_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_bool", .name = "normalized_coords", .role = Role::Value},
    {.type = "cl_addressing_mode", .name = "addressing_mode", .role = Role::Enum, .family = "cl_addressing_mode"},
    {.type = "cl_filter_mode", .name = "filter_mode", .role = Role::Enum, .family = "cl_filter_mode"},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clRetainSampler_params[] = {
    {.type = "cl_sampler", .name = "sampler", .role = Role::HandleIn, .kind = ObjectKind::Sampler},
};
constexpr Param clReleaseSampler_params[] = {
    {.type = "cl_sampler", .name = "sampler", .role = Role::HandleIn, .kind = ObjectKind::Sampler},
};
constexpr Param clGetSamplerInfo_params[] = {
    {.type = "cl_sampler", .name = "sampler", .role = Role::HandleIn, .kind = ObjectKind::Sampler},
    {.type = "cl_sampler_info", .name = "param_name", .role = Role::Enum, .family = "cl_sampler_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clCreateProgramWithSource_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_uint", .name = "count", .role = Role::Count},
    {.type = "const char**", .name = "strings", .role = Role::StringArrayIn, .peer = "count", .peer2 = "lengths"},
    {.type = "const size_t*", .name = "lengths", .role = Role::ArrayIn, .peer = "count", .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateProgramWithBinary_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_uint", .name = "num_devices", .role = Role::Count},
    {.type = "const cl_device_id*", .name = "device_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Device, .peer = "num_devices", .nullable = true},
    {.type = "const size_t*", .name = "lengths", .role = Role::ArrayIn, .peer = "num_devices"},
    {.type = "const unsigned char**", .name = "binaries", .role = Role::BinaryArrayIn, .peer = "num_devices", .peer2 = "lengths"},
    {.type = "cl_int*", .name = "binary_status", .role = Role::ArrayOut, .peer = "num_devices", .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clRetainProgram_params[] = {
    {.type = "cl_program", .name = "program", .role = Role::HandleIn, .kind = ObjectKind::Program},
};
constexpr Param clReleaseProgram_params[] = {
    {.type = "cl_program", .name = "program", .role = Role::HandleIn, .kind = ObjectKind::Program},
};
constexpr Param clBuildProgram_params[] = {
    {.type = "cl_program", .name = "program", .role = Role::HandleIn, .kind = ObjectKind::Program},
    {.type = "cl_uint", .name = "num_devices", .role = Role::Count},
    {.type = "const cl_device_id*", .name = "device_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Device, .peer = "num_devices", .nullable = true},
    {.type = "const char*", .name = "options", .role = Role::StringIn, .nullable = true},
    {.type = "void (CL_CALLBACK*)(cl_program program, void * user_data)", .name = "pfn_notify", .role = Role::Callback, .peer = "user_data", .nullable = true},
    {.type = "void*", .name = "user_data", .role = Role::UserData, .nullable = true},
};
constexpr Param clGetProgramInfo_params[] = {
    {.type = "cl_program", .name = "program", .role = Role::HandleIn, .kind = ObjectKind::Program},
    {.type = "cl_program_info", .name = "param_name", .role = Role::Enum, .family = "cl_program_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clGetProgramBuildInfo_params[] = {
    {.type = "cl_program", .name = "program", .role = Role::HandleIn, .kind = ObjectKind::Program},
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "cl_program_build_info", .name = "param_name", .role = Role::Enum, .family = "cl_program_build_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clCreateKernel_params[] = {
    {.type = "cl_program", .name = "program", .role = Role::HandleIn, .kind = ObjectKind::Program},
    {.type = "const char*", .name = "kernel_name", .role = Role::StringIn},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateKernelsInProgram_params[] = {
    {.type = "cl_program", .name = "program", .role = Role::HandleIn, .kind = ObjectKind::Program},
    {.type = "cl_uint", .name = "num_kernels", .role = Role::Count},
    {.type = "cl_kernel*", .name = "kernels", .role = Role::HandleArrayOut, .kind = ObjectKind::Kernel, .peer = "num_kernels", .nullable = true},
    {.type = "cl_uint*", .name = "num_kernels_ret", .role = Role::CountOut, .nullable = true},
};
constexpr Param clRetainKernel_params[] = {
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
};
constexpr Param clReleaseKernel_params[] = {
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
};
constexpr Param clSetKernelArg_params[] = {
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_uint", .name = "arg_index", .role = Role::Value},
    {.type = "size_t", .name = "arg_size", .role = Role::Value},
    {.type = "const void*", .name = "arg_value", .role = Role::KernelArgValue, .peer = "arg_size", .nullable = true},
};
constexpr Param clGetKernelInfo_params[] = {
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_kernel_info", .name = "param_name", .role = Role::Enum, .family = "cl_kernel_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clGetKernelWorkGroupInfo_params[] = {
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "cl_kernel_work_group_info", .name = "param_name", .role = Role::Enum, .family = "cl_kernel_work_group_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clWaitForEvents_params[] = {
    {.type = "cl_uint", .name = "num_events", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events"},
};
constexpr Param clGetEventInfo_params[] = {
    {.type = "cl_event", .name = "event", .role = Role::HandleIn, .kind = ObjectKind::Event},
    {.type = "cl_event_info", .name = "param_name", .role = Role::Enum, .family = "cl_event_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clRetainEvent_params[] = {
    {.type = "cl_event", .name = "event", .role = Role::HandleIn, .kind = ObjectKind::Event},
};
constexpr Param clReleaseEvent_params[] = {
    {.type = "cl_event", .name = "event", .role = Role::HandleIn, .kind = ObjectKind::Event},
};
constexpr Param clGetEventProfilingInfo_params[] = {
    {.type = "cl_event", .name = "event", .role = Role::HandleIn, .kind = ObjectKind::Event},
    {.type = "cl_profiling_info", .name = "param_name", .role = Role::Enum, .family = "cl_profiling_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clFlush_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
};
constexpr Param clFinish_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
};
constexpr Param clEnqueueReadBuffer_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_bool", .name = "blocking_read", .role = Role::Value, .blocking = true},
    {.type = "size_t", .name = "offset", .role = Role::Value},
    {.type = "size_t", .name = "size", .role = Role::Value},
    {.type = "void*", .name = "ptr", .role = Role::HostMemOut, .peer = "size"},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueWriteBuffer_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_bool", .name = "blocking_write", .role = Role::Value, .blocking = true},
    {.type = "size_t", .name = "offset", .role = Role::Value},
    {.type = "size_t", .name = "size", .role = Role::Value},
    {.type = "const void*", .name = "ptr", .role = Role::HostMemIn, .peer = "size"},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueCopyBuffer_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "src_buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_mem", .name = "dst_buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "size_t", .name = "src_offset", .role = Role::Value},
    {.type = "size_t", .name = "dst_offset", .role = Role::Value},
    {.type = "size_t", .name = "size", .role = Role::Value},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueReadImage_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "image", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_bool", .name = "blocking_read", .role = Role::Value, .blocking = true},
    {.type = "const size_t*", .name = "origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "region", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "size_t", .name = "row_pitch", .role = Role::Value},
    {.type = "size_t", .name = "slice_pitch", .role = Role::Value},
    {.type = "void*", .name = "ptr", .role = Role::HostMemOut},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueWriteImage_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "image", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_bool", .name = "blocking_write", .role = Role::Value, .blocking = true},
    {.type = "const size_t*", .name = "origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "region", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "size_t", .name = "input_row_pitch", .role = Role::Value},
    {.type = "size_t", .name = "input_slice_pitch", .role = Role::Value},
    {.type = "const void*", .name = "ptr", .role = Role::HostMemIn},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueCopyImage_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "src_image", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_mem", .name = "dst_image", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "const size_t*", .name = "src_origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "dst_origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "region", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueCopyImageToBuffer_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "src_image", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_mem", .name = "dst_buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "const size_t*", .name = "src_origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "region", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "size_t", .name = "dst_offset", .role = Role::Value},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueCopyBufferToImage_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "src_buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_mem", .name = "dst_image", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "size_t", .name = "src_offset", .role = Role::Value},
    {.type = "const size_t*", .name = "dst_origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "region", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueMapBuffer_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_bool", .name = "blocking_map", .role = Role::Value, .blocking = true},
    {.type = "cl_map_flags", .name = "map_flags", .role = Role::Bitfield, .family = "cl_map_flags"},
    {.type = "size_t", .name = "offset", .role = Role::Value},
    {.type = "size_t", .name = "size", .role = Role::Value},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clEnqueueMapImage_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "image", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_bool", .name = "blocking_map", .role = Role::Value, .blocking = true},
    {.type = "cl_map_flags", .name = "map_flags", .role = Role::Bitfield, .family = "cl_map_flags"},
    {.type = "const size_t*", .name = "origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "region", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "size_t*", .name = "image_row_pitch", .role = Role::ValueOut},
    {.type = "size_t*", .name = "image_slice_pitch", .role = Role::ValueOut, .nullable = true},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clEnqueueUnmapMemObject_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "memobj", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "void*", .name = "mapped_ptr", .role = Role::MappedPtr},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueNDRangeKernel_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_uint", .name = "work_dim", .role = Role::Value},
    {.type = "const size_t*", .name = "global_work_offset", .role = Role::ArrayIn, .peer = "work_dim", .nullable = true},
    {.type = "const size_t*", .name = "global_work_size", .role = Role::ArrayIn, .peer = "work_dim"},
    {.type = "const size_t*", .name = "local_work_size", .role = Role::ArrayIn, .peer = "work_dim", .nullable = true},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueTask_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueNativeKernel_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "void (CL_CALLBACK*)(void *)", .name = "user_func", .role = Role::Callback, .nullable = true},
    {.type = "void*", .name = "args", .role = Role::HostMemIn, .peer = "cb_args", .nullable = true},
    {.type = "size_t", .name = "cb_args", .role = Role::Value},
    {.type = "cl_uint", .name = "num_mem_objects", .role = Role::Count},
    {.type = "const cl_mem*", .name = "mem_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Mem, .peer = "num_mem_objects", .nullable = true},
    {.type = "const void**", .name = "args_mem_loc", .role = Role::ArrayIn, .peer = "num_mem_objects", .nullable = true},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueMarker_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueWaitForEvents_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_uint", .name = "num_events", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events"},
};
constexpr Param clEnqueueBarrier_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
};
constexpr Param clGetExtensionFunctionAddress_params[] = {
    {.type = "const char*", .name = "func_name", .role = Role::StringIn},
};
constexpr Param clCreateFromGLBuffer_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "cl_GLuint", .name = "bufobj", .role = Role::Opaque},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateFromGLTexture2D_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "cl_GLenum", .name = "target", .role = Role::Opaque},
    {.type = "cl_GLint", .name = "miplevel", .role = Role::Opaque},
    {.type = "cl_GLuint", .name = "texture", .role = Role::Opaque},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateFromGLTexture3D_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "cl_GLenum", .name = "target", .role = Role::Opaque},
    {.type = "cl_GLint", .name = "miplevel", .role = Role::Opaque},
    {.type = "cl_GLuint", .name = "texture", .role = Role::Opaque},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateFromGLRenderbuffer_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "cl_GLuint", .name = "renderbuffer", .role = Role::Opaque},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clGetGLObjectInfo_params[] = {
    {.type = "cl_mem", .name = "memobj", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_gl_object_type*", .name = "gl_object_type", .role = Role::Opaque, .nullable = true},
    {.type = "cl_GLuint*", .name = "gl_object_name", .role = Role::Opaque, .nullable = true},
};
constexpr Param clGetGLTextureInfo_params[] = {
    {.type = "cl_mem", .name = "memobj", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_gl_texture_info", .name = "param_name", .role = Role::Enum, .family = "cl_gl_texture_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clEnqueueAcquireGLObjects_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_uint", .name = "num_objects", .role = Role::Count},
    {.type = "const cl_mem*", .name = "mem_objects", .role = Role::HandleArrayIn, .kind = ObjectKind::Mem, .peer = "num_objects"},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueReleaseGLObjects_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_uint", .name = "num_objects", .role = Role::Count},
    {.type = "const cl_mem*", .name = "mem_objects", .role = Role::HandleArrayIn, .kind = ObjectKind::Mem, .peer = "num_objects"},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clGetGLContextInfoKHR_params[] = {
    {.type = "const cl_context_properties*", .name = "properties", .role = Role::Properties, .family = "cl_context_properties", .nullable = true},
    {.type = "cl_gl_context_info", .name = "param_name", .role = Role::Enum, .family = "cl_gl_context_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clSetEventCallback_params[] = {
    {.type = "cl_event", .name = "event", .role = Role::HandleIn, .kind = ObjectKind::Event},
    {.type = "cl_int", .name = "command_exec_callback_type", .role = Role::Value},
    {.type = "void (CL_CALLBACK*)(cl_event event, cl_int event_command_status, void * user_data)", .name = "pfn_notify", .role = Role::Callback, .peer = "user_data", .nullable = true},
    {.type = "void*", .name = "user_data", .role = Role::UserData, .nullable = true},
};
constexpr Param clCreateSubBuffer_params[] = {
    {.type = "cl_mem", .name = "buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "cl_buffer_create_type", .name = "buffer_create_type", .role = Role::Enum, .family = "cl_buffer_create_type"},
    {.type = "const void*", .name = "buffer_create_info", .role = Role::StructIn, .family = "cl_buffer_region"},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clSetMemObjectDestructorCallback_params[] = {
    {.type = "cl_mem", .name = "memobj", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "void (CL_CALLBACK*)(cl_mem memobj, void * user_data)", .name = "pfn_notify", .role = Role::Callback, .peer = "user_data", .nullable = true},
    {.type = "void*", .name = "user_data", .role = Role::UserData, .nullable = true},
};
constexpr Param clCreateUserEvent_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clSetUserEventStatus_params[] = {
    {.type = "cl_event", .name = "event", .role = Role::HandleIn, .kind = ObjectKind::Event},
    {.type = "cl_int", .name = "execution_status", .role = Role::Value},
};
constexpr Param clEnqueueReadBufferRect_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_bool", .name = "blocking_read", .role = Role::Value, .blocking = true},
    {.type = "const size_t*", .name = "buffer_origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "host_origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "region", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "size_t", .name = "buffer_row_pitch", .role = Role::Value},
    {.type = "size_t", .name = "buffer_slice_pitch", .role = Role::Value},
    {.type = "size_t", .name = "host_row_pitch", .role = Role::Value},
    {.type = "size_t", .name = "host_slice_pitch", .role = Role::Value},
    {.type = "void*", .name = "ptr", .role = Role::HostMemOut},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueWriteBufferRect_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_bool", .name = "blocking_write", .role = Role::Value, .blocking = true},
    {.type = "const size_t*", .name = "buffer_origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "host_origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "region", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "size_t", .name = "buffer_row_pitch", .role = Role::Value},
    {.type = "size_t", .name = "buffer_slice_pitch", .role = Role::Value},
    {.type = "size_t", .name = "host_row_pitch", .role = Role::Value},
    {.type = "size_t", .name = "host_slice_pitch", .role = Role::Value},
    {.type = "const void*", .name = "ptr", .role = Role::HostMemIn},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueCopyBufferRect_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "src_buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_mem", .name = "dst_buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "const size_t*", .name = "src_origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "dst_origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "region", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "size_t", .name = "src_row_pitch", .role = Role::Value},
    {.type = "size_t", .name = "src_slice_pitch", .role = Role::Value},
    {.type = "size_t", .name = "dst_row_pitch", .role = Role::Value},
    {.type = "size_t", .name = "dst_slice_pitch", .role = Role::Value},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clCreateSubDevicesEXT_params[] = {
    {.type = "cl_device_id", .name = "in_device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "const cl_device_partition_property_ext*", .name = "properties", .role = Role::Properties, .family = "cl_device_partition_property_ext", .nullable = true},
    {.type = "cl_uint", .name = "num_entries", .role = Role::Count},
    {.type = "cl_device_id*", .name = "out_devices", .role = Role::HandleArrayOut, .kind = ObjectKind::Device, .peer = "num_entries", .nullable = true},
    {.type = "cl_uint*", .name = "num_devices", .role = Role::CountOut, .nullable = true},
};
constexpr Param clRetainDeviceEXT_params[] = {
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
};
constexpr Param clReleaseDeviceEXT_params[] = {
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
};
constexpr Param clCreateEventFromGLsyncKHR_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_GLsync", .name = "sync", .role = Role::Opaque},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateSubDevices_params[] = {
    {.type = "cl_device_id", .name = "in_device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "const cl_device_partition_property*", .name = "properties", .role = Role::Properties, .family = "cl_device_partition_property", .nullable = true},
    {.type = "cl_uint", .name = "num_devices", .role = Role::Count},
    {.type = "cl_device_id*", .name = "out_devices", .role = Role::HandleArrayOut, .kind = ObjectKind::Device, .peer = "num_devices", .nullable = true},
    {.type = "cl_uint*", .name = "num_devices_ret", .role = Role::CountOut, .nullable = true},
};
constexpr Param clRetainDevice_params[] = {
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
};
constexpr Param clReleaseDevice_params[] = {
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
};
constexpr Param clCreateImage_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "const cl_image_format*", .name = "image_format", .role = Role::StructIn, .family = "cl_image_format"},
    {.type = "const cl_image_desc*", .name = "image_desc", .role = Role::StructIn, .family = "cl_image_desc"},
    {.type = "void*", .name = "host_ptr", .role = Role::HostPtr, .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateProgramWithBuiltInKernels_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_uint", .name = "num_devices", .role = Role::Count},
    {.type = "const cl_device_id*", .name = "device_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Device, .peer = "num_devices", .nullable = true},
    {.type = "const char*", .name = "kernel_names", .role = Role::StringIn},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCompileProgram_params[] = {
    {.type = "cl_program", .name = "program", .role = Role::HandleIn, .kind = ObjectKind::Program},
    {.type = "cl_uint", .name = "num_devices", .role = Role::Count},
    {.type = "const cl_device_id*", .name = "device_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Device, .peer = "num_devices", .nullable = true},
    {.type = "const char*", .name = "options", .role = Role::StringIn, .nullable = true},
    {.type = "cl_uint", .name = "num_input_headers", .role = Role::Count},
    {.type = "const cl_program*", .name = "input_headers", .role = Role::HandleArrayIn, .kind = ObjectKind::Program, .peer = "num_input_headers", .nullable = true},
    {.type = "const char**", .name = "header_include_names", .role = Role::StringArrayIn, .peer = "num_input_headers", .nullable = true},
    {.type = "void (CL_CALLBACK*)(cl_program program, void * user_data)", .name = "pfn_notify", .role = Role::Callback, .peer = "user_data", .nullable = true},
    {.type = "void*", .name = "user_data", .role = Role::UserData, .nullable = true},
};
constexpr Param clLinkProgram_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_uint", .name = "num_devices", .role = Role::Count},
    {.type = "const cl_device_id*", .name = "device_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Device, .peer = "num_devices", .nullable = true},
    {.type = "const char*", .name = "options", .role = Role::StringIn, .nullable = true},
    {.type = "cl_uint", .name = "num_input_programs", .role = Role::Count},
    {.type = "const cl_program*", .name = "input_programs", .role = Role::HandleArrayIn, .kind = ObjectKind::Program, .peer = "num_input_programs"},
    {.type = "void (CL_CALLBACK*)(cl_program program, void * user_data)", .name = "pfn_notify", .role = Role::Callback, .peer = "user_data", .nullable = true},
    {.type = "void*", .name = "user_data", .role = Role::UserData, .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clUnloadPlatformCompiler_params[] = {
    {.type = "cl_platform_id", .name = "platform", .role = Role::HandleIn, .kind = ObjectKind::Platform},
};
constexpr Param clGetKernelArgInfo_params[] = {
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_uint", .name = "arg_indx", .role = Role::Value},
    {.type = "cl_kernel_arg_info", .name = "param_name", .role = Role::Enum, .family = "cl_kernel_arg_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clEnqueueFillBuffer_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "buffer", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "const void*", .name = "pattern", .role = Role::HostMemIn, .peer = "pattern_size"},
    {.type = "size_t", .name = "pattern_size", .role = Role::Value},
    {.type = "size_t", .name = "offset", .role = Role::Value},
    {.type = "size_t", .name = "size", .role = Role::Value},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueFillImage_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_mem", .name = "image", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "const void*", .name = "fill_color", .role = Role::HostMemIn, .fixed_length = 16, .fill_color_of = "image"},
    {.type = "const size_t*", .name = "origin", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "const size_t*", .name = "region", .role = Role::ArrayIn, .fixed_length = 3},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueMigrateMemObjects_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_uint", .name = "num_mem_objects", .role = Role::Count},
    {.type = "const cl_mem*", .name = "mem_objects", .role = Role::HandleArrayIn, .kind = ObjectKind::Mem, .peer = "num_mem_objects"},
    {.type = "cl_mem_migration_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_migration_flags"},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueMarkerWithWaitList_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueBarrierWithWaitList_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clGetExtensionFunctionAddressForPlatform_params[] = {
    {.type = "cl_platform_id", .name = "platform", .role = Role::HandleIn, .kind = ObjectKind::Platform},
    {.type = "const char*", .name = "func_name", .role = Role::StringIn},
};
constexpr Param clCreateFromGLTexture_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "cl_GLenum", .name = "target", .role = Role::Opaque},
    {.type = "cl_GLint", .name = "miplevel", .role = Role::Opaque},
    {.type = "cl_GLuint", .name = "texture", .role = Role::Opaque},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateFromEGLImageKHR_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "CLeglDisplayKHR", .name = "egldisplay", .role = Role::Opaque},
    {.type = "CLeglImageKHR", .name = "eglimage", .role = Role::Opaque},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "const cl_egl_image_properties_khr*", .name = "properties", .role = Role::Properties, .family = "cl_egl_image_properties_khr", .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clEnqueueAcquireEGLObjectsKHR_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_uint", .name = "num_objects", .role = Role::Count},
    {.type = "const cl_mem*", .name = "mem_objects", .role = Role::HandleArrayIn, .kind = ObjectKind::Mem, .peer = "num_objects"},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueReleaseEGLObjectsKHR_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_uint", .name = "num_objects", .role = Role::Count},
    {.type = "const cl_mem*", .name = "mem_objects", .role = Role::HandleArrayIn, .kind = ObjectKind::Mem, .peer = "num_objects"},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clCreateEventFromEGLSyncKHR_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "CLeglSyncKHR", .name = "sync", .role = Role::Opaque},
    {.type = "CLeglDisplayKHR", .name = "display", .role = Role::Opaque},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateCommandQueueWithProperties_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "const cl_queue_properties*", .name = "properties", .role = Role::Properties, .family = "cl_queue_properties", .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreatePipe_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "cl_uint", .name = "pipe_packet_size", .role = Role::Value},
    {.type = "cl_uint", .name = "pipe_max_packets", .role = Role::Value},
    {.type = "const cl_pipe_properties*", .name = "properties", .role = Role::Properties, .family = "cl_pipe_properties", .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clGetPipeInfo_params[] = {
    {.type = "cl_mem", .name = "pipe", .role = Role::HandleIn, .kind = ObjectKind::Mem},
    {.type = "cl_pipe_info", .name = "param_name", .role = Role::Enum, .family = "cl_pipe_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clSVMAlloc_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_svm_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_svm_mem_flags"},
    {.type = "size_t", .name = "size", .role = Role::Value},
    {.type = "cl_uint", .name = "alignment", .role = Role::Value},
};
constexpr Param clSVMFree_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "void*", .name = "svm_pointer", .role = Role::MappedPtr},
};
constexpr Param clEnqueueSVMFree_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_uint", .name = "num_svm_pointers", .role = Role::Count},
    {.type = "void**", .name = "svm_pointers", .role = Role::ArrayIn, .peer = "num_svm_pointers"},
    {.type = "void (CL_CALLBACK*)(cl_command_queue queue, cl_uint num_svm_pointers, void * svm_pointers[], void * user_data)", .name = "pfn_free_func", .role = Role::Callback, .peer = "user_data", .nullable = true},
    {.type = "void*", .name = "user_data", .role = Role::UserData, .nullable = true},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueSVMMemcpy_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_bool", .name = "blocking_copy", .role = Role::Value, .blocking = true},
    {.type = "void*", .name = "dst_ptr", .role = Role::MappedPtr, .peer = "size"},
    {.type = "const void*", .name = "src_ptr", .role = Role::MappedPtr, .peer = "size"},
    {.type = "size_t", .name = "size", .role = Role::Value},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueSVMMemFill_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "void*", .name = "svm_ptr", .role = Role::MappedPtr},
    {.type = "const void*", .name = "pattern", .role = Role::HostMemIn, .peer = "pattern_size"},
    {.type = "size_t", .name = "pattern_size", .role = Role::Value},
    {.type = "size_t", .name = "size", .role = Role::Value},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueSVMMap_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_bool", .name = "blocking_map", .role = Role::Value, .blocking = true},
    {.type = "cl_map_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_map_flags"},
    {.type = "void*", .name = "svm_ptr", .role = Role::MappedPtr},
    {.type = "size_t", .name = "size", .role = Role::Value},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clEnqueueSVMUnmap_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "void*", .name = "svm_ptr", .role = Role::MappedPtr},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clCreateSamplerWithProperties_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "const cl_sampler_properties*", .name = "sampler_properties", .role = Role::Properties, .family = "cl_sampler_properties", .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clSetKernelArgSVMPointer_params[] = {
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_uint", .name = "arg_index", .role = Role::Value},
    {.type = "const void*", .name = "arg_value", .role = Role::MappedPtr, .nullable = true},
};
constexpr Param clSetKernelExecInfo_params[] = {
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_kernel_exec_info", .name = "param_name", .role = Role::Enum, .family = "cl_kernel_exec_info"},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "const void*", .name = "param_value", .role = Role::HostMemIn, .peer = "param_value_size"},
};
constexpr Param clGetKernelSubGroupInfoKHR_params[] = {
    {.type = "cl_kernel", .name = "in_kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_device_id", .name = "in_device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "cl_kernel_sub_group_info", .name = "param_name", .role = Role::Enum, .family = "cl_kernel_sub_group_info"},
    {.type = "size_t", .name = "input_value_size", .role = Role::Value},
    {.type = "const void*", .name = "input_value", .role = Role::HostMemIn, .peer = "input_value_size", .nullable = true},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clCloneKernel_params[] = {
    {.type = "cl_kernel", .name = "source_kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateProgramWithIL_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "const void*", .name = "il", .role = Role::HostMemIn, .peer = "length"},
    {.type = "size_t", .name = "length", .role = Role::Value},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clEnqueueSVMMigrateMem_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_uint", .name = "num_svm_pointers", .role = Role::Count},
    {.type = "const void**", .name = "svm_pointers", .role = Role::ArrayIn, .peer = "num_svm_pointers"},
    {.type = "const size_t*", .name = "sizes", .role = Role::ArrayIn, .peer = "num_svm_pointers", .nullable = true},
    {.type = "cl_mem_migration_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_migration_flags"},
    {.type = "cl_uint", .name = "num_events_in_wait_list", .role = Role::Count},
    {.type = "const cl_event*", .name = "event_wait_list", .role = Role::HandleArrayIn, .kind = ObjectKind::Event, .peer = "num_events_in_wait_list", .nullable = true},
    {.type = "cl_event*", .name = "event", .role = Role::HandleOut, .kind = ObjectKind::Event, .nullable = true},
};
constexpr Param clGetDeviceAndHostTimer_params[] = {
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "cl_ulong*", .name = "device_timestamp", .role = Role::ValueOut},
    {.type = "cl_ulong*", .name = "host_timestamp", .role = Role::ValueOut},
};
constexpr Param clGetHostTimer_params[] = {
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "cl_ulong*", .name = "host_timestamp", .role = Role::ValueOut},
};
constexpr Param clGetKernelSubGroupInfo_params[] = {
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "cl_kernel_sub_group_info", .name = "param_name", .role = Role::Enum, .family = "cl_kernel_sub_group_info"},
    {.type = "size_t", .name = "input_value_size", .role = Role::Value},
    {.type = "const void*", .name = "input_value", .role = Role::HostMemIn, .peer = "input_value_size", .nullable = true},
    {.type = "size_t", .name = "param_value_size", .role = Role::Value},
    {.type = "void*", .name = "param_value", .role = Role::InfoValueOut, .peer = "param_value_size", .peer2 = "param_value_size_ret", .nullable = true},
    {.type = "size_t*", .name = "param_value_size_ret", .role = Role::InfoSizeRet, .nullable = true},
};
constexpr Param clSetDefaultDeviceCommandQueue_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
};
constexpr Param clSetProgramReleaseCallback_params[] = {
    {.type = "cl_program", .name = "program", .role = Role::HandleIn, .kind = ObjectKind::Program},
    {.type = "void (CL_CALLBACK*)(cl_program program, void * user_data)", .name = "pfn_notify", .role = Role::Callback, .peer = "user_data", .nullable = true},
    {.type = "void*", .name = "user_data", .role = Role::UserData, .nullable = true},
};
constexpr Param clSetProgramSpecializationConstant_params[] = {
    {.type = "cl_program", .name = "program", .role = Role::HandleIn, .kind = ObjectKind::Program},
    {.type = "cl_uint", .name = "spec_id", .role = Role::Value},
    {.type = "size_t", .name = "spec_size", .role = Role::Value},
    {.type = "const void*", .name = "spec_value", .role = Role::HostMemIn, .peer = "spec_size"},
};
constexpr Param clCreateBufferWithProperties_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "const cl_mem_properties*", .name = "properties", .role = Role::Properties, .family = "cl_mem_properties", .nullable = true},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "size_t", .name = "size", .role = Role::Value},
    {.type = "void*", .name = "host_ptr", .role = Role::HostPtr, .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateImageWithProperties_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "const cl_mem_properties*", .name = "properties", .role = Role::Properties, .family = "cl_mem_properties", .nullable = true},
    {.type = "cl_mem_flags", .name = "flags", .role = Role::Bitfield, .family = "cl_mem_flags"},
    {.type = "const cl_image_format*", .name = "image_format", .role = Role::StructIn, .family = "cl_image_format"},
    {.type = "const cl_image_desc*", .name = "image_desc", .role = Role::StructIn, .family = "cl_image_desc"},
    {.type = "void*", .name = "host_ptr", .role = Role::HostPtr, .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clSetContextDestructorCallback_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "void (CL_CALLBACK*)(cl_context context, void* user_data)", .name = "pfn_notify", .role = Role::Callback, .peer = "user_data", .nullable = true},
    {.type = "void*", .name = "user_data", .role = Role::UserData, .nullable = true},
};
constexpr Param clIcdGetPlatformIDsKHR_params[] = {
    {.type = "cl_uint", .name = "num_entries", .role = Role::Count},
    {.type = "cl_platform_id*", .name = "platforms", .role = Role::HandleArrayOut, .kind = ObjectKind::Platform, .peer = "num_entries", .nullable = true},
    {.type = "cl_uint*", .name = "num_platforms", .role = Role::CountOut, .nullable = true},
};
constexpr Param clCreateCommandQueueWithPropertiesKHR_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "cl_device_id", .name = "device", .role = Role::HandleIn, .kind = ObjectKind::Device},
    {.type = "const cl_queue_properties_khr*", .name = "properties", .role = Role::Properties, .family = "cl_queue_properties_khr", .nullable = true},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clCreateProgramWithILKHR_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
    {.type = "const void*", .name = "il", .role = Role::HostMemIn, .peer = "length"},
    {.type = "size_t", .name = "length", .role = Role::Value},
    {.type = "cl_int*", .name = "errcode_ret", .role = Role::ErrcodeRet, .nullable = true},
};
constexpr Param clTerminateContextKHR_params[] = {
    {.type = "cl_context", .name = "context", .role = Role::HandleIn, .kind = ObjectKind::Context},
};
constexpr Param clGetKernelSuggestedLocalWorkSizeKHR_params[] = {
    {.type = "cl_command_queue", .name = "command_queue", .role = Role::HandleIn, .kind = ObjectKind::CommandQueue},
    {.type = "cl_kernel", .name = "kernel", .role = Role::HandleIn, .kind = ObjectKind::Kernel},
    {.type = "cl_uint", .name = "work_dim", .role = Role::Value},
    {.type = "const size_t*", .name = "global_work_offset", .role = Role::ArrayIn, .peer = "work_dim", .nullable = true},
    {.type = "const size_t*", .name = "global_work_size", .role = Role::ArrayIn, .peer = "work_dim"},
    {.type = "size_t*", .name = "suggested_local_work_size", .role = Role::ArrayOut, .peer = "work_dim"},
};

}  // namespace

constexpr EntryPoint kEntryPoints[] = {
    {"clGetPlatformIDs", 0, "cl_int", Returns::ErrorCode, "1.0", "", clGetPlatformIDs_params},
    {"clGetPlatformInfo", 1, "cl_int", Returns::ErrorCode, "1.0", "", clGetPlatformInfo_params},
    {"clGetDeviceIDs", 2, "cl_int", Returns::ErrorCode, "1.0", "", clGetDeviceIDs_params},
    {"clGetDeviceInfo", 3, "cl_int", Returns::ErrorCode, "1.0", "", clGetDeviceInfo_params},
    {"clCreateContext", 4, "cl_context", Returns::ObjectWithErrcode, "1.0", "", clCreateContext_params},
    {"clCreateContextFromType", 5, "cl_context", Returns::ObjectWithErrcode, "1.0", "", clCreateContextFromType_params},
    {"clRetainContext", 6, "cl_int", Returns::ErrorCode, "1.0", "", clRetainContext_params},
    {"clReleaseContext", 7, "cl_int", Returns::ErrorCode, "1.0", "", clReleaseContext_params},
    {"clGetContextInfo", 8, "cl_int", Returns::ErrorCode, "1.0", "", clGetContextInfo_params},
    {"clCreateCommandQueue", 9, "cl_command_queue", Returns::ObjectWithErrcode, "1.0", "", clCreateCommandQueue_params},
    {"clRetainCommandQueue", 10, "cl_int", Returns::ErrorCode, "1.0", "", clRetainCommandQueue_params},
    {"clReleaseCommandQueue", 11, "cl_int", Returns::ErrorCode, "1.0", "", clReleaseCommandQueue_params},
    {"clGetCommandQueueInfo", 12, "cl_int", Returns::ErrorCode, "1.0", "", clGetCommandQueueInfo_params},
    {"clSetCommandQueueProperty", 13, "cl_int", Returns::ErrorCode, "1.0", "", clSetCommandQueueProperty_params},
    {"clCreateBuffer", 14, "cl_mem", Returns::ObjectWithErrcode, "1.0", "", clCreateBuffer_params},
    {"clCreateImage2D", 15, "cl_mem", Returns::ObjectWithErrcode, "1.0", "", clCreateImage2D_params},
    {"clCreateImage3D", 16, "cl_mem", Returns::ObjectWithErrcode, "1.0", "", clCreateImage3D_params},
    {"clRetainMemObject", 17, "cl_int", Returns::ErrorCode, "1.0", "", clRetainMemObject_params},
    {"clReleaseMemObject", 18, "cl_int", Returns::ErrorCode, "1.0", "", clReleaseMemObject_params},
    {"clGetSupportedImageFormats", 19, "cl_int", Returns::ErrorCode, "1.0", "", clGetSupportedImageFormats_params},
    {"clGetMemObjectInfo", 20, "cl_int", Returns::ErrorCode, "1.0", "", clGetMemObjectInfo_params},
    {"clGetImageInfo", 21, "cl_int", Returns::ErrorCode, "1.0", "", clGetImageInfo_params},
    {"clCreateSampler", 22, "cl_sampler", Returns::ObjectWithErrcode, "1.0", "", clCreateSampler_params},
    {"clRetainSampler", 23, "cl_int", Returns::ErrorCode, "1.0", "", clRetainSampler_params},
    {"clReleaseSampler", 24, "cl_int", Returns::ErrorCode, "1.0", "", clReleaseSampler_params},
    {"clGetSamplerInfo", 25, "cl_int", Returns::ErrorCode, "1.0", "", clGetSamplerInfo_params},
    {"clCreateProgramWithSource", 26, "cl_program", Returns::ObjectWithErrcode, "1.0", "", clCreateProgramWithSource_params},
    {"clCreateProgramWithBinary", 27, "cl_program", Returns::ObjectWithErrcode, "1.0", "", clCreateProgramWithBinary_params},
    {"clRetainProgram", 28, "cl_int", Returns::ErrorCode, "1.0", "", clRetainProgram_params},
    {"clReleaseProgram", 29, "cl_int", Returns::ErrorCode, "1.0", "", clReleaseProgram_params},
    {"clBuildProgram", 30, "cl_int", Returns::ErrorCode, "1.0", "", clBuildProgram_params, Effect::Build},
    {"clUnloadCompiler", 31, "cl_int", Returns::ErrorCode, "1.0", "", {}},
    {"clGetProgramInfo", 32, "cl_int", Returns::ErrorCode, "1.0", "", clGetProgramInfo_params},
    {"clGetProgramBuildInfo", 33, "cl_int", Returns::ErrorCode, "1.0", "", clGetProgramBuildInfo_params},
    {"clCreateKernel", 34, "cl_kernel", Returns::ObjectWithErrcode, "1.0", "", clCreateKernel_params},
    {"clCreateKernelsInProgram", 35, "cl_int", Returns::ErrorCode, "1.0", "", clCreateKernelsInProgram_params},
    {"clRetainKernel", 36, "cl_int", Returns::ErrorCode, "1.0", "", clRetainKernel_params},
    {"clReleaseKernel", 37, "cl_int", Returns::ErrorCode, "1.0", "", clReleaseKernel_params},
    {"clSetKernelArg", 38, "cl_int", Returns::ErrorCode, "1.0", "", clSetKernelArg_params},
    {"clGetKernelInfo", 39, "cl_int", Returns::ErrorCode, "1.0", "", clGetKernelInfo_params},
    {"clGetKernelWorkGroupInfo", 40, "cl_int", Returns::ErrorCode, "1.0", "", clGetKernelWorkGroupInfo_params},
    {"clWaitForEvents", 41, "cl_int", Returns::ErrorCode, "1.0", "", clWaitForEvents_params, Effect::WaitForEvents},
    {"clGetEventInfo", 42, "cl_int", Returns::ErrorCode, "1.0", "", clGetEventInfo_params},
    {"clRetainEvent", 43, "cl_int", Returns::ErrorCode, "1.0", "", clRetainEvent_params},
    {"clReleaseEvent", 44, "cl_int", Returns::ErrorCode, "1.0", "", clReleaseEvent_params},
    {"clGetEventProfilingInfo", 45, "cl_int", Returns::ErrorCode, "1.0", "", clGetEventProfilingInfo_params},
    {"clFlush", 46, "cl_int", Returns::ErrorCode, "1.0", "", clFlush_params},
    {"clFinish", 47, "cl_int", Returns::ErrorCode, "1.0", "", clFinish_params, Effect::Finish},
    {"clEnqueueReadBuffer", 48, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueReadBuffer_params},
    {"clEnqueueWriteBuffer", 49, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueWriteBuffer_params},
    {"clEnqueueCopyBuffer", 50, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueCopyBuffer_params},
    {"clEnqueueReadImage", 51, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueReadImage_params},
    {"clEnqueueWriteImage", 52, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueWriteImage_params},
    {"clEnqueueCopyImage", 53, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueCopyImage_params},
    {"clEnqueueCopyImageToBuffer", 54, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueCopyImageToBuffer_params},
    {"clEnqueueCopyBufferToImage", 55, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueCopyBufferToImage_params},
    {"clEnqueueMapBuffer", 56, "void *", Returns::PointerWithErrcode, "1.0", "", clEnqueueMapBuffer_params, Effect::Map},
    {"clEnqueueMapImage", 57, "void *", Returns::PointerWithErrcode, "1.0", "", clEnqueueMapImage_params, Effect::Map},
    {"clEnqueueUnmapMemObject", 58, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueUnmapMemObject_params, Effect::Unmap},
    {"clEnqueueNDRangeKernel", 59, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueNDRangeKernel_params, Effect::Launch},
    {"clEnqueueTask", 60, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueTask_params, Effect::Launch},
    {"clEnqueueNativeKernel", 61, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueNativeKernel_params},
    {"clEnqueueMarker", 62, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueMarker_params},
    {"clEnqueueWaitForEvents", 63, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueWaitForEvents_params},
    {"clEnqueueBarrier", 64, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueBarrier_params},
    {"clGetExtensionFunctionAddress", 65, "void *", Returns::FunctionAddress, "1.0", "", clGetExtensionFunctionAddress_params},
    {"clCreateFromGLBuffer", 66, "cl_mem", Returns::ObjectWithErrcode, "1.0", "", clCreateFromGLBuffer_params},
    {"clCreateFromGLTexture2D", 67, "cl_mem", Returns::ObjectWithErrcode, "1.0", "", clCreateFromGLTexture2D_params},
    {"clCreateFromGLTexture3D", 68, "cl_mem", Returns::ObjectWithErrcode, "1.0", "", clCreateFromGLTexture3D_params},
    {"clCreateFromGLRenderbuffer", 69, "cl_mem", Returns::ObjectWithErrcode, "1.0", "", clCreateFromGLRenderbuffer_params},
    {"clGetGLObjectInfo", 70, "cl_int", Returns::ErrorCode, "1.0", "", clGetGLObjectInfo_params},
    {"clGetGLTextureInfo", 71, "cl_int", Returns::ErrorCode, "1.0", "", clGetGLTextureInfo_params},
    {"clEnqueueAcquireGLObjects", 72, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueAcquireGLObjects_params},
    {"clEnqueueReleaseGLObjects", 73, "cl_int", Returns::ErrorCode, "1.0", "", clEnqueueReleaseGLObjects_params},
    {"clGetGLContextInfoKHR", 74, "cl_int", Returns::ErrorCode, "1.0", "cl_khr_gl_sharing", clGetGLContextInfoKHR_params},
    {"clGetDeviceIDsFromD3D10KHR", 75, "", Returns::Unavailable, "1.0", "cl_khr_d3d10_sharing", {}},
    {"clCreateFromD3D10BufferKHR", 76, "", Returns::Unavailable, "1.0", "cl_khr_d3d10_sharing", {}},
    {"clCreateFromD3D10Texture2DKHR", 77, "", Returns::Unavailable, "1.0", "cl_khr_d3d10_sharing", {}},
    {"clCreateFromD3D10Texture3DKHR", 78, "", Returns::Unavailable, "1.0", "cl_khr_d3d10_sharing", {}},
    {"clEnqueueAcquireD3D10ObjectsKHR", 79, "", Returns::Unavailable, "1.0", "cl_khr_d3d10_sharing", {}},
    {"clEnqueueReleaseD3D10ObjectsKHR", 80, "", Returns::Unavailable, "1.0", "cl_khr_d3d10_sharing", {}},
    {"clSetEventCallback", 81, "cl_int", Returns::ErrorCode, "1.1", "", clSetEventCallback_params},
    {"clCreateSubBuffer", 82, "cl_mem", Returns::ObjectWithErrcode, "1.1", "", clCreateSubBuffer_params},
    {"clSetMemObjectDestructorCallback", 83, "cl_int", Returns::ErrorCode, "1.1", "", clSetMemObjectDestructorCallback_params},
    {"clCreateUserEvent", 84, "cl_event", Returns::ObjectWithErrcode, "1.1", "", clCreateUserEvent_params},
    {"clSetUserEventStatus", 85, "cl_int", Returns::ErrorCode, "1.1", "", clSetUserEventStatus_params},
    {"clEnqueueReadBufferRect", 86, "cl_int", Returns::ErrorCode, "1.1", "", clEnqueueReadBufferRect_params},
    {"clEnqueueWriteBufferRect", 87, "cl_int", Returns::ErrorCode, "1.1", "", clEnqueueWriteBufferRect_params},
    {"clEnqueueCopyBufferRect", 88, "cl_int", Returns::ErrorCode, "1.1", "", clEnqueueCopyBufferRect_params},
    {"clCreateSubDevicesEXT", 89, "cl_int", Returns::ErrorCode, "1.0", "cl_ext_device_fission", clCreateSubDevicesEXT_params},
    {"clRetainDeviceEXT", 90, "cl_int", Returns::ErrorCode, "1.0", "cl_ext_device_fission", clRetainDeviceEXT_params},
    {"clReleaseDeviceEXT", 91, "cl_int", Returns::ErrorCode, "1.0", "cl_ext_device_fission", clReleaseDeviceEXT_params},
    {"clCreateEventFromGLsyncKHR", 92, "cl_event", Returns::ObjectWithErrcode, "1.0", "cl_khr_gl_event", clCreateEventFromGLsyncKHR_params},
    {"clCreateSubDevices", 93, "cl_int", Returns::ErrorCode, "1.2", "", clCreateSubDevices_params},
    {"clRetainDevice", 94, "cl_int", Returns::ErrorCode, "1.2", "", clRetainDevice_params},
    {"clReleaseDevice", 95, "cl_int", Returns::ErrorCode, "1.2", "", clReleaseDevice_params},
    {"clCreateImage", 96, "cl_mem", Returns::ObjectWithErrcode, "1.2", "", clCreateImage_params},
    {"clCreateProgramWithBuiltInKernels", 97, "cl_program", Returns::ObjectWithErrcode, "1.2", "", clCreateProgramWithBuiltInKernels_params},
    {"clCompileProgram", 98, "cl_int", Returns::ErrorCode, "1.2", "", clCompileProgram_params, Effect::Build},
    {"clLinkProgram", 99, "cl_program", Returns::ObjectWithErrcode, "1.2", "", clLinkProgram_params, Effect::Build},
    {"clUnloadPlatformCompiler", 100, "cl_int", Returns::ErrorCode, "1.2", "", clUnloadPlatformCompiler_params},
    {"clGetKernelArgInfo", 101, "cl_int", Returns::ErrorCode, "1.2", "", clGetKernelArgInfo_params},
    {"clEnqueueFillBuffer", 102, "cl_int", Returns::ErrorCode, "1.2", "", clEnqueueFillBuffer_params},
    {"clEnqueueFillImage", 103, "cl_int", Returns::ErrorCode, "1.2", "", clEnqueueFillImage_params},
    {"clEnqueueMigrateMemObjects", 104, "cl_int", Returns::ErrorCode, "1.2", "", clEnqueueMigrateMemObjects_params},
    {"clEnqueueMarkerWithWaitList", 105, "cl_int", Returns::ErrorCode, "1.2", "", clEnqueueMarkerWithWaitList_params},
    {"clEnqueueBarrierWithWaitList", 106, "cl_int", Returns::ErrorCode, "1.2", "", clEnqueueBarrierWithWaitList_params},
    {"clGetExtensionFunctionAddressForPlatform", 107, "void *", Returns::Pointer, "1.2", "", clGetExtensionFunctionAddressForPlatform_params},
    {"clCreateFromGLTexture", 108, "cl_mem", Returns::ObjectWithErrcode, "1.2", "", clCreateFromGLTexture_params},
    {"clGetDeviceIDsFromD3D11KHR", 109, "", Returns::Unavailable, "1.0", "cl_khr_d3d11_sharing", {}},
    {"clCreateFromD3D11BufferKHR", 110, "", Returns::Unavailable, "1.0", "cl_khr_d3d11_sharing", {}},
    {"clCreateFromD3D11Texture2DKHR", 111, "", Returns::Unavailable, "1.0", "cl_khr_d3d11_sharing", {}},
    {"clCreateFromD3D11Texture3DKHR", 112, "", Returns::Unavailable, "1.0", "cl_khr_d3d11_sharing", {}},
    {"clCreateFromDX9MediaSurfaceKHR", 113, "", Returns::Unavailable, "1.0", "cl_khr_d3d11_sharing", {}},
    {"clEnqueueAcquireD3D11ObjectsKHR", 114, "", Returns::Unavailable, "1.0", "cl_khr_d3d11_sharing", {}},
    {"clEnqueueReleaseD3D11ObjectsKHR", 115, "", Returns::Unavailable, "1.0", "cl_khr_d3d11_sharing", {}},
    {"clGetDeviceIDsFromDX9MediaAdapterKHR", 116, "", Returns::Unavailable, "1.0", "cl_khr_dx9_media_sharing", {}},
    {"clEnqueueAcquireDX9MediaSurfacesKHR", 117, "", Returns::Unavailable, "1.0", "cl_khr_dx9_media_sharing", {}},
    {"clEnqueueReleaseDX9MediaSurfacesKHR", 118, "", Returns::Unavailable, "1.0", "cl_khr_dx9_media_sharing", {}},
    {"clCreateFromEGLImageKHR", 119, "cl_mem", Returns::ObjectWithErrcode, "1.0", "cl_khr_egl_image", clCreateFromEGLImageKHR_params},
    {"clEnqueueAcquireEGLObjectsKHR", 120, "cl_int", Returns::ErrorCode, "1.0", "cl_khr_egl_image", clEnqueueAcquireEGLObjectsKHR_params},
    {"clEnqueueReleaseEGLObjectsKHR", 121, "cl_int", Returns::ErrorCode, "1.0", "cl_khr_egl_image", clEnqueueReleaseEGLObjectsKHR_params},
    {"clCreateEventFromEGLSyncKHR", 122, "cl_event", Returns::ObjectWithErrcode, "1.0", "cl_khr_egl_event", clCreateEventFromEGLSyncKHR_params},
    {"clCreateCommandQueueWithProperties", 123, "cl_command_queue", Returns::ObjectWithErrcode, "2.0", "", clCreateCommandQueueWithProperties_params},
    {"clCreatePipe", 124, "cl_mem", Returns::ObjectWithErrcode, "2.0", "", clCreatePipe_params},
    {"clGetPipeInfo", 125, "cl_int", Returns::ErrorCode, "2.0", "", clGetPipeInfo_params},
    {"clSVMAlloc", 126, "void *", Returns::Pointer, "2.0", "", clSVMAlloc_params},
    {"clSVMFree", 127, "void", Returns::Void, "2.0", "", clSVMFree_params, Effect::FreeSvm},
    {"clEnqueueSVMFree", 128, "cl_int", Returns::ErrorCode, "2.0", "", clEnqueueSVMFree_params},
    {"clEnqueueSVMMemcpy", 129, "cl_int", Returns::ErrorCode, "2.0", "", clEnqueueSVMMemcpy_params},
    {"clEnqueueSVMMemFill", 130, "cl_int", Returns::ErrorCode, "2.0", "", clEnqueueSVMMemFill_params},
    {"clEnqueueSVMMap", 131, "cl_int", Returns::ErrorCode, "2.0", "", clEnqueueSVMMap_params, Effect::Map},
    {"clEnqueueSVMUnmap", 132, "cl_int", Returns::ErrorCode, "2.0", "", clEnqueueSVMUnmap_params, Effect::Unmap},
    {"clCreateSamplerWithProperties", 133, "cl_sampler", Returns::ObjectWithErrcode, "2.0", "", clCreateSamplerWithProperties_params},
    {"clSetKernelArgSVMPointer", 134, "cl_int", Returns::ErrorCode, "2.0", "", clSetKernelArgSVMPointer_params},
    {"clSetKernelExecInfo", 135, "cl_int", Returns::ErrorCode, "2.0", "", clSetKernelExecInfo_params},
    {"clGetKernelSubGroupInfoKHR", 136, "cl_int", Returns::ErrorCode, "1.0", "cl_khr_sub_groups", clGetKernelSubGroupInfoKHR_params},
    {"clCloneKernel", 137, "cl_kernel", Returns::ObjectWithErrcode, "2.1", "", clCloneKernel_params},
    {"clCreateProgramWithIL", 138, "cl_program", Returns::ObjectWithErrcode, "2.1", "", clCreateProgramWithIL_params},
    {"clEnqueueSVMMigrateMem", 139, "cl_int", Returns::ErrorCode, "2.1", "", clEnqueueSVMMigrateMem_params},
    {"clGetDeviceAndHostTimer", 140, "cl_int", Returns::ErrorCode, "2.1", "", clGetDeviceAndHostTimer_params},
    {"clGetHostTimer", 141, "cl_int", Returns::ErrorCode, "2.1", "", clGetHostTimer_params},
    {"clGetKernelSubGroupInfo", 142, "cl_int", Returns::ErrorCode, "2.1", "", clGetKernelSubGroupInfo_params},
    {"clSetDefaultDeviceCommandQueue", 143, "cl_int", Returns::ErrorCode, "2.1", "", clSetDefaultDeviceCommandQueue_params},
    {"clSetProgramReleaseCallback", 144, "cl_int", Returns::ErrorCode, "2.2", "", clSetProgramReleaseCallback_params},
    {"clSetProgramSpecializationConstant", 145, "cl_int", Returns::ErrorCode, "2.2", "", clSetProgramSpecializationConstant_params},
    {"clCreateBufferWithProperties", 146, "cl_mem", Returns::ObjectWithErrcode, "3.0", "", clCreateBufferWithProperties_params},
    {"clCreateImageWithProperties", 147, "cl_mem", Returns::ObjectWithErrcode, "3.0", "", clCreateImageWithProperties_params},
    {"clSetContextDestructorCallback", 148, "cl_int", Returns::ErrorCode, "3.0", "", clSetContextDestructorCallback_params},
    {"clIcdGetPlatformIDsKHR", -1, "cl_int", Returns::ErrorCode, "1.0", "cl_khr_icd", clIcdGetPlatformIDsKHR_params},
    {"clCreateCommandQueueWithPropertiesKHR", -1, "cl_command_queue", Returns::ObjectWithErrcode, "1.0", "cl_khr_create_command_queue", clCreateCommandQueueWithPropertiesKHR_params},
    {"clCreateProgramWithILKHR", -1, "cl_program", Returns::ObjectWithErrcode, "1.0", "cl_khr_il_program", clCreateProgramWithILKHR_params},
    {"clTerminateContextKHR", -1, "cl_int", Returns::ErrorCode, "1.0", "cl_khr_terminate_context", clTerminateContextKHR_params},
    {"clGetKernelSuggestedLocalWorkSizeKHR", -1, "cl_int", Returns::ErrorCode, "1.0", "cl_khr_suggested_local_work_size", clGetKernelSuggestedLocalWorkSizeKHR_params},
};

}  // namespace clvet::api

namespace clvet::api {

std::span<const EntryPoint> entry_points() { return kEntryPoints; }

const EntryPoint* find_entry_point(std::string_view name) {
  for (const EntryPoint& entry : kEntryPoints)
    if (entry.name == name) return &entry;
  return nullptr;
}

int dispatch_slot_count() {
  int count = 0;
  for (const EntryPoint& entry : kEntryPoints)
    if (entry.slot >= 0) ++count;
  return count;
}

std::optional<std::size_t> EntryPoint::param_index(std::string_view param_name) const {
  for (std::size_t i = 0; i < params.size(); ++i)
    if (params[i].name == param_name) return i;
  return std::nullopt;
}

const Param* EntryPoint::blocking_param() const {
  for (const Param& param : params)
    if (param.blocking) return &param;
  return nullptr;
}

}  // namespace clvet::api
