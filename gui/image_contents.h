// An image's pixels at a call, rebuilt from the trace's image data (the host bytes it was
// created with, clEnqueueWriteImage's bytes, regions written through a mapping), and read
// as channel values by its cl_image_format (2.2 §5.3.1.1, the packed 565, 555 and 101010 types
// included). An array's layers are its rows (1D) or slices (2D), as a 3D image's slices.
#pragma once

#include <QString>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "clvet/trace/records.h"

namespace clvet::gui {

class TraceDocument;

struct ImagePixels {
  std::uint32_t order = 0, type = 0;  // cl_channel_order, cl_channel_type
  std::uint64_t width = 0, height = 0, depth = 1;  // depth: a 3D image's slices, a 2D array's layers
  bool array = false;                 // the slices are an array's layers
  std::uint32_t element_size = 0;     // bytes per pixel; 0: a format this viewer cannot read
  int channels = 0;
  QString channel_names;              // "RGBA", "BGRA", "R", ...
  std::string bytes;                  // packed: width * element_size bytes a row, rows, slices
  std::vector<bool> known;            // per pixel
  std::uint64_t last_write = 0;
  std::uint64_t kernels_since = 0;    // the first launch after last_write (up to the call), or 0
  QString note;                       // pixels the trace lacks, kernels that may have written it
  bool normalized = false;            // UNORM/SNORM: values in [0, 1] or [-1, 1]
  QString error;                      // why it has no pixels

  // Channel `c` (in channel_names' order) of pixel (x, y) of slice or layer z; nullopt when
  // unknown. Normalised types (packed ones too) give [0, 1] or [-1, 1].
  std::optional<double> channel(std::uint64_t x, std::uint64_t y, int c, std::uint64_t z = 0) const;
  // "176, 177, 178, 179": the pixel's channels as the format stores them.
  QString pixelText(std::uint64_t x, std::uint64_t y, std::uint64_t z = 0) const;
};

// The image `mem` just after call `at` (the last call when 0).
ImagePixels image_at(TraceDocument& document, const trace::Handle& mem, std::uint64_t at);

}  // namespace clvet::gui
