// libFuzzer target for the trace reader: any bytes, read as a trace file (with and without
// checksum checks, so mutations get past the frames) or, when the input starts with 0xff, as
// the payload of one record kind fed straight to its decoder. Whatever the bytes, the reader
// must neither crash nor read out of bounds nor allocate without limit.
#include <cstddef>
#include <cstdint>
#include <sstream>

#include "clvet/trace/perfetto.h"
#include "clvet/trace/print.h"
#include "clvet/trace/reader.h"
#include "codec.h"
#include "wire.h"

using namespace clvet::trace;

namespace {

void read_as_file(const std::uint8_t* data, std::size_t size, bool verify) {
  ReadOptions options;
  options.verify_checksums = verify;
  options.skip_damage = !verify;
  options.max_blob_size = 1 << 20;
  std::string error;
  auto reader = Reader::from_memory({data, size}, "fuzz.clvt", error, options);
  if (!reader) return;
  RecordView r;
  std::uint64_t last_call = 0;
  while (reader->next(r)) {
    (void)format_record(*reader, r);
    if (r.kind == RecordKind::Blob) {
      BlobInfo blob;
      if (reader->decode(r, blob)) (void)reader->blob(blob.hash);
    }
    if (r.kind == RecordKind::Call) {
      Call call;
      if (reader->decode(r, call)) last_call = call.index;
    }
  }
  (void)reader->call(1);
  (void)reader->call(last_call);
  std::ostringstream out;
  (void)export_perfetto(*reader, out);
}

template <typename T>
void decode_as(const std::uint8_t* data, std::size_t size) {
  wire::Decoder in(data, size);
  T value;
  (void)codec::decode(in, value);
}

void decode_payload(std::uint8_t kind, const std::uint8_t* data, std::size_t size) {
  wire::Decoder in(data, size);
  switch (kind % 12) {
    case 0: {
      Call call;
      if (codec::decode_call(in, call)) (void)format_call(call);
      break;
    }
    case 1: {
      Value value;
      if (codec::decode_value(in, value)) (void)format_value(value);
      break;
    }
    case 2: decode_as<ProcessInfo>(data, size); break;
    case 3: decode_as<Platform>(data, size); break;
    case 4: decode_as<ObjectEvent>(data, size); break;
    case 5: decode_as<DeviceCommand>(data, size); break;
    case 6: decode_as<ClockSync>(data, size); break;
    case 7: decode_as<clvet::reports::Finding>(data, size); break;
    case 8: decode_as<codec::IndexBlock>(data, size); break;
    case 9: decode_as<codec::IndexRoot>(data, size); break;
    case 10: {
      std::vector<codec::ApiEntry> table;
      (void)codec::decode(in, table);
      break;
    }
    case 11: {
      BlobInfo info;
      (void)codec::decode_blob_header(in, info);
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size >= 2 && data[0] == 0xff) {
    decode_payload(data[1], data + 2, size - 2);
    return 0;
  }
  read_as_file(data, size, true);
  read_as_file(data, size, false);
  return 0;
}
