// Laying out and painting the timeline.
#include "timeline_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "clvet/trace/cl_names.h"
#include "clvet/trace/print.h"
#include "trace_document.h"

namespace clvet::gui {
namespace {
constexpr int kLabelWidth = 150;
constexpr int kAxisHeight = 28;
constexpr int kLaneHeight = 34;

QColor colourOf(const QString& name) {
  // A stable colour per entry point or kernel, light enough for black text.
  const uint h = qHash(name);
  return QColor::fromHsl(static_cast<int>(h % 360), 140, 185);
}

// A tick's time in the unit of the trace's length, with as many decimals as the ticks' step needs.
QString timeText(double ns, double step, double span) {
  double unit = 1;
  const char* name = "ns";
  if (span >= 1e9) unit = 1e9, name = "s";
  else if (span >= 1e6) unit = 1e6, name = "ms";
  else if (span >= 1e3) unit = 1e3, name = "µs";
  const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(step / unit))), 0, 9);
  return QStringLiteral("%1 %2").arg(ns / unit, 0, 'f', decimals).arg(QString::fromUtf8(name));
}
}  // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("timeline"));
  setMouseTracking(true);
  setMinimumHeight(120);
}

void TimelineView::setDocument(TraceDocument* document) {
  document_ = document;
  if (document_) connect(document_, &TraceDocument::scanFinished, this, &TimelineView::rebuild);
  rebuild();
}

void TimelineView::rebuild() {
  lanes_.clear();
  labels_.clear();
  placed_ = unplaced_ = 0;
  if (!document_ || !document_->scanned()) {
    update();
    return;
  }
  const TraceFacts& facts = document_->facts();
  for (const std::string& name : facts.entry_names) labels_.push_back(QString::fromStdString(name));
  for (std::uint64_t tid : facts.threads) lanes_.push_back({tr("thread %1").arg(tid), false, {}});
  for (const CallRow& row : facts.rows)
    lanes_[row.thread].spans.push_back({row.enter_ns, std::max(row.exit_ns, row.enter_ns), row.index, row.name,
                                         row.findings > 0, row.error != 0});
  std::unordered_map<std::uint64_t, std::size_t> queue_lanes;
  std::unordered_map<std::string, std::uint32_t> command_labels;
  for (const trace::DeviceCommand& c : facts.commands) {
    const auto start = facts.host_time(c.queue, c.start);
    const auto end = facts.host_time(c.queue, c.end);
    if (!start || !end) {
      ++unplaced_;
      continue;
    }
    ++placed_;
    const HandleKey key = HandleKey::of(c.queue);
    auto [it, inserted] = queue_lanes.try_emplace(key.bits, lanes_.size());
    if (inserted)
      lanes_.push_back({tr("%1 (device)").arg(QString::fromStdString(trace::format_handle(c.queue))), true, {}});
    std::string label = c.label;
    if (label.empty())
      if (auto type = trace::constant_name("cl_command_type", c.command_type)) label = std::string(*type);
    auto [l, fresh] = command_labels.try_emplace(label, static_cast<std::uint32_t>(labels_.size()));
    if (fresh) labels_.push_back(QString::fromStdString(label));
    const bool finding = facts.findings_by_call.count(c.call_index) > 0;
    lanes_[it->second].spans.push_back({*start, std::max(*end, *start), c.call_index, l->second, finding, false});
  }
  last_ = 1;
  for (Lane& lane : lanes_) {
    std::sort(lane.spans.begin(), lane.spans.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
    for (const Span& s : lane.spans) last_ = std::max(last_, static_cast<double>(s.end));
  }
  begin_ = 0;
  end_ = last_ * 1.02;
  setMinimumHeight(kAxisHeight + kLaneHeight * static_cast<int>(lanes_.size()) + 8);
  update();
}

QString TimelineView::laneName(int lane) const {
  return lane >= 0 && lane < laneCount() ? lanes_[static_cast<std::size_t>(lane)].name : QString();
}

double TimelineView::xOf(double ns) const {
  return kLabelWidth + (ns - begin_) / (end_ - begin_) * (width() - kLabelWidth - 4);
}

double TimelineView::nsOf(double x) const {
  return begin_ + (x - kLabelWidth) / std::max(1, width() - kLabelWidth - 4) * (end_ - begin_);
}

QRect TimelineView::laneRect(int lane) const {
  return {kLabelWidth, kAxisHeight + lane * kLaneHeight + 4, width() - kLabelWidth - 4, kLaneHeight - 8};
}

void TimelineView::setRange(double begin_ns, double end_ns) {
  if (end_ns - begin_ns < 10) end_ns = begin_ns + 10;  // 10 ns is as close as it gets
  begin_ = begin_ns;
  end_ = end_ns;
  update();
}

void TimelineView::fit() { setRange(0, last_ * 1.02); }

void TimelineView::zoomAt(double ns, double factor) {
  setRange(ns - (ns - begin_) * factor, ns + (end_ - ns) * factor);
}

void TimelineView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  if (lanes_.empty()) {
    p.drawText(rect(), Qt::AlignCenter, document_ ? tr("reading the trace...") : tr("no trace"));
    return;
  }
  // The axis: about one tick per 120 pixels, at round numbers.
  const double span = end_ - begin_;
  const double raw = span / std::max(1.0, (width() - kLabelWidth) / 120.0);
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * magnitude >= raw) {
      step = m * magnitude;
      break;
    }
  p.setPen(palette().color(QPalette::Mid));
  for (double t = std::ceil(begin_ / step) * step; t <= end_; t += step) {
    const int x = static_cast<int>(xOf(t));
    p.drawLine(x, kAxisHeight - 6, x, height());
    p.setPen(palette().color(QPalette::Text));
    p.drawText(x + 3, kAxisHeight - 10, timeText(t, step, last_));
    p.setPen(palette().color(QPalette::Mid));
  }
  const QFontMetrics metrics = fontMetrics();
  for (int lane = 0; lane < laneCount(); ++lane) {
    const Lane& l = lanes_[static_cast<std::size_t>(lane)];
    const QRect r = laneRect(lane);
    p.fillRect(QRect(0, r.top() - 4, width(), kLaneHeight), lane % 2 ? palette().alternateBase() : palette().base());
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(4, r.top(), kLabelWidth - 8, r.height()), Qt::AlignVCenter | Qt::AlignLeft,
               metrics.elidedText(l.name, Qt::ElideRight, kLabelWidth - 8));
    p.setClipRect(QRect(kLabelWidth, r.top() - 4, width() - kLabelWidth, kLaneHeight));
    // Spans that start before the visible end; those too small to see share a pixel column.
    auto first = std::lower_bound(l.spans.begin(), l.spans.end(), begin_ - (end_ - begin_),
                                  [](const Span& s, double t) { return static_cast<double>(s.begin) < t; });
    int last_x = -1;
    for (auto it = first; it != l.spans.end() && static_cast<double>(it->begin) <= end_; ++it) {
      if (static_cast<double>(it->end) < begin_) continue;
      const double x0 = xOf(static_cast<double>(it->begin)), x1 = xOf(static_cast<double>(it->end));
      const int left = static_cast<int>(x0);
      const int w = std::max(1, static_cast<int>(x1 - x0));
      if (w == 1 && left == last_x && !it->finding) continue;
      last_x = left;
      const QString& label = labels_[it->label];
      const QColor fill = it->error ? QColor(0xf0, 0x90, 0x90) : colourOf(label);
      p.fillRect(QRect(left, r.top(), w, r.height()), fill);
      if (w > 3) {
        p.setPen(fill.darker(140));
        p.drawRect(QRect(left, r.top(), w - 1, r.height() - 1));
      }
      if (w > 40) {
        p.setPen(Qt::black);
        p.drawText(QRect(left + 3, r.top(), w - 6, r.height()), Qt::AlignVCenter | Qt::AlignLeft,
                   metrics.elidedText(label, Qt::ElideRight, w - 6));
      }
      if (it->finding) {  // a red marker above the span
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0xd0, 0x10, 0x10));
        const QPointF tip(x0, r.top() + 2);
        const QPointF marker[3] = {tip, tip + QPointF(-5, -7), tip + QPointF(5, -7)};
        p.drawPolygon(marker, 3);
        p.setBrush(Qt::NoBrush);
      }
    }
    p.setClipping(false);
  }
  if (unplaced_) {
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(kLabelWidth, height() - 18, width() - kLabelWidth, 16), Qt::AlignLeft,
               tr("%1 device commands have no clock pair in the trace and are not placed").arg(unplaced_));
  }
}

