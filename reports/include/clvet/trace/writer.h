// The trace writer: what the layer records calls, data, object lifetimes, device times and
// findings with. Crash safe (every record is complete in the file the moment it is written)
// and thread safe (a call costs one atomic add and a memcpy into a shared mapping).
//
//   std::string error;
//   auto writer = trace::Writer::create("app.clvt", error);
//   writer->write_process_info(trace::current_process_info("clvet layer"));
//   ...
//   auto call = writer->begin_call(entry, index, writer->now());
//   call.handle(api::ObjectKind::Context, context_id);   // one value per parameter, in order
//   call.uint(flags);
//   call.uint(size);
//   call.pointer(host_ptr);
//   call.pointer(errcode_ret);
//   call.input(3);  call.data(host_ptr, size);           // the bytes behind host_ptr
//   ... forward the call ...
//   call.result(error).handle(api::ObjectKind::Mem, new_id);
//   call.output(4).sint(error);
//   call.created(api::ObjectKind::Mem, new_id);
//   call.commit(writer->now());
//   ...
//   writer->close();  // at exit: index, footer, file cut to its real length
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "clvet/reports/finding.h"
#include "clvet/trace/block_entry.h"
#include "clvet/trace/buffer.h"
#include "clvet/trace/format.h"
#include "clvet/trace/raw_encoder.h"
#include "clvet/trace/records.h"

