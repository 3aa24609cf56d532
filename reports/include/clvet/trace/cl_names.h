// Symbolic names of OpenCL constants by family (cl_mem_flags, cl_device_info...), so that
// printed calls read like the code that made them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "clvet/rules/api.h"

namespace clvet::trace {

// The name of `value` in the enumeration `family` ("CL_PLATFORM_NAME"), if it has one.
std::optional<std::string_view> constant_name(std::string_view family, std::uint64_t value);
// "CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR"; bits without a name are added in hex; "0" for none.
std::string bitfield_name(std::string_view family, std::uint64_t value);
bool is_bitfield(std::string_view family);
bool is_known_family(std::string_view family);

// What the value after a key in a property list of `list_family` is: an enumeration or
// bitfield family, or a handle kind (CL_CONTEXT_PLATFORM names a platform).
struct PropertyMeaning {
  std::string_view key_family;    // the family the key itself belongs to
  std::string_view value_family;  // empty: a plain number
  api::ObjectKind handle = api::ObjectKind::None;
};
PropertyMeaning property_meaning(std::string_view list_family, std::uint64_t key);

}  // namespace clvet::trace
