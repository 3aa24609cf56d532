// Program objects (§5.6): where the program came from (source, IL, binaries, built-in kernels,
// a link), its devices, each device's build state, the kernels attached to it and its release
// callbacks.
#pragma once

#include <atomic>
#include <memory>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "clvet/interp/executable.h"
#include "context.h"
#include "object.h"
#include "platform.h"

namespace clvet::device {

// One __kernel function of a program executable, as the front end describes it: what
// clCreateKernel copies into a Kernel and clGetKernel*Info answer, converted from the front
// end's interp::KernelInfo; a program without an executable declares none.
struct KernelArgument {
  enum class Kind { Value, Buffer, Image, Pipe, Sampler, Local, DeviceQueue };
  Kind kind = Kind::Value;
  std::size_t size = 0;                          // by-value arguments: sizeof the type
  cl_mem_object_type image_type = 0;             // Image: which image type it takes
  cl_kernel_arg_address_qualifier address = CL_KERNEL_ARG_ADDRESS_PRIVATE;
  cl_kernel_arg_access_qualifier access = CL_KERNEL_ARG_ACCESS_NONE;
  cl_kernel_arg_type_qualifier type_qualifier = CL_KERNEL_ARG_TYPE_NONE;
  std::string type_name;
  std::string name;
};

struct KernelSignature {
  std::string name;
  std::string attributes;                        // CL_KERNEL_ATTRIBUTES
  std::vector<KernelArgument> arguments;
  std::size_t required_work_group_size[3] = {0, 0, 0};
  std::size_t required_num_sub_groups = 0;
  cl_ulong local_mem_size = 0;                   // __local variables declared in the kernel
  cl_ulong private_mem_size = 0;
  bool arg_info_available = false;               // built with -cl-kernel-arg-info
};

class Program final : public Object, public _cl_program {
 public:
  static constexpr ObjectKind kKind = ObjectKind::Program;
  static Program* from(cl_program handle) { return static_cast<Program*>(handle); }
  cl_program id() { return this; }

  // How the program object was created: decides which of build/compile/link apply (§5.6.2-3).
  enum class Origin { Source, IL, Binary, BuiltInKernels, Linked };

  // The state clGetProgramBuildInfo reports for one device.
  struct Build {
    cl_build_status status = CL_BUILD_NONE;
    std::string options;
    std::string log;
    cl_program_binary_type binary_type = CL_PROGRAM_BINARY_TYPE_NONE;
    std::vector<unsigned char> binary;           // clvet's program binary format
    std::vector<std::uint8_t> bitcode;           // what the binary holds, for links
    std::size_t global_variable_size = 0;
    std::vector<KernelSignature> kernels;        // of an executable binary
    std::shared_ptr<interp::Executable> executable;  // decoded for the interpreter
    // Why launches of its kernels must have uniform work-groups, "" when they may be
    // non-uniform (3.0 §5.10: how the program was created and built, and a link's inputs).
    std::string uniform_reason;
  };

  Program(Ref<Context> context, std::vector<Ref<Device>> devices, Origin origin);

  Context& context() const { return *context_; }
  const std::vector<Ref<Device>>& devices() const { return devices_; }
  bool has_device(const Device* device) const;
  Origin origin() const { return origin_; }

  // clCreateProgramWithSource's strings, concatenated without their NULs.
  const std::string& source() const { return source_; }
  void set_source(std::string source) { source_ = std::move(source); }
  const std::vector<unsigned char>& il() const { return il_; }
  void set_il(std::vector<unsigned char> il) { il_ = std::move(il); }

  // The build that applies to `device`: its own, or where it has none, its parent's when the
  // program has the parent ("If a program binary has not been built for a sub-device, the
  // program binary associated with the parent device will be used", 1.2 §5.6.2).
  Build build_of(const Device& device) const;
  void set_build(const Device& device, Build build);
  // Marks the devices' builds CL_BUILD_IN_PROGRESS, unless one already is (then false and
  // nothing changes): two concurrent builds of one program cannot both begin.
  bool begin_build(const std::vector<Device*>& devices);

  // A successfully built executable for `device`, or for any device.
  bool has_executable_for(const Device& device) const;
  bool has_executable() const;
  // Why launches on `device` must have uniform work-groups (Build::uniform_reason).
  std::string uniform_reason(const Device& device) const;
  // The decoded executable the interpreter runs for `device`, or null.
  std::shared_ptr<interp::Executable> executable_for(const Device& device) const;
  // The kernels the executables declare (the first executable's, in declaration order).
  std::vector<KernelSignature> kernels() const;
  std::optional<KernelSignature> kernel(std::string_view name) const;

  // Kernel objects created from the program; builds are refused while any exist (§5.7.1).
  void attach_kernel() { ++attached_kernels_; }
  void detach_kernel() { --attached_kernels_; }
  std::size_t attached_kernels() const { return attached_kernels_; }

  // clSetProgramSpecializationConstant's values, by id (IL programs only).
  void set_specialization_constant(cl_uint id, std::vector<unsigned char> value);
  std::vector<std::pair<cl_uint, std::vector<unsigned char>>> specialization_constants() const;

 private:
  std::size_t index_of(const Device& device) const;
  const Build& applying_build(const Device& device) const;  // build_of's choice; mutex_ held

  Ref<Context> context_;
  std::vector<Ref<Device>> devices_;
  Origin origin_;
  std::string source_;
  std::vector<unsigned char> il_;
  mutable std::mutex mutex_;
  std::vector<Build> builds_;  // one per entry of devices_
  std::vector<std::pair<cl_uint, std::vector<unsigned char>>> specialization_;
  std::atomic<std::size_t> attached_kernels_{0};
};

}  // namespace clvet::device
