// The platform and device objects.
#include "platform.h"

#include <unistd.h>

namespace clvet::device {

Platform& Platform::instance() {
  static Platform* platform = new Platform;  // never destroyed
  return *platform;
}

Platform::Platform() : Object(kKind, static_cast<_cl_platform_id*>(this)) {
  root_ = new Device(nullptr, static_cast<cl_uint>(sysconf(_SC_NPROCESSORS_ONLN)), {});
}

Device::Device(Device* parent, cl_uint compute_units,
               std::vector<cl_device_partition_property> how)
    : Object(kKind, static_cast<_cl_device_id*>(this)),
      parent_(parent),
      compute_units_(compute_units ? compute_units : 1),
      partition_(std::move(how)) {
  // Global memory: half of the host's physical memory, as a CPU device may use.
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  global_mem_size_ = static_cast<cl_ulong>(pages) * static_cast<cl_ulong>(page_size) / 2;
}

}  // namespace clvet::device
