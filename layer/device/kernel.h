// Kernel objects (§5.7): one __kernel function of a built program with the argument values
// clSetKernelArg gave it, ready to be enqueued (§5.8) once kernels can be built.
#pragma once

#include <mutex>
#include <vector>

#include "clvet/rules/result.h"
#include "object.h"
#include "program.h"

namespace clvet::device {

class Kernel final : public Object, public _cl_kernel {
 public:
  static constexpr ObjectKind kKind = ObjectKind::Kernel;
  static Kernel* from(cl_kernel handle) { return static_cast<Kernel*>(handle); }
  cl_kernel id() { return this; }

  // The value of one argument, as the last clSetKernelArg / clSetKernelArgSVMPointer set it.
  struct ArgValue {
    enum class Source { Unset, Bytes, Local, SVMPointer };
    Source source = Source::Unset;
    std::vector<unsigned char> bytes;  // by-value data, or the cl_mem / cl_sampler handle
    std::size_t local_size = 0;        // __local arguments: bytes to allocate per work-group
    const void* svm = nullptr;
  };

  // clCreateKernel: attaches itself to `program` until destroyed.
  Kernel(Ref<Program> program, KernelSignature signature);
  // clCloneKernel (2.2 §5.9.3): the source's arguments and execution information, with a
  // reference count of its own.
  Ref<Kernel> clone() const;
  ~Kernel() override;

  Program& program() const { return *program_; }
  Context& context() const { return program_->context(); }
  const KernelSignature& signature() const { return signature_; }

  // clSetKernelArg's checks that need the argument's declaration, then stores the value.
  Status set_arg(cl_uint index, std::size_t size, const void* value);
  Status set_arg_svm(cl_uint index, const void* value);
  void set_svm_pointers(std::vector<const void*> pointers);
  void set_fine_grain_system(bool uses_system_pointers);

  // What clSetKernelExecInfo set (2.2 §5.9.2).
  struct ExecInfo {
    std::vector<const void*> svm_pointers;
    bool fine_grain_system = false;
  };
  ExecInfo exec_info() const;

  bool all_args_set() const;
  // A snapshot of the argument values for one enqueue (later clSetKernelArg calls must not
  // change a kernel already enqueued).
  std::vector<ArgValue> args() const;
  // __local memory of the kernel's variables plus that of its __local arguments (§5.7.3).
  cl_ulong local_mem_size() const;

 private:
  Kernel(Ref<Program> program, KernelSignature signature, std::vector<ArgValue> args,
         ExecInfo exec_info);

  Ref<Program> program_;
  KernelSignature signature_;
  mutable std::mutex mutex_;
  std::vector<ArgValue> args_;
  ExecInfo exec_info_;
};

}  // namespace clvet::device
