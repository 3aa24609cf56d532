// The trace reader. Everything in the file is treated as possibly damaged: frames are checked
// before their payload is looked at, payloads are decoded with bounds checks, and index
// entries are followed only to whole records of the kind they promise.
#include "clvet/trace/reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <functional>
#include <iterator>

#include <fmt/format.h>

#include "clvet/rules/api.h"
#include "codec.h"
#include "frame.h"
#include "frame_walk.h"
#include "wire.h"

namespace clvet::trace {

Reader::Reader(std::string name, const std::uint8_t* data, std::uint64_t size,
               const ReadOptions& options)
    : name_(std::move(name)), data_(data), size_(size), options_(options) {}

Reader::~Reader() {
  if (mapping_) munmap(mapping_, size_);
}

std::unique_ptr<Reader> Reader::open(const std::string& path, std::string& error,
                                     const ReadOptions& options) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = fmt::format("{}: cannot open: {}", path, std::strerror(errno));
    return nullptr;
  }
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    error = fmt::format("{}: cannot read: {}", path, std::strerror(errno));
    ::close(fd);
    return nullptr;
  }
  const auto size = static_cast<std::uint64_t>(st.st_size);
  void* map = nullptr;
  if (size > 0) {
    map = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED) {
      error = fmt::format("{}: cannot map: {}", path, std::strerror(errno));
      ::close(fd);
      return nullptr;
    }
  }
  ::close(fd);
  std::unique_ptr<Reader> reader(
      new Reader(path, static_cast<const std::uint8_t*>(map), size, options));
  reader->mapping_ = map;
  if (!reader->open_header(error)) return nullptr;
  return reader;
}

std::unique_ptr<Reader> Reader::from_memory(std::span<const std::uint8_t> bytes, std::string name,
                                            std::string& error, const ReadOptions& options) {
  std::unique_ptr<Reader> reader(new Reader(std::move(name), bytes.data(), bytes.size(), options));
  if (!reader->open_header(error)) return nullptr;
  return reader;
}

bool Reader::open_header(std::string& error) {
  const std::uint64_t magic_bytes = std::min<std::uint64_t>(size_, sizeof kFileMagic);
  if (magic_bytes && std::memcmp(data_, kFileMagic, magic_bytes) != 0) {
    error = fmt::format("{}: not a clvet trace (it does not start with \"CLVTRACE\")", name_);
    return false;
  }
  if (size_ < kHeaderSize) {
    error = fmt::format("{}: file header is truncated (needs {} bytes, has {})", name_, kHeaderSize,
                        size_);
    return false;
  }
  info_.major = wire::load16(data_ + header::kMajor);
  info_.minor = wire::load16(data_ + header::kMinor);
  if (info_.major < kOldestFormatMajor || info_.major > kFormatMajor) {
    error = fmt::format("{}: trace format {}.{} is not readable by this clvet (it reads {}.x to {}.x)",
                        name_, info_.major, info_.minor, kOldestFormatMajor, kFormatMajor);
    return false;
  }
  const std::uint32_t header_size = wire::load32(data_ + header::kHeaderSize);
  // A later minor version may have a longer header; records start where it says.
  if (header_size < kHeaderSize || header_size % kAlignment != 0 || header_size > 4096) {
    error = fmt::format("{}: file header gives an impossible header size {}", name_, header_size);
    return false;
  }
  if (header_size > size_) {
    error = fmt::format("{}: file header is truncated (needs {} bytes, has {})", name_,
                        header_size, size_);
    return false;
  }
  relative_entries_ = info_.major >= 4;
  repeats_ = info_.major >= 5;
  prelude_size_ = relative_entries_ ? block::kPreludeSize : block::kPreludeSizeBefore4;
  records_start_ = header_size;
  position_ = records_start_;
  info_.created_realtime_ns = wire::load64(data_ + header::kCreatedNs);
  info_.origin_monotonic_ns = wire::load64(data_ + header::kOriginNs);
  index_head_ = wire::load64(data_ + header::kIndexHead);
  info_.file_size = size_;
  read_footer();
  read_api_table();
  return true;
}

void Reader::read_footer() {
  if (size_ < records_start_ + kEndRecordSize) return;
  const std::uint64_t offset = size_ - kEndRecordSize;
  if (offset % kAlignment != 0) return;
  auto end = record_at(offset, RecordKind::End);
  if (!end) return;
  wire::Decoder in(end->payload.data(), end->payload.size());
  codec::EndRecord footer;
  if (!codec::decode(in, footer) || footer.root_offset >= offset ||
      footer.root_offset < records_start_)
    return;
  info_.closed_cleanly = true;
  info_.call_count = footer.call_count;
  info_.record_count = footer.record_count;
  root_offset_ = footer.root_offset;
}

