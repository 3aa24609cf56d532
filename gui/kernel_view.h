// The kernel view: each program's source with the findings at their lines, its build options
// and build log, the kernels made from it and their launches with the arguments each launch
// ran with; a kernel finding drawn on its launch's NDRange with the work-items involved.
#pragma once

#include <QWidget>

#include <vector>

#include "clvet/reports/finding.h"
#include "clvet/trace/records.h"

class QTreeWidget;
class QTreeWidgetItem;
class QPlainTextEdit;
class QTabWidget;

namespace clvet::gui {

class TraceDocument;
class SourceView;
class NDRangeGrid;

class KernelView : public QWidget {
  Q_OBJECT

 public:
  static constexpr int HandleRole = Qt::UserRole + 1;  // program or kernel
  static constexpr int CallRole = Qt::UserRole + 2;    // a launch
  static constexpr int FindingRole = Qt::UserRole + 3;

  explicit KernelView(QWidget* parent = nullptr);
  void setDocument(TraceDocument* document);
  // Kernel findings from elsewhere than the trace (a replay with checkers, a report of a run on
  // the reference device): shown at their lines and on their launch's NDRange.
  void addKernelFindings(const std::vector<reports::Finding>& findings);
  const std::vector<reports::Finding>& kernelFindings() const { return kernel_findings_; }

  void showProgram(const trace::Handle& program);
  void showLaunch(std::uint64_t call);
  void showFinding(const reports::Finding& finding);
  SourceView* source() const { return source_; }
  QPlainTextEdit* build() const { return build_; }
  QTreeWidget* launch() const { return launch_; }
  NDRangeGrid* grid() const { return grid_; }
  QTreeWidget* programs() const { return programs_; }
  void showMostInteresting();

 signals:
  void callActivated(std::uint64_t index);
  // Re-run this launch on the reference device with its checkers (the diff view does).
  void rerunLaunch(std::uint64_t index);

 private:
  void refill();
  // The source text of a program (the strings it was created with, concatenated), or empty.
  QString programSource(const trace::Handle& program);
  std::optional<trace::Handle> programOfKernel(const trace::Handle& kernel);

  TraceDocument* document_ = nullptr;
  QTreeWidget* programs_;
  QTabWidget* tabs_;
  SourceView* source_;
  QPlainTextEdit* build_;
  QTreeWidget* launch_;
  NDRangeGrid* grid_;
  trace::Handle shown_program_{};
  std::vector<reports::Finding> kernel_findings_;
  std::uint64_t shown_launch_ = 0;
};

}  // namespace clvet::gui
