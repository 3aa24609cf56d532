// Pretty-printing of trace records. Parameters are decoded by their role and family in the
// API table, so a new entry point prints well as soon as the table describes it.
#include "clvet/trace/print.h"

#include <fmt/format.h>

#include "clvet/reports/finding.h"
#include "clvet/rules/opencl.h"
#include "clvet/trace/cl_names.h"

namespace clvet::trace {
namespace {

std::string_view short_kind(api::ObjectKind kind) {
  switch (kind) {
    case api::ObjectKind::None: return "object";
    case api::ObjectKind::Platform: return "platform";
    case api::ObjectKind::Device: return "device";
    case api::ObjectKind::Context: return "context";
    case api::ObjectKind::CommandQueue: return "queue";
    case api::ObjectKind::Mem: return "mem";
    case api::ObjectKind::Sampler: return "sampler";
    case api::ObjectKind::Program: return "program";
    case api::ObjectKind::Kernel: return "kernel";
    case api::ObjectKind::Event: return "event";
  }
  return "object";
}

bool printable(std::string_view s) {
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 && c != '\n' && c != '\t' && c != '\r') return false;
    if (u == 0x7f) return false;
  }
  return true;
}

std::string quoted(std::string_view s, std::size_t limit) {
  std::string out = "\"";
  // A trailing NUL is how C strings end, not content worth showing.
  if (!s.empty() && s.back() == '\0') s.remove_suffix(1);
  const std::size_t shown = std::min(s.size(), limit);
  for (std::size_t i = 0; i < shown; ++i) {
    const char c = s[i];
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\0': out += "\\0"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\x{:02x}", c);
        else out += c;
    }
  }
  out += '"';
  if (shown < s.size()) out += fmt::format("...({} bytes)", s.size());
  return out;
}

std::string hex_bytes(std::string_view s, std::size_t limit) {
  std::string out = fmt::format("<{} bytes:", s.size());
  const std::size_t shown = std::min(s.size(), limit);
  for (std::size_t i = 0; i < shown; ++i) out += fmt::format(" {:02x}", static_cast<unsigned char>(s[i]));
  if (shown < s.size()) out += " ...";
  return out + ">";
}

std::string number(std::uint64_t v, std::string_view family, bool bitfield) {
  if (family.empty()) return std::to_string(v);
  if (bitfield || is_bitfield(family)) return bitfield_name(family, v);
  if (family == "cl_bool") return v == CL_TRUE ? "CL_TRUE" : v == CL_FALSE ? "CL_FALSE" : std::to_string(v);
  if (auto name = constant_name(family, v)) return std::string(*name);
  return is_known_family(family) ? fmt::format("{:#x}", v) : std::to_string(v);
}

// Field names and families of the structs the API passes by pointer, in C order.
struct Field {
  std::string_view name;
  std::string_view family;
};
std::span<const Field> struct_fields(std::string_view family) {
  static constexpr Field image_format[] = {{"order", "cl_channel_order"}, {"type", "cl_channel_type"}};
  static constexpr Field image_desc[] = {
      {"type", "cl_mem_object_type"}, {"width", ""}, {"height", ""}, {"depth", ""},
      {"array_size", ""}, {"row_pitch", ""}, {"slice_pitch", ""}, {"mip_levels", ""},
      {"samples", ""}, {"mem_object", ""}};
  static constexpr Field buffer_region[] = {{"origin", ""}, {"size", ""}};
  if (family == "cl_image_format") return image_format;
  if (family == "cl_image_desc") return image_desc;
  if (family == "cl_buffer_region") return buffer_region;
  return {};
}

struct Meaning {
  std::string_view family;
  bool bitfield = false;
  bool error_code = false;
  bool is_struct = false;
};

Meaning meaning_of(const api::Param* p) {
  Meaning m;
  if (!p) return m;
  m.family = p->family;
  m.bitfield = p->role == api::Role::Bitfield;
  m.error_code = p->role == api::Role::ErrcodeRet;
  m.is_struct = p->role == api::Role::StructIn;
  if (p->type == "cl_bool") m.family = "cl_bool";
  return m;
}

