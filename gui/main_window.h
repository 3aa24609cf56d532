// The main window: the views as tabs around the call list, the call inspector and the
// diagnostics as docks, each view leading to the others (a call, an object, a finding, a line);
// opening by argument, dialog and drag and drop; recent files; the layout kept in QSettings.
#pragma once

#include <QMainWindow>
#include <QStringList>

#include <memory>

#include "clvet/trace/records.h"

class QTabWidget;
class QLabel;
class QProgressBar;
class QMenu;

namespace clvet::gui {

class TraceDocument;
class CallListView;
class CallInspector;
class DiagnosticsTree;
class ObjectBrowser;
class BufferViewer;
class ImageViewer;
class TimelineView;
class KernelView;
class DiffView;
class HelperProcess;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  // `restoreLayout`: take the window's size and docks from the last session (not for
  // screenshots, which must look the same wherever they are taken).
  explicit MainWindow(bool restoreLayout = true, QWidget* parent = nullptr);
  ~MainWindow() override;

  // False, with the reason in the window's message line, when the file is not a trace.
  bool openTrace(const QString& path);
  TraceDocument* document() const { return document_.get(); }
  // The names --view takes: calls, inspector, diagnostics, objects, buffers, images, kernels,
  // timeline.
  static QStringList viewNames();
  // Kernel findings from a JSON report (`clvet run --report-format=json`, e.g. of the same
  // program on the reference device), shown in the kernel view; false with the reason in the
  // message line.
  bool loadFindings(const QString& path);
  // The results of `clvet diff --format=json`, shown in the diff view.
  bool loadDiff(const QString& path);
  bool showView(const QString& name);
  // The text of the message line above the views (errors, damage with its offset).
  QString message() const;

  CallListView* callList() const { return calls_; }
  CallInspector* inspector() const { return inspector_; }
  DiagnosticsTree* diagnostics() const { return diagnostics_; }
  ObjectBrowser* objects() const { return objects_; }
  BufferViewer* buffers() const { return buffers_; }
  ImageViewer* images() const { return images_; }
  TimelineView* timeline() const { return timeline_; }
  KernelView* kernels() const { return kernels_; }
  DiffView* diff() const { return diff_; }
  HelperProcess* helper() const { return helper_; }

 public slots:
  void showCall(std::uint64_t index);
  void showObject(const trace::Handle& handle);
  void showFinding(int finding);

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void openDialog();
  void findingsDialog();
  void addRecent(const QString& path);
  void fillRecentMenu();
  void scanDone();
  void setMessage(const QString& text, bool error);

  bool remember_layout_;
  bool shown_before_ = false;

  std::unique_ptr<TraceDocument> document_;
  QTabWidget* tabs_;
  CallListView* calls_;
  CallInspector* inspector_;
  DiagnosticsTree* diagnostics_;
  ObjectBrowser* objects_;
  BufferViewer* buffers_;
  ImageViewer* images_;
  TimelineView* timeline_;
  KernelView* kernels_;
  DiffView* diff_;
  HelperProcess* helper_;
  QDockWidget* inspector_dock_;
  QDockWidget* diagnostics_dock_;
  QLabel* message_;
  QProgressBar* progress_;
  QMenu* recent_menu_;
};

}  // namespace clvet::gui