namespace clvet::trace {

namespace detail {
struct WriterThread;  // one application thread's buffers and pending index entries

// What the recorder's hot path (Writer::open_direct to complete_direct, inline below) reads
// and writes of a thread's state: here so that those calls inline into the layer's recorder.
// The rest of the state is WriterThread's, which derives from it (writer.cpp).
struct WriterThreadHot {
  std::uint64_t tid = 0;
  // Non-zero while this thread is inside a record write; close() waits for it to drop.
  std::atomic<std::uint32_t> busy{0};
  std::size_t depth = 0;  // calls in progress on this thread (callbacks nest)
  // Written by this thread only; atomic so that stats() may read it meanwhile.
  std::atomic<std::uint64_t> calls{0};
  // This thread's call block: its frame's offset (0: none open), the end of its payload,
  // where the next entry goes, and its first byte's address when it lies in one chunk of the
  // mapping (nullptr: written through the mapping's chunk table).
  std::uint64_t block = 0;
  std::uint64_t block_end = 0;
  std::uint64_t block_cursor = 0;
  std::uint8_t* block_bytes = nullptr;
  // What the open block's entries' headers are relative to (its prelude's base, 4.0).
  codec::BlockBase block_base;
  // The index names a block, not each call in it: its first call and its last (a reader walks
  // the block for the calls between). Whether the pending index entries name the open block
  // yet, and its last call since, not named yet.
  bool block_indexed = false;
  std::uint64_t block_last_call = 0;
  // Whether the thread has a call buffer yet (made by its first begin_call).
  bool has_call_buffer = false;
};

// The calling thread's state for the writer of `serial` (a cache: one load on the hot path).
struct ThreadCache {
  std::uint64_t serial = 0;
  WriterThreadHot* state = nullptr;
  std::uint64_t tid = 0;
};
// Initial-exec: the writer lives in the layer, a library the ICD loader dlopen()s, where the
// default TLS model costs a __tls_get_addr call on every record; this costs one load.
extern thread_local constinit ThreadCache t_cache __attribute__((tls_model("initial-exec")));
// Whether the process may use an asymmetric fence: close() makes every thread of the process
// pass a full barrier (membarrier), so that a record write needs only a compiler barrier
// between marking its thread busy and reading whether the writer is closed, not a locked
// instruction on every call.
extern std::atomic<bool> g_asymmetric_fence;
// The pid recording is for: a forked child inherits the writer and its mapping, and must not
// write into its parent's trace.
extern std::atomic<int> g_pid;

// Marks the thread busy for the length of one record write (then the writer says whether
// recording is allowed). The store and the load pair with close(): either close() sees the
// thread busy and waits, or the thread sees the writer closed and writes nothing. Between them
// a full fence: a compiler barrier here and membarrier in close(), or, where the kernel offers
// no membarrier, a seq_cst store.
[[gnu::always_inline]] inline void mark_busy(WriterThreadHot& ts) {
  const std::uint32_t busy = ts.busy.load(std::memory_order_relaxed) + 1;
  if (g_asymmetric_fence.load(std::memory_order_relaxed)) {
    ts.busy.store(busy, std::memory_order_relaxed);
    std::atomic_signal_fence(std::memory_order_seq_cst);
  } else {
    ts.busy.store(busy, std::memory_order_seq_cst);
  }
}
[[gnu::always_inline]] inline void unmark_busy(WriterThreadHot& ts) {
  ts.busy.store(ts.busy.load(std::memory_order_relaxed) - 1, std::memory_order_release);
}
}  // namespace detail
class FileMapping;
class Writer;

struct WriterOptions {
  // The file grows by this much at a time (a power of two, at least a page). A killed
  // process leaves at most this much unwritten space at the end of its trace.
  std::uint64_t chunk_size = std::uint64_t{8} << 20;
  int zstd_level = 3;  // fast: the layer compresses on the application's threads
  // Data up to this size is stored inline in the call (Value Bytes); larger data goes into
  // a Blob record, once per content.
  std::size_t inline_data_limit = 64;
  // A thread writes an index record after this many calls.
  std::uint32_t calls_per_index = 1024;
  // Each thread writes the calls it enters (CallEncoder::enter) into a call block of its own
  // of this many payload bytes (a multiple of 8), checksummed once when full; 0: each call is
  // a record of its own, framed and checksummed.
  std::uint32_t call_block_size = 32u << 10;
};

struct WriterStats {
  std::uint64_t bytes = 0;            // file length so far
  std::uint64_t records = 0;
  std::uint64_t calls = 0;
  std::uint64_t blobs_stored = 0;     // distinct contents written
  std::uint64_t blobs_deduplicated = 0;  // stores answered with an existing blob
  std::uint64_t blob_bytes_in = 0;    // bytes handed to store_blob
  std::uint64_t blob_bytes_stored = 0;   // bytes written for them, after compression
  std::uint64_t dropped = 0;          // records not written: writer closed, failed, or forked
};

// Appends values to a record under construction. Values go in the order the record expects;
// array(n) and properties(n) are followed by their n items (properties: key() then a value).
class ValueEncoder {
 public:
  void null() { out_->byte(tag::kNull); }
  void uint(std::uint64_t v) {
    out_->byte(tag::kUInt);
    out_->varint(v);
  }
  void sint(std::int64_t v) {
    out_->byte(tag::kInt);
    out_->svarint(v);
  }
  void floating(double v) {
    out_->byte(tag::kFloat);
    out_->fixed64(std::bit_cast<std::uint64_t>(v));
  }
  void handle(api::ObjectKind kind, std::uint64_t id) {
    out_->byte(tag::kHandle);
    out_->byte(static_cast<std::uint8_t>(kind));
    out_->varint(id);
  }
  void pointer(std::uint64_t address) {
    out_->byte(tag::kPointer);
    out_->varint(address);
  }
  void pointer(const void* address) { pointer(reinterpret_cast<std::uintptr_t>(address)); }
  void string(std::string_view s) {
    out_->byte(tag::kString);
    out_->text(s);
  }
  void inline_bytes(const void* data, std::size_t size) {
    out_->byte(tag::kBytes);
    out_->varint(size);
    out_->bytes(data, size);
  }
  void blob(std::uint64_t hash, std::uint64_t size) {
    out_->byte(tag::kBlob);
    out_->fixed64(hash);
    out_->varint(size);
  }
  void array(std::size_t count) {
    out_->byte(tag::kArray);
    out_->varint(count);
  }
  void properties(std::size_t pairs) {
    out_->byte(tag::kProperties);
    out_->varint(pairs);
  }
  void key(std::uint64_t key) { out_->varint(key); }
  void value(const Value& v);

