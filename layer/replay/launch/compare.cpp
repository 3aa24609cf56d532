// Element types of buffer arguments and the distance between two values of one: integers and
// unknown types exactly, floating-point types by ULP distance, NaNs by class.
#include "compare.h"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <regex>

namespace clvet::replay {
namespace {

struct Scalar {
  const char* name;
  ElementType::Base base;
  std::uint32_t size;
};

// OpenCL C's built-in scalar types (1.2 §6.1.1), with the unsigned spellings.
constexpr Scalar kScalars[] = {
    {"char", ElementType::Base::Signed, 1},     {"uchar", ElementType::Base::Unsigned, 1},
    {"unsigned char", ElementType::Base::Unsigned, 1},
    {"short", ElementType::Base::Signed, 2},    {"ushort", ElementType::Base::Unsigned, 2},
    {"unsigned short", ElementType::Base::Unsigned, 2},
    {"int", ElementType::Base::Signed, 4},      {"uint", ElementType::Base::Unsigned, 4},
    {"unsigned int", ElementType::Base::Unsigned, 4}, {"unsigned", ElementType::Base::Unsigned, 4},
    {"long", ElementType::Base::Signed, 8},     {"ulong", ElementType::Base::Unsigned, 8},
    {"unsigned long", ElementType::Base::Unsigned, 8},
    {"size_t", ElementType::Base::Unsigned, 8}, {"ptrdiff_t", ElementType::Base::Signed, 8},
    {"intptr_t", ElementType::Base::Signed, 8}, {"uintptr_t", ElementType::Base::Unsigned, 8},
    {"half", ElementType::Base::Half, 2},       {"float", ElementType::Base::Float, 4},
    {"double", ElementType::Base::Double, 8},
};

bool is_float(ElementType::Base b) {
  return b == ElementType::Base::Half || b == ElementType::Base::Float || b == ElementType::Base::Double;
}

std::uint64_t load(const char* p, std::uint32_t size) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, size);  // little-endian host, as the devices' buffers are
  return v;
}

bool is_nan(std::uint64_t bits, std::uint32_t size) {
  const int mantissa = size == 2 ? 10 : size == 4 ? 23 : 52;
  const int exponent = size * 8 - 1 - mantissa;
  const std::uint64_t e = (bits >> mantissa) & ((std::uint64_t{1} << exponent) - 1);
  const std::uint64_t m = bits & ((std::uint64_t{1} << mantissa) - 1);
  return e == (std::uint64_t{1} << exponent) - 1 && m != 0;
}

bool is_infinite(std::uint64_t bits, std::uint32_t size) {
  const int mantissa = size == 2 ? 10 : size == 4 ? 23 : 52;
  const int exponent = size * 8 - 1 - mantissa;
  const std::uint64_t e = (bits >> mantissa) & ((std::uint64_t{1} << exponent) - 1);
  const std::uint64_t m = bits & ((std::uint64_t{1} << mantissa) - 1);
  return e == (std::uint64_t{1} << exponent) - 1 && m == 0;
}

// A subnormal, or zero: what a device that flushes denormals to zero may give for one
// (OpenCL C 1.2 §7.5.3).
bool is_tiny(std::uint64_t bits, std::uint32_t size) {
  const int mantissa = size == 2 ? 10 : size == 4 ? 23 : 52;
  const int exponent = size * 8 - 1 - mantissa;
  return ((bits >> mantissa) & ((std::uint64_t{1} << exponent) - 1)) == 0;
}

std::uint64_t magnitude(std::uint64_t bits, std::uint32_t size) {
  return bits & ((std::uint64_t{1} << (size * 8 - 1)) - 1);
}

// Element `i` (ascending) joins the last run when adjacent, or opens a new one while there is room.
void add_mismatch_run(ArgumentDiff& d, std::uint64_t i) {
  if (!d.mismatch_runs.empty() && d.mismatch_runs.back().first + d.mismatch_runs.back().second == i) {
    ++d.mismatch_runs.back().second;
    return;
  }
  if (d.mismatch_runs.size() == ArgumentDiff::kMaxMismatchRuns) {
    d.runs_truncated = true;
    return;
  }
  d.mismatch_runs.emplace_back(i, 1);
}

}  // namespace

double half_to_double(std::uint16_t h) {
  const int sign = h >> 15, exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  double v;
  if (exponent == 0) v = std::ldexp(mantissa, -24);
  else if (exponent == 31) v = mantissa ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else v = std::ldexp(mantissa + 1024, exponent - 25);
  return sign ? -v : v;
}

double to_double(std::uint64_t bits, const ElementType& type) {
  switch (type.base) {
    case ElementType::Base::Half: return half_to_double(static_cast<std::uint16_t>(bits));
    case ElementType::Base::Float: return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
    case ElementType::Base::Double: return std::bit_cast<double>(bits);
    case ElementType::Base::Signed: {
      const int shift = 64 - static_cast<int>(type.scalar_size) * 8;
      return static_cast<double>(static_cast<std::int64_t>(bits << shift) >> shift);
    }
    default: return static_cast<double>(bits);
  }
}

std::string format_element(std::uint64_t bits, const ElementType& type) {
  switch (type.base) {
    case ElementType::Base::Half:
    case ElementType::Base::Float:
    case ElementType::Base::Double:
      return fmt::format("{:.9g} (0x{:0{}x})", to_double(bits, type), bits, type.scalar_size * 2);
    case ElementType::Base::Signed:
      return fmt::format("{}", static_cast<std::int64_t>(to_double(bits, type)));
    case ElementType::Base::Unsigned: return fmt::format("{}", bits);
    default: return fmt::format("0x{:02x}", bits);
  }
}

