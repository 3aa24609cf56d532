// The clGet*Info answers that hold for an object's whole life. Counts (reference, map),
// statuses, and whatever a later call can change are left out: those are asked every time.
#include "lasting_answers.h"

#include <cstring>

namespace clvet::layer {
namespace {

using rules::InfoQuery;

// §4.2 clGetDeviceInfo: a device's properties are those of the hardware and driver; only its
// reference count (sub-devices, §4.3) and, with device loss, availability can change.
bool lasting_device(cl_uint param) {
  return param != CL_DEVICE_REFERENCE_COUNT && param != CL_DEVICE_AVAILABLE;
}

// §4.4 clGetContextInfo: devices and properties are those given at creation.
bool lasting_context(cl_uint param) {
  return param == CL_CONTEXT_DEVICES || param == CL_CONTEXT_NUM_DEVICES ||
         param == CL_CONTEXT_PROPERTIES;
}

// §5.1 clGetCommandQueueInfo: CL_QUEUE_PROPERTIES can change through the deprecated
// clSetCommandQueueProperty (1.0), so it is not kept.
bool lasting_queue(cl_uint param) {
  return param == CL_QUEUE_CONTEXT || param == CL_QUEUE_DEVICE || param == CL_QUEUE_SIZE ||
         param == CL_QUEUE_PROPERTIES_ARRAY;
}

// §5.4.5 clGetMemObjectInfo: all but the counts are fixed at creation.
bool lasting_mem(cl_uint param) {
  return param != CL_MEM_REFERENCE_COUNT && param != CL_MEM_MAP_COUNT;
}

// §5.6.7 clGetProgramInfo: kernels and binaries change with each build.
bool lasting_program(cl_uint param) {
  return param == CL_PROGRAM_CONTEXT || param == CL_PROGRAM_NUM_DEVICES ||
         param == CL_PROGRAM_DEVICES;
}

// A build that succeeded, and the executable it made, stay so until the program is built
// again (the layer forgets the program's answers at each clBuildProgram and
// clCompileProgram; clLinkProgram makes a new program). A status in progress or failed, or a
// compiled object that a link may still turn into a library, is not kept.
bool lasting_build(cl_uint param, const void* value, std::size_t size) {
  if (size != sizeof(cl_int)) return false;
  cl_int answer;
  std::memcpy(&answer, value, sizeof answer);
  if (param == CL_PROGRAM_BUILD_STATUS) return answer == CL_BUILD_SUCCESS;
  if (param == CL_PROGRAM_BINARY_TYPE) return answer == CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  return false;
}

// §5.7.3 clGetKernelInfo.
bool lasting_kernel(cl_uint param) {
  return param == CL_KERNEL_FUNCTION_NAME || param == CL_KERNEL_NUM_ARGS ||
         param == CL_KERNEL_CONTEXT || param == CL_KERNEL_PROGRAM ||
         param == CL_KERNEL_ATTRIBUTES;
}

// clGetKernelWorkGroupInfo: CL_KERNEL_LOCAL_MEM_SIZE counts the __local arguments set so far.
bool lasting_work_group(cl_uint param) {
  return param == CL_KERNEL_WORK_GROUP_SIZE || param == CL_KERNEL_COMPILE_WORK_GROUP_SIZE ||
         param == CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE ||
         param == CL_KERNEL_PRIVATE_MEM_SIZE || param == CL_KERNEL_GLOBAL_WORK_SIZE;
}

// §5.9 clGetEventInfo: the command's status and the count change; what it is does not.
bool lasting_event(cl_uint param) {
  return param == CL_EVENT_CONTEXT || param == CL_EVENT_COMMAND_QUEUE ||
         param == CL_EVENT_COMMAND_TYPE;
}

}  // namespace

bool lasting_answer(InfoQuery query, cl_uint param, const void* value, std::size_t size) {
  switch (query) {
    case InfoQuery::Platform:
    case InfoQuery::Image:
    case InfoQuery::Pipe:
    case InfoQuery::KernelArg:
      return true;
    case InfoQuery::Device:
      return lasting_device(param);
    case InfoQuery::Context:
      return lasting_context(param);
    case InfoQuery::CommandQueue:
      return lasting_queue(param);
    case InfoQuery::Mem:
      return lasting_mem(param);
    case InfoQuery::Sampler:
      return param != CL_SAMPLER_REFERENCE_COUNT;
    case InfoQuery::Program:
      return lasting_program(param);
    case InfoQuery::ProgramBuild:
      return lasting_build(param, value, size);
    case InfoQuery::Kernel:
      return lasting_kernel(param);
    case InfoQuery::KernelWorkGroup:
      return lasting_work_group(param);
    case InfoQuery::Event:
      return lasting_event(param);
    case InfoQuery::EventProfiling:
      return false;
  }
  return false;
}

}  // namespace clvet::layer
