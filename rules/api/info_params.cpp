// The table of clGet*Info parameters, compiled from info_params.def with the OpenCL headers.
#include "clvet/rules/info_params.h"

#include <algorithm>

#include "clvet/rules/opencl.h"

namespace clvet::api {
namespace {

using enum InfoShape;
using enum Lasting;

constexpr InfoParam kParams[] = {
#define CLVET_INFO_FAMILY(family)
#define CLVET_INFO(family, name, type, shape, lasting, since) \
  {#family, #name, static_cast<std::uint32_t>(name), #type, sizeof(type), shape, lasting, since},
#include "clvet/rules/info_params.def"
#undef CLVET_INFO
#undef CLVET_INFO_FAMILY
};

}  // namespace

std::span<const InfoParam> info_params() { return kParams; }

std::span<const InfoParam> info_params(std::string_view family) {
  const auto* first = std::find_if(std::begin(kParams), std::end(kParams),
                                   [&](const InfoParam& p) { return p.family == family; });
  const auto* last = std::find_if(first, std::end(kParams),
                                  [&](const InfoParam& p) { return p.family != family; });
  return {first, last};
}

const InfoParam* find_info_param(std::string_view family, std::uint32_t value) {
  for (const InfoParam& p : info_params(family))
    if (p.value == value) return &p;
  return nullptr;
}

}  // namespace clvet::api
