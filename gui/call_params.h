// A recorded call's parameters and inputs by the API table's parameter names.
#pragma once

#include <string_view>

#include "clvet/trace/records.h"

namespace clvet::gui {

// The parameter named `name` ("offset", "host_ptr"), or a Null value when there is none.
const trace::Value& param(const trace::Call& call, std::string_view name);
// What the call read through the pointer parameter `name`, or nullptr.
const trace::Value* input(const trace::Call& call, std::string_view name);
// What the call wrote through the pointer parameter `name`, or nullptr.
const trace::Value* output(const trace::Call& call, std::string_view name);

}  // namespace clvet::gui
