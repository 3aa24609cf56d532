// Texels in memory to the four components of a read and back (OpenCL 1.2 §8.3, SPIR-V
// environment §7.4.5 and §7.6): one place for the kernels' built-ins and the image commands.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "float_rounding.h"
#include "clvet/interp/image.h"

namespace clvet::interp {

using namespace cl_values;

std::uint64_t ImageDescriptor::extent(unsigned dim) const {
  switch (type) {
    case kImage1DArray: return dim == 0 ? width : dim == 1 ? array_size : 1;
    case kImage2DArray: return dim == 0 ? width : dim == 1 ? height : array_size;
    case kImage2D: return dim == 0 ? width : dim == 1 ? height : 1;
    case kImage3D: return dim == 0 ? width : dim == 1 ? height : depth;
    default: return dim == 0 ? width : 1;
  }
}

unsigned ImageDescriptor::dimensions() const {
  switch (type) {
    case kImage2D: case kImage2DArray: return 2;
    case kImage3D: return 3;
    default: return 1;
  }
}

ColorKind color_kind(std::uint32_t data_type) {
  switch (data_type) {
    case kSignedInt8: case kSignedInt16: case kSignedInt32: return ColorKind::Int;
    case kUnsignedInt8: case kUnsignedInt16: case kUnsignedInt32: return ColorKind::UInt;
    default: return ColorKind::Float;
  }
}

bool is_srgb(std::uint32_t order) {
  return order == ksRGB || order == ksRGBx || order == ksRGBA || order == ksBGRA;
}

namespace {

// Where each of R, G, B, A sits among the texel's stored channels (-1: not stored), and whether
// the element ends in an ignored channel (the orders ending in x).
struct Layout {
  int position[4];
  bool padded;
};
Layout layout_of(std::uint32_t order) {
  switch (order) {
    case kR: case kDepth: return {{0, -1, -1, -1}, false};
    case kRx: return {{0, -1, -1, -1}, true};
    case kA: return {{-1, -1, -1, 0}, false};
    case kIntensity: return {{0, 0, 0, 0}, false};
    case kLuminance: return {{0, 0, 0, -1}, false};
    case kRG: return {{0, 1, -1, -1}, false};
    case kRGx: return {{0, 1, -1, -1}, true};
    case kRA: return {{0, -1, -1, 1}, false};
    case kRGB: case ksRGB: return {{0, 1, 2, -1}, false};
    case kRGBx: case ksRGBx: return {{0, 1, 2, -1}, true};
    case kBGRA: case ksBGRA: return {{2, 1, 0, 3}, false};
    case kARGB: return {{1, 2, 3, 0}, false};
    case kABGR: return {{3, 2, 1, 0}, false};
    default: return {{0, 1, 2, 3}, false};  // RGBA, sRGBA
  }
}

// §8.3.1.1: (float)c / 255.0f and the like, correctly rounded in float; SNORM clamped at -1.
float unorm_to_float(std::uint32_t c, float max) { return static_cast<float>(c) / max; }
float snorm_to_float(std::int32_t c, float max) {
  return std::max(-1.0f, static_cast<float>(c) / max);
}

// convert_<type>_sat_rte(f * scale) (§8.3.1.2, §6.2.3.3): NaN converts to 0.
std::int64_t saturate_rte(float f, float scale, std::int64_t lo, std::int64_t hi) {
  const float scaled = f * scale;
  if (std::isnan(scaled)) return 0;
  if (scaled <= static_cast<float>(lo)) return lo;
  if (scaled >= static_cast<float>(hi)) return hi;
  // Round half to even without the host's rounding mode (which the application may have set).
  const float down = std::floor(scaled), rest = scaled - down;
  std::int64_t n = static_cast<std::int64_t>(down);
  if (rest > 0.5f || (rest == 0.5f && (n & 1))) ++n;
  return n;
}

// SPIR-V environment §7.4.5: sRGB to linear and back, in double, rounded once to float.
float srgb_to_linear(float r) {
  const double x = r;
  return static_cast<float>(x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4));
}
float linear_to_srgb(float y) {
  if (std::isnan(y) || y < 0) return 0.0f;
  if (y > 1) return 1.0f;
  const double x = y;
  return static_cast<float>(x < 0.0031308 ? 12.92 * x : 1.055 * std::pow(x, 1 / 2.4) - 0.055);
}

template <class T> T load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <class T> void store(std::byte* p, T v) { std::memcpy(p, &v, sizeof v); }

// One stored channel as a float, int or uint (per the type's kind). Inlined, so that the loops
// over the texels of one format (read_lanes, write_lanes) lose the switch.
[[gnu::always_inline]] inline void read_channel(std::uint32_t type, const std::byte* p, Color& out,
                                                int slot) {
  switch (type) {
    case kUnormInt8: out.f[slot] = unorm_to_float(load<std::uint8_t>(p), 255.0f); break;
    case kUnormInt16: out.f[slot] = unorm_to_float(load<std::uint16_t>(p), 65535.0f); break;
    case kSnormInt8: out.f[slot] = snorm_to_float(load<std::int8_t>(p), 127.0f); break;
    case kSnormInt16: out.f[slot] = snorm_to_float(load<std::int16_t>(p), 32767.0f); break;
    case kHalfFloat: out.f[slot] = half_to_float(load<std::uint16_t>(p)); break;
    case kFloat: out.f[slot] = load<float>(p); break;
    case kSignedInt8: out.i[slot] = load<std::int8_t>(p); break;
    case kSignedInt16: out.i[slot] = load<std::int16_t>(p); break;
    case kSignedInt32: out.i[slot] = load<std::int32_t>(p); break;
    case kUnsignedInt8: out.u[slot] = load<std::uint8_t>(p); break;
    case kUnsignedInt16: out.u[slot] = load<std::uint16_t>(p); break;
    case kUnsignedInt32: out.u[slot] = load<std::uint32_t>(p); break;
    default: out.u[slot] = 0; break;
  }
}

[[gnu::always_inline]] inline void write_channel(std::uint32_t type, const Color& in, int slot,
                                                 std::byte* p) {
  switch (type) {
    case kUnormInt8: store(p, std::uint8_t(saturate_rte(in.f[slot], 255.0f, 0, 255))); break;
    case kUnormInt16: store(p, std::uint16_t(saturate_rte(in.f[slot], 65535.0f, 0, 65535))); break;
    case kSnormInt8: store(p, std::int8_t(saturate_rte(in.f[slot], 127.0f, -128, 127))); break;
    case kSnormInt16:
      store(p, std::int16_t(saturate_rte(in.f[slot], 32767.0f, -32768, 32767)));
      break;
    case kHalfFloat: store(p, float_to_half(in.f[slot], Rounding::NearestEven)); break;
    case kFloat: store(p, in.f[slot]); break;
    // §8.3.4: convert_char_sat(i) and the like.
    case kSignedInt8: store(p, std::int8_t(std::clamp(in.i[slot], -128, 127))); break;
    case kSignedInt16: store(p, std::int16_t(std::clamp(in.i[slot], -32768, 32767))); break;
    case kSignedInt32: store(p, in.i[slot]); break;
    case kUnsignedInt8: store(p, std::uint8_t(std::min(in.u[slot], 255u))); break;
    case kUnsignedInt16: store(p, std::uint16_t(std::min(in.u[slot], 65535u))); break;
    case kUnsignedInt32: store(p, in.u[slot]); break;
    default: break;
  }
}

unsigned channel_bytes(std::uint32_t type) {
  switch (type) {
    case kUnormInt8: case kSnormInt8: case kSignedInt8: case kUnsignedInt8: return 1;
    case kUnormInt16: case kSnormInt16: case kSignedInt16: case kUnsignedInt16: case kHalfFloat:
      return 2;
    default: return 4;
  }
}

// The packed types (2.2 §5.3.1.1; RGB and RGBx orders, RGBA for 10-10-10-2): field widths and
// shifts of R, G, B and A (0 bits: no alpha field, which reads as 1).
struct Packed {
  unsigned bits[4], shift[4];
  bool wide;  // 32-bit texel
};
bool packed_of(std::uint32_t type, Packed& p) {
  switch (type) {
    case kUnormShort565: p = {{5, 6, 5, 0}, {11, 5, 0, 0}, false}; return true;
    case kUnormShort555: p = {{5, 5, 5, 0}, {10, 5, 0, 0}, false}; return true;
    case kUnormInt101010: p = {{10, 10, 10, 0}, {20, 10, 0, 0}, true}; return true;
    case kUnormInt101010_2: p = {{10, 10, 10, 2}, {22, 12, 2, 0}, true}; return true;
    default: return false;
  }
}

}  // namespace