void Reader::read_api_table() {
  auto table = record_at(records_start_, RecordKind::ApiTable);
  if (!table) return;
  wire::Decoder in(table->payload.data(), table->payload.size());
  std::vector<codec::ApiEntry> entries;
  if (!codec::decode(in, entries)) return;
  const auto ours = api::entry_points();
  for (const codec::ApiEntry& e : entries) {
    entry_names_.push_back(e.name);
    const api::EntryPoint* local = api::find_entry_point(e.name);
    // A parameter count that differs means a different prototype: decode, but do not name
    // the parameters after ours.
    entry_map_.push_back(local && local->params.size() == e.param_count
                             ? static_cast<std::uint32_t>(local - ours.data())
                             : kUnknownEntry);
  }
}

std::string Reader::entry_name(std::uint32_t writer_entry) const {
  if (writer_entry < entry_names_.size()) return entry_names_[writer_entry];
  return fmt::format("entry#{}", writer_entry);
}

// --- frames -----------------------------------------------------------------------------------

Reader::Frame Reader::check_frame(std::uint64_t offset) {
  Frame f;
  ++stats_.records_read;
  const std::uint64_t available = offset < size_ ? size_ - offset : 0;
  f.available = available;
  if (available < kFrameSize) {
    f.status = all_zero(offset) ? FrameStatus::Unwritten : FrameStatus::Truncated;
    f.needed = kFrameSize;
    return f;
  }
  const std::uint8_t* p = data_ + offset;
  f.found = wire::load32(p + frame::kMagic);
  const std::uint16_t kind = wire::load16(p + frame::kKind);
  const std::uint16_t flags = wire::load16(p + frame::kFlags);
  const std::uint32_t length = wire::load32(p + frame::kLength);
  f.stored = wire::load32(p + frame::kChecksum);
  if (f.found == 0 && kind == 0 && flags == 0 && length == 0 && f.stored == 0) {
    f.status = FrameStatus::Unwritten;
    return f;
  }
  if (f.found != kRecordMagic) {
    f.status = FrameStatus::NoMarker;
    return f;
  }
  f.kind = static_cast<RecordKind>(kind);
  f.total = kFrameSize + align_up(length);
  if (f.total > available) {
    f.status = FrameStatus::Truncated;
    f.needed = f.total;
    return f;
  }
  stats_.bytes_read += f.total;
  f.payload = {p + kFrameSize, length};
  if (options_.verify_checksums) {
    f.computed = frame::checksum(kind, flags, p + kFrameSize, length);
    if (f.computed != f.stored) {
      f.status = FrameStatus::BadChecksum;
      return f;
    }
  }
  for (std::uint64_t i = kFrameSize + length; i < f.total; ++i) {
    if (p[i] != 0) {
      f.status = FrameStatus::BadPadding;
      return f;
    }
  }
  return f;
}

std::string Reader::describe(const Frame& f, std::uint64_t number, std::uint64_t offset) const {
  const std::string record = number ? fmt::format("{}: record {} at offset {:#x}", name_, number, offset)
                                    : fmt::format("{}: record at offset {:#x}", name_, offset);
  switch (f.status) {
    case FrameStatus::Ok: return record + " is whole";
    case FrameStatus::Truncated:
      return fmt::format("{} is truncated (needs {} bytes, has {})", record, f.needed, f.available);
    case FrameStatus::Unwritten:
      return record + " was never completed (its header is still zero: the writer stopped "
                      "while writing it)";
    case FrameStatus::NoMarker:
      return fmt::format("{} has no record marker (found {:#010x}, expected {:#010x})", record,
                         f.found, kRecordMagic);
    case FrameStatus::BadChecksum:
      return fmt::format("{} has a bad checksum (stored {:#010x}, computed {:#010x})", record,
                         f.stored, f.computed);
    case FrameStatus::BadPadding: return record + " has non-zero padding after its payload";
  }
  return record;
}

bool Reader::all_zero(std::uint64_t from) const {
  for (std::uint64_t i = from; i < size_; ++i)
    if (data_[i] != 0) return false;
  return true;
}

void Reader::problem(std::string message) {
  if (problems_seen_.insert(message).second) problems_.push_back(std::move(message));
}

void Reader::note(std::string message) {
  if (notes_seen_.insert(message).second) notes_.push_back(std::move(message));
}

std::optional<RecordView> Reader::record_at(std::uint64_t offset, RecordKind kind) {
  if (offset < records_start_ || offset >= size_ || offset % kAlignment != 0) return std::nullopt;
  const Frame f = check_frame(offset);
  if (f.status != FrameStatus::Ok || f.kind != kind) return std::nullopt;
  return RecordView{f.kind, offset, 0, f.payload};
}

// --- sequential reading -----------------------------------------------------------------------

void Reader::rewind() {
  position_ = records_start_;
  number_ = 0;
  stopped_ = false;
  end_seen_ = false;
  not_completed_.clear();
  completed_.clear();
  walk_.reset();
  open_blocks_.clear();
}

