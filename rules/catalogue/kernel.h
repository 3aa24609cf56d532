// Rules: Kernel objects and kernel execution (OpenCL 1.2 §5.7-5.8, 2.2 §5.9-5.10).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "catalogue.h"
#include "clvet/rules/work_group_uniformity.h"
#include "program.h"

// Questions the kernel rules ask, answered through the World's info queries only.
namespace clvet::rules::kernel_family {

inline cl_program program_of(const World& w, cl_kernel kernel) {
  return get<cl_program>(w, InfoQuery::Kernel, kernel, CL_KERNEL_PROGRAM).value_or(nullptr);
}

// "The list of devices associated with program are the devices associated with kernel" (§5.7.1).
inline std::vector<cl_device_id> devices_of_kernel(const World& w, cl_kernel kernel) {
  cl_program program = program_of(w, kernel);
  if (valid(w, program)) return program_family::program_devices(w, program);
  // §5.6.1: an application may release a program while kernels made from it live on (the
  // program is deleted after them), and its handle is then no longer the application's to
  // query: the kernel's devices are those of its context (pyopencl's element-wise kernels do
  // exactly this).
  auto context = get<cl_context>(w, InfoQuery::Kernel, kernel, CL_KERNEL_CONTEXT);
  if (!context || !valid(w, *context)) return {};
  return get_array<cl_device_id>(w, InfoQuery::Context, *context, CL_CONTEXT_DEVICES);
}

// `index` is past the kernel's arguments: false where the implementation does not say how many
// it has (a driver that cannot answer CL_KERNEL_NUM_ARGS), whose index is no one's to judge.
inline bool past_args(const World& w, cl_kernel kernel, cl_uint index) {
  const std::optional<cl_uint> count = get<cl_uint>(w, InfoQuery::Kernel, kernel, CL_KERNEL_NUM_ARGS);
  return count.has_value() && index >= *count;
}

// clGetKernel{WorkGroup,SubGroup}Info: `device` is not the kernel's, or NULL while the kernel
// has more than one device.
inline bool bad_query_device(const World& w, cl_kernel kernel, cl_device_id device) {
  std::vector<cl_device_id> devices = devices_of_kernel(w, kernel);
  if (device == nullptr) return devices.size() != 1;
  return std::find(devices.begin(), devices.end(), device) == devices.end();
}

// The device a per-device kernel query is about (NULL stands for the only device).
inline cl_device_id query_device(const World& w, cl_kernel kernel, cl_device_id device) {
  if (device != nullptr) return device;
  std::vector<cl_device_id> devices = devices_of_kernel(w, kernel);
  return devices.size() == 1 ? devices[0] : nullptr;
}

inline cl_device_svm_capabilities svm_of(const World& w, cl_device_id device) {
  return get<cl_device_svm_capabilities>(w, InfoQuery::Device, device, CL_DEVICE_SVM_CAPABILITIES)
      .value_or(0);
}

// No device of the kernel's context supports any kind of SVM (`needed` == 0) or the kinds in
// `needed`.
inline bool context_lacks_svm(const World& w, cl_kernel kernel,
                              cl_device_svm_capabilities needed = 0) {
  for (cl_device_id d : devices_of(w, context_of(w, kernel))) {
    cl_device_svm_capabilities caps = svm_of(w, d);
    if (needed == 0 ? caps != 0 : (caps & needed) == needed) return false;
  }
  return true;
}

// The largest value a size_t holds on `device` (CL_DEVICE_ADDRESS_BITS wide).
inline std::uint64_t device_size_max(const World& w, cl_device_id device) {
  cl_uint bits = get<cl_uint>(w, InfoQuery::Device, device, CL_DEVICE_ADDRESS_BITS).value_or(64);
  return bits >= 64 ? UINT64_MAX : (std::uint64_t{1} << bits) - 1;
}

inline cl_uint max_work_dims(const World& w, cl_device_id device) {
  return get<cl_uint>(w, InfoQuery::Device, device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS)
      .value_or(3);
}

inline bool bad_work_dim(const World& w, cl_command_queue queue, cl_uint work_dim) {
  return work_dim < 1 || work_dim > max_work_dims(w, device_of(w, queue));
}

inline bool any_global_size_zero(cl_uint work_dim, const size_t* global) {
  for (cl_uint i = 0; global != nullptr && i < work_dim; ++i)
    if (global[i] == 0) return true;
  return false;
}

inline bool global_size_too_large(const World& w, cl_command_queue queue, cl_uint work_dim,
                                  const size_t* global) {
  std::uint64_t max = device_size_max(w, device_of(w, queue));
  for (cl_uint i = 0; global != nullptr && i < work_dim; ++i)
    if (global[i] > max) return true;
  return false;
}

inline bool global_offset_overflows(const World& w, cl_command_queue queue, cl_uint work_dim,
                                    const size_t* offset, const size_t* global) {
  if (offset == nullptr || global == nullptr) return false;
  std::uint64_t max = device_size_max(w, device_of(w, queue));
  for (cl_uint i = 0; i < work_dim; ++i)
    if (global[i] > max || offset[i] > max - global[i]) return true;
  return false;
}

inline bool local_size_product_zero(cl_uint work_dim, const size_t* local) {
  if (local == nullptr) return false;
  for (cl_uint i = 0; i < work_dim; ++i)
    if (local[i] == 0) return true;
  return false;
}

inline std::uint64_t local_size_product(cl_uint work_dim, const size_t* local) {
  std::uint64_t product = 1;
  for (cl_uint i = 0; i < work_dim; ++i) product *= local[i];
  return product;
}

inline std::array<size_t, 3> compile_work_group_size(const World& w, cl_kernel kernel,
                                                     cl_device_id device) {
  return get<std::array<size_t, 3>>(w, InfoQuery::KernelWorkGroup, kernel,
                                    CL_KERNEL_COMPILE_WORK_GROUP_SIZE, device)
      .value_or(std::array<size_t, 3>{});
}

inline bool has_required_size(const std::array<size_t, 3>& reqd) {
  return reqd[0] != 0 || reqd[1] != 0 || reqd[2] != 0;
}

// local_work_size differs from the kernel's reqd_work_group_size (unused dimensions count 1).
inline bool local_differs_from_required(const World& w, cl_command_queue queue, cl_kernel kernel,
                                        cl_uint work_dim, const size_t* local) {
  if (local == nullptr) return false;
  std::array<size_t, 3> reqd = compile_work_group_size(w, kernel, device_of(w, queue));
  if (!has_required_size(reqd)) return false;
  for (cl_uint i = 0; i < 3; ++i)
    if ((i < work_dim ? local[i] : 1) != reqd[i]) return true;
  return false;
}

inline bool local_not_divisor(cl_uint work_dim, const size_t* global, const size_t* local) {
  if (local == nullptr || global == nullptr) return false;
  for (cl_uint i = 0; i < work_dim; ++i)
    if (local[i] == 0 || global[i] % local[i] != 0) return true;
  return false;
}

inline bool local_exceeds_kernel_limit(const World& w, cl_command_queue queue, cl_kernel kernel,
                                       cl_uint work_dim, const size_t* local) {
  if (local == nullptr) return false;
  auto limit = get<size_t>(w, InfoQuery::KernelWorkGroup, kernel, CL_KERNEL_WORK_GROUP_SIZE,
                           device_of(w, queue));
  return limit && local_size_product(work_dim, local) > *limit;
}

inline bool local_exceeds_device_limit(const World& w, cl_command_queue queue, cl_uint work_dim,
                                       const size_t* local) {
  if (local == nullptr) return false;
  auto limit = get<size_t>(w, InfoQuery::Device, device_of(w, queue), CL_DEVICE_MAX_WORK_GROUP_SIZE);
  return limit && local_size_product(work_dim, local) > *limit;
}

inline bool local_exceeds_item_sizes(const World& w, cl_command_queue queue, cl_uint work_dim,
                                     const size_t* local) {
  if (local == nullptr) return false;
  std::vector<size_t> max = get_array<size_t>(w, InfoQuery::Device, device_of(w, queue),
                                              CL_DEVICE_MAX_WORK_ITEM_SIZES);
  for (cl_uint i = 0; i < work_dim && i < max.size(); ++i)
    if (local[i] > max[i]) return true;
  return false;
}

inline bool no_executable_for_queue(const World& w, cl_command_queue queue, cl_kernel kernel) {
  cl_program program = program_of(w, kernel);
  // A kernel exists only for a built executable, and keeps its program alive after the
  // application releases it (§5.6.1): with the handle no longer the application's, the
  // implementation's own check of the queue's device stands (the reference device makes it).
  if (!valid(w, program)) return false;
  return !program_family::has_executable_for(w, program, device_of(w, queue));
}

// CL_INVALID_CONTEXT of the kernel enqueues: the queue's and the kernel's contexts differ, or a
// well-formed wait list holds an event of another context (a malformed one is
// CL_INVALID_EVENT_WAIT_LIST's).
inline bool enqueue_context_differs(const World& w, cl_command_queue queue, cl_kernel kernel,
                                    cl_uint num_events, const cl_event* events) {
  if (context_of(w, queue) != context_of(w, kernel)) return true;
  return !wait_list_malformed(w, num_events, events) &&
         wait_list_context_differs(w, queue, num_events, events);
}

inline bool native_kernels_unsupported(const World& w, cl_command_queue queue) {
  auto caps = get<cl_device_exec_capabilities>(w, InfoQuery::Device, device_of(w, queue),
                                               CL_DEVICE_EXECUTION_CAPABILITIES);
  return !caps || (*caps & CL_EXEC_NATIVE_KERNEL) == 0;
}

// clEnqueueNativeKernel: a non-NULL entry of mem_list that is not a valid buffer object.
inline bool bad_native_mem_list(const World& w, cl_uint n, const cl_mem* list) {
  for (cl_uint i = 0; list != nullptr && i < n; ++i) {
    if (list[i] == nullptr) continue;  // "returned by clCreateBuffer or NULL"
    if (!valid(w, list[i])) return true;
    if (get<cl_mem_object_type>(w, InfoQuery::Mem, list[i], CL_MEM_TYPE) != CL_MEM_OBJECT_BUFFER)
      return true;
  }
  return false;
}

// clSetKernelExecInfo: an unknown param_name, NULL param_value, or a size the param does not
// take. An empty list of SVM pointers (size 0, NULL) is valid: 3.0's table of exec info names it
// the way to say that the kernel reaches no SVM allocation beyond its arguments, which unsets an
// earlier list (the CTS's svm_set_kernel_exec_info_svm_ptrs does so).
inline bool bad_exec_info(cl_kernel_exec_info param, size_t size, const void* value) {
  switch (param) {
    case CL_KERNEL_EXEC_INFO_SVM_PTRS:
      return (value == nullptr && size != 0) || size % sizeof(void*) != 0;
    case CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM:
      return value == nullptr || size != sizeof(cl_bool);
    default: return true;
  }
}

// clGetKernelSubGroupInfo input checks: NDRange queries take 1 to 3 size_t values, the
// sub-group count query takes one.
inline bool bad_ndrange_input(size_t size, const void* value) {
  return value == nullptr || size == 0 || size % sizeof(size_t) != 0 || size > 3 * sizeof(size_t);
}

}  // namespace clvet::rules::kernel_family

