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

#include <algorithm>

namespace clvet::gui {

HelperProcess::HelperProcess(QStatusBar* status, QObject* parent) : QObject(parent) {
  tick_ = new QTimer(this);
  tick_->setInterval(200);
  if (status) {
    bar_ = new QProgressBar;
    bar_->setRange(0, 0);  // busy until a helper says how far it is (a progress line)
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
  err_.clear();
  connect(process_, &QProcess::finished, this, &HelperProcess::done);
  connect(process_, &QProcess::readyReadStandardError, this, &HelperProcess::readError);
  connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart) done(-1, QProcess::CrashExit);
  });
  elapsed_.start();
  tick_->start();
  if (bar_) {
    bar_->setRange(0, 0);
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

void HelperProcess::readError() {
  const qsizetype seen = err_.size();
  err_ += process_->readAllStandardError();
  // Whole lines only: a progress line may arrive in pieces.
  qsizetype start = err_.lastIndexOf('\n', seen > 0 ? seen - 1 : 0);
  start = start < 0 ? 0 : start + 1;
  for (qsizetype end = err_.indexOf('\n', start); end >= 0; start = end + 1, end = err_.indexOf('\n', start)) {
    const QList<QByteArray> words = err_.mid(start, end - start).split(' ');
    if (words.size() != 3 || words[0] != "progress") continue;
    bool ok1 = false, ok2 = false;
    const quint64 done = words[1].toULongLong(&ok1), total = words[2].toULongLong(&ok2);
    if (!ok1 || !ok2) continue;
    if (bar_ && total > 0) {
      bar_->setRange(0, 1000);
      bar_->setValue(static_cast<int>(1000 * std::min(done, total) / total));
    }
    emit progress(done, total);
  }
}

void HelperProcess::done(int status, QProcess::ExitStatus exit) {
  tick_->stop();
  readError();
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
  emit finished(result, why, process_->readAllStandardOutput(), err_);
}

}  // namespace clvet::gui