 protected:
  ValueEncoder() = default;
  wire::Buffer* out_ = nullptr;
};

// One call being recorded, from begin_call() to commit(). Encode one value per parameter of
// the entry point, in order; then, in any order, input()/output() + one value, result() + one
// value, created(). Lives on the thread that began it; calls begun inside it (a callback that
// calls OpenCL) nest. Dropping it without commit() records nothing.
class CallEncoder : public ValueEncoder {
 public:
  // Inline: every traced call moves its encoder twice (into the thread's open calls and out).
  CallEncoder(CallEncoder&& other) noexcept
      : writer_(other.writer_), state_(other.state_), call_index_(other.call_index_),
        enter_ns_(other.enter_ns_), thread_(other.thread_), entry_offset_(other.entry_offset_),
        entry_(other.entry_),
        entered_size_(other.entered_size_), header_size_(other.header_size_),
        rest_from_(other.rest_from_), direct_(other.direct_), split_(other.split_),
        active_(other.active_) {
    out_ = other.out_;
    other.writer_ = nullptr;
    other.direct_ = nullptr;
    other.active_ = false;
  }
  CallEncoder& operator=(CallEncoder&&) = delete;
  // One that records nothing (a call recorded through Writer::DirectCall instead).
  CallEncoder() = default;
  ~CallEncoder() { release(); }

  // False when nothing will be recorded (writer closed or failed): the caller may skip encoding.
  explicit operator bool() const { return active_; }

  // The next value is what the call read through parameter `param` (after all parameters).
  ValueEncoder& input(std::uint32_t param) {
    out_->byte(tag::kMarkInput);
    out_->varint(param);
    return *this;
  }
  // The next value is the return value; `error` is the call's error code (CL_SUCCESS, the
  // code it returned, or what it wrote to errcode_ret).
  ValueEncoder& result(std::int32_t error) {
    out_->byte(tag::kMarkResult);
    out_->svarint(error);
    return *this;
  }
  // The next value is what the call wrote through parameter `param`.
  ValueEncoder& output(std::uint32_t param) {
    out_->byte(tag::kMarkOutput);
    out_->varint(param);
    return *this;
  }
  void created(api::ObjectKind kind, std::uint64_t id) {
    out_->byte(tag::kMarkCreated);
    out_->byte(static_cast<std::uint8_t>(kind));
    out_->varint(id);
  }
  // The call changed the application-visible reference count of an object (retained,
  // released, or destroyed when it reached 0): kept in the call's record, not one of its own.
  void counted(std::uint8_t action, api::ObjectKind kind, std::uint64_t id, std::uint32_t refcount) {
    out_->byte(tag::kMarkCounted);
    out_->byte(action);
    out_->byte(static_cast<std::uint8_t>(kind));
    out_->varint(id);
    out_->varint(refcount);
  }
  // Bytes as a value: inline when small, else stored once as a blob and referenced by hash.
  void data(const void* bytes, std::size_t size);

  // Puts the parameters (and inputs) encoded so far into the trace before the call is
  // forwarded, where that is cheap: as an entry of the thread's call block, in the shared
  // mapping, so that the call the process dies in (SIGKILL too) is in the trace as one that
  // did not return, and commit() completes the entry in place. Where the call cannot go into
  // the block (a call inside another, a block-less writer), a CallEnter record when
  // `otherwise_record` (a call that may wait long), else nothing. At most once, before commit().
  void enter(bool otherwise_record);
  // Writes a CallEnter record with the parameters (and inputs) encoded so far, so that a call
  // that never returns (the driver crashed) is still in the trace; nothing when enter() put the
  // call into its block already.
  void commit_enter();
  // Writes the Call record, with its return at `exit_ns`, or kNotTimed: the call returned and
  // its end time was not read (a reader says its duration is unknown). The encoder is spent
  // afterwards.
  static constexpr std::uint64_t kNotTimed = ~std::uint64_t{0};
  void commit(std::uint64_t exit_ns);