#define CLVET_KERNEL_OOR_CLAUSE CLVET_PROGRAM_OOR_CLAUSE
#define CLVET_KERNEL_OOHM_CLAUSE CLVET_PROGRAM_OOHM_CLAUSE
#define CLVET_KERNEL_OOR_NEVER CLVET_PROGRAM_OOR_NEVER
#define CLVET_KERNEL_OOHM_WHEN CLVET_PROGRAM_OOHM_WHEN

// §5.7.1 clCreateKernel
CLVET_RULE(CreateKernelInvalidProgram, "clCreateKernel", CL_INVALID_PROGRAM, Spec::OpenCL12,
           "5.7.1", "CL_INVALID_PROGRAM if program is not a valid program object.", V1_0, Still,
           CLVET_CHECK(CreateKernel, !valid(w, a.program)))
// An argument check first: without a name there is nothing to look for in the executable.
CLVET_RULE(CreateKernelNullName, "clCreateKernel", CL_INVALID_VALUE, Spec::OpenCL12, "5.7.1",
           "CL_INVALID_VALUE if kernel_name is NULL.", V1_0, Still,
           CLVET_CHECK(CreateKernel, a.kernel_name == nullptr))
CLVET_RULE(CreateKernelNoExecutable, "clCreateKernel", CL_INVALID_PROGRAM_EXECUTABLE,
           Spec::OpenCL12, "5.7.1",
           "CL_INVALID_PROGRAM_EXECUTABLE if there is no successfully built executable for "
           "program.",
           V1_0, Still, CLVET_CHECK(CreateKernel, !program_family::has_executable(w, a.program)))
CLVET_RULE(CreateKernelNameNotFound, "clCreateKernel", CL_INVALID_KERNEL_NAME, Spec::OpenCL12,
           "5.7.1", "CL_INVALID_KERNEL_NAME if kernel_name is not found in program.", V1_0, Still,
           nullptr, "raised when the program's executable declares no __kernel of that name")
CLVET_RULE(CreateKernelInconsistentDefinition, "clCreateKernel", CL_INVALID_KERNEL_DEFINITION,
           Spec::OpenCL12, "5.7.1",
           "CL_INVALID_KERNEL_DEFINITION if the function definition for __kernel function given "
           "by kernel_name such as the number of arguments, the argument types are not the same "
           "for all devices for which the program executable has been built.",
           V1_0, Still, nullptr,
           "raised when the executables of two devices declare the kernel differently")
