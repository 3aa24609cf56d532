// Image formats (OpenCL 1.2 §5.3.1.1, tables 5.6 and 5.7; the orders and types 2.0 and 2.1
// added): channels per order, bytes per element, and which order and type pairs are valid. The
// rules judge formats by them and the reference device lays out its images by them.
#pragma once

#include <array>
#include <cstddef>

#include "clvet/rules/opencl.h"
#include "clvet/rules/rule.h"

namespace clvet::rules::images {

// Channels an element of a channel order stores; 0 when the order is unknown in `version`. An
// order ending in x stores one more channel, which is ignored (the 3.0 API §5.3.1.1 table of
// channel orders: CL_Rx two channels, CL_RGx three, CL_RGBx and CL_sRGBx four).
inline unsigned channel_count(cl_channel_order order, Version version) {
  switch (order) {
    case CL_R: case CL_A: case CL_INTENSITY: case CL_LUMINANCE: return 1;
    case CL_RG: case CL_RA: case CL_Rx: return 2;
    case CL_RGB: case CL_RGx: return 3;
    case CL_RGBA: case CL_BGRA: case CL_ARGB: case CL_RGBx: return 4;
    default: break;
  }
  if (version < Version{2, 0}) return 0;
  switch (order) {  // orders OpenCL 2.0 added
    case CL_DEPTH: return 1;
    case CL_sRGB: return 3;
    case CL_sRGBA: case CL_sBGRA: case CL_ABGR: case CL_sRGBx: return 4;
    default: return 0;
  }
}

// Bytes per channel of a data type, 0 for packed types (whose element size is fixed) and for
// unknown types (see type_known).
inline unsigned channel_bytes(cl_channel_type type) {
  switch (type) {
    case CL_SNORM_INT8: case CL_UNORM_INT8: case CL_SIGNED_INT8: case CL_UNSIGNED_INT8: return 1;
    case CL_SNORM_INT16: case CL_UNORM_INT16: case CL_SIGNED_INT16: case CL_UNSIGNED_INT16:
    case CL_HALF_FLOAT: return 2;
    case CL_SIGNED_INT32: case CL_UNSIGNED_INT32: case CL_FLOAT: return 4;
    default: return 0;
  }
}
inline bool is_packed(cl_channel_type type) {
  return type == CL_UNORM_SHORT_565 || type == CL_UNORM_SHORT_555 || type == CL_UNORM_INT_101010 ||
         type == CL_UNORM_INT_101010_2;
}
inline bool type_known(cl_channel_type type, Version version) {
  if (channel_bytes(type) != 0) return true;
  if (type == CL_UNORM_SHORT_565 || type == CL_UNORM_SHORT_555 || type == CL_UNORM_INT_101010)
    return true;
  return type == CL_UNORM_INT_101010_2 && version >= Version{2, 1};
}

template <std::size_t N> bool one_of(cl_uint value, const std::array<cl_uint, N>& allowed) {
  for (cl_uint v : allowed)
    if (v == value) return true;
  return false;
}

// "values specified in image_format are not valid": an unknown order or type, or a pair the
// tables' footnotes exclude.
inline bool format_invalid(const cl_image_format* format, Version version) {
  if (format == nullptr) return true;
  cl_channel_order order = format->image_channel_order;
  cl_channel_type type = format->image_channel_data_type;
  if (channel_count(order, version) == 0 || !type_known(type, version)) return true;
  constexpr std::array<cl_uint, 6> kNormAndFloat{CL_UNORM_INT8,  CL_UNORM_INT16, CL_SNORM_INT8,
                                                 CL_SNORM_INT16, CL_HALF_FLOAT,  CL_FLOAT};
  constexpr std::array<cl_uint, 4> kByteTypes{CL_UNORM_INT8, CL_SNORM_INT8, CL_SIGNED_INT8,
                                              CL_UNSIGNED_INT8};
  switch (order) {
    case CL_INTENSITY:
    case CL_LUMINANCE: return !one_of(type, kNormAndFloat);
    case CL_RGB:
    case CL_RGBx:  // 10-10-10-2's order "must be CL_RGBA" (2.2 §5.3.1.1)
      return type != CL_UNORM_SHORT_565 && type != CL_UNORM_SHORT_555 &&
             type != CL_UNORM_INT_101010;
    case CL_ARGB:
    case CL_BGRA:
    case CL_ABGR: return !one_of(type, kByteTypes);
    case CL_sRGB:
    case CL_sRGBx:
    case CL_sRGBA:
    case CL_sBGRA: return type != CL_UNORM_INT8;
    case CL_DEPTH: return type != CL_UNORM_INT16 && type != CL_FLOAT;
    case CL_RGBA: return is_packed(type) && type != CL_UNORM_INT_101010_2;
    default: return is_packed(type);  // packed types need an RGB order
  }
}

// Bytes per image element; 0 for an invalid format.
inline std::size_t element_size(const cl_image_format& format, Version version) {
  if (format_invalid(&format, version)) return 0;
  cl_channel_type type = format.image_channel_data_type;
  if (type == CL_UNORM_SHORT_565 || type == CL_UNORM_SHORT_555) return 2;
  if (type == CL_UNORM_INT_101010 || type == CL_UNORM_INT_101010_2) return 4;
  return channel_count(format.image_channel_order, version) * channel_bytes(type);
}

}  // namespace clvet::rules::images
