// Rebuilding an image's pixels from the calls that wrote them.
#include "image_contents.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

#include "call_params.h"
#include "clvet/rules/opencl.h"
#include "trace_document.h"

namespace clvet::gui {
namespace {

struct ChannelType {
  std::uint32_t size;  // bytes per channel; of the whole element for a packed type
  bool normalized;
  bool packed;         // the channels share one unsigned short or int
};

std::optional<ChannelType> channel_type(std::uint32_t type) {
  switch (type) {
    case CL_SNORM_INT8: case CL_UNORM_INT8: return ChannelType{1, true, false};
    case CL_SIGNED_INT8: case CL_UNSIGNED_INT8: return ChannelType{1, false, false};
    case CL_SNORM_INT16: case CL_UNORM_INT16: return ChannelType{2, true, false};
    case CL_SIGNED_INT16: case CL_UNSIGNED_INT16: case CL_HALF_FLOAT: return ChannelType{2, false, false};
    case CL_SIGNED_INT32: case CL_UNSIGNED_INT32: case CL_FLOAT: return ChannelType{4, false, false};
    case CL_UNORM_SHORT_565: case CL_UNORM_SHORT_555: return ChannelType{2, true, true};
    case CL_UNORM_INT_101010: case CL_UNORM_INT_101010_2: return ChannelType{4, true, true};
    default: return std::nullopt;
  }
}

// Channel `c` of a packed element, normalised: the first channel in the most significant bits
// (2.2 §5.3.1.1): 565 R 15:11, G 10:5, B 4:0; 555 R 14:10, G 9:5, B 4:0 (bit 15 undefined);
// 101010 R 29:20, G 19:10, B 9:0 (bits 31:30 undefined); 101010_2 R 31:22, G 21:12, B 11:2,
// A 1:0.
std::optional<double> packed_channel(std::uint32_t type, std::uint32_t element, int c) {
  struct Field {
    int shift, bits;
  };
  static constexpr Field k565[] = {{11, 5}, {5, 6}, {0, 5}}, k555[] = {{10, 5}, {5, 5}, {0, 5}},
                         k101010[] = {{20, 10}, {10, 10}, {0, 10}},
                         k101010_2[] = {{22, 10}, {12, 10}, {2, 10}, {0, 2}};
  const Field* fields = nullptr;
  int count = 0;
  switch (type) {
    case CL_UNORM_SHORT_565: fields = k565; count = 3; break;
    case CL_UNORM_SHORT_555: fields = k555; count = 3; break;
    case CL_UNORM_INT_101010: fields = k101010; count = 3; break;
    case CL_UNORM_INT_101010_2: fields = k101010_2; count = 4; break;
    default: return std::nullopt;
  }
  if (c < 0 || c >= count) return std::nullopt;
  const std::uint32_t max = (1u << fields[c].bits) - 1;
  return ((element >> fields[c].shift) & max) / double(max);
}

QString channel_names(std::uint32_t order) {
  switch (order) {
    case CL_R: case CL_Rx: return QStringLiteral("R");
    case CL_A: return QStringLiteral("A");
    case CL_INTENSITY: return QStringLiteral("I");
    case CL_LUMINANCE: return QStringLiteral("L");
    case CL_DEPTH: return QStringLiteral("D");
    case CL_RG: case CL_RGx: return QStringLiteral("RG");
    case CL_RA: return QStringLiteral("RA");
    case CL_RGB: case CL_RGBx: case CL_sRGB: case CL_sRGBx: return QStringLiteral("RGB");
    case CL_RGBA: case CL_sRGBA: return QStringLiteral("RGBA");
    case CL_BGRA: case CL_sBGRA: return QStringLiteral("BGRA");
    case CL_ARGB: return QStringLiteral("ARGB");
    case CL_ABGR: return QStringLiteral("ABGR");
    default: return {};
  }
}

double half_value(std::uint16_t h) {
  const int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  const double sign = (h & 0x8000) ? -1.0 : 1.0;
  if (e == 0) return sign * std::ldexp(m, -24);
  if (e == 31) return m ? NAN : sign * INFINITY;
  return sign * std::ldexp(m + 1024, e - 25);
}

// Copies a region given as rows of `row_pitch` bytes (0: packed) into the packed pixels.
void put_region(ImagePixels& img, const std::string& data, const std::uint64_t origin[3],
                const std::uint64_t region[3], std::uint64_t row_pitch, std::uint64_t slice_pitch) {
  const std::uint64_t row_bytes = region[0] * img.element_size;
  if (row_pitch == 0) row_pitch = row_bytes;
  if (slice_pitch == 0) slice_pitch = row_pitch * region[1];
  for (std::uint64_t z = 0; z < region[2]; ++z)
    for (std::uint64_t y = 0; y < region[1]; ++y) {
      const std::uint64_t from = z * slice_pitch + y * row_pitch;
      const std::uint64_t ty = origin[1] + y, tz = origin[2] + z;
      if (from + row_bytes > data.size() || ty >= img.height || tz >= img.depth) continue;
      const std::uint64_t pixel = (tz * img.height + ty) * img.width + origin[0];
      const std::uint64_t n = std::min(region[0], img.width - std::min(img.width, origin[0]));
      std::memcpy(img.bytes.data() + pixel * img.element_size, data.data() + from, n * img.element_size);
      for (std::uint64_t i = 0; i < n; ++i) img.known[pixel + i] = true;
    }
}

// A struct the trace holds as its fields (an Array) or as its bytes (Bytes or a Blob), as
// 64-bit little-endian fields of the C layout given by `offsets` and `sizes`.
std::vector<std::uint64_t> fields(TraceDocument& doc, const trace::Value& v,
                                  std::initializer_list<std::pair<std::uint32_t, std::uint32_t>> layout) {
  std::vector<std::uint64_t> out;
  if (v.kind == trace::ValueKind::Array) {
    for (const trace::Value& item : v.items) out.push_back(item.number);
    return out;
  }
  const auto bytes = doc.bytesOf(v);
  if (!bytes) return out;
  for (const auto& [offset, size] : layout) {
    std::uint64_t value = 0;
    if (offset + size <= bytes->size()) std::memcpy(&value, bytes->data() + offset, size);
    out.push_back(value);
  }
  return out;
}

void triple(const trace::Value& v, std::uint64_t out[3], std::uint64_t fill) {
  for (int i = 0; i < 3; ++i) out[i] = i < static_cast<int>(v.items.size()) ? v.items[static_cast<std::size_t>(i)].number : fill;
}

}  // namespace

std::optional<double> ImagePixels::channel(std::uint64_t x, std::uint64_t y, int c, std::uint64_t z) const {
  if (x >= width || y >= height || z >= depth || c < 0 || c >= channels || !element_size) return std::nullopt;
  const std::uint64_t pixel = (z * height + y) * width + x;
  if (!known[pixel]) return std::nullopt;
  const auto channel_size = channel_type(type);
  if (!channel_size) return std::nullopt;
  const char* element = bytes.data() + pixel * element_size;
  if (channel_size->packed) {
    std::uint32_t packed = 0;
    std::memcpy(&packed, element, channel_size->size);  // little-endian: the low bytes
    return packed_channel(type, packed, c);
  }
  const std::uint32_t size = channel_size->size;  // the x orders' ignored channel comes last
  const char* p = element + static_cast<std::uint64_t>(c) * size;
  auto load = [p]<typename T>(T) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  switch (type) {
    case CL_UNORM_INT8: return load(std::uint8_t{}) / 255.0;
    case CL_SNORM_INT8: return std::max(-1.0, load(std::int8_t{}) / 127.0);
    case CL_UNSIGNED_INT8: return load(std::uint8_t{});
    case CL_SIGNED_INT8: return load(std::int8_t{});
    case CL_UNORM_INT16: return load(std::uint16_t{}) / 65535.0;
    case CL_SNORM_INT16: return std::max(-1.0, load(std::int16_t{}) / 32767.0);
    case CL_UNSIGNED_INT16: return load(std::uint16_t{});
    case CL_SIGNED_INT16: return load(std::int16_t{});
    case CL_HALF_FLOAT: return half_value(load(std::uint16_t{}));
    case CL_UNSIGNED_INT32: return load(std::uint32_t{});
    case CL_SIGNED_INT32: return load(std::int32_t{});
    case CL_FLOAT: return load(float{});
    default: return std::nullopt;
  }
}

QString ImagePixels::pixelText(std::uint64_t x, std::uint64_t y, std::uint64_t z) const {
  QStringList parts;
  for (int c = 0; c < channels; ++c) {
    const auto v = channel(x, y, c, z);
    if (!v) return QStringLiteral("??");
    parts << (normalized || type == CL_FLOAT || type == CL_HALF_FLOAT ? QString::number(*v, 'g', 6)
                                                                      : QString::number(static_cast<std::int64_t>(*v)));
  }
  return parts.join(QStringLiteral(", "));
}

ImagePixels image_at(TraceDocument& doc, const trace::Handle& mem, std::uint64_t at) {
  ImagePixels img;
  const ObjectLife* life = doc.facts().object(mem);
  if (!life) {
    img.error = QObject::tr("not in the trace");
    return img;
  }
  std::unordered_map<std::uint64_t, std::pair<std::array<std::uint64_t, 3>, std::array<std::uint64_t, 3>>> mapped;
  for (std::uint64_t index : life->calls) {
    if (at && index > at) break;
    auto call = doc.call(index);
    if (!call || !call->completed || call->error != 0) continue;
    const std::string& name = call->name;
    if (name == "clCreateImage" || name == "clCreateImage2D" || name == "clCreateImage3D" ||
        name == "clCreateImageWithProperties") {
      const auto format = fields(doc, param(*call, "image_format"), {{0, 4}, {4, 4}});
      if (format.size() < 2) continue;
      img.order = static_cast<std::uint32_t>(format[0]);
      img.type = static_cast<std::uint32_t>(format[1]);
      std::uint64_t row_pitch = 0, slice_pitch = 0;
      if (name == "clCreateImage" || name == "clCreateImageWithProperties") {
        // cl_image_desc: type (4 bytes, then padding), then six size_t fields.
        const auto desc = fields(doc, param(*call, "image_desc"),
                                 {{0, 4}, {8, 8}, {16, 8}, {24, 8}, {32, 8}, {40, 8}, {48, 8}});
        if (desc.size() < 7) continue;
        img.width = desc[1];
        img.height = std::max<std::uint64_t>(desc[2], 1);
        img.depth = std::max<std::uint64_t>(desc[3], 1);
        // An array's layers are its rows (1D) or slices (2D), as the origin and region of
        // its commands name them (1.2 §5.3.3).
        if (desc[0] == CL_MEM_OBJECT_IMAGE1D_ARRAY) img.height = std::max<std::uint64_t>(desc[4], 1);
        if (desc[0] == CL_MEM_OBJECT_IMAGE2D_ARRAY) img.depth = std::max<std::uint64_t>(desc[4], 1);
        img.array = desc[0] == CL_MEM_OBJECT_IMAGE2D_ARRAY;
        row_pitch = desc[5];
        slice_pitch = desc[6];
      } else {
        img.width = param(*call, "image_width").number;
        img.height = param(*call, "image_height").number;
        img.depth = std::max<std::uint64_t>(param(*call, "image_depth").number, 1);
        row_pitch = param(*call, "image_row_pitch").number;
        slice_pitch = param(*call, "image_slice_pitch").number;
      }
      img.channel_names = channel_names(img.order);
      const auto type = channel_type(img.type);
      if (!type || img.channel_names.isEmpty()) {
        img.error = QObject::tr("its format (order %1, type %2) is not one this viewer reads").arg(img.order, 0, 16).arg(img.type, 0, 16);
        return img;
      }
      img.channels = static_cast<int>(img.channel_names.size());
      // An order ending in x stores one ignored channel after the others (3.0 §5.3.1.1); a
      // packed type's element is one unsigned short or int whatever the order.
      const bool padded = img.order == CL_Rx || img.order == CL_RGx || img.order == CL_RGBx || img.order == CL_sRGBx;
      if (type->packed && img.channels != (img.type == CL_UNORM_INT_101010_2 ? 4 : 3)) {
        img.error = QObject::tr("its format (order %1, type %2) is not one this viewer reads").arg(img.order, 0, 16).arg(img.type, 0, 16);
        return img;
      }
      img.element_size = type->packed ? type->size
                                       : type->size * static_cast<std::uint32_t>(img.channels + (padded ? 1 : 0));
      img.normalized = type->normalized;
      const std::uint64_t pixels = img.width * img.height * img.depth;
      if (pixels == 0 || pixels > (std::uint64_t{1} << 28)) {
        img.error = QObject::tr("%1 x %2 x %3 pixels is not shown").arg(img.width).arg(img.height).arg(img.depth);
        img.element_size = 0;
        return img;
      }
      img.bytes.assign(pixels * img.element_size, '\0');
      img.known.assign(pixels, false);
      if (const trace::Value* host = input(*call, "host_ptr"))
        if (auto bytes = doc.bytesOf(*host)) {
          const std::uint64_t origin[3] = {0, 0, 0}, region[3] = {img.width, img.height, img.depth};
          put_region(img, *bytes, origin, region, row_pitch, slice_pitch);
          img.last_write = index;
        }
      continue;
    }
    if (!img.element_size) continue;
    if (name == "clEnqueueWriteImage") {
      std::uint64_t origin[3], region[3];
      triple(param(*call, "origin"), origin, 0);
      triple(param(*call, "region"), region, 1);
      if (const trace::Value* data = input(*call, "ptr"))
        if (auto bytes = doc.bytesOf(*data)) {
          put_region(img, *bytes, origin, region, param(*call, "input_row_pitch").number,
                     param(*call, "input_slice_pitch").number);
          img.last_write = index;
        }
    } else if (name == "clEnqueueMapImage") {
      std::array<std::uint64_t, 3> origin{}, region{};
      triple(param(*call, "origin"), origin.data(), 0);
      triple(param(*call, "region"), region.data(), 1);
      mapped[call->result.number] = {origin, region};
    } else if (name == "clEnqueueUnmapMemObject") {
      const auto m = mapped.find(param(*call, "mapped_ptr").number);
      if (const trace::Value* data = input(*call, "mapped_ptr"); data && m != mapped.end())
        if (auto bytes = doc.bytesOf(*data)) {
          // The layer records a mapped image region packed (FORMAT.md).
          put_region(img, *bytes, m->second.first.data(), m->second.second.data(), 0, 0);
          img.last_write = index;
        }
    }
  }
  if (!img.element_size && img.error.isEmpty()) img.error = QObject::tr("not an image created in the trace");
  if (!img.element_size) return img;
  // Kernels launched since the last write may have written it (the trace names a launch's
  // images only through its arguments), and image copies and fills are not rebuilt here.
  const TraceFacts& facts = doc.facts();
  for (const CallRow& row : facts.rows) {
    if (at && row.index > at) break;
    if (row.index <= img.last_write || row.error != 0) continue;
    const std::string& entry = facts.entry_names[row.name];
    if (entry == "clEnqueueNDRangeKernel" || entry == "clEnqueueTask" || entry == "clEnqueueNativeKernel") {
      img.kernels_since = row.index;
      break;
    }
  }
  QStringList notes;
  const auto known = static_cast<std::uint64_t>(std::count(img.known.begin(), img.known.end(), true));
  if (known < img.known.size())
    notes << QObject::tr("%1 of %2 pixels are not in the trace's data (shown magenta)").arg(img.known.size() - known).arg(img.known.size());
  if (img.kernels_since)
    notes << QObject::tr("kernels ran from call #%1 on and may have written it: replay to this call for its pixels after them")
                 .arg(img.kernels_since);
  img.note = notes.join(QStringLiteral("; "));
  return img;
}

}  // namespace clvet::gui