CLVET_RULE(CreateKernelOutOfResources, "clCreateKernel", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.7.1", CLVET_KERNEL_OOR_CLAUSE, V1_0, Still, nullptr, CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(CreateKernelOutOfHostMemory, "clCreateKernel", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "5.7.1", CLVET_KERNEL_OOHM_CLAUSE, V1_0, Still, nullptr, CLVET_KERNEL_OOHM_WHEN)

// §5.7.1 clCreateKernelsInProgram
CLVET_RULE(CreateKernelsInProgramInvalidProgram, "clCreateKernelsInProgram", CL_INVALID_PROGRAM,
           Spec::OpenCL12, "5.7.1", "CL_INVALID_PROGRAM if program is not a valid program object.",
           V1_0, Still, CLVET_CHECK(CreateKernelsInProgram, !valid(w, a.program)))
CLVET_RULE(CreateKernelsInProgramNoExecutable, "clCreateKernelsInProgram",
           CL_INVALID_PROGRAM_EXECUTABLE, Spec::OpenCL12, "5.7.1",
           "CL_INVALID_PROGRAM_EXECUTABLE if there is no successfully built executable for any "
           "device in program.",
           V1_0, Still,
           CLVET_CHECK(CreateKernelsInProgram, !program_family::has_executable(w, a.program)))
CLVET_RULE(CreateKernelsInProgramTooFewEntries, "clCreateKernelsInProgram", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.7.1",
           "CL_INVALID_VALUE if kernels is not NULL and num_kernels is less than the number of "
           "kernels in program.",
           V1_0, Still, nullptr,
           "raised when kernels is not NULL and num_kernels is less than the number of kernels "
           "the executable declares (CL_PROGRAM_NUM_KERNELS does not exist before OpenCL 1.2)")
CLVET_RULE(CreateKernelsInProgramOutOfResources, "clCreateKernelsInProgram", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.7.1", CLVET_KERNEL_OOR_CLAUSE, V1_0, Still, nullptr,
           CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(CreateKernelsInProgramOutOfHostMemory, "clCreateKernelsInProgram",
           CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12, "5.7.1", CLVET_KERNEL_OOHM_CLAUSE, V1_0, Still,
           nullptr, CLVET_KERNEL_OOHM_WHEN)

// §5.7.1 clRetainKernel, clReleaseKernel
#define CLVET_KERNEL_REFCOUNT_RULES(Prefix, Entry)                                               \
  CLVET_RULE(Prefix##InvalidKernel, Entry, CL_INVALID_KERNEL, Spec::OpenCL12, "5.7.1",          \
             "CL_INVALID_KERNEL if kernel is not a valid kernel object.", V1_0, Still,            \
             CLVET_CHECK(Prefix, !valid(w, a.kernel)))                                           \
  CLVET_RULE(Prefix##OutOfResources, Entry, CL_OUT_OF_RESOURCES, Spec::OpenCL12, "5.7.1",       \
             CLVET_KERNEL_OOR_CLAUSE, V1_0, Still, nullptr, CLVET_KERNEL_OOR_NEVER)              \
  CLVET_RULE(Prefix##OutOfHostMemory, Entry, CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12, "5.7.1",    \
             CLVET_KERNEL_OOHM_CLAUSE, V1_0, Still, nullptr,                                     \
             "not raised: changing a reference count allocates nothing")
CLVET_KERNEL_REFCOUNT_RULES(RetainKernel, "clRetainKernel")
CLVET_KERNEL_REFCOUNT_RULES(ReleaseKernel, "clReleaseKernel")
#undef CLVET_KERNEL_REFCOUNT_RULES

// §5.7.2 clSetKernelArg
CLVET_RULE(SetKernelArgInvalidKernel, "clSetKernelArg", CL_INVALID_KERNEL, Spec::OpenCL12, "5.7.2",
           "CL_INVALID_KERNEL if kernel is not a valid kernel object.", V1_0, Still,
           CLVET_CHECK(SetKernelArg, !valid(w, a.kernel)))
CLVET_RULE(SetKernelArgBadIndex, "clSetKernelArg", CL_INVALID_ARG_INDEX, Spec::OpenCL12, "5.7.2",
           "CL_INVALID_ARG_INDEX if arg_index is not a valid argument index.", V1_0, Still,
           CLVET_CHECK(SetKernelArg, kernel_family::past_args(w, a.kernel, a.arg_index)))
CLVET_RULE(SetKernelArgContextDiffers, "clSetKernelArg", CL_INVALID_CONTEXT, Spec::Api30, "5.9.2",
           "CL_INVALID_CONTEXT if the context associated with kernel and an OpenCL object pointed "
           "to by arg_value are not the same",
           V3_0, Still, nullptr,
           "raised when a memory, sampler or queue argument belongs to another context")
CLVET_RULE(SetKernelArgBadValue, "clSetKernelArg", CL_INVALID_ARG_VALUE, Spec::OpenCL12, "5.7.2",
           "CL_INVALID_ARG_VALUE if arg_value specified is not a valid value.", V1_0, Still,
           nullptr,
           "raised when arg_value is NULL for a by-value argument or not NULL for a __local one")
CLVET_RULE(SetKernelArgInvalidMemObject, "clSetKernelArg", CL_INVALID_MEM_OBJECT, Spec::OpenCL12,
           "5.7.2",
           "CL_INVALID_MEM_OBJECT for an argument declared to be a memory object when the "
           "specified arg_value is not a valid memory object.",
           V1_0, Still, nullptr,
           "raised when a buffer, image or pipe argument gets something else than a memory "
           "object of that type (or NULL, for buffers)")
CLVET_RULE(SetKernelArgInvalidSampler, "clSetKernelArg", CL_INVALID_SAMPLER, Spec::OpenCL12,
           "5.7.2",
           "CL_INVALID_SAMPLER for an argument declared to be of type sampler_t when the "
           "specified arg_value is not a valid sampler object.",
           V1_0, Still, nullptr, "raised when a sampler_t argument gets no valid sampler")
CLVET_RULE(SetKernelArgInvalidDeviceQueue, "clSetKernelArg", CL_INVALID_DEVICE_QUEUE,
           Spec::Runtime22, "5.9.2",
           "CL_INVALID_DEVICE_QUEUE for an argument declared to be of type queue_t when the "
           "specified arg_value is not a valid device queue object.",
           V2_0, Still, nullptr, "raised when a queue_t argument gets no valid device queue")
CLVET_RULE(SetKernelArgBadSize, "clSetKernelArg", CL_INVALID_ARG_SIZE, Spec::OpenCL12, "5.7.2",
           "CL_INVALID_ARG_SIZE if arg_size does not match the size of the data type for an "
           "argument that is not a memory object or if the argument is a memory object and "
           "arg_size != sizeof(cl_mem) or if arg_size is zero and the argument is declared with "
           "the __local qualifier or if the argument is a sampler and arg_size != "
           "sizeof(cl_sampler).",
           V1_0, Still, nullptr, "raised when arg_size does not fit the argument's declaration")
CLVET_RULE(SetKernelArgMaxSizeExceeded, "clSetKernelArg", CL_MAX_SIZE_RESTRICTION_EXCEEDED,
           Spec::Runtime22, "5.9.2",
           "CL_MAX_SIZE_RESTRICTION_EXCEEDED if the size in bytes of the memory object (if the "
           "argument was declared with constant qualifier) or arg_size (if the argument was "
           "declared with local qualifier) exceed the maximum size restriction that was set with "
           "the optional language attribute.",
           V2_2, Still, nullptr,
           "raised when the argument carries a maximum size (SpvDecorationMaxByteOffset) that "
           "the value exceeds")
CLVET_RULE(SetKernelArgImageAccess, "clSetKernelArg", CL_INVALID_ARG_VALUE, Spec::OpenCL12,
           "5.7.2",
           "CL_INVALID_ARG_VALUE if the argument is an image declared with the read_only "
           "qualifier and arg_value refers to an image object created with cl_mem_flags of "
           "CL_MEM_WRITE or if the image argument is declared with the write_only qualifier and "
           "arg_value refers to an image object created with cl_mem_flags of CL_MEM_READ.",
           V1_0, Still, nullptr,
           "raised when a read_only image argument gets a CL_MEM_WRITE_ONLY image or a "
           "write_only one a CL_MEM_READ_ONLY image")
CLVET_RULE(SetKernelArgOutOfResources, "clSetKernelArg", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.7.2", CLVET_KERNEL_OOR_CLAUSE, V1_0, Still, nullptr, CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(SetKernelArgOutOfHostMemory, "clSetKernelArg", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "5.7.2", CLVET_KERNEL_OOHM_CLAUSE, V1_0, Still, nullptr,
           "raised when copying the argument value throws std::bad_alloc")

// 2.2 §5.9.2 clSetKernelArgSVMPointer
CLVET_RULE(SetKernelArgSVMPointerInvalidKernel, "clSetKernelArgSVMPointer", CL_INVALID_KERNEL,
           Spec::Runtime22, "5.9.2", "CL_INVALID_KERNEL if kernel is not a valid kernel object.",
           V2_0, Still, CLVET_CHECK(SetKernelArgSVMPointer, !valid(w, a.kernel)))
CLVET_RULE(SetKernelArgSVMPointerNoSVM, "clSetKernelArgSVMPointer", CL_INVALID_OPERATION,
           Spec::Api30, "5.9.2",
           "CL_INVALID_OPERATION if no devices in the context associated with kernel support SVM.",
           V3_0, Still,
           CLVET_CHECK(SetKernelArgSVMPointer, kernel_family::context_lacks_svm(w, a.kernel)))
CLVET_RULE(SetKernelArgSVMPointerBadIndex, "clSetKernelArgSVMPointer", CL_INVALID_ARG_INDEX,
           Spec::Runtime22, "5.9.2",
           "CL_INVALID_ARG_INDEX if arg_index is not a valid argument index.", V2_0, Still,
           CLVET_CHECK(SetKernelArgSVMPointer, kernel_family::past_args(w, a.kernel, a.arg_index)))
CLVET_RULE(SetKernelArgSVMPointerBadValue, "clSetKernelArgSVMPointer", CL_INVALID_ARG_VALUE,
           Spec::Runtime22, "5.9.2",
           "CL_INVALID_ARG_VALUE if arg_value specified is not a valid value.", V2_0, Still,
           nullptr,
           "raised when the argument is not a pointer to global or constant memory, or the "
           "pointer is not aligned for its type")
CLVET_RULE(SetKernelArgSVMPointerOutOfResources, "clSetKernelArgSVMPointer", CL_OUT_OF_RESOURCES,
           Spec::Runtime22, "5.9.2", CLVET_KERNEL_OOR_CLAUSE, V2_0, Still, nullptr,
           CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(SetKernelArgSVMPointerOutOfHostMemory, "clSetKernelArgSVMPointer",
           CL_OUT_OF_HOST_MEMORY, Spec::Runtime22, "5.9.2", CLVET_KERNEL_OOHM_CLAUSE, V2_0, Still,
           nullptr, CLVET_KERNEL_OOHM_WHEN)

// 2.2 §5.9.2 clSetKernelExecInfo
CLVET_RULE(SetKernelExecInfoInvalidKernel, "clSetKernelExecInfo", CL_INVALID_KERNEL,
           Spec::Runtime22, "5.9.2", "CL_INVALID_KERNEL if kernel is a not a valid kernel object.",
           V2_0, Still, CLVET_CHECK(SetKernelExecInfo, !valid(w, a.kernel)))
CLVET_RULE(SetKernelExecInfoSVMPtrsNoSVM, "clSetKernelExecInfo", CL_INVALID_OPERATION, Spec::Api30,
           "5.9.2",
           "CL_INVALID_OPERATION if param_name is CL_KERNEL_EXEC_INFO_SVM_PTRS and no devices in "
           "the context associated with kernel support SVM.",
           V3_0, Still,
           CLVET_CHECK(SetKernelExecInfo, a.param_name == CL_KERNEL_EXEC_INFO_SVM_PTRS &&
                                              kernel_family::context_lacks_svm(w, a.kernel)),
           "checked before the size and value of the list: without SVM no list can be right (the "
           "CTS's consistency_svm passes an empty one and wants this code)")
CLVET_RULE(SetKernelExecInfoBadParam, "clSetKernelExecInfo", CL_INVALID_VALUE, Spec::Runtime22,
           "5.9.2",
           "CL_INVALID_VALUE if param_name is not valid, if param_value is NULL or if the size "
           "specified by param_value_size is not valid.",
           V2_0, Still,
           CLVET_CHECK(SetKernelExecInfo,
                       kernel_family::bad_exec_info(a.param_name, a.param_value_size,
                                                    a.param_value)))
CLVET_RULE(SetKernelExecInfoFineGrainSystemUnsupported, "clSetKernelExecInfo",
           CL_INVALID_OPERATION, Spec::Runtime22, "5.9.2",
           "CL_INVALID_OPERATION if param_name = CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM and "
           "param_value = CL_TRUE but no devices in context associated with kernel support "
           "fine-grain system SVM allocations.",
           V2_0, Still,
           CLVET_CHECK(SetKernelExecInfo,
                       a.param_name == CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM &&
                           *static_cast<const cl_bool*>(a.param_value) == CL_TRUE &&
                           kernel_family::context_lacks_svm(w, a.kernel,
                                                            CL_DEVICE_SVM_FINE_GRAIN_SYSTEM)))
CLVET_RULE(SetKernelExecInfoOutOfResources, "clSetKernelExecInfo", CL_OUT_OF_RESOURCES,
           Spec::Runtime22, "5.9.2", CLVET_KERNEL_OOR_CLAUSE, V2_0, Still, nullptr,
           CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(SetKernelExecInfoOutOfHostMemory, "clSetKernelExecInfo", CL_OUT_OF_HOST_MEMORY,
           Spec::Runtime22, "5.9.2", CLVET_KERNEL_OOHM_CLAUSE, V2_0, Still, nullptr,
           CLVET_KERNEL_OOHM_WHEN)

// 2.2 §5.9.3 clCloneKernel
CLVET_RULE(CloneKernelInvalidKernel, "clCloneKernel", CL_INVALID_KERNEL, Spec::Runtime22, "5.9.3",
           "CL_INVALID_KERNEL if kernel is not a valid kernel object.", V2_1, Still,
           CLVET_CHECK(CloneKernel, !valid(w, a.source_kernel)))
CLVET_RULE(CloneKernelOutOfResources, "clCloneKernel", CL_OUT_OF_RESOURCES, Spec::Runtime22,
           "5.9.3", CLVET_KERNEL_OOR_CLAUSE, V2_1, Still, nullptr, CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(CloneKernelOutOfHostMemory, "clCloneKernel", CL_OUT_OF_HOST_MEMORY, Spec::Runtime22,
           "5.9.3", CLVET_KERNEL_OOHM_CLAUSE, V2_1, Still, nullptr, CLVET_KERNEL_OOHM_WHEN)

// §5.7.3 clGetKernelInfo
CLVET_RULE(GetKernelInfoInvalidKernel, "clGetKernelInfo", CL_INVALID_KERNEL, Spec::OpenCL12,
           "5.7.3", "CL_INVALID_KERNEL if kernel is a not a valid kernel object.", V1_0, Still,
           CLVET_CHECK(GetKernelInfo, !valid(w, a.kernel)))
CLVET_RULE(GetKernelInfoBadParam, "clGetKernelInfo", CL_INVALID_VALUE, Spec::OpenCL12, "5.7.3",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type as described in table 5.15 and "
           "param_value is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetKernelInfoOutOfResources, "clGetKernelInfo", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.7.3", CLVET_KERNEL_OOR_CLAUSE, V1_0, Still, nullptr, CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(GetKernelInfoOutOfHostMemory, "clGetKernelInfo", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "5.7.3", CLVET_KERNEL_OOHM_CLAUSE, V1_0, Still, nullptr, CLVET_KERNEL_OOHM_WHEN)

// §5.7.3 clGetKernelWorkGroupInfo
CLVET_RULE(GetKernelWorkGroupInfoInvalidKernel, "clGetKernelWorkGroupInfo", CL_INVALID_KERNEL,
           Spec::OpenCL12, "5.7.3", "CL_INVALID_KERNEL if kernel is a not a valid kernel object.",
           V1_0, Still, CLVET_CHECK(GetKernelWorkGroupInfo, !valid(w, a.kernel)))
CLVET_RULE(GetKernelWorkGroupInfoInvalidDevice, "clGetKernelWorkGroupInfo", CL_INVALID_DEVICE,
           Spec::OpenCL12, "5.7.3",
           "CL_INVALID_DEVICE if device is not in the list of devices associated with kernel or if "
           "device is NULL but there is more than one device associated with kernel.",
           V1_0, Still,
           CLVET_CHECK(GetKernelWorkGroupInfo, kernel_family::bad_query_device(w, a.kernel, a.device)))
CLVET_RULE(GetKernelWorkGroupInfoBadParam, "clGetKernelWorkGroupInfo", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.7.3",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type as described in table 5.15 and "
           "param_value is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetKernelWorkGroupInfoGlobalWorkSize, "clGetKernelWorkGroupInfo", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.7.3",
           "CL_INVALID_VALUE if param_name is CL_KERNEL_GLOBAL_WORK_SIZE and device is not a "
           "custom device or kernel is not a built-in kernel.",
           V1_2, Still, nullptr,
           "raised by the query for CL_KERNEL_GLOBAL_WORK_SIZE unless the kernel is a built-in "
           "kernel or the device is a custom device")
CLVET_RULE(GetKernelWorkGroupInfoOutOfResources, "clGetKernelWorkGroupInfo", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.7.3", CLVET_KERNEL_OOR_CLAUSE, V1_0, Still, nullptr,
           CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(GetKernelWorkGroupInfoOutOfHostMemory, "clGetKernelWorkGroupInfo",
           CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12, "5.7.3", CLVET_KERNEL_OOHM_CLAUSE, V1_0, Still,
           nullptr, CLVET_KERNEL_OOHM_WHEN)

// 2.2 §5.9.4 clGetKernelSubGroupInfo, and cl_khr_subgroups' clGetKernelSubGroupInfoKHR
CLVET_RULE(GetKernelSubGroupInfoInvalidKernel, "clGetKernelSubGroupInfo", CL_INVALID_KERNEL,
           Spec::Runtime22, "5.9.4", "CL_INVALID_KERNEL if kernel is a not a valid kernel object.",
           V2_1, Still, CLVET_CHECK(GetKernelSubGroupInfo, !valid(w, a.kernel)))
CLVET_RULE(GetKernelSubGroupInfoInvalidDevice, "clGetKernelSubGroupInfo", CL_INVALID_DEVICE,
           Spec::Runtime22, "5.9.4",
           "CL_INVALID_DEVICE if device is not in the list of devices associated with kernel or if "
           "device is NULL but there is more than one device associated with kernel.",
           V2_1, Still,
           CLVET_CHECK(GetKernelSubGroupInfo, kernel_family::bad_query_device(w, a.kernel, a.device)))
CLVET_RULE(GetKernelSubGroupInfoNoSubGroups, "clGetKernelSubGroupInfo", CL_INVALID_OPERATION,
           Spec::Api30, "5.9.4", "CL_INVALID_OPERATION if device does not support sub-groups.",
           V3_0, Still,
           CLVET_CHECK(GetKernelSubGroupInfo,
                       get<cl_uint>(w, InfoQuery::Device,
                                    kernel_family::query_device(w, a.kernel, a.device),
                                    CL_DEVICE_MAX_NUM_SUB_GROUPS)
                               .value_or(0) == 0))
CLVET_RULE(GetKernelSubGroupInfoBadParam, "clGetKernelSubGroupInfo", CL_INVALID_VALUE,
           Spec::Runtime22, "5.9.4",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type as described in the Kernel Object Subgroup "
           "Queries table and param_value is not NULL.",
           V2_1, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetKernelSubGroupInfoBadInput, "clGetKernelSubGroupInfo", CL_INVALID_VALUE,
           Spec::Runtime22, "5.9.4",
           "CL_INVALID_VALUE if param_name is CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE and the "
           "size in bytes specified by input_value_size is not valid or if input_value is NULL.",
           V2_1, Still,
           CLVET_CHECK(GetKernelSubGroupInfo,
                       a.param_name == CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE &&
                           kernel_family::bad_ndrange_input(a.input_value_size, a.input_value)))
CLVET_RULE(GetKernelSubGroupInfoBadCountInput, "clGetKernelSubGroupInfo", CL_INVALID_VALUE,
           Spec::Api30, "5.9.4",
           "CL_INVALID_VALUE if param_name is CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, "
           "CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE or CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT and "
           "the size in bytes specified by input_value_size is not valid or if input_value is "
           "NULL.",
           V3_0, Still,
           CLVET_CHECK(GetKernelSubGroupInfo,
                       (a.param_name == CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE &&
                        kernel_family::bad_ndrange_input(a.input_value_size, a.input_value)) ||
                           (a.param_name == CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT &&
                            (a.input_value == nullptr || a.input_value_size != sizeof(size_t)))))
CLVET_RULE(GetKernelSubGroupInfoOutOfResources, "clGetKernelSubGroupInfo", CL_OUT_OF_RESOURCES,
           Spec::Runtime22, "5.9.4", CLVET_KERNEL_OOR_CLAUSE, V2_1, Still, nullptr,
           CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(GetKernelSubGroupInfoOutOfHostMemory, "clGetKernelSubGroupInfo", CL_OUT_OF_HOST_MEMORY,
           Spec::Runtime22, "5.9.4", CLVET_KERNEL_OOHM_CLAUSE, V2_1, Still, nullptr,
           CLVET_KERNEL_OOHM_WHEN)

CLVET_RULE(GetKernelSubGroupInfoKHRInvalidKernel, "clGetKernelSubGroupInfoKHR", CL_INVALID_KERNEL,
           Spec::Extension, "cl_khr_subgroups",
           "CL_INVALID_KERNEL if kernel is a not a valid kernel object.", V1_0, Still,
           CLVET_CHECK(GetKernelSubGroupInfoKHR, !valid(w, a.in_kernel)))
CLVET_RULE(GetKernelSubGroupInfoKHRInvalidDevice, "clGetKernelSubGroupInfoKHR", CL_INVALID_DEVICE,
           Spec::Extension, "cl_khr_subgroups",
           "CL_INVALID_DEVICE if device is not in the list of devices associated with kernel or if "
           "device is NULL but there is more than one device associated with kernel.",
           V1_0, Still,
           CLVET_CHECK(GetKernelSubGroupInfoKHR,
                       kernel_family::bad_query_device(w, a.in_kernel, a.in_device)))
CLVET_RULE(GetKernelSubGroupInfoKHRBadParam, "clGetKernelSubGroupInfoKHR", CL_INVALID_VALUE,
           Spec::Extension, "cl_khr_subgroups",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type and param_value is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetKernelSubGroupInfoKHRBadInput, "clGetKernelSubGroupInfoKHR", CL_INVALID_VALUE,
           Spec::Extension, "cl_khr_subgroups",
           "CL_INVALID_VALUE if param_name is CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE_KHR or "
           "CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE_KHR and the size in bytes specified by "
           "input_value_size is not valid or if input_value is NULL.",
           V1_0, Still,
           CLVET_CHECK(GetKernelSubGroupInfoKHR,
                       (a.param_name == CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE_KHR ||
                        a.param_name == CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE_KHR) &&
                           kernel_family::bad_ndrange_input(a.input_value_size, a.input_value)))
CLVET_RULE(GetKernelSubGroupInfoKHROutOfResources, "clGetKernelSubGroupInfoKHR",
           CL_OUT_OF_RESOURCES, Spec::Extension, "cl_khr_subgroups", CLVET_KERNEL_OOR_CLAUSE, V1_0,
           Still, nullptr, CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(GetKernelSubGroupInfoKHROutOfHostMemory, "clGetKernelSubGroupInfoKHR",
           CL_OUT_OF_HOST_MEMORY, Spec::Extension, "cl_khr_subgroups", CLVET_KERNEL_OOHM_CLAUSE,
           V1_0, Still, nullptr, CLVET_KERNEL_OOHM_WHEN)

// §5.7.3 clGetKernelArgInfo
CLVET_RULE(GetKernelArgInfoInvalidKernel, "clGetKernelArgInfo", CL_INVALID_KERNEL, Spec::OpenCL12,
           "5.7.3", "CL_INVALID_KERNEL if kernel is a not a valid kernel object.", V1_2, Still,
           CLVET_CHECK(GetKernelArgInfo, !valid(w, a.kernel)))
CLVET_RULE(GetKernelArgInfoBadIndex, "clGetKernelArgInfo", CL_INVALID_ARG_INDEX, Spec::OpenCL12,
           "5.7.3", "CL_INVALID_ARG_INDEX if arg_indx is not a valid argument index.", V1_2, Still,
           CLVET_CHECK(GetKernelArgInfo, kernel_family::past_args(w, a.kernel, a.arg_indx)))
CLVET_RULE(GetKernelArgInfoBadParam, "clGetKernelArgInfo", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.7.3",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value size is < size of return type as described in table 5.17 and param_value "
           "is not NULL.",
           V1_2, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetKernelArgInfoNotAvailable, "clGetKernelArgInfo", CL_KERNEL_ARG_INFO_NOT_AVAILABLE,
           Spec::OpenCL12, "5.7.3",
           "CL_KERNEL_ARG_INFO_NOT_AVAILABLE if the argument information is not available for "
           "kernel.",
           V1_2, Still, nullptr,
           "raised when the program was not built from source with -cl-kernel-arg-info")

// The clauses every kernel enqueue shares (§5.8; 2.2 §5.10), as rules of `Prefix`/`Entry`.
#define CLVET_KERNEL_ENQUEUE_HEAD(Prefix, Entry, SpecDoc, Section)                           \
  CLVET_ROLE_RULE(Prefix##InvalidQueue, Prefix, InvalidCommandQueue, SpecDoc, Section, V1_0) \
  CLVET_RULE(Prefix##InvalidKernel, Entry, CL_INVALID_KERNEL, SpecDoc, Section,              \
             "CL_INVALID_KERNEL if kernel is not a valid kernel object.", V1_0, Still,       \
             CLVET_CHECK(Prefix, !valid(w, a.kernel)))                                       \
  CLVET_RULE(                                                                                \
      Prefix##NoExecutable, Entry, CL_INVALID_PROGRAM_EXECUTABLE, SpecDoc, Section,          \
      "CL_INVALID_PROGRAM_EXECUTABLE if there is no successfully built program "             \
      "executable available for device associated with command_queue.",                      \
      V1_0, Still,                                                                           \
      CLVET_CHECK(Prefix, kernel_family::no_executable_for_queue(w, a.command_queue, a.kernel)))
#define CLVET_KERNEL_ENQUEUE_ARGS(Prefix, Entry, SpecDoc, Section, When)                         \
  CLVET_RULE(Prefix##ArgsNotSet, Entry, CL_INVALID_KERNEL_ARGS, SpecDoc, Section,                \
             "CL_INVALID_KERNEL_ARGS if the kernel argument values have not been specified.",    \
             V1_0, Still, nullptr, When)
// A launch's arguments: never set, or set to a memory object or sampler whose last reference the
// application has dropped since. The kernel does not hold its arguments: the value set "is the
// value used by all API calls that enqueue kernel until the argument value is changed by a call
// to clSetKernelArg" (§5.7.2), and a memory object (§5.4.1) or sampler (§5.5.1) whose count
// reaches zero is deleted once the commands already queued with it finish. The argument then
// names no object: its value is not specified, CL_INVALID_KERNEL_ARGS (the launch's clauses have
// no CL_INVALID_MEM_OBJECT or CL_INVALID_SAMPLER). The layer refuses it before the driver, which
// would use the deleted object (PoCL 3.1 aborts), whatever CLVET_ENFORCE says.
#define CLVET_KERNEL_LAUNCH_ARGS_WHEN                                                           \
  "raised when some argument of the kernel was never set, or names a memory object or sampler " \
  "released for good (its last reference dropped) since it was set: deleted by then (§5.4.1, "  \
  "§5.5.1), it is no value the launch can use (§5.7.2); a new object at the released one's "    \
  "address is not the argument's"
#define CLVET_KERNEL_ENQUEUE_ARG_OBJECTS(Prefix, Entry, SpecDoc, Section)                        \
  CLVET_RULE(Prefix##MisalignedSubBuffer, Entry, CL_MISALIGNED_SUB_BUFFER_OFFSET, SpecDoc,       \
             Section,                                                                             \
             "CL_MISALIGNED_SUB_BUFFER_OFFSET if a sub-buffer object is specified as the value "  \
             "for an argument that is a buffer object and the offset specified when the "         \
             "sub-buffer object is created is not aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN value " \
             "for device associated with queue.",                                                 \
             V1_1, Still, nullptr,                                                                \
             "raised when a buffer argument is a sub-buffer whose origin is not aligned to the "  \
             "queue device's CL_DEVICE_MEM_BASE_ADDR_ALIGN")                                      \
  CLVET_RULE(Prefix##InvalidImageSize, Entry, CL_INVALID_IMAGE_SIZE, SpecDoc, Section,           \
             "CL_INVALID_IMAGE_SIZE if an image object is specified as an argument value and the " \
             "image dimensions (image width, height, specified or compute row and/or slice "     \
             "pitch) are not supported by device associated with queue.",                        \
             V1_0, Still, nullptr,                                                                \
             "raised when an image argument's dimensions exceed the queue device's limits")       \
  CLVET_RULE(Prefix##ImageFormatNotSupported, Entry, CL_IMAGE_FORMAT_NOT_SUPPORTED, SpecDoc,     \
             Section,                                                                             \
             "CL_IMAGE_FORMAT_NOT_SUPPORTED if an image object is specified as an argument value " \
             "and the image format (image channel order and data type) is not supported by "     \
             "device associated with queue.",                                                     \
             V1_0, Still, nullptr,                                                                \
             "raised when an image argument's format is not supported by the queue's device")
#define CLVET_KERNEL_ENQUEUE_OUT_OF_RESOURCES(Prefix, Entry, SpecDoc, Section, Clause)          \
  CLVET_RULE(Prefix##KernelOutOfResources, Entry, CL_OUT_OF_RESOURCES, SpecDoc, Section, Clause, \
             V1_0, Still, nullptr,                                                                \
             "raised when the kernel's local memory or other per-launch resources exceed what "  \
             "the device provides")
#define CLVET_KERNEL_ENQUEUE_TAIL(Prefix, Entry, SpecDoc, Section)                                 \
  CLVET_RULE(Prefix##MemObjectAllocationFailure, Entry, CL_MEM_OBJECT_ALLOCATION_FAILURE, SpecDoc, \
             Section,                                                                              \
             "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data " \
             "store associated with image or buffer objects specified as arguments to kernel.",    \
             V1_0, Still, nullptr,                                                                 \
             "raised when a deferred allocation of an argument's data store fails")                \
  CLVET_ROLE_RULE(Prefix##BadWaitList, Prefix, InvalidEventWaitList, SpecDoc, Section, V1_0)       \
  CLVET_RULE(Prefix##SVMUnsupported, Entry, CL_INVALID_OPERATION, Spec::Runtime22, "5.10",         \
             "CL_INVALID_OPERATION if SVM pointers are passed as arguments to a kernel and the "   \
             "device does not support SVM or if system pointers are passed as arguments to a "     \
             "kernel and/or stored inside SVM allocations passed as kernel arguments and the "     \
             "device does not support fine grain system SVM allocations.",                         \
             V2_0, Still, nullptr,                                                                 \
             "raised when an SVM or system pointer argument needs an SVM capability the queue's "  \
             "device lacks")                                                                       \
  CLVET_RULE(Prefix##OutOfResources, Entry, CL_OUT_OF_RESOURCES, SpecDoc, Section,                 \
             CLVET_KERNEL_OOR_CLAUSE, V1_0, Still, nullptr, CLVET_KERNEL_OOR_NEVER)                \
  CLVET_RULE(Prefix##OutOfHostMemory, Entry, CL_OUT_OF_HOST_MEMORY, SpecDoc, Section,              \
             CLVET_KERNEL_OOHM_CLAUSE, V1_0, Still, nullptr, CLVET_KERNEL_OOHM_WHEN)

// §5.8 clEnqueueNDRangeKernel
CLVET_KERNEL_ENQUEUE_HEAD(EnqueueNDRangeKernel, "clEnqueueNDRangeKernel", Spec::OpenCL12, "5.8")
CLVET_RULE(EnqueueNDRangeKernelContextDiffers, "clEnqueueNDRangeKernel", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.8",
           "CL_INVALID_CONTEXT if context associated with command_queue and kernel are not the "
           "same or if the context associated with command_queue and events in event_wait_list "
           "are not the same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       kernel_family::enqueue_context_differs(w, a.command_queue, a.kernel,
                                                              a.num_events_in_wait_list,
                                                              a.event_wait_list)))
CLVET_KERNEL_ENQUEUE_ARGS(EnqueueNDRangeKernel, "clEnqueueNDRangeKernel", Spec::OpenCL12, "5.8",
                          CLVET_KERNEL_LAUNCH_ARGS_WHEN)
CLVET_RULE(EnqueueNDRangeKernelBadWorkDim, "clEnqueueNDRangeKernel", CL_INVALID_WORK_DIMENSION,
           Spec::OpenCL12, "5.8",
           "CL_INVALID_WORK_DIMENSION if work_dim is not a valid value (i.e. a value between 1 and "
           "3).",
           V1_0, Still,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       kernel_family::bad_work_dim(w, a.command_queue, a.work_dim)))
CLVET_RULE(EnqueueNDRangeKernelBadGlobalSize, "clEnqueueNDRangeKernel", CL_INVALID_GLOBAL_WORK_SIZE,
           Spec::OpenCL12, "5.8",
           "CL_INVALID_GLOBAL_WORK_SIZE if global_work_size is NULL, or if any of the values "
           "specified in global_work_size[0], ... global_work_size[work_dim - 1] are 0 or exceed "
           "the range given by the sizeof(size_t) for the device on which the kernel execution "
           "will be enqueued.",
           V1_0, V2_1,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       a.global_work_size == nullptr ||
                           kernel_family::any_global_size_zero(a.work_dim, a.global_work_size) ||
                           kernel_family::global_size_too_large(w, a.command_queue, a.work_dim,
                                                                a.global_work_size)))
CLVET_RULE(EnqueueNDRangeKernelGlobalSizeTooLarge, "clEnqueueNDRangeKernel",
           CL_INVALID_GLOBAL_WORK_SIZE, Spec::Runtime22, "5.10",
           "CL_INVALID_GLOBAL_WORK_SIZE if any of the values specified in global_work_size[0], ... "
           "global_work_size[work_dim - 1] exceed the maximum value representable by size_t on "
           "the device on which the kernel-instance will be enqueued.",
           V2_1, Still,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       kernel_family::global_size_too_large(w, a.command_queue, a.work_dim,
                                                            a.global_work_size)))
CLVET_RULE(EnqueueNDRangeKernelGlobalOffsetOverflow, "clEnqueueNDRangeKernel",
           CL_INVALID_GLOBAL_OFFSET, Spec::OpenCL12, "5.8",
           "CL_INVALID_GLOBAL_OFFSET if the value specified in global_work_size + the "
           "corresponding values in global_work_offset for any dimensions is greater than the "
           "sizeof(size_t) for the device on which the kernel execution will be enqueued.",
           V1_1, Still,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       kernel_family::global_offset_overflows(w, a.command_queue, a.work_dim,
                                                              a.global_work_offset,
                                                              a.global_work_size)))
CLVET_RULE(EnqueueNDRangeKernelLocalSizeZero, "clEnqueueNDRangeKernel", CL_INVALID_WORK_GROUP_SIZE,
           Spec::Api30, "5.10",
           "CL_INVALID_WORK_GROUP_SIZE if local_work_size is not NULL and if the total number of "
           "work-items in the work-group is zero",
           V3_0, Still,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       kernel_family::local_size_product_zero(a.work_dim, a.local_work_size)))
CLVET_RULE(EnqueueNDRangeKernelLocalSizeNotDivisor, "clEnqueueNDRangeKernel",
           CL_INVALID_WORK_GROUP_SIZE, Spec::OpenCL12, "5.8",
           "CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and number of work-items "
           "specified by global_work_size is not evenly divisible by size of work-group given by "
           "local_work_size or does not match the work-group size specified for kernel using the "
           "__attribute__((reqd_work_group_size(X, Y, Z))) qualifier in program source.",
           V1_0, V2_0,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       kernel_family::local_not_divisor(a.work_dim, a.global_work_size,
                                                        a.local_work_size) ||
                           kernel_family::local_differs_from_required(
                               w, a.command_queue, a.kernel, a.work_dim, a.local_work_size)))
CLVET_RULE(EnqueueNDRangeKernelLocalSizeAboveDeviceMax, "clEnqueueNDRangeKernel",
           CL_INVALID_WORK_GROUP_SIZE, Spec::OpenCL12, "5.8",
           "CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and the total number of "
           "work-items in the work-group computed as local_work_size[0] * ... "
           "local_work_size[work_dim - 1] is greater than the value specified by "
           "CL_DEVICE_MAX_WORK_GROUP_SIZE in table 4.3.",
           V1_0, V2_0,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       kernel_family::local_exceeds_device_limit(w, a.command_queue, a.work_dim,
                                                                 a.local_work_size)))
CLVET_RULE(EnqueueNDRangeKernelLocalSizeMissingForRequired, "clEnqueueNDRangeKernel",
           CL_INVALID_WORK_GROUP_SIZE, Spec::OpenCL12, "5.8",
           "CL_INVALID_WORK_GROUP_SIZE if local_work_size is NULL and the "
           "__attribute__((reqd_work_group_size(X, Y, Z))) qualifier is used to declare the "
           "work-group size for kernel in the program source.",
           V1_0, V2_0,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       a.local_work_size == nullptr &&
                           kernel_family::has_required_size(kernel_family::compile_work_group_size(
                               w, a.kernel, device_of(w, a.command_queue)))))
CLVET_RULE(EnqueueNDRangeKernelLocalSizeNotRequired, "clEnqueueNDRangeKernel",
           CL_INVALID_WORK_GROUP_SIZE, Spec::Runtime22, "5.10",
           "CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and does not match the "
           "required work-group size for kernel in the program source.",
           V2_0, Still,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       kernel_family::local_differs_from_required(w, a.command_queue, a.kernel,
                                                                  a.work_dim, a.local_work_size)))
