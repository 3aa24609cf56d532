// Opening a trace and running its scan beside the window's event loop.
#include "trace_document.h"

#include <QMetaObject>

#include "trace_scan.h"

namespace clvet::gui {

std::unique_ptr<TraceDocument> TraceDocument::open(const QString& path, QString& error) {
  std::string why;
  auto reader = trace::Reader::open(path.toStdString(), why);
  if (!reader) {
    error = QString::fromStdString(why);
    return nullptr;
  }
  std::unique_ptr<TraceDocument> doc(new TraceDocument(path, std::move(reader)));
  doc->startScan();
  return doc;
}

TraceDocument::TraceDocument(QString path, std::unique_ptr<trace::Reader> reader)
    : path_(std::move(path)), reader_(std::move(reader)) {}

TraceDocument::~TraceDocument() {
  cancel_ = true;
  if (scan_thread_.joinable()) scan_thread_.join();
}

void TraceDocument::startScan() {
  // The scan reads through a reader of its own: readers are not shared between threads.
  scan_thread_ = std::thread([this, path = path_.toStdString()] {
    std::string error;
    auto reader = trace::Reader::open(path, error);
    TraceFacts facts;
    if (reader) {
      facts = scan_trace(
          *reader,
          [this](ScanProgress& p) {
            const int percent = p.bytes_total ? static_cast<int>(p.bytes_done * 100 / p.bytes_total) : 0;
            QMetaObject::invokeMethod(
                this, [this, progress = std::move(p), percent]() mutable {
                  takeBatch(std::move(progress), percent);
                },
                Qt::QueuedConnection);
          },
          cancel_);
    } else {
      facts.problems.push_back(error);
    }
    {
      std::lock_guard lock(result_mutex_);
      result_ = std::move(facts);
    }
    QMetaObject::invokeMethod(this, [this] { takeResult(); }, Qt::QueuedConnection);
  });
}

void TraceDocument::takeBatch(ScanProgress progress, int percent) {
  if (scanned_ || progress.rows.empty()) return;
  facts_.threads = std::move(progress.threads);
  facts_.entry_names = std::move(progress.entry_names);
  const auto first = static_cast<qsizetype>(facts_.rows.size());
  facts_.rows.insert(facts_.rows.end(), progress.rows.begin(), progress.rows.end());
  emit rowsAdded(first, static_cast<qsizetype>(progress.rows.size()));
  emit scanProgress(percent);
}

void TraceDocument::takeResult() {
  if (scanned_) return;
  {
    std::lock_guard lock(result_mutex_);
    if (!result_) return;
    facts_ = std::move(*result_);
    result_.reset();
  }
  scanned_ = true;
  emit scanProgress(100);
  emit scanFinished();
}

void TraceDocument::waitForScan() {
  if (scan_thread_.joinable()) scan_thread_.join();
  takeResult();
}

std::optional<trace::Call> TraceDocument::callAtRow(std::size_t row) {
  if (row >= facts_.rows.size()) return std::nullopt;
  auto record = reader_->record(facts_.rows[row].offset);
  if (!record) return std::nullopt;
  trace::Call c;
  if (!reader_->decode(*record, c)) return std::nullopt;
  return c;
}

std::optional<trace::Call> TraceDocument::call(std::uint64_t index) {
  if (scanned_) {
    const std::int64_t row = facts_.row_of(index);
    if (row >= 0) return callAtRow(static_cast<std::size_t>(row));
  }
  return reader_->call(index);
}

std::optional<std::string> TraceDocument::bytesOf(const trace::Value& value) {
  if (value.kind == trace::ValueKind::Bytes || value.kind == trace::ValueKind::String)
    return value.bytes;
  if (value.kind == trace::ValueKind::Blob) return reader_->blob(value.number);
  return std::nullopt;
}

std::optional<trace::KernelBuffers> TraceDocument::kernelBuffers(std::uint64_t offset) {
  auto record = reader_->record(offset);
  trace::KernelBuffers b;
  if (!record || !reader_->decode(*record, b)) return std::nullopt;
  return b;
}

QStringList TraceDocument::problems() const {
  QStringList out;
  for (const std::string& p : facts_.problems) out << QString::fromStdString(p);
  for (const std::string& p : reader_->problems())
    if (!out.contains(QString::fromStdString(p))) out << QString::fromStdString(p);
  return out;
}

}  // namespace clvet::gui
