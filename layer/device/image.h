// Image objects (OpenCL 1.2 §5.3, 2.2 §5.3): a memory object whose bytes are texels of a format,
// laid out in rows and slices. Images made from a buffer (1D image buffers, 2D images from a
// buffer) or from another 2D image share that object's data store.
#pragma once

#include <array>

#include "clvet/interp/image.h"
#include "memory.h"

namespace clvet::device {

class Image final : public Mem {
 public:
  // An image with its own data store (or the application's, CL_MEM_USE_HOST_PTR). `desc`
  // holds the pitches the store is laid out with.
  Image(Ref<Context> context, cl_mem_flags flags, std::unique_ptr<DataStore> store, void* host_ptr,
        std::vector<cl_mem_properties> properties, const cl_image_format& format,
        const cl_image_desc& desc, std::size_t element_size);
  // An image over `source`'s data store (a buffer, or a 2D image for a 2D image); `root` is the
  // object that owns the store, in which the source starts at `origin`.
  Image(Ref<Mem> root, std::size_t origin, Ref<Mem> source, cl_mem_flags flags,
        std::vector<cl_mem_properties> properties,
        const cl_image_format& format, const cl_image_desc& desc, std::size_t element_size);

  cl_mem_object_type type() const override { return desc_.image_type; }
  const cl_image_format& format() const { return format_; }
  const cl_image_desc& desc() const { return desc_; }  // pitches as laid out
  std::size_t element_size() const { return element_size_; }
  // The buffer or image it was made from (CL_MEM_ASSOCIATED_MEMOBJECT, CL_IMAGE_BUFFER).
  Mem* source() const { return source_.get(); }
  // The image as the interpreter and the conversions see it.
  interp::ImageDescriptor descriptor() const;

  // The byte offset of texel (x, y, z) -- z the layer of a 2D array, y that of a 1D array.
  std::size_t offset_of(const std::size_t origin[3]) const;
  // Calls row(image_offset, host_offset) for each row of `region` (in texels, rows, slices or
  // layers) at `origin`, where host rows are `host_row` bytes apart and slices (or a 1D array's
  // layers) `host_slice`.
  template <class Row>
  void for_each_row(const std::array<std::size_t, 3>& origin, const std::array<std::size_t, 3>& region,
                    std::size_t host_row, std::size_t host_slice, Row row) const {
    const bool layers_in_y = desc_.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
    for (std::size_t z = 0; z < region[2]; ++z)
      for (std::size_t y = 0; y < region[1]; ++y) {
        const std::size_t at[3] = {origin[0], origin[1] + y, origin[2] + z};
        row(offset_of(at), layers_in_y ? y * host_slice : z * host_slice + y * host_row);
      }
  }

 private:
  cl_image_format format_;
  cl_image_desc desc_;
  std::size_t element_size_;
  Ref<Mem> source_;
};

// The pitches an image is laid out with: the application's where it gave them (host memory or
// a buffer it is made from), else packed (§5.3.1.2: 0 means width * element size, and row
// pitch * height for a slice; a 1D array's slice is one row).
cl_image_desc laid_out(const cl_image_desc& desc, std::size_t element_size, bool keep_pitches);
// Bytes of the data store an image of `desc` (pitches filled) spans.
std::size_t store_size(const cl_image_desc& desc);

}  // namespace clvet::device
