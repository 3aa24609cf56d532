// The trace reader: records in file order, call N at random through the index, blobs by
// hash. A damaged or cut trace is read up to the damage, which problems() names by offset:
//   trace.clvt: record 1834 at offset 0x3f20 is truncated (needs 96 bytes, has 12)
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "clvet/reports/finding.h"
#include "clvet/trace/format.h"
#include "clvet/trace/records.h"

namespace clvet::trace {

struct ReadOptions {
  bool verify_checksums = true;
  // After damage, look for the next whole record and go on (each skip is a problem), instead
  // of stopping. Useful for a multithreaded process killed while several threads wrote.
  bool skip_damage = false;
  // Blobs that would decompress to more than this are refused rather than allocated.
  std::uint64_t max_blob_size = std::uint64_t{4} << 30;
};

// One record as it lies in the file; decode() turns the payload into its record type.
struct RecordView {
  RecordKind kind = RecordKind::End;
  std::uint64_t offset = 0;
  std::uint64_t number = 0;  // 1-based position in the file; 0 when reached by random access
  std::span<const std::uint8_t> payload;
  // An entry of a call block (2.0): a Call or CallEnter whose offset is its entry's; a
  // CallEnter's payload then ends after its parameters and inputs, with no end marker.
  bool entry = false;
  // A 4.0 entry's block prelude (in the reader's bytes), which its call's header is relative to;
  // nullptr for records and for entries of 2.x and 3.x blocks, whose headers are whole.
  const std::uint8_t* prelude = nullptr;
};

// What a reader has touched: random access is measured by this, not by time.
struct ReaderStats {
  std::uint64_t records_read = 0;  // frames checked
  std::uint64_t bytes_read = 0;    // bytes of those frames
};

class Reader {
 public:
  // nullptr and `error` when the file cannot be opened or is not a readable trace at all.
  static std::unique_ptr<Reader> open(const std::string& path, std::string& error,
                                      const ReadOptions& options = {});
  // Reads bytes the caller keeps alive (tests, fuzzing). `name` starts messages.
  static std::unique_ptr<Reader> from_memory(std::span<const std::uint8_t> bytes, std::string name,
                                             std::string& error, const ReadOptions& options = {});
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;
  ~Reader();

  const std::string& name() const { return name_; }
  const TraceInfo& info() const { return info_; }

  // Records in file order. False at the end, or at damage (then problems() says where).
  bool next(RecordView& record);
  void rewind();

  // A trace still being written, read again further: `bytes` begin with the bytes this reader
  // had up to settled_until() (the header may have changed since). A reader of a mapped file
  // (open()) stays as it is. Where next() stopped short of an end record, it
  // goes on there; a record it passed over because it was not completed yet is given by
  // next() once it is whole. Records already given are not read again.
  void grow(std::span<const std::uint8_t> bytes);
  // Where the bytes that may still change begin: the first record passed over as not completed,
  // or where next() stopped. What lies before it is final.
  std::uint64_t settled_until() const;

  // Damage found so far, each naming the record and offset. Empty for a whole trace.
  const std::vector<std::string>& problems() const { return problems_; }
  // Facts that are not damage, e.g. that the trace ends without its footer.
  const std::vector<std::string>& notes() const { return notes_; }

  // Payload decoding. False, with a problem naming the record, when it is malformed.
  bool decode(const RecordView& record, Call& call);  // Call and CallEnter records
  bool decode(const RecordView& record, ProcessInfo& info);
  bool decode(const RecordView& record, Platform& platform);
  bool decode(const RecordView& record, ObjectEvent& event);
  bool decode(const RecordView& record, DeviceCommand& command);
  bool decode(const RecordView& record, ClockSync& sync);
  bool decode(const RecordView& record, KernelBuffers& buffers);
  bool decode(const RecordView& record, ReadBytes& read);
  bool decode(const RecordView& record, reports::Finding& finding);
  bool decode(const RecordView& record, BlobInfo& blob);

  // Call `index` through the index (footer, or the header's chain if the writer died), falling
  // back to one sequential pass when the call was not indexed yet.
  std::optional<Call> call(std::uint64_t index);
  // The whole record at `offset` (a RecordView's offset, kept from a sequential pass), with
  // number 0; nullopt when there is none there. For viewers that keep offsets, not records.
  std::optional<RecordView> record(std::uint64_t offset);
  // The Call record at `offset` (a RecordView's offset from next()): false when there is no
  // whole Call record there. What a replay uses to re-read calls it put in its own order.
  // `checked` says that an earlier pass of this reader found the record whole (its checksum
  // right): the file is mapped read-only, so the checksum is not computed again, which is
  // most of what re-reading a small call costs.
  bool call_at(std::uint64_t offset, Call& call, bool checked = false);
  // The bytes stored under `hash`, decompressed and checked against the hash.
  std::optional<std::string> blob(std::uint64_t hash);

  // The writer's name for its entry point number `entry`.
  std::string entry_name(std::uint32_t writer_entry) const;

  const ReaderStats& stats() const { return stats_; }
  void reset_stats() { stats_ = {}; }

 private:
  Reader(std::string name, const std::uint8_t* data, std::uint64_t size, const ReadOptions& options);
  bool open_header(std::string& error);
  void read_footer();
  void read_api_table();

