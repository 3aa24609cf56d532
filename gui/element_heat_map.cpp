// Drawing one argument's mismatching elements as a grid, and finding the element under a click.
#include "element_heat_map.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace clvet::gui {
namespace {

constexpr int kTitleHeight = 20;
constexpr int kMinCell = 3;  // pixels: finer grids show blocks of elements

std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return b ? (a + b - 1) / b : 0; }

QColor cellColour(double share) {
  if (share <= 0) return QColor(0xb4, 0xd8, 0xb4);  // agrees: green, plain against the window
  // One element that differs in a large block still shows.
  const double t = 0.35 + 0.65 * std::clamp(share, 0.0, 1.0);
  return QColor::fromRgbF(0.55 + 0.45 * t, 0.75 * (1 - t), 0.7 * (1 - t));
}

}  // namespace

ElementHeatMap::ElementHeatMap(QWidget* parent) : QWidget(parent) {
  setMinimumSize(160, 100);
  setToolTip(tr("each cell: elements of the argument, red where the recorded device and the reference device differ; "
                "click one for its element, work-item and values"));
}

void ElementHeatMap::clear() { setElements(0, 0, {}, false, {}); }

void ElementHeatMap::setElements(std::uint64_t elements, std::uint64_t width,
                                 std::vector<std::pair<std::uint64_t, std::uint64_t>> runs, bool truncated,
                                 const QString& title) {
  elements_ = elements;
  width_ = elements ? std::clamp<std::uint64_t>(width, 1, elements) : 0;
  runs_ = std::move(runs);
  truncated_ = truncated;
  title_ = title;
  selected_.reset();
  layOut();
  update();
}

bool ElementHeatMap::mismatching(std::uint64_t element) const {
  auto after = std::upper_bound(runs_.begin(), runs_.end(), element,
                                [](std::uint64_t e, const auto& run) { return e < run.first; });
  if (after == runs_.begin()) return false;
  --after;
  return element < after->first + after->second;
}

QRect ElementHeatMap::gridRect() const { return QRect(4, kTitleHeight + 2, width() - 8, height() - kTitleHeight - 6); }

void ElementHeatMap::layOut() {
  counts_.clear();
  across_ = down_ = 0;
  if (!elements_) return;
  const QRect grid = gridRect();
  const std::uint64_t rows = this->rows();
  const std::uint64_t most_across = std::max(1, grid.width() / kMinCell), most_down = std::max(1, grid.height() / kMinCell);
  block_w_ = ceil_div(width_, std::min(width_, most_across));
  block_h_ = ceil_div(rows, std::min(rows, most_down));
  across_ = static_cast<int>(ceil_div(width_, block_w_));
  down_ = static_cast<int>(ceil_div(rows, block_h_));
  counts_.assign(static_cast<std::size_t>(across_) * static_cast<std::size_t>(down_), 0);
  // Each run, row by row, added to the cells its columns cross.
  for (const auto& [first, count] : runs_) {
    const std::uint64_t end = std::min(first + count, elements_);
    for (std::uint64_t e = first; e < end;) {
      const std::uint64_t row = e / width_, row_end = std::min(end, (row + 1) * width_);
      const std::uint64_t c0 = e - row * width_, c1 = row_end - row * width_;
      const std::size_t y = static_cast<std::size_t>(row / block_h_);
      for (std::uint64_t x = c0 / block_w_; x * block_w_ < c1; ++x) {
        const std::uint64_t lo = std::max(c0, x * block_w_), hi = std::min(c1, (x + 1) * block_w_);
        counts_[y * static_cast<std::size_t>(across_) + static_cast<std::size_t>(x)] += hi - lo;
      }
      e = row_end;
    }
  }
}

ElementHeatMap::Cell ElementHeatMap::cell(int x, int y) const {
  Cell c;
  if (x < 0 || y < 0 || x >= across_ || y >= down_) return c;
  c.column0 = static_cast<std::uint64_t>(x) * block_w_;
  c.column1 = std::min(width_, c.column0 + block_w_);
  c.row0 = static_cast<std::uint64_t>(y) * block_h_;
  c.row1 = std::min(rows(), c.row0 + block_h_);
  for (std::uint64_t row = c.row0; row < c.row1; ++row) {
    const std::uint64_t in_row = std::min(width_, elements_ - row * width_);
    if (in_row > c.column0) c.elements += std::min(in_row, c.column1) - c.column0;
  }
  c.mismatches = counts_[static_cast<std::size_t>(y) * static_cast<std::size_t>(across_) + static_cast<std::size_t>(x)];
  return c;
}