 private:
  friend class Writer;
  CallEncoder(Writer* writer, detail::WriterThread* state, wire::Buffer* buffer,
              std::uint64_t call_index, std::uint64_t enter_ns, std::uint32_t entry,
              std::uint32_t header_size, bool active);
  void release() {
    if (writer_) end_nesting();
  }
  void end_nesting();  // the thread's nesting depth one less; the encoder spent

  Writer* writer_ = nullptr;
  detail::WriterThread* state_ = nullptr;
  std::uint64_t call_index_ = 0;
  std::uint64_t enter_ns_ = 0;
  std::uint64_t thread_ = 0;        // the calling thread, as begin_call() was given it
  std::uint64_t entry_offset_ = 0;  // the call's entry in its thread's block, 0: none
  std::uint32_t entry_ = 0;         // the entry point
  std::uint32_t entered_size_ = 0;  // payload bytes the entry held when entered
  // The bytes of the call's header where it is encoded: relative to its block's (4.0) while
  // encoded straight into the block, else whole, in the buffer.
  std::uint32_t header_size_ = 0;
  std::uint32_t rest_from_ = 0;  // once entered, where in out_ the rest of the call starts
  // Where the payload goes in the thread's call block while it is encoded straight into it
  // (the thread marked busy until enter()); nullptr once entered, or when encoded apart.
  std::uint8_t* direct_ = nullptr;
  bool split_ = false;  // entered from the block: out_ holds the rest only
  bool active_ = false;
};

class Writer {
 public:
  // Creates (truncates) the file. nullptr and `error` when it cannot be created.
  static std::unique_ptr<Writer> create(const std::string& path, std::string& error,
                                        const WriterOptions& options = {});
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  ~Writer();

  // Writes the index and footer and cuts the file to its length. Idempotent. Safe while other
  // threads still record (what they write afterwards is dropped); destroying the Writer is
  // not, so a layer closes it at exit and leaves the object alive.
  void close();
  bool failed() const { return failed_.load(std::memory_order_relaxed); }
  std::string error() const;
  const std::string& path() const { return path_; }

  // Host time in ns since the trace's origin (CLOCK_MONOTONIC at create()).
  std::uint64_t now() const;
  std::uint64_t origin_ns() const { return origin_ns_; }
  // Dense call indexes from 1, for recorders that have no counter of their own.
  std::uint64_t next_call_index() { return call_counter_.fetch_add(1, std::memory_order_relaxed) + 1; }
  // The calling thread's OS id (gettid), cached.
  static std::uint64_t thread_id();

  // `entry` is the index in api::entry_points(); `call_index` is unique per call (the index
  // finds calls by it).
  CallEncoder begin_call(std::uint32_t entry, std::uint64_t call_index, std::uint64_t enter_ns,
                         std::uint64_t thread = thread_id());
  // The recorder's hot path: a thread's outermost call written straight into its call block
  // with a RawEncoder (the bytes a CallEncoder writes), without an encoder object or a buffer
  // between: open_direct() gives room after the entry's relative header, enter_direct() makes
  // what was written there the entered call (drop_direct() leaves the space as it was, the
  // call then recorded through begin_call), resume_direct() gives room for the rest of the
  // call after it when it returns, complete_direct() completes the entry in place; where the
  // rest did not fit, move_direct() marks the entry moved and writes the whole call as a Call
  // record. The thread stays marked busy from open to enter and from resume to complete, so
  // that close() waits for the write in progress. end_direct(): the call ends unrecorded
  // (the writer was closed meanwhile).
  struct DirectCall {
    detail::WriterThreadHot* thread = nullptr;
    std::uint8_t* at = nullptr;      // the entry in its block: its 8-byte header first
    std::uint64_t entry = 0;         // the entry's offset in the file
    std::uint32_t header_size = 0;   // its relative call header's bytes
    std::uint32_t entered_size = 0;  // its payload's bytes, entered
    std::uint64_t block = 0;         // its block's offset in the file (open_direct)
    // When the entry's parameters are a Repeat (RawEncoder::repeat): the earlier entry's
    // parameters, in the block, which move_direct() writes into a Call record instead.
    const std::uint8_t* repeated = nullptr;
    std::uint32_t repeated_size = 0;
  };
  // (Inline, below: every traced call on the hot path makes four of these calls.)
  std::uint8_t* open_direct(DirectCall& call, std::uint32_t entry, std::uint64_t call_index,
                            std::uint64_t enter_ns, std::uint64_t thread, std::uint8_t*& limit);
  void drop_direct(DirectCall& call, const std::uint8_t* end);
  void enter_direct(DirectCall& call, const std::uint8_t* end);
  std::uint8_t* resume_direct(DirectCall& call, std::uint8_t*& limit, bool& closed);
  // The rest that resume_direct() gave room for did not fit there: zeroed up to `end`.
  void unresume_direct(DirectCall& call, std::uint8_t* from, const std::uint8_t* end);
  void complete_direct(DirectCall& call, const std::uint8_t* end, std::uint64_t call_index);
  void move_direct(DirectCall& call, const std::uint8_t* rest, std::size_t rest_size,
                   std::uint64_t call_index, std::uint64_t enter_ns, std::uint32_t entry);
  void end_direct(DirectCall& call);
  std::size_t inline_data_limit() const { return options_.inline_data_limit; }

