// The main window's wiring: views, docks, menus, navigation between views, files and settings.
#include "main_window.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "call_inspector.h"
#include "clvet/reports/formats.h"
#include "call_list_model.h"
#include "call_list_view.h"
#include "diagnostics_dock.h"
#include "object_browser.h"
#include "buffer_viewer.h"
#include "image_viewer.h"
#include "timeline_view.h"
#include "kernel_view.h"
#include "diff_view.h"
#include "helper_process.h"
#include "trace_document.h"

namespace clvet::gui {
namespace {
constexpr int kMaxRecent = 8;
}

MainWindow::MainWindow(bool restoreLayout, QWidget* parent)
    : QMainWindow(parent), remember_layout_(restoreLayout) {
  setWindowTitle(tr("clvet"));
  setAcceptDrops(true);
  setObjectName(QStringLiteral("clvet-main-window"));

  auto* central = new QWidget;
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(0, 0, 0, 0);
  message_ = new QLabel;
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  message_->setVisible(false);
  layout->addWidget(message_);
  tabs_ = new QTabWidget;
  layout->addWidget(tabs_);
  setCentralWidget(central);

  calls_ = new CallListView;
  tabs_->addTab(calls_, tr("Calls"));
  objects_ = new ObjectBrowser;
  tabs_->addTab(objects_, tr("Objects"));
  buffers_ = new BufferViewer;
  tabs_->addTab(buffers_, tr("Buffers"));
  images_ = new ImageViewer;
  tabs_->addTab(images_, tr("Images"));
  kernels_ = new KernelView;
  tabs_->addTab(kernels_, tr("Kernels"));
  timeline_ = new TimelineView;
  tabs_->addTab(timeline_, tr("Timeline"));
  helper_ = new HelperProcess(statusBar(), this);
  diff_ = new DiffView(helper_);
  tabs_->addTab(diff_, tr("Diff"));

  inspector_ = new CallInspector;
  inspector_dock_ = new QDockWidget(tr("Call inspector"), this);
  inspector_dock_->setObjectName(QStringLiteral("inspector"));
  inspector_dock_->setWidget(inspector_);
  addDockWidget(Qt::RightDockWidgetArea, inspector_dock_);

  diagnostics_ = new DiagnosticsTree;
  diagnostics_dock_ = new QDockWidget(tr("Diagnostics"), this);
  diagnostics_dock_->setObjectName(QStringLiteral("diagnostics"));
  diagnostics_dock_->setWidget(diagnostics_);
  addDockWidget(Qt::BottomDockWidgetArea, diagnostics_dock_);


  progress_ = new QProgressBar;
  progress_->setMaximumWidth(200);
  progress_->setVisible(false);
  statusBar()->addPermanentWidget(progress_);

  connect(calls_, &CallListView::callSelected, inspector_, &CallInspector::showCall);
  connect(inspector_, &CallInspector::objectActivated, this, &MainWindow::showObject);
  connect(inspector_, &CallInspector::findingActivated, this, &MainWindow::showFinding);
  connect(diagnostics_, &DiagnosticsTree::findingActivated, this, &MainWindow::showFinding);
  connect(diagnostics_, &DiagnosticsTree::kernelFindingActivated, this, [this](int finding) {
    if (finding < 0 || static_cast<std::size_t>(finding) >= kernels_->kernelFindings().size()) return;
    const reports::Finding& f = kernels_->kernelFindings()[static_cast<std::size_t>(finding)];
    tabs_->setCurrentWidget(kernels_);
    kernels_->showFinding(f);
    // The launch that found it, in the inspector: its arguments and the finding with its rule.
    if (f.kernel && f.kernel->enqueue != 0) inspector_->showCall(f.kernel->enqueue);
  });
  connect(objects_, &ObjectBrowser::callActivated, this, &MainWindow::showCall);
  connect(kernels_, &KernelView::callActivated, this, &MainWindow::showCall);
  connect(diff_, &DiffView::callActivated, this, &MainWindow::showCall);
  connect(kernels_, &KernelView::rerunLaunch, this, [this](std::uint64_t call) { diff_->runDiff(call); });
  connect(diff_, &DiffView::kernelFindings, this, [this](const std::vector<reports::Finding>& findings) {
    kernels_->addKernelFindings(findings);
    diagnostics_->setKernelFindings(kernels_->kernelFindings());
  });
  connect(diff_, &DiffView::findingActivated, this, [this](const reports::Finding& finding) {
    tabs_->setCurrentWidget(kernels_);
    kernels_->showFinding(finding);
  });
  connect(timeline_, &TimelineView::callActivated, this, [this](std::uint64_t call) {
    calls_->showCall(call);
    inspector_->showCall(call);
  });
  connect(objects_, &ObjectBrowser::objectCalls, this, [this](const trace::Handle& h) {
    tabs_->setCurrentWidget(calls_);
    calls_->filterByObject(h);
  });

  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open..."), QKeySequence::Open, this, &MainWindow::openDialog);
  recent_menu_ = file->addMenu(tr("Open &recent"));
  file->addAction(tr("Load kernel &findings (JSON report)..."), this, &MainWindow::findingsDialog);
  file->addAction(tr("Load &diff results (clvet diff --format=json)..."), this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load the results of clvet diff"), {},
                                                      tr("JSON (*.json);;All files (*)"));
    if (!path.isEmpty()) loadDiff(path);
  });
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  QMenu* go = menuBar()->addMenu(tr("&Go"));
  go->addAction(tr("Next finding"), QKeySequence(Qt::Key_F3), calls_, &CallListView::nextFinding);
  go->addAction(tr("Previous finding"), QKeySequence(Qt::SHIFT | Qt::Key_F3), calls_, &CallListView::previousFinding);
  go->addAction(tr("Toggle bookmark"), QKeySequence(Qt::CTRL | Qt::Key_B), calls_, &CallListView::toggleBookmark);
  go->addAction(tr("Next bookmark"), QKeySequence(Qt::Key_F2), calls_, &CallListView::nextBookmark);
  go->addAction(tr("Previous bookmark"), QKeySequence(Qt::SHIFT | Qt::Key_F2), calls_, &CallListView::previousBookmark);
  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(inspector_dock_->toggleViewAction());
  view->addAction(diagnostics_dock_->toggleViewAction());
  fillRecentMenu();

  resize(1400, 860);
  if (remember_layout_) {
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
  }
}