CLVET_RULE(EnqueueNDRangeKernelLocalSizeSubGroups, "clEnqueueNDRangeKernel",
           CL_INVALID_WORK_GROUP_SIZE, Spec::Runtime22, "5.10",
           "CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and is not consistent with "
           "the required number of sub-groups for kernel in the program source.",
           V2_1, Still, nullptr,
           "raised when the kernel requires a number of sub-groups that local_work_size does not "
           "give")
CLVET_RULE(EnqueueNDRangeKernelLocalSizeAboveKernelMax, "clEnqueueNDRangeKernel",
           CL_INVALID_WORK_GROUP_SIZE, Spec::Runtime22, "5.10",
           "CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and the total number of "
           "work-items in the work-group computed as local_work_size[0] * ... "
           "local_work_size[work_dim - 1] is greater than the value specified by "
           "CL_KERNEL_WORK_GROUP_SIZE in the Kernel Object Device Queries table.",
           V2_0, Still,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       kernel_family::local_exceeds_kernel_limit(w, a.command_queue, a.kernel,
                                                                 a.work_dim, a.local_work_size)))
// 2.x: non-uniform work-groups are core, and only -cl-uniform-work-group-size or OpenCL C 1.x
// keeps a program to uniform ones (2.2 §5.10); 3.0 words the clause by whether the work-group
// size must be uniform, the device's support among the reasons.
CLVET_RULE(EnqueueNDRangeKernelUniformNotDivisible, "clEnqueueNDRangeKernel",
           CL_INVALID_WORK_GROUP_SIZE, Spec::Runtime22, "5.10",
           "CL_INVALID_WORK_GROUP_SIZE if the program was compiled with cl-uniform-work-group-size "
           "and the number of work-items specified by global_work_size is not evenly divisible by "
           "size of work-group given by local_work_size or by the required work-group size "
           "specified in the kernel source.",
           V2_0, V3_0,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       uniformity::violated(w, a.command_queue, a.kernel, a.work_dim,
                                            a.global_work_size, a.local_work_size)))
