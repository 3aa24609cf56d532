// The call inspector: every parameter, input and output of one call decoded as the trace
// printer decodes it (flags by name, property lists, arrays item by item, strings), the objects
// it created, and its findings with rule, spec section and the spec's sentence.
#pragma once

#include <QTreeWidget>

#include "clvet/trace/records.h"

namespace clvet::gui {

class TraceDocument;

class CallInspector : public QTreeWidget {
  Q_OBJECT

 public:
  static constexpr int HandleRole = Qt::UserRole + 1;   // quint64: HandleKey bits
  static constexpr int FindingRole = Qt::UserRole + 2;  // int: finding's position in facts

  explicit CallInspector(QWidget* parent = nullptr);
  void setDocument(TraceDocument* document);
  void showCall(std::uint64_t index);
  std::uint64_t shownCall() const { return shown_; }

 signals:
  void objectActivated(trace::Handle handle);
  void findingActivated(int finding);

 private:
  void addValue(QTreeWidgetItem* parent, const QString& name, const trace::Value& value,
                const api::Param* param);
  TraceDocument* document_ = nullptr;
  std::uint64_t shown_ = 0;
};

}  // namespace clvet::gui
