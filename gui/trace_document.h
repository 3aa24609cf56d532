// An open trace: its reader for random access on the window's thread, and the facts of the
// pass over it (trace_scan.h), which runs on a thread of its own while the window is usable.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "clvet/trace/reader.h"
#include "trace_facts.h"
#include "trace_scan.h"

namespace clvet::gui {

class TraceDocument : public QObject {
  Q_OBJECT

 public:
  // nullptr and `error` when the file is not a readable trace at all. A damaged trace opens:
  // facts().problems name the offset of the damage once the scan has reached it.
  static std::unique_ptr<TraceDocument> open(const QString& path, QString& error);
  ~TraceDocument() override;

  QString path() const { return path_; }
  trace::Reader& reader() { return *reader_; }
  // Rows grow while the scan runs (in file order); the rest is filled when it has finished,
  // and the rows are then sorted by call index.
  const TraceFacts& facts() const { return facts_; }
  bool scanned() const { return scanned_; }
  // Blocks until the scan has finished and its result is in facts() (tests, screenshots).
  void waitForScan();

  // The call of row `row` / of call index `index`, decoded; nullopt when unreadable.
  std::optional<trace::Call> callAtRow(std::size_t row);
  std::optional<trace::Call> call(std::uint64_t index);
  // The bytes behind a Bytes or Blob value (a blob read from the trace); nullopt otherwise.
  std::optional<std::string> bytesOf(const trace::Value& value);
  // A record kept by offset (KernelBuffers), decoded.
  std::optional<trace::KernelBuffers> kernelBuffers(std::uint64_t offset);

  // Everything that is wrong with the file, for the status bar and message box.
  QStringList problems() const;

 signals:
  void rowsAdded(qsizetype first, qsizetype count);
  void scanFinished();
  void scanProgress(int percent);

 private:
  TraceDocument(QString path, std::unique_ptr<trace::Reader> reader);
  void startScan();
  void takeBatch(ScanProgress progress, int percent);
  void takeResult();

  QString path_;
  std::unique_ptr<trace::Reader> reader_;
  TraceFacts facts_;
  bool scanned_ = false;

  std::thread scan_thread_;
  std::atomic<bool> cancel_{false};
  std::mutex result_mutex_;
  std::optional<TraceFacts> result_;  // the scan's result until the window's thread takes it
};

}  // namespace clvet::gui
