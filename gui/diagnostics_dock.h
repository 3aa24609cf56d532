// The diagnostics panel: every finding of the trace grouped by who broke the spec
// (application, platform) and by rule, each leading to its call, its object and its line.
#pragma once

#include <QTreeWidget>

#include <vector>

#include "clvet/reports/finding.h"

namespace clvet::gui {

class TraceDocument;

class DiagnosticsTree : public QTreeWidget {
  Q_OBJECT

 public:
  static constexpr int FindingRole = Qt::UserRole + 1;  // int: position in facts().findings
  static constexpr int KernelFindingRole = Qt::UserRole + 2;  // int: position in kernel findings

  explicit DiagnosticsTree(QWidget* parent = nullptr);
  void setDocument(TraceDocument* document);  // fills once the document is scanned
  void refill();
  // Kernel findings from a report (the kernel view's), listed after the trace's, each leading
  // to its line.
  void setKernelFindings(const std::vector<reports::Finding>& findings);

 signals:
  void findingActivated(int finding);
  void kernelFindingActivated(int finding);

 private:
  TraceDocument* document_ = nullptr;
  std::vector<reports::Finding> kernel_findings_;
};

}  // namespace clvet::gui
