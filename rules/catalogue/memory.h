// Rules: Buffer and sub-buffer objects: creation, retain/release, queries, destructor callbacks
// (OpenCL 1.2 §5.2.1, §5.4).
#pragma once

#include "catalogue.h"
#include "clvet/rules/memory_objects.h"

namespace clvet::rules::memory {

inline bool more_than_one_bit(cl_mem_flags bits) {
  return (bits & (bits - 1)) != 0;
}

// "values specified in flags are not valid as defined in table 5.3": a bit outside the table
// (the host access flags only exist since 1.2), or two flags the table calls mutually exclusive.
// Image creation (§5.3.1) uses the same table.
inline bool mem_flags_invalid(cl_mem_flags flags, Version version) {
  cl_mem_flags known = kMemKernelAccessFlags | kMemHostPtrFlags;
  if (version >= Version{1, 2}) known |= kMemHostAccessFlags;
  if (flags & ~known) return true;
  if (more_than_one_bit(flags & kMemKernelAccessFlags)) return true;
  if ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
    return true;
  return more_than_one_bit(flags & kMemHostAccessFlags);
}

// True when every device of `context` has CL_DEVICE_MAX_MEM_ALLOC_SIZE below `size`.
inline bool above_max_alloc_of_all_devices(const World& w, cl_context context, size_t size) {
  auto devices = devices_of(w, context);
  if (devices.empty()) return false;
  for (cl_device_id device : devices) {
    auto max = get<cl_ulong>(w, InfoQuery::Device, device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    if (!max || size <= *max) return false;
  }
  return true;
}

// A live buffer object (not an image or a pipe).
inline bool is_buffer(const World& w, cl_mem mem) {
  if (!valid(w, mem)) return false;
  return get<cl_mem_object_type>(w, InfoQuery::Mem, mem, CL_MEM_TYPE) == CL_MEM_OBJECT_BUFFER;
}
inline cl_mem_flags mem_flags(const World& w, cl_mem mem) {
  return get<cl_mem_flags>(w, InfoQuery::Mem, mem, CL_MEM_FLAGS).value_or(0);
}
inline size_t mem_size(const World& w, cl_mem mem) {
  return get<size_t>(w, InfoQuery::Mem, mem, CL_MEM_SIZE).value_or(0);
}
// The buffer a sub-buffer was created from; NULL for anything else.
inline cl_mem parent_of(const World& w, cl_mem mem) {
  return get<cl_mem>(w, InfoQuery::Mem, mem, CL_MEM_ASSOCIATED_MEMOBJECT).value_or(nullptr);
}
inline bool is_sub_buffer(const World& w, cl_mem mem) {
  return is_buffer(w, mem) && parent_of(w, mem) != nullptr;
}
inline size_t mem_offset(const World& w, cl_mem mem) {
  return get<size_t>(w, InfoQuery::Mem, mem, CL_MEM_OFFSET).value_or(0);
}
// CL_DEVICE_MEM_BASE_ADDR_ALIGN is in bits; sub-buffer origins are in bytes.
inline size_t base_addr_align_bytes(const World& w, cl_device_id device) {
  auto bits = get<cl_uint>(w, InfoQuery::Device, device, CL_DEVICE_MEM_BASE_ADDR_ALIGN);
  return bits && *bits >= 8 ? *bits / 8 : 1;
}

// clCreateSubBuffer: the region its create info describes (the type was checked before).
inline const cl_buffer_region* sub_buffer_region(const args::CreateSubBuffer& a) {
  return static_cast<const cl_buffer_region*>(a.buffer_create_info);
}

// "host access" flags a sub-buffer asks for that its buffer forbids (§5.2.1, clCreateSubBuffer).
inline bool sub_buffer_host_access_conflict(cl_mem_flags parent, cl_mem_flags flags) {
  if ((parent & CL_MEM_HOST_WRITE_ONLY) && (flags & CL_MEM_HOST_READ_ONLY)) return true;
  if ((parent & CL_MEM_HOST_READ_ONLY) && (flags & CL_MEM_HOST_WRITE_ONLY)) return true;
  return (parent & CL_MEM_HOST_NO_ACCESS) &&
         (flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY));
}

// Kernel access flags a sub-buffer asks for that its buffer forbids, or host pointer flags,
// which a sub-buffer can only inherit.
inline bool sub_buffer_access_conflict(cl_mem_flags parent, cl_mem_flags flags) {
  if ((parent & CL_MEM_WRITE_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) return true;
  if ((parent & CL_MEM_READ_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))) return true;
  return (flags & kMemHostPtrFlags) != 0;
}

}  // namespace clvet::rules::memory