Color read_texel(const ImageDescriptor& image, const std::byte* texel) {
  Color out{};
  const ColorKind kind = color_kind(image.data_type);
  if (kind == ColorKind::Float) out.f[3] = 1.0f;
  else out.u[3] = 1;  // integer 1 in both integer kinds
  Packed packed;
  if (packed_of(image.data_type, packed)) {
    const std::uint32_t bits =
        packed.wide ? load<std::uint32_t>(texel) : load<std::uint16_t>(texel);
    for (int c = 0; c < 4; ++c) {
      if (packed.bits[c] == 0) continue;
      const std::uint32_t max = (1u << packed.bits[c]) - 1;
      out.f[c] = unorm_to_float((bits >> packed.shift[c]) & max, static_cast<float>(max));
    }
    return out;
  }
  const Layout layout = layout_of(image.order);
  const unsigned size = channel_bytes(image.data_type);
  for (int c = 0; c < 4; ++c) {
    if (layout.position[c] < 0) continue;
    read_channel(image.data_type, texel + layout.position[c] * size, out, c);
  }
  if (is_srgb(image.order))
    for (int c = 0; c < 3; ++c) out.f[c] = srgb_to_linear(out.f[c]);  // alpha stays linear
  return out;
}

void write_texel(const ImageDescriptor& image, const Color& color, std::byte* texel) {
  Packed packed;
  if (packed_of(image.data_type, packed)) {
    std::uint32_t bits = 0;  // the undefined bits of 555 and 101010 written as 0
    for (int c = 0; c < 4; ++c) {
      if (packed.bits[c] == 0) continue;
      const std::int64_t max = (std::int64_t(1) << packed.bits[c]) - 1;
      bits |= std::uint32_t(saturate_rte(color.f[c], static_cast<float>(max), 0, max))
              << packed.shift[c];
    }
    if (packed.wide) store(texel, bits);
    else store(texel, std::uint16_t(bits));
    return;
  }
  Color in = color;
  if (is_srgb(image.order))
    for (int c = 0; c < 3; ++c) in.f[c] = linear_to_srgb(in.f[c]);
  const Layout layout = layout_of(image.order);
  const unsigned size = channel_bytes(image.data_type);
  // The ignored last channel of an x order (3.0 §5.3.1.1: "the fourth channel is ignored")
  // takes the colour's fourth component, converted by the channel type and never through sRGB
  // (alpha's rule, OpenCL C 3.0 §6.15.15.1.2), so that the whole element is defined. The spec
  // gives the channel no value; this is the value a fill stores in it by the CTS
  // (test_cl_fill_images packs all four components of the fill colour into a CL_sRGBx texel).
  if (layout.padded)
    write_channel(image.data_type, in, 3, texel + (image.element_size / size - 1) * size);
  // Each stored channel once: INTENSITY and LUMINANCE store the first component.
  bool done[4] = {false, false, false, false};
  for (int c = 0; c < 4; ++c) {
    const int at = layout.position[c];
    if (at < 0 || done[at]) continue;
    done[at] = true;
    write_channel(image.data_type, in, c, texel + at * size);
  }
}

