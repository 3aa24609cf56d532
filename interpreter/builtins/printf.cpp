// printf (OpenCL C 1.2 §6.12.13): the format string read from constant memory through access(),
// parsed by the spec's grammar (flags, width, precision, vector specifier, length modifier,
// conversion), each value converted with the host's snprintf; a vector's components one by one,
// separated by commas. Arguments carry their LLVM types only, so the conversion decides
// signedness and the length modifier the width an integer is printed at.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

enum class Length : std::uint8_t { None, hh, h, hl, l };

struct Conversion {
  std::string flags;
  bool has_width = false, width_from_argument = false;
  int width = 0;
  bool has_precision = false, precision_from_argument = false;
  int precision = 0;
  unsigned vector = 0;  // 0: not a vector
  Length length = Length::None;
  char specifier = 0;
};

// Larger fields are surely a mistake, and would only make us allocate.
constexpr int kMaxField = 1 << 16;

bool is_integer_conversion(char c) {
  return std::strchr("diouxX", c) != nullptr;
}
bool is_float_conversion(char c) {
  return std::strchr("aAeEfFgG", c) != nullptr;
}

bool read_number(std::string_view f, std::size_t& i, int& n) {
  n = 0;
  while (i < f.size() && f[i] >= '0' && f[i] <= '9') {
    n = n * 10 + (f[i++] - '0');
    if (n > kMaxField) return false;
  }
  return true;
}

// Parses the conversion specification after a '%' at f[i]; false when it is not one the spec
// defines (reserved length modifiers, n, unknown conversions, a vector without length, ...).
bool parse(std::string_view f, std::size_t& i, Conversion& c) {
  while (i < f.size() && std::strchr("-+ #0", f[i]) != nullptr && f[i] != '\0') c.flags += f[i++];
  if (i < f.size() && f[i] == '*') {
    c.has_width = c.width_from_argument = true;
    ++i;
  } else if (i < f.size() && f[i] >= '1' && f[i] <= '9') {
    c.has_width = true;
    if (!read_number(f, i, c.width)) return false;
  }
  if (i < f.size() && f[i] == '.') {
    ++i;
    c.has_precision = true;
    if (i < f.size() && f[i] == '*') {
      c.precision_from_argument = true;
      ++i;
    } else if (!read_number(f, i, c.precision)) {
      return false;
    }
  }
  if (i < f.size() && f[i] == 'v') {
    ++i;
    int n = 0;
    if (!read_number(f, i, n)) return false;
    if (n != 2 && n != 3 && n != 4 && n != 8 && n != 16) return false;
    c.vector = unsigned(n);
  }
  if (f.substr(i, 2) == "hh") {
    c.length = Length::hh, i += 2;
  } else if (f.substr(i, 2) == "hl") {
    c.length = Length::hl, i += 2;
  } else if (f.substr(i, 2) == "ll") {
    return false;  // reserved (§6.12.13.3)
  } else if (i < f.size() && f[i] == 'h') {
    c.length = Length::h, ++i;
  } else if (i < f.size() && f[i] == 'l') {
    c.length = Length::l, ++i;
  }
  if (i >= f.size()) return false;
  c.specifier = f[i++];
  const char s = c.specifier;
  if (s == '%') {
    // "The complete conversion specification shall be %%."
    return c.flags.empty() && !c.has_width && !c.has_precision && !c.vector &&
           c.length == Length::None;
  }
  const bool integer = is_integer_conversion(s), floating = is_float_conversion(s);
  if (!integer && !floating && s != 'c' && s != 's' && s != 'p') return false;  // n, j, z, t, L..
  if (c.vector) {
    // "The length modifier is required with a vector specifier"; hh only for integers.
    if (!integer && !floating) return false;
    if (c.length == Length::None || (floating && c.length == Length::hh)) return false;
    return true;
  }
  // "hl: This modifier can only be used with the vector specifier."
  if (c.length == Length::hl) return false;
  if (floating) return c.length == Length::None || c.length == Length::l;  // C99: l is a no-op
  if (!integer) return c.length == Length::None && (s == 's' || !c.has_precision);
  return true;
}

