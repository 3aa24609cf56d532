// Saving the window with a trace open at a view.
#include "screenshot.h"

#include <QApplication>
#include <QImage>
#include <QPixmap>

#include "call_list_model.h"
#include "call_list_view.h"
#include "main_window.h"
#include "object_browser.h"
#include "buffer_viewer.h"
#include "image_viewer.h"
#include "kernel_view.h"
#include "timeline_view.h"
#include "trace_document.h"

namespace clvet::gui {

void prepareView(MainWindow& window, const QString& view) {
  TraceDocument* doc = window.document();
  if (!doc) return;
  const TraceFacts& facts = doc->facts();
  CallListModel* model = window.callList()->model();
  const int finding = model->rowCount() ? model->nextFinding(-1, true) : -1;
  if (finding >= 0) window.showCall(model->callIndex(finding));
  else if (!facts.rows.empty()) window.showCall(facts.rows.front().index);
  window.showView(view);
  if (view == QLatin1String("objects"))
    if (auto handle = window.objects()->mostInteresting()) window.showObject(*handle);
  if (view == QLatin1String("timeline")) window.timeline()->fit();
  if (view == QLatin1String("kernels")) window.kernels()->showMostInteresting();
  if (view == QLatin1String("images")) window.images()->showMostInteresting();
  if (view == QLatin1String("buffers")) {
    window.buffers()->showMostInteresting();
    window.buffers()->plotColumn(0);
  }
}

bool saveScreenshot(const QString& trace, const QString& view, const QString& png,
                    const QString& findings, const QString& diff, QString& error) {
  MainWindow window(false);
  if (!window.openTrace(trace)) {
    error = window.message();
    return false;
  }
  window.document()->waitForScan();
  if (!findings.isEmpty() && !window.loadFindings(findings)) {
    error = window.message();
    return false;
  }
  if (!diff.isEmpty() && !window.loadDiff(diff)) {
    error = window.message();
    return false;
  }
  if (!MainWindow::viewNames().contains(view)) {
    error = QStringLiteral("no view named \"%1\" (views: %2)").arg(view, MainWindow::viewNames().join(QStringLiteral(", ")));
    return false;
  }
  window.show();
  QApplication::processEvents();
  prepareView(window, view);
  for (int i = 0; i < 5; ++i) QApplication::processEvents();
  // A palette of 256 colours: the pictures of a window are a few flat colours and text, and
  // a tenth of the bytes.
  const QImage picture = window.grab().toImage().convertToFormat(QImage::Format_Indexed8, Qt::ThresholdDither);
  if (!picture.save(png, "PNG", 9)) {
    error = QStringLiteral("%1: cannot write the PNG").arg(png);
    return false;
  }
  return true;
}

}  // namespace clvet::gui