  enum class FrameStatus { Ok, Truncated, Unwritten, NoMarker, BadChecksum, BadPadding };
  struct Frame {
    FrameStatus status = FrameStatus::Ok;
    RecordKind kind = RecordKind::End;
    std::span<const std::uint8_t> payload;
    std::uint64_t total = 0;      // frame, payload and padding
    std::uint64_t needed = 0, available = 0;
    std::uint32_t found = 0, stored = 0, computed = 0;
  };
  Frame check_frame(std::uint64_t offset);
  std::string describe(const Frame& frame, std::uint64_t number, std::uint64_t offset) const;
  bool all_zero(std::uint64_t from) const;
  // Whether `n` bytes at `offset` are in the file, for any offset (one read from an index
  // may be anything): compared so that nothing overflows.
  bool within(std::uint64_t offset, std::uint64_t n) const { return offset <= size_ && size_ - offset >= n; }
  // Up to `n` bytes at `offset` (fewer where the file ends): the walk's view of the file
  // (reports/trace/frame_walk.h).
  std::span<const std::uint8_t> bytes_at(std::uint64_t offset, std::size_t n) const;
  bool resync(std::uint64_t from);
  std::optional<std::uint64_t> next_whole_frame(std::uint64_t from);
  // The record at `offset` if its frame is whole and of `kind`.
  std::optional<RecordView> record_at(std::uint64_t offset, RecordKind kind);

  // Call blocks (2.0). A block being read: its frame's offset, the end of its payload, its
  // next entry, whether it is sealed (framed and checksummed; else its writer had not
  // finished it), and whether the entry there was given already as a call in flight.
  struct BlockWalk {
    std::uint64_t frame = 0, end = 0, cursor = 0;
    bool sealed = false;
    bool entered_given = false;
  };
  enum class Step { Given, End, Wait, Damage };
  Step step(BlockWalk& walk, RecordView& record);
  // What a block's entries' headers are relative to: its prelude (4.0), else nullptr.
  const std::uint8_t* prelude_of(std::uint64_t frame) const {
    return relative_entries_ ? data_ + frame + kFrameSize : nullptr;
  }
  // The payload size of a block the writer never sealed at `offset` (zero frame header, then
  // the block's prelude), if there is one.
  std::optional<std::uint32_t> unsealed_block(std::uint64_t offset) const;
  // The call block entry at `offset`, whole (its block's checksum verified unless `checked`).
  std::optional<RecordView> entry_at(std::uint64_t offset, bool checked);
  // The offset of call `index`'s complete entry in the call block at `block`.
  std::optional<std::uint64_t> call_in_block(std::uint64_t block, std::uint64_t index);
  // A Call record or a complete call entry at `offset`.
  std::optional<RecordView> call_record_at(std::uint64_t offset, bool checked = false);
  void problem(std::string message);
  void note(std::string message);  // once, however often the trace is read
  bool malformed(const RecordView& record, const char* why);
  void load_index();
  void scan_everything();
  std::optional<std::uint64_t> find_call_offset(std::uint64_t index);

  std::string name_;
  const std::uint8_t* data_ = nullptr;
  std::uint64_t size_ = 0;
  void* mapping_ = nullptr;  // owned mmap, or nullptr for from_memory
  ReadOptions options_;
  TraceInfo info_;
  std::uint64_t records_start_ = kHeaderSize;
  // A call block's prelude: 4.0 adds the base its entries' headers are relative to.
  std::uint32_t prelude_size_ = block::kPreludeSize;
  bool relative_entries_ = true;
  // 5.0 and later: a call block entry's parameters may be a Repeat of an earlier entry's.
  bool repeats_ = true;
  std::uint64_t index_head_ = 0;
  std::uint64_t root_offset_ = 0;

  // Sequential position.
  std::uint64_t position_ = 0;
  std::uint64_t number_ = 0;
  bool stopped_ = false;
  bool end_seen_ = false;
  std::size_t notes_before_stop_ = 0;     // notes_ and problems_ before next() said where it
  std::size_t problems_before_stop_ = 0;  // stopped (grow() takes those back)
  std::vector<std::uint64_t> not_completed_;  // records passed over, by offset (grow())
  std::vector<std::uint64_t> completed_;       // of those, whole now and not given yet
  std::optional<BlockWalk> walk_;              // the call block next() is inside
  std::vector<BlockWalk> open_blocks_;         // unsealed blocks whose entries may go on (grow())

  std::vector<std::string> problems_;
  std::set<std::string> problems_seen_;
  std::vector<std::string> notes_;
  std::set<std::string> notes_seen_;  // a trace read again (rewind()) says each note once
  ReaderStats stats_;

  // The writer's entry point names, and each one's index in this build's table.
  std::vector<std::string> entry_names_;
  std::vector<std::uint32_t> entry_map_;

  struct Block {
    std::uint64_t first_call = 0, last_call = 0, offset = 0;
  };
  bool index_loaded_ = false;
  std::vector<Block> blocks_;  // sorted by first_call
  std::unordered_map<std::uint64_t, std::uint64_t> blob_offsets_;
  // The index record decoded last, kept so that neighbouring calls cost one record each.
  std::uint64_t cached_block_offset_ = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> cached_block_;
  std::uint64_t verified_block_ = 0;  // the call block whose checksum was checked last
  bool scanned_ = false;
  std::unordered_map<std::uint64_t, std::uint64_t> scanned_calls_;
};

}  // namespace clvet::trace