ElementType element_type(const std::string& type_name) {
  static const std::regex qualifiers(
      R"(\b(const|volatile|restrict|__global|global|__constant|constant|__read_only|__write_only)\b)");
  std::string name = std::regex_replace(type_name, qualifiers, " ");
  while (!name.empty() && (name.back() == '*' || name.back() == ' ')) name.pop_back();
  while (!name.empty() && name.front() == ' ') name.erase(0, 1);
  ElementType t;
  t.name = name;
  if (name.find('*') != std::string::npos) return t;  // a pointer stored in a buffer: its bytes
  static const std::regex vector(R"(^([a-z_ ]+?)(2|3|4|8|16)?$)");
  std::smatch m;
  if (!std::regex_match(name, m, vector)) return t;
  for (const Scalar& s : kScalars) {
    if (m[1].str() != s.name) continue;
    t.base = s.base;
    t.scalar_size = s.size;
    const std::uint32_t n = m[2].matched ? static_cast<std::uint32_t>(std::stoul(m[2].str())) : 1;
    t.lanes = n == 3 ? 4 : n;  // a 3-component vector occupies four (1.2 §6.1.5)
    return t;
  }
  return t;
}

std::vector<std::string> parameter_types(const std::string& source, const std::string& kernel) {
  static const std::regex comments(R"(//[^\n]*|/\*[\s\S]*?\*/)");
  const std::string code = std::regex_replace(source, comments, " ");
  const std::regex definition("\\b(__kernel|kernel)\\b[^;{]*?\\bvoid\\s+" + kernel + "\\s*\\(([^)]*)\\)");
  std::smatch m;
  if (!std::regex_search(code, m, definition)) return {};
  std::vector<std::string> types;
  const std::string list = m[2].str();
  static const std::regex last_name(R"(\s*\b[A-Za-z_][A-Za-z_0-9]*\s*$)");
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t end = list.find(',', start);
    if (end == std::string::npos) end = list.size();
    std::string parameter = list.substr(start, end - start);
    // "global const float4 *x" -> "global const float4 *": the type without its name.
    std::string type = std::regex_replace(parameter, last_name, "");
    type = std::regex_replace(type, std::regex(R"(\s*\*\s*)"), "*");
    type = std::regex_replace(type, std::regex(R"(^\s+|\s+$)"), "");
    if (!type.empty()) types.push_back(type);
    start = end + 1;
  }
  return types;
}

double ulp_distance(std::uint64_t a, std::uint64_t b, std::uint32_t size) {
  const bool nan_a = is_nan(a, size), nan_b = is_nan(b, size);
  if (nan_a || nan_b) return nan_a && nan_b ? 0 : std::numeric_limits<double>::infinity();
  if (a == b) return 0;
  if (is_infinite(a, size) || is_infinite(b, size)) return std::numeric_limits<double>::infinity();
  if (is_tiny(a, size) && is_tiny(b, size) && (magnitude(a, size) == 0 || magnitude(b, size) == 0))
    return 0;  // a denormal flushed to zero
  const std::uint64_t sign = std::uint64_t{1} << (size * 8 - 1);
  auto ordered = [&](std::uint64_t bits) {
    const auto m = static_cast<std::int64_t>(magnitude(bits, size));
    return (bits & sign) ? -m : m;  // -0 and +0 both 0
  };
  const std::int64_t x = ordered(a), y = ordered(b);
  return static_cast<double>(x > y ? static_cast<std::uint64_t>(x - y) : static_cast<std::uint64_t>(y - x));
}

ArgumentDiff compare_buffers(const std::string& device, const std::string& reference,
                             const ElementType& type, const Tolerance& tolerance,
                             const std::function<void(std::uint64_t, Mismatch&)>& writer_of) {
  ArgumentDiff d;
  d.type = type.name;
  d.tolerance = tolerance;
  const std::uint32_t size = type.scalar_size;
  const std::size_t common = std::min(device.size(), reference.size()) / size;
  const bool floating = is_float(type.base);
  d.floating = floating;
  for (std::size_t i = 0; i < common; ++i) {
    const std::uint64_t a = load(device.data() + i * size, size);
    const std::uint64_t b = load(reference.data() + i * size, size);
    ++d.compared;
    if (a == b) continue;
    bool agree = false;
    double ulp = 0;
    if (floating) {
      ulp = ulp_distance(a, b, size);
      if (!std::isinf(ulp)) d.max_ulp = std::max(d.max_ulp, ulp);
      const double x = to_double(a, type), y = to_double(b, type);
      const double gap = std::fabs(x - y);
      agree = ulp <= tolerance.ulp || (tolerance.abs > 0 && gap <= tolerance.abs) ||
              (tolerance.rel > 0 && gap <= tolerance.rel * std::fabs(y));
    }
    if (agree) continue;
    add_mismatch_run(d, i);
    if (d.mismatches++ == 0) {
      Mismatch m;
      m.element = i;
      m.device = format_element(a, type);
      m.reference = format_element(b, type);
      m.ulp = ulp;
      writer_of(i, m);
      d.first = std::move(m);
    }
  }
  if (device.size() != reference.size()) {
    // Counted once, at the first element past the shorter buffer.
    add_mismatch_run(d, common);
    d.mismatches += 1;
    if (!d.first) {
      Mismatch m;
      m.element = common;
      m.device = fmt::format("{} bytes in all", device.size());
      m.reference = fmt::format("{} bytes in all", reference.size());
      d.first = std::move(m);
    }
  }
  return d;
}

}  // namespace clvet::replay