// §5.2.1 clCreateBuffer
CLVET_ROLE_RULE(CreateBufferInvalidContext, CreateBuffer, InvalidContext, Spec::OpenCL12, "5.2.1",
                V1_0)
CLVET_RULE(CreateBufferInvalidFlags, "clCreateBuffer", CL_INVALID_VALUE, Spec::OpenCL12, "5.2.1",
           "CL_INVALID_VALUE if values specified in flags are not valid as defined in table 5.3.",
           V1_0, Still, CLVET_CHECK(CreateBuffer, memory::mem_flags_invalid(a.flags, w.version())))
CLVET_RULE(CreateBufferSizeZero, "clCreateBuffer", CL_INVALID_BUFFER_SIZE, Spec::OpenCL12, "5.2.1",
           "CL_INVALID_BUFFER_SIZE if size is 0.", V1_0, Still,
           CLVET_CHECK(CreateBuffer, a.size == 0))
// Footnote 10 lets implementations do this; the reference device does, so that applications
// learn of the limit here rather than on a device that enforces it.
CLVET_RULE(CreateBufferSizeAboveMaxAlloc, "clCreateBuffer", CL_INVALID_BUFFER_SIZE, Spec::OpenCL12,
           "5.2.1",
           "Implementations may return CL_INVALID_BUFFER_SIZE if size is greater than "
           "CL_DEVICE_MAX_MEM_ALLOC_SIZE value specified in table 4.3 for all devices in context.",
           V1_0, Still,
           CLVET_CHECK(CreateBuffer, memory::above_max_alloc_of_all_devices(w, a.context, a.size)))
// 2.2 §5.2.1 promises success over an SVM allocation only up to its size; 3.0 names the code
// (the CTS's svm_allocate_shared_buffer_negative asks for it). From 2.0, which has clSVMAlloc.
CLVET_RULE(CreateBufferSizeAboveSvmAllocation, "clCreateBuffer", CL_INVALID_BUFFER_SIZE,
           Spec::Api30, "5.2.1",
           "CL_INVALID_BUFFER_SIZE if CL_MEM_USE_HOST_PTR is set in flags and host_ptr is a "
           "pointer returned by clSVMAlloc and size is greater than the size passed to "
           "clSVMAlloc.",
           V2_0, Still, nullptr,
           "raised when CL_MEM_USE_HOST_PTR's host_ptr lies in a live clSVMAlloc allocation of "
           "the context and [host_ptr, host_ptr + size) runs past its end")
CLVET_RULE(CreateBufferInvalidHostPtr, "clCreateBuffer", CL_INVALID_HOST_PTR, Spec::OpenCL12,
           "5.2.1",
           "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or "
           "CL_MEM_COPY_HOST_PTR are set in flags or if host_ptr is not NULL but "
           "CL_MEM_COPY_HOST_PTR or CL_MEM_USE_HOST_PTR are not set in flags.",
           V1_0, Still, CLVET_CHECK(CreateBuffer, memory::host_ptr_mismatch(a.flags, a.host_ptr)))
CLVET_RULE(CreateBufferAllocationFailure, "clCreateBuffer", CL_MEM_OBJECT_ALLOCATION_FAILURE,
           Spec::OpenCL12, "5.2.1",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for buffer "
           "object.",
           V1_0, Still, nullptr, "raised when allocating the buffer's data store fails")
