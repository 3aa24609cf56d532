// The World that rules see under the layer: handle kinds from the layer's object table,
// info queries answered by the real driver through the next dispatch table.
#pragma once

#include "clvet/rules/world.h"

namespace clvet::layer {

class LayerWorld final : public rules::World {
 public:
  // `version`: the OpenCL version of the platform the call goes to.
  explicit LayerWorld(rules::Version version) : version_(version) {}
  api::ObjectKind kind_of(const void* handle) const override;
  rules::Version version() const override { return version_; }
  // Asks the driver, but only about live objects of the right kind: a handle the table does
  // not know is never passed down, where the loader would dereference it.
  cl_int info(rules::InfoQuery query, const void* handle, const void* extra, cl_uint param,
              std::size_t size, void* value, std::size_t* size_ret) const override;

 private:
  rules::Version version_;
};

}  // namespace clvet::layer
