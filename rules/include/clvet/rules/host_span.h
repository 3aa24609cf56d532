// How many bytes of host memory a rectangular buffer transfer or an image transfer touches,
// from its pointer to the last byte it reads or writes: what the recorder keeps of a read and
// what replay allocates for one.
#pragma once

#include <cstddef>

namespace clvet::host_span {

// clEnqueue{Read,Write}BufferRect's host side (OpenCL 1.2 §5.2.3): the region at host_origin,
// rows host_row_pitch apart (0: region[0]), slices host_slice_pitch apart (0: region[1] rows).
inline std::size_t rectangle(const size_t* origin, const size_t* region, size_t row_pitch,
                             size_t slice_pitch) {
  if (origin == nullptr || region == nullptr || region[0] == 0 || region[1] == 0 || region[2] == 0)
    return 0;
  const size_t row = row_pitch != 0 ? row_pitch : region[0];
  const size_t slice = slice_pitch != 0 ? slice_pitch : region[1] * row;
  return origin[2] * slice + origin[1] * row + origin[0] + (region[2] - 1) * slice +
         (region[1] - 1) * row + region[0];
}

// clEnqueue{Read,Write}Image's host side (§5.3.3) without the image's element size: at most
// 16 bytes a pixel (CL_RGBA of 32-bit channels), rows and slices at the pitches given (0:
// packed). An upper bound, for room; the recorded bytes give the exact size.
inline std::size_t image(const size_t* region, size_t row_pitch, size_t slice_pitch) {
  if (region == nullptr || region[0] == 0 || region[1] == 0 || region[2] == 0) return 0;
  constexpr size_t kLargestPixel = 16;
  const size_t row = row_pitch != 0 ? row_pitch : region[0] * kLargestPixel;
  const size_t slice = slice_pitch != 0 ? slice_pitch : region[1] * row;
  return (region[2] - 1) * slice + (region[1] - 1) * row + region[0] * kLargestPixel;
}

}  // namespace clvet::host_span