CLVET_RULE(EnqueueNDRangeKernelUniformRequired, "clEnqueueNDRangeKernel",
           CL_INVALID_WORK_GROUP_SIZE, Spec::Api30, "5.10",
           "CL_INVALID_WORK_GROUP_SIZE if the work-group size must be uniform and the "
           "local_work_size is not NULL, is not equal to the required work-group size specified "
           "in the kernel source, or the global_work_size is not evenly divisible by the "
           "local_work_size.",
           V3_0, Still,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       uniformity::violated(w, a.command_queue, a.kernel, a.work_dim,
                                            a.global_work_size, a.local_work_size)),
           "the work-group size must be uniform (the device lacks "
           "CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, or the program was built with "
           "-cl-uniform-work-group-size, or from source without -cl-std=CL2.0 or CL3.0, or linked "
           "from such a program) and global_work_size is not a multiple of local_work_size, or of "
           "the required work-group size when local_work_size is NULL")
CLVET_RULE(EnqueueNDRangeKernelWorkItemSizeTooLarge, "clEnqueueNDRangeKernel",
           CL_INVALID_WORK_ITEM_SIZE, Spec::OpenCL12, "5.8",
           "CL_INVALID_WORK_ITEM_SIZE if the number of work-items specified in any of "
           "local_work_size[0], ... local_work_size[work_dim - 1] is greater than the "
           "corresponding values specified by CL_DEVICE_MAX_WORK_ITEM_SIZES[0], .... "
           "CL_DEVICE_MAX_WORK_ITEM_SIZES[work_dim - 1].",
           V1_0, Still,
           CLVET_CHECK(EnqueueNDRangeKernel,
                       kernel_family::local_exceeds_item_sizes(w, a.command_queue, a.work_dim,
                                                               a.local_work_size)))