std::uint64_t TimelineView::callAt(QPoint position) const {
  for (int lane = 0; lane < laneCount(); ++lane) {
    const QRect r = laneRect(lane);
    if (position.y() < r.top() || position.y() > r.bottom()) continue;
    const Lane& l = lanes_[static_cast<std::size_t>(lane)];
    // A span under the cursor, or the nearest within 3 pixels.
    const double t = nsOf(position.x()), slack = 3 * (end_ - begin_) / std::max(1, width() - kLabelWidth);
    auto it = std::upper_bound(l.spans.begin(), l.spans.end(), t + slack,
                               [](double v, const Span& s) { return v < static_cast<double>(s.begin); });
    while (it != l.spans.begin()) {
      --it;
      if (static_cast<double>(it->end) + slack >= t) return it->call;
      if (static_cast<double>(it->begin) < t - (end_ - begin_)) break;
    }
  }
  return 0;
}

void TimelineView::wheelEvent(QWheelEvent* event) {
  const double factor = event->angleDelta().y() > 0 ? 0.8 : 1.25;
  zoomAt(nsOf(event->position().x()), factor);
  event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event) {
  dragging_from_ = static_cast<int>(event->position().x());
  drag_begin_ = begin_;
  dragged_ = false;
}

void TimelineView::mouseMoveEvent(QMouseEvent* event) {
  if (dragging_from_ >= 0 && (event->buttons() & Qt::LeftButton)) {
    const double dx = event->position().x() - dragging_from_;
    if (std::abs(dx) > 2) dragged_ = true;
    const double span = end_ - begin_;
    const double shift = -dx / std::max(1, width() - kLabelWidth) * span;
    setRange(drag_begin_ + shift, drag_begin_ + shift + span);
    return;
  }
  const std::uint64_t call = callAt(event->position().toPoint());
  setToolTip(call ? tr("call #%1").arg(call) : QString());
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event) {
  if (!dragged_)
    if (const std::uint64_t call = callAt(event->position().toPoint())) emit callActivated(call);
  dragging_from_ = -1;
}

}  // namespace clvet::gui
