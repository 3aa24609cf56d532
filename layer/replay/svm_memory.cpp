// Shared virtual memory's host side on replay: an SVM copy's host source and destination, a
// region mapped for reading, and the fine-grain allocations the host reads and writes with no
// call at all (2.0 §5.6.2).
#include <algorithm>
#include <cstring>

#include "reissue.h"

namespace clvet::replay {

void* Reissue::mapped_or_host_address(std::size_t i, std::size_t size, bool read) {
  const trace::Value& v = param(i);
  if (absent(v)) return nullptr;
  if (s_.live_address(v.number) != nullptr || s_.skipped_region(v.number) != 0) return mapped_address(i);
  // In no allocation and no mapped region: host memory (2.0 §5.6.2's clEnqueueSVMMemcpy
  // copies between any two host-accessible pointers).
  if (read) {
    const void* in = nullptr;
    host_in(in, i, size);
    return const_cast<void*>(in);
  }
  void* out = nullptr;
  host_out(out, i, size);
  return out;
}

void Reissue::svm_mapped(const void* live, std::size_t size, std::uint64_t flags) {
  if (!s_.target().verify || live == nullptr || size == 0 || (flags & CL_MAP_READ) == 0) return;
  if (const trace::Value* v = s_.read_bytes(c_.index, trace::ReadBytes::kMappedRegion))
    if (const std::string* recorded = data(*v)) compare_when_complete(*recorded, live, size, {});
}

void Reissue::host_read_back(const void* live, std::size_t i, std::size_t size) {
  if (!s_.target().verify || live == nullptr) return;
  // Only a copy into host memory has its bytes recorded (an Output, or a ReadBytes record
  // when it did not block).
  const trace::Value* recorded_value = recorded_output(i);
  if (recorded_value == nullptr) recorded_value = s_.read_bytes(c_.index, static_cast<std::uint32_t>(i));
  const std::string* recorded = recorded_value != nullptr ? data(*recorded_value) : nullptr;
  if (recorded != nullptr) compare_when_complete(*recorded, live, std::min(size, recorded->size()), {});
}

namespace {

// Each [address, bytes] pair of a kSharedMemoryParam value.
template <typename F>
void each_allocation(const trace::Value* shared, F&& f) {
  if (shared == nullptr || shared->kind != trace::ValueKind::Array) return;
  for (const trace::Value& pair : shared->items)
    if (pair.kind == trace::ValueKind::Array && pair.items.size() == 2 &&
        pair.items[0].kind == trace::ValueKind::Pointer)
      f(pair.items[0].number, pair.items[1]);
}

}  // namespace

void Reissue::shared_memory_written() {
  each_allocation(recorded_input(trace::kSharedMemoryParam), [&](std::uint64_t recorded, const trace::Value& v) {
    const Session::Region* region = s_.region_of(recorded);
    void* live = s_.live_address(recorded);
    const std::string* bytes = data(v);
    if (region == nullptr || live == nullptr || bytes == nullptr) return;  // an allocation skipped
    const std::size_t room =
        region->size - static_cast<std::size_t>(static_cast<char*>(live) - static_cast<char*>(region->live));
    std::memcpy(live, bytes->data(), std::min(bytes->size(), room));
  });
}

void Reissue::shared_memory_read() {
  if (!s_.target().verify) return;
  each_allocation(recorded_output(trace::kSharedMemoryParam), [&](std::uint64_t recorded, const trace::Value& v) {
    const Session::Region* region = s_.region_of(recorded);
    const void* live = s_.live_address(recorded);
    const std::string* bytes = data(v);
    if (region == nullptr || live == nullptr || bytes == nullptr) return;
    const std::size_t room =
        region->size - static_cast<std::size_t>(static_cast<const char*>(live) - static_cast<char*>(region->live));
    // The wait has returned: compared now.
    compare_when_complete(*bytes, live, room, {});
  });
}

}  // namespace clvet::replay
