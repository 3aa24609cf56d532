// Buffer entry points (§5.2.1, §5.4.1, §5.4.5): clCreateBuffer, clCreateBufferWithProperties,
// clCreateSubBuffer, clRetainMemObject, clReleaseMemObject, clGetMemObjectInfo,
// clSetMemObjectDestructorCallback.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>

#include "clvet/checker/kernel_checker.h"
#include "clvet/rules/memory_objects.h"
#include "clvet/rules/rule_ids.gen.h"
#include "device_impl.gen.h"
#include "image.h"
#include "info.h"
#include "memory.h"
#include "options.h"
#include "platform.h"
#include "svm.h"

namespace clvet::device::impl {
namespace {

// The rules of the entry point that is creating a buffer.
struct CreationRules {
  const rules::Rule& invalid_context;
  const rules::Rule& size_above_svm_allocation;
  const rules::Rule& allocation_failure;
  const rules::Rule& out_of_host_memory;
};

Result<cl_mem> create_buffer(cl_context context, const cl_mem_properties* properties,
                             cl_mem_flags flags, std::size_t size, void* host_ptr,
                             const CreationRules& rules) {
  Ref<Context> owner = lookup<Context>(context);
  if (!owner) return fail(rules.invalid_context);
  if (flags & CL_MEM_USE_HOST_PTR) {
    if (auto svm = SvmAllocations::instance().find(host_ptr, 0, context)) {
      const std::size_t room = svm->base + svm->size - reinterpret_cast<std::uintptr_t>(host_ptr);
      if (size > room)
        return fail(rules.size_above_svm_allocation,
                    std::to_string(size) + " bytes from host_ptr run past the " + svm->label() +
                        " holding it (" + std::to_string(room) + " bytes left)");
    }
  }
  std::unique_ptr<DataStore> store;
  try {
    if (flags & CL_MEM_USE_HOST_PTR) {
      store = DataStore::borrow(host_ptr, size);
    } else {
      store = DataStore::allocate(size, store_alignment(*owner));
      // §5.2.1: the copy is made now, so host_ptr is free for reuse when the call returns.
      if (flags & CL_MEM_COPY_HOST_PTR) std::memcpy(store->bytes(), host_ptr, size);
    }
  } catch (const std::bad_alloc&) {
    return fail(rules.allocation_failure,
                "the data store of " + std::to_string(size) + " bytes could not be allocated");
  }
  try {
    auto* mem =
        new Mem(std::move(owner), flags, std::move(store), host_ptr, copy_properties(properties));
    // §5.2.1: without CL_MEM_COPY_HOST_PTR or CL_MEM_USE_HOST_PTR the contents are undefined;
    // the uninitialised-value checker keeps track of which bytes something writes.
    if (!(flags & (CL_MEM_COPY_HOST_PTR | CL_MEM_USE_HOST_PTR)) &&
        checker::KernelChecks::parse(options::value("check")).uninit)
      mem->mark_unwritten();
    return mem->id();  // the application holds the one reference the object starts with
  } catch (const std::bad_alloc&) {
    return fail(rules.out_of_host_memory, "the buffer object could not be allocated");
  }
}

}  // namespace

Result<cl_mem> CreateBuffer(const args::CreateBuffer& a) {
  return create_buffer(a.context, nullptr, a.flags, a.size, a.host_ptr,
                       {rule::CreateBufferInvalidContext, rule::CreateBufferSizeAboveSvmAllocation,
                        rule::CreateBufferAllocationFailure,
                        rule::CreateBufferOutOfHostMemory});
}

Result<cl_mem> CreateBufferWithProperties(const args::CreateBufferWithProperties& a) {
  return create_buffer(a.context, a.properties, a.flags, a.size, a.host_ptr,
                       {rule::CreateBufferWithPropertiesInvalidContext,
                        rule::CreateBufferWithPropertiesSizeAboveSvmAllocation,
                        rule::CreateBufferWithPropertiesAllocationFailure,
                        rule::CreateBufferWithPropertiesOutOfHostMemory});
}

Result<cl_mem> CreateSubBuffer(const args::CreateSubBuffer& a) {
  Ref<Mem> parent = lookup<Mem>(a.buffer);
  if (!parent || parent->type() != CL_MEM_OBJECT_BUFFER || parent->is_sub_buffer())
    return fail(rule::CreateSubBufferInvalidBuffer);
  const auto* region = static_cast<const cl_buffer_region*>(a.buffer_create_info);
  try {
    auto* mem =
        new Mem(parent, rules::memory::inherited_flags(parent->flags(), a.flags), region->origin, region->size);
    return mem->id();
  } catch (const std::bad_alloc&) {
    return fail(rule::CreateSubBufferOutOfHostMemory,
                "the sub-buffer object could not be allocated");
  }
}

Status RetainMemObject(const args::RetainMemObject& a) {
  Ref<Mem> mem = lookup<Mem>(a.memobj);
  if (!mem) return fail(rule::RetainMemObjectInvalidMemObject);
  mem->retain();
  return {};
}

Status ReleaseMemObject(const args::ReleaseMemObject& a) {
  Ref<Mem> mem = lookup<Mem>(a.memobj);
  if (!mem) return fail(rule::ReleaseMemObjectInvalidMemObject);
  // The handle dies with the last application reference; the object itself lives on while
  // queued commands or sub-buffers hold it (§5.4.1), and its destructor callbacks wait too.
  mem->release();
  return {};
}

Status SetMemObjectDestructorCallback(const args::SetMemObjectDestructorCallback& a) {
  Ref<Mem> mem = lookup<Mem>(a.memobj);
  if (!mem) return fail(rule::SetMemObjectDestructorCallbackInvalidMemObject);
  try {
    mem->add_destructor_callback(a.pfn_notify, a.user_data);
  } catch (const std::bad_alloc&) {
    return fail(rule::SetMemObjectDestructorCallbackOutOfHostMemory);
  }
  return {};
}

Status GetMemObjectInfo(const args::GetMemObjectInfo& a) {
  Ref<Mem> mem = lookup<Mem>(a.memobj);
  if (!mem) return fail(rule::GetMemObjectInfoInvalidMemObject);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetMemObjectInfoBadParam);
  switch (a.param_name) {
    case CL_MEM_TYPE:
      return out.scalar<cl_mem_object_type>(mem->type());
    case CL_MEM_FLAGS:
      return out.scalar<cl_mem_flags>(mem->flags());
    case CL_MEM_SIZE:
      return out.scalar<size_t>(mem->size());
    case CL_MEM_HOST_PTR:
      return out.scalar<void*>(mem->host_ptr());
    case CL_MEM_MAP_COUNT:
      return out.scalar<cl_uint>(mem->map_count());
    case CL_MEM_REFERENCE_COUNT:
      return out.scalar<cl_uint>(mem->reference_count());
    case CL_MEM_CONTEXT:
      return out.scalar<cl_context>(mem->context().id());
    // An image made from a buffer or image names that object, at offset 0 (2.2 §5.5.5).
    case CL_MEM_ASSOCIATED_MEMOBJECT:
      if (auto* image = dynamic_cast<Image*>(mem.get()))
        return out.scalar<cl_mem>(image->source() ? image->source()->id() : nullptr);
      return out.scalar<cl_mem>(mem->parent() ? mem->parent()->id() : nullptr);
    case CL_MEM_OFFSET:
      return out.scalar<size_t>(dynamic_cast<Image*>(mem.get()) ? 0 : mem->offset());
    // A CL_MEM_USE_HOST_PTR buffer (or its sub-buffer) whose host_ptr lies in an SVM
    // allocation of the context (3.0 clGetMemObjectInfo).
    case CL_MEM_USES_SVM_POINTER: {
      const bool svm = (mem->flags() & CL_MEM_USE_HOST_PTR) && mem->host_ptr() != nullptr &&
                       SvmAllocations::instance().find(mem->host_ptr(), 0, mem->context().id());
      return out.scalar<cl_bool>(svm ? CL_TRUE : CL_FALSE);
    }
    // Empty (size 0) unless created by clCreateBufferWithProperties with a non-NULL list.
    case CL_MEM_PROPERTIES:
      return out.array(mem->properties());
    default:
      return fail(rule::GetMemObjectInfoBadParam,
                  "unknown param_name " + std::to_string(a.param_name));
  }
}

}  // namespace clvet::device::impl