std::string format_with(const Value& v, const Meaning& m, const PrintOptions& o);

std::string format_items(const Value& v, const Meaning& item_meaning, const PrintOptions& o) {
  std::string out = "[";
  const std::size_t shown = std::min(v.items.size(), o.max_items);
  for (std::size_t i = 0; i < shown; ++i) {
    if (i) out += ", ";
    out += format_with(v.items[i], item_meaning, o);
  }
  if (shown < v.items.size()) out += fmt::format(", ...({} items)", v.items.size());
  return out + "]";
}

std::string format_struct(const Value& v, std::span<const Field> fields, const PrintOptions& o) {
  std::string out = "{";
  for (std::size_t i = 0; i < v.items.size(); ++i) {
    if (i) out += ", ";
    if (i < fields.size()) {
      out += fmt::format("{}: ", fields[i].name);
      out += format_with(v.items[i], Meaning{fields[i].family}, o);
    } else {
      out += format_with(v.items[i], Meaning{}, o);
    }
  }
  return out + "}";
}

std::string format_properties(const Value& v, std::string_view family, const PrintOptions& o) {
  std::string out = "{";
  for (std::size_t i = 0; i + 1 < v.items.size(); i += 2) {
    if (i) out += ", ";
    const std::uint64_t key = v.items[i].number;
    const PropertyMeaning pm = property_meaning(family, key);
    auto key_name = constant_name(pm.key_family, key);
    out += key_name ? std::string(*key_name) : fmt::format("{:#x}", key);
    out += ": ";
    out += format_with(v.items[i + 1], Meaning{pm.value_family}, o);
  }
  return out + (v.items.empty() ? "}" : ", 0}");
}

std::string format_with(const Value& v, const Meaning& m, const PrintOptions& o) {
  switch (v.kind) {
    case ValueKind::Null: return "NULL";
    case ValueKind::UInt: return number(v.number, m.family, m.bitfield);
    case ValueKind::Int:
      if (m.error_code) return reports::error_name(static_cast<int>(v.as_int()));
      return std::to_string(v.as_int());
    case ValueKind::Float: return fmt::format("{}", v.real);
    case ValueKind::Handle: return format_handle(v.as_handle());
    case ValueKind::Pointer: return v.number ? fmt::format("{:#x}", v.number) : "NULL";
    case ValueKind::String: return quoted(v.bytes, o.max_string);
    case ValueKind::Bytes:
      if (!v.bytes.empty() && printable(std::string_view(v.bytes).substr(0, v.bytes.size() - 1)) &&
          v.bytes.back() == '\0')
        return quoted(v.bytes, o.max_string);
      return hex_bytes(v.bytes, o.max_bytes);
    case ValueKind::Blob: return fmt::format("<{} bytes, blob {:016x}>", v.size, v.number);
    case ValueKind::Array:
      if (m.is_struct) return format_struct(v, struct_fields(m.family), o);
      return format_items(v, Meaning{m.family, m.bitfield, m.error_code}, o);
    case ValueKind::Properties: return format_properties(v, m.family, o);
  }
  return "?";
}

std::string seconds(std::uint64_t ns) {
  return fmt::format("{}.{:09}", ns / 1'000'000'000, ns % 1'000'000'000);
}

