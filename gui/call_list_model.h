// The call list: a virtual table over the trace's rows. Only the rows on screen are decoded
// (through the reader, by their record's offset), so a million calls cost a million CallRows
// and nothing more. Filters pick rows from the scan's facts without decoding.
#pragma once

#include <QAbstractTableModel>
#include <QCache>
#include <QString>

#include <optional>
#include <set>
#include <vector>

#include "clvet/trace/records.h"

namespace clvet::gui {

class TraceDocument;
struct CallRow;

struct CallFilter {
  QString entry;                          // part of the entry point's name; empty: any
  std::optional<trace::Handle> object;    // calls that name this object
  int thread = -1;                        // position in TraceFacts::threads; -1: any
  bool errors = false;                    // calls that failed
  bool findings = false;                  // calls with a finding
  bool bookmarks = false;                 // bookmarked calls
  bool active() const {
    return !entry.isEmpty() || object || thread >= 0 || errors || findings || bookmarks;
  }
};

class CallListModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Index, Thread, Time, Duration, Entry, Arguments, Result, ColumnCount };
  // Role of every cell: the call's index (quint64).
  static constexpr int CallIndexRole = Qt::UserRole + 1;
  // The Duration column's value in nanoseconds (qint64), as it sorts: -1 for a call not timed
  // (trace format 3.0's Returned: it took about what a cheap call takes), INT64_MAX for one
  // that never returned.
  static constexpr int DurationNsRole = Qt::UserRole + 2;

  explicit CallListModel(TraceDocument* document, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  // Orders the rows by a column's value: the number it shows (Duration: not-timed calls below
  // every timed one, calls that never returned above), the entry point's name, the result's
  // error code; ties, and the Arguments column, in call order. Index ascending is the trace's
  // order.
  void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

  void setFilter(const CallFilter& filter);
  const CallFilter& filter() const { return filter_; }

  // The call index shown in `row`, and the row showing call `index` (-1: not shown).
  std::uint64_t callIndex(int row) const;
  int rowOfCall(std::uint64_t index) const;
  // The next row after `from` (before it, when !forward) with a finding / matching `text` in
  // its entry point or decoded arguments, wrapping around; -1 when there is none.
  int nextFinding(int from, bool forward) const;
  int find(const QString& text, int from, bool forward) const;

  void toggleBookmark(std::uint64_t index);
  const std::set<std::uint64_t>& bookmarks() const { return bookmarks_; }
  void setBookmarks(std::set<std::uint64_t> bookmarks);
  int nextBookmark(int from, bool forward) const;

  // The decoded argument and result text of a row (what the Arguments and Result columns show).
  QString argumentsText(int row) const;
  QString resultText(int row) const;

 private:
  struct Text {
    QString arguments, result;
  };
  const CallRow& rowAt(int row) const;
  const Text* text(int row) const;
  void rowsArrived(qsizetype first, qsizetype count);
  void rebuild();
  // Orders visible_ by the sort column (rebuild()'s).
  void orderVisible();

  // The rows in the order sort() asked: not the trace's.
  bool reordered() const { return sort_column_ != Index || sort_order_ != Qt::AscendingOrder; }

  TraceDocument* document_;
  CallFilter filter_;
  bool filtered_ = false;               // visible_ lists the rows: filtered, or reordered
  std::vector<std::uint32_t> visible_;  // positions in facts().rows when filtered_
  std::vector<int> row_of_position_;    // when reordered(): each position's row, or -1
  int sort_column_ = Index;
  Qt::SortOrder sort_order_ = Qt::AscendingOrder;
  std::set<std::uint64_t> bookmarks_;
  mutable QCache<std::uint64_t, Text> cache_{8192};
};

}  // namespace clvet::gui
