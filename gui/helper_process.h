// Work that may crash or never end (a replay, a re-run of a kernel on the reference device)
// runs in a helper process, never in the window's: a progress bar with a cancel button in the
// status bar, the window responsive meanwhile, and a crash or a cancel reported, not suffered.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

class QProgressBar;
class QPushButton;
class QStatusBar;
class QTimer;

namespace clvet::gui {

class HelperProcess : public QObject {
  Q_OBJECT

 public:
  // The progress bar and cancel button go into `status` (nullptr: none, for tests).
  explicit HelperProcess(QStatusBar* status, QObject* parent = nullptr);
  ~HelperProcess() override;

  // Starts `program` with `arguments`; false (and failed()) when one is already running.
  bool start(const QString& what, const QString& program, const QStringList& arguments);
  bool running() const;
  void cancel();
  // Blocks until it has finished (tests); false on timeout.
  bool wait(int msecs);

  // The clvet command line beside this program (clvet-gui lives beside it), else on PATH.
  static QString clvetProgram();

 signals:
  // exit status 0..255 when it exited, or -1 with `why` when it crashed, was cancelled or
  // could not start; stdout and stderr in full.
  void finished(int status, const QString& why, const QByteArray& out, const QByteArray& err);
  // A line "progress DONE TOTAL" on its stderr (`clvet replay --progress`).
  void progress(quint64 done, quint64 total);

 private:
  void done(int status, QProcess::ExitStatus exit);
  void readError();
  QProcess* process_ = nullptr;
  QByteArray err_;  // stderr so far (read as it comes, for the progress lines)
  QString what_;
  bool cancelled_ = false;
  QElapsedTimer elapsed_;
  QTimer* tick_ = nullptr;
  QProgressBar* bar_ = nullptr;
  QPushButton* cancel_ = nullptr;
};

}  // namespace clvet::gui
