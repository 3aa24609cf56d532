// A memory object's bytes at a call by replay: `clvet replay --contents` in a helper process
// (the GUI links no replay, no interpreter and no LLVM), which the user can stop and whose crash
// is reported, not suffered. The platforms to replay on come from `clvet replay
// --list-platforms`.
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <map>
#include <tuple>

#include "clvet/trace/value.h"

class QTemporaryFile;

namespace clvet::gui {

class HelperProcess;

class ReplayContents : public QObject {
  Q_OBJECT

 public:
  explicit ReplayContents(QObject* parent = nullptr);
  ~ReplayContents() override;

  // The program that replays (clvet beside clvet-gui) and arguments put before its own; a
  // test puts another one there (one that crashes, one that never ends).
  void setProgram(const QString& program, const QStringList& prefix = {});
  // Asks for the platforms the loader offers; platformsListed() comes when they are known.
  void listPlatforms();
  // --platform values with what to show for each: "reference" first, then each one listed.
  const QList<QPair<QString, QString>>& platforms() const { return platforms_; }

  // Replays `trace` on `platform` up to call `at` (0: every call) and reads `mem` there;
  // false when a replay already runs. A result already read is given again at once.
  bool request(const QString& trace, const QString& platform, const trace::Handle& mem, std::uint64_t at);
  bool running() const;
  void cancel();
  bool wait(int msecs);  // tests
  HelperProcess* helper() const { return helper_; }

 signals:
  void platformsListed();
  void progress(quint64 done, quint64 total);
  void contentsReady(const trace::Handle& mem, std::uint64_t at, const QString& platform, const QByteArray& bytes);
  // Why there are no bytes: replay stopped, the object did not exist there, a crash, a cancel.
  void failed(const trace::Handle& mem, std::uint64_t at, const QString& why);

 private:
  using Key = std::tuple<QString, QString, std::uint64_t, std::uint64_t>;  // trace, platform, mem, at
  void finished(int status, const QString& why, const QByteArray& err);

  HelperProcess* helper_;
  QString program_;
  QStringList prefix_;
  QList<QPair<QString, QString>> platforms_;
  QTemporaryFile* output_ = nullptr;
  Key asked_;
  trace::Handle mem_;
  std::map<Key, QByteArray> cache_;
};

}  // namespace clvet::gui