CLVET_KERNEL_ENQUEUE_ARG_OBJECTS(EnqueueNDRangeKernel, "clEnqueueNDRangeKernel", Spec::OpenCL12,
                                 "5.8")
CLVET_KERNEL_ENQUEUE_OUT_OF_RESOURCES(
    EnqueueNDRangeKernel, "clEnqueueNDRangeKernel", Spec::OpenCL12, "5.8",
    "CL_OUT_OF_RESOURCES if there is a failure to queue the execution instance of kernel on the "
    "command-queue because of insufficient resources needed to execute the kernel. For example, "
    "the explicitly specified local_work_size causes a failure to execute the kernel because of "
    "insufficient resources such as registers or local memory. Another example would be the "
    "number of read-only image args used in kernel exceed the CL_DEVICE_MAX_READ_IMAGE_ARGS value "
    "for device or the number of write-only image args used in kernel exceed the "
    "CL_DEVICE_MAX_WRITE_IMAGE_ARGS value for device or the number of samplers used in kernel "
    "exceed CL_DEVICE_MAX_SAMPLERS for device.")
CLVET_KERNEL_ENQUEUE_TAIL(EnqueueNDRangeKernel, "clEnqueueNDRangeKernel", Spec::OpenCL12, "5.8")

// §5.8 clEnqueueTask (deprecated by 2.0, still an entry point)
CLVET_KERNEL_ENQUEUE_HEAD(EnqueueTask, "clEnqueueTask", Spec::OpenCL12, "5.8")
CLVET_RULE(EnqueueTaskContextDiffers, "clEnqueueTask", CL_INVALID_CONTEXT, Spec::OpenCL12, "5.8",
           "CL_INVALID_CONTEXT if context associated with command_queue and kernel are not the "
           "same or if the context associated with command_queue and events in event_wait_list "
           "are not the same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueTask, kernel_family::enqueue_context_differs(
                                        w, a.command_queue, a.kernel, a.num_events_in_wait_list,
                                        a.event_wait_list)))
