// Sampler objects: immutable settings and the context they belong to.
#include "sampler.h"

namespace clvet::device {

Sampler::Sampler(Ref<Context> context, bool normalized_coords, cl_addressing_mode addressing_mode,
                 cl_filter_mode filter_mode, std::vector<cl_sampler_properties> properties)
    : Object(kKind, static_cast<_cl_sampler*>(this)),
      context_(std::move(context)),
      normalized_coords_(normalized_coords),
      addressing_mode_(addressing_mode),
      filter_mode_(filter_mode),
      properties_(std::move(properties)) {}

}  // namespace clvet::device
