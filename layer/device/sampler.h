// Sampler objects (OpenCL 1.2 §5.5, 2.2 §5.7): how a kernel's image reads address and filter.
#pragma once

#include <vector>

#include "context.h"
#include "object.h"

namespace clvet::device {

class Sampler final : public Object, public _cl_sampler {
 public:
  static constexpr ObjectKind kKind = ObjectKind::Sampler;
  static Sampler* from(cl_sampler handle) { return static_cast<Sampler*>(handle); }
  cl_sampler id() { return this; }

  // `properties` is the list given to clCreateSamplerWithProperties, zero-terminated, or empty
  // for clCreateSampler and a NULL list (CL_SAMPLER_PROPERTIES then returns nothing).
  Sampler(Ref<Context> context, bool normalized_coords, cl_addressing_mode addressing_mode,
          cl_filter_mode filter_mode, std::vector<cl_sampler_properties> properties);

  Context& context() const { return *context_; }
  bool normalized_coords() const { return normalized_coords_; }
  cl_addressing_mode addressing_mode() const { return addressing_mode_; }
  cl_filter_mode filter_mode() const { return filter_mode_; }
  const std::vector<cl_sampler_properties>& properties() const { return properties_; }

 private:
  Ref<Context> context_;
  bool normalized_coords_;
  cl_addressing_mode addressing_mode_;
  cl_filter_mode filter_mode_;
  std::vector<cl_sampler_properties> properties_;
};

}  // namespace clvet::device
