// One kernel argument's elements as a grid, the ones that differ between the recorded device
// and the reference device marked (`clvet diff`'s mismatch runs): laid out by the launch's
// global size when the NDRange is 2D and the argument has an element (or a few) per work-item,
// else wrapped at a width that keeps the grid near square. A grid too fine for the widget's
// pixels shows blocks of elements, each as red as the share of its elements that differ.
#pragma once

#include <QWidget>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace clvet::gui {

class ElementHeatMap : public QWidget {
  Q_OBJECT

 public:
  explicit ElementHeatMap(QWidget* parent = nullptr);
  // `runs`: [first, count] ranges of mismatching elements, ascending. `width`: elements a row.
  void setElements(std::uint64_t elements, std::uint64_t width, std::vector<std::pair<std::uint64_t, std::uint64_t>> runs,
                   bool truncated, const QString& title);
  void clear();
  std::uint64_t elements() const { return elements_; }
  std::uint64_t columns() const { return width_; }  // elements a row
  std::uint64_t rows() const { return width_ ? (elements_ + width_ - 1) / width_ : 0; }
  bool mismatching(std::uint64_t element) const;
  // The elements a drawn cell covers ([first row, last row) x [first column, last column)),
  // the grid's cells across and down at the widget's size, and the mismatches in one cell.
  struct Cell {
    std::uint64_t row0 = 0, row1 = 0, column0 = 0, column1 = 0;
    std::uint64_t mismatches = 0;
    std::uint64_t elements = 0;
  };
  int cellsAcross() const { return across_; }
  int cellsDown() const { return down_; }
  Cell cell(int x, int y) const;
  // The drawn cell under a point of the widget, if any; the cell an element is in, and where
  // a cell is drawn.
  std::optional<std::pair<int, int>> cellAt(QPoint point) const;
  std::pair<int, int> cellOf(std::uint64_t element) const;
  QRectF cellRect(int x, int y) const;
  // The first element of a cell that differs, else its first element.
  std::uint64_t representative(const Cell& cell) const;
  QSize sizeHint() const override { return {420, 260}; }

 signals:
  // A click on a cell: its element that differs first (or its first), and the cell.
  void elementClicked(std::uint64_t element, std::uint64_t cellElements);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  void layOut();
  QRect gridRect() const;

  std::uint64_t elements_ = 0, width_ = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> runs_;
  bool truncated_ = false;
  QString title_;
  int across_ = 0, down_ = 0;
  std::uint64_t block_w_ = 1, block_h_ = 1;  // elements a cell covers across and down
  std::vector<std::uint64_t> counts_;       // mismatches per drawn cell, row-major
  std::optional<std::pair<int, int>> selected_;
};

}  // namespace clvet::gui