MainWindow::~MainWindow() = default;

QStringList MainWindow::viewNames() {
  return {QStringLiteral("calls"), QStringLiteral("inspector"), QStringLiteral("diagnostics"),
          QStringLiteral("objects"), QStringLiteral("buffers"),
          QStringLiteral("images"), QStringLiteral("kernels"),
          QStringLiteral("timeline"), QStringLiteral("diff")};
}

bool MainWindow::showView(const QString& name) {
  if (name == QLatin1String("inspector")) {
    inspector_dock_->show();
    inspector_dock_->raise();
    tabs_->setCurrentWidget(calls_);
    return true;
  }
  if (name == QLatin1String("diagnostics")) {
    diagnostics_dock_->show();
    diagnostics_dock_->raise();
    return true;
  }
  for (int i = 0; i < tabs_->count(); ++i) {
    if (tabs_->widget(i)->objectName() == name || (name == QLatin1String("calls") && tabs_->widget(i) == calls_)) {
      tabs_->setCurrentIndex(i);
      return true;
    }
  }
  return false;
}

bool MainWindow::openTrace(const QString& path) {
  QString error;
  auto document = TraceDocument::open(path, error);
  if (!document) {
    setMessage(error, true);
    return false;
  }
  // Views forget the old document before it goes.
  calls_->setDocument(document.get());
  inspector_->setDocument(document.get());
  diagnostics_->setDocument(document.get());
  objects_->setDocument(document.get());
  buffers_->setDocument(document.get());
  images_->setDocument(document.get());
  timeline_->setDocument(document.get());
  kernels_->setDocument(document.get());
  diff_->setDocument(document.get());
  document_ = std::move(document);
  setWindowTitle(tr("%1 - clvet").arg(QFileInfo(path).fileName()));
  setMessage({}, false);
  progress_->setValue(0);
  progress_->setVisible(true);
  connect(document_.get(), &TraceDocument::scanProgress, progress_, &QProgressBar::setValue);
  connect(document_.get(), &TraceDocument::scanFinished, this, &MainWindow::scanDone);
  statusBar()->showMessage(tr("reading %1...").arg(path));
  addRecent(QFileInfo(path).absoluteFilePath());
  return true;
}

