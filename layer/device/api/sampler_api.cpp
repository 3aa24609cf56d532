// Sampler entry points (OpenCL 1.2 §5.5, 2.2 §5.7): clCreateSampler,
// clCreateSamplerWithProperties, clRetainSampler, clReleaseSampler, clGetSamplerInfo.
#include <fmt/format.h>

#include <new>

#include "clvet/rules/rule_ids.gen.h"
#include "clvet/rules/world.h"
#include "context.h"
#include "device_impl.gen.h"
#include "entry.h"
#include "info.h"
#include "sampler.h"

namespace clvet::device::impl {

namespace {

// The prechecks ran already (valid context, valid settings, a device with images), so only
// a context released since then or memory exhaustion can stop the creation now.
Result<cl_sampler> make_sampler(cl_context handle, bool normalized, cl_addressing_mode addressing,
                                cl_filter_mode filter, std::vector<cl_sampler_properties> list,
                                const rules::Rule& invalid_context, const rules::Rule& no_memory) {
  Ref<Context> context = lookup<Context>(handle);
  if (!context) return fail(invalid_context, "the context was released during the call");
  try {
    return (new Sampler(std::move(context), normalized, addressing, filter, std::move(list)))->id();
  } catch (const std::bad_alloc&) {
    return fail(no_memory, "allocating the sampler failed");
  }
}

}  // namespace

Result<cl_sampler> CreateSampler(const args::CreateSampler& a) {
  return make_sampler(a.context, a.normalized_coords == CL_TRUE, a.addressing_mode, a.filter_mode,
                      {}, rule::CreateSamplerInvalidContext, rule::CreateSamplerOutOfHostMemory);
}

Result<cl_sampler> CreateSamplerWithProperties(const args::CreateSamplerWithProperties& a) {
  // Unspecified properties take the defaults of 2.2 §5.7.1's table.
  auto props = rules::read_properties(a.sampler_properties);
  bool normalized = props.value(CL_SAMPLER_NORMALIZED_COORDS).value_or(CL_TRUE) == CL_TRUE;
  auto addressing = static_cast<cl_addressing_mode>(
      props.value(CL_SAMPLER_ADDRESSING_MODE).value_or(CL_ADDRESS_CLAMP));
  auto filter =
      static_cast<cl_filter_mode>(props.value(CL_SAMPLER_FILTER_MODE).value_or(CL_FILTER_NEAREST));
  // CL_SAMPLER_PROPERTIES returns the list as given, in order, with its terminating 0.
  std::vector<cl_sampler_properties> list;
  if (a.sampler_properties) {
    for (auto& [key, value] : props.entries) {
      list.push_back(key);
      list.push_back(value);
    }
    list.push_back(0);
  }
  return make_sampler(a.context, normalized, addressing, filter, std::move(list),
                      rule::CreateSamplerWithPropertiesInvalidContext,
                      rule::CreateSamplerWithPropertiesOutOfHostMemory);
}

Status RetainSampler(const args::RetainSampler& a) {
  Ref<Sampler> sampler = lookup<Sampler>(a.sampler);
  if (!sampler) return fail(rule::RetainSamplerInvalidSampler, "the sampler was released");
  sampler->retain();
  return {};
}

Status ReleaseSampler(const args::ReleaseSampler& a) {
  Ref<Sampler> sampler = lookup<Sampler>(a.sampler);
  if (!sampler) return fail(rule::ReleaseSamplerInvalidSampler, "the sampler was released");
  sampler->release();
  return {};
}

// Also answers the rules' InfoQuery::Sampler, so it validates its handle itself.
Status GetSamplerInfo(const args::GetSamplerInfo& a) {
  Ref<Sampler> sampler = lookup<Sampler>(a.sampler);
  if (!sampler) return fail(rule::GetSamplerInfoInvalidSampler);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetSamplerInfoBadParam);
  switch (a.param_name) {
    case CL_SAMPLER_REFERENCE_COUNT:
      return out.scalar<cl_uint>(sampler->reference_count());
    case CL_SAMPLER_CONTEXT:
      return out.scalar<cl_context>(sampler->context().id());
    case CL_SAMPLER_NORMALIZED_COORDS:
      return out.scalar<cl_bool>(sampler->normalized_coords() ? CL_TRUE : CL_FALSE);
    case CL_SAMPLER_ADDRESSING_MODE:
      return out.scalar<cl_addressing_mode>(sampler->addressing_mode());
    case CL_SAMPLER_FILTER_MODE:
      return out.scalar<cl_filter_mode>(sampler->filter_mode());
    case CL_SAMPLER_PROPERTIES:
      return out.array(sampler->properties());
    case CL_SAMPLER_MIP_FILTER_MODE_KHR:
    case CL_SAMPLER_LOD_MIN_KHR:
    case CL_SAMPLER_LOD_MAX_KHR:
      // cl_khr_mipmap_image's queries, which the device does not support: programs (pyopencl's
      // Sampler.get_info over every name it knows) ask to find out, and CL_INVALID_VALUE is
      // the answer (1.2 §5.5.2: not a valid param_name here).
      entry::note_probe();
      return fail(rule::GetSamplerInfoBadParam,
                  fmt::format("param_name 0x{:x} is a query of cl_khr_mipmap_image, which the device does not "
                              "support (a program probing for an extension gets CL_INVALID_VALUE)",
                              a.param_name));
    default:
      return fail(rule::GetSamplerInfoBadParam, "unknown param_name");
  }
}

}  // namespace clvet::device::impl
