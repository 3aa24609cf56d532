// The clGet*Info parameters as data (info_params.def): what each answer is, how long it lasts,
// and since when it exists.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace clvet::api {

enum class InfoShape : std::uint8_t {
  Scalar,  // one value of the type
  Array,   // any number of values of the type (device lists, property lists, UUIDs)
  String,  // a NUL-terminated string of char
};

enum class Lasting : std::uint8_t {
  No,         // a count, a status, or what a later call can change
  Yes,        // fixed for the object's life
  WhenFinal,  // fixed once a build has succeeded, until the program is built again
  UntilSet,   // fixed but for the one entry point that changes it (clSetCommandQueueProperty)
};

struct InfoParam {
  std::string_view family;  // the query's parameter type, e.g. "cl_device_info"
  std::string_view name;    // e.g. "CL_DEVICE_TYPE"
  std::uint32_t value;
  std::string_view type;    // the answer's C type, of one element for arrays and strings
  std::size_t type_size;    // sizeof the type
  InfoShape shape;
  Lasting lasting;
  std::string_view since;   // "1.0" ... "3.0", or the extension that adds the parameter

  // Whether `size` bytes can hold an answer of this shape.
  bool size_fits(std::size_t size) const {
    if (shape == InfoShape::Scalar) return size == type_size;
    return size % type_size == 0;
  }
};

// Every parameter of every clGet*Info query, in the order of info_params.def.
std::span<const InfoParam> info_params();
// The parameters of one query's family (empty for a family that is no info query).
std::span<const InfoParam> info_params(std::string_view family);
// The first parameter of `family` whose value is `value`, or nullptr.
const InfoParam* find_info_param(std::string_view family, std::uint32_t value);

}  // namespace clvet::api