CLVET_KERNEL_ENQUEUE_ARGS(EnqueueTask, "clEnqueueTask", Spec::OpenCL12, "5.8",
                          CLVET_KERNEL_LAUNCH_ARGS_WHEN)
CLVET_RULE(EnqueueTaskRequiredWorkGroupSize, "clEnqueueTask", CL_INVALID_WORK_GROUP_SIZE,
           Spec::OpenCL12, "5.8",
           "CL_INVALID_WORK_GROUP_SIZE if a work-group size is specified for kernel using the "
           "__attribute__((reqd_work_group_size(X, Y, Z))) qualifier in program source and is not "
           "(1, 1, 1).",
           V1_0, Still,
           CLVET_CHECK(EnqueueTask, [&] {
             auto reqd = kernel_family::compile_work_group_size(w, a.kernel,
                                                                device_of(w, a.command_queue));
             return kernel_family::has_required_size(reqd) &&
                    reqd != std::array<size_t, 3>{1, 1, 1};
           }()))
CLVET_RULE(EnqueueTaskSubGroups, "clEnqueueTask", CL_INVALID_WORK_GROUP_SIZE, Spec::Api30, "5.10",
           "CL_INVALID_WORK_GROUP_SIZE if the required number of sub-groups is specified for "
           "kernel in the program source and is not consistent with a work-group size of (1, 1, "
           "1).",
           V3_0, Still, nullptr,
           "raised when the kernel requires more than one sub-group per work-group")
CLVET_KERNEL_ENQUEUE_ARG_OBJECTS(EnqueueTask, "clEnqueueTask", Spec::OpenCL12, "5.8")
CLVET_KERNEL_ENQUEUE_OUT_OF_RESOURCES(EnqueueTask, "clEnqueueTask", Spec::OpenCL12, "5.8",
                                      "CL_OUT_OF_RESOURCES if there is a failure to queue the execution instance of kernel on the "
    "command-queue because of insufficient resources needed to execute the kernel.")
CLVET_KERNEL_ENQUEUE_TAIL(EnqueueTask, "clEnqueueTask", Spec::OpenCL12, "5.8")

// §5.8 clEnqueueNativeKernel
CLVET_ROLE_RULE(EnqueueNativeKernelInvalidQueue, EnqueueNativeKernel, InvalidCommandQueue,
                Spec::OpenCL12, "5.8", V1_0)
CLVET_RULE(EnqueueNativeKernelContextDiffers, "clEnqueueNativeKernel", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.8",
           "CL_INVALID_CONTEXT if context associated with command_queue and events in "
           "event_wait_list are not the same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueNativeKernel,
                       !wait_list_malformed(w, a.num_events_in_wait_list, a.event_wait_list) &&
                           wait_list_context_differs(w, a.command_queue, a.num_events_in_wait_list,
                                                     a.event_wait_list)))
CLVET_RULE(EnqueueNativeKernelNullFunction, "clEnqueueNativeKernel", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.8", "CL_INVALID_VALUE if user_func is NULL.", V1_0, Still,
           CLVET_CHECK(EnqueueNativeKernel, a.user_func == nullptr))
CLVET_RULE(EnqueueNativeKernelNullArgs, "clEnqueueNativeKernel", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.8",
           "CL_INVALID_VALUE if args is a NULL value and cb_args > 0, or if args is a NULL value "
           "and num_mem_objects > 0.",
           V1_0, Still,
           CLVET_CHECK(EnqueueNativeKernel,
                       a.args == nullptr && (a.cb_args > 0 || a.num_mem_objects > 0)))
CLVET_RULE(EnqueueNativeKernelArgsWithoutSize, "clEnqueueNativeKernel", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.8", "CL_INVALID_VALUE if args is not NULL and cb_args is 0.", V1_0,
           Still, CLVET_CHECK(EnqueueNativeKernel, a.args != nullptr && a.cb_args == 0))
CLVET_RULE(EnqueueNativeKernelMemListMissing, "clEnqueueNativeKernel", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.8",
           "CL_INVALID_VALUE if num_mem_objects > 0 and mem_list or args_mem_loc are NULL.", V1_0,
           Still,
           CLVET_CHECK(EnqueueNativeKernel,
                       a.num_mem_objects > 0 &&
                           (a.mem_list == nullptr || a.args_mem_loc == nullptr)))
CLVET_RULE(EnqueueNativeKernelMemListUnexpected, "clEnqueueNativeKernel", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.8",
           "CL_INVALID_VALUE if num_mem_objects = 0 and mem_list or args_mem_loc are not NULL.",
           V1_0, Still,
           CLVET_CHECK(EnqueueNativeKernel,
                       a.num_mem_objects == 0 &&
                           (a.mem_list != nullptr || a.args_mem_loc != nullptr)))
CLVET_RULE(EnqueueNativeKernelNotSupported, "clEnqueueNativeKernel", CL_INVALID_OPERATION,
           Spec::OpenCL12, "5.8",
           "CL_INVALID_OPERATION if the device associated with command_queue cannot execute the "
           "native kernel.",
           V1_0, Still,
           CLVET_CHECK(EnqueueNativeKernel,
                       kernel_family::native_kernels_unsupported(w, a.command_queue)))
