// Looking up a call's parameters by name through the API table.
#include "call_params.h"

#include <optional>

#include "clvet/trace/print.h"

namespace clvet::gui {
namespace {

std::optional<std::uint32_t> position(const trace::Call& call, std::string_view name) {
  for (std::uint32_t i = 0; i < call.params.size(); ++i) {
    const api::Param* p = trace::param_of(call, i);
    if (p && p->name == name) return i;
  }
  return std::nullopt;
}

const trace::Value* among(const std::vector<trace::ParamValue>& values, std::optional<std::uint32_t> at) {
  if (!at) return nullptr;
  for (const trace::ParamValue& v : values)
    if (v.param == *at) return &v.value;
  return nullptr;
}

}  // namespace

const trace::Value& param(const trace::Call& call, std::string_view name) {
  static const trace::Value kNull;
  const auto at = position(call, name);
  return at && *at < call.params.size() ? call.params[*at] : kNull;
}

const trace::Value* input(const trace::Call& call, std::string_view name) {
  return among(call.inputs, position(call, name));
}

const trace::Value* output(const trace::Call& call, std::string_view name) {
  return among(call.outputs, position(call, name));
}

}  // namespace clvet::gui