// The snprintf conversion specification for one value, flags kept only where C defines them.
std::string host_spec(const Conversion& c, int width, int precision, bool has_precision,
                      std::string_view length, char specifier) {
  std::string allowed = "-";
  if (is_integer_conversion(specifier))
    allowed = specifier == 'd' || specifier == 'i' ? "-+ 0" : "-#0";
  if (is_float_conversion(specifier)) allowed = "-+ #0";
  std::string spec = "%";
  for (char f : c.flags)
    if (allowed.find(f) != std::string::npos) spec += f;
  if (width > 0) spec += std::to_string(width);
  if (has_precision) spec += "." + std::to_string(precision);
  spec += length;
  spec += specifier;
  return spec;
}

template <class T>
bool append(std::string& out, const std::string& spec, T value) {
  const int n = std::snprintf(nullptr, 0, spec.c_str(), value);
  if (n < 0) return false;
  const std::size_t at = out.size();
  out.resize(at + std::size_t(n) + 1);
  std::snprintf(out.data() + at, std::size_t(n) + 1, spec.c_str(), value);
  out.resize(at + std::size_t(n));
  return true;
}

double half_to_double(std::uint16_t h) {
  const int sign = h >> 15, exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  double v;
  if (exponent == 0) {
    v = mantissa * 0x1p-24;  // zero and subnormals
  } else if (exponent == 31) {
    v = mantissa ? __builtin_nan("") : __builtin_inf();
  } else {
    v = (1024 + mantissa) * 0x1p-10;
    for (int e = exponent - 15; e > 0; --e) v *= 2;
    for (int e = exponent - 15; e < 0; ++e) v /= 2;
  }
  return sign ? -v : v;
}

// An integer component as stored (zero-extended), and a floating one as a double.
std::uint64_t integer_component(const Operand& op, std::uint32_t lane, unsigned k) {
  switch (scalar_size(op.scalar)) {
    case 1:
      return op.get<std::uint8_t>(lane, k);
    case 2:
      return op.get<std::uint16_t>(lane, k);
    case 4:
      return op.get<std::uint32_t>(lane, k);
    default:
      return op.get<std::uint64_t>(lane, k);
  }
}

double float_component(const Operand& op, std::uint32_t lane, unsigned k) {
  switch (op.scalar) {
    case Scalar::Half:
      return half_to_double(op.get<std::uint16_t>(lane, k));
    case Scalar::Float:
      return op.get<float>(lane, k);
    default:
      return op.get<double>(lane, k);
  }
}

std::size_t length_bytes(Length l) {
  switch (l) {
    case Length::hh:
      return 1;
    case Length::h:
      return 2;
    case Length::l:
      return 8;
    default:
      return 4;
  }
}

Scalar float_for_length(Length l) {
  if (l == Length::h) return Scalar::Half;
  if (l == Length::hl) return Scalar::Float;
  return Scalar::Double;
}

// One printf call for one work-item.
class Printer {
 public:
  Printer(const BuiltinCall& call, std::uint32_t lane) : call_(call), lane_(lane) {}

  // The formatted text, or false when the format is malformed or does not match the arguments.
  bool run(std::string& out) {
    std::string format;
    if (!read_string(call_.args[0], format, -1)) return false;
    std::string_view f = format;
    for (std::size_t i = 0; i < f.size();) {
      if (f[i] != '%') {
        out += f[i++];
        continue;
      }
      ++i;
      Conversion c;
      if (!parse(f, i, c)) return false;
      if (c.specifier == '%') {
        out += '%';
        continue;
      }
      if (!convert(c, out)) return false;
    }
    return true;
  }

 private:
  const Operand* next_argument() {
    if (next_ >= call_.arg_count) return nullptr;  // "insufficient arguments": refused
    return &call_.args[next_++];
  }

  // A literal string in constant memory, read a byte at a time through access(), up to its
  // terminating NUL or `limit` bytes (negative: no limit).
  bool read_string(const Operand& op, std::string& s, int limit) {
    if (!op.pointer || op.address_space != kConstant) return false;
    const char* p = reinterpret_cast<const char*>(op.get<std::uint64_t>(lane_));
    constexpr std::size_t kMaxLength = 1 << 20;
    for (std::size_t i = 0; limit < 0 || i < std::size_t(limit); ++i) {
      if (i == kMaxLength) return false;
      if (!call_.context->access(lane_, p + i, 1, Access::Read, kConstant)) return false;
      if (p[i] == '\0') return true;
      s += p[i];
    }
    return true;
  }