std::string duration(std::uint64_t ns) {
  if (ns < 10'000) return fmt::format("{} ns", ns);
  if (ns < 10'000'000) return fmt::format("{:.1f} µs", ns / 1e3);
  return fmt::format("{:.3f} ms", ns / 1e6);
}

const api::EntryPoint* entry_of(const Call& call) {
  const auto entries = api::entry_points();
  return call.entry < entries.size() ? &entries[call.entry] : nullptr;
}

const api::Param* param_of(const api::EntryPoint* entry, std::uint32_t index) {
  return entry && index < entry->params.size() ? &entry->params[index] : nullptr;
}

std::string param_label(const api::EntryPoint* entry, std::uint32_t index) {
  if (const api::Param* p = param_of(entry, index)) return std::string(p->name);
  if (index == kSharedMemoryParam) return "fine-grain SVM";
  return fmt::format("param {}", index);
}

std::string format_result(const Call& call, const api::EntryPoint* entry) {
  const api::Returns returns = entry ? entry->returns : api::Returns::ErrorCode;
  const std::string error = reports::error_name(call.error);
  switch (returns) {
    case api::Returns::ErrorCode: return error;
    case api::Returns::Void: return "";
    case api::Returns::ObjectWithErrcode:
    case api::Returns::PointerWithErrcode: {
      std::string out = format_with(call.result, Meaning{}, PrintOptions{});
      if (call.error != CL_SUCCESS || call.result.is_null()) out += fmt::format(" ({})", error);
      return out;
    }
    default: return format_with(call.result, Meaning{}, PrintOptions{});
  }
}

}  // namespace

std::string format_result(const Call& call) { return format_result(call, entry_of(call)); }

std::string param_name(const Call& call, std::uint32_t index) {
  return param_label(entry_of(call), index);
}

const api::Param* param_of(const Call& call, std::uint32_t index) {
  return param_of(entry_of(call), index);
}

std::string format_duration(std::uint64_t ns) { return duration(ns); }

std::string format_call_duration(const Call& call) {
  if (!call.completed) return "never returned";
  if (!call.timed) return "not timed";
  return duration(call.exit_ns - call.enter_ns);
}

std::string format_handle(const Handle& h) { return fmt::format("{}#{}", short_kind(h.kind), h.id); }

std::string format_value(const Value& value, const api::Param* param, const PrintOptions& options) {
  return format_with(value, meaning_of(param), options);
}

std::string format_call(const Call& call, const PrintOptions& o) {
  const api::EntryPoint* entry = entry_of(call);
  std::string out = fmt::format("#{} ", call.index);
  if (o.times)
    out += fmt::format("[thread {} at {} s, {}] ", call.thread, seconds(call.enter_ns),
                       !call.completed ? "entered"
                       : call.timed    ? duration(call.exit_ns - call.enter_ns)
                                       : "not timed");
  out += call.name.empty() ? "?" : call.name;
  out += "(";
  for (std::size_t i = 0; i < call.params.size(); ++i) {
    if (i) out += ", ";
    const auto index = static_cast<std::uint32_t>(i);
    out += fmt::format("{}: {}", param_label(entry, index),
                       format_value(call.params[i], param_of(entry, index), o));
  }
  out += ")";
  if (call.completed) {
    const std::string result = format_result(call, entry);
    if (!result.empty()) out += " = " + result;
  } else {
    out += " (entered, not returned yet)";
  }
  out += "\n";
  for (const ParamValue& in : call.inputs) {
    // Data behind a pointer is bytes whatever the pointer's family says.
    out += fmt::format("    in  {}: {}\n", param_label(entry, in.param),
                       format_with(in.value, Meaning{}, o));
  }
  for (const ParamValue& v : call.outputs) {
    out += fmt::format("    out {}: {}\n", param_label(entry, v.param),
                       format_value(v.value, param_of(entry, v.param), o));
  }
  if (!call.created.empty()) {
    out += "    created";
    for (const Handle& h : call.created) out += " " + format_handle(h);
    out += "\n";
  }
  for (const ObjectEvent& e : call.counted)
    out += fmt::format("    {} {}, reference count {}\n", format_handle(e.object),
                       to_string(e.action), e.refcount);
  return out;
}

std::string format(const ProcessInfo& info) {
  std::string out = fmt::format("process {} on {}: ", info.pid, info.host.empty() ? "?" : info.host);
  for (std::size_t i = 0; i < info.command_line.size(); ++i)
    out += (i ? " " : "") + info.command_line[i];
  out += fmt::format(" (recorded by {})\n", info.recorder.empty() ? "?" : info.recorder);
  for (const auto& [name, value] : info.environment) out += fmt::format("    {}={}\n", name, value);
  return out;
}

