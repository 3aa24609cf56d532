// The trace writer. Each record is reserved with one atomic add on the file's end, copied into
// the shared mapping payload first and frame header last, so a record is either whole in the
// file or absent (its header still zero) whenever the process dies.
#include "clvet/trace/writer.h"

#include <fcntl.h>
#include <linux/membarrier.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <mutex>
#include <thread>
#include <utility>

#include "codec.h"
#include "file_mapping.h"
#include "frame.h"
#include "wire.h"

namespace clvet::trace {

namespace detail {

constinit thread_local ThreadCache t_cache __attribute__((tls_model("initial-exec")));
std::atomic<bool> g_asymmetric_fence{false};
std::atomic<int> g_pid{0};

// A thread's state: its hot part (WriterThreadHot, writer.h) and the rest.
struct WriterThread : WriterThreadHot {
  std::thread::id id;
  // One payload buffer per nesting level of calls on this thread (callbacks nest).
  std::vector<std::unique_ptr<wire::Buffer>> call_buffers;
  wire::Buffer scratch;       // records other than calls
  wire::Buffer blob_buffer;   // compressed blobs
  std::vector<unsigned char> blob_snapshot;  // the bytes a blob hashes and stores
  // The hash of the blob blob_snapshot holds, once it is in the trace (stored, or found stored):
  // the same bytes stored again by this thread are that blob without a copy or a hash.
  std::uint64_t snapshot_hash = 0;
  bool snapshot_stored = false;
  wire::Buffer index_buffer;  // index records
  std::vector<codec::IndexEntry> pending_calls;
  std::vector<codec::IndexEntry> pending_blobs;
  // Written by this thread only; atomic so that stats() may read it meanwhile.
  std::atomic<std::uint64_t> records{0};
  // The blobs this thread stored again as its last one, and their bytes (counted here, not
  // under the blob mutex: a loop uploading one buffer takes no lock a call for them).
  std::atomic<std::uint64_t> blobs_repeated{0};
  std::atomic<std::uint64_t> blob_bytes_repeated{0};
  ZSTD_CCtx* zstd = nullptr;
  // The free space of the block a call is encoded straight into (Writer::begin_call), and
  // how many bytes of it the buffer was given.
  wire::Buffer block_view;
  std::size_t block_view_room = 0;
  ~WriterThread() { ZSTD_freeCCtx(zstd); }
};

}  // namespace detail

namespace {

std::atomic<std::uint64_t> g_next_serial{1};
// The pid recording is for: a forked child inherits the writer and its mapping, and must not
// write into its parent's trace.
using detail::g_pid;
std::once_flag g_atfork_once;

using detail::t_cache;

void after_fork_in_child() {
  g_pid.store(getpid(), std::memory_order_relaxed);
  t_cache = detail::ThreadCache{};
}

std::uint64_t clock_ns(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u +
         static_cast<std::uint64_t>(ts.tv_nsec);
}

void increment(std::atomic<std::uint64_t>& counter) {
  // Only the owning thread writes it: a plain load and store, no locked instruction.
  counter.store(counter.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}


using detail::g_asymmetric_fence;

void register_asymmetric_fence() {
  static const bool registered =
      syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
  g_asymmetric_fence.store(registered, std::memory_order_relaxed);
}

// The heavy side of the asymmetric fence: every running thread of the process has passed a
// full memory barrier when it returns. False when the kernel could not do it.
bool heavy_fence() {
  return g_asymmetric_fence.load(std::memory_order_relaxed) &&
         syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0;
}

}  // namespace

using detail::mark_busy;
using detail::unmark_busy;

class Recording {
 public:
  Recording(Writer& writer, detail::WriterThread& ts) : ts_(ts) {
    mark_busy(ts_);
    allowed_ = writer.recording_allowed();
    if (!allowed_) writer.dropped_.fetch_add(1, std::memory_order_relaxed);
  }
  ~Recording() { unmark_busy(ts_); }
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;
  bool allowed() const { return allowed_; }

