// Memory objects: data stores, sub-buffers, mapping bookkeeping and destructor callbacks.
#include "memory.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace clvet::device {

std::unique_ptr<DataStore> DataStore::allocate(std::size_t size, std::size_t alignment) {
  alignment = std::max<std::size_t>(alignment, alignof(std::max_align_t));
  // Red zones before and after the bytes: a kernel's access just outside one buffer lands in
  // no object (the interpreter refuses it and the bounds checker reports it), never in another
  // buffer.
  const std::size_t zone = std::max<std::size_t>(kRedZone, alignment);
  auto* raw = static_cast<std::byte*>(::operator new(size + 2 * zone, std::align_val_t(alignment)));
  // The contents stay undefined, as the spec says; operator new reports failure by throwing.
  auto store = std::unique_ptr<DataStore>(new DataStore(raw + zone, size, alignment));
  store->raw_ = raw;
  return store;
}

std::unique_ptr<DataStore> DataStore::borrow(void* host_ptr, std::size_t size) {
  return std::unique_ptr<DataStore>(new DataStore(static_cast<std::byte*>(host_ptr), size, 0));
}

DataStore::~DataStore() {
  if (alignment_ != 0) ::operator delete(raw_, std::align_val_t(alignment_));
}

Mem::Mem(Ref<Context> context, cl_mem_flags flags, std::unique_ptr<DataStore> store, void* host_ptr,
         std::vector<cl_mem_properties> properties)
    : Object(kKind, static_cast<_cl_mem*>(this)),
      context_(std::move(context)),
      flags_(flags),
      size_(store->size()),
      store_(std::move(store)),
      data_(store_->bytes()),
      host_ptr_((flags & CL_MEM_USE_HOST_PTR) ? host_ptr : nullptr),
      properties_(std::move(properties)) {}

Mem::Mem(Ref<Mem> parent, cl_mem_flags flags, std::size_t origin, std::size_t size,
         std::vector<cl_mem_properties> properties)
    : Object(kKind, static_cast<_cl_mem*>(this)),
      context_(&parent->context()),
      flags_(flags),
      size_(size),
      parent_(std::move(parent)),
      offset_(origin),
      data_(parent_->data() + origin),
      host_ptr_(parent_->host_ptr() ? static_cast<std::byte*>(parent_->host_ptr()) + origin
                                    : nullptr),
      properties_(std::move(properties)) {}

Mem::~Mem() {
  // §5.4.1: the callbacks run first, newest first, then the resources are freed (the data
  // store when this object owns it; a sub-buffer's Ref to its parent goes last).
  for (auto it = destructors_.rbegin(); it != destructors_.rend(); ++it)
    it->first(static_cast<cl_mem>(this), it->second);
  if (parent_) {
    // Mappings the application never unmapped must not outlive the object they name.
    std::lock_guard lock(parent_->mapping_mutex_);
    std::erase_if(parent_->mappings_, [this](const Mapping& m) { return m.object == this; });
  }
}

cl_uint Mem::map_count() const {
  const Mem& store_owner = owner();
  std::lock_guard lock(store_owner.mapping_mutex_);
  return static_cast<cl_uint>(std::count_if(store_owner.mappings_.begin(),
                                            store_owner.mappings_.end(),
                                            [this](const Mapping& m) { return m.object == this; }));
}

bool Mem::add_mapping(void* pointer, std::size_t offset, std::size_t size, bool for_writing) {
  Mem& store_owner = owner();
  const std::size_t first = store_offset() + offset;
  std::lock_guard lock(store_owner.mapping_mutex_);
  for (const Mapping& m : store_owner.mappings_) {
    const bool overlap = first < m.offset + m.size && m.offset < first + size;
    if (overlap && (for_writing || m.for_writing)) return false;
  }
  store_owner.mappings_.push_back({this, pointer, first, size, for_writing});
  return true;
}

bool Mem::remove_mapping(void* pointer, Mapping* removed) {
  Mem& store_owner = owner();
  std::lock_guard lock(store_owner.mapping_mutex_);
  auto& list = store_owner.mappings_;
  // The newest first: two read mappings of one region share a pointer, and either may go.
  auto it = std::find_if(list.rbegin(), list.rend(), [&](const Mapping& m) {
    return m.object == this && m.pointer == pointer;
  });
  if (it == list.rend()) return false;
  if (removed) *removed = *it;
  list.erase(std::next(it).base());
  return true;
}

namespace {

// Marks of `bytes` bytes, all unwritten (zero; calloc takes fresh pages for large sizes and
// leaves them untouched), or null when there is no memory for them.
std::uint8_t* unwritten_marks(std::size_t bytes) {
  return static_cast<std::uint8_t*>(std::calloc(std::max<std::size_t>(bytes, 1), 1));
}

}  // namespace

void Mem::mark_unwritten() {
  Mem& store_owner = owner();
  if (!store_owner.written_) {
    store_owner.written_.reset(unwritten_marks(store_owner.size_));
    if (!store_owner.written_) throw std::bad_alloc();
    return;  // a new store: every byte is unwritten already
  }
  std::fill_n(store_owner.written_.get() + store_offset(), size_, std::uint8_t{0});
}

void Mem::mark_written(std::size_t offset, std::size_t size) {
  std::uint8_t* marks = written_marks();
  if (marks && offset <= size_ && size <= size_ - offset) std::fill_n(marks + offset, size, std::uint8_t{1});
}

void Mem::copy_marks(const Mem& src, std::size_t src_offset, std::size_t dst_offset,
                     std::size_t size) {
  if (size == 0 || src_offset > src.size_ || size > src.size_ - src_offset ||
      dst_offset > size_ || size > size_ - dst_offset)
    return;
  const std::uint8_t* from = src.written_marks();
  if (!from) return mark_written(dst_offset, size);
  if (!written_marks()) {
    // Unwritten bytes arrive in an object that had none: it starts keeping marks, all written.
    Mem& store_owner = owner();
    store_owner.written_.reset(unwritten_marks(store_owner.size_));
    if (!store_owner.written_) throw std::bad_alloc();
    std::fill_n(store_owner.written_.get(), store_owner.size_, std::uint8_t{1});
  }
  // memmove: a buffer may be copied to its own sub-buffer.
  std::memmove(written_marks() + dst_offset, from + src_offset, size);
}

std::uint8_t* Mem::written_marks() const {
  const Mem& store_owner = owner();
  return store_owner.written_ ? store_owner.written_.get() + store_offset() : nullptr;
}

void Mem::add_destructor_callback(Destructor callback, void* user_data) {
  std::lock_guard lock(destructor_mutex_);
  destructors_.emplace_back(callback, user_data);
}

std::size_t store_alignment(const Context& context) {
  std::size_t alignment = 1;
  for (const Ref<Device>& device : context.devices())
    alignment = std::max<std::size_t>(alignment, device->mem_base_addr_align_bits() / 8);
  return alignment;
}

std::vector<cl_mem_properties> copy_properties(const cl_mem_properties* properties) {
  std::vector<cl_mem_properties> list;
  if (properties == nullptr) return list;
  for (; *properties != 0; properties += 2) list.insert(list.end(), properties, properties + 2);
  list.push_back(0);
  return list;
}

}  // namespace clvet::device
