// Kernel entry points (§5.7-5.8; 2.2 §5.9-5.10): kernel objects, their arguments and queries,
// and executing kernels. Kernels need a built program executable, which needs the compiler of
// a later issue: until then these validate their arguments and answer with the clauses for
// "no executable". Native kernels (clEnqueueNativeKernel) run for real.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <vector>

#include "clvet/interp/builtin_abi.h"
#include "clvet/rules/rule_ids.gen.h"
#include "device_impl.gen.h"
#include "enqueue.h"
#include "info.h"
#include "kernel.h"
#include "memory.h"
#include "queue.h"

namespace clvet::device::impl {

namespace {

// The device a per-device kernel query is about: `device`, or the kernel's only device.
Device* query_device(const Kernel& kernel, cl_device_id device) {
  const auto& devices = kernel.program().devices();
  if (device == nullptr) return devices.size() == 1 ? devices[0].get() : nullptr;
  Ref<Device> d = lookup<Device>(device);
  return d && kernel.program().has_device(d.get()) ? d.get() : nullptr;
}

// The largest work-group the kernel can run with on `device` (CL_KERNEL_WORK_GROUP_SIZE).
std::size_t kernel_work_group_size(const Kernel& kernel, const Device& device) {
  const auto& reqd = kernel.signature().required_work_group_size;
  if (reqd[0] != 0) return reqd[0] * std::max<std::size_t>(reqd[1], 1) * std::max<std::size_t>(reqd[2], 1);
  return device.max_work_group_size();
}

// Answers of clGetKernelSubGroupInfo(KHR): the work-items of a work-group split in linear local
// id order into sub-groups of interp::kSubGroupSize, whatever the kernel.
Status sub_group_info(const Kernel& kernel, const Device& device, cl_kernel_sub_group_info param,
                      std::size_t input_size, const void* input, std::size_t param_value_size,
                      const InfoWriter& out, const rules::Rule& bad_param) {
  constexpr std::size_t kSub = interp::kSubGroupSize;
  auto local_items = [&] {
    std::size_t product = 1;
    const auto* sizes = static_cast<const std::size_t*>(input);
    if (sizes == nullptr) return product;
    for (std::size_t i = 0; i < input_size / sizeof(std::size_t); ++i) product *= sizes[i];
    return product;
  };
  switch (param) {
    case CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE:
      return out.scalar<size_t>(std::min<std::size_t>(kSub, local_items()));
    case CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE:
      return out.scalar<size_t>((local_items() + kSub - 1) / kSub);
    case CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: {
      if (input == nullptr || input_size != sizeof(std::size_t))
        return fail(bad_param, "the sub-group count is one size_t");
      std::size_t count = *static_cast<const std::size_t*>(input);
      // "Other dimensions inferred from the value specified for param_value_size will be
      // filled with the value 1."
      std::size_t dims =
          std::clamp<std::size_t>(param_value_size / sizeof(std::size_t), 1, 3);
      std::vector<size_t> local(dims, 1);
      // The smallest 1D work-group of `count` sub-groups: count full ones.
      local[0] = count != 0 && count <= kernel_work_group_size(kernel, device) / kSub ? count * kSub : 0;
      if (local[0] == 0) std::fill(local.begin(), local.end(), 0);
      return out.array(local);
    }
    case CL_KERNEL_MAX_NUM_SUB_GROUPS:
      return out.scalar<size_t>((kernel_work_group_size(kernel, device) + kSub - 1) / kSub);
    case CL_KERNEL_COMPILE_NUM_SUB_GROUPS:
      return out.scalar<size_t>(kernel.signature().required_num_sub_groups);
    default: return fail(bad_param, "unknown param_name");
  }
}

}  // namespace

Result<cl_kernel> CreateKernel(const args::CreateKernel& a) {
  Ref<Program> p = lookup<Program>(a.program);
  if (!p) return fail(rule::CreateKernelInvalidProgram);
  if (a.kernel_name == nullptr) return fail(rule::CreateKernelNullName);
  if (!p->has_executable()) return fail(rule::CreateKernelNoExecutable);
  try {
    std::optional<KernelSignature> signature = p->kernel(a.kernel_name);
    if (!signature)
      return fail(rule::CreateKernelNameNotFound,
                  std::string("no __kernel named ") + a.kernel_name);
    return (new Kernel(p, std::move(*signature)))->id();
  } catch (const std::bad_alloc&) {
    return fail(rule::CreateKernelOutOfHostMemory);
  }
}

Status CreateKernelsInProgram(const args::CreateKernelsInProgram& a) {
  Ref<Program> p = lookup<Program>(a.program);
  if (!p) return fail(rule::CreateKernelsInProgramInvalidProgram);
  if (!p->has_executable()) return fail(rule::CreateKernelsInProgramNoExecutable);
  try {
    std::vector<KernelSignature> kernels = p->kernels();
    if (a.kernels != nullptr && a.num_kernels < kernels.size())
      return fail(rule::CreateKernelsInProgramTooFewEntries,
                  "the program has " + std::to_string(kernels.size()) + " kernels");
    if (a.kernels != nullptr)
      for (std::size_t i = 0; i < kernels.size(); ++i)
        a.kernels[i] = (new Kernel(p, std::move(kernels[i])))->id();
    if (a.num_kernels_ret) *a.num_kernels_ret = static_cast<cl_uint>(kernels.size());
    return {};
  } catch (const std::bad_alloc&) {
    return fail(rule::CreateKernelsInProgramOutOfHostMemory);
  }
}

Status RetainKernel(const args::RetainKernel& a) {
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::RetainKernelInvalidKernel);
  k->retain();
  return {};
}