CLVET_RULE(EnqueueNativeKernelInvalidMemObject, "clEnqueueNativeKernel", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.8",
           "CL_INVALID_MEM_OBJECT if one or more memory objects specified in mem_list are not "
           "valid or are not buffer objects.",
           V1_0, Still,
           CLVET_CHECK(EnqueueNativeKernel,
                       kernel_family::bad_native_mem_list(w, a.num_mem_objects, a.mem_list)),
           "also raised by the implementation when a buffer is released between the precheck "
           "and the enqueue")
// Not an error clause: the parameter's description. Patching a location outside the copied
// args would write outside clvet's copy, so the reference device refuses the call instead.
CLVET_RULE(EnqueueNativeKernelMemLocOutsideArgs, "clEnqueueNativeKernel", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.8",
           "CL_INVALID_VALUE (clvet's check; the spec lists no error for it): args_mem_loc is a "
           "pointer to appropriate locations that args points to where memory object handles "
           "(cl_mem values) are stored.",
           V1_0, Still, nullptr,
           "raised when args_mem_loc[i] does not point at a whole cl_mem inside the cb_args bytes "
           "at args")
CLVET_RULE(EnqueueNativeKernelKernelOutOfResources, "clEnqueueNativeKernel", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.8",
           "CL_OUT_OF_RESOURCES if there is a failure to queue the execution instance of kernel on "
           "the command-queue because of insufficient resources needed to execute the kernel.",
           V1_0, Still, nullptr, CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(EnqueueNativeKernelMemObjectAllocationFailure, "clEnqueueNativeKernel",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.8",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with buffer objects specified as arguments to kernel.",
           V1_0, Still, nullptr,
           "raised when a buffer of mem_list has no data store to hand to the function")
CLVET_ROLE_RULE(EnqueueNativeKernelBadWaitList, EnqueueNativeKernel, InvalidEventWaitList,
                Spec::OpenCL12, "5.8", V1_0)
CLVET_RULE(EnqueueNativeKernelSVMUnsupported, "clEnqueueNativeKernel", CL_INVALID_OPERATION,
           Spec::Runtime22, "5.10",
           "CL_INVALID_OPERATION if SVM pointers are passed as arguments to a kernel and the "
           "device does not support SVM or if system pointers are passed as arguments to a kernel "
           "and/or stored inside SVM allocations passed as kernel arguments and the device does "
           "not support fine grain system SVM allocations.",
           V2_0, Still, nullptr,
           "not raised: the arguments of a native function are opaque bytes clvet cannot "
           "classify")
CLVET_RULE(EnqueueNativeKernelOutOfResources, "clEnqueueNativeKernel", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.8", CLVET_KERNEL_OOR_CLAUSE, V1_0, Still, nullptr,
           CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(EnqueueNativeKernelOutOfHostMemory, "clEnqueueNativeKernel", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.8", CLVET_KERNEL_OOHM_CLAUSE, V1_0, Still, nullptr,
           "raised when copying args throws std::bad_alloc")

// cl_khr_suggested_local_work_size: clGetKernelSuggestedLocalWorkSizeKHR
#define CLVET_SLWS "cl_khr_suggested_local_work_size"
CLVET_KERNEL_ENQUEUE_HEAD(GetKernelSuggestedLocalWorkSizeKHR,
                          "clGetKernelSuggestedLocalWorkSizeKHR", Spec::Extension, CLVET_SLWS)
CLVET_RULE(GetKernelSuggestedLocalWorkSizeKHRContextDiffers,
           "clGetKernelSuggestedLocalWorkSizeKHR", CL_INVALID_CONTEXT, Spec::Extension, CLVET_SLWS,
           "CL_INVALID_CONTEXT if the context associated with command_queue and kernel are not "
           "the same",
           V1_0, Still,
           CLVET_CHECK(GetKernelSuggestedLocalWorkSizeKHR,
                       context_of(w, a.command_queue) != context_of(w, a.kernel)))
// The query is for "the kernel object and kernel arguments": an argument released since it was
// set is no value, as for a launch, and the layer refuses the query before the driver.
CLVET_KERNEL_ENQUEUE_ARGS(GetKernelSuggestedLocalWorkSizeKHR, "clGetKernelSuggestedLocalWorkSizeKHR",
                          Spec::Extension, CLVET_SLWS, CLVET_KERNEL_LAUNCH_ARGS_WHEN)
CLVET_RULE(GetKernelSuggestedLocalWorkSizeKHRBadWorkDim, "clGetKernelSuggestedLocalWorkSizeKHR",
           CL_INVALID_WORK_DIMENSION, Spec::Extension, CLVET_SLWS,
           "CL_INVALID_WORK_DIMENSION if work_dim is not valid for the device associated with "
           "command_queue (is greater than the value returned for "
           "CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS)",
           V1_0, Still,
           CLVET_CHECK(GetKernelSuggestedLocalWorkSizeKHR,
                       kernel_family::bad_work_dim(w, a.command_queue, a.work_dim)))
CLVET_RULE(GetKernelSuggestedLocalWorkSizeKHRGlobalOffsetOverflow,
           "clGetKernelSuggestedLocalWorkSizeKHR", CL_INVALID_GLOBAL_OFFSET, Spec::Extension,
           CLVET_SLWS,
           "CL_INVALID_GLOBAL_OFFSET if the value specified in global_work_size plus the "
           "corresponding value in global_work_offset for any dimensions is greater than the "
           "maximum value representable by size_t on the device associated with command_queue",
           V1_0, Still,
           CLVET_CHECK(GetKernelSuggestedLocalWorkSizeKHR,
                       kernel_family::global_offset_overflows(w, a.command_queue, a.work_dim,
                                                              a.global_work_offset,
                                                              a.global_work_size)))
CLVET_RULE(GetKernelSuggestedLocalWorkSizeKHRBadGlobalSize, "clGetKernelSuggestedLocalWorkSizeKHR",
           CL_INVALID_GLOBAL_WORK_SIZE, Spec::Extension, CLVET_SLWS,
           "CL_INVALID_GLOBAL_WORK_SIZE if global_work_size is NULL, if any of the values "
           "specified in global_work_size[0], ... global_work_size[work_dim - 1] are zero, or if "
           "any of them exceed the maximum value representable by size_t on the device "
           "associated with command_queue",
           V1_0, Still,
           CLVET_CHECK(GetKernelSuggestedLocalWorkSizeKHR,
                       a.global_work_size == nullptr ||
                           kernel_family::any_global_size_zero(a.work_dim, a.global_work_size) ||
                           kernel_family::global_size_too_large(w, a.command_queue, a.work_dim,
                                                                a.global_work_size)))
CLVET_KERNEL_ENQUEUE_ARG_OBJECTS(GetKernelSuggestedLocalWorkSizeKHR,
                                 "clGetKernelSuggestedLocalWorkSizeKHR", Spec::Extension,
                                 CLVET_SLWS)
CLVET_RULE(GetKernelSuggestedLocalWorkSizeKHRSVMUnsupported, "clGetKernelSuggestedLocalWorkSizeKHR",
           CL_INVALID_OPERATION, Spec::Extension, CLVET_SLWS,
           "CL_INVALID_OPERATION if SVM pointers are set as arguments for kernel and the device "
           "associated with command_queue does not support SVM, or if system pointers are set as "
           "arguments for kernel and the device does not support fine-grain system SVM",
           V1_0, Still, nullptr,
           "raised when an SVM or system pointer argument needs an SVM capability the queue's "
           "device lacks")
CLVET_RULE(GetKernelSuggestedLocalWorkSizeKHRNullResult, "clGetKernelSuggestedLocalWorkSizeKHR",
           CL_INVALID_VALUE, Spec::Extension, CLVET_SLWS,
           "CL_INVALID_VALUE if suggested_local_work_size is NULL", V1_0, Still,
           CLVET_CHECK(GetKernelSuggestedLocalWorkSizeKHR, a.suggested_local_work_size == nullptr))
CLVET_RULE(GetKernelSuggestedLocalWorkSizeKHROutOfResources,
           "clGetKernelSuggestedLocalWorkSizeKHR", CL_OUT_OF_RESOURCES, Spec::Extension,
           CLVET_SLWS, CLVET_KERNEL_OOR_CLAUSE, V1_0, Still, nullptr, CLVET_KERNEL_OOR_NEVER)
CLVET_RULE(GetKernelSuggestedLocalWorkSizeKHROutOfHostMemory,
           "clGetKernelSuggestedLocalWorkSizeKHR", CL_OUT_OF_HOST_MEMORY, Spec::Extension,
           CLVET_SLWS, CLVET_KERNEL_OOHM_CLAUSE, V1_0, Still, nullptr, CLVET_KERNEL_OOHM_WHEN)
#undef CLVET_SLWS
#undef CLVET_KERNEL_ENQUEUE_HEAD
#undef CLVET_KERNEL_ENQUEUE_ARGS
#undef CLVET_KERNEL_LAUNCH_ARGS_WHEN
#undef CLVET_KERNEL_ENQUEUE_ARG_OBJECTS
#undef CLVET_KERNEL_ENQUEUE_TAIL
#undef CLVET_KERNEL_ENQUEUE_OUT_OF_RESOURCES
