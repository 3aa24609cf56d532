// The buffer viewer: a memory object's bytes at any call (from the trace's data, else by a
// replay on a platform the user picks, in a helper process), or a kernel launch's buffer
// arguments before and after it ran (the trace's kernel-buffer records), as hex and as typed
// columns from a format string, with a plot of a numeric column on request.
#pragma once

#include <QAbstractTableModel>
#include <QWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "buffer_format.h"
#include "clvet/trace/records.h"

class QComboBox;
class QLineEdit;
class QSpinBox;
class QLabel;
class QTableView;
class QTabWidget;
class QChartView;

namespace clvet::gui {

class TraceDocument;
class ReplayBar;
class ReplayContents;

// Bytes, and which of them are known, shared by the typed and the hex model.
struct BufferBytes {
  std::string bytes;
  std::vector<bool> known;  // empty: all known
  bool isKnown(std::uint64_t at, std::uint64_t n) const;
};

class TypedBufferModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  using QAbstractTableModel::QAbstractTableModel;
  void set(std::shared_ptr<const BufferBytes> bytes, const BufferFormat& format);
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  const BufferFormat& format() const { return format_; }

 private:
  std::shared_ptr<const BufferBytes> bytes_;
  BufferFormat format_;
};

class HexBufferModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  using QAbstractTableModel::QAbstractTableModel;
  void set(std::shared_ptr<const BufferBytes> bytes);
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::shared_ptr<const BufferBytes> bytes_;
};

class BufferViewer : public QWidget {
  Q_OBJECT

 public:
  explicit BufferViewer(QWidget* parent = nullptr);
  void setDocument(TraceDocument* document);
  // A memory object at call `at` (0: the end), or a launch's buffer argument.
  void showBuffer(const trace::Handle& mem, std::uint64_t at);
  void showKernelArgument(std::uint64_t launch, std::uint32_t argument, bool after);
  // False: not a format (the error is shown). Until a format is set, one is guessed from the
  // bytes (int or float).
  bool setFormat(const QString& format);
  void plotColumn(int column);
  TypedBufferModel* typed() const { return typed_; }
  HexBufferModel* hex() const { return hex_; }
  QString note() const;
  // The source whose plot tells the most: the first kernel-buffer record, else the first buffer.
  void showMostInteresting();
  // Replays the trace on `platform` (a --platform value; empty: the one chosen in the viewer)
  // up to the call shown and shows the buffer's bytes there; false when none is shown or a
  // replay already runs. Its progress and a cancel button show in the viewer meanwhile.
  bool replayContents(const QString& platform = {});
  ReplayContents* replay() const { return replay_; }
  // The bytes shown came from a replay.
  bool replayed() const { return replayed_; }

 private:
  void refill();
  void sourceChosen();
  void setBytes(std::shared_ptr<BufferBytes> bytes, const QString& note);

  TraceDocument* document_ = nullptr;
  QComboBox* source_;
  QSpinBox* at_;
  QLineEdit* format_;
  QComboBox* column_;
  QLabel* note_;
  QTabWidget* tabs_;
  TypedBufferModel* typed_;
  HexBufferModel* hex_;
  QChartView* chart_;
  std::shared_ptr<BufferBytes> bytes_;
  bool format_edited_ = false;  // the user wrote a format: it is no longer guessed
  // Replay: the bar, its helper; the buffer and call shown.
  ReplayBar* replay_bar_;
  ReplayContents* replay_;
  std::optional<trace::Handle> shown_;
  std::uint64_t shown_at_ = 0;
  QString trace_note_;  // what the trace's data is not, kept when a replay fails
  bool replayed_ = false;
};

}  // namespace clvet::gui