 private:
  detail::WriterThread& ts_;
  bool allowed_ = false;
};

// --- ValueEncoder -----------------------------------------------------------------------------

void ValueEncoder::value(const Value& v) { codec::encode_value(*out_, v); }

// --- CallEncoder ------------------------------------------------------------------------------

CallEncoder::CallEncoder(Writer* writer, detail::WriterThread* state, wire::Buffer* buffer,
                         std::uint64_t call_index, std::uint64_t enter_ns, std::uint32_t entry,
                         std::uint32_t header_size, bool active)
    : writer_(writer), state_(state), call_index_(call_index), enter_ns_(enter_ns), entry_(entry),
      header_size_(header_size), active_(active) {
  out_ = buffer;
}

void CallEncoder::end_nesting() {
  if (direct_ != nullptr) {
    // Dropped while encoded into the block: what it wrote past the block's last entry goes,
    // so that the block's unused bytes stay zero.
    const std::size_t written = out_->external() ? out_->size() : state_->block_view_room;
    std::memset(direct_, 0, written);
    direct_ = nullptr;
    unmark_busy(*state_);
  }
  --state_->depth;
  writer_ = nullptr;
  active_ = false;
}

void CallEncoder::data(const void* bytes, std::size_t size) {
  if (!writer_ || size <= writer_->options_.inline_data_limit) {
    inline_bytes(bytes, size);
    return;
  }
  blob(writer_->store_blob(bytes, size), size);
}

void CallEncoder::enter(bool otherwise_record) {
  if (!writer_ || entry_offset_ != 0) return;
  if (direct_ != nullptr) {
    writer_->enter_direct(*this);
    if (entry_offset_ != 0) return;
  }
  // Only a thread's outermost call: a call inside it (a callback's) would split its entry.
  if (state_->depth == 1 && writer_->options_.call_block_size != 0) {
    Recording recording(*writer_, *state_);
    if (!recording.allowed()) return;
    entry_offset_ = writer_->enter_block(*state_, *this);
    if (entry_offset_ != 0) return;
  }
  if (otherwise_record) commit_enter();
}

void CallEncoder::commit_enter() {
  if (!writer_ || entry_offset_ != 0 || direct_ != nullptr) return;
  const std::size_t mark = out_->size();
  out_->byte(tag::kMarkEnd);
  out_->varint(0);
  writer_->commit_call(*state_, *out_, RecordKind::CallEnter, call_index_);
  out_->truncate(mark);  // the Call record goes on from the parameters
}

void CallEncoder::commit(std::uint64_t exit_ns) {
  if (!writer_) return;
  if (direct_ != nullptr) enter(false);  // a call committed without being entered first
  if (exit_ns == kNotTimed) {
    out_->byte(tag::kMarkReturned);
  } else {
    out_->byte(tag::kMarkEnd);
    out_->varint(exit_ns >= enter_ns_ ? exit_ns - enter_ns_ : 0);
  }
  if (entry_offset_ != 0) {
    Recording recording(*writer_, *state_);
    if (!recording.allowed()) return release();
    const std::uint8_t* rest = out_->data() + rest_from_;
    const std::size_t rest_size = out_->size() - rest_from_;
    if (writer_->complete_block(*state_, rest, rest_size, entry_offset_, entered_size_)) {
      increment(state_->calls);
      detail::WriterThread& ts = *state_;
      if (ts.block_indexed) {
        ts.block_last_call = call_index_;
      } else {
        ts.block_indexed = true;
        writer_->add_index_entry(ts, call_index_, ts.block);
      }
      return release();
    }
    // The rest did not fit in the block: the entry stays a CallEnter, the Call goes on.
    if (split_) {
      // Its parameters are in the block only: the record's payload is they, after a whole
      // header in place of the entry's relative one, and the rest.
      wire::Buffer whole;
      codec::encode_call_header(whole, call_index_, state_->tid, enter_ns_, entry_);
      whole.bytes(writer_->mapping_->at(entry_offset_ + block::kEntryHeaderSize + header_size_),
                  entered_size_ - header_size_);
      whole.bytes(out_->data(), out_->size());
      writer_->commit_call(*state_, whole, RecordKind::Call, call_index_);
      return release();
    }
  }
  writer_->commit_call(*state_, *out_, RecordKind::Call, call_index_);
  release();
}

// --- Writer -----------------------------------------------------------------------------------

Writer::Writer(std::string path, int fd, const WriterOptions& options)
    : path_(std::move(path)), fd_(fd), options_(options),
      mapping_(std::make_unique<FileMapping>()),
      serial_(g_next_serial.fetch_add(1, std::memory_order_relaxed)), pid_(getpid()) {
  if (options_.calls_per_index == 0) options_.calls_per_index = 1;
  // A block keeps the records after it aligned, and holds its prelude and an entry or more.
  if (options_.call_block_size != 0)
    options_.call_block_size = static_cast<std::uint32_t>(
        align_up(std::max<std::uint32_t>(options_.call_block_size, 256)));
}

std::unique_ptr<Writer> Writer::create(const std::string& path, std::string& error,
                                       const WriterOptions& options) {
  std::call_once(g_atfork_once, [] {
    pthread_atfork(nullptr, nullptr, after_fork_in_child);
    register_asymmetric_fence();
  });
  g_pid.store(getpid(), std::memory_order_relaxed);
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = path + ": cannot create the trace: " + std::strerror(errno);
    return nullptr;
  }
  std::unique_ptr<Writer> w(new Writer(path, fd, options));
  std::string why;
  if (!w->mapping_->open(fd, options.chunk_size, why)) {
    error = path + ": " + why;
    return nullptr;  // the destructor closes fd
  }
  w->origin_ns_ = clock_ns(CLOCK_MONOTONIC);
  std::uint8_t header[kHeaderSize] = {};
  std::memcpy(header + header::kMagic, kFileMagic, sizeof kFileMagic);
  wire::store16(header + header::kMajor, kFormatMajor);
  wire::store16(header + header::kMinor, kFormatMinor);
  wire::store32(header + header::kHeaderSize, kHeaderSize);
  wire::store64(header + header::kCreatedNs, clock_ns(CLOCK_REALTIME));
  wire::store64(header + header::kOriginNs, w->origin_ns_);
  wire::store32(header + header::kChunkSize, static_cast<std::uint32_t>(
                                                 std::min<std::uint64_t>(options.chunk_size, UINT32_MAX)));
  w->mapping_->write(0, header, kHeaderSize);
  // The names of the entry points come first, so calls can be read by a build whose table
  // has grown or been reordered since.
  w->write_simple(RecordKind::ApiTable, [](wire::Buffer& out) { codec::encode_api_table(out); });
  return w;
}

Writer::~Writer() {
  close();
  mapping_->unmap();
  if (fd_ >= 0) ::close(fd_);
}

std::string Writer::error() const {
  std::lock_guard lock(error_mutex_);
  return error_;
}

void Writer::fail(const std::string& why) {
  std::lock_guard lock(error_mutex_);
  if (error_.empty()) error_ = path_ + ": " + why;
  failed_.store(true, std::memory_order_relaxed);
}

std::uint64_t Writer::now() const { return clock_ns(CLOCK_MONOTONIC) - origin_ns_; }

std::uint64_t Writer::thread_id() {
  if (!t_cache.tid) t_cache.tid = static_cast<std::uint64_t>(gettid());
  return t_cache.tid;
}

inline Writer::ThreadState& Writer::thread_state() {
  return static_cast<ThreadState&>(hot_state());
}

detail::WriterThreadHot& Writer::thread_state_slow() {
  const std::thread::id self = std::this_thread::get_id();
  std::lock_guard lock(threads_mutex_);
  ThreadState* found = nullptr;
  for (const auto& ts : threads_)
    if (ts->id == self) found = ts.get();
  if (!found) {
    auto ts = std::make_unique<ThreadState>();
    ts->id = self;
    ts->tid = thread_id();
    found = ts.get();
    threads_.push_back(std::move(ts));
  }
  t_cache.serial = serial_;
  t_cache.state = found;
  return *found;
}

std::uint64_t Writer::append(ThreadState& ts, RecordKind kind, const wire::Buffer& payload) {
  if (payload.size() > UINT32_MAX) {
    fail("a record is larger than 4 GiB");
    return 0;
  }
  const auto length = static_cast<std::uint32_t>(payload.size());
  const std::uint64_t total = kFrameSize + align_up(length);
  const std::uint64_t offset = end_.fetch_add(total, std::memory_order_relaxed);
  if (!mapping_->ensure(offset + total)) {
    fail(mapping_->error());
    dropped_.fetch_add(1, std::memory_order_relaxed);
    return 0;
  }
  // The padding needs no writing: fresh file space reads as zeros.
  mapping_->write(offset + kFrameSize, payload.data(), length);
  std::uint8_t header[kFrameSize];
  frame::write_header(header, kind, payload.data(), length);
  // Payload before header in program order: a thread stopped between the two leaves a zero
  // header, which readers see as a record never written, not as a damaged one.
  std::atomic_signal_fence(std::memory_order_seq_cst);
  mapping_->write(offset, header, kFrameSize);
  increment(ts.records);
  return offset;
}

template <typename Encode>
void Writer::write_simple(RecordKind kind, Encode&& encode) {
  ThreadState& ts = thread_state();
  Recording recording(*this, ts);
  if (!recording.allowed()) return;
  ts.scratch.clear();
  encode(ts.scratch);
  append(ts, kind, ts.scratch);
}

void Writer::commit_call(ThreadState& ts, wire::Buffer& payload, RecordKind kind,
                         std::uint64_t call_index) {
  Recording recording(*this, ts);
  if (!recording.allowed()) return;
  const std::uint64_t offset = append(ts, kind, payload);
  if (!offset || kind != RecordKind::Call) return;
  increment(ts.calls);
  add_index_entry(ts, call_index, offset);
}

std::uint64_t Writer::enter_block(ThreadState& ts, CallEncoder& call) {
  // The call's parameters follow its whole header in the buffer; in the block, they follow a
  // header relative to the block's first call (at most kMaxEntryHeader bytes).
  const wire::Buffer& encoded = *call.out_;
  const std::uint8_t* params = encoded.data() + call.header_size_;
  const std::size_t params_size = encoded.size() - call.header_size_;
  const std::uint64_t need = block::kEntryHeaderSize + codec::kMaxEntryHeader + params_size;
  if (params_size + codec::kMaxEntryHeader > block::kMaxEntryLength ||
      need > options_.call_block_size - block::kPreludeSize || ts.tid != call.thread_)
    return 0;  // a call this large (or another thread's) is a record of its own
  // Room for the rest of a usual call too (its result and outputs), so that it is completed
  // in place rather than moved to a record of its own.
  constexpr std::uint64_t kRestRoom = 128;
  const std::uint64_t capacity = options_.call_block_size - block::kPreludeSize;
  const std::uint64_t room = need + kRestRoom <= capacity ? need + kRestRoom : need;
  if (ts.block == 0 || ts.block_cursor + room > ts.block_end) {
    seal_block(ts);
    const std::uint64_t total = kFrameSize + options_.call_block_size;
    const std::uint64_t offset = end_.fetch_add(total, std::memory_order_relaxed);
    if (!mapping_->ensure(offset + total)) {
      fail(mapping_->error());
      dropped_.fetch_add(1, std::memory_order_relaxed);
      return 0;
    }
    // The prelude at once: a block the process never seals is still found by its readers.
    ts.block_base = {ts.tid, call.call_index_, call.enter_ns_};
    std::uint8_t prelude[block::kPreludeSize];
    wire::store32(prelude, block::kMagic);
    wire::store32(prelude + 4, options_.call_block_size);
    wire::store64(prelude + block::kPreludeThread, ts.tid);
    wire::store64(prelude + block::kPreludeIndex, ts.block_base.index);
    wire::store64(prelude + block::kPreludeTime, ts.block_base.enter_ns);
    mapping_->write(offset + kFrameSize, prelude, sizeof prelude);
    ts.block = offset;
    ts.block_end = offset + total;
    ts.block_cursor = offset + kFrameSize + block::kPreludeSize;
    const std::uint64_t chunk = mapping_->chunk_size();
    ts.block_bytes = offset / chunk == (offset + total - 1) / chunk ? mapping_->at(offset) : nullptr;
  }
  const std::uint64_t entry = ts.block_cursor;
  std::uint8_t relative[codec::kMaxEntryHeader];
  const auto header_size = static_cast<std::uint32_t>(
      codec::put_entry_header(relative, ts.block_base, call.call_index_, call.enter_ns_, call.entry_) -
      relative);
  const auto size = static_cast<std::uint32_t>(header_size + params_size);
  std::uint8_t header[block::kEntryHeaderSize];
  wire::store32(header, block::kEntered | size << 8);
  wire::store32(header + 4, static_cast<std::uint32_t>(entry - ts.block));
  // The payload before the header, as for records: a thread stopped between the two leaves
  // the entry's state zero, the end of the block's entries.
  if (ts.block_bytes != nullptr) {
    std::uint8_t* at = ts.block_bytes + (entry - ts.block);
    std::memcpy(at + block::kEntryHeaderSize, relative, header_size);
    std::memcpy(at + block::kEntryHeaderSize + header_size, params, params_size);
    std::atomic_signal_fence(std::memory_order_seq_cst);
    std::memcpy(at, header, sizeof header);
  } else {
    mapping_->write(entry + block::kEntryHeaderSize, relative, header_size);
    mapping_->write(entry + block::kEntryHeaderSize + header_size, params, params_size);
    std::atomic_signal_fence(std::memory_order_seq_cst);
    mapping_->write(entry, header, sizeof header);
  }
  ts.block_cursor = entry + block::kEntryHeaderSize + size;
  call.entered_size_ = size;
  call.rest_from_ = static_cast<std::uint32_t>(encoded.size());  // the rest follows in the buffer
  return entry;
}

void Writer::enter_direct(CallEncoder& call) {
  ThreadState& ts = *call.state_;
  wire::Buffer& view = *call.out_;
  std::uint8_t* at = std::exchange(call.direct_, nullptr);
  if (!view.external()) {
    // The parameters outgrew the block's room and moved to the buffer's own memory: what they
    // left in the block goes, and the call is entered from there (a new block, or a record),
    // after a whole header in place of the relative one a record cannot have.
    std::memset(at, 0, ts.block_view_room);
    unmark_busy(ts);
    wire::Buffer& whole = *ts.call_buffers[0];
    whole.clear();
    codec::encode_call_header(whole, call.call_index_, ts.tid, call.enter_ns_, call.entry_);
    const std::uint32_t header_size = static_cast<std::uint32_t>(whole.size());
    whole.bytes(view.data() + call.header_size_, view.size() - call.header_size_);
    call.out_ = &whole;
    call.header_size_ = header_size;
    return;
  }
  const std::uint64_t entry = ts.block_cursor;
  const auto size = static_cast<std::uint32_t>(view.size());
  std::uint8_t header[block::kEntryHeaderSize];
  wire::store32(header, block::kEntered | size << 8);
  wire::store32(header + 4, static_cast<std::uint32_t>(entry - ts.block));
  // The payload is in place: its header after it, as enter_block() does.
  std::atomic_signal_fence(std::memory_order_seq_cst);
  std::memcpy(at - block::kEntryHeaderSize, header, sizeof header);
  ts.block_cursor = entry + block::kEntryHeaderSize + size;
  unmark_busy(ts);
  call.entry_offset_ = entry;
  call.entered_size_ = size;
  call.rest_from_ = 0;
  // The rest is encoded apart and copied in when the call returns: the block may be sealed
  // and the mapping gone by then (close()), which only a record write's busy mark holds off.
  wire::Buffer& rest = *ts.call_buffers[0];
  rest.clear();
  call.out_ = &rest;
  call.split_ = true;
}

// --- The hot path's calls (DirectCall) -------------------------------------------------------

std::uint64_t stored_blob(Writer& writer, const void* bytes, std::size_t size) {
  return writer.store_blob(bytes, size);
}

void Writer::index_block(detail::WriterThreadHot& hot, std::uint64_t call_index) {
  ThreadState& ts = static_cast<ThreadState&>(hot);
  ts.block_indexed = true;
  add_index_entry(ts, call_index, ts.block);
}

void Writer::move_direct(DirectCall& call, const std::uint8_t* rest, std::size_t rest_size,
                         std::uint64_t call_index, std::uint64_t enter_ns, std::uint32_t entry) {
  ThreadState& ts = static_cast<ThreadState&>(*call.thread);
  {
    Recording recording(*this, ts);
    if (recording.allowed()) {
      // Its parameters are in the block only: the record's payload is they, after a whole
      // header in place of the entry's relative one, and the rest (CallEncoder::commit()).
      wire::Buffer whole;
      codec::encode_call_header(whole, call_index, ts.tid, enter_ns, entry);
      const std::uint8_t* payload = call.at + block::kEntryHeaderSize;
      if (call.repeated != nullptr)  // a record has no block to repeat an entry of
        whole.bytes(call.repeated, call.repeated_size);
      else
        whole.bytes(payload + call.header_size, call.entered_size - call.header_size);
      whole.bytes(rest, rest_size);
      // The entry stays a CallEnter, moved: its Call follows.
      if (call.entry >= ts.block && call.entry < ts.block_end && ts.block != 0) *call.at = block::kMoved;
      const std::uint64_t offset = append(ts, RecordKind::Call, whole);
      if (offset) {
        increment(ts.calls);
        add_index_entry(ts, call_index, offset);
      }
    }
  }
  end_direct(call);
}

void Writer::end_direct(DirectCall& call) {
  if (call.thread != nullptr) --call.thread->depth;
  call = {};
}

bool Writer::complete_block(ThreadState& ts, const std::uint8_t* rest_bytes, std::size_t rest_size,
                            std::uint64_t entry, std::uint32_t entered_size) {
  const std::uint64_t entered_end = entry + block::kEntryHeaderSize + entered_size;
  const std::uint64_t payload_size = entered_size + rest_size;
  std::uint8_t* at = ts.block_bytes != nullptr && entry > ts.block && entry < ts.block_end
                         ? ts.block_bytes + (entry - ts.block)
                         : nullptr;
  // The entry is completed in place when it is still the last of its block and the rest fits.
  if (entered_end != ts.block_cursor || payload_size > block::kMaxEntryLength ||
      entry + block::kEntryHeaderSize + payload_size > ts.block_end) {
    const std::uint8_t moved = block::kMoved;
    if (at != nullptr)
      *at = moved;
    else if (entry > ts.block && entry < ts.block_end)
      mapping_->write(entry, &moved, 1);
    return false;
  }
  const std::uint64_t rest = rest_size;
  std::uint8_t header[4];
  wire::store32(header, block::kComplete | static_cast<std::uint32_t>(payload_size) << 8);
  // The rest after what the entry holds, then its header: until that one store, the entry
  // reads as the call entered.
  if (at != nullptr) {
    std::memcpy(at + block::kEntryHeaderSize + entered_size, rest_bytes, rest);
    std::atomic_signal_fence(std::memory_order_seq_cst);
    std::memcpy(at, header, sizeof header);
  } else {
    mapping_->write(entered_end, rest_bytes, rest);
    std::atomic_signal_fence(std::memory_order_seq_cst);
    mapping_->write(entry, header, sizeof header);
  }
  ts.block_cursor = entered_end + rest;
  return true;
}

void Writer::seal_block(ThreadState& ts) {
  if (ts.block == 0) return;
  const std::uint64_t payload_at = ts.block + kFrameSize;
  const std::uint32_t length = options_.call_block_size;
  std::uint8_t header[kFrameSize];
  if (ts.block_bytes != nullptr) {
    frame::write_header(header, RecordKind::CallBlock, ts.block_bytes + kFrameSize, length);
  } else {
    // A block across two chunks of the mapping: checksummed from a copy (rare).
    std::vector<std::uint8_t> copy(length);
    for (std::uint32_t i = 0; i < length;) {
      const std::uint64_t chunk = mapping_->chunk_size();
      const std::uint64_t at = payload_at + i;
      const std::uint32_t n = static_cast<std::uint32_t>(
          std::min<std::uint64_t>(length - i, chunk - (at & (chunk - 1))));
      std::memcpy(copy.data() + i, mapping_->at(at), n);
      i += n;
    }
    frame::write_header(header, RecordKind::CallBlock, copy.data(), length);
  }
  mapping_->write(ts.block, header, kFrameSize);
  increment(ts.records);
  const std::uint64_t block = std::exchange(ts.block, 0);
  ts.block_bytes = nullptr;
  ts.block_indexed = false;
  if (const std::uint64_t last = std::exchange(ts.block_last_call, 0)) add_index_entry(ts, last, block);
}

void Writer::add_index_entry(ThreadState& ts, std::uint64_t call_index, std::uint64_t offset) {
  ts.pending_calls.push_back({call_index, offset});
  if (ts.pending_calls.size() + ts.pending_blobs.size() >= options_.calls_per_index)
    flush_index(ts);
}

void Writer::flush_index(ThreadState& ts) {
  // The open block's last call so far closes its range here; the next index record names the
  // block again from its next call.
  if (const std::uint64_t last = std::exchange(ts.block_last_call, 0)) ts.pending_calls.push_back({last, ts.block});
  ts.block_indexed = false;
  if (ts.pending_calls.empty() && ts.pending_blobs.empty()) return;
  codec::IndexBlock block;
  block.thread = ts.tid;
  block.calls.swap(ts.pending_calls);
  block.blobs.swap(ts.pending_blobs);
  // A thread's calls finish in index order unless callbacks nest, so this is nearly free.
  if (!std::is_sorted(block.calls.begin(), block.calls.end()))
    std::sort(block.calls.begin(), block.calls.end());
  std::lock_guard lock(index_mutex_);
  block.previous = index_head_;
  ts.index_buffer.clear();
  codec::encode(ts.index_buffer, block);
  const std::uint64_t offset = append(ts, RecordKind::Index, ts.index_buffer);
  if (offset) {
    index_head_ = offset;
    // The header names the newest index record, so a trace that never gets its footer can
    // still be searched by walking the chain backwards.
    std::uint8_t head[8];
    wire::store64(head, offset);
    mapping_->write(header::kIndexHead, head, 8);
    if (!block.calls.empty())
      blocks_.push_back({block.calls.front().key, block.calls.back().key, offset});
  }
  block.calls.clear();
  block.blobs.clear();
  ts.pending_calls.swap(block.calls);  // keep the capacity
  ts.pending_blobs.swap(block.blobs);
}

CallEncoder Writer::begin_call(std::uint32_t entry, std::uint64_t call_index,
                               std::uint64_t enter_ns, std::uint64_t thread) {
  ThreadState& ts = thread_state();
  // A thread's outermost call, with room left in its open block, is encoded straight into
  // the block, not copied there: the thread stays busy until it is entered (close() waits
  // before it seals the block or unmaps the file).
  constexpr std::uint64_t kDirectRoom = 256;
  if (ts.depth == 0 && ts.block_bytes != nullptr &&
      ts.block_cursor + kDirectRoom <= ts.block_end && !ts.call_buffers.empty() && thread == ts.tid) {
    mark_busy(ts);
    if (recording_allowed()) {
      ++ts.depth;
      std::uint8_t* at = ts.block_bytes + (ts.block_cursor - ts.block) + block::kEntryHeaderSize;
      ts.block_view_room = std::min<std::uint64_t>(
          ts.block_end - ts.block_cursor - block::kEntryHeaderSize, block::kMaxEntryLength);
      ts.block_view.attach(at, ts.block_view_room);
      // The header goes in without the buffer's bounds checks (the room holds it), relative to
      // the block's first call: the thread is the block's, the index and time short differences.
      std::uint8_t* p = codec::put_entry_header(at, ts.block_base, call_index, enter_ns, entry);
      ts.block_view.commit_to(p);
      CallEncoder call(this, &ts, &ts.block_view, call_index, enter_ns, entry,
                       static_cast<std::uint32_t>(p - at), true);
      call.thread_ = thread;
      call.direct_ = at;
      return call;
    }
    unmark_busy(ts);
  }
  if (ts.depth == ts.call_buffers.size()) {
    ts.call_buffers.push_back(std::make_unique<wire::Buffer>());
    ts.has_call_buffer = true;
  }
  wire::Buffer* buffer = ts.call_buffers[ts.depth++].get();
  buffer->clear();
  codec::encode_call_header(*buffer, call_index, thread, enter_ns, entry);
  CallEncoder call(this, &ts, buffer, call_index, enter_ns, entry,
                   static_cast<std::uint32_t>(buffer->size()), recording_allowed());
  call.thread_ = thread;
  return call;
}

void Writer::write_call(const Call& call) {
  ThreadState& ts = thread_state();
  ts.scratch.clear();
  codec::encode_call(ts.scratch, call, false);
  commit_call(ts, ts.scratch, RecordKind::Call, call.index);
}

void Writer::write_call_enter(const Call& call) {
  ThreadState& ts = thread_state();
  ts.scratch.clear();
  codec::encode_call(ts.scratch, call, true);
  commit_call(ts, ts.scratch, RecordKind::CallEnter, call.index);
}

// Whether `live` holds, right now, the bytes of the thread's last blob, which is in the trace.
static bool is_stored_snapshot(const detail::WriterThread& ts, const void* live, std::size_t size) {
  return ts.snapshot_stored && size != 0 && size == ts.blob_snapshot.size() &&
         std::memcmp(live, ts.blob_snapshot.data(), size) == 0;
}

std::optional<std::uint64_t> Writer::last_blob(const void* data, std::size_t size) {
  const ThreadState& ts = thread_state();
  if (!is_stored_snapshot(ts, data, size)) return std::nullopt;
  return ts.snapshot_hash;
}

bool Writer::last_blob_again(const void* data, std::size_t size, std::uint64_t hash) {
  const ThreadState& ts = thread_state();
  return ts.snapshot_hash == hash && is_stored_snapshot(ts, data, size);
}

void Writer::count_blob_again(std::size_t size) { count_repeated_blob(thread_state(), size); }

void Writer::count_repeated_blob(ThreadState& ts, std::size_t size) {
  ts.blobs_repeated.store(ts.blobs_repeated.load(std::memory_order_relaxed) + 1,
                          std::memory_order_relaxed);
  ts.blob_bytes_repeated.store(ts.blob_bytes_repeated.load(std::memory_order_relaxed) + size,
                               std::memory_order_relaxed);
}

std::uint64_t Writer::store_blob(const void* live, std::size_t size) {
  // The bytes may be host memory that another thread (the application, a driver's callback)
  // writes meanwhile: hash and store one snapshot of them, so that the stored bytes always
  // match their hash (read twice, they did not, under load, and the trace read as damaged).
  ThreadState& ts = thread_state();
  // A loop that uploads one host buffer again and again (a transfer test, constant data): the
  // bytes equal this thread's last blob's, which is in the trace. Compared where they are, they
  // need neither the copy nor the hash (together about twice the comparison's work).
  if (is_stored_snapshot(ts, live, size)) {
    count_repeated_blob(ts, size);
    return ts.snapshot_hash;
  }
  ts.snapshot_stored = false;
  ts.blob_snapshot.assign(static_cast<const unsigned char*>(live),
                          static_cast<const unsigned char*>(live) + size);
  const unsigned char* data = ts.blob_snapshot.data();
  const std::uint64_t hash = frame::content_hash(data, size);
  ts.snapshot_hash = hash;
  {
    std::lock_guard lock(blob_mutex_);
    blob_bytes_in_ += size;
    if (blob_offsets_.count(hash)) {
      ++blobs_deduplicated_;
      ts.snapshot_stored = true;
      return hash;
    }
  }
  Recording recording(*this, ts);
  if (!recording.allowed()) return hash;
  // Two threads storing the same new bytes at once may both write them: harmless, and cheaper
  // than holding the lock across compression.
  wire::Buffer& out = ts.blob_buffer;
  out.clear();
  codec::encode_blob_header(out, hash, size, codec::kZstd);
  const std::size_t header_size = out.size();
  bool compressed = false;
  if (size >= 64) {
    if (!ts.zstd) ts.zstd = ZSTD_createCCtx();
    const std::size_t bound = ZSTD_compressBound(size);
    const std::size_t n = ZSTD_compressCCtx(ts.zstd, out.reserve(bound), bound, data, size,
                                            options_.zstd_level);
    if (!ZSTD_isError(n) && n < size) {
      out.commit(n);
      compressed = true;
    }
  }
  if (!compressed) {
    out.data()[header_size - 1] = codec::kStored;
    out.bytes(data, size);
  }
  const std::uint64_t offset = append(ts, RecordKind::Blob, out);
  if (!offset) return hash;
  {
    std::lock_guard lock(blob_mutex_);
    blob_offsets_.emplace(hash, offset);
    blob_bytes_stored_ += out.size() - header_size;
  }
  ts.snapshot_stored = true;
  ts.pending_blobs.push_back({hash, offset});
  if (ts.pending_calls.size() + ts.pending_blobs.size() >= options_.calls_per_index)
    flush_index(ts);
  return hash;
}

Value Writer::store_data(const void* data, std::size_t size) {
  if (size <= options_.inline_data_limit) return Value::inline_bytes(data, size);
  return Value::blob(store_blob(data, size), size);
}

void Writer::write_process_info(const ProcessInfo& info) {
  ProcessInfo filled = info;
  if (!filled.start_realtime_ns) {
    std::uint8_t* header = mapping_->at(0);
    filled.start_realtime_ns = wire::load64(header + header::kCreatedNs);
  }
  write_simple(RecordKind::ProcessInfo, [&](wire::Buffer& out) { codec::encode(out, filled); });
}

void Writer::write_platform(const Platform& platform) {
  write_simple(RecordKind::Platform, [&](wire::Buffer& out) { codec::encode(out, platform); });
}

void Writer::write_object_event(const ObjectEvent& event) {
  write_simple(RecordKind::Object, [&](wire::Buffer& out) { codec::encode(out, event); });
}

void Writer::write_device_command(const DeviceCommand& command) {
  write_simple(RecordKind::DeviceCommand, [&](wire::Buffer& out) { codec::encode(out, command); });
}

void Writer::write_clock_sync(const ClockSync& sync) {
  write_simple(RecordKind::ClockSync, [&](wire::Buffer& out) { codec::encode(out, sync); });
}

void Writer::write_read_bytes(const ReadBytes& read) {
  write_simple(RecordKind::ReadBytes, [&](wire::Buffer& out) { codec::encode(out, read); });
}

void Writer::write_kernel_buffers(const KernelBuffers& buffers) {
  write_simple(RecordKind::KernelBuffers, [&](wire::Buffer& out) { codec::encode(out, buffers); });
}

void Writer::write_finding(const reports::Finding& finding) {
  write_simple(RecordKind::Finding, [&](wire::Buffer& out) { codec::encode(out, finding); });
}

WriterStats Writer::stats() const {
  WriterStats s;
  s.bytes = end_.load(std::memory_order_relaxed);
  s.dropped = dropped_.load(std::memory_order_relaxed);
  {
    std::lock_guard lock(threads_mutex_);
    for (const auto& ts : threads_) {
      s.records += ts->records.load(std::memory_order_relaxed);
      s.calls += ts->calls.load(std::memory_order_relaxed);
      s.blobs_deduplicated += ts->blobs_repeated.load(std::memory_order_relaxed);
      s.blob_bytes_in += ts->blob_bytes_repeated.load(std::memory_order_relaxed);
    }
  }
  std::lock_guard lock(blob_mutex_);
  s.blobs_stored = blob_offsets_.size();
  s.blobs_deduplicated += blobs_deduplicated_;
  s.blob_bytes_in += blob_bytes_in_;
  s.blob_bytes_stored = blob_bytes_stored_;
  return s;
}

void Writer::close() {
  if (closed_.exchange(true, std::memory_order_seq_cst)) return;
  if (pid_ != getpid()) return;  // a forked child: the trace is its parent's to finish
  // The other side of Recording's compiler barrier. Should the kernel refuse it now, the
  // threads are still fenced: each record write's seq_cst store takes over from here on.
  if (g_asymmetric_fence.load(std::memory_order_relaxed) && !heavy_fence()) {
    g_asymmetric_fence.store(false, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }
  // Let threads that are inside a record write finish it. They cannot block while busy,
  // so the wait is short; the bound only guards against the impossible.
  {
    std::lock_guard lock(threads_mutex_);
    for (const auto& ts : threads_) {
      for (int spins = 0; ts->busy.load(std::memory_order_seq_cst) != 0 && spins < 200000; ++spins)
        std::this_thread::yield();
    }
  }
  finish_file();
}

void Writer::finish_file() {
  ThreadState& self = thread_state();
  std::vector<ThreadState*> threads;
  {
    std::lock_guard lock(threads_mutex_);
    for (const auto& ts : threads_) threads.push_back(ts.get());
  }
  if (!failed()) {
    // Every thread's open block is sealed as it stands: a call still in flight on another
    // thread stays an entry that did not return.
    for (ThreadState* ts : threads) seal_block(*ts);
    for (ThreadState* ts : threads) flush_index(*ts);
    codec::IndexRoot root;
    {
      std::lock_guard lock(index_mutex_);
      for (const BlockMeta& b : blocks_) root.blocks.push_back({b.first_call, b.last_call, b.offset});
    }
    std::sort(root.blocks.begin(), root.blocks.end(),
              [](const codec::BlockRef& a, const codec::BlockRef& b) { return a.first_call < b.first_call; });
    {
      std::lock_guard lock(blob_mutex_);
      for (const auto& [hash, offset] : blob_offsets_) root.blobs.push_back({hash, offset});
    }
    std::sort(root.blobs.begin(), root.blobs.end());
    for (ThreadState* ts : threads) {
      root.call_count += ts->calls.load(std::memory_order_relaxed);
      root.record_count += ts->records.load(std::memory_order_relaxed);
    }
    root.record_count += 2;  // the root and the footer themselves
    self.scratch.clear();
    codec::encode(self.scratch, root);
    const std::uint64_t root_offset = append(self, RecordKind::IndexRoot, self.scratch);
    self.scratch.clear();
    codec::encode(self.scratch, codec::EndRecord{root_offset, root.record_count, root.call_count});
    const std::uint64_t end_offset = append(self, RecordKind::End, self.scratch);
    if (root_offset && end_offset) {
      std::uint8_t flags[4];
      wire::store32(flags, 1);
      mapping_->write(header::kWriterFlags, flags, 4);
    }
  }
  const std::uint64_t length = std::min(end_.load(), mapping_->mapped_bytes());
  mapping_->unmap();
  if (ftruncate(fd_, static_cast<off_t>(length)) != 0) fail("cannot cut the trace to its length");
  ::close(fd_);
  fd_ = -1;
}

}  // namespace clvet::trace
