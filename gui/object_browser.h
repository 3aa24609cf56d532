// The object browser: every object of the trace by kind, with the call that created it, its
// retains and releases, parents and children, its reference count over time, and leaks and
// uses after release highlighted.
#pragma once

#include <QWidget>

#include "clvet/trace/records.h"

class QTreeWidget;
class QTreeWidgetItem;

namespace clvet::gui {

class TraceDocument;
struct ObjectLife;

// The application-visible reference count of one object, as steps over call indexes.
class RefcountPlot : public QWidget {
  Q_OBJECT

 public:
  explicit RefcountPlot(QWidget* parent = nullptr);
  void setLife(const ObjectLife* life, std::uint64_t last_call);
  QSize sizeHint() const override { return {400, 110}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  std::vector<std::pair<std::uint64_t, std::uint32_t>> steps_;  // (call, count afterwards)
  std::uint64_t last_call_ = 1;
  std::uint64_t used_after_release_ = 0;
};

class ObjectBrowser : public QWidget {
  Q_OBJECT

 public:
  static constexpr int HandleRole = Qt::UserRole + 1;  // quint64 HandleKey bits
  static constexpr int CallRole = Qt::UserRole + 2;    // quint64 call index

  explicit ObjectBrowser(QWidget* parent = nullptr);
  void setDocument(TraceDocument* document);
  void showObject(const trace::Handle& handle);
  QTreeWidget* list() const { return list_; }
  QTreeWidget* details() const { return details_; }
  // The first object that leaked or was used after release, else the first buffer.
  std::optional<trace::Handle> mostInteresting() const;

 signals:
  void callActivated(std::uint64_t index);
  void objectCalls(trace::Handle handle);  // "show the calls that name it"

 private:
  void refill();
  void showDetails(const trace::Handle& handle);

  TraceDocument* document_ = nullptr;
  QTreeWidget* list_;
  QTreeWidget* details_;
  RefcountPlot* plot_;
};

}  // namespace clvet::gui
