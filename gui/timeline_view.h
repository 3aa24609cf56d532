// The timeline: each host thread's calls and each queue's device commands on one zoomable
// time axis (the wheel zooms around the cursor, a drag pans), findings as markers; a click on
// a call selects it. Device times are placed on the host's axis through the trace's clock pairs.
#pragma once

#include <QWidget>

#include <vector>

#include "clvet/trace/records.h"

namespace clvet::gui {

class TraceDocument;

class TimelineView : public QWidget {
  Q_OBJECT

 public:
  explicit TimelineView(QWidget* parent = nullptr);
  void setDocument(TraceDocument* document);
  // The visible span of host time, ns since the trace's origin.
  void setRange(double begin_ns, double end_ns);
  double begin() const { return begin_; }
  double end() const { return end_; }
  void zoomAt(double ns, double factor);
  void fit();  // the whole trace
  int laneCount() const { return static_cast<int>(lanes_.size()); }
  QString laneName(int lane) const;
  // The call drawn at (x, y), or 0.
  std::uint64_t callAt(QPoint position) const;
  // How many device commands were placed on the axis, and how many could not be (no clock pair).
  std::size_t placedCommands() const { return placed_; }
  std::size_t unplacedCommands() const { return unplaced_; }
  QSize sizeHint() const override { return {1000, 400}; }

 signals:
  void callActivated(std::uint64_t index);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

 private:
  struct Span {
    std::uint64_t begin, end, call;
    std::uint32_t label;  // entry name position, or command label position
    bool finding, error;
  };
  struct Lane {
    QString name;
    bool device = false;
    std::vector<Span> spans;  // sorted by begin
  };
  void rebuild();
  double xOf(double ns) const;
  double nsOf(double x) const;
  QRect laneRect(int lane) const;

  TraceDocument* document_ = nullptr;
  std::vector<Lane> lanes_;
  std::vector<QString> labels_;
  double begin_ = 0, end_ = 1, last_ = 1;
  std::size_t placed_ = 0, unplaced_ = 0;
  int dragging_from_ = -1;
  double drag_begin_ = 0;
  bool dragged_ = false;
};

}  // namespace clvet::gui