Status ReleaseKernel(const args::ReleaseKernel& a) {
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::ReleaseKernelInvalidKernel);
  k->release();
  return {};
}

Status SetKernelArg(const args::SetKernelArg& a) {
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::SetKernelArgInvalidKernel);
  try {
    return k->set_arg(a.arg_index, a.arg_size, a.arg_value);
  } catch (const std::bad_alloc&) {
    return fail(rule::SetKernelArgOutOfHostMemory);
  }
}

Status SetKernelArgSVMPointer(const args::SetKernelArgSVMPointer& a) {
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::SetKernelArgSVMPointerInvalidKernel);
  return k->set_arg_svm(a.arg_index, a.arg_value);
}

Status SetKernelExecInfo(const args::SetKernelExecInfo& a) {
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::SetKernelExecInfoInvalidKernel);
  try {
    if (a.param_name == CL_KERNEL_EXEC_INFO_SVM_PTRS) {
      const auto* pointers = static_cast<const void* const*>(a.param_value);
      // The list's pointers (braces would make a list of the two bounds instead).
      k->set_svm_pointers(
          std::vector<const void*>(pointers, pointers + a.param_value_size / sizeof(void*)));
      return {};
    }
    k->set_fine_grain_system(*static_cast<const cl_bool*>(a.param_value) == CL_TRUE);
    return {};
  } catch (const std::bad_alloc&) {
    return fail(rule::SetKernelExecInfoOutOfHostMemory);
  }
}

Result<cl_kernel> CloneKernel(const args::CloneKernel& a) {
  Ref<Kernel> k = lookup<Kernel>(a.source_kernel);
  if (!k) return fail(rule::CloneKernelInvalidKernel);
  try {
    return k->clone()->id();
  } catch (const std::bad_alloc&) {
    return fail(rule::CloneKernelOutOfHostMemory);
  }
}

// §5.7.3 table 5.15.
Status GetKernelInfo(const args::GetKernelInfo& a) {
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::GetKernelInfoInvalidKernel);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetKernelInfoBadParam);
  const KernelSignature& s = k->signature();
  switch (a.param_name) {
    case CL_KERNEL_FUNCTION_NAME: return out.string(s.name);
    case CL_KERNEL_NUM_ARGS: return out.scalar<cl_uint>(static_cast<cl_uint>(s.arguments.size()));
    case CL_KERNEL_REFERENCE_COUNT: return out.scalar<cl_uint>(k->reference_count());
    case CL_KERNEL_CONTEXT: return out.scalar<cl_context>(k->context().id());
    case CL_KERNEL_PROGRAM: return out.scalar<cl_program>(k->program().id());
    case CL_KERNEL_ATTRIBUTES: return out.string(s.attributes);
    default: return fail(rule::GetKernelInfoBadParam, "unknown param_name");
  }
}