void Reader::grow(std::span<const std::uint8_t> bytes) {
  // A mapped file is read as it was. A trace may also come back shorter (its writer cuts the
  // room it reserved when it closes), but never shorter than what was settled.
  if (mapping_ != nullptr || bytes.size() < settled_until()) return;
  data_ = bytes.data();
  size_ = bytes.size();
  info_.file_size = size_;
  if (size_ >= kHeaderSize) index_head_ = wire::load64(data_ + header::kIndexHead);
  // The names of the writer's entry points, where the first read did not have them whole.
  if (entry_names_.empty()) read_api_table();
  std::erase_if(not_completed_, [&](std::uint64_t at) {
    if (check_frame(at).status != FrameStatus::Ok) return false;
    completed_.push_back(at);
    return true;
  });
  std::sort(completed_.begin(), completed_.end(), std::greater<>());  // the first taken from the back
  if (!stopped_ || end_seen_) return;
  // Stopped short of an end record: where it stopped may be whole now. What it said about
  // stopping there is said again if it stops there again.
  stopped_ = false;
  while (notes_.size() > notes_before_stop_) {
    notes_seen_.erase(notes_.back());
    notes_.pop_back();
  }
  while (problems_.size() > problems_before_stop_) {
    problems_seen_.erase(problems_.back());
    problems_.pop_back();
  }
}

std::uint64_t Reader::settled_until() const {
  std::uint64_t until = position_;
  if (walk_) until = std::min(until, walk_->cursor);
  for (const BlockWalk& b : open_blocks_) until = std::min(until, b.cursor);
  for (const std::uint64_t at : not_completed_) until = std::min(until, at);
  for (const std::uint64_t at : completed_) until = std::min(until, at);
  return until;
}

std::span<const std::uint8_t> Reader::bytes_at(std::uint64_t offset, std::size_t n) const {
  const std::uint64_t at = std::min<std::uint64_t>(offset, size_);
  return {data_ + at, static_cast<std::size_t>(std::min<std::uint64_t>(n, size_ - at))};
}

std::optional<std::uint64_t> Reader::next_whole_frame(std::uint64_t from) {
  const frame_walk::Layout layout{records_start_, prelude_size_};
  auto bytes = [this](std::uint64_t at, std::size_t n) { return bytes_at(at, n); };
  auto whole = [this](std::uint64_t at) { return check_frame(at).status == FrameStatus::Ok; };
  return frame_walk::next_whole_frame(from, layout, bytes, whole);
}

bool Reader::resync(std::uint64_t from) {
  const std::optional<std::uint64_t> at = next_whole_frame(from);
  if (!at) return false;
  problem(fmt::format("{}: skipped {} damaged bytes from offset {:#x} to {:#x}", name_,
                      *at - position_, position_, *at));
  position_ = *at;
  return true;
}

