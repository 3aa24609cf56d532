// Running `clvet replay --contents` for the viewers, and reading what it wrote.
#include "replay_contents.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryFile>

#include "clvet/trace/print.h"
#include "helper_process.h"

namespace clvet::gui {

ReplayContents::ReplayContents(QObject* parent)
    : QObject(parent), helper_(new HelperProcess(nullptr, this)), program_(HelperProcess::clvetProgram()) {
  platforms_ = {{QStringLiteral("reference"), tr("reference device (clvet)")}};
  connect(helper_, &HelperProcess::progress, this, &ReplayContents::progress);
  connect(helper_, &HelperProcess::finished, this,
          [this](int status, const QString& why, const QByteArray&, const QByteArray& err) { finished(status, why, err); });
}

ReplayContents::~ReplayContents() = default;

void ReplayContents::setProgram(const QString& program, const QStringList& prefix) {
  program_ = program;
  prefix_ = prefix;
}

void ReplayContents::listPlatforms() {
  auto* list = new QProcess(this);
  connect(list, &QProcess::finished, this, [this, list](int status) {
    list->deleteLater();
    if (status != 0) return;
    // "1: Portable Computing Language (The pocl project, OpenCL 3.0 ...)" and, for clvet's own,
    // "  [--platform reference]" after it; device lines are indented.
    static const QRegularExpression line(QStringLiteral("^(\\d+): (.+?) \\((.*)\\)(  \\[--platform reference\\])?$"));
    QList<QPair<QString, QString>> found{platforms_.front()};
    for (const QString& text : QString::fromUtf8(list->readAllStandardOutput()).split(QLatin1Char('\n'))) {
      const QRegularExpressionMatch m = line.match(text);
      if (!m.hasMatch() || !m.captured(4).isEmpty()) continue;  // the reference device is first already
      found.append({m.captured(2), QStringLiteral("%1 (%2)").arg(m.captured(2), m.captured(3))});
    }
    platforms_ = found;
    emit platformsListed();
  });
  list->start(program_, prefix_ + QStringList{QStringLiteral("replay"), QStringLiteral("--list-platforms")});
}

bool ReplayContents::running() const { return helper_->running(); }
void ReplayContents::cancel() { helper_->cancel(); }
bool ReplayContents::wait(int msecs) { return helper_->wait(msecs); }

bool ReplayContents::request(const QString& trace, const QString& platform, const trace::Handle& mem, std::uint64_t at) {
  if (running()) return false;
  const Key key{trace, platform, mem.id, at};
  if (auto known = cache_.find(key); known != cache_.end()) {
    emit contentsReady(mem, at, platform, known->second);
    return true;
  }
  delete output_;
  output_ = new QTemporaryFile(this);
  if (!output_->open()) {
    emit failed(mem, at, tr("no temporary file for the replayed bytes: %1").arg(output_->errorString()));
    return true;
  }
  output_->close();
  asked_ = key;
  mem_ = mem;
  QStringList arguments = prefix_;
  arguments << QStringLiteral("replay") << trace << QStringLiteral("--platform") << platform
            << QStringLiteral("--contents") << QString::fromStdString(trace::format_handle(mem))
            << QStringLiteral("--output") << output_->fileName() << QStringLiteral("--progress");
  if (at) arguments << QStringLiteral("--to") << QString::number(at);
  const QString what = at ? tr("replay to call #%1").arg(at) : tr("replay of every call");
  return helper_->start(what, program_, arguments);
}

void ReplayContents::finished(int status, const QString& why, const QByteArray& err) {
  const auto& [trace, platform, id, at] = asked_;
  if (status != 0) {
    // What replay said, less its progress lines.
    QStringList said;
    for (const QString& line : QString::fromUtf8(err).split(QLatin1Char('\n')))
      if (!line.isEmpty() && !line.startsWith(QStringLiteral("progress "))) said << line;
    emit failed(mem_, at, why.isEmpty() ? tr("replay on %1 failed (exit status %2): %3").arg(platform).arg(status).arg(said.join(QStringLiteral("; ")))
                                        : why);
    return;
  }
  QFile file(output_->fileName());
  if (!file.open(QIODevice::ReadOnly)) {
    emit failed(mem_, at, tr("replay wrote no bytes: %1").arg(file.errorString()));
    return;
  }
  const QByteArray bytes = file.readAll();
  cache_[asked_] = bytes;
  emit contentsReady(mem_, at, platform, bytes);
}

}  // namespace clvet::gui
