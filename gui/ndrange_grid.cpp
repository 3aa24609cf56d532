// Painting an NDRange with its marked work-items.
#include "ndrange_grid.h"

#include <QPainter>

#include <algorithm>

namespace clvet::gui {

NDRangeGrid::NDRangeGrid(QWidget* parent) : QWidget(parent) { setMinimumSize(240, 160); }

void NDRangeGrid::setNDRange(std::array<std::uint64_t, 3> global, std::array<std::uint64_t, 3> local) {
  for (int d = 0; d < 3; ++d) {
    global_[d] = std::max<std::uint64_t>(global[d], 1);
    local_[d] = local[d] ? std::min(local[d], global_[d]) : global_[d];
  }
  update();
}

std::array<std::uint64_t, 3> NDRangeGrid::groups() const {
  return {(global_[0] + local_[0] - 1) / local_[0], (global_[1] + local_[1] - 1) / local_[1],
          (global_[2] + local_[2] - 1) / local_[2]};
}

void NDRangeGrid::setFinding(const reports::Finding* finding) {
  marked_.clear();
  caption_.clear();
  if (finding && finding->kernel) {
    const reports::KernelEvidence& k = *finding->kernel;
    auto mark = [this](const std::optional<reports::WorkItemIds>& ids) {
      if (ids) marked_.push_back({ids->global[0], ids->global[1], ids->global[2]});
    };
    mark(k.at.work_item);
    if (k.other) mark(k.other->work_item);
    caption_ = QStringLiteral("%1 in %2, line %3").arg(QString::fromStdString(std::string(reports::to_string(k.kind))), QString::fromStdString(k.kernel)).arg(k.at.line);
    if (k.other && k.other->line) caption_ += tr(" and line %1").arg(k.other->line);
  }
  update();
}

void NDRangeGrid::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  const auto g = groups();
  const QRect area = rect().adjusted(8, 44, -8, -8);
  p.setPen(palette().color(QPalette::Text));
  p.drawText(QRect(8, 2, width() - 16, 20), Qt::AlignLeft | Qt::AlignVCenter,
             tr("NDRange %1 x %2 x %3, work-groups of %4 x %5 x %6")
                 .arg(global_[0]).arg(global_[1]).arg(global_[2]).arg(local_[0]).arg(local_[1]).arg(local_[2]));
  p.setPen(QColor(0xb0, 0x10, 0x10));
  p.drawText(QRect(8, 22, width() - 16, 20), Qt::AlignLeft | Qt::AlignVCenter, caption_);
  p.setPen(palette().color(QPalette::Text));
  // A 1-D range is drawn a work-group per row; otherwise x across and y (then z) down.
  const bool one_d = global_[1] * global_[2] == 1 && g[0] > 1;
  // Every work-item a cell when they fit; else one cell per work-group.
  const std::uint64_t columns = one_d ? local_[0] : global_[0], rows = one_d ? g[0] : global_[1] * global_[2];
  const bool per_item = columns <= static_cast<std::uint64_t>(area.width() / 3) && rows <= static_cast<std::uint64_t>(area.height() / 3);
  const std::uint64_t cols = per_item ? columns : (one_d ? 1 : g[0]), rws = per_item ? rows : (one_d ? g[0] : g[1] * g[2]);
  const double cw = static_cast<double>(area.width()) / static_cast<double>(cols);
  const double ch = std::min(static_cast<double>(area.height()) / static_cast<double>(rws), std::max(cw * 1.5, 12.0));
  auto cell = [&](std::uint64_t x, std::uint64_t y) {
    return QRectF(area.left() + x * cw, area.top() + y * ch, cw, ch);
  };
  for (std::uint64_t y = 0; y < rws && y < 4096; ++y)
    for (std::uint64_t x = 0; x < cols && x < 4096; ++x) {
      const std::uint64_t gx = one_d ? 0 : per_item ? x / local_[0] : x;
      const std::uint64_t gy = one_d ? y : per_item ? (y % global_[1]) / local_[1] : y % g[1];
      const bool shade = (gx + gy) % 2;
      p.fillRect(cell(x, y), shade ? QColor(0xdd, 0xe6, 0xf4) : QColor(0xf4, 0xf7, 0xfc));
    }
  // Work-item borders, faint, where every work-item has a cell of its own.
  if (per_item && cw >= 4) {
    p.setPen(QPen(QColor(0xb8, 0xc4, 0xd8), 1));
    for (std::uint64_t x = 0; x <= cols; ++x) p.drawLine(QPointF(area.left() + x * cw, area.top()), QPointF(area.left() + x * cw, area.top() + rws * ch));
  }
  // Work-group borders.
  p.setPen(QPen(QColor(0x60, 0x70, 0x90), 1));
  const std::uint64_t gw = one_d ? cols : per_item ? local_[0] : 1, gh = one_d ? 1 : per_item ? local_[1] : 1;
  for (std::uint64_t x = 0; x <= cols; x += gw) p.drawLine(QPointF(area.left() + x * cw, area.top()), QPointF(area.left() + x * cw, area.top() + rws * ch));
  for (std::uint64_t y = 0; y <= rws; y += gh) p.drawLine(QPointF(area.left(), area.top() + y * ch), QPointF(area.left() + cols * cw, area.top() + y * ch));
  // The finding's lanes: red for its own access, orange for the other side of a race.
  for (std::size_t i = 0; i < marked_.size(); ++i) {
    const auto& m = marked_[i];
    std::uint64_t x = per_item ? m[0] : m[0] / local_[0];
    std::uint64_t y = per_item ? m[2] * global_[1] + m[1] : m[2] * g[1] + m[1] / local_[1];
    if (one_d) {
      x = per_item ? m[0] % local_[0] : 0;
      y = m[0] / local_[0];
    }
    const QColor colour = i == 0 ? QColor(0xd0, 0x10, 0x10) : QColor(0xf0, 0x90, 0x00);
    const QRectF r = cell(x, y);
    p.fillRect(r.adjusted(1, 1, -1, -1), colour);
    p.setPen(colour.darker(150));
    // The ids beside the cell, right of it (left of it near the right edge).
    const QString ids = tr("global (%1, %2, %3)").arg(m[0]).arg(m[1]).arg(m[2]);
    const int w = fontMetrics().horizontalAdvance(ids);
    const double tx = r.right() + 4 + w < width() ? r.right() + 4 : r.left() - 4 - w;
    p.drawText(QPointF(tx, r.center().y() + fontMetrics().ascent() / 2.0 - 1), ids);
  }
}

}  // namespace clvet::gui
