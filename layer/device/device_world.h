// The World that rules see on the reference device: its own objects and info queries.
#pragma once

#include "clvet/rules/world.h"

namespace clvet::device {

class DeviceWorld final : public rules::World {
 public:
  static const DeviceWorld& instance();
  api::ObjectKind kind_of(const void* handle) const override;
  rules::Version version() const override { return {3, 0}; }
  cl_int info(rules::InfoQuery query, const void* handle, const void* extra, cl_uint param,
              std::size_t size, void* value, std::size_t* size_ret) const override;
};

}  // namespace clvet::device