namespace {

// How a loop over texels places the channels: every order's layout, or the two whose layout
// the compiler may know (RGBA in order, and R alone: R and DEPTH).
enum class Placement { Any, RGBA, R };

template <std::uint32_t Type, Placement P>
void read_lanes(const ImageDescriptor& image, const std::uint32_t* ids, std::uint32_t count,
                const std::uint64_t* addresses, std::byte* colors, std::size_t stride) {
  const bool floats = color_kind(Type) == ColorKind::Float;
  const unsigned size = channel_bytes(Type);
  const Layout layout = layout_of(image.order);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t l = ids[i];
    const auto* texel = reinterpret_cast<const std::byte*>(addresses[l]);
    Color out{};
    if (floats) out.f[3] = 1.0f;
    else out.u[3] = 1;
    if constexpr (P == Placement::RGBA) {
      for (int c = 0; c < 4; ++c) read_channel(Type, texel + c * size, out, c);
    } else if constexpr (P == Placement::R) {
      read_channel(Type, texel, out, 0);
    } else {
      for (int c = 0; c < 4; ++c)
        if (layout.position[c] >= 0)
          read_channel(Type, texel + layout.position[c] * size, out, c);
    }
    std::memcpy(colors + l * stride, &out, sizeof out);
  }
}

template <std::uint32_t Type, Placement P>
void write_lanes(const ImageDescriptor& image, const std::uint32_t* ids, std::uint32_t count,
                 const std::byte* colors, std::size_t stride, const std::uint64_t* addresses) {
  const unsigned size = channel_bytes(Type);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t l = ids[i];
    auto* texel = reinterpret_cast<std::byte*>(addresses[l]);
    Color in;
    std::memcpy(&in, colors + l * stride, sizeof in);
    if constexpr (P == Placement::RGBA) {
      for (int c = 0; c < 4; ++c) write_channel(Type, in, c, texel + c * size);
    } else if constexpr (P == Placement::R) {
      write_channel(Type, in, 0, texel);
    } else {
      write_texel(image, in, texel);
    }
  }
}