// §5.7.3 table 5.16.
Status GetKernelWorkGroupInfo(const args::GetKernelWorkGroupInfo& a) {
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::GetKernelWorkGroupInfoInvalidKernel);
  Device* d = query_device(*k, a.device);
  if (d == nullptr) return fail(rule::GetKernelWorkGroupInfoInvalidDevice);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetKernelWorkGroupInfoBadParam);
  const KernelSignature& s = k->signature();
  switch (a.param_name) {
    case CL_KERNEL_GLOBAL_WORK_SIZE: {
      // Only for built-in kernels (the device is no custom device).
      if (k->program().origin() != Program::Origin::BuiltInKernels)
        return fail(rule::GetKernelWorkGroupInfoGlobalWorkSize);
      std::array<size_t, 3> max{SIZE_MAX, SIZE_MAX, SIZE_MAX};
      return out.scalar(max);
    }
    case CL_KERNEL_WORK_GROUP_SIZE: return out.scalar<size_t>(kernel_work_group_size(*k, *d));
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
      std::array<size_t, 3> reqd{s.required_work_group_size[0], s.required_work_group_size[1],
                                 s.required_work_group_size[2]};
      return out.scalar(reqd);
    }
    case CL_KERNEL_LOCAL_MEM_SIZE: return out.scalar<cl_ulong>(k->local_mem_size());
    // The device's; a kernel whose work-group size is below it prefers that size.
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
      return out.scalar<size_t>(std::min(Device::kPreferredWorkGroupSizeMultiple,
                                         kernel_work_group_size(*k, *d)));
    case CL_KERNEL_PRIVATE_MEM_SIZE: return out.scalar<cl_ulong>(s.private_mem_size);
    default: return fail(rule::GetKernelWorkGroupInfoBadParam, "unknown param_name");
  }
}

namespace {

// clGetKernelSubGroupInfo and its cl_khr_subgroups twin ask the same; each keeps its own rules.
struct SubGroupQueryRules {
  const rules::Rule& invalid_kernel;
  const rules::Rule& invalid_device;
  const rules::Rule& bad_param;
};

template <class Args>
Status sub_group_query(const Args& a, cl_kernel kernel, cl_device_id device,
                       const SubGroupQueryRules& own) {
  Ref<Kernel> k = lookup<Kernel>(kernel);
  if (!k) return fail(own.invalid_kernel);
  Device* d = query_device(*k, device);
  if (d == nullptr) return fail(own.invalid_device);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret, own.bad_param);
  return sub_group_info(*k, *d, a.param_name, a.input_value_size, a.input_value,
                        a.param_value_size, out, own.bad_param);
}

}  // namespace

Status GetKernelSubGroupInfo(const args::GetKernelSubGroupInfo& a) {
  return sub_group_query(a, a.kernel, a.device,
                         {rule::GetKernelSubGroupInfoInvalidKernel,
                          rule::GetKernelSubGroupInfoInvalidDevice,
                          rule::GetKernelSubGroupInfoBadParam});
}

Status GetKernelSubGroupInfoKHR(const args::GetKernelSubGroupInfoKHR& a) {
  return sub_group_query(a, a.in_kernel, a.in_device,
                         {rule::GetKernelSubGroupInfoKHRInvalidKernel,
                          rule::GetKernelSubGroupInfoKHRInvalidDevice,
                          rule::GetKernelSubGroupInfoKHRBadParam});
}

// §5.7.3 table 5.17.
Status GetKernelArgInfo(const args::GetKernelArgInfo& a) {
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::GetKernelArgInfoInvalidKernel);
  const KernelSignature& s = k->signature();
  if (a.arg_indx >= s.arguments.size()) return fail(rule::GetKernelArgInfoBadIndex);
  if (!s.arg_info_available)
    return fail(rule::GetKernelArgInfoNotAvailable,
                "build the program from source with -cl-kernel-arg-info");
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetKernelArgInfoBadParam);
  const KernelArgument& arg = s.arguments[a.arg_indx];
  switch (a.param_name) {
    case CL_KERNEL_ARG_ADDRESS_QUALIFIER:
      return out.scalar<cl_kernel_arg_address_qualifier>(arg.address);
    case CL_KERNEL_ARG_ACCESS_QUALIFIER:
      return out.scalar<cl_kernel_arg_access_qualifier>(arg.access);
    case CL_KERNEL_ARG_TYPE_NAME: return out.string(arg.type_name);
    case CL_KERNEL_ARG_TYPE_QUALIFIER:
      return out.scalar<cl_kernel_arg_type_qualifier>(arg.type_qualifier);
    case CL_KERNEL_ARG_NAME: return out.string(arg.name);
    default: return fail(rule::GetKernelArgInfoBadParam, "unknown param_name");
  }
}

