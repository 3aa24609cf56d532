// The trace file's fixed layout: version, file header, record frame and record kinds.
// reports/trace/FORMAT.md describes every byte; this header is its code.
#pragma once

#include <cstdint>
#include <string_view>

namespace clvet::trace {

// A reader accepts any minor version of its major version and skips record kinds it does not
// know; a change that an older reader would misread bumps the major version.
inline constexpr std::uint16_t kFormatMajor = 5;
inline constexpr std::uint16_t kFormatMinor = 0;
// The oldest major version this reader still reads (1.x traces have no call blocks, 2.x
// calls are all timed, 2.x and 3.x call entries have whole headers, 4.x entries no Repeat).
inline constexpr std::uint16_t kOldestFormatMajor = 1;

inline constexpr char kFileMagic[8] = {'C', 'L', 'V', 'T', 'R', 'A', 'C', 'E'};
inline constexpr std::uint32_t kHeaderSize = 64;
// Byte offsets of the file header's fields.
namespace header {
inline constexpr std::uint32_t kMagic = 0;          // 8 bytes "CLVTRACE"
inline constexpr std::uint32_t kMajor = 8;          // u16
inline constexpr std::uint32_t kMinor = 10;         // u16
inline constexpr std::uint32_t kHeaderSize = 12;    // u32, 64
inline constexpr std::uint32_t kCreatedNs = 16;     // u64, CLOCK_REALTIME ns at open
inline constexpr std::uint32_t kOriginNs = 24;      // u64, CLOCK_MONOTONIC ns that times count from
inline constexpr std::uint32_t kIndexHead = 32;     // u64, offset of the newest index record, 0 if none
inline constexpr std::uint32_t kChunkSize = 40;     // u32, the writer's growth step (informative)
inline constexpr std::uint32_t kWriterFlags = 44;   // u32, bit 0: closed cleanly
}  // namespace header

// Every record: a 16-byte frame header, the payload, zero padding up to a multiple of 8.
inline constexpr std::uint32_t kRecordMagic = 0x52564c43;  // "CLVR" in the file
inline constexpr std::uint32_t kFrameSize = 16;
inline constexpr std::uint32_t kAlignment = 8;

enum class RecordKind : std::uint16_t {
  ApiTable = 1,       // names of the entry points, in the writer's table order
  ProcessInfo = 2,    // pid, command line, start time, host
  Platform = 3,       // one OpenCL platform the process saw
  CallEnter = 4,      // a call's arguments, before it was forwarded (optional)
  Call = 5,           // a completed call: arguments, result, outputs, handles created
  Blob = 6,           // bytes stored once per content hash, usually zstd-compressed
  Object = 7,         // an object's lifetime event: created, retained, released, destroyed
  DeviceCommand = 8,  // a command's queued/submit/start/end device times, from its event
  ClockSync = 9,      // one device timestamp read together with a host timestamp
  Finding = 10,       // a reports::Finding
  Index = 11,         // call and blob offsets since the writer thread's previous index record
  IndexRoot = 12,     // every index record and every blob, written when the trace is closed
  End = 13,           // the footer: last record of a trace closed cleanly
  KernelBuffers = 14, // a kernel's buffer arguments before or after it ran
  ReadBytes = 15,     // what a non-blocking read or a map for reading gave the application
  CallBlock = 16,     // one thread's calls, each an entry, framed and checksummed as a whole (2.0)
};

// A call block (FORMAT.md, "CallBlock"): its payload starts with a prelude written when the
// block is reserved, so that a block the writer never sealed (its frame header still zero)
// is still found and read; then the entries, each an 8-byte header and a Call payload whose
// header (4.0) is relative to the prelude's: the thread left out, the index and entry time as
// differences from the block's first call's.
namespace block {
inline constexpr std::uint32_t kMagic = 0x42564c43;  // "CLVB" in the file
// u32 magic, u32 payload size, u64 thread, u64 first call index, u64 first call's entry time
inline constexpr std::uint32_t kPreludeSize = 32;
inline constexpr std::uint32_t kPreludeSizeBefore4 = 16;  // 2.x and 3.x: magic, size, thread
inline constexpr std::uint32_t kPreludeThread = 8;        // offsets in the prelude
inline constexpr std::uint32_t kPreludeIndex = 16;
inline constexpr std::uint32_t kPreludeTime = 24;
inline constexpr std::uint32_t kEntryHeaderSize = 8; // u8 state, u24 length, u32 distance
inline constexpr std::uint32_t kMaxEntryLength = (1u << 24) - 1;
// An entry's state; 0 is an entry never written (the end of the block's entries).
enum : std::uint8_t {
  kEntered = 0xe1,   // the parameters of a call in flight: a CallEnter
  kComplete = 0xe2,  // the whole call: a Call
  kMoved = 0xe3,     // a CallEnter whose Call is a record of its own further on
};
}  // namespace block

std::string_view to_string(RecordKind kind);

// Value tags, and the section markers a Call payload interleaves with values after its
// parameters (FORMAT.md, "Values" and "Call").
namespace tag {
enum : std::uint8_t {
  kNull = 1, kUInt = 2, kInt = 3, kFloat = 4, kHandle = 5, kPointer = 6, kString = 7,
  kBytes = 8, kBlob = 9, kArray = 10, kProperties = 11,
  kMarkResult = 0xf0,   // svarint error, then the return value
  kMarkOutput = 0xf1,   // varint parameter, then the value the call wrote through it
  kMarkCreated = 0xf2,  // u8 object kind, varint id
  kMarkInput = 0xf3,    // varint parameter, then the bytes the call read through it
  kMarkEnd = 0xf4,      // varint duration in ns: the last item of a call
  kMarkCounted = 0xf5,  // u8 action, u8 object kind, varint id, varint reference count (1.3)
  kMarkReturned = 0xf6, // nothing: the last item of a call that returned, its end time not read (3.0)
  kMarkRepeat = 0xf7,   // varint distance: a call block entry's parameters and inputs are those of
                        // the entry that many bytes before it in its block (5.0)
};
}  // namespace tag

// The footer's payload is fixed-size so a reader finds it at (file size - kEndRecordSize).
inline constexpr std::uint32_t kEndPayloadSize = 32;
inline constexpr std::uint32_t kEndRecordSize = kFrameSize + kEndPayloadSize;
inline constexpr std::uint64_t kEndMagic = 0x00444e4554564c43;  // "CLVTEND\0"

inline constexpr std::uint64_t align_up(std::uint64_t n) {
  return (n + kAlignment - 1) & ~std::uint64_t{kAlignment - 1};
}

}  // namespace clvet::trace
