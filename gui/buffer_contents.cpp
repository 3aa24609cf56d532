// Rebuilding a buffer's bytes from the calls that wrote it.
#include "buffer_contents.h"

#include <algorithm>
#include <unordered_map>

#include "clvet/trace/print.h"
#include "call_params.h"
#include "trace_document.h"

namespace clvet::gui {
namespace {

void put(BufferState& s, std::uint64_t offset, std::string_view bytes) {
  if (offset >= s.size) return;
  const std::uint64_t n = std::min<std::uint64_t>(bytes.size(), s.size - offset);
  std::copy_n(bytes.data(), n, s.bytes.begin() + static_cast<std::ptrdiff_t>(offset));
  std::fill_n(s.known.begin() + static_cast<std::ptrdiff_t>(offset), n, true);
}

void forget(BufferState& s, std::uint64_t offset, std::uint64_t size) {
  if (offset >= s.size) return;
  const std::uint64_t n = std::min(size, s.size - offset);
  std::fill_n(s.known.begin() + static_cast<std::ptrdiff_t>(offset), n, false);
}

BufferState rebuild(TraceDocument& doc, const trace::Handle& mem, std::uint64_t at, int depth) {
  BufferState s;
  const TraceFacts& facts = doc.facts();
  const ObjectLife* life = facts.object(mem);
  if (!life) return s;
  std::unordered_map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> mapped;  // ptr -> offset, size
  for (std::uint64_t index : life->calls) {
    if (at && index > at) break;
    auto call = doc.call(index);
    if (!call || !call->completed || call->error != 0) continue;
    const std::string& name = call->name;
    const bool is_target = param(*call, "buffer").as_handle() == mem || param(*call, "memobj").as_handle() == mem ||
                           param(*call, "dst_buffer").as_handle() == mem;
    if (name == "clCreateBuffer" || name == "clCreateBufferWithProperties") {
      s.size = param(*call, "size").number;
      s.bytes.assign(s.size, '\0');
      s.known.assign(s.size, false);
      if (const trace::Value* host = input(*call, "host_ptr"))
        if (auto bytes = doc.bytesOf(*host)) {
          put(s, 0, *bytes);
          s.last_write = index;
        }
      continue;
    }
    if (!is_target) continue;
    if (name == "clEnqueueWriteBuffer") {
      const std::uint64_t offset = param(*call, "offset").number;
      if (const trace::Value* data = input(*call, "ptr"); data && doc.bytesOf(*data)) {
        put(s, offset, *doc.bytesOf(*data));
      } else {
        forget(s, offset, param(*call, "size").number);
      }
      s.last_write = index;
    } else if (name == "clEnqueueFillBuffer") {
      const std::uint64_t offset = param(*call, "offset").number, size = param(*call, "size").number;
      const trace::Value* pattern = input(*call, "pattern");
      const auto bytes = pattern ? doc.bytesOf(*pattern) : std::nullopt;
      if (bytes && !bytes->empty()) {
        std::string filled;
        while (filled.size() < size) filled += *bytes;
        filled.resize(size);
        put(s, offset, filled);
      } else {
        forget(s, offset, size);
      }
      s.last_write = index;
    } else if (name == "clEnqueueCopyBuffer") {
      const trace::Handle src = param(*call, "src_buffer").as_handle();
      const std::uint64_t src_offset = param(*call, "src_offset").number, dst_offset = param(*call, "dst_offset").number,
                          size = param(*call, "size").number;
      if (depth < 8 && !(src == mem)) {
        const BufferState from = rebuild(doc, src, index - 1, depth + 1);
        forget(s, dst_offset, size);
        for (std::uint64_t i = 0; i < size && src_offset + i < from.size && dst_offset + i < s.size; ++i)
          if (from.known[src_offset + i]) put(s, dst_offset + i, std::string_view(&from.bytes[src_offset + i], 1));
      } else {
        forget(s, dst_offset, size);
      }
      s.last_write = index;
    } else if (name == "clEnqueueMapBuffer") {
      mapped[call->result.number] = {param(*call, "offset").number, param(*call, "size").number};
    } else if (name == "clEnqueueUnmapMemObject") {
      const auto region = mapped.find(param(*call, "mapped_ptr").number);
      if (const trace::Value* data = input(*call, "mapped_ptr"); data && region != mapped.end())
        if (auto bytes = doc.bytesOf(*data)) {
          put(s, region->second.first, *bytes);
          s.last_write = index;
        }
    } else if (name.starts_with("clEnqueueWriteBufferRect") || name.starts_with("clEnqueueCopyBufferRect") ||
               name.starts_with("clEnqueueCopyImageToBuffer") || name.starts_with("clEnqueueSVM")) {
      forget(s, 0, s.size);  // rectangles and image copies are not rebuilt: replay shows them
      s.last_write = index;
    }
  }
  // Kernels launched since the last write may have written it (their buffers are named by
  // address in the trace, not by handle).
  for (const CallRow& row : facts.rows) {
    if (at && row.index > at) break;
    if (row.index <= s.last_write || row.error != 0) continue;
    const std::string& entry = facts.entry_names[row.name];
    if (entry == "clEnqueueNDRangeKernel" || entry == "clEnqueueTask" || entry == "clEnqueueNativeKernel") {
      s.kernels_since = row.index;
      break;
    }
  }
  return s;
}

}  // namespace

std::uint64_t BufferState::knownBytes() const {
  return static_cast<std::uint64_t>(std::count(known.begin(), known.end(), true));
}

BufferState buffer_at(TraceDocument& document, const trace::Handle& mem, std::uint64_t at) {
  BufferState s = rebuild(document, mem, at, 0);
  QStringList notes;
  if (s.size && s.knownBytes() < s.size)
    notes << QObject::tr("%1 of %2 bytes are not in the trace's data (shown as ?\?)").arg(s.size - s.knownBytes()).arg(s.size);
  if (s.kernels_since)
    notes << QObject::tr("kernels ran from call #%1 on and may have written it: these are the bytes before them; "
                         "replay to this call (or record with --trace-kernel-buffers=1 and pick the launch) for the bytes after")
                 .arg(s.kernels_since);
  s.note = notes.join(QStringLiteral("; "));
  return s;
}

}  // namespace clvet::gui
