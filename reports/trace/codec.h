// Payload encodings of every record kind (FORMAT.md, "Payloads"), shared by the writer and
// the reader so the two cannot drift. Private to reports/trace.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "clvet/reports/finding.h"
#include "clvet/trace/format.h"
#include "clvet/trace/records.h"
#include "clvet/trace/block_entry.h"
#include "wire.h"

namespace clvet::trace::codec {

using namespace ::clvet::trace::tag;  // value tags and call section markers

// Nesting deeper than this is damage: it bounds the reader's recursion on hostile input.
inline constexpr int kMaxDepth = 32;

void encode_value(wire::Buffer& out, const Value& value);
bool decode_value(wire::Decoder& in, Value& out, int depth = 0);
bool valid_object_kind(std::uint64_t kind);

void encode_call_header(wire::Buffer& out, std::uint64_t index, std::uint64_t thread,
                        std::uint64_t enter_ns, std::uint32_t entry);

// A call block's base (clvet/trace/block_entry.h), read from its prelude.
inline BlockBase block_base(const std::uint8_t* prelude) {
  return {wire::load64(prelude + block::kPreludeThread), wire::load64(prelude + block::kPreludeIndex),
          wire::load64(prelude + block::kPreludeTime)};
}
// The whole call, parameters to end marker; `enter_only` stops after the parameters.
void encode_call(wire::Buffer& out, const Call& call, bool enter_only);
// `call.entry` is the writer's index; the reader maps it to its own table. `open`: the payload
// may end after the parameters and inputs (a call block's entry of a call in flight). `base`:
// the payload is a 4.0 block entry's, its header relative to `base`.
bool decode_call(wire::Decoder& in, Call& call, bool open = false, const BlockBase* base = nullptr);

void encode(wire::Buffer& out, const ProcessInfo& info);
bool decode(wire::Decoder& in, ProcessInfo& info);
void encode(wire::Buffer& out, const Platform& platform);
bool decode(wire::Decoder& in, Platform& platform);
void encode(wire::Buffer& out, const ObjectEvent& event);
bool decode(wire::Decoder& in, ObjectEvent& event);
void encode(wire::Buffer& out, const DeviceCommand& command);
bool decode(wire::Decoder& in, DeviceCommand& command);
void encode(wire::Buffer& out, const ClockSync& sync);
bool decode(wire::Decoder& in, ClockSync& sync);
void encode(wire::Buffer& out, const KernelBuffers& buffers);
bool decode(wire::Decoder& in, KernelBuffers& buffers);
void encode(wire::Buffer& out, const ReadBytes& read);
bool decode(wire::Decoder& in, ReadBytes& read);
void encode(wire::Buffer& out, const reports::Finding& finding);
bool decode(wire::Decoder& in, reports::Finding& finding);

// ApiTable: the names (and parameter counts) of the writer's entry points, in its order.
struct ApiEntry {
  std::string name;
  std::uint32_t param_count = 0;
};
void encode_api_table(wire::Buffer& out);
bool decode(wire::Decoder& in, std::vector<ApiEntry>& table);

// Blob: the header before the stored bytes; the bytes are the rest of the payload.
enum Compression : std::uint8_t { kStored = 0, kZstd = 1 };
void encode_blob_header(wire::Buffer& out, std::uint64_t hash, std::uint64_t size,
                        Compression compression);
bool decode_blob_header(wire::Decoder& in, BlobInfo& info);

// Index records: (key, offset) pairs, key a call index or a blob hash.
struct IndexEntry {
  std::uint64_t key = 0;
  std::uint64_t offset = 0;
  bool operator<(const IndexEntry& other) const { return key < other.key; }
};
struct IndexBlock {
  std::uint64_t previous = 0;  // the index record written before this one, 0 for the first
  std::uint64_t thread = 0;
  std::vector<IndexEntry> calls;  // sorted by call index
  std::vector<IndexEntry> blobs;
};
void encode(wire::Buffer& out, const IndexBlock& block);
bool decode(wire::Decoder& in, IndexBlock& block);

struct BlockRef {
  std::uint64_t first_call = 0, last_call = 0, offset = 0;
};
struct IndexRoot {
  std::vector<BlockRef> blocks;
  std::vector<IndexEntry> blobs;
  std::uint64_t call_count = 0, record_count = 0;
};
void encode(wire::Buffer& out, const IndexRoot& root);
bool decode(wire::Decoder& in, IndexRoot& root);

struct EndRecord {
  std::uint64_t root_offset = 0, record_count = 0, call_count = 0;
};
void encode(wire::Buffer& out, const EndRecord& end);  // exactly kEndPayloadSize bytes
bool decode(wire::Decoder& in, EndRecord& end);

}  // namespace clvet::trace::codec