bool Reader::next(RecordView& record) {
  while (!completed_.empty()) {
    const std::uint64_t at = completed_.back();
    completed_.pop_back();
    const Frame f = check_frame(at);
    if (f.status != FrameStatus::Ok) continue;
    record = RecordView{f.kind, at, ++number_, f.payload};
    if (f.kind == RecordKind::Blob && f.payload.size() >= 8) blob_offsets_.emplace(wire::load64(f.payload.data()), at);
    return true;
  }
  // Blocks passed over while their writer was still filling them: what it has added since.
  for (std::size_t i = 0; i < open_blocks_.size();) {
    BlockWalk& b = open_blocks_[i];
    if (!b.sealed && check_frame(b.frame).status == FrameStatus::Ok) b.sealed = true;
    const Step s = step(b, record);
    if (s == Step::Given) return true;
    if (s == Step::Wait) {
      ++i;
      continue;
    }
    open_blocks_.erase(open_blocks_.begin() + static_cast<std::ptrdiff_t>(i));
  }
  if (!stopped_) {
    notes_before_stop_ = notes_.size();
    problems_before_stop_ = problems_.size();
  }
  for (;;) {
    // A block being walked gives its entries first, also the entries of a cut block that
    // stopped the reading.
    if (walk_) {
      const Step s = step(*walk_, record);
      if (s == Step::Given) return true;
      if (s == Step::Wait) open_blocks_.push_back(*walk_);
      walk_.reset();
      if (s == Step::Damage && !options_.skip_damage) {
        stopped_ = true;
        return false;
      }
      continue;
    }
    if (stopped_) return false;
    if (position_ >= size_) {
      if (!end_seen_)
        note(fmt::format(
            "{}: trace ends at offset {:#x} after record {} without an end record (the process "
            "stopped before closing it)",
            name_, position_, number_));
      stopped_ = true;
      return false;
    }
    const Frame f = check_frame(position_);
    if (f.status == FrameStatus::Ok && f.kind == RecordKind::CallBlock) {
      // A thread's calls: given one by one, each an entry of the block.
      ++number_;
      if (f.payload.size() < prelude_size_ || wire::load32(f.payload.data()) != block::kMagic) {
        problem(fmt::format("{}: record {} at offset {:#x} is a call block without its prelude",
                            name_, number_, position_));
        position_ += f.total;
        continue;
      }
      walk_ = BlockWalk{position_, position_ + kFrameSize + f.payload.size(),
                        position_ + kFrameSize + prelude_size_, true, false};
      position_ += f.total;
      continue;
    }
    if (f.status == FrameStatus::Unwritten) {
      const frame_walk::Layout layout{records_start_, prelude_size_};
      auto bytes = [this](std::uint64_t at, std::size_t n) { return bytes_at(at, n); };
      auto whole = [this](std::uint64_t at) { return check_frame(at).status == FrameStatus::Ok; };
      const frame_walk::AfterZero after =
          frame_walk::after_zero_header(position_, layout, bytes, whole);
      if (after.what == frame_walk::AfterZero::What::UnsealedBlock) {
        // A block its writer had not sealed yet (or never did: the process died): its entries
        // are read without a checksum, up to the first one not written.
        ++number_;
        const std::uint64_t end =
            std::min<std::uint64_t>(position_ + kFrameSize + after.size, size_);
        walk_ = BlockWalk{position_, end, position_ + kFrameSize + prelude_size_, false, false};
        position_ = position_ + kFrameSize + after.size;
        continue;
      }
      // Else a record the writer reserved and never finished: its process died first. Not
      // damage: other threads' records may follow it, and reading goes on there.
      if (after.what == frame_walk::AfterZero::What::NotCompleted) {
        not_completed_.push_back(position_);
        note(fmt::format(
            "{}: record {} at offset {:#x} was never completed (the writer stopped while writing "
            "it); reading goes on at offset {:#x}",
            name_, number_ + 1, position_, after.next));
        position_ = after.next;
        continue;
      }
      note(fmt::format(
          "{}: trace ends at offset {:#x} after record {} without an end record (the process "
          "stopped before closing it{})",
          name_, position_, number_,
          all_zero(position_) ? fmt::format("; {} unwritten bytes follow", size_ - position_)
                              : std::string(", in the middle of writing a record")));
      stopped_ = true;
      return false;
    }
    if (f.status == FrameStatus::Ok) {
      record = RecordView{f.kind, position_, ++number_, f.payload};
      // A sequential pass finds blobs as it goes: a trace without a footer (a process still
      // running or killed) needs no second pass to find one.
      if (f.kind == RecordKind::Blob && f.payload.size() >= 8)
        blob_offsets_.emplace(wire::load64(f.payload.data()), position_);
      position_ += f.total;
      if (f.kind == RecordKind::End) {
        end_seen_ = true;
        if (position_ < size_)
          problem(fmt::format("{}: {} bytes follow the end record at offset {:#x}", name_,
                              size_ - position_, record.offset));
        stopped_ = true;  // nothing after the footer belongs to the trace
      }
      return true;
    }
    if (f.status == FrameStatus::BadChecksum && f.kind == RecordKind::CallBlock &&
        f.payload.size() >= prelude_size_ && wire::load32(f.payload.data()) == block::kMagic) {
      // A damaged call block: its calls are read, unchecked, up to the first one that does not
      // decode (the damage, where the bytes hold no call any more), and reading stops there.
      const std::uint64_t first = position_ + kFrameSize + prelude_size_;
      const std::uint64_t end = position_ + kFrameSize + f.payload.size();
      std::uint64_t at = first;
      Call scratch;
      codec::BlockBase base = codec::block_base(data_ + position_ + kFrameSize);
      if (repeats_) base.entries = data_ + first;
      while (at + block::kEntryHeaderSize <= end) {
        if (repeats_) base.entry = data_ + at;
        const std::uint32_t word = wire::load32(data_ + at);
        const std::uint8_t state = static_cast<std::uint8_t>(word);
        const std::uint32_t length = word >> 8;
        if (state == 0) break;
        if ((state != block::kEntered && state != block::kComplete && state != block::kMoved) ||
            wire::load32(data_ + at + 4) != at - position_ ||
            length > end - at - block::kEntryHeaderSize)
          break;
        wire::Decoder in(data_ + at + block::kEntryHeaderSize, length);
        if (!codec::decode_call(in, scratch, state != block::kComplete,
                                relative_entries_ ? &base : nullptr))
          break;
        at += block::kEntryHeaderSize + length;
      }
      const bool whole = at + block::kEntryHeaderSize > end || data_[at] == 0;
      problem(describe(f, number_ + 1, position_) +
              (whole ? std::string("; its calls, which all decode, are read unchecked")
                     : fmt::format("; its calls are read unchecked up to the damage, at the entry "
                                   "at offset {:#x}",
                                   at)));
      ++number_;
      walk_ = BlockWalk{position_, at, first, true, false};
      if (options_.skip_damage) {
        position_ += f.total;
      } else {
        stopped_ = true;
      }
      continue;
    }
    problem(describe(f, number_ + 1, position_));
    if (f.status == FrameStatus::Truncated && f.found == kRecordMagic &&
        f.kind == RecordKind::CallBlock && position_ + kFrameSize + prelude_size_ <= size_ &&
        wire::load32(data_ + position_ + kFrameSize) == block::kMagic) {
      // A call block cut short (a trace copied or cut while it grew): the entries that are
      // whole before the cut are read, unchecked, and reading stops after them.
      ++number_;
      walk_ = BlockWalk{position_, size_, position_ + kFrameSize + prelude_size_, true, false};
      stopped_ = true;
      continue;
    }
    if (!options_.skip_damage || f.status == FrameStatus::Truncated ||
        !resync(position_ + kAlignment)) {
      stopped_ = true;
      return false;
    }
  }
}

