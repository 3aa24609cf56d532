// Image memory as kernels and the image commands see it: an image's format, shape and bytes,
// the conversions between texels in memory and the four components read_image* returns and
// write_image* takes (OpenCL 1.2 §8.3, SPIR-V environment §7.4 and §7.6), the border colour
// (1.2 §6.12.14.1.1) and the sampler's bits (OpenCL C's sampler_t values).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace clvet::interp {

// The values of cl.h, which the interpreter does not include (the device checks they agree).
namespace cl_values {
inline constexpr std::uint32_t kR = 0x10B0, kA = 0x10B1, kRG = 0x10B2, kRA = 0x10B3,
                               kRGB = 0x10B4, kRGBA = 0x10B5, kBGRA = 0x10B6, kARGB = 0x10B7,
                               kIntensity = 0x10B8, kLuminance = 0x10B9, kRx = 0x10BA,
                               kRGx = 0x10BB, kRGBx = 0x10BC, kDepth = 0x10BD, ksRGB = 0x10BF,
                               ksRGBx = 0x10C0, ksRGBA = 0x10C1, ksBGRA = 0x10C2,
                               kABGR = 0x10C3;
inline constexpr std::uint32_t kSnormInt8 = 0x10D0, kSnormInt16 = 0x10D1, kUnormInt8 = 0x10D2,
                               kUnormInt16 = 0x10D3, kUnormShort565 = 0x10D4,
                               kUnormShort555 = 0x10D5, kUnormInt101010 = 0x10D6,
                               kSignedInt8 = 0x10D7, kSignedInt16 = 0x10D8,
                               kSignedInt32 = 0x10D9, kUnsignedInt8 = 0x10DA,
                               kUnsignedInt16 = 0x10DB, kUnsignedInt32 = 0x10DC,
                               kHalfFloat = 0x10DD, kFloat = 0x10DE,
                               kUnormInt101010_2 = 0x10E0;
inline constexpr std::uint32_t kImage2D = 0x10F1, kImage3D = 0x10F2, kImage2DArray = 0x10F3,
                               kImage1D = 0x10F4, kImage1DArray = 0x10F5,
                               kImage1DBuffer = 0x10F6;
}  // namespace cl_values

// One image as a launch or a command sees it. Texel (x, y, z) is at
//   data + x * element_size + y * row_pitch + z * slice_pitch,
// where a 1D image array's layer is its y, with slice_pitch as the stride (§5.3.1.2: a 1D
// array's slice pitch is the size of each 1D image).
struct ImageDescriptor {
  std::uint32_t type = cl_values::kImage2D;  // CL_MEM_OBJECT_IMAGE*
  std::uint32_t order = cl_values::kRGBA;    // CL_* channel order
  std::uint32_t data_type = cl_values::kUnormInt8;
  std::uint64_t width = 1, height = 1, depth = 1, array_size = 1;
  std::uint64_t element_size = 4, row_pitch = 0, slice_pitch = 0;
  std::byte* data = nullptr;
  // What the kernel's parameter declares (§6.7.6): reads and writes are judged against it.
  bool kernel_reads = true, kernel_writes = true;
  std::uint32_t arg = 0;  // the launch's argument index
  // How findings name it: "image argument 0 'src' (clCreateImage)".
  std::string label;

  // The image's extent in each coordinate a kernel passes: (width, height or layers, depth or
  // layers).
  std::uint64_t extent(unsigned dim) const;
  bool is_array() const {
    return type == cl_values::kImage1DArray || type == cl_values::kImage2DArray;
  }
  // 1, 2 or 3: the coordinates that address texels within one layer.
  unsigned dimensions() const;
  std::byte* texel(std::uint64_t x, std::uint64_t y, std::uint64_t z) const {
    if (type == cl_values::kImage1DArray) return data + x * element_size + y * slice_pitch;
    return data + x * element_size + y * row_pitch + z * slice_pitch;
  }
};

// What a read returns and a write takes: four components, as floats (read_imagef, and the
// normalised, half and float types), signed or unsigned integers.
union Color {
  float f[4];
  std::int32_t i[4];
  std::uint32_t u[4];
};
enum class ColorKind : std::uint8_t { Float, Int, UInt };
// The kind of value a channel data type reads as; Float for the normalised and float types.
ColorKind color_kind(std::uint32_t data_type);
// Whether the channel order is one of sRGB (read and written through the sRGB transfer).
bool is_srgb(std::uint32_t order);

// The texel at `texel` as (R, G, B, A) per SPIR-V environment table 9 (missing colour channels
// 0, missing alpha 1), converted per 1.2 §8.3 (normalised integers to [0, 1] or [-1, 1], half
// widened, sRGB to linear RGB): floats for the normalised and float types, integers as stored.
Color read_texel(const ImageDescriptor& image, const std::byte* texel);
// Converts `color` to the image's format (§8.3.1.2 with round to nearest even, §8.3.2 round to
// nearest even, §8.3.4 saturation, sRGB per SPIR-V environment §7.4.5) and stores it at `texel`.
void write_texel(const ImageDescriptor& image, const Color& color, std::byte* texel);
// read_texel and write_texel over many texels of one image, as the image built-ins make them
// for the lanes of a call: texel ids[i] at addresses[ids[i]] and its colour, a Color's 16 bytes,
// at colors + ids[i] * stride (a built-in's result or value register, or an array of Color).
// One loop specialised for the image's format does them all, with the same results as a call
// per texel.
void read_texels(const ImageDescriptor& image, const std::uint32_t* ids, std::uint32_t count,
                 const std::uint64_t* addresses, std::byte* colors, std::size_t stride);
void write_texels(const ImageDescriptor& image, const std::uint32_t* ids, std::uint32_t count,
                  const std::byte* colors, std::size_t stride, const std::uint64_t* addresses);
// The border colour of the image's channel order (1.2 §6.12.14.1.1): (0, 0, 0, 0) for orders
// with alpha or padding, (0, 0, 0, 1) for those without; integer 1 for the integer types.
Color border_color(const ImageDescriptor& image);

// The names translate_spirv gives the functions the LLVM/SPIR-V translator makes of SPIR-V's
// OpImageRead and OpImageWrite of integer texels (read_imagei, write_imagei, or the ui ones):
// SPIR-V's integers have no signedness (SPIR-V environment §2.5.1, table 11), so the texel is
// the stored integers whichever integer kind the image has, and a write converts it by the
// image's own channel data type (§7.4.4); OpenCL C's read_imagei of an unsigned image is
// undefined, which the built-ins report.
inline constexpr const char* kSignlessReadImage = "__clvet_read_image_signless";
inline constexpr const char* kSignlessWriteImage = "__clvet_write_image_signless";

// A sampler_t's value (OpenCL C's CLK_* bits; the device turns a cl_sampler into them).
struct SamplerBits {
  static constexpr std::uint32_t kNormalized = 0x1;
  static constexpr std::uint32_t kAddressMask = 0xE;
  static constexpr std::uint32_t kAddressNone = 0, kClampToEdge = 2, kClamp = 4, kRepeat = 6,
                                 kMirroredRepeat = 8;
  static constexpr std::uint32_t kFilterNearest = 0x10, kFilterLinear = 0x20;
};

}  // namespace clvet::interp
