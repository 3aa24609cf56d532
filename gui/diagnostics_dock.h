// The diagnostics panel: every finding of the trace grouped by who broke the spec
// (application, platform) and by rule, each leading to its call, its object and its line.
#pragma once

#include <QTreeWidget>

namespace clvet::gui {

class TraceDocument;

class DiagnosticsTree : public QTreeWidget {
  Q_OBJECT

 public:
  static constexpr int FindingRole = Qt::UserRole + 1;  // int: position in facts().findings

  explicit DiagnosticsTree(QWidget* parent = nullptr);
  void setDocument(TraceDocument* document);  // fills once the document is scanned
  void refill();

 signals:
  void findingActivated(int finding);

 private:
  TraceDocument* document_ = nullptr;
};

}  // namespace clvet::gui
