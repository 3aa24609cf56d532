// A buffer's bytes as typed columns, from a format string in OpenCL C's words, as RenderDoc's
// buffer viewer takes one: "float4 pos; int id;" is an array of that struct, laid out as the
// OpenCL C compiler lays it out (each member aligned to its size, 3-vectors as 4, §6.1.5).
#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace clvet::gui {

enum class Scalar { Char, UChar, Short, UShort, Int, UInt, Long, ULong, Half, Float, Double };

struct FormatField {
  QString name;
  Scalar scalar = Scalar::Float;
  int width = 1;       // vector width: 1, 2, 3, 4, 8, 16
  int count = 1;       // array length ("float w[3];")
  std::uint32_t offset = 0;  // from the start of the element
};

struct BufferFormat {
  std::vector<FormatField> fields;
  std::uint32_t stride = 0;  // bytes per element, alignment padding included

  // nullopt and `error` (naming the word at fault) when `text` is not a format.
  static std::optional<BufferFormat> parse(const QString& text, QString& error);
  // One column per scalar component: "pos.x", "pos.y", ..., "w[2]", "id".
  QStringList columnNames() const;
  int columnCount() const;
  // Column `column` of the element at `element_offset`, read from `bytes`; empty when the
  // bytes are not there.
  QString value(std::string_view bytes, std::uint64_t element_offset, int column) const;
  // The same as a number, for plots; nullopt when the bytes are not there.
  std::optional<double> number(std::string_view bytes, std::uint64_t element_offset, int column) const;
  // Where column `column` lies in an element: its offset and size in bytes.
  std::pair<std::uint32_t, std::uint32_t> span(int column) const;

 private:
  struct Column {
    Scalar scalar;
    std::uint32_t offset;
  };
  std::vector<Column> columns_;
  QStringList names_;
};

std::uint32_t scalar_size(Scalar s);

}  // namespace clvet::gui
