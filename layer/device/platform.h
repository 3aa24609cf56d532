// The reference platform "clvet" and its devices.
#pragma once

#include <string>
#include <vector>

#include "object.h"

namespace clvet::device {

class Device;

class Platform final : public Object, public _cl_platform_id {
 public:
  static constexpr ObjectKind kKind = ObjectKind::Platform;
  // The one platform; lives for the whole process.
  static Platform& instance();
  static Platform* from(cl_platform_id handle) { return static_cast<Platform*>(handle); }
  cl_platform_id id() { return this; }

  Device& root_device() const { return *root_; }
  std::vector<Device*> devices() const { return {root_}; }

 private:
  Platform();
  Device* root_ = nullptr;
};

// A compute device: the root CPU device, or a sub-device partitioned from it (§4.3).
class Device final : public Object, public _cl_device_id {
 public:
  static constexpr ObjectKind kKind = ObjectKind::Device;
  static Device* from(cl_device_id handle) { return static_cast<Device*>(handle); }
  cl_device_id id() { return this; }

  // The root device (parent == nullptr) or a sub-device with `compute_units` of its parent's.
  Device(Device* parent, cl_uint compute_units, std::vector<cl_device_partition_property> how);

  bool is_root() const { return parent_ == nullptr; }
  Device* parent() const { return parent_.get(); }
  cl_uint compute_units() const { return compute_units_; }
  const std::vector<cl_device_partition_property>& partition_type() const { return partition_; }

  // Limits shared by every query and check that needs them.
  cl_ulong global_mem_size() const { return global_mem_size_; }
  cl_ulong max_mem_alloc_size() const { return global_mem_size_ / 4; }
  std::size_t max_work_group_size() const { return 1024; }
  cl_uint mem_base_addr_align_bits() const { return 1024; }  // 128 bytes: long16
  cl_command_queue_properties queue_properties() const {
    return CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
  }

 private:
  Ref<Device> parent_;
  cl_uint compute_units_;
  std::vector<cl_device_partition_property> partition_;
  cl_ulong global_mem_size_;
};

}  // namespace clvet::device
