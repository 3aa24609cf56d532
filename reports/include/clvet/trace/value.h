// The value model of recorded calls: one Value per argument, result or output of a call.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "clvet/rules/api.h"

namespace clvet::trace {

enum class ValueKind : std::uint8_t {
  Null = 1,        // a NULL pointer, or nothing recorded
  UInt = 2,        // unsigned scalar: sizes, counts, enums, bitfields, cl_bool
  Int = 3,         // signed scalar: error codes, cl_int arguments
  Float = 4,       // floating-point scalar
  Handle = 5,      // an OpenCL object, by the id the recorder gave it (not its address)
  Pointer = 6,     // a host address kept as a number: host_ptr, user_data, callbacks, mapped ptr
  String = 7,      // text: kernel names, build options, program sources below the blob limit
  Bytes = 8,       // a few bytes inline: kernel argument values, fill patterns, info results
  Blob = 9,        // bytes stored once in a Blob record, named by their XXH3-64 content hash
  Array = 10,      // values of any kind: handle lists, origins, regions, sizes
  Properties = 11, // a zero-terminated property list without its 0: key, value, key, value...
};

std::string_view to_string(ValueKind kind);

struct Handle {
  api::ObjectKind kind = api::ObjectKind::None;
  std::uint64_t id = 0;
  bool operator==(const Handle&) const = default;
};

struct Value {
  ValueKind kind = ValueKind::Null;
  api::ObjectKind object = api::ObjectKind::None;  // Handle: the object's kind
  std::uint64_t number = 0;  // UInt; Int as two's complement; Handle id; Pointer; Blob hash
  std::uint64_t size = 0;    // Blob: the bytes' length before compression
  double real = 0;           // Float
  std::string bytes;         // String, Bytes
  std::vector<Value> items;  // Array; Properties as key, value, key, value (keys are UInt)

  bool operator==(const Value&) const = default;

  static Value null() { return {}; }
  static Value uint(std::uint64_t v) { return with(ValueKind::UInt, v); }
  static Value sint(std::int64_t v) { return with(ValueKind::Int, static_cast<std::uint64_t>(v)); }
  static Value floating(double v) {
    Value out;
    out.kind = ValueKind::Float;
    out.real = v;
    return out;
  }
  static Value handle(api::ObjectKind kind, std::uint64_t id) {
    Value out = with(ValueKind::Handle, id);
    out.object = kind;
    return out;
  }
  static Value pointer(std::uint64_t address) { return with(ValueKind::Pointer, address); }
  static Value string(std::string_view s) {
    Value out;
    out.kind = ValueKind::String;
    out.bytes = s;
    return out;
  }
  static Value inline_bytes(const void* data, std::size_t n) {
    Value out;
    out.kind = ValueKind::Bytes;
    out.bytes.assign(static_cast<const char*>(data), n);
    return out;
  }
  static Value blob(std::uint64_t hash, std::uint64_t size) {
    Value out = with(ValueKind::Blob, hash);
    out.size = size;
    return out;
  }
  static Value array(std::vector<Value> items) {
    Value out;
    out.kind = ValueKind::Array;
    out.items = std::move(items);
    return out;
  }
  static Value properties(std::initializer_list<std::pair<std::uint64_t, Value>> pairs) {
    Value out;
    out.kind = ValueKind::Properties;
    for (const auto& [key, value] : pairs) {
      out.items.push_back(uint(key));
      out.items.push_back(value);
    }
    return out;
  }

  std::int64_t as_int() const { return static_cast<std::int64_t>(number); }
  Handle as_handle() const { return {object, number}; }
  bool is_null() const { return kind == ValueKind::Null; }

 private:
  static Value with(ValueKind kind, std::uint64_t number) {
    Value out;
    out.kind = kind;
    out.number = number;
    return out;
  }
};

}  // namespace clvet::trace
