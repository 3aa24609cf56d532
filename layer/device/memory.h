// Memory objects (§5.2, §5.4): buffers and sub-buffers, their data store, flags, live mappings
// and destructor callbacks. Image objects (§5.3) derive from Mem and override type().
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "context.h"
#include "object.h"

namespace clvet::device {

// The bytes of a memory object: memory clvet allocated (aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN
// of the context's devices), or the application's own host_ptr (CL_MEM_USE_HOST_PTR).
class DataStore {
 public:
  // Host memory of `size` bytes aligned to `alignment`; throws std::bad_alloc.
  static std::unique_ptr<DataStore> allocate(std::size_t size, std::size_t alignment);
  // The application's memory, used in place and never freed by clvet.
  static std::unique_ptr<DataStore> borrow(void* host_ptr, std::size_t size);
  DataStore(const DataStore&) = delete;
  DataStore& operator=(const DataStore&) = delete;
  ~DataStore();

  std::byte* bytes() const { return bytes_; }
  std::size_t size() const { return size_; }

 private:
  DataStore(std::byte* bytes, std::size_t size, std::size_t alignment)
      : bytes_(bytes), size_(size), alignment_(alignment) {}
  static constexpr std::size_t kRedZone = 256;
  std::byte* bytes_;
  std::byte* raw_ = nullptr;  // the allocation, red zones included
  std::size_t size_;
  std::size_t alignment_;  // 0: borrowed
};

class Mem;

// One live clEnqueueMap* of a memory object, placed in its data store so that mappings of a
// buffer and of its sub-buffers can be compared (§5.4.3).
struct Mapping {
  const Mem* object;   // the object that was mapped (never dereferenced)
  void* pointer;       // what clEnqueueMap* returned
  std::size_t offset;  // first byte, in the data store
  std::size_t size;
  bool for_writing;  // CL_MAP_WRITE or CL_MAP_WRITE_INVALIDATE_REGION
};

class Mem : public Object, public _cl_mem {
 public:
  static constexpr ObjectKind kKind = ObjectKind::Mem;
  static Mem* from(cl_mem handle) { return static_cast<Mem*>(handle); }
  cl_mem id() { return this; }

  using Destructor = void(CL_CALLBACK*)(cl_mem memobj, void* user_data);

  // A buffer over `store`. `host_ptr` is the application's pointer when `flags` has
  // CL_MEM_USE_HOST_PTR; `properties` the zero-terminated list given to
  // clCreate*WithProperties, or empty.
  Mem(Ref<Context> context, cl_mem_flags flags, std::unique_ptr<DataStore> store, void* host_ptr,
      std::vector<cl_mem_properties> properties);
  // A sub-buffer: bytes [origin, origin + size) of `parent`'s data store. `flags` already
  // holds what the sub-buffer inherits (§5.2.1).
  // Images made from a buffer or an image use the same constructor over the store's owner, with
  // the property list they were created with.
  Mem(Ref<Mem> parent, cl_mem_flags flags, std::size_t origin, std::size_t size,
      std::vector<cl_mem_properties> properties = {});
  ~Mem() override;

  // CL_MEM_TYPE; images override it.
  virtual cl_mem_object_type type() const { return CL_MEM_OBJECT_BUFFER; }

  Context& context() const { return *context_; }
  cl_mem_flags flags() const { return flags_; }
  std::size_t size() const { return size_; }
  // The first byte of this object's bytes (a sub-buffer's origin within its parent's store).
  std::byte* data() const { return data_; }
  // CL_MEM_HOST_PTR: host_ptr for CL_MEM_USE_HOST_PTR buffers, host_ptr + origin for their
  // sub-buffers, NULL otherwise.
  void* host_ptr() const { return host_ptr_; }
  // CL_MEM_ASSOCIATED_MEMOBJECT: the buffer a sub-buffer was created from.
  Mem* parent() const { return parent_.get(); }
  bool is_sub_buffer() const { return parent_ != nullptr; }
  // CL_MEM_OFFSET: a sub-buffer's origin in its parent, 0 otherwise.
  std::size_t offset() const { return offset_; }
  const std::vector<cl_mem_properties>& properties() const { return properties_; }

  // CL_MEM_MAP_COUNT: live mappings of this object.
  cl_uint map_count() const;
  // Records a mapping of this object's bytes [offset, offset + size) at `pointer`. Refuses
  // (false, nothing recorded) when it overlaps a live mapping of the same data store -- this
  // object, its parent or a sibling sub-buffer -- and either of the two is for writing (§5.4.3).
  bool add_mapping(void* pointer, std::size_t offset, std::size_t size, bool for_writing);
  // Forgets one live mapping of this object at `pointer`; false when there is none. `removed`,
  // when given, receives the mapping.
  bool remove_mapping(void* pointer, Mapping* removed = nullptr);

  // Which bytes something has written, for the uninitialised-value checker: one byte per byte
  // of the data store, 1 where written, 0 where not, kept by the store's owner; none at all
  // while every byte is written. A buffer created without host data starts unwritten
  // (mark_unwritten); host writes, fills, copies and write maps, and kernels' stores, write.
  // Unwritten is zero so that the marks of a buffer of gigabytes are pages the OS makes when
  // something first touches them, not at creation.
  void mark_unwritten();
  void mark_written(std::size_t offset, std::size_t size);  // offset within this object
  // Bytes [dst_offset, +size) of this object take the marks of `src`'s [src_offset, +size).
  void copy_marks(const Mem& src, std::size_t src_offset, std::size_t dst_offset,
                  std::size_t size);
  // This object's first mark (1: written), or nullptr when every byte is written.
  std::uint8_t* written_marks() const;

  // clSetMemObjectDestructorCallback: called in reverse order of registration when the object
  // is deleted, i.e. after its last release and once no queued command uses it.
  void add_destructor_callback(Destructor callback, void* user_data);

 private:
  // The object whose data store this one uses (itself, or a sub-buffer's parent).
  const Mem& owner() const { return parent_ ? *parent_ : *this; }
  Mem& owner() { return parent_ ? *parent_ : *this; }
  std::size_t store_offset() const { return offset_; }

  Ref<Context> context_;
  cl_mem_flags flags_;
  std::size_t size_;
  Ref<Mem> parent_;
  std::size_t offset_ = 0;
  std::unique_ptr<DataStore> store_;  // null for sub-buffers: they use the parent's
  struct FreeMarks {
    void operator()(std::uint8_t* marks) const { std::free(marks); }
  };
  // The store's marks (owner only), or null; calloc'd: large ones are fresh zero pages.
  std::unique_ptr<std::uint8_t[], FreeMarks> written_;
  std::byte* data_;
  void* host_ptr_;
  std::vector<cl_mem_properties> properties_;

  // Held by the store's owner for the mappings of it and of its sub-buffers.
  mutable std::mutex mapping_mutex_;
  std::vector<Mapping> mappings_;

  std::mutex destructor_mutex_;
  std::vector<std::pair<Destructor, void*>> destructors_;
};

// The alignment of a data store in `context`: every device's CL_DEVICE_MEM_BASE_ADDR_ALIGN.
std::size_t store_alignment(const Context& context);

// A creation's property list as given, with its terminating 0; empty when `properties` is NULL
// (CL_MEM_PROPERTIES answers it).
std::vector<cl_mem_properties> copy_properties(const cl_mem_properties* properties);

}  // namespace clvet::device
