// clvet-gui: the trace inspector.
//   clvet-gui [TRACE]
//   clvet-gui [--findings REPORT.json] [--diff RESULTS.json] TRACE
//   clvet-gui --screenshot FILE.png [--view NAME] TRACE   (shows the view, saves the window, exits)
#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>

#include "screenshot.h"
#include "main_window.h"
#include "trace_document.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("clvet"));
  QApplication::setApplicationName(QStringLiteral("clvet-gui"));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("clvet-gui: the clvet trace inspector"));
  parser.addHelpOption();
  QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                QStringLiteral("open TRACE, show the view, save the window as FILE.png and exit"),
                                QStringLiteral("FILE.png"));
  QCommandLineOption view(QStringLiteral("view"),
                          QStringLiteral("the view to show: ") +
                              clvet::gui::MainWindow::viewNames().join(QStringLiteral(", ")),
                          QStringLiteral("NAME"), QStringLiteral("calls"));
  QCommandLineOption findings(QStringLiteral("findings"),
                              QStringLiteral("kernel findings to show, from a JSON report (clvet run --report-format=json)"),
                              QStringLiteral("REPORT.json"));
  QCommandLineOption diff(QStringLiteral("diff"),
                          QStringLiteral("results of clvet diff --format=json to show in the diff view"),
                          QStringLiteral("RESULTS.json"));
  parser.addOption(diff);
  parser.addOption(screenshot);
  parser.addOption(findings);
  parser.addOption(view);
  parser.addPositionalArgument(QStringLiteral("TRACE"), QStringLiteral("a trace recorded by clvet (.clvt)"));
  parser.process(app);
  const QStringList traces = parser.positionalArguments();

  if (parser.isSet(screenshot)) {
    if (traces.size() != 1) {
      std::fprintf(stderr, "clvet-gui: --screenshot needs one TRACE\n");
      return 2;
    }
    QString error;
    if (!clvet::gui::saveScreenshot(traces.front(), parser.value(view), parser.value(screenshot),
                                      parser.value(findings), parser.value(diff), error)) {
      std::fprintf(stderr, "clvet-gui: %s\n", qPrintable(error));
      return 1;
    }
    return 0;
  }

  clvet::gui::MainWindow window;
  if (!traces.isEmpty() && window.openTrace(traces.front()) && parser.isSet(findings)) {
    window.document()->waitForScan();
    window.loadFindings(parser.value(findings));
  }
  if (window.document() && parser.isSet(diff)) {
    window.document()->waitForScan();
    window.loadDiff(parser.value(diff));
  }
  window.show();
  return app.exec();
}