// --- call blocks ------------------------------------------------------------------------------

namespace {

// Whether a byte where an entry may start is an entry's state.
bool entry_state(std::uint8_t state) {
  return state == block::kEntered || state == block::kComplete || state == block::kMoved;
}

}  // namespace

std::optional<std::uint32_t> Reader::unsealed_block(std::uint64_t offset) const {
  const frame_walk::Layout layout{records_start_, prelude_size_};
  return frame_walk::unsealed_block(bytes_at(offset, kFrameSize + prelude_size_), offset, layout);
}

Reader::Step Reader::step(BlockWalk& b, RecordView& record) {
  b.end = std::min(b.end, size_);  // a trace read again may be shorter than the block
  for (;;) {
    if (b.cursor + block::kEntryHeaderSize > b.end) return Step::End;
    const std::uint8_t* p = data_ + b.cursor;
    const std::uint32_t word = wire::load32(p);
    const std::uint8_t state = static_cast<std::uint8_t>(word);
    const std::uint32_t length = word >> 8;
    const std::uint32_t distance = wire::load32(p + 4);
    if (state == 0) {
      // No entry written here: the block's end, or, while its writer lives, not yet.
      return b.sealed ? Step::End : Step::Wait;
    }
    if ((state != block::kEntered && state != block::kComplete && state != block::kMoved) ||
        distance != b.cursor - b.frame || length > b.end - b.cursor - block::kEntryHeaderSize) {
      problem(fmt::format(
          "{}: call entry at offset {:#x} of the call block at offset {:#x} is damaged (state "
          "{:#04x}, {} bytes, {} from its block); the block's later entries are not read",
          name_, b.cursor, b.frame, state, length, distance));
      return Step::Damage;
    }
    const std::span<const std::uint8_t> payload{p + block::kEntryHeaderSize, length};
    const std::uint64_t at = b.cursor;
    if (state == block::kComplete) {
      b.cursor += block::kEntryHeaderSize + length;
      b.entered_given = false;
      record = RecordView{RecordKind::Call, at, ++number_, payload, true, prelude_of(b.frame)};
      return Step::Given;
    }
    // A call entered: moved (its Call is a record further on), in a sealed block (it never
    // returned), or still in flight.
    // An entry written after it ends it too: its thread went on without completing it. Bytes
    // after it that are no entry's state are its own rest being written (a call marker, 0xf0
    // and above): the call is still in flight, or its process died while it returned.
    const std::uint64_t after = b.cursor + block::kEntryHeaderSize + length;
    const bool final = state == block::kMoved || b.sealed ||
                       (after + block::kEntryHeaderSize <= b.end && entry_state(data_[after]));
    const bool given = b.entered_given;
    if (final) {
      b.cursor += block::kEntryHeaderSize + length;
      b.entered_given = false;
    }
    if (given) {
      if (!final) return Step::Wait;
      continue;
    }
    if (!final) b.entered_given = true;
    record = RecordView{RecordKind::CallEnter, at, ++number_, payload, true, prelude_of(b.frame)};
    return Step::Given;
  }
}