std::uint64_t ElementHeatMap::representative(const Cell& c) const {
  const std::uint64_t start = c.row0 * width_ + c.column0;
  auto run = std::upper_bound(runs_.begin(), runs_.end(), start, [](std::uint64_t e, const auto& r) { return e < r.first; });
  if (run != runs_.begin() && std::prev(run)->first + std::prev(run)->second > start) --run;
  for (; run != runs_.end() && run->first < c.row1 * width_; ++run) {
    for (std::uint64_t e = std::max(run->first, start); e < run->first + run->second && e < c.row1 * width_;) {
      const std::uint64_t column = e % width_;
      if (column >= c.column0 && column < c.column1) return e;
      // On to this cell's columns in the next row (or this row's, when before them).
      e = column < c.column0 ? e - column + c.column0 : (e / width_ + 1) * width_ + c.column0;
    }
  }
  return start;
}

std::pair<int, int> ElementHeatMap::cellOf(std::uint64_t element) const {
  if (!width_) return {0, 0};
  return {static_cast<int>(element % width_ / block_w_), static_cast<int>(element / width_ / block_h_)};
}

QRectF ElementHeatMap::cellRect(int x, int y) const {
  if (!across_ || !down_) return {};
  const QRect grid = gridRect();
  const double w = static_cast<double>(grid.width()) / across_, h = static_cast<double>(grid.height()) / down_;
  const double cw = std::min(w, h * 4), ch = std::min(h, w * 4);  // cells no longer than 4:1
  return QRectF(grid.left() + x * cw, grid.top() + y * ch, cw, ch);
}

std::optional<std::pair<int, int>> ElementHeatMap::cellAt(QPoint point) const {
  if (!across_ || !down_) return std::nullopt;
  const QRectF first = cellRect(0, 0);
  const int x = static_cast<int>((point.x() - first.left()) / first.width()),
            y = static_cast<int>((point.y() - first.top()) / first.height());
  const QRect grid = gridRect();
  if (point.x() < grid.left() || point.y() < grid.top() || x >= across_ || y >= down_) return std::nullopt;
  if (cell(x, y).elements == 0) return std::nullopt;
  return std::make_pair(x, y);
}

void ElementHeatMap::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  p.setPen(palette().color(QPalette::Text));
  if (!elements_) {
    p.drawText(rect(), Qt::AlignCenter, tr("pick a launch's argument to see which of its elements differ"));
    return;
  }
  QString title = title_;
  if (truncated_) title += tr(" (only the first mismatch runs are listed)");
  p.drawText(QRect(4, 0, width() - 8, kTitleHeight), Qt::AlignLeft | Qt::AlignVCenter,
             fontMetrics().elidedText(title, Qt::ElideRight, width() - 8));
  const QRectF first = cellRect(0, 0);
  const bool lines = first.width() >= 6 && first.height() >= 6;
  for (int y = 0; y < down_; ++y)
    for (int x = 0; x < across_; ++x) {
      const Cell c = cell(x, y);
      if (!c.elements) continue;
      const QRectF box = cellRect(x, y);
      p.fillRect(box, cellColour(static_cast<double>(c.mismatches) / static_cast<double>(c.elements)));
      if (lines) {
        p.setPen(QColor(0xff, 0xff, 0xff));
        p.drawRect(box);
      }
    }
  if (selected_) {
    p.setPen(QPen(QColor(0x20, 0x40, 0xc0), 2));
    p.drawRect(cellRect(selected_->first, selected_->second));
  }
}

void ElementHeatMap::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  selected_.reset();
  layOut();
}

void ElementHeatMap::mousePressEvent(QMouseEvent* event) {
  const auto at = cellAt(event->position().toPoint());
  if (!at) return;
  selected_ = at;
  update();
  const Cell c = cell(at->first, at->second);
  emit elementClicked(representative(c), c.elements);
}

}  // namespace clvet::gui