  // Whole records from the value model, for tests and paths that are not hot.
  void write_call(const Call& call);
  void write_call_enter(const Call& call);

  // Stores the bytes once per content: returns their hash (XXH3-64) for Value::blob.
  std::uint64_t store_blob(const void* data, std::size_t size);
  // The hash of the bytes at `data` when they are the calling thread's last blob, in the trace
  // (its last store_blob() was of these bytes, and they have not changed since), else nullopt.
  std::optional<std::uint64_t> last_blob(const void* data, std::size_t size);
  // Whether the bytes at `data` are again the calling thread's last blob and it is the one of
  // `hash`: what store_blob() would answer, without storing or counting anything.
  bool last_blob_again(const void* data, std::size_t size, std::uint64_t hash);
  // Counts `size` bytes stored again as the thread's last blob, as store_blob() counts them: a
  // Repeat of the call that stored it names that blob instead of storing it.
  void count_blob_again(std::size_t size);
  // Small bytes inline, larger ones through store_blob.
  Value store_data(const void* data, std::size_t size);

  void write_process_info(const ProcessInfo& info);
  void write_platform(const Platform& platform);
  void write_object_event(const ObjectEvent& event);
  void write_device_command(const DeviceCommand& command);
  void write_clock_sync(const ClockSync& sync);
  // Blobs in `buffers.buffers` must be stored first (store_data).
  void write_kernel_buffers(const KernelBuffers& buffers);
  void write_read_bytes(const ReadBytes& read);
  void write_finding(const reports::Finding& finding);

  WriterStats stats() const;

 private:
  friend class CallEncoder;
  friend class Recording;
  using ThreadState = detail::WriterThread;
  Writer(std::string path, int fd, const WriterOptions& options);