std::optional<RecordView> Reader::entry_at(std::uint64_t offset, bool checked) {
  // (An offset from the index may be anything: compared so that none overflows.)
  if (offset < records_start_ + kFrameSize + prelude_size_ || offset > size_ ||
      size_ - offset < block::kEntryHeaderSize)
    return std::nullopt;
  const std::uint8_t* p = data_ + offset;
  const std::uint64_t distance = wire::load32(p + 4);
  if (distance > offset - records_start_) return std::nullopt;
  const std::uint64_t frame = offset - distance;
  std::uint64_t end = 0;
  bool sealed = false;
  if (frame % kAlignment != 0 || frame + kFrameSize + prelude_size_ > size_ ||
      wire::load32(data_ + frame + kFrameSize) != block::kMagic)
    return std::nullopt;
  if (wire::load32(data_ + frame) == kRecordMagic) {
    if (checked) {
      end = frame + kFrameSize + wire::load32(data_ + frame + frame::kLength);
    } else {
      const Frame f = check_frame(frame);
      if (f.status != FrameStatus::Ok || f.kind != RecordKind::CallBlock) return std::nullopt;
      end = frame + kFrameSize + f.payload.size();
    }
    sealed = true;
  } else if (const auto size = unsealed_block(frame)) {
    end = frame + kFrameSize + *size;
  } else {
    return std::nullopt;
  }
  BlockWalk walk{frame, std::min(end, size_), offset, sealed, false};
  RecordView record;
  const std::uint64_t number = number_;
  const Step s = step(walk, record);
  number_ = number;  // random access numbers nothing
  if (s != Step::Given || record.offset != offset) return std::nullopt;
  record.number = 0;
  return record;
}

std::optional<std::uint64_t> Reader::call_in_block(std::uint64_t block_offset, std::uint64_t index) {
  if (block_offset < records_start_ || block_offset % kAlignment != 0 ||
      !within(block_offset, kFrameSize + prelude_size_))
    return std::nullopt;
  std::uint64_t end = 0;
  if (wire::load32(data_ + block_offset) == kRecordMagic) {
    if (wire::load16(data_ + block_offset + frame::kKind) != static_cast<std::uint16_t>(RecordKind::CallBlock))
      return std::nullopt;
    if (verified_block_ != block_offset) {
      const Frame f = check_frame(block_offset);
      if (f.status != FrameStatus::Ok) return std::nullopt;
      verified_block_ = block_offset;
    }
    end = std::min<std::uint64_t>(
        block_offset + kFrameSize + wire::load32(data_ + block_offset + frame::kLength), size_);
  } else if (const auto size = unsealed_block(block_offset)) {
    end = std::min<std::uint64_t>(block_offset + kFrameSize + *size, size_);
  } else {
    return std::nullopt;
  }
  // A thread's calls enter its block in the order of their indexes.
  for (std::uint64_t at = block_offset + kFrameSize + prelude_size_;
       at + block::kEntryHeaderSize <= end;) {
    const std::uint32_t word = wire::load32(data_ + at);
    const std::uint32_t length = word >> 8;
    if (!entry_state(static_cast<std::uint8_t>(word)) || length > end - at - block::kEntryHeaderSize)
      break;
    wire::Decoder in(data_ + at + block::kEntryHeaderSize, length);
    const std::uint64_t key =
        relative_entries_
            ? codec::block_base(data_ + block_offset + kFrameSize).index + static_cast<std::uint64_t>(in.svarint())
            : in.varint();
    if (!in.ok() || key > index) break;
    if (key == index && (word & 0xff) == block::kComplete) return at;
    at += block::kEntryHeaderSize + length;
  }
  return std::nullopt;
}

std::optional<RecordView> Reader::call_record_at(std::uint64_t offset, bool checked) {
  if (offset % kAlignment == 0 && within(offset, kFrameSize) &&
      wire::load32(data_ + offset) == kRecordMagic)
    return record_at(offset, RecordKind::Call);
  auto entry = entry_at(offset, checked);
  if (!entry || entry->kind != RecordKind::Call) return std::nullopt;
  return entry;
}

// --- payloads ---------------------------------------------------------------------------------

bool Reader::malformed(const RecordView& r, const char* why) {
  const std::string where = r.number ? fmt::format("record {} at offset {:#x}", r.number, r.offset)
                                     : fmt::format("record at offset {:#x}", r.offset);
  problem(fmt::format("{}: {} ({}) is malformed: {}", name_, where, to_string(r.kind), why));
  return false;
}

namespace {

template <typename T>
bool decode_payload(const RecordView& r, T& out, const char*& why) {
  wire::Decoder in(r.payload.data(), r.payload.size());
  if (codec::decode(in, out)) return true;
  why = in.error();
  return false;
}

}  // namespace

bool Reader::decode(const RecordView& r, Call& call) {
  if (r.kind != RecordKind::Call && r.kind != RecordKind::CallEnter)
    return malformed(r, "not a call record");
  wire::Decoder in(r.payload.data(), r.payload.size());
  codec::BlockBase base = r.prelude != nullptr ? codec::block_base(r.prelude) : codec::BlockBase{};
  if (repeats_ && r.entry && r.prelude != nullptr) {
    // A 5.0 entry may repeat an earlier entry's parameters: where its block's entries are.
    base.entries = r.prelude + prelude_size_;
    base.entry = r.payload.data() - block::kEntryHeaderSize;
  }
  if (!codec::decode_call(in, call, r.entry && r.kind == RecordKind::CallEnter,
                          r.prelude != nullptr ? &base : nullptr))
    return malformed(r, in.error());
  call.completed = r.kind == RecordKind::Call;
  // Assigned in place: a Call decoded into again and again keeps its name's storage.
  if (call.entry < entry_names_.size())
    call.name.assign(entry_names_[call.entry]);
  else
    call.name = entry_name(call.entry);
  call.entry = call.entry < entry_map_.size() ? entry_map_[call.entry] : kUnknownEntry;
  return true;
}