std::string format(const Platform& p) {
  return fmt::format("{}: \"{}\" by \"{}\", {}{}{}\n", format_handle(p.platform), p.name, p.vendor,
                     p.version, p.library.empty() ? "" : ", ", p.library);
}

std::string format(const ObjectEvent& e) {
  std::string out = fmt::format("{} {}", format_handle(e.object), to_string(e.action));
  if (e.call_index) out += fmt::format(" by call #{}", e.call_index);
  out += fmt::format(", reference count {}", e.refcount);
  if (!e.parents.empty()) {
    out += ", depends on";
    for (const Handle& h : e.parents) out += " " + format_handle(h);
  }
  return out + "\n";
}

std::string format(const DeviceCommand& c) {
  const auto type = constant_name("cl_command_type", c.command_type);
  std::string out = fmt::format("{} on {}", type ? *type : fmt::format("command {:#x}", c.command_type),
                                format_handle(c.queue));
  if (!c.label.empty()) out += fmt::format(" \"{}\"", c.label);
  if (c.call_index) out += fmt::format(" from call #{}", c.call_index);
  out += fmt::format(": queued {}, submit +{}, start +{}, end +{} (device ns), ran {}\n", c.queued,
                     c.submit - c.queued, c.start - c.queued, c.end - c.queued,
                     duration(c.end >= c.start ? c.end - c.start : 0));
  return out;
}

std::string format(const ClockSync& s) {
  return fmt::format("{} clock {} ns = host {} s ± {} ns ({})\n", format_handle(s.device),
                     s.device_ns, seconds(s.host_ns), s.uncertainty_ns, to_string(s.method));
}

std::string format(const KernelBuffers& b) {
  return fmt::format("{} call #{}: {}\n", b.after ? "after" : "before", b.call_index,
                     format_value(b.buffers));
}

std::string format(const ReadBytes& r) {
  return fmt::format("call #{} {}: {}\n", r.call_index,
                     r.param == ReadBytes::kMappedRegion ? std::string("mapped region")
                                                         : fmt::format("parameter {}", r.param),
                     format_value(r.bytes));
}

std::string format(const BlobInfo& b) {
  return fmt::format("blob {:016x}: {} bytes, {} stored{}\n", b.hash, b.size, b.stored_size,
                     b.compression == 1 ? " (zstd)" : "");
}

std::string format_record(Reader& reader, const RecordView& r, const PrintOptions& o) {
  const std::string where = fmt::format("@{:#x} {}: ", r.offset, to_string(r.kind));
  switch (r.kind) {
    case RecordKind::Call:
    case RecordKind::CallEnter: {
      Call c;
      return reader.decode(r, c) ? format_call(c, o) : where + "malformed\n";
    }
#define CLVET_PRINT(Kind, Type)                                        \
  case RecordKind::Kind: {                                             \
    Type value;                                                        \
    return where + (reader.decode(r, value) ? format(value) : "malformed\n"); \
  }
      CLVET_PRINT(ProcessInfo, ProcessInfo)
      CLVET_PRINT(Platform, Platform)
      CLVET_PRINT(Object, ObjectEvent)
      CLVET_PRINT(DeviceCommand, DeviceCommand)
      CLVET_PRINT(ClockSync, ClockSync)
      CLVET_PRINT(KernelBuffers, KernelBuffers)
      CLVET_PRINT(ReadBytes, ReadBytes)
      CLVET_PRINT(Blob, BlobInfo)
#undef CLVET_PRINT
    case RecordKind::Finding: {
      reports::Finding f;
      return where + (reader.decode(r, f) ? "\n" + reports::render_text(f) : "malformed\n");
    }
    default: return fmt::format("{}{} bytes\n", where, r.payload.size());
  }
}

}  // namespace clvet::trace