  ThreadState& thread_state();
  // A blob stored again as the thread's last one: counted by the thread (stats()).
  static void count_repeated_blob(ThreadState& ts, std::size_t size);
  detail::WriterThreadHot& hot_state() {
    if (detail::t_cache.serial == serial_) [[likely]]
      return *detail::t_cache.state;
    return thread_state_slow();
  }
  detail::WriterThreadHot& thread_state_slow();
  // The first call completed in a thread's open block: the block goes into the index.
  void index_block(detail::WriterThreadHot& ts, std::uint64_t call_index);
  // Reserves, copies and frames one record; returns its offset, 0 when dropped. Callers hold
  // the thread's busy flag (see Recording in writer.cpp).
  std::uint64_t append(ThreadState& ts, RecordKind kind, const wire::Buffer& payload);
  void add_index_entry(ThreadState& ts, std::uint64_t call_index, std::uint64_t offset);
  void flush_index(ThreadState& ts);
  void fail(const std::string& why);
  bool recording_allowed() const {
    return !closed_.load(std::memory_order_seq_cst) && !failed_.load(std::memory_order_relaxed) &&
           pid_ == detail::g_pid.load(std::memory_order_relaxed);
  }
  template <typename Encode>
  void write_simple(RecordKind kind, Encode&& encode);
  void commit_call(ThreadState& ts, wire::Buffer& payload, RecordKind kind,
                   std::uint64_t call_index);
  // Call blocks: the entered call's entry (its offset, 0 when it does not go into a block; its
  // header made relative to the block's),
  // its completion in place (false: it did not fit, the caller writes a Call record), and the
  // block's seal (frame header and checksum). Callers hold the thread's busy flag.
  std::uint64_t enter_block(ThreadState& ts, CallEncoder& call);
  // The entry a call encoded straight into its block (begin_call) entered: its header.
  void enter_direct(CallEncoder& call);
  bool complete_block(ThreadState& ts, const std::uint8_t* rest, std::size_t rest_size,
                      std::uint64_t entry, std::uint32_t entered_size);
  void seal_block(ThreadState& ts);
  void finish_file();

  std::string path_;
  int fd_ = -1;
  WriterOptions options_;
  std::unique_ptr<FileMapping> mapping_;
  std::uint64_t serial_ = 0;  // tells this writer's thread states from another's
  int pid_ = 0;
  std::uint64_t origin_ns_ = 0;

  std::atomic<std::uint64_t> end_{kHeaderSize};  // next free byte of the file
  std::atomic<bool> closed_{false};
  std::atomic<bool> failed_{false};
  std::atomic<std::uint64_t> call_counter_{0};
  std::atomic<std::uint64_t> dropped_{0};

  mutable std::mutex error_mutex_;
  std::string error_;

  mutable std::mutex threads_mutex_;
  std::vector<std::unique_ptr<ThreadState>> threads_;

  std::mutex index_mutex_;  // chains index records; taken once per calls_per_index calls
  std::uint64_t index_head_ = 0;
  struct BlockMeta {
    std::uint64_t first_call, last_call, offset;
  };
  std::vector<BlockMeta> blocks_;

