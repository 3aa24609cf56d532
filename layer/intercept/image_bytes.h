// The host bytes of image data the trace keeps (CLVET_TRACE_DATA): what clCreateImage* reads
// from host_ptr, what clEnqueueWriteImage reads from ptr, and what the host wrote into a
// region it mapped for writing, at the unmap. Layouts follow 1.2 §5.3.1 (clCreateImage: row
// and slice pitch, 0 meaning packed) and §5.3.3 (clEnqueueWriteImage, clEnqueueMapImage).
#pragma once

#include <cstddef>
#include <vector>

#include "clvet/rules/opencl.h"
#include "clvet/trace/writer.h"

namespace clvet::layer::image_bytes {

// Bytes per pixel of `format` (1.2 §5.3.1.1, tables 5.6 and 5.7); 0 for a format it does not
// know (then nothing is recorded).
std::size_t element_size(const cl_image_format& format);

// The host memory one image transfer reads or writes: `region` pixels of `element` bytes,
// rows `row_pitch` apart and slices (or, for a 1D image array, rows of the array)
// `slice_pitch` apart. Zero pitches are the packed defaults.
struct Layout {
  std::size_t region[3] = {0, 0, 0};
  std::size_t element = 0;
  std::size_t row_pitch = 0;
  std::size_t slice_pitch = 0;
  bool array_1d = false;  // CL_MEM_OBJECT_IMAGE1D_ARRAY: region[1] counts images
  // The pitches with their defaults filled in (1.2 §5.3.1: row_pitch = width × element;
  // slice_pitch = row_pitch × height, or row_pitch for a 1D image array).
  Layout packed_defaults() const;
  // Bytes from the first pixel to the end of the last one.
  std::size_t span() const;
};

// The bytes clEnqueueFillImage reads from fill_color for `image` (3.0 §5.3.4): one float for
// a CL_DEPTH image, four components for any other; 4 where the driver does not say the image's
// format (an invalid image: the call reads nothing, and no colour is smaller).
std::size_t fill_color_size(const void* image);

// The layout of the data clCreateImage reads from host_ptr for `desc` (1.2 §5.3.1).
Layout of_image(const cl_image_desc& desc, std::size_t element);

// The region's pixels copied out of memory laid out as `layout`, packed: rows of
// region[0] × element bytes one after the other.
std::vector<unsigned char> packed(const void* data, const Layout& layout);

// The host bytes an image call reads, as its Input: host_ptr of clCreateImage, clCreateImage2D
// and clCreateImage3D with CL_MEM_COPY_HOST_PTR or CL_MEM_USE_HOST_PTR, ptr of
// clEnqueueWriteImage (the span its pitches give). Nothing for other entry points.
void encode_inputs(trace::CallEncoder& encoder, std::uint32_t entry, const void* args);
// The layout of a region clEnqueueMapImage (`args`) mapped, with the pitches it returned.
Layout of_mapping(const void* args);
// The layout of the host memory clEnqueueReadImage (`args`) writes (1.2 §5.3.3).
Layout of_read(const void* args);
// What a blocking clEnqueueReadImage gave the host, as its Output (ptr, param 7): the
// region's pixels packed, which a replay compares pixel by pixel. Nothing for other entries.
void encode_outputs(trace::CallEncoder& encoder, std::uint32_t entry, const void* args);

}  // namespace clvet::layer::image_bytes
