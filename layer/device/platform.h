// The reference platform "clvet" and its devices: the root CPU device and the sub-devices
// partitioned from it (§4.1-4.3), with the limits every query and check reads.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "clvet/interp/language_features.h"
#include "object.h"

namespace clvet::device {

class Device;

// An extension (or OpenCL C version, feature, IL) with its version, as cl_name_version has it.
struct NamedVersion {
  std::string_view name;
  cl_version version;
};

// The extensions of the platform and of every device, from the table of features
// (clvet/interp/language_features.h). One list: the platform must report every extension all
// its devices support (§4.1), and all devices support the same ones.
// Under a device profile (CLVET_DEVICE_PROFILE), those of them the profiled device has.
std::span<const NamedVersion> supported_extensions();
bool extension_supported(std::string_view name);
// Space-separated, as CL_PLATFORM_EXTENSIONS and CL_DEVICE_EXTENSIONS answer.
std::string extension_string();

class Platform final : public Object, public _cl_platform_id {
 public:
  static constexpr ObjectKind kKind = ObjectKind::Platform;
  static constexpr cl_version kVersion = CL_MAKE_VERSION(3, 0, 0);
  // The one platform; lives for the whole process.
  static Platform& instance();
  static Platform* from(cl_platform_id handle) { return static_cast<Platform*>(handle); }
  cl_platform_id id() { return this; }

  std::vector<Device*> devices() const { return {root_}; }

  // Resolution of the host timer (clGetHostTimer, clGetDeviceAndHostTimer) in nanoseconds.
  static cl_ulong host_timer_resolution_ns();

 private:
  Platform();
  Device* root_ = nullptr;
};

// A compute device: the root CPU device, or a sub-device partitioned from it (§4.3).
//
// Partitioning models each compute unit as one host core with private L1 and L2 caches, all
// cores sharing one L3 cache and one NUMA node: only L1 and L2 domains split a device.
class Device final : public Object, public _cl_device_id {
 public:
  static constexpr ObjectKind kKind = ObjectKind::Device;
  static Device* from(cl_device_id handle) { return static_cast<Device*>(handle); }
  cl_device_id id() { return this; }

  // The root device (parent == nullptr) or a sub-device with `compute_units` of its parent's,
  // made by the partition `how` (the properties CL_DEVICE_PARTITION_TYPE returns).
  Device(Device* parent, cl_uint compute_units, std::vector<cl_device_partition_property> how);

  bool is_root() const { return parent_ == nullptr; }
  Device* parent() const { return parent_.get(); }
  cl_uint compute_units() const { return compute_units_; }
  const std::vector<cl_device_partition_property>& partition_type() const { return partition_; }

  // CL_DEVICE_TYPE: a CPU, or what the device profile says.
  cl_device_type type() const { return type_; }