CLVET_RULE(CreateBufferOutOfResources, "clCreateBuffer", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.2.1",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the "
           "OpenCL implementation on the device.",
           V1_0, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(CreateBufferOutOfHostMemory, "clCreateBuffer", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "5.2.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when allocating the memory object itself fails")

// OpenCL 3.0 §5.2.1 clCreateBufferWithProperties. 3.0 core defines no buffer properties, so
// any property name is unsupported.
CLVET_ROLE_RULE(CreateBufferWithPropertiesInvalidContext, CreateBufferWithProperties,
                InvalidContext, Spec::Api30, "5.2.1", V3_0)
CLVET_RULE(CreateBufferWithPropertiesInvalidProperty, "clCreateBufferWithProperties",
           CL_INVALID_PROPERTY, Spec::Api30, "5.2.1",
           "CL_INVALID_PROPERTY if a property name in properties is not a supported property "
           "name, if the value specified for a supported property name is not valid, or if the "
           "same property name is specified more than once.",
           V3_0, Still,
           CLVET_CHECK(CreateBufferWithProperties, a.properties != nullptr && a.properties[0] != 0))
CLVET_RULE(CreateBufferWithPropertiesInvalidFlags, "clCreateBufferWithProperties", CL_INVALID_VALUE,
           Spec::Api30, "5.2.1",
           "CL_INVALID_VALUE if values specified in flags are not valid as defined in the Memory "
           "Flags table.",
           V3_0, Still,
           CLVET_CHECK(CreateBufferWithProperties, memory::mem_flags_invalid(a.flags, w.version())))
CLVET_RULE(CreateBufferWithPropertiesSizeZero, "clCreateBufferWithProperties",
           CL_INVALID_BUFFER_SIZE, Spec::Api30, "5.2.1", "CL_INVALID_BUFFER_SIZE if size is zero.",
           V3_0, Still, CLVET_CHECK(CreateBufferWithProperties, a.size == 0))
CLVET_RULE(CreateBufferWithPropertiesSizeAboveMaxAlloc, "clCreateBufferWithProperties",
           CL_INVALID_BUFFER_SIZE, Spec::Api30, "5.2.1",
           "CL_INVALID_BUFFER_SIZE if size is greater than CL_DEVICE_MAX_MEM_ALLOC_SIZE for all "
           "devices in context.",
           V3_0, Still,
           CLVET_CHECK(CreateBufferWithProperties,
                       memory::above_max_alloc_of_all_devices(w, a.context, a.size)))
CLVET_RULE(CreateBufferWithPropertiesSizeAboveSvmAllocation, "clCreateBufferWithProperties",
           CL_INVALID_BUFFER_SIZE, Spec::Api30, "5.2.1",
           "CL_INVALID_BUFFER_SIZE if CL_MEM_USE_HOST_PTR is set in flags and host_ptr is a "
           "pointer returned by clSVMAlloc and size is greater than the size passed to "
           "clSVMAlloc.",
           V3_0, Still, nullptr,
           "raised when CL_MEM_USE_HOST_PTR's host_ptr lies in a live clSVMAlloc allocation of "
           "the context and [host_ptr, host_ptr + size) runs past its end")
CLVET_RULE(CreateBufferWithPropertiesInvalidHostPtr, "clCreateBufferWithProperties",
           CL_INVALID_HOST_PTR, Spec::Api30, "5.2.1",
           "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or "
           "CL_MEM_COPY_HOST_PTR are set in flags or if host_ptr is not NULL but "
           "CL_MEM_COPY_HOST_PTR or CL_MEM_USE_HOST_PTR are not set in flags.",
           V3_0, Still,
           CLVET_CHECK(CreateBufferWithProperties, memory::host_ptr_mismatch(a.flags, a.host_ptr)))
CLVET_RULE(CreateBufferWithPropertiesAllocationFailure, "clCreateBufferWithProperties",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::Api30, "5.2.1",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for buffer "
           "object.",
           V3_0, Still, nullptr, "raised when allocating the buffer's data store fails")
CLVET_RULE(CreateBufferWithPropertiesOutOfResources, "clCreateBufferWithProperties",
           CL_OUT_OF_RESOURCES, Spec::Api30, "5.2.1",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the "
           "OpenCL implementation on the device.",
           V3_0, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(CreateBufferWithPropertiesOutOfHostMemory, "clCreateBufferWithProperties",
           CL_OUT_OF_HOST_MEMORY, Spec::Api30, "5.2.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V3_0, Still, nullptr, "raised when allocating the memory object itself fails")

// §5.2.1 clCreateSubBuffer (OpenCL 1.1)
CLVET_RULE(CreateSubBufferInvalidBuffer, "clCreateSubBuffer", CL_INVALID_MEM_OBJECT, Spec::OpenCL12,
           "5.2.1",
           "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object or is a sub-buffer "
           "object.",
           V1_1, Still,
           CLVET_CHECK(CreateSubBuffer,
                       !memory::is_buffer(w, a.buffer) || memory::parent_of(w, a.buffer)))
// clCreateSubBuffer's error list has no clause for flags outside table 5.3, but its flags
// parameter "is described in table 5.3", so clCreateBuffer's clause for that table applies.
CLVET_RULE(CreateSubBufferFlagsNotInTable, "clCreateSubBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.1",
           "CL_INVALID_VALUE if values specified in flags are not valid as defined in table 5.3.",
           V1_1, Still,
           CLVET_CHECK(CreateSubBuffer, memory::mem_flags_invalid(a.flags, w.version())))
CLVET_RULE(CreateSubBufferAccessConflict, "clCreateSubBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.1",
           "CL_INVALID_VALUE if buffer was created with CL_MEM_WRITE_ONLY and flags specifies "
           "CL_MEM_READ_WRITE or CL_MEM_READ_ONLY, or if buffer was created with "
           "CL_MEM_READ_ONLY and flags specifies CL_MEM_READ_WRITE or CL_MEM_WRITE_ONLY, or if "
           "flags specifies CL_MEM_USE_HOST_PTR or CL_MEM_ALLOC_HOST_PTR or "
           "CL_MEM_COPY_HOST_PTR.",
           V1_1, Still,
           CLVET_CHECK(CreateSubBuffer,
                       memory::sub_buffer_access_conflict(memory::mem_flags(w, a.buffer), a.flags)))
CLVET_RULE(CreateSubBufferHostAccessConflict, "clCreateSubBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.1",
           "CL_INVALID_VALUE if buffer was created with CL_MEM_HOST_WRITE_ONLY and flags specify "
           "CL_MEM_HOST_READ_ONLY, or if buffer was created with CL_MEM_HOST_READ_ONLY and flags "
           "specify CL_MEM_HOST_WRITE_ONLY, or if buffer was created with CL_MEM_HOST_NO_ACCESS "
           "and flags specify CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_WRITE_ONLY.",
           V1_2, Still,
           CLVET_CHECK(CreateSubBuffer,
                       memory::sub_buffer_host_access_conflict(memory::mem_flags(w, a.buffer),
                                                               a.flags)))
CLVET_RULE(CreateSubBufferInvalidCreateType, "clCreateSubBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.1", "CL_INVALID_VALUE if value specified in buffer_create_type is not valid.", V1_1,
           Still,
           CLVET_CHECK(CreateSubBuffer, a.buffer_create_type != CL_BUFFER_CREATE_TYPE_REGION))
CLVET_RULE(CreateSubBufferNullCreateInfo, "clCreateSubBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.1",
           "CL_INVALID_VALUE if value(s) specified in buffer_create_info (for a given "
           "buffer_create_type) is not valid or if buffer_create_info is NULL.",
           V1_1, Still, CLVET_CHECK(CreateSubBuffer, a.buffer_create_info == nullptr))
CLVET_RULE(CreateSubBufferRegionOutOfBounds, "clCreateSubBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.1",
           "CL_INVALID_VALUE is returned in errcode_ret if the region specified by (origin, "
           "size) is out of bounds in buffer.",
           V1_1, Still, CLVET_CHECK(CreateSubBuffer, [&] {
             const cl_buffer_region* r = memory::sub_buffer_region(a);
             const size_t total = memory::mem_size(w, a.buffer);
             return r->origin > total || r->size > total - r->origin;
           }()))
CLVET_RULE(CreateSubBufferSizeZero, "clCreateSubBuffer", CL_INVALID_BUFFER_SIZE, Spec::OpenCL12,
           "5.2.1", "CL_INVALID_BUFFER_SIZE if size is 0.", V1_1, Still,
           CLVET_CHECK(CreateSubBuffer, memory::sub_buffer_region(a)->size == 0))
CLVET_RULE(CreateSubBufferMisalignedOrigin, "clCreateSubBuffer", CL_MISALIGNED_SUB_BUFFER_OFFSET,
           Spec::OpenCL12, "5.2.1",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET is returned in errcode_ret if there are no devices in "
           "context associated with buffer for which the origin value is aligned to the "
           "CL_DEVICE_MEM_BASE_ADDR_ALIGN value.",
           V1_1, Still, CLVET_CHECK(CreateSubBuffer, [&] {
             const size_t origin = memory::sub_buffer_region(a)->origin;
             for (cl_device_id d : devices_of(w, context_of(w, a.buffer)))
               if (origin % memory::base_addr_align_bytes(w, d) == 0) return false;
             return true;
           }()))
CLVET_RULE(CreateSubBufferAllocationFailure, "clCreateSubBuffer", CL_MEM_OBJECT_ALLOCATION_FAILURE,
           Spec::OpenCL12, "5.2.1",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for "
           "sub-buffer object.",
           V1_1, Still, nullptr,
           "not raised by the reference device: a sub-buffer shares its buffer's data store")
CLVET_RULE(CreateSubBufferOutOfResources, "clCreateSubBuffer", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.2.1",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the "
           "OpenCL implementation on the device.",
           V1_1, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(CreateSubBufferOutOfHostMemory, "clCreateSubBuffer", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.2.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_1, Still, nullptr, "raised when allocating the sub-buffer object fails")

// §5.4.1 clRetainMemObject
CLVET_RULE(RetainMemObjectInvalidMemObject, "clRetainMemObject", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.4.1",
           "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object (buffer or image "
           "object).",
           V1_0, Still, CLVET_CHECK(RetainMemObject, !valid(w, a.memobj)))
CLVET_RULE(RetainMemObjectOutOfResources, "clRetainMemObject", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.4.1",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the "
           "OpenCL implementation on the device.",
           V1_0, Still, nullptr, "not raised by the reference device: retaining allocates nothing")
CLVET_RULE(RetainMemObjectOutOfHostMemory, "clRetainMemObject", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.4.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "not raised by the reference device: retaining allocates nothing")

// §5.4.1 clReleaseMemObject
CLVET_RULE(ReleaseMemObjectInvalidMemObject, "clReleaseMemObject", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.4.1", "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object.",
           V1_0, Still, CLVET_CHECK(ReleaseMemObject, !valid(w, a.memobj)))
CLVET_RULE(ReleaseMemObjectOutOfResources, "clReleaseMemObject", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.4.1",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the "
           "OpenCL implementation on the device.",
           V1_0, Still, nullptr, "not raised by the reference device: releasing allocates nothing")
CLVET_RULE(ReleaseMemObjectOutOfHostMemory, "clReleaseMemObject", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.4.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "not raised by the reference device: releasing allocates nothing")

// §5.4.1 clSetMemObjectDestructorCallback (OpenCL 1.1)
CLVET_RULE(SetMemObjectDestructorCallbackInvalidMemObject, "clSetMemObjectDestructorCallback",
           CL_INVALID_MEM_OBJECT, Spec::OpenCL12, "5.4.1",
           "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object.", V1_1, Still,
           CLVET_CHECK(SetMemObjectDestructorCallback, !valid(w, a.memobj)))
CLVET_RULE(SetMemObjectDestructorCallbackNullCallback, "clSetMemObjectDestructorCallback",
           CL_INVALID_VALUE, Spec::OpenCL12, "5.4.1", "CL_INVALID_VALUE if pfn_notify is NULL.",
           V1_1, Still, CLVET_CHECK(SetMemObjectDestructorCallback, a.pfn_notify == nullptr))
CLVET_RULE(SetMemObjectDestructorCallbackOutOfResources, "clSetMemObjectDestructorCallback",
           CL_OUT_OF_RESOURCES, Spec::OpenCL12, "5.4.1",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the "
           "OpenCL implementation on the device.",
           V1_1, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(SetMemObjectDestructorCallbackOutOfHostMemory, "clSetMemObjectDestructorCallback",
           CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12, "5.4.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_1, Still, nullptr, "raised when growing the object's callback stack fails")

// §5.4.5 clGetMemObjectInfo. The spec lists CL_INVALID_VALUE first; the handle is checked
// first so that the query never runs on a dead object.
CLVET_RULE(GetMemObjectInfoInvalidMemObject, "clGetMemObjectInfo", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.4.5",
           "CL_INVALID_MEM_OBJECT if memobj is a not a valid memory object.", V1_0, Still,
           CLVET_CHECK(GetMemObjectInfo, !valid(w, a.memobj)))
CLVET_RULE(GetMemObjectInfoBadParam, "clGetMemObjectInfo", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.4.5",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type as described in table 5.11 and param_value "
           "is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetMemObjectInfoOutOfResources, "clGetMemObjectInfo", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.4.5",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the "
           "OpenCL implementation on the device.",
           V1_0, Still, nullptr, "not raised by the reference device: queries allocate nothing")
CLVET_RULE(GetMemObjectInfoOutOfHostMemory, "clGetMemObjectInfo", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.4.5",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "not raised by the reference device: queries allocate nothing")