// §5.8: the args are copied, the cl_mem handles at args_mem_loc in the copy are replaced by
// the addresses of the buffers' data stores, and user_func runs on the queue's thread with the
// copy. The buffers stay alive (internal references) until the command has run.
Status EnqueueNativeKernel(const args::EnqueueNativeKernel& a) {
  Ref<Queue> q = lookup<Queue>(a.command_queue);
  if (!q) return fail(rule::EnqueueNativeKernelInvalidQueue);
  struct Patch {
    std::size_t offset;
    Ref<Mem> buffer;  // null: a NULL entry of mem_list, patched with NULL
  };
  try {
    const auto* args = static_cast<const unsigned char*>(a.args);
    auto copy = std::make_shared<std::vector<unsigned char>>(args, args + (args ? a.cb_args : 0));
    std::vector<Patch> patches;
    for (cl_uint i = 0; i < a.num_mem_objects; ++i) {
      auto at = reinterpret_cast<std::uintptr_t>(a.args_mem_loc[i]);
      auto begin = reinterpret_cast<std::uintptr_t>(a.args);
      if (at < begin || a.cb_args < sizeof(void*) || at - begin > a.cb_args - sizeof(void*))
        return fail(rule::EnqueueNativeKernelMemLocOutsideArgs,
                    "args_mem_loc[" + std::to_string(i) + "] is not inside the cb_args bytes");
      Ref<Mem> buffer;
      if (a.mem_list[i] != nullptr) {
        buffer = lookup<Mem>(a.mem_list[i]);
        if (!buffer || buffer->type() != CL_MEM_OBJECT_BUFFER)
          return fail(rule::EnqueueNativeKernelInvalidMemObject,
                      "mem_list[" + std::to_string(i) + "] is no buffer");
      }
      patches.push_back({static_cast<std::size_t>(at - begin), std::move(buffer)});
    }
    auto user_func = a.user_func;
    return submit(*q, CL_COMMAND_NATIVE_KERNEL, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, false, [copy, patches, user_func] {
                    for (const Patch& p : patches) {
                      void* address = p.buffer ? static_cast<void*>(p.buffer->data()) : nullptr;
                      std::memcpy(copy->data() + p.offset, &address, sizeof address);
                    }
                    user_func(copy->empty() ? nullptr : copy->data());
                    return CL_SUCCESS;
                  });
  } catch (const std::bad_alloc&) {
    return fail(rule::EnqueueNativeKernelOutOfHostMemory);
  }
}

// cl_khr_suggested_local_work_size: per dimension the largest divisor of the global size that
// keeps within CL_DEVICE_MAX_WORK_ITEM_SIZES and the kernel's work-group size.
Status GetKernelSuggestedLocalWorkSizeKHR(const args::GetKernelSuggestedLocalWorkSizeKHR& a) {
  Ref<Queue> q = lookup<Queue>(a.command_queue);
  if (!q) return fail(rule::GetKernelSuggestedLocalWorkSizeKHRInvalidQueue);
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::GetKernelSuggestedLocalWorkSizeKHRInvalidKernel);
  if (!k->program().has_executable_for(q->device()))
    return fail(rule::GetKernelSuggestedLocalWorkSizeKHRNoExecutable);
  if (!k->all_args_set()) return fail(rule::GetKernelSuggestedLocalWorkSizeKHRArgsNotSet);
  const auto& reqd = k->signature().required_work_group_size;
  if (reqd[0] != 0) {
    for (cl_uint i = 0; i < a.work_dim; ++i) a.suggested_local_work_size[i] = reqd[i];
    return {};
  }
  std::size_t budget = kernel_work_group_size(*k, q->device());
  for (cl_uint i = 0; i < a.work_dim; ++i) {
    std::size_t best = 1;
    for (std::size_t l = std::min(budget, a.global_work_size[i]); l > 1; --l)
      if (a.global_work_size[i] % l == 0) {
        best = l;
        break;
      }
    a.suggested_local_work_size[i] = best;
    budget /= best;
  }
  return {};
}

}  // namespace clvet::device::impl
