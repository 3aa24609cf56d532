// Payload encodings of every record kind. Decoders never trust the input: every count is
// checked against the bytes left and every failure is reported, never thrown or crashed on.
// Decoders ignore bytes after the fields they know, which is how minor versions add fields.
#include "codec.h"

#include <bit>

#include "clvet/rules/api.h"

namespace clvet::trace::codec {

bool valid_object_kind(std::uint64_t kind) {
  return kind <= static_cast<std::uint64_t>(api::ObjectKind::Event);
}

void encode_value(wire::Buffer& out, const Value& v) {
  switch (v.kind) {
    case ValueKind::Null: out.byte(kNull); return;
    case ValueKind::UInt: out.byte(kUInt); out.varint(v.number); return;
    case ValueKind::Int: out.byte(kInt); out.svarint(v.as_int()); return;
    case ValueKind::Float: out.byte(kFloat); out.fixed64(std::bit_cast<std::uint64_t>(v.real)); return;
    case ValueKind::Handle:
      out.byte(kHandle);
      out.byte(static_cast<std::uint8_t>(v.object));
      out.varint(v.number);
      return;
    case ValueKind::Pointer: out.byte(kPointer); out.varint(v.number); return;
    case ValueKind::String: out.byte(kString); out.text(v.bytes); return;
    case ValueKind::Bytes: out.byte(kBytes); out.text(v.bytes); return;
    case ValueKind::Blob:
      out.byte(kBlob);
      out.fixed64(v.number);
      out.varint(v.size);
      return;
    case ValueKind::Array:
      out.byte(kArray);
      out.varint(v.items.size());
      for (const Value& item : v.items) encode_value(out, item);
      return;
    case ValueKind::Properties:
      out.byte(kProperties);
      out.varint(v.items.size() / 2);
      for (std::size_t i = 0; i + 1 < v.items.size(); i += 2) {
        out.varint(v.items[i].number);
        encode_value(out, v.items[i + 1]);
      }
      return;
  }
}

namespace {

// A value emptied for decoding into, its string's and list's storage kept: a reader that
// decodes call after call into the same Call allocates only when a call is larger than any
// before it.
void reset(Value& out) {
  out.kind = ValueKind::Null;
  out.object = api::ObjectKind::None;
  out.number = 0;
  out.size = 0;
  out.real = 0;
  out.bytes.clear();
  out.items.clear();
}

// The next element of `list`, reusing one a previous decode left there: `used` counts the
// elements decoded so far, and the caller trims the list to it at the end.
template <typename T>
T& next_of(std::vector<T>& list, std::size_t& used) {
  // From T{} (each member its own initialiser) rather than emplace_back()'s value
  // initialisation, which zeroes the whole object first.
  if (used == list.size()) list.push_back(T{});
  return list[used++];
}

}  // namespace

bool decode_value(wire::Decoder& in, Value& out, int depth) {
  if (depth > kMaxDepth) {
    in.fail("values nested too deeply");
    return false;
  }
  reset(out);
  const std::uint8_t tag = in.byte();
  switch (tag) {
    case kNull: break;
    case kUInt: out.kind = ValueKind::UInt; out.number = in.varint(); break;
    case kInt: out.kind = ValueKind::Int; out.number = static_cast<std::uint64_t>(in.svarint()); break;
    case kFloat:
      out.kind = ValueKind::Float;
      out.real = std::bit_cast<double>(in.fixed64());
      break;
    case kHandle: {
      out.kind = ValueKind::Handle;
      const std::uint8_t kind = in.byte();
      if (!valid_object_kind(kind)) in.fail("unknown object kind");
      out.object = static_cast<api::ObjectKind>(kind);
      out.number = in.varint();
      break;
    }
    case kPointer: out.kind = ValueKind::Pointer; out.number = in.varint(); break;
    case kString: out.kind = ValueKind::String; out.bytes.assign(in.text()); break;
    case kBytes: out.kind = ValueKind::Bytes; out.bytes.assign(in.text()); break;
    case kBlob:
      out.kind = ValueKind::Blob;
      out.number = in.fixed64();
      out.size = in.varint();
      break;
    case kArray: {
      out.kind = ValueKind::Array;
      const std::uint64_t n = in.count(1);
      out.items.resize(n);
      for (std::uint64_t i = 0; i < n && in.ok(); ++i) decode_value(in, out.items[i], depth + 1);
      break;
    }
    case kProperties: {
      out.kind = ValueKind::Properties;
      const std::uint64_t n = in.count(2);
      out.items.resize(2 * n);
      for (std::uint64_t i = 0; i < n && in.ok(); ++i) {
        reset(out.items[2 * i]);
        out.items[2 * i].kind = ValueKind::UInt;
        out.items[2 * i].number = in.varint();
        decode_value(in, out.items[2 * i + 1], depth + 1);
      }
      break;
    }
    default: in.fail("unknown value tag"); break;
  }
  return in.ok();
}

void encode_call_header(wire::Buffer& out, std::uint64_t index, std::uint64_t thread,
                        std::uint64_t enter_ns, std::uint32_t entry) {
  // Every call's first bytes: one reservation for the four fields, not one each.
  std::uint8_t* p = out.reserve(4 * wire::Buffer::kMaxVarint);
  p = wire::Buffer::put_varint(p, index);
  p = wire::Buffer::put_varint(p, thread);
  p = wire::Buffer::put_varint(p, enter_ns);
  p = wire::Buffer::put_varint(p, entry);
  out.commit_to(p);
}

void encode_call(wire::Buffer& out, const Call& call, bool enter_only) {
  encode_call_header(out, call.index, call.thread, call.enter_ns, call.entry);
  for (const Value& v : call.params) encode_value(out, v);
  for (const ParamValue& in : call.inputs) {
    out.byte(kMarkInput);
    out.varint(in.param);
    encode_value(out, in.value);
  }
  if (!enter_only) {
    out.byte(kMarkResult);
    out.svarint(call.error);
    encode_value(out, call.result);
    for (const ParamValue& o : call.outputs) {
      out.byte(kMarkOutput);
      out.varint(o.param);
      encode_value(out, o.value);
    }
    for (const Handle& h : call.created) {
      out.byte(kMarkCreated);
      out.byte(static_cast<std::uint8_t>(h.kind));
      out.varint(h.id);
    }
    for (const ObjectEvent& e : call.counted) {
      out.byte(kMarkCounted);
      out.byte(static_cast<std::uint8_t>(e.action));
      out.byte(static_cast<std::uint8_t>(e.object.kind));
      out.varint(e.object.id);
      out.varint(e.refcount);
    }
  }
  if (!enter_only && !call.timed) {
    out.byte(kMarkReturned);
    return;
  }
  out.byte(kMarkEnd);
  out.varint(enter_only || call.exit_ns < call.enter_ns ? 0 : call.exit_ns - call.enter_ns);
}

namespace {

std::uint32_t param_number(wire::Decoder& in) {
  const std::uint64_t p = in.varint();
  if (p > 0xffff) in.fail("parameter number out of range");
  return static_cast<std::uint32_t>(p);
}

}  // namespace

bool decode_call(wire::Decoder& in, Call& call, bool open, const BlockBase* base) {
  // The lists are reused from the call decoded before (their elements' storage too), and
  // trimmed to what this call has when it ends, whole or not.
  std::size_t params = 0, inputs = 0, outputs = 0;
  const auto trimmed = [&](bool whole) {
    call.params.resize(params);
    call.inputs.resize(inputs);
    call.outputs.resize(outputs);
    return whole;
  };
  call.created.clear();
  call.counted.clear();
  call.name.clear();
  call.error = 0;
  call.exit_ns = 0;
  call.completed = true;
  call.timed = true;
  reset(call.result);
  if (base != nullptr) {
    // Unsigned sums: a damaged difference reads as a wrong number, never as undefined.
    call.index = base->index + static_cast<std::uint64_t>(in.svarint());
    call.thread = base->thread;
    call.enter_ns = base->enter_ns + static_cast<std::uint64_t>(in.svarint());
  } else {
    call.index = in.varint();
    call.thread = in.varint();
    call.enter_ns = in.varint();
  }
  const std::uint64_t entry = in.varint();
  if (entry >= kUnknownEntry) in.fail("entry point number out of range");
  call.entry = static_cast<std::uint32_t>(entry);
  bool past_params = false;
  // A Repeat (5.0): the parameters and inputs of an earlier entry of the block, of the same
  // entry point, decoded from there; the rest of this entry follows as in any other.
  if (base != nullptr && base->entry != nullptr && in.ok() && !in.at_end() &&
      in.peek() == kMarkRepeat) {
    in.byte();
    const std::uint64_t distance = in.varint();
    const std::uint8_t* self = base->entry;
    const auto available = static_cast<std::uint64_t>(self - base->entries);
    if (!in.ok()) return trimmed(false);
    if (distance < block::kEntryHeaderSize || distance > available) {
      in.fail("a repeat of no earlier entry of its block");
      return trimmed(false);
    }
    const std::uint8_t* earlier = self - distance;
    const std::uint32_t word = wire::load32(earlier);
    const auto state = static_cast<std::uint8_t>(word);
    if ((state != block::kEntered && state != block::kComplete && state != block::kMoved) ||
        (word >> 8) > distance - block::kEntryHeaderSize ||
        wire::load32(earlier + 4) + distance != wire::load32(self + 4)) {
      in.fail("a repeat of no entry of its block");
      return trimmed(false);
    }
    wire::Decoder from(earlier + block::kEntryHeaderSize, word >> 8);
    from.svarint();
    from.svarint();
    if (from.varint() != entry) from.fail("a repeat of another entry point's call");
    if (from.ok() && from.peek() == kMarkRepeat) from.fail("a repeat of a repeat");
    while (from.ok() && !from.at_end()) {
      const std::uint8_t tag = from.peek();
      if (tag < kMarkResult) {
        decode_value(from, next_of(call.params, params));
        continue;
      }
      if (tag != kMarkInput) break;
      from.byte();
      ParamValue& v = next_of(call.inputs, inputs);
      v.param = param_number(from);
      decode_value(from, v.value);
    }
    if (!from.ok()) {
      in.fail(from.error());
      return trimmed(false);
    }
    past_params = true;
  }
  while (in.ok()) {
    if (open && in.at_end()) return trimmed(true);  // entered, never completed
    const std::uint8_t tag = in.peek();
    if (tag < kMarkResult) {
      if (past_params) {
        in.fail("a parameter value after the result");
        break;
      }
      decode_value(in, next_of(call.params, params));
      continue;
    }
    in.byte();
    switch (tag) {
      case kMarkInput: {
        past_params = true;
        ParamValue& v = next_of(call.inputs, inputs);
        v.param = param_number(in);
        decode_value(in, v.value);
        break;
      }
      case kMarkResult: {
        past_params = true;
        const std::int64_t error = in.svarint();
        if (error < INT32_MIN || error > INT32_MAX) in.fail("error code out of range");
        call.error = static_cast<std::int32_t>(error);
        decode_value(in, call.result);
        break;
      }
      case kMarkOutput: {
        past_params = true;
        ParamValue& v = next_of(call.outputs, outputs);
        v.param = param_number(in);
        decode_value(in, v.value);
        break;
      }
      case kMarkCreated: {
        past_params = true;
        const std::uint8_t kind = in.byte();
        if (!valid_object_kind(kind)) in.fail("unknown object kind");
        call.created.push_back({static_cast<api::ObjectKind>(kind), in.varint()});
        break;
      }
      case kMarkCounted: {
        past_params = true;
        ObjectEvent e;
        const std::uint8_t action = in.byte();
        if (action < static_cast<std::uint8_t>(ObjectEvent::Action::Retained) ||
            action > static_cast<std::uint8_t>(ObjectEvent::Action::Destroyed))
          in.fail("unknown reference count change");
        e.action = static_cast<ObjectEvent::Action>(action);
        const std::uint8_t kind = in.byte();
        if (!valid_object_kind(kind)) in.fail("unknown object kind");
        e.object = {static_cast<api::ObjectKind>(kind), in.varint()};
        const std::uint64_t refcount = in.varint();
        if (refcount > UINT32_MAX) in.fail("reference count out of range");
        e.refcount = static_cast<std::uint32_t>(refcount);
        e.call_index = call.index;
        e.time_ns = call.enter_ns;
        call.counted.push_back(std::move(e));
        break;
      }
      case kMarkEnd: {
        const std::uint64_t duration = in.varint();
        call.exit_ns = call.enter_ns + duration;
        if (call.exit_ns < call.enter_ns) in.fail("call duration out of range");
        return trimmed(in.ok());
      }
      case kMarkReturned:
        call.exit_ns = call.enter_ns;
        call.timed = false;
        return trimmed(in.ok());
      default: in.fail("unknown call section"); break;
    }
  }
  if (in.ok()) in.fail("call has no end marker");
  return trimmed(false);
}

void encode(wire::Buffer& out, const ProcessInfo& info) {
  out.varint(info.pid);
  out.varint(info.start_realtime_ns);
  out.text(info.executable);
  out.text(info.host);
  out.text(info.recorder);
  out.varint(info.command_line.size());
  for (const std::string& arg : info.command_line) out.text(arg);
  out.varint(info.environment.size());
  for (const auto& [name, value] : info.environment) {
    out.text(name);
    out.text(value);
  }
}

bool decode(wire::Decoder& in, ProcessInfo& info) {
  info = ProcessInfo{};
  info.pid = in.varint();
  info.start_realtime_ns = in.varint();
  info.executable = in.text();
  info.host = in.text();
  info.recorder = in.text();
  for (std::uint64_t n = in.count(1); n && in.ok(); --n) info.command_line.emplace_back(in.text());
  for (std::uint64_t n = in.count(2); n && in.ok(); --n) {
    std::string name(in.text());
    info.environment.emplace_back(std::move(name), in.text());
  }
  return in.ok();
}

namespace {

void encode_handle(wire::Buffer& out, const Handle& h) {
  out.byte(static_cast<std::uint8_t>(h.kind));
  out.varint(h.id);
}

Handle decode_handle(wire::Decoder& in) {
  const std::uint8_t kind = in.byte();
  if (!valid_object_kind(kind)) in.fail("unknown object kind");
  return {static_cast<api::ObjectKind>(kind), in.varint()};
}

}  // namespace

void encode(wire::Buffer& out, const Platform& p) {
  encode_handle(out, p.platform);
  out.text(p.name);
  out.text(p.vendor);
  out.text(p.version);
  out.text(p.library);
}

bool decode(wire::Decoder& in, Platform& p) {
  p = Platform{};
  p.platform = decode_handle(in);
  p.name = in.text();
  p.vendor = in.text();
  p.version = in.text();
  p.library = in.text();
  return in.ok();
}

void encode(wire::Buffer& out, const ObjectEvent& e) {
  out.byte(static_cast<std::uint8_t>(e.action));
  encode_handle(out, e.object);
  out.varint(e.call_index);
  out.varint(e.time_ns);
  out.varint(e.refcount);
  out.varint(e.parents.size());
  for (const Handle& h : e.parents) encode_handle(out, h);
}

bool decode(wire::Decoder& in, ObjectEvent& e) {
  e = ObjectEvent{};
  const std::uint8_t action = in.byte();
  if (action < 1 || action > 4) in.fail("unknown object action");
  e.action = static_cast<ObjectEvent::Action>(action);
  e.object = decode_handle(in);
  e.call_index = in.varint();
  e.time_ns = in.varint();
  const std::uint64_t refcount = in.varint();
  if (refcount > UINT32_MAX) in.fail("reference count out of range");
  e.refcount = static_cast<std::uint32_t>(refcount);
  for (std::uint64_t n = in.count(2); n && in.ok(); --n) e.parents.push_back(decode_handle(in));
  return in.ok();
}

void encode(wire::Buffer& out, const DeviceCommand& c) {
  out.varint(c.call_index);
  encode_handle(out, c.queue);
  encode_handle(out, c.event);
  out.varint(c.command_type);
  out.text(c.label);
  out.varint(c.queued);
  out.varint(c.submit);
  out.varint(c.start);
  out.varint(c.end);
}

bool decode(wire::Decoder& in, DeviceCommand& c) {
  c = DeviceCommand{};
  c.call_index = in.varint();
  c.queue = decode_handle(in);
  c.event = decode_handle(in);
  const std::uint64_t type = in.varint();
  if (type > UINT32_MAX) in.fail("command type out of range");
  c.command_type = static_cast<std::uint32_t>(type);
  c.label = in.text();
  c.queued = in.varint();
  c.submit = in.varint();
  c.start = in.varint();
  c.end = in.varint();
  return in.ok();
}

void encode(wire::Buffer& out, const ClockSync& s) {
  encode_handle(out, s.device);
  out.varint(s.device_ns);
  out.varint(s.host_ns);
  out.byte(static_cast<std::uint8_t>(s.method));
  out.varint(s.uncertainty_ns);
}

bool decode(wire::Decoder& in, ClockSync& s) {
  s = ClockSync{};
  s.device = decode_handle(in);
  s.device_ns = in.varint();
  s.host_ns = in.varint();
  if (in.at_end()) return in.ok();  // 1.0 records: a timer reading, uncertainty unknown
  const std::uint8_t method = in.byte();
  if (method < 1 || method > 2) in.fail("unknown clock-sync method");
  s.method = static_cast<ClockSync::Method>(method);
  s.uncertainty_ns = in.varint();
  return in.ok();
}

void encode(wire::Buffer& out, const KernelBuffers& b) {
  out.varint(b.call_index);
  out.byte(b.after ? 1 : 0);
  encode_value(out, b.buffers);
}

bool decode(wire::Decoder& in, KernelBuffers& b) {
  b = KernelBuffers{};
  b.call_index = in.varint();
  const std::uint8_t after = in.byte();
  if (after > 1) in.fail("kernel-buffers moment is neither before (0) nor after (1)");
  b.after = after == 1;
  if (in.ok()) decode_value(in, b.buffers);
  return in.ok();
}

void encode(wire::Buffer& out, const ReadBytes& r) {
  out.varint(r.call_index);
  out.varint(r.param);
  encode_value(out, r.bytes);
}

bool decode(wire::Decoder& in, ReadBytes& r) {
  r = ReadBytes{};
  r.call_index = in.varint();
  const std::uint64_t param = in.varint();
  if (param > ReadBytes::kMappedRegion) in.fail("read-bytes parameter out of range");
  r.param = static_cast<std::uint32_t>(param);
  if (in.ok()) decode_value(in, r.bytes);
  return in.ok();
}

namespace {

// A kernel finding's evidence (format 1.2), appended to its Finding record.
void encode_site(wire::Buffer& out, const reports::KernelSite& site) {
  out.text(site.file);
  out.varint(site.line);
  out.varint(site.column);
  out.text(site.source_line);
  out.byte(site.work_item.has_value());
  if (site.work_item)
    for (const std::uint64_t* ids : {site.work_item->global, site.work_item->local, site.work_item->group})
      for (int d = 0; d < 3; ++d) out.varint(ids[d]);
  out.byte(site.atomic);
}

void decode_site(wire::Decoder& in, reports::KernelSite& site) {
  site.file = in.text();
  const std::uint64_t line = in.varint(), column = in.varint();
  if (line > UINT32_MAX || column > UINT32_MAX) in.fail("kernel source position out of range");
  site.line = static_cast<std::uint32_t>(line);
  site.column = static_cast<std::uint32_t>(column);
  site.source_line = in.text();
  if (in.byte() != 0) {
    reports::WorkItemIds ids;
    for (std::uint64_t* into : {ids.global, ids.local, ids.group})
      for (int d = 0; d < 3; ++d) into[d] = in.varint();
    site.work_item = ids;
  }
  site.atomic = in.byte() != 0;
}

void encode_evidence(wire::Buffer& out, const reports::KernelEvidence& k) {
  out.text(reports::to_string(k.kind));
  out.text(k.kernel);
  encode_site(out, k.at);
  out.byte(k.other.has_value());
  if (k.other) encode_site(out, *k.other);
  out.text(k.object);
  out.text(k.object_origin);
  out.byte(k.offset.has_value());
  if (k.offset) out.svarint(*k.offset);
  out.varint(k.size);
  out.byte(k.element.has_value());
  if (k.element) out.svarint(*k.element);
  out.varint(k.enqueue);
}

void decode_evidence(wire::Decoder& in, reports::KernelEvidence& k) {
  const std::string_view kind = in.text();
  // A kind this build does not know reads as undefined behaviour: the rest still tells where.
  k.kind = reports::kernel_kind(kind).value_or(reports::KernelKind::UndefinedBehaviour);
  k.kernel = in.text();
  decode_site(in, k.at);
  if (in.byte() != 0) decode_site(in, k.other.emplace());
  k.object = in.text();
  k.object_origin = in.text();
  if (in.byte() != 0) k.offset = in.svarint();
  k.size = in.varint();
  if (in.byte() != 0) k.element = in.svarint();
  k.enqueue = in.varint();
}

}  // namespace

void encode(wire::Buffer& out, const reports::Finding& f) {
  out.byte(static_cast<std::uint8_t>(f.category));
  out.byte(static_cast<std::uint8_t>(f.severity));
  out.text(f.rule_id);
  out.text(f.entry);
  out.svarint(f.error_code);
  out.text(f.spec);
  out.text(f.clause);
  out.text(f.detail);
  out.varint(f.call_index);
  out.varint(f.count);
  // 1.2: whether kernel evidence follows, and the evidence.
  out.byte(f.kernel.has_value());
  if (f.kernel) encode_evidence(out, *f.kernel);
}

bool decode(wire::Decoder& in, reports::Finding& f) {
  f = reports::Finding{};
  const std::uint8_t category = in.byte();
  const std::uint8_t severity = in.byte();
  if (category > static_cast<std::uint8_t>(reports::Category::Platform)) in.fail("unknown category");
  if (severity > static_cast<std::uint8_t>(reports::Severity::Error)) in.fail("unknown severity");
  f.category = static_cast<reports::Category>(category);
  f.severity = static_cast<reports::Severity>(severity);
  f.rule_id = in.text();
  f.entry = in.text();
  const std::int64_t code = in.svarint();
  if (code < INT32_MIN || code > INT32_MAX) in.fail("error code out of range");
  f.error_code = static_cast<int>(code);
  f.spec = in.text();
  f.clause = in.text();
  f.detail = in.text();
  f.call_index = in.varint();
  f.count = in.varint();
  // A 1.0 or 1.1 record ends here.
  if (in.ok() && !in.at_end() && in.byte() != 0) decode_evidence(in, f.kernel.emplace());
  return in.ok();
}

void encode_api_table(wire::Buffer& out) {
  const auto entries = api::entry_points();
  out.varint(entries.size());
  for (const api::EntryPoint& e : entries) {
    out.text(e.name);
    out.varint(e.params.size());
  }
}

bool decode(wire::Decoder& in, std::vector<ApiEntry>& table) {
  table.clear();
  for (std::uint64_t n = in.count(2); n && in.ok(); --n) {
    ApiEntry& e = table.emplace_back();
    e.name = in.text();
    const std::uint64_t params = in.varint();
    if (params > 0xffff) in.fail("parameter count out of range");
    e.param_count = static_cast<std::uint32_t>(params);
  }
  return in.ok();
}

void encode_blob_header(wire::Buffer& out, std::uint64_t hash, std::uint64_t size,
                        Compression compression) {
  out.fixed64(hash);
  out.varint(size);
  out.byte(compression);
}

bool decode_blob_header(wire::Decoder& in, BlobInfo& info) {
  info = BlobInfo{};
  info.hash = in.fixed64();
  info.size = in.varint();
  info.compression = in.byte();
  if (info.compression > kZstd) in.fail("unknown compression");
  info.stored_size = in.remaining();
  if (in.ok() && info.compression == kStored && info.stored_size != info.size)
    in.fail("stored blob size disagrees with its length");
  return in.ok();
}

void encode(wire::Buffer& out, const IndexBlock& b) {
  out.varint(b.previous);
  out.varint(b.thread);
  out.varint(b.calls.size());
  // Sorted call indexes and mostly rising offsets: deltas keep an entry to 3 or 4 bytes.
  std::uint64_t key = 0, offset = 0;
  for (const IndexEntry& e : b.calls) {
    out.varint(e.key - key);
    out.svarint(static_cast<std::int64_t>(e.offset - offset));
    key = e.key;
    offset = e.offset;
  }
  out.varint(b.blobs.size());
  for (const IndexEntry& e : b.blobs) {
    out.fixed64(e.key);
    out.varint(e.offset);
  }
}

bool decode(wire::Decoder& in, IndexBlock& b) {
  b = IndexBlock{};
  b.previous = in.varint();
  b.thread = in.varint();
  std::uint64_t key = 0, offset = 0;
  const std::uint64_t calls = in.count(2);
  b.calls.reserve(calls);
  for (std::uint64_t i = 0; i < calls && in.ok(); ++i) {
    key += in.varint();
    offset += static_cast<std::uint64_t>(in.svarint());
    b.calls.push_back({key, offset});
  }
  const std::uint64_t blobs = in.count(9);
  b.blobs.reserve(blobs);
  for (std::uint64_t i = 0; i < blobs && in.ok(); ++i) {
    const std::uint64_t hash = in.fixed64();
    b.blobs.push_back({hash, in.varint()});
  }
  return in.ok();
}

void encode(wire::Buffer& out, const IndexRoot& r) {
  out.varint(r.call_count);
  out.varint(r.record_count);
  out.varint(r.blocks.size());
  for (const BlockRef& b : r.blocks) {
    out.varint(b.first_call);
    out.varint(b.last_call - b.first_call);
    out.varint(b.offset);
  }
  out.varint(r.blobs.size());
  for (const IndexEntry& e : r.blobs) {
    out.fixed64(e.key);
    out.varint(e.offset);
  }
}

bool decode(wire::Decoder& in, IndexRoot& r) {
  r = IndexRoot{};
  r.call_count = in.varint();
  r.record_count = in.varint();
  const std::uint64_t blocks = in.count(3);
  r.blocks.reserve(blocks);
  for (std::uint64_t i = 0; i < blocks && in.ok(); ++i) {
    BlockRef& b = r.blocks.emplace_back();
    b.first_call = in.varint();
    b.last_call = b.first_call + in.varint();
    b.offset = in.varint();
  }
  const std::uint64_t blobs = in.count(9);
  r.blobs.reserve(blobs);
  for (std::uint64_t i = 0; i < blobs && in.ok(); ++i) {
    const std::uint64_t hash = in.fixed64();
    r.blobs.push_back({hash, in.varint()});
  }
  return in.ok();
}

void encode(wire::Buffer& out, const EndRecord& e) {
  out.fixed64(e.root_offset);
  out.fixed64(e.record_count);
  out.fixed64(e.call_count);
  out.fixed64(kEndMagic);
}

bool decode(wire::Decoder& in, EndRecord& e) {
  e.root_offset = in.fixed64();
  e.record_count = in.fixed64();
  e.call_count = in.fixed64();
  if (in.fixed64() != kEndMagic) in.fail("end record without its magic");
  return in.ok();
}

}  // namespace clvet::trace::codec
