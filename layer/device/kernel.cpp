// Kernel objects: argument values and the checks of clSetKernelArg that need the argument's
// declaration (§5.7.2).
#include "kernel.h"

#include <cstring>

#include "clvet/rules/rule_ids.gen.h"
#include "image.h"
#include "memory.h"
#include "queue.h"
#include "sampler.h"
#include "svm.h"

namespace clvet::device {

Kernel::Kernel(Ref<Program> program, KernelSignature signature)
    : Kernel(std::move(program), std::move(signature), {}, {}) {}

Kernel::Kernel(Ref<Program> program, KernelSignature signature, std::vector<ArgValue> args,
               ExecInfo exec_info)
    : Object(kKind, static_cast<_cl_kernel*>(this)),
      program_(std::move(program)),
      signature_(std::move(signature)),
      args_(std::move(args)),
      exec_info_(std::move(exec_info)) {
  args_.resize(signature_.arguments.size());
  program_->attach_kernel();
}

Kernel::~Kernel() { program_->detach_kernel(); }

Ref<Kernel> Kernel::clone() const {
  std::lock_guard lock(mutex_);
  // The new object starts with one application reference, which the caller hands out.
  return Ref<Kernel>(new Kernel(program_, signature_, args_, exec_info_));
}

namespace {

// The handle an argument's value holds; the objects answer for themselves once found
// (lookup never dereferences garbage).
template <class Handle> Handle handle_at(const void* value) {
  Handle h = nullptr;
  if (value != nullptr) std::memcpy(&h, value, sizeof h);
  return h;
}

}  // namespace

Status Kernel::set_arg(cl_uint index, std::size_t size, const void* value) {
  using Kind = KernelArgument::Kind;
  if (index >= signature_.arguments.size())
    return fail(rule::SetKernelArgBadIndex, "the kernel has " +
                                                std::to_string(signature_.arguments.size()) +
                                                " arguments");
  const KernelArgument& arg = signature_.arguments[index];
  ArgValue stored;
  switch (arg.kind) {
    case Kind::Local:
      if (value != nullptr) return fail(rule::SetKernelArgBadValue, "a __local argument takes NULL");
      if (size == 0) return fail(rule::SetKernelArgBadSize, "a __local argument needs a size");
      stored.source = ArgValue::Source::Local;
      stored.local_size = size;
      break;
    case Kind::Buffer:
    case Kind::Pipe:
    case Kind::Image: {
      if (size != sizeof(cl_mem))
        return fail(rule::SetKernelArgBadSize, "a memory object argument takes sizeof(cl_mem)");
      cl_mem mem = handle_at<cl_mem>(value);
      if (mem == nullptr) {
        // §5.7.2: a NULL buffer is allowed for global and constant pointers.
        if (arg.kind != Kind::Buffer)
          return fail(rule::SetKernelArgInvalidMemObject, "no memory object given");
      } else {
        Ref<Mem> object = lookup<Mem>(mem);
        if (!object)
          return fail(rule::SetKernelArgInvalidMemObject, "arg_value names no memory object");
        cl_mem_object_type wanted = arg.kind == Kind::Buffer ? CL_MEM_OBJECT_BUFFER
                                    : arg.kind == Kind::Pipe ? CL_MEM_OBJECT_PIPE
                                                             : arg.image_type;
        if (object->type() != wanted)
          return fail(rule::SetKernelArgInvalidMemObject, "the memory object has the wrong type");
        // 2.2 §5.7.2: an image2d_depth_t (image2d_array_depth_t) argument takes a 2D image (2D
        // image array) "with image channel order = CL_DEPTH".
        const auto* image = dynamic_cast<const Image*>(object.get());
        if (arg.kind == Kind::Image && image && arg.type_name.find("_depth_t") != std::string::npos &&
            image->format().image_channel_order != CL_DEPTH)
          return fail(rule::SetKernelArgInvalidMemObject,
                      "an " + arg.type_name + " argument takes an image of channel order CL_DEPTH");
        if (&object->context() != &context())
          return fail(rule::SetKernelArgContextDiffers, "the memory object is of another context");
        if (arg.kind == Kind::Image) {
          const cl_mem_flags flags = object->flags();
          if ((arg.access == CL_KERNEL_ARG_ACCESS_READ_ONLY && (flags & CL_MEM_WRITE_ONLY)) ||
              (arg.access == CL_KERNEL_ARG_ACCESS_WRITE_ONLY && (flags & CL_MEM_READ_ONLY)))
            return fail(rule::SetKernelArgImageAccess, "the image's flags forbid the access");
        }
      }
      stored.source = ArgValue::Source::Bytes;
      stored.bytes.resize(sizeof(cl_mem));
      std::memcpy(stored.bytes.data(), &mem, sizeof mem);
      break;
    }
    case Kind::Sampler: {
      if (size != sizeof(cl_sampler))
        return fail(rule::SetKernelArgBadSize, "a sampler argument takes sizeof(cl_sampler)");
      cl_sampler sampler = handle_at<cl_sampler>(value);
      Ref<Sampler> object = lookup<Sampler>(sampler);
      if (!object) return fail(rule::SetKernelArgInvalidSampler, "arg_value names no sampler");
      if (&object->context() != &context())
        return fail(rule::SetKernelArgContextDiffers, "the sampler is of another context");
      stored.source = ArgValue::Source::Bytes;
      stored.bytes.resize(sizeof sampler);
      std::memcpy(stored.bytes.data(), &sampler, sizeof sampler);
      break;
    }
    case Kind::DeviceQueue: {
      if (size != sizeof(cl_command_queue))
        return fail(rule::SetKernelArgBadSize, "a queue_t argument takes sizeof(cl_command_queue)");
      auto queue = handle_at<cl_command_queue>(value);
      Ref<Queue> object = lookup<Queue>(queue);
      if (!object || !(object->properties() & CL_QUEUE_ON_DEVICE))
        return fail(rule::SetKernelArgInvalidDeviceQueue, "arg_value names no device queue");
      stored.source = ArgValue::Source::Bytes;
      stored.bytes.resize(sizeof queue);
      std::memcpy(stored.bytes.data(), &queue, sizeof queue);
      break;
    }
    case Kind::Value:
      if (value == nullptr)
        return fail(rule::SetKernelArgBadValue, "a by-value argument needs arg_value");
      if (size != arg.size)
        return fail(rule::SetKernelArgBadSize, "the argument's type has " +
                                                   std::to_string(arg.size) + " bytes");
      stored.source = ArgValue::Source::Bytes;
      stored.bytes.assign(static_cast<const unsigned char*>(value),
                          static_cast<const unsigned char*>(value) + size);
      break;
  }
  std::lock_guard lock(mutex_);
  args_[index] = std::move(stored);
  return {};
}

Status Kernel::set_arg_svm(cl_uint index, const void* value) {
  if (index >= signature_.arguments.size())
    return fail(rule::SetKernelArgSVMPointerBadIndex);
  const KernelArgument& arg = signature_.arguments[index];
  if (arg.kind != KernelArgument::Kind::Buffer)
    return fail(rule::SetKernelArgSVMPointerBadValue,
                "SVM pointers are for global or constant pointer arguments");
  // "not a valid value": without fine-grain system SVM, a pointer in no live allocation of the
  // kernel's context (the layer judges the same way, layer/intercept/argument_values.cpp).
  if (value != nullptr && !SvmAllocations::instance().find(value, 0, context().id()))
    return fail(rule::SetKernelArgSVMPointerBadValue,
                "the pointer lies in no live SVM allocation of the kernel's context, and the "
                "device has no fine-grain system SVM");
  ArgValue stored;
  stored.source = ArgValue::Source::SVMPointer;
  stored.svm = value;
  std::lock_guard lock(mutex_);
  args_[index] = std::move(stored);
  return {};
}

void Kernel::set_svm_pointers(std::vector<const void*> pointers) {
  std::lock_guard lock(mutex_);
  exec_info_.svm_pointers = std::move(pointers);
}

Kernel::ExecInfo Kernel::exec_info() const {
  std::lock_guard lock(mutex_);
  return exec_info_;
}

void Kernel::set_fine_grain_system(bool uses_system_pointers) {
  std::lock_guard lock(mutex_);
  exec_info_.fine_grain_system = uses_system_pointers;
}

bool Kernel::all_args_set() const {
  std::lock_guard lock(mutex_);
  for (const ArgValue& v : args_)
    if (v.source == ArgValue::Source::Unset) return false;
  return true;
}

std::vector<Kernel::ArgValue> Kernel::args() const {
  std::lock_guard lock(mutex_);
  return args_;
}

cl_ulong Kernel::local_mem_size() const {
  std::lock_guard lock(mutex_);
  cl_ulong total = signature_.local_mem_size;
  for (const ArgValue& v : args_)
    if (v.source == ArgValue::Source::Local) total += v.local_size;
  return total;
}

}  // namespace clvet::device