  mutable std::mutex blob_mutex_;  // taken per blob, not per call
  std::unordered_map<std::uint64_t, std::uint64_t> blob_offsets_;
  std::uint64_t blobs_deduplicated_ = 0;
  std::uint64_t blob_bytes_in_ = 0;
  std::uint64_t blob_bytes_stored_ = 0;
};

// --- The hot path's calls (DirectCall), inline -----------------------------------------------

[[gnu::always_inline]] inline std::uint8_t* Writer::open_direct(DirectCall& call, std::uint32_t entry,
                                                              std::uint64_t call_index,
                                                              std::uint64_t enter_ns,
                                                              std::uint64_t thread,
                                                              std::uint8_t*& limit) {
  detail::WriterThreadHot& ts = hot_state();
  // As begin_call()'s: a thread's outermost call, with room in its open block (a block
  // across two chunks of the mapping, or none yet, is begin_call()'s to open).
  constexpr std::uint64_t kDirectRoom = 256;
  if (ts.depth != 0 || ts.block_bytes == nullptr || ts.block_cursor + kDirectRoom > ts.block_end ||
      !ts.has_call_buffer || thread != ts.tid)
    return nullptr;
  detail::mark_busy(ts);
  if (!recording_allowed()) {
    detail::unmark_busy(ts);
    return nullptr;
  }
  ++ts.depth;
  call.thread = &ts;
  call.block = ts.block;
  call.entry = ts.block_cursor;
  call.at = ts.block_bytes + (ts.block_cursor - ts.block);
  const std::uint64_t room = std::min<std::uint64_t>(
      ts.block_end - ts.block_cursor - block::kEntryHeaderSize, block::kMaxEntryLength);
  std::uint8_t* payload = call.at + block::kEntryHeaderSize;
  limit = payload + room;
  // The room holds the header: kDirectRoom is above kMaxEntryHeader.
  std::uint8_t* after = codec::put_entry_header(payload, ts.block_base, call_index, enter_ns, entry);
  call.header_size = static_cast<std::uint32_t>(after - payload);
  return after;
}

inline void Writer::drop_direct(DirectCall& call, const std::uint8_t* end) {
  detail::WriterThreadHot& ts = *call.thread;
  std::uint8_t* payload = call.at + block::kEntryHeaderSize;
  if (end > payload) std::memset(payload, 0, static_cast<std::size_t>(end - payload));
  --ts.depth;
  detail::unmark_busy(ts);
  call = {};
}

inline void Writer::enter_direct(DirectCall& call, const std::uint8_t* end) {
  detail::WriterThreadHot& ts = *call.thread;
  const auto size = static_cast<std::uint32_t>(end - (call.at + block::kEntryHeaderSize));
  std::uint8_t header[block::kEntryHeaderSize];
  wire::store32(header, block::kEntered | size << 8);
  wire::store32(header + 4, static_cast<std::uint32_t>(call.entry - ts.block));
  // The payload is in place: its header after it (enter_block()).
  std::atomic_signal_fence(std::memory_order_seq_cst);
  std::memcpy(call.at, header, sizeof header);
  ts.block_cursor = call.entry + block::kEntryHeaderSize + size;
  call.entered_size = size;
  detail::unmark_busy(ts);
}

inline std::uint8_t* Writer::resume_direct(DirectCall& call, std::uint8_t*& limit, bool& closed) {
  detail::WriterThreadHot& ts = *call.thread;
  detail::mark_busy(ts);
  closed = !recording_allowed();
  const std::uint64_t entered_end = call.entry + block::kEntryHeaderSize + call.entered_size;
  // Completed in place only while it is its block's last entry (close() may have sealed the
  // block, which only the busy mark holds off).
  if (closed || ts.block == 0 || ts.block_bytes == nullptr || entered_end != ts.block_cursor ||
      call.entry < ts.block || call.entry >= ts.block_end) {
    detail::unmark_busy(ts);
    return nullptr;
  }
  const std::uint64_t end = std::min<std::uint64_t>(
      ts.block_end, call.entry + block::kEntryHeaderSize + block::kMaxEntryLength);
  limit = ts.block_bytes + (end - ts.block);
  return ts.block_bytes + (entered_end - ts.block);
}

inline void Writer::unresume_direct(DirectCall& call, std::uint8_t* from, const std::uint8_t* end) {
  if (end > from) std::memset(from, 0, static_cast<std::size_t>(end - from));
  detail::unmark_busy(*call.thread);
}

inline void Writer::complete_direct(DirectCall& call, const std::uint8_t* end, std::uint64_t call_index) {
  detail::WriterThreadHot& ts = *call.thread;
  const auto size = static_cast<std::uint32_t>(end - (call.at + block::kEntryHeaderSize));
  std::uint8_t header[4];
  wire::store32(header, block::kComplete | size << 8);
  // The rest is in place after what the entry held: until this one store, the entry reads as
  // the call entered.
  std::atomic_signal_fence(std::memory_order_seq_cst);
  std::memcpy(call.at, header, sizeof header);
  ts.block_cursor = call.entry + block::kEntryHeaderSize + size;
  // Only this thread writes its count: a plain load and store, no locked instruction.
  ts.calls.store(ts.calls.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  if (ts.block_indexed) [[likely]]
    ts.block_last_call = call_index;
  else
    index_block(ts, call_index);
  --ts.depth;
  detail::unmark_busy(ts);
  call = {};
}

// The position of an entry point in api::entry_points(), which begin_call() takes.
inline std::uint32_t entry_index(const api::EntryPoint& entry) {
  return static_cast<std::uint32_t>(&entry - api::entry_points().data());
}

// The facts of the current process for write_process_info(): pid, command line, executable,
// host, and the CLVET_*, OPENCL_LAYERS and OCL_ICD_* variables.
ProcessInfo current_process_info(std::string recorder);

}  // namespace clvet::trace