// The loop for the image's format: specialised by channel data type and placement for the
// plain types; the packed types and sRGB go texel by texel through read_texel and write_texel.
using ReadLanes = void (*)(const ImageDescriptor&, const std::uint32_t*, std::uint32_t,
                           const std::uint64_t*, std::byte*, std::size_t);
using WriteLanes = void (*)(const ImageDescriptor&, const std::uint32_t*, std::uint32_t,
                            const std::byte*, std::size_t, const std::uint64_t*);
struct LaneLoops {
  ReadLanes read;
  WriteLanes write;
};
template <std::uint32_t Type>
LaneLoops loops_by_placement(std::uint32_t order) {
  if (is_srgb(order)) return {nullptr, nullptr};
  if (order == kRGBA)
    return {read_lanes<Type, Placement::RGBA>, write_lanes<Type, Placement::RGBA>};
  if (order == kR || order == kDepth)
    return {read_lanes<Type, Placement::R>, write_lanes<Type, Placement::R>};
  return {read_lanes<Type, Placement::Any>, write_lanes<Type, Placement::Any>};
}
LaneLoops loops_of(const ImageDescriptor& image) {
  switch (image.data_type) {
    case kUnormInt8: return loops_by_placement<kUnormInt8>(image.order);
    case kUnormInt16: return loops_by_placement<kUnormInt16>(image.order);
    case kSnormInt8: return loops_by_placement<kSnormInt8>(image.order);
    case kSnormInt16: return loops_by_placement<kSnormInt16>(image.order);
    case kHalfFloat: return loops_by_placement<kHalfFloat>(image.order);
    case kFloat: return loops_by_placement<kFloat>(image.order);
    case kSignedInt8: return loops_by_placement<kSignedInt8>(image.order);
    case kSignedInt16: return loops_by_placement<kSignedInt16>(image.order);
    case kSignedInt32: return loops_by_placement<kSignedInt32>(image.order);
    case kUnsignedInt8: return loops_by_placement<kUnsignedInt8>(image.order);
    case kUnsignedInt16: return loops_by_placement<kUnsignedInt16>(image.order);
    case kUnsignedInt32: return loops_by_placement<kUnsignedInt32>(image.order);
    default: return {nullptr, nullptr};
  }
}

}  // namespace

void read_texels(const ImageDescriptor& image, const std::uint32_t* ids, std::uint32_t count,
                 const std::uint64_t* addresses, std::byte* colors, std::size_t stride) {
  if (const ReadLanes loop = loops_of(image).read) {
    loop(image, ids, count, addresses, colors, stride);
    return;
  }
  for (std::uint32_t i = 0; i < count; ++i) {
    const Color out =
        read_texel(image, reinterpret_cast<const std::byte*>(addresses[ids[i]]));
    std::memcpy(colors + ids[i] * stride, &out, sizeof out);
  }
}

void write_texels(const ImageDescriptor& image, const std::uint32_t* ids, std::uint32_t count,
                  const std::byte* colors, std::size_t stride, const std::uint64_t* addresses) {
  if (const WriteLanes loop = loops_of(image).write) {
    loop(image, ids, count, colors, stride, addresses);
    return;
  }
  for (std::uint32_t i = 0; i < count; ++i) {
    Color in;
    std::memcpy(&in, colors + ids[i] * stride, sizeof in);
    write_texel(image, in, reinterpret_cast<std::byte*>(addresses[ids[i]]));
  }
}

Color border_color(const ImageDescriptor& image) {
  Color out{};
  switch (image.order) {
    // The orders without alpha or padding; CL_sRGB reads as (R, G, B, 1) like CL_RGB (SPIR-V
    // environment table 9), which is the one order 1.2 §6.12.14.1.1 does not list.
    case kR: case kRG: case kRGB: case kLuminance: case ksRGB:
      if (color_kind(image.data_type) == ColorKind::Float) out.f[3] = 1.0f;
      else out.u[3] = 1;
      break;
    // Orders with alpha or padding: (0, 0, 0, 0). OpenCL C 3.0 §6.15.15.1.1 lists CL_Rx,
    // CL_RGx, CL_RGBx and CL_sRGBx there by name (as 1.2 §6.12.14.1.1 did the first three),
    // although a texel of theirs reads with alpha 1 (§6.15.15.7); the CTS's reference expects
    // (0, 0, 0, 1) for them and is the one that differs. CL_DEPTH's border value is 0.0f.
    default: break;
  }
  return out;
}

}  // namespace clvet::interp
