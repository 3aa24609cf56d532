// Running and stopping helper processes.
#include "helper_process.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>

namespace clvet::gui {

HelperProcess::HelperProcess(QStatusBar* status, QObject* parent) : QObject(parent) {
  tick_ = new QTimer(this);
  tick_->setInterval(200);
  if (status) {
    bar_ = new QProgressBar;
    bar_->setRange(0, 0);  // busy: the helpers say when they end, not how far they are
    bar_->setMaximumWidth(220);
    bar_->setVisible(false);
    cancel_ = new QPushButton(tr("Cancel"));
    cancel_->setVisible(false);
    status->addPermanentWidget(bar_);
    status->addPermanentWidget(cancel_);
    connect(cancel_, &QPushButton::clicked, this, &HelperProcess::cancel);
    connect(tick_, &QTimer::timeout, this, [this] {
      bar_->setFormat(tr("%1: %2 s").arg(what_).arg(elapsed_.elapsed() / 1000));
      bar_->setTextVisible(true);
    });
  }
}

HelperProcess::~HelperProcess() {
  if (running()) {
    process_->kill();
    process_->waitForFinished(2000);
  }
}

QString HelperProcess::clvetProgram() {
  const QString beside = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("clvet"));
  if (QFileInfo(beside).isExecutable()) return beside;
  const QString found = QStandardPaths::findExecutable(QStringLiteral("clvet"));
  return found.isEmpty() ? QStringLiteral("clvet") : found;
}

bool HelperProcess::running() const { return process_ && process_->state() != QProcess::NotRunning; }

bool HelperProcess::start(const QString& what, const QString& program, const QStringList& arguments) {
  if (running()) return false;
  delete process_;
  process_ = new QProcess(this);
  what_ = what;
  cancelled_ = false;
  connect(process_, &QProcess::finished, this, &HelperProcess::done);
  connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart) done(-1, QProcess::CrashExit);
  });
  elapsed_.start();
  tick_->start();
  if (bar_) {
    bar_->setVisible(true);
    cancel_->setVisible(true);
  }
  process_->start(program, arguments);
  return true;
}

void HelperProcess::cancel() {
  if (!running()) return;
  cancelled_ = true;
  process_->kill();
}

bool HelperProcess::wait(int msecs) {
  if (!process_) return true;
  if (running() && !process_->waitForFinished(msecs)) return false;
  QCoreApplication::processEvents();
  return true;
}

void HelperProcess::done(int status, QProcess::ExitStatus exit) {
  tick_->stop();
  if (bar_) {
    bar_->setVisible(false);
    cancel_->setVisible(false);
  }
  QString why;
  if (cancelled_) why = tr("%1: cancelled after %2 s").arg(what_).arg(elapsed_.elapsed() / 1000.0, 0, 'f', 1);
  else if (process_->error() == QProcess::FailedToStart)
    why = tr("%1: %2 could not be started: %3").arg(what_, process_->program(), process_->errorString());
  else if (exit == QProcess::CrashExit) why = tr("%1: the helper process crashed (%2)").arg(what_, process_->errorString());
  const int result = why.isEmpty() ? status : -1;
  emit finished(result, why, process_->readAllStandardOutput(), process_->readAllStandardError());
}

}  // namespace clvet::gui