  // Limits shared by every query and check that needs them. A device profile
  // (CLVET_DEVICE_PROFILE, emulated_profile.h) sets each it names, read when the root device is
  // made, so that launches and allocations are held to the profiled device's limits.
  cl_ulong global_mem_size() const { return global_mem_size_; }
  // Half the global memory (the spec's minimum is a quarter): real programs size their buffers
  // from this, and some refuse to run below about 1 GiB (hashcat).
  cl_ulong max_mem_alloc_size() const { return max_mem_alloc_size_; }
  // CLVET_MAX_WORK_GROUP_SIZE and CLVET_LOCAL_MEM_SIZE, read when the root device is made:
  // settings, so that programs tuned for bigger devices run (launches are held to them).
  std::size_t max_work_group_size() const { return max_work_group_size_; }
  // CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, and every kernel's (within its work-group
  // size): the engine runs a work-group's work-items together, 16 at a time at least.
  static constexpr std::size_t kPreferredWorkGroupSizeMultiple = 16;
  static constexpr cl_uint kWorkItemDimensions = 3;
  const std::vector<std::size_t>& max_work_item_sizes() const { return max_work_item_sizes_; }
  cl_uint mem_base_addr_align_bits() const { return 1024; }  // 128 bytes: long16
  cl_command_queue_properties queue_properties() const {
    return CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
  }
  cl_ulong max_constant_buffer_size() const { return max_constant_buffer_size_; }
  cl_uint max_constant_args() const { return max_constant_args_; }
  // __local memory is host memory, one arena per worker thread: generous by default (256 KiB),
  // so that kernels tuned for large GPU local memories run unchanged.
  cl_ulong local_mem_size() const { return local_mem_size_; }
  std::size_t max_parameter_size() const { return 4096; }
  std::size_t printf_buffer_size() const { return 1024 * 1024; }
  cl_device_exec_capabilities execution_capabilities() const {
    return CL_EXEC_KERNEL | CL_EXEC_NATIVE_KERNEL;
  }
  // Optional features the device does not have (yet): compiler, images, SVM, pipes,
  // device-side queues, intermediate languages.
  bool compiler_available() const { return true; }
  // "This must be CL_TRUE if CL_DEVICE_COMPILER_AVAILABLE is CL_TRUE" (table 4.3).
  bool linker_available() const { return compiler_available(); }
  // Images and samplers, unless CLVET_IMAGES=0 asks for a device without them.
  bool image_support() const;
  // What the table of OpenCL C features (clvet/interp/language_features.h) and the compiler's
  // predefined macros follow of this device.
  interp::TargetDevice target() const;
  // Coarse- and fine-grain buffer SVM: clSVMAlloc memory is host memory the kernels reach as
  // memory objects (bounds, races, uninitialised bytes). No fine-grain system SVM: with it any
  // host address would be an object, and the bounds checker could no longer tell a stray
  // pointer from a shared one. No SVM atomics until OpenCL C's memory_scope_all_svm_devices
  // works (__opencl_c_atomic_scope_all_devices).
  cl_device_svm_capabilities svm_capabilities() const {
    return CL_DEVICE_SVM_COARSE_GRAIN_BUFFER | CL_DEVICE_SVM_FINE_GRAIN_BUFFER;
  }
  bool pipe_support() const { return false; }
  // CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE: 64 KiB (the full profile's minimum) where the table
  // claims program-scope variables, else 0.
  std::size_t max_global_variable_size() const {
    return interp::claims(target(), "__opencl_c_program_scope_global_variables") ? 64 * 1024 : 0;
  }

  // Partitioning (§4.3). A device splits only if it has two compute units or more.
  bool can_partition() const { return compute_units_ >= 2; }
  // CL_DEVICE_PARTITION_PROPERTIES: the schemes, or a lone 0 when the device cannot split.
  std::vector<cl_device_partition_property> partition_schemes() const;
  // CL_DEVICE_PARTITION_AFFINITY_DOMAIN.
  cl_device_affinity_domain affinity_domains() const;
  // The compute units of each sub-device an affinity-domain split makes, the domain
  // NEXT_PARTITIONABLE resolves to written to `used`; empty when the domain does not split.
  std::vector<cl_uint> split_by_affinity(cl_device_affinity_domain domain,
                                         cl_device_affinity_domain& used) const;
  // Makes sub-devices of the given sizes, each with one application reference.
  std::vector<Device*> partition(const std::vector<cl_uint>& sizes,
                                 const std::vector<cl_device_partition_property>& how);

 private:
  Ref<Device> parent_;
  cl_uint compute_units_;
  std::vector<cl_device_partition_property> partition_;
  cl_device_type type_;
  cl_ulong global_mem_size_;
  cl_ulong max_mem_alloc_size_;
  std::size_t max_work_group_size_;
  std::vector<std::size_t> max_work_item_sizes_;
  cl_ulong local_mem_size_;
  cl_ulong max_constant_buffer_size_;
  cl_uint max_constant_args_;
};

}  // namespace clvet::device
