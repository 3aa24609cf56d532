// Parsing buffer format strings and reading typed values out of bytes.
#include "buffer_format.h"

#include <QRegularExpression>

#include <cmath>
#include <cstring>

namespace clvet::gui {
namespace {

struct TypeName {
  const char* name;
  Scalar scalar;
};
constexpr TypeName kTypes[] = {
    {"char", Scalar::Char},     {"uchar", Scalar::UChar},   {"short", Scalar::Short},
    {"ushort", Scalar::UShort}, {"int", Scalar::Int},       {"uint", Scalar::UInt},
    {"long", Scalar::Long},     {"ulong", Scalar::ULong},   {"half", Scalar::Half},
    {"float", Scalar::Float},   {"double", Scalar::Double}, {"byte", Scalar::UChar},
    {"unsigned", Scalar::UInt}, {"bool", Scalar::UChar}};

const char* kComponents = "xyzw";

double half_to_double(std::uint16_t h) {
  const int exponent = (h >> 10) & 0x1f;
  const int mantissa = h & 0x3ff;
  const double sign = (h & 0x8000) ? -1.0 : 1.0;
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  if (exponent == 31) return mantissa ? NAN : sign * INFINITY;
  return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

}  // namespace

std::uint32_t scalar_size(Scalar s) {
  switch (s) {
    case Scalar::Char: case Scalar::UChar: return 1;
    case Scalar::Short: case Scalar::UShort: case Scalar::Half: return 2;
    case Scalar::Int: case Scalar::UInt: case Scalar::Float: return 4;
    case Scalar::Long: case Scalar::ULong: case Scalar::Double: return 8;
  }
  return 1;
}

std::optional<BufferFormat> BufferFormat::parse(const QString& text, QString& error) {
  BufferFormat format;
  static const QRegularExpression member(
      QStringLiteral("^([A-Za-z_]+?)(2|3|4|8|16)?(?:\\s+([A-Za-z_][A-Za-z0-9_]*))?\\s*(?:\\[\\s*([0-9]+)\\s*\\])?$"));
  std::uint32_t offset = 0, largest = 1;
  for (QString part : text.split(QLatin1Char(';'))) {
    part = part.trimmed();
    if (part.isEmpty()) continue;
    const QRegularExpressionMatch m = member.match(part);
    if (!m.hasMatch()) {
      error = QStringLiteral("\"%1\" is not a member like \"float4 pos\"").arg(part);
      return std::nullopt;
    }
    const QString type = m.captured(1);
    const TypeName* found = nullptr;
    for (const TypeName& t : kTypes)
      if (type == QLatin1String(t.name)) found = &t;
    if (!found) {
      error = QStringLiteral("\"%1\" is not an OpenCL C scalar type (char, uchar, short, ushort, int, uint, long, ulong, half, float, double)").arg(type);
      return std::nullopt;
    }
    FormatField field;
    field.scalar = found->scalar;
    field.width = m.captured(2).isEmpty() ? 1 : m.captured(2).toInt();
    field.count = m.captured(4).isEmpty() ? 1 : m.captured(4).toInt();
    field.name = m.captured(3);  // may be empty: "float" alone
    if (field.count < 1 || field.count > 65536) {
      error = QStringLiteral("\"%1\": array length out of range").arg(part);
      return std::nullopt;
    }
    // OpenCL C §6.1.5: a vector of 3 is the size and alignment of a vector of 4.
    const std::uint32_t vector_size = scalar_size(field.scalar) * static_cast<std::uint32_t>(field.width == 3 ? 4 : field.width);
    offset = (offset + vector_size - 1) / vector_size * vector_size;
    field.offset = offset;
    offset += vector_size * static_cast<std::uint32_t>(field.count);
    largest = std::max(largest, vector_size);
    for (int i = 0; i < field.count; ++i) {
      for (int c = 0; c < field.width; ++c) {
        QString name = field.name;
        if (field.count > 1) name += QStringLiteral("[%1]").arg(i);
        if (field.width > 1)
          name += field.width <= 4 ? QStringLiteral(".%1").arg(QLatin1Char(kComponents[c])) : QStringLiteral(".s%1").arg(c, 0, 16);
        if (name.isEmpty()) name = QString::fromLatin1(type.toLatin1());
        format.names_ << name;
        format.columns_.push_back({field.scalar, field.offset + static_cast<std::uint32_t>(i) * vector_size +
                                                     static_cast<std::uint32_t>(c) * scalar_size(field.scalar)});
      }
    }
    format.fields.push_back(field);
  }
  if (format.fields.empty()) {
    error = QStringLiteral("the format names no member (e.g. \"float4 pos; int id;\")");
    return std::nullopt;
  }
  format.stride = (offset + largest - 1) / largest * largest;
  return format;
}

std::pair<std::uint32_t, std::uint32_t> BufferFormat::span(int column) const {
  if (column < 0 || column >= columnCount()) return {0, 0};
  const Column& c = columns_[static_cast<std::size_t>(column)];
  return {c.offset, scalar_size(c.scalar)};
}

QStringList BufferFormat::columnNames() const { return names_; }
int BufferFormat::columnCount() const { return static_cast<int>(columns_.size()); }

std::optional<double> BufferFormat::number(std::string_view bytes, std::uint64_t element_offset, int column) const {
  if (column < 0 || column >= columnCount()) return std::nullopt;
  const Column& c = columns_[static_cast<std::size_t>(column)];
  const std::uint64_t at = element_offset + c.offset;
  const std::uint32_t size = scalar_size(c.scalar);
  if (at + size > bytes.size()) return std::nullopt;
  unsigned char raw[8] = {};
  std::memcpy(raw, bytes.data() + at, size);
  auto as = [&raw]<typename T>(T) {
    T v;
    std::memcpy(&v, raw, sizeof v);
    return v;
  };
  switch (c.scalar) {
    case Scalar::Char: return as(std::int8_t{});
    case Scalar::UChar: return as(std::uint8_t{});
    case Scalar::Short: return as(std::int16_t{});
    case Scalar::UShort: return as(std::uint16_t{});
    case Scalar::Int: return as(std::int32_t{});
    case Scalar::UInt: return as(std::uint32_t{});
    case Scalar::Long: return static_cast<double>(as(std::int64_t{}));
    case Scalar::ULong: return static_cast<double>(as(std::uint64_t{}));
    case Scalar::Half: return half_to_double(as(std::uint16_t{}));
    case Scalar::Float: return as(float{});
    case Scalar::Double: return as(double{});
  }
  return std::nullopt;
}

QString BufferFormat::value(std::string_view bytes, std::uint64_t element_offset, int column) const {
  const std::optional<double> v = number(bytes, element_offset, column);
  if (!v) return {};
  const Column& c = columns_[static_cast<std::size_t>(column)];
  const std::uint64_t at = element_offset + c.offset;
  switch (c.scalar) {
    case Scalar::Long: {
      std::int64_t i;
      std::memcpy(&i, bytes.data() + at, 8);
      return QString::number(i);
    }
    case Scalar::ULong: {
      std::uint64_t u;
      std::memcpy(&u, bytes.data() + at, 8);
      return QString::number(u);
    }
    case Scalar::Half:
    case Scalar::Float: return QString::number(*v, 'g', 7);
    case Scalar::Double: return QString::number(*v, 'g', 15);
    default: return QString::number(static_cast<std::int64_t>(*v));
  }
}

}  // namespace clvet::gui
