// The image functions of OpenCL C (1.2 §6.12.14, 2.0 read_write images): read_image{f,i,ui,h}
// with and without a sampler, write_image{f,i,ui,h} and the get_image_* queries. A read finds
// each lane's texels (OpenCL 1.2 §8.2, SPIR-V environment §7.2-7.5: addressing, filtering and
// the layer of an array), then reads each tap of the sample over all lanes as one batch of
// accesses, so the checkers see texels as they see a load, converted by one loop of the image's
// format (read_texels, write_texels): the lockstep speed of a buffer's loads and stores.
#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <vector>

#include "float_rounding.h"
#include "clvet/interp/builtin_abi.h"
#include "clvet/interp/image.h"

namespace clvet::interp {

namespace {

using namespace cl_values;

// Which value a read returns or a write takes. Signless: SPIR-V's 32-bit integer texel, which
// has no signedness (SPIR-V environment §2.5.1, table 11): the integers as stored for either
// integer kind, converted on writing by the image's own channel data type (§7.4.4).
enum class Texel : std::uint8_t { Float, Int, UInt, Half, Signless };

ColorKind kind_of(Texel t) {
  return t == Texel::Int ? ColorKind::Int : t == Texel::UInt ? ColorKind::UInt : ColorKind::Float;
}
const char* function_suffix(Texel t) {
  switch (t) {
    case Texel::Float: return "f";
    case Texel::Int: return "i";
    case Texel::UInt: return "ui";
    case Texel::Signless: return "i";
    default: return "h";
  }
}

// Whether the read or write function suits the image's channel data type (1.2 §6.12.14.2-4:
// "values returned ... for image objects with image_channel_data_type values not specified in
// the description above are undefined").
bool function_suits(Texel t, std::uint32_t data_type) {
  if (t == Texel::Signless) return color_kind(data_type) != ColorKind::Float;
  return kind_of(t) == color_kind(data_type);
}

// (int)floor(x), saturated so that no coordinate is undefined behaviour on the host.
std::int64_t floor_int(float x) {
  const float f = std::floor(x);
  if (f <= static_cast<float>(INT_MIN)) return INT_MIN;
  if (f >= static_cast<float>(INT_MAX)) return INT_MAX;
  return static_cast<std::int64_t>(f);
}
// rint: round half to even, without the host's rounding mode.
float round_even(float x) {
  const float down = std::floor(x), rest = x - down;
  if (rest > 0.5f) return down + 1;
  if (rest < 0.5f) return down;
  return std::fmod(down, 2.0f) == 0 ? down : down + 1;
}
float frac(float x) { return x - std::floor(x); }

// One dimension of a sample: one or two texel indices and the weight of the second.
struct Axis {
  std::int64_t index[2] = {0, 0};
  float a = 0;  // the weight of index[1] (linear); 1 - a that of index[0]
};

std::int64_t address_mode(std::uint32_t mode, std::int64_t i, std::int64_t size) {
  switch (mode) {
    case SamplerBits::kClampToEdge: return std::clamp<std::int64_t>(i, 0, size - 1);
    case SamplerBits::kClamp: return std::clamp<std::int64_t>(i, -1, size);
    default: return i;  // CLK_ADDRESS_NONE (and modes undefined with unnormalised coordinates)
  }
}

// 1.2 §8.2 for one coordinate `s` of an image dimension of `size` texels.
Axis sample_axis(float s, std::int64_t size, std::uint32_t bits, bool linear) {
  const std::uint32_t mode = bits & SamplerBits::kAddressMask;
  const bool normalized = bits & SamplerBits::kNormalized;
  const float n = static_cast<float>(size);
  Axis axis;
  if (mode == SamplerBits::kRepeat) {
    const float u = (s - std::floor(s)) * n;
    if (!linear) {
      std::int64_t i = floor_int(u);
      if (i > size - 1) i -= size;
      axis.index[0] = axis.index[1] = i;
      return axis;
    }
    std::int64_t i0 = floor_int(u - 0.5f), i1 = i0 + 1;
    if (i0 < 0) i0 += size;
    if (i1 > size - 1) i1 -= size;
    axis.index[0] = i0;
    axis.index[1] = i1;
    axis.a = frac(u - 0.5f);
    return axis;
  }
  if (mode == SamplerBits::kMirroredRepeat) {
    float m = 2.0f * round_even(0.5f * s);
    m = std::fabs(s - m);
    const float u = m * n;
    if (!linear) {
      const std::int64_t i = std::min<std::int64_t>(floor_int(u), size - 1);
      axis.index[0] = axis.index[1] = i;
      return axis;
    }
    const std::int64_t i0 = floor_int(u - 0.5f);
    axis.index[0] = std::max<std::int64_t>(i0, 0);
    axis.index[1] = std::min<std::int64_t>(i0 + 1, size - 1);
    axis.a = frac(u - 0.5f);
    return axis;
  }
  const float u = normalized ? s * n : s;
  if (!linear) {
    axis.index[0] = axis.index[1] = address_mode(mode, floor_int(u), size);
    return axis;
  }
  const std::int64_t i0 = floor_int(u - 0.5f);
  axis.index[0] = address_mode(mode, i0, size);
  axis.index[1] = address_mode(mode, i0 + 1, size);
  axis.a = frac(u - 0.5f);
  return axis;
}

// A lane's sample: up to 8 taps (a 2x2x2 cube), each a texel or the border colour.
struct Sample {
  std::uint64_t address[8];
  float weight[8];
  bool inside[8];
  unsigned taps = 0;
};

// The scratch of one call, kept per host thread. Each function takes a reference to it once:
// every access of a thread_local of a shared library is a call (__tls_get_addr), which the
// lanes' loops would make once per lane.
struct Scratch {
  std::vector<Sample> samples;
  std::vector<std::uint64_t> addresses;
  std::vector<std::uint8_t> ok;  // read as bool[] (one byte each)
  std::vector<std::uint32_t> ids;  // the lanes of one image (lanes_of)
  std::vector<std::uint32_t> inside;  // the lanes whose texel (or tap) is inside the image
  std::vector<std::uint32_t> allowed;  // those of them whose access the engine allowed
  std::vector<Color> colors;
  std::vector<Color> texels;  // one tap's texels, weighed into colors
  std::vector<const ImageDescriptor*> images;
  void size_for(std::uint32_t lanes) {
    if (samples.size() < lanes) {
      samples.resize(lanes);
      addresses.resize(lanes);
      ok.resize(lanes);
      ids.resize(lanes);
      inside.resize(lanes);
      allowed.resize(lanes);
      colors.resize(lanes);
      texels.resize(lanes);
      images.resize(lanes);
    }
  }
};
thread_local Scratch t_scratch;

// The image of each active lane (scratch.images), and the distinct images among them; lanes
// whose value names no image of the launch are reported and left out.
std::vector<const ImageDescriptor*> images_of(const BuiltinCall& c, const char* function) {
  Scratch& scratch = t_scratch;
  std::vector<const ImageDescriptor*> distinct;
  const ImageDescriptor* last = nullptr;
  std::uint64_t last_handle = 0;
  c.lanes.for_each([&](std::uint32_t l) {
    const std::uint64_t handle = c.args[0].get<std::uint64_t>(l);
    if (!last || handle != last_handle) {
      last = c.context->image(handle);
      last_handle = handle;
    }
    scratch.images[l] = last;
    if (!last) {
      c.context->image_problem(l, fmt::format("{}: the image argument names no image of the launch",
                                              function));
      return;
    }
    if (std::find(distinct.begin(), distinct.end(), last) == distinct.end())
      distinct.push_back(last);
  });
  return distinct;
}

// The image every active lane names, or nullptr when they name different images or one that is
// not the launch's (images_of then sorts the lanes out and reports).
const ImageDescriptor* uniform_image(const BuiltinCall& c) {
  if (!c.lanes.count) return nullptr;
  const Operand& arg = c.args[0];
  const std::uint64_t first = arg.get<std::uint64_t>(c.lanes.ids[0]);
  for (std::uint32_t i = 1; i < c.lanes.count; ++i)
    if (arg.get<std::uint64_t>(c.lanes.ids[i]) != first) return nullptr;
  return c.context->image(first);
}

// The lanes of the call whose image is `image`.
Lanes lanes_of(const BuiltinCall& c, Scratch& scratch, const ImageDescriptor* image) {
  std::uint32_t n = 0;
  c.lanes.for_each([&](std::uint32_t l) {
    if (scratch.images[l] == image) scratch.ids[n++] = l;
  });
  return {scratch.ids.data(), n};
}

// The lanes of `lanes` whose access the engine allowed (ok[l]), in scratch.allowed.
Lanes allowed_of(Scratch& scratch, const Lanes& lanes) {
  std::uint32_t n = 0;
  lanes.for_each([&](std::uint32_t l) {
    if (scratch.ok[l]) scratch.allowed[n++] = l;
  });
  return {scratch.allowed.data(), n};
}

// Coordinate component k of lane l as a float (integer coordinates convert exactly enough:
// they are texel indices).
float coordinate(const Operand& coord, std::uint32_t l, unsigned k) {
  if (k >= coord.width) return 0;
  if (coord.scalar == Scalar::Float) return coord.get<float>(l, k);
  return static_cast<float>(coord.get<std::int32_t>(l, k));
}
std::int64_t int_coordinate(const Operand& coord, std::uint32_t l, unsigned k) {
  return k < coord.width ? coord.get<std::int32_t>(l, k) : 0;
}

// Names the texel for findings: "(x, y)" or "(x, y, layer 2)".
std::string where(const ImageDescriptor& image, const std::int64_t* at) {
  switch (image.type) {
    case kImage1DArray: return fmt::format("({}, layer {})", at[0], at[1]);
    case kImage2D: return fmt::format("({}, {})", at[0], at[1]);
    case kImage2DArray: return fmt::format("({}, {}, layer {})", at[0], at[1], at[2]);
    case kImage3D: return fmt::format("({}, {}, {})", at[0], at[1], at[2]);
    default: return fmt::format("({})", at[0]);
  }
}
std::string named(const ImageDescriptor& image) {
  return image.label.empty() ? fmt::format("image argument {}", image.arg) : image.label;
}

// Reads every lane's taps, a batch of accesses and one loop of the image's format per tap, and
// combines them into scratch.colors: a tap outside the image, or whose access the engine
// refused, is the border colour.
void gather(const BuiltinCall& c, Scratch& scratch, const ImageDescriptor& image,
            const Lanes& lanes, bool blend) {
  unsigned taps = 0;
  lanes.for_each([&](std::uint32_t l) { taps = std::max(taps, scratch.samples[l].taps); });
  const Color border = border_color(image);
  const bool weigh = blend && color_kind(image.data_type) == ColorKind::Float;
  if (weigh) lanes.for_each([&](std::uint32_t l) { scratch.colors[l] = Color{}; });
  Color* texels = weigh ? scratch.texels.data() : scratch.colors.data();
  for (unsigned t = 0; t < taps; ++t) {
    std::uint32_t n = 0;
    lanes.for_each([&](std::uint32_t l) {
      const Sample& s = scratch.samples[l];
      if (t >= s.taps) return;
      if (!s.inside[t]) {
        texels[l] = border;
        return;
      }
      scratch.inside[n++] = l;
      scratch.addresses[l] = s.address[t];
    });
    const Lanes batch{scratch.inside.data(), n};
    if (batch.count) {
      c.context->access_lanes(batch, scratch.addresses.data(), image.element_size, Access::Read,
                              kGlobal, reinterpret_cast<bool*>(scratch.ok.data()));
      const Lanes allowed = allowed_of(scratch, batch);
      if (allowed.count != batch.count)
        batch.for_each([&](std::uint32_t l) { texels[l] = border; });
      read_texels(image, allowed.ids, allowed.count, scratch.addresses.data(),
                  reinterpret_cast<std::byte*>(texels), sizeof(Color));
    }
    if (!weigh) continue;
    lanes.for_each([&](std::uint32_t l) {
      const Sample& s = scratch.samples[l];
      if (t >= s.taps) return;
      for (int k = 0; k < 4; ++k) scratch.colors[l].f[k] += s.weight[t] * texels[l].f[k];
    });
  }
}

// Stores each lane's colour as the function's result type.
void put_result(const BuiltinCall& c, const Scratch& scratch, const Lanes& lanes, Texel t) {
  if (t != Texel::Half && c.result.width == 4) {
    lanes.for_each([&](std::uint32_t l) {
      std::memcpy(c.result.base + std::size_t(l) * c.result.stride, &scratch.colors[l],
                  sizeof(Color));
    });
    return;
  }
  lanes.for_each([&](std::uint32_t l) {
    const Color& color = scratch.colors[l];
    for (unsigned k = 0; k < 4 && k < c.result.width; ++k) {
      if (t == Texel::Half)
        c.result.set<std::uint16_t>(l, k, float_to_half(color.f[k], Rounding::NearestEven));
      else
        c.result.set<std::uint32_t>(l, k, color.u[k]);
    }
  });
}

// Lanes whose value names no image read as 0.
void clear_unnamed(const BuiltinCall& c, const Scratch& scratch, Texel t) {
  c.lanes.for_each([&](std::uint32_t l) {
    if (scratch.images[l]) return;
    for (unsigned k = 0; k < 4 && k < c.result.width; ++k) {
      if (t == Texel::Half) c.result.set<std::uint16_t>(l, k, 0);
      else c.result.set<std::uint32_t>(l, k, 0);
    }
  });
}

// Runs `each(image, lanes)` once per image the call's lanes name: once for all of them when
// they name one image (the usual call), else per distinct image, the lanes that name none
// reported and, for a read, given 0.
template <class Each>
void by_image(const BuiltinCall& c, Scratch& scratch, const char* function, bool read, Texel t,
              Each&& each) {
  scratch.size_for(c.context->lane_count());
  if (const ImageDescriptor* image = uniform_image(c)) {
    each(*image, c.lanes);
    return;
  }
  for (const ImageDescriptor* image : images_of(c, function))
    each(*image, lanes_of(c, scratch, image));
  if (read) clear_unnamed(c, scratch, t);
}

constexpr const char* kReadName[] = {"read_imagef", "read_imagei", "read_imageui", "read_imageh",
                                     "read_imagei"};
constexpr const char* kWriteName[] = {"write_imagef", "write_imagei", "write_imageui",
                                      "write_imageh", "write_imagei"};

void check_read_allowed(const BuiltinCall& c, const ImageDescriptor& image, const Lanes& lanes,
                        Texel t) {
  if (!image.kernel_reads && lanes.count)
    c.context->image_problem(lanes.ids[0],
                             fmt::format("read_image{} of {}, which the kernel declares "
                                         "write_only (§6.7.6: a write_only image cannot be read)",
                                         function_suffix(t), named(image)));
  if (!function_suits(t, image.data_type) && lanes.count)
    c.context->image_problem(
        lanes.ids[0],
        fmt::format("read_image{} of {}, whose channel data type 0x{:X} it does not read: the "
                    "values returned are undefined (1.2 §6.12.14.2)",
                    function_suffix(t), named(image), image.data_type));
}

// Reads the texels of `inside` (at scratch.addresses) as one batch of accesses and one loop of
// the image's format, and gives every lane of `lanes` its colour: its texel's, or the border
// colour where its texel is outside the image or the engine refused the access.
void read_inside(const BuiltinCall& c, Scratch& scratch, const ImageDescriptor& image,
                 const Lanes& lanes, const Lanes& inside, Texel t) {
  Lanes allowed{};
  if (inside.count) {
    c.context->access_lanes(inside, scratch.addresses.data(), image.element_size, Access::Read,
                            kGlobal, reinterpret_cast<bool*>(scratch.ok.data()));
    allowed = allowed_of(scratch, inside);
  }
  // A result of four 32-bit components is a Color's bytes: the texels go straight into it.
  const bool direct = t != Texel::Half && c.result.width == 4;
  std::byte* colors = direct ? c.result.base : reinterpret_cast<std::byte*>(scratch.colors.data());
  const std::size_t stride = direct ? c.result.stride : sizeof(Color);
  if (allowed.count != lanes.count) {
    const Color border = border_color(image);
    lanes.for_each([&](std::uint32_t l) {
      std::memcpy(colors + std::size_t(l) * stride, &border, sizeof border);
    });
  }
  read_texels(image, allowed.ids, allowed.count, scratch.addresses.data(), colors, stride);
  if (!direct) put_result(c, scratch, lanes, t);
}

// The sampler of every lane of `lanes`, or false when they differ.
bool uniform_sampler(const BuiltinCall& c, const Lanes& lanes, std::uint32_t& bits) {
  const Operand& sampler = c.args[1];
  const std::uint64_t first = sampler.get<std::uint64_t>(lanes.ids[0]);
  for (std::uint32_t i = 1; i < lanes.count; ++i)
    if (sampler.get<std::uint64_t>(lanes.ids[i]) != first) return false;
  bits = static_cast<std::uint32_t>(first);
  return true;
}

// §8.4: the layer of an array, always unnormalised, clamp(rint(v), 0, layers - 1).
std::int64_t layer_of(const ImageDescriptor& image, float v) {
  return std::clamp<std::int64_t>(
      std::isfinite(v) ? static_cast<std::int64_t>(std::clamp(round_even(v), -1.0f, 1e9f)) : 0,
      0, static_cast<std::int64_t>(image.array_size) - 1);
}

// read_sampled for lanes that share one nearest sampler (the usual call): each lane's one texel
// is found and read in the batch, without the taps and weights of a linear sample.
void read_nearest(const BuiltinCall& c, Scratch& scratch, const ImageDescriptor& image,
                  const Lanes& lanes, std::uint32_t bits, Texel t) {
  const Operand& coord = c.args[2];
  const unsigned dims = image.dimensions();
  const std::int64_t extent[3] = {static_cast<std::int64_t>(image.extent(0)),
                                  static_cast<std::int64_t>(image.extent(1)),
                                  static_cast<std::int64_t>(image.extent(2))};
  const bool undefined_coordinates =
      coord.scalar == Scalar::Int && (bits & SamplerBits::kNormalized);
  std::uint32_t n = 0;
  lanes.for_each([&](std::uint32_t l) {
    if (undefined_coordinates)
      c.context->image_problem(l, "read_image with integer coordinates and a sampler with "
                                  "normalised coordinates or linear filtering: undefined "
                                  "(1.2 §6.12.14.2)");
    std::int64_t at[3] = {0, 0, 0};
    bool finite = true, inside = true;
    for (unsigned d = 0; d < dims; ++d) {
      const float s = coordinate(coord, l, d);
      finite = finite && std::isfinite(s);
      at[d] = sample_axis(s, extent[d], bits, false).index[0];
      inside = inside && at[d] >= 0 && at[d] < extent[d];
    }
    if (image.is_array()) {
      const float v = coordinate(coord, l, dims);
      finite = finite && std::isfinite(v);
      at[dims] = layer_of(image, v);
    }
    if (!finite)
      c.context->image_problem(l, fmt::format("read_image{} of {} at a NaN or infinite "
                                              "coordinate: undefined (1.2 §8.2)",
                                              function_suffix(t), named(image)));
    if (!inside) return;
    scratch.addresses[l] = reinterpret_cast<std::uint64_t>(
        image.texel(static_cast<std::uint64_t>(at[0]), static_cast<std::uint64_t>(at[1]),
                    static_cast<std::uint64_t>(at[2])));
    scratch.inside[n++] = l;
  });
  read_inside(c, scratch, image, lanes, {scratch.inside.data(), n}, t);
}

// read_image{f,i,ui,h}(image, sampler, coord).
template <Texel T>
void read_sampled(const BuiltinCall& c) {
  Scratch& scratch = t_scratch;
  const Operand& coord = c.args[2];
  by_image(c, scratch, "read_image", true, T, [&](const ImageDescriptor& image_of, const Lanes& lanes) {
    const ImageDescriptor* image = &image_of;
    check_read_allowed(c, *image, lanes, T);
    std::uint32_t uniform_bits = 0;
    if (lanes.count && uniform_sampler(c, lanes, uniform_bits) &&
        !(uniform_bits & SamplerBits::kFilterLinear)) {
      read_nearest(c, scratch, *image, lanes, uniform_bits, T);
      return;
    }
    const unsigned dims = image->dimensions();
    const std::int64_t extent[3] = {static_cast<std::int64_t>(image->extent(0)),
                                    static_cast<std::int64_t>(image->extent(1)),
                                    static_cast<std::int64_t>(image->extent(2))};
    bool blend = false;
    lanes.for_each([&](std::uint32_t l) {
      std::uint32_t bits = static_cast<std::uint32_t>(c.args[1].get<std::uint64_t>(l));
      bool linear = bits & SamplerBits::kFilterLinear;
      if (linear && (T == Texel::Int || T == Texel::UInt || T == Texel::Signless)) {
        c.context->image_problem(l, fmt::format("read_image{} with a CLK_FILTER_LINEAR sampler: "
                                                "integer reads support nearest filtering only, "
                                                "the value is undefined (1.2 §6.12.14.2); read "
                                                "with CLK_FILTER_NEAREST",
                                                function_suffix(T)));
        linear = false;
      }
      if (coord.scalar == Scalar::Int &&
          ((bits & SamplerBits::kNormalized) || linear)) {
        c.context->image_problem(l, "read_image with integer coordinates and a sampler with "
                                    "normalised coordinates or linear filtering: undefined "
                                    "(1.2 §6.12.14.2)");
      }
      blend = blend || linear;
      Axis axes[3];
      bool finite = true;
      for (unsigned d = 0; d < dims; ++d) {
        const float s = coordinate(coord, l, d);
        finite = finite && std::isfinite(s);
        axes[d] = sample_axis(s, extent[d], bits, linear);
      }
      std::int64_t layer = 0;
      if (image->is_array()) {
        const float v = coordinate(coord, l, dims);
        finite = finite && std::isfinite(v);
        layer = layer_of(*image, v);
      }
      if (!finite)
        c.context->image_problem(l, fmt::format("read_image{} of {} at a NaN or infinite "
                                                "coordinate: undefined (1.2 §8.2)",
                                                function_suffix(T), named(*image)));
      Sample& s = scratch.samples[l];
      const unsigned per_axis = linear ? 2 : 1;
      s.taps = 1;
      for (unsigned d = 0; d < dims; ++d) s.taps *= per_axis;
      for (unsigned t = 0; t < s.taps; ++t) {
        std::int64_t at[3] = {0, 0, 0};
        float weight = 1;
        bool inside = true;
        for (unsigned d = 0; d < dims; ++d) {
          const unsigned which = linear ? (t >> d) & 1 : 0;
          at[d] = axes[d].index[which];
          if (linear) weight *= which ? axes[d].a : 1 - axes[d].a;
          inside = inside && at[d] >= 0 && at[d] < extent[d];
        }
        if (image->type == kImage1DArray) at[1] = layer;
        if (image->type == kImage2DArray) at[2] = layer;
        s.weight[t] = weight;
        s.inside[t] = inside;
        s.address[t] = inside ? reinterpret_cast<std::uint64_t>(image->texel(
                                    static_cast<std::uint64_t>(at[0]),
                                    static_cast<std::uint64_t>(at[1]),
                                    static_cast<std::uint64_t>(at[2])))
                              : 0;
      }
    });
    gather(c, scratch, *image, lanes, blend);
    put_result(c, scratch, lanes, T);
  });
}

// The texel a sampler-less read or a write names, or false (reported) when it is outside the
// image or its layer outside the array: undefined (SPIR-V environment §7.5; 1.2 §6.12.14.4).
bool texel_at(const BuiltinCall& c, const ImageDescriptor& image, std::uint32_t l,
              const Operand& coord, const char* function, std::uint64_t& address) {
  std::int64_t at[3] = {0, 0, 0};
  const unsigned used = image.dimensions() + (image.is_array() ? 1 : 0);
  for (unsigned d = 0; d < used; ++d) at[d] = int_coordinate(coord, l, d);
  for (unsigned d = 0; d < used; ++d) {
    if (at[d] >= 0 && at[d] < static_cast<std::int64_t>(image.extent(d))) continue;
    const bool layer = image.is_array() && d == used - 1;
    static const char* const kCoordinate[] = {"x", "y", "z"};
    static const char* const kExtent[] = {"width", "height", "depth"};
    c.context->image_problem(
        l, layer ? fmt::format("{} of {} at {}: layer {} is outside the array's {} layers, "
                               "undefined (SPIR-V environment §7.5)",
                               function, named(image), where(image, at), at[d], image.extent(d))
                 : fmt::format("{} of {} at {}: {} = {} is outside the image's {} of {}, "
                               "undefined (1.2 §6.12.14.4)",
                               function, named(image), where(image, at), kCoordinate[d], at[d],
                               kExtent[d], image.extent(d)));
    return false;
  }
  address = reinterpret_cast<std::uint64_t>(image.texel(
      static_cast<std::uint64_t>(at[0]), static_cast<std::uint64_t>(at[1]),
      static_cast<std::uint64_t>(at[2])));
  return true;
}

// texel_at over `lanes` whose coordinate has its `Used` components (x, then y or the layer,
// then z or the layer): each address in scratch.addresses, and the lanes whose texel is inside
// the image returned (in scratch.inside); texel_at reports the others.
template <unsigned Used>
Lanes texels_inside(const BuiltinCall& c, Scratch& scratch, const ImageDescriptor& image,
                    const Lanes& lanes, const Operand& coord, const char* function) {
  const std::uint64_t extent[3] = {image.extent(0), image.extent(1), image.extent(2)};
  // ImageDescriptor::texel's strides: a 1D array's layer is its y, a slice apart.
  const std::uint64_t step[3] = {
      image.element_size, image.type == kImage1DArray ? image.slice_pitch : image.row_pitch,
      image.slice_pitch};
  const auto data = reinterpret_cast<std::uint64_t>(image.data);
  std::uint32_t n = 0;
  lanes.for_each([&](std::uint32_t l) {
    const std::byte* at = coord.base + std::size_t(l) * coord.stride;
    std::uint64_t address = data;
    bool inside = true;
    for (unsigned d = 0; d < Used; ++d) {
      std::int32_t v;
      std::memcpy(&v, at + d * sizeof v, sizeof v);
      const auto index = static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
      inside = inside && index < extent[d];  // a negative index is above every extent
      address += index * step[d];
    }
    if (!inside) {
      texel_at(c, image, l, coord, function, scratch.addresses[l]);
      return;
    }
    scratch.addresses[l] = address;
    scratch.inside[n++] = l;
  });
  return {scratch.inside.data(), n};
}
Lanes texels_inside(const BuiltinCall& c, Scratch& scratch, const ImageDescriptor& image,
                    const Lanes& lanes, const Operand& coord, const char* function) {
  const unsigned used = image.dimensions() + (image.is_array() ? 1 : 0);
  if (coord.width >= used) {
    switch (used) {
      case 1: return texels_inside<1>(c, scratch, image, lanes, coord, function);
      case 2: return texels_inside<2>(c, scratch, image, lanes, coord, function);
      default: return texels_inside<3>(c, scratch, image, lanes, coord, function);
    }
  }
  std::uint32_t n = 0;  // components past the coordinate's width are 0
  lanes.for_each([&](std::uint32_t l) {
    if (texel_at(c, image, l, coord, function, scratch.addresses[l])) scratch.inside[n++] = l;
  });
  return {scratch.inside.data(), n};
}

// read_image{f,i,ui,h}(image, int coord): no sampler, the texel itself; outside the image, or
// where the engine refused the access, the border colour.
template <Texel T>
void read_plain(const BuiltinCall& c) {
  Scratch& scratch = t_scratch;
  const Operand& coord = c.args[1];
  const char* function = kReadName[static_cast<int>(T)];
  by_image(c, scratch, function, true, T, [&](const ImageDescriptor& image, const Lanes& lanes) {
    check_read_allowed(c, image, lanes, T);
    read_inside(c, scratch, image, lanes,
                texels_inside(c, scratch, image, lanes, coord, function), T);
  });
}

// write_image{f,i,ui,h}(image, int coord, color).
template <Texel T>
void write(const BuiltinCall& c) {
  Scratch& scratch = t_scratch;
  const Operand& coord = c.args[1];
  const Operand& value = c.args[2];
  const char* function = kWriteName[static_cast<int>(T)];
  by_image(c, scratch, function, false, T, [&](const ImageDescriptor& image, const Lanes& lanes) {
    if (!image.kernel_writes && lanes.count)
      c.context->image_problem(lanes.ids[0],
                               fmt::format("{} of {}, which the kernel declares read_only "
                                           "(§6.7.6: a read_only image cannot be written)",
                                           function, named(image)));
    if (!function_suits(T, image.data_type) && lanes.count) {
      c.context->image_problem(
          lanes.ids[0],
          fmt::format("{} of {}, whose channel data type 0x{:X} it does not write: undefined "
                      "(1.2 §6.12.14.4); nothing was written",
                      function, named(image), image.data_type));
      return;
    }
    const Lanes inside = texels_inside(c, scratch, image, lanes, coord, function);
    if (!inside.count) return;
    c.context->access_lanes(inside, scratch.addresses.data(), image.element_size, Access::Write,
                            kGlobal, reinterpret_cast<bool*>(scratch.ok.data()));
    const Lanes allowed = allowed_of(scratch, inside);
    // A value of four 32-bit components is a Color's bytes: the texels come straight from it.
    if (T != Texel::Half && value.width == 4) {
      write_texels(image, allowed.ids, allowed.count, value.base, value.stride,
                   scratch.addresses.data());
      return;
    }
    // A depth image's write_imagef gives one component, the depth; the others are 0.
    const unsigned components = std::min<unsigned>(value.width, 4);
    allowed.for_each([&](std::uint32_t l) {
      Color& color = scratch.colors[l];
      color = Color{};
      for (unsigned k = 0; k < components; ++k) {
        if (T == Texel::Half) color.f[k] = half_to_float(value.get<std::uint16_t>(l, k));
        else color.u[k] = value.get<std::uint32_t>(l, k);
      }
    });
    write_texels(image, allowed.ids, allowed.count,
                 reinterpret_cast<const std::byte*>(scratch.colors.data()), sizeof(Color),
                 scratch.addresses.data());
  });
}

// get_image_*: one query of the image's shape or format.
enum class Query : std::uint8_t { Width, Height, Depth, ArraySize, Dim, DataType, Order };

template <Query Q>
void query(const BuiltinCall& c) {
  Scratch& scratch = t_scratch;
  scratch.size_for(c.context->lane_count());
  images_of(c, "get_image_*");
  c.lanes.for_each([&](std::uint32_t l) {
    const ImageDescriptor* image = scratch.images[l];
    auto set32 = [&](unsigned k, std::uint64_t v) {
      c.result.set<std::int32_t>(l, k, static_cast<std::int32_t>(v));
    };
    if (!image) {
      for (unsigned k = 0; k < c.result.width; ++k) {
        if (Q == Query::ArraySize) c.result.set<std::uint64_t>(l, k, 0);
        else set32(k, 0);
      }
      return;
    }
    switch (Q) {
      case Query::Width: set32(0, image->width); break;
      case Query::Height: set32(0, image->height); break;
      case Query::Depth: set32(0, image->depth); break;
      case Query::ArraySize: c.result.set<std::uint64_t>(l, 0, image->array_size); break;
      case Query::DataType: set32(0, image->data_type); break;
      case Query::Order: set32(0, image->order); break;
      case Query::Dim:
        set32(0, image->width);
        set32(1, image->height);
        if (c.result.width >= 4) {
          set32(2, image->type == kImage3D ? image->depth : 0);
          set32(3, 0);
        }
        break;
    }
  });
}

bool is_image(const ParamType& p) { return p.scalar == Scalar::Other && !p.pointer; }

template <Texel T>
BuiltinFn resolve_read_of(const Signature& s) {
  if (s.params.size() == 3 && is_image(s.params[0]) && s.params[1].scalar == Scalar::Sampler &&
      (s.params[2].scalar == Scalar::Float || s.params[2].scalar == Scalar::Int))
    return read_sampled<T>;
  if (s.params.size() == 2 && is_image(s.params[0]) && s.params[1].scalar == Scalar::Int)
    return read_plain<T>;
  return nullptr;
}

// write_image{f,i,ui,h}(image, coord, colour): a four-component colour, or (OpenCL C 2.0
// §6.13.14.4, cl_khr_depth_images) write_imagef's float depth to an image2d_depth_t or
// image2d_array_depth_t.
template <Texel T>
BuiltinFn resolve_write_of(const Signature& s) {
  if (s.params.size() != 3 || !is_image(s.params[0]) || s.params[1].scalar != Scalar::Int)
    return nullptr;
  if (s.params[2].width != 4 && !(T == Texel::Float && s.params[2].width == 1)) return nullptr;
  const Scalar v = s.params[2].scalar;
  const bool fits = T == Texel::Float      ? v == Scalar::Float
                    : T == Texel::Int      ? v == Scalar::Int
                    : T == Texel::UInt     ? v == Scalar::UInt
                    : T == Texel::Signless ? v == Scalar::Int || v == Scalar::UInt
                                       : v == Scalar::Half;
  return fits ? write<T> : nullptr;
}

template <Query Q>
BuiltinFn resolve_query(const Signature& s) {
  return s.params.size() == 1 && is_image(s.params[0]) ? query<Q> : nullptr;
}

// Clang's program-scope and literal samplers: __translate_sampler_initializer(int) gives the
// sampler_t of the CLK_* bits, which is what every sampler value is to the built-ins.
void translate_sampler(const BuiltinCall& c) {
  c.lanes.for_each([&](std::uint32_t l) {
    c.result.set<std::uint64_t>(l, 0, static_cast<std::uint32_t>(c.args[0].get<std::int32_t>(l)));
  });
}
BuiltinFn resolve_translate_sampler(const Signature& s) {
  return s.params.size() <= 1 ? translate_sampler : nullptr;
}

}  // namespace

void register_image_builtins(BuiltinRegistry& r) {
  r.add("read_imagef", resolve_read_of<Texel::Float>);
  r.add("read_imagei", resolve_read_of<Texel::Int>);
  r.add("read_imageui", resolve_read_of<Texel::UInt>);
  r.add("read_imageh", resolve_read_of<Texel::Half>);
  r.add("write_imagef", resolve_write_of<Texel::Float>);
  r.add("write_imagei", resolve_write_of<Texel::Int>);
  r.add("write_imageui", resolve_write_of<Texel::UInt>);
  r.add("write_imageh", resolve_write_of<Texel::Half>);
  // SPIR-V's OpImageRead and OpImageWrite of integer texels, which translate_spirv names so.
  r.add(kSignlessReadImage, resolve_read_of<Texel::Signless>);
  r.add(kSignlessWriteImage, resolve_write_of<Texel::Signless>);
  r.add("get_image_width", resolve_query<Query::Width>);
  r.add("get_image_height", resolve_query<Query::Height>);
  r.add("get_image_depth", resolve_query<Query::Depth>);
  r.add("get_image_array_size", resolve_query<Query::ArraySize>);
  r.add("get_image_dim", resolve_query<Query::Dim>);
  r.add("get_image_channel_data_type", resolve_query<Query::DataType>);
  r.add("get_image_channel_order", resolve_query<Query::Order>);
  r.add("__translate_sampler_initializer", resolve_translate_sampler);
}

}  // namespace clvet::interp
