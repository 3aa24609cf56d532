// The symbolic names of OpenCL error codes.
#pragma once

#include <string_view>

namespace clvet::rules {

// "CL_INVALID_VALUE" for -30; the number as text for codes clvet does not know.
std::string_view error_code_name(int code);

}  // namespace clvet::rules