  bool int_argument(int& v) {
    const Operand* op = next_argument();
    if (!op || op->pointer || is_float(op->scalar) || op->width != 1) return false;
    v = int(std::int32_t(std::uint32_t(integer_component(*op, lane_, 0))));
    return true;
  }

  bool convert(const Conversion& c, std::string& out) {
    int width = c.width, precision = c.precision;
    bool has_precision = c.has_precision;
    Conversion spec = c;
    if (c.width_from_argument) {
      if (!int_argument(width)) return false;
      // "A negative field width argument is taken as a - flag followed by a positive width."
      if (width < 0) {
        spec.flags += '-';
        width = width == INT32_MIN ? kMaxField + 1 : -width;
      }
    }
    if (c.precision_from_argument) {
      if (!int_argument(precision)) return false;
      if (precision < 0) has_precision = false;  // "taken as if the precision were omitted"
    }
    if (width > kMaxField || precision > kMaxField) return false;
    const Operand* op = next_argument();
    if (!op) return false;
    const char s = c.specifier;

    if (s == 's') {
      std::string text;
      if (!read_string(*op, text, has_precision ? precision : -1)) return false;
      return append(out, host_spec(spec, width, precision, has_precision, "", 's'), text.c_str());
    }
    if (s == 'p') {
      if (!op->pointer) return false;
      return append(out, host_spec(spec, width, 0, false, "", 'p'),
                    reinterpret_cast<const void*>(op->get<std::uint64_t>(lane_)));
    }
    if (op->pointer) return false;
    if (s == 'c') {
      if (is_float(op->scalar) || op->width != 1) return false;
      return append(out, host_spec(spec, width, 0, false, "", 'c'),
                    int(std::uint8_t(integer_component(*op, lane_, 0))));
    }

    const bool floating = is_float_conversion(s);
    if (floating != is_float(op->scalar)) return false;
    const unsigned components = c.vector ? c.vector : 1;
    if (op->width != components) return false;
    // "The vector data type described by the vector specifier and length modifier must match
    // the data type of the argument."
    if (c.vector) {
      if (floating && op->scalar != float_for_length(c.length)) return false;
      if (!floating && scalar_size(op->scalar) != length_bytes(c.length)) return false;
    }
    const std::string host =
        host_spec(spec, width, precision, has_precision, floating ? "" : "ll", s);
    for (unsigned k = 0; k < components; ++k) {
      if (k > 0) out += ',';
      if (floating) {
        if (!append(out, host, float_component(*op, lane_, k))) return false;
        continue;
      }
      // Scalars arrive promoted: hh and h convert back to char and short before printing.
      const std::size_t bytes = length_bytes(c.length);
      std::uint64_t v = integer_component(*op, lane_, k);
      if (bytes < 8) v &= (std::uint64_t(1) << (8 * bytes)) - 1;
      if (s == 'd' || s == 'i') {
        std::int64_t signed_value = std::int64_t(v);
        if (bytes < 8 && (v >> (8 * bytes - 1)) != 0)
          signed_value -= std::int64_t(1) << (8 * bytes);
        if (!append(out, host, static_cast<long long>(signed_value))) return false;
      } else if (!append(out, host, static_cast<unsigned long long>(v))) {
        return false;
      }
    }
    return true;
  }

  const BuiltinCall& call_;
  std::uint32_t lane_;
  std::uint32_t next_ = 1;
};

// "printf returns 0 if it was executed successfully and -1 otherwise." A failed call prints
// nothing.
void printf_builtin(const BuiltinCall& call) {
  call.lanes.for_each([&](std::uint32_t l) {
    std::string out;
    const bool ok = call.arg_count > 0 && Printer(call, l).run(out);
    if (ok) call.context->print(l, out);
    if (call.result.base) call.result.set<std::int32_t>(l, 0, ok ? 0 : -1);
  });
}

BuiltinFn resolve_printf(const Signature& s) {
  return s.result_element_size == 4 ? &printf_builtin : nullptr;
}

}  // namespace

void register_printf_builtins(BuiltinRegistry& r) {
  r.add("printf", resolve_printf);
}

}  // namespace clvet::interp