#define CLVET_DECODE(Type, Kind)                                          \
  bool Reader::decode(const RecordView& r, Type& out) {                   \
    if (r.kind != RecordKind::Kind) return malformed(r, "not a " #Kind " record"); \
    const char* why = nullptr;                                            \
    return decode_payload(r, out, why) || malformed(r, why);              \
  }
CLVET_DECODE(ProcessInfo, ProcessInfo)
CLVET_DECODE(Platform, Platform)
CLVET_DECODE(ObjectEvent, Object)
CLVET_DECODE(DeviceCommand, DeviceCommand)
CLVET_DECODE(ClockSync, ClockSync)
CLVET_DECODE(KernelBuffers, KernelBuffers)
CLVET_DECODE(ReadBytes, ReadBytes)
CLVET_DECODE(reports::Finding, Finding)
#undef CLVET_DECODE

bool Reader::decode(const RecordView& r, BlobInfo& blob) {
  if (r.kind != RecordKind::Blob) return malformed(r, "not a blob record");
  wire::Decoder in(r.payload.data(), r.payload.size());
  return codec::decode_blob_header(in, blob) || malformed(r, in.error());
}

// --- random access ----------------------------------------------------------------------------

void Reader::load_index() {
  if (index_loaded_) return;
  index_loaded_ = true;
  if (root_offset_) {
    if (auto root_record = record_at(root_offset_, RecordKind::IndexRoot)) {
      wire::Decoder in(root_record->payload.data(), root_record->payload.size());
      codec::IndexRoot root;
      if (codec::decode(in, root)) {
        for (const codec::BlockRef& b : root.blocks) blocks_.push_back({b.first_call, b.last_call, b.offset});
        for (const codec::IndexEntry& e : root.blobs) blob_offsets_.emplace(e.key, e.offset);
        std::sort(blocks_.begin(), blocks_.end(),
                  [](const Block& a, const Block& b) { return a.first_call < b.first_call; });
        return;
      }
      malformed(*root_record, in.error());
    }
  }
  // No footer: the writer died. Its header still names the newest index record, and each
  // index record the one before it. Offsets must fall, so a damaged chain cannot loop.
  std::uint64_t offset = index_head_;
  while (offset) {
    auto record = record_at(offset, RecordKind::Index);
    if (!record) break;
    wire::Decoder in(record->payload.data(), record->payload.size());
    codec::IndexBlock block;
    if (!codec::decode(in, block)) {
      malformed(*record, in.error());
      break;
    }
    if (!block.calls.empty())
      blocks_.push_back({block.calls.front().key, block.calls.back().key, offset});
    for (const codec::IndexEntry& e : block.blobs) blob_offsets_.emplace(e.key, e.offset);
    if (block.previous >= offset) break;
    offset = block.previous;
  }
  std::sort(blocks_.begin(), blocks_.end(),
            [](const Block& a, const Block& b) { return a.first_call < b.first_call; });
}

void Reader::scan_everything() {
  if (scanned_) return;
  scanned_ = true;
  // A reader of its own, so the caller's sequential position stays where it was.
  std::string error;
  auto scan = from_memory({data_, size_}, name_, error, options_);
  if (!scan) return;
  RecordView r;
  while (scan->next(r)) {
    if (r.kind == RecordKind::Call) {
      wire::Decoder in(r.payload.data(), r.payload.size());
      const std::uint64_t index = r.prelude != nullptr
                                      ? codec::block_base(r.prelude).index + static_cast<std::uint64_t>(in.svarint())
                                      : in.varint();
      if (in.ok()) scanned_calls_.emplace(index, r.offset);
    } else if (r.kind == RecordKind::Blob && r.payload.size() >= 8) {
      blob_offsets_.emplace(wire::load64(r.payload.data()), r.offset);
    }
  }
  stats_.records_read += scan->stats().records_read;
  stats_.bytes_read += scan->stats().bytes_read;
  for (const std::string& p : scan->problems()) problem(p);
}

std::optional<std::uint64_t> Reader::find_call_offset(std::uint64_t index) {
  load_index();
  // Blocks are sorted by their first call; a block whose range holds `index` may hold it.
  // Ranges overlap only where threads interleave.
  auto upper = std::upper_bound(blocks_.begin(), blocks_.end(), index,
                                [](std::uint64_t i, const Block& b) { return i < b.first_call; });
  for (auto it = blocks_.begin(); it != upper; ++it) {
    if (it->last_call < index) continue;
    if (cached_block_offset_ != it->offset) {
      auto record = record_at(it->offset, RecordKind::Index);
      if (!record) continue;
      wire::Decoder in(record->payload.data(), record->payload.size());
      codec::IndexBlock block;
      if (!codec::decode(in, block)) {
        malformed(*record, in.error());
        continue;
      }
      cached_block_.clear();
      for (const codec::IndexEntry& e : block.calls) cached_block_.emplace_back(e.key, e.offset);
      cached_block_offset_ = it->offset;
    }
    auto hit = std::lower_bound(cached_block_.begin(), cached_block_.end(),
                                std::pair<std::uint64_t, std::uint64_t>{index, 0});
    if (hit != cached_block_.end() && hit->first == index) {
      if (auto in_block = call_in_block(hit->second, index)) return in_block;
      return hit->second;
    }
    // A 2.0 index names the call blocks of its thread by their first and last calls: the
    // block of the entry before may hold this call.
    if (hit != cached_block_.begin())
      if (auto in_block = call_in_block(std::prev(hit)->second, index)) return in_block;
  }
  scan_everything();
  auto it = scanned_calls_.find(index);
  if (it != scanned_calls_.end()) return it->second;
  return std::nullopt;
}

std::optional<RecordView> Reader::record(std::uint64_t offset) {
  if (offset < records_start_ || offset >= size_) return std::nullopt;
  const bool framed = offset % kAlignment == 0 && within(offset, kFrameSize) &&
                     wire::load32(data_ + offset) == kRecordMagic;
  if (!framed)
    if (auto entry = entry_at(offset, false)) return entry;
  if (offset % kAlignment != 0) return std::nullopt;
  const Frame f = check_frame(offset);
  if (f.status != FrameStatus::Ok) return std::nullopt;
  return RecordView{f.kind, offset, 0, f.payload};
}

std::optional<Call> Reader::call(std::uint64_t index) {
  const auto offset = find_call_offset(index);
  if (!offset) return std::nullopt;
  auto record = call_record_at(*offset);
  if (!record) {
    problem(fmt::format("{}: the index points call {} at offset {:#x}, where there is no whole "
                        "call record", name_, index, *offset));
    return std::nullopt;
  }
  Call call;
  if (!decode(*record, call) || call.index != index) return std::nullopt;
  return call;
}

bool Reader::call_at(std::uint64_t offset, Call& call, bool checked) {
  if (checked && offset >= records_start_ && offset % kAlignment == 0 && within(offset, kFrameSize)) {
    const std::uint8_t* p = data_ + offset;
    const std::uint32_t length = wire::load32(p + frame::kLength);
    if (wire::load32(p + frame::kMagic) == kRecordMagic &&
        wire::load16(p + frame::kKind) == static_cast<std::uint16_t>(RecordKind::Call) &&
        length <= size_ - offset - kFrameSize)
      return decode(RecordView{RecordKind::Call, offset, 0, {p + kFrameSize, length}}, call);
  }
  auto record = call_record_at(offset, checked);
  return record && decode(*record, call);
}

std::optional<std::string> Reader::blob(std::uint64_t hash) {
  load_index();
  auto it = blob_offsets_.find(hash);
  if (it == blob_offsets_.end()) {
    scan_everything();
    it = blob_offsets_.find(hash);
    if (it == blob_offsets_.end()) return std::nullopt;
  }
  auto record = record_at(it->second, RecordKind::Blob);
  if (!record) return std::nullopt;
  wire::Decoder in(record->payload.data(), record->payload.size());
  BlobInfo info;
  if (!codec::decode_blob_header(in, info)) {
    malformed(*record, in.error());
    return std::nullopt;
  }
  if (info.hash != hash) {
    malformed(*record, "its hash is not the one the index gives");
    return std::nullopt;
  }
  if (info.size > options_.max_blob_size) {
    problem(fmt::format("{}: blob {:016x} at offset {:#x} has {} bytes, more than the limit of {}",
                        name_, hash, record->offset, info.size, options_.max_blob_size));
    return std::nullopt;
  }
  const std::string_view stored = in.bytes(in.remaining());
  std::string bytes;
  if (info.compression == codec::kStored) {
    bytes.assign(stored);
  } else {
    const unsigned long long content = ZSTD_getFrameContentSize(stored.data(), stored.size());
    if (content != info.size) {
      malformed(*record, "its compressed size disagrees with its length");
      return std::nullopt;
    }
    bytes.resize(info.size);
    const std::size_t n = ZSTD_decompress(bytes.data(), bytes.size(), stored.data(), stored.size());
    if (ZSTD_isError(n) || n != info.size) {
      malformed(*record, "its compressed bytes do not decompress");
      return std::nullopt;
    }
  }
  if (frame::content_hash(bytes.data(), bytes.size()) != hash) {
    malformed(*record, "its bytes do not match their hash");
    return std::nullopt;
  }
  return bytes;
}

}  // namespace clvet::trace
