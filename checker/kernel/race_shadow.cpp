// The race checker's shadow memory (see race_shadow.h).
#include "race_shadow.h"

#include <sys/mman.h>

#include <algorithm>
#include <cassert>
#include <thread>

namespace clvet::checker::race {

EpochTable::EpochTable() : chunks_(new std::atomic<std::uint64_t*>[kChunks]) {
  for (std::uint32_t i = 0; i < kChunks; ++i) chunks_[i].store(nullptr);
}

EpochTable::~EpochTable() {
  for (std::uint32_t i = 0; i < kChunks; ++i) std::free(chunks_[i].load());
}

std::uint32_t EpochTable::reserve(std::uint32_t count) {
  const std::uint32_t first = next_.fetch_add(count);
  assert(first != 0 && first + count > first && "more than 2^32 epochs in one launch");
  return first;
}

void EpochTable::open(std::uint32_t stamp, std::uint64_t group, std::uint32_t interval) {
  opened_.fetch_add(1, std::memory_order_relaxed);
  std::atomic<std::uint64_t*>& chunk = chunks_[stamp >> kChunkBits];
  std::uint64_t* entries = chunk.load(std::memory_order_acquire);
  while (!entries) {
    // One thread allocates a chunk (calloc: untouched pages cost nothing); others wait.
    if (!growing_.test_and_set(std::memory_order_acquire)) {
      entries = chunk.load(std::memory_order_acquire);
      if (!entries) {
        entries = static_cast<std::uint64_t*>(std::calloc(kChunkMask + 1, sizeof(std::uint64_t)));
        chunk.store(entries, std::memory_order_release);
      }
      growing_.clear(std::memory_order_release);
    } else {
      std::this_thread::yield();
      entries = chunk.load(std::memory_order_acquire);
    }
  }
  entries[stamp & kChunkMask] = static_cast<std::uint32_t>(group) | std::uint64_t(interval) << 32;
}

GlobalShadow::GlobalShadow(const std::vector<LaunchObject>& objects)
    : locks_(new Lock[kStripes]), overflow_(new Overflow[kStripes]) {
  // `objects` are sorted by base; overlapping ones (sub-buffers of a buffer passed beside it)
  // share a region so that their accesses meet in one shadow.
  for (const LaunchObject& o : objects) {
    if (o.size == 0) continue;
    const std::uint64_t base = o.base & ~std::uint64_t(3), end = o.base + o.size;
    if (!regions_.empty() && base < regions_.back().end) {
      regions_.back().end = std::max(regions_.back().end, end);
      continue;
    }
    regions_.push_back({base, end});
  }
  for (Region& r : regions_) {
    const std::uint64_t words = (r.end - r.base + 3) / 4;
    r.bytes = words * sizeof(Cell);
    // Zeroed by the OS page by page on first touch: a buffer the kernel never reaches costs
    // address space only. Large shadows ask for 2 MiB pages: a streaming kernel touches every
    // cell once, and a fault per 4 KiB page would cost more than the checking.
    if (r.bytes >= kHugePage) {
      void* p = mmap(nullptr, r.bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p != MAP_FAILED) {
        madvise(p, r.bytes, MADV_HUGEPAGE);
        r.cells = static_cast<Cell*>(p);
        r.mapped = true;
      }
    } else {
      r.cells = static_cast<Cell*>(std::calloc(words, sizeof(Cell)));
    }
    // Without room for its shadow a region goes unchecked for races rather than failing the
    // launch.
    if (r.cells) dense_bytes_ += r.bytes;
  }
}

GlobalShadow::~GlobalShadow() {
  for (Region& r : regions_) {
    if (r.mapped)
      munmap(r.cells, r.bytes);
    else
      std::free(r.cells);
  }
}

const GlobalShadow::Region* GlobalShadow::region(std::uint64_t address, std::uint32_t size) const {
  auto it = std::upper_bound(regions_.begin(), regions_.end(), address,
                             [](std::uint64_t a, const Region& r) { return a < r.base; });
  if (it == regions_.begin()) return nullptr;
  --it;
  if (address + size > it->end) return nullptr;
  return &*it;
}

Cell& LocalShadow::cell(std::uint64_t word_address) {
  const std::uint64_t word = word_address >> 2;
  const std::uint64_t page = word / kPageWords;
  if (page != last_page_) {
    std::unique_ptr<Cell[]>& p = pages_[page];
    if (!p) p.reset(new Cell[kPageWords]());
    last_page_ = page;
    last_ = p.get();
  }
  return last_[word % kPageWords];
}

}  // namespace clvet::checker::race