void MainWindow::scanDone() {
  progress_->setVisible(false);
  const TraceFacts& facts = document_->facts();
  // Kernel findings the trace holds (recorded over the reference device) are the kernel
  // view's: at their lines and on the NDRange, as a report's would be.
  std::vector<reports::Finding> kernel;
  for (const reports::Finding& f : facts.findings)
    if (f.kernel) kernel.push_back(f);
  if (!kernel.empty()) {
    kernels_->addKernelFindings(kernel);
    diagnostics_->setKernelFindings(kernels_->kernelFindings());
  }
  QStringList problems = document_->problems();
  if (!problems.isEmpty())
    setMessage(tr("The trace is damaged; it is shown up to the damage: %1").arg(problems.join(QStringLiteral("; "))), true);
  else if (!facts.notes.empty())
    setMessage(QString::fromStdString(facts.notes.front()), false);
  statusBar()->showMessage(tr("%1 calls, %2 objects, %3 findings, %4 threads")
                               .arg(facts.rows.size())
                               .arg(facts.objects.size())
                               .arg(facts.findings.size())
                               .arg(facts.threads.size()));
}

void MainWindow::setMessage(const QString& text, bool error) {
  message_->setText(text);
  message_->setVisible(!text.isEmpty());
  message_->setStyleSheet(error ? QStringLiteral("QLabel { background: #fde0dc; color: #8a1010; padding: 4px; }")
                                : QStringLiteral("QLabel { background: #eef3fb; color: #203050; padding: 4px; }"));
}

QString MainWindow::message() const { return message_->text(); }

void MainWindow::showCall(std::uint64_t index) {
  tabs_->setCurrentWidget(calls_);
  calls_->showCall(index);
  inspector_->showCall(index);
}

void MainWindow::showObject(const trace::Handle& handle) {
  tabs_->setCurrentWidget(objects_);
  objects_->showObject(handle);
}

void MainWindow::showFinding(int finding) {
  if (!document_ || finding < 0 || static_cast<std::size_t>(finding) >= document_->facts().findings.size()) return;
  const reports::Finding& f = document_->facts().findings[static_cast<std::size_t>(finding)];
  if (f.call_index) showCall(f.call_index);
}

void MainWindow::openDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open a trace"), {},
                                                    tr("clvet traces (*.clvt);;All files (*)"));
  if (!path.isEmpty()) openTrace(path);
}

void MainWindow::findingsDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Load the findings of a JSON report"), {},
                                                    tr("clvet JSON reports (*.json);;All files (*)"));
  if (!path.isEmpty()) loadFindings(path);
}

bool MainWindow::loadFindings(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    setMessage(tr("%1: cannot be read: %2").arg(path, file.errorString()), true);
    return false;
  }
  const QByteArray bytes = file.readAll();
  std::string error;
  auto findings = reports::read_json(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), error);
  if (!findings) {
    setMessage(tr("%1: %2").arg(path, QString::fromStdString(error)), true);
    return false;
  }
  kernels_->addKernelFindings(*findings);
  diagnostics_->setKernelFindings(kernels_->kernelFindings());
  std::size_t kernel = 0;
  for (const reports::Finding& f : *findings) kernel += f.kernel.has_value();
  statusBar()->showMessage(tr("%1: %2 kernel findings").arg(path).arg(kernel));
  return true;
}

bool MainWindow::loadDiff(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    setMessage(tr("%1: cannot be read: %2").arg(path, file.errorString()), true);
    return false;
  }
  if (!diff_->loadResults(file.readAll())) {
    setMessage(tr("%1: %2").arg(path, diff_->message()), true);
    return false;
  }
  return true;
}

void MainWindow::addRecent(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value(QStringLiteral("recent")).toStringList();
  recent.removeAll(path);
  recent.prepend(path);
  while (recent.size() > kMaxRecent) recent.removeLast();
  settings.setValue(QStringLiteral("recent"), recent);
  fillRecentMenu();
}

void MainWindow::fillRecentMenu() {
  recent_menu_->clear();
  const QStringList recent = QSettings().value(QStringLiteral("recent")).toStringList();
  for (const QString& path : recent)
    recent_menu_->addAction(path, this, [this, path] { openTrace(path); });
  recent_menu_->setEnabled(!recent.isEmpty());
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (!urls.isEmpty() && urls.front().isLocalFile()) {
    openTrace(urls.front().toLocalFile());
    event->acceptProposedAction();
  }
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  // Docks are sized once the window has its size; a restored layout keeps its own.
  if (shown_before_) return;
  shown_before_ = true;
  if (remember_layout_ && QSettings().contains(QStringLiteral("window/state"))) return;
  // After the first layout: before it, the docks have no size to change.
  QTimer::singleShot(0, this, [this] {
    resizeDocks({inspector_dock_}, {460}, Qt::Horizontal);
    resizeDocks({diagnostics_dock_}, {170}, Qt::Vertical);
  });
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (remember_layout_) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
  }
  QMainWindow::closeEvent(event);
}

}  // namespace clvet::gui
