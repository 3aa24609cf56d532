// Rows of the call list, decoded on demand and cached by call index.
#include "call_list_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "clvet/reports/finding.h"
#include "clvet/trace/print.h"
#include "trace_document.h"

namespace clvet::gui {

namespace {

// The Duration column's value as it sorts (CallListModel::DurationNsRole).
qint64 durationKey(const CallRow& r) {
  if (!r.completed) return std::numeric_limits<qint64>::max();
  if (!r.timed) return -1;
  return static_cast<qint64>(r.exit_ns - r.enter_ns);
}

}  // namespace

CallListModel::CallListModel(TraceDocument* document, QObject* parent)
    : QAbstractTableModel(parent), document_(document) {
  connect(document_, &TraceDocument::rowsAdded, this, &CallListModel::rowsArrived);
  connect(document_, &TraceDocument::scanFinished, this, &CallListModel::rebuild);
}

int CallListModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid()) return 0;
  if (filtered_) return static_cast<int>(visible_.size());
  return static_cast<int>(document_->facts().rows.size());
}

int CallListModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

const CallRow& CallListModel::rowAt(int row) const {
  const auto& rows = document_->facts().rows;
  return rows[filtered_ ? visible_[static_cast<std::size_t>(row)] : static_cast<std::size_t>(row)];
}

std::uint64_t CallListModel::callIndex(int row) const {
  if (row < 0 || row >= rowCount()) return 0;
  return rowAt(row).index;
}

int CallListModel::rowOfCall(std::uint64_t index) const {
  const std::int64_t position = document_->facts().row_of(index);
  if (position < 0) return -1;
  if (!filtered_) return static_cast<int>(position);
  if (reordered())
    return static_cast<std::size_t>(position) < row_of_position_.size()
               ? row_of_position_[static_cast<std::size_t>(position)]
               : -1;
  auto it = std::lower_bound(visible_.begin(), visible_.end(), static_cast<std::uint32_t>(position));
  if (it == visible_.end() || *it != position) return -1;
  return static_cast<int>(it - visible_.begin());
}

const CallListModel::Text* CallListModel::text(int row) const {
  const CallRow& r = rowAt(row);
  if (Text* t = cache_.object(r.offset)) return t;
  const std::size_t position = filtered_ ? visible_[static_cast<std::size_t>(row)] : static_cast<std::size_t>(row);
  auto call = document_->callAtRow(position);
  auto* t = new Text;
  if (!call) {
    t->arguments = tr("(unreadable record at offset %1)").arg(r.offset, 0, 16);
  } else {
    trace::PrintOptions options;
    options.max_items = 8;
    options.max_bytes = 16;
    options.max_string = 60;
    std::string args;
    for (std::size_t i = 0; i < call->params.size(); ++i) {
      if (i) args += ", ";
      const auto p = static_cast<std::uint32_t>(i);
      args += trace::format_value(call->params[i], trace::param_of(*call, p), options);
    }
    t->arguments = QString::fromStdString(args);
    t->result = call->completed ? QString::fromStdString(trace::format_result(*call))
                                : tr("(never returned)");
  }
  cache_.insert(r.offset, t);
  return t;
}

QString CallListModel::argumentsText(int row) const { return text(row)->arguments; }
QString CallListModel::resultText(int row) const { return text(row)->result; }

QVariant CallListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const CallRow& r = rowAt(index.row());
  const TraceFacts& facts = document_->facts();
  if (role == CallIndexRole) return QVariant::fromValue<quint64>(r.index);
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case Index: {
        QString s = QString::number(r.index);
        if (bookmarks_.count(r.index)) s.prepend(QStringLiteral("★ "));
        return s;
      }
      case Thread: return QString::number(facts.threads[r.thread]);
      case Time: return QString::fromStdString(fmt::format("{:.6f}", r.enter_ns / 1e9));
      case Duration:
        // One unit for the whole column (its header says µs), so that the numbers compare.
        if (!r.completed) return tr("never returned");
        return r.timed ? QString::fromStdString(fmt::format("{:.3f}", (r.exit_ns - r.enter_ns) / 1e3))
                       : tr("not timed");
      case Entry: return QString::fromStdString(facts.entry_names[r.name]);
      case Arguments: return text(index.row())->arguments;
      case Result: return text(index.row())->result;
    }
    return {};
  }
  if (role == DurationNsRole) return QVariant::fromValue<qint64>(durationKey(r));
  if (role == Qt::ToolTipRole && index.column() == Duration)
    return !r.completed ? tr("the call never returned (the process ended inside it)")
           : r.timed    ? QString::fromStdString(trace::format_duration(r.exit_ns - r.enter_ns))
                        : tr("not timed: the layer records no end time for the cheapest calls "
                             "(info queries, retains, releases, kernel arguments)");
  if (role == Qt::ToolTipRole && index.column() == Index && r.findings)
    return r.findings == 1 ? tr("1 finding") : tr("%1 findings").arg(r.findings);
  if (role == Qt::ForegroundRole) {
    if (index.column() == Result && (r.error != 0 || !r.completed)) return QBrush(QColor(0xc0, 0x20, 0x20));
    if (index.column() == Duration && (!r.timed || !r.completed)) return QBrush(QColor(0x80, 0x80, 0x80));
    return {};
  }
  if (role == Qt::BackgroundRole && r.findings) return QBrush(QColor(0xff, 0xe4, 0xc8));
  if (role == Qt::FontRole && index.column() == Arguments) {
    QFont f(QStringLiteral("monospace"));
    f.setStyleHint(QFont::Monospace);
    return f;
  }
  if (role == Qt::TextAlignmentRole && index.column() <= Duration)
    return int(Qt::AlignRight | Qt::AlignVCenter);
  return {};
}

QVariant CallListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Index: return tr("#");
    case Thread: return tr("Thread");
    case Time: return tr("Time (s)");
    case Duration: return tr("Duration (µs)");
    case Entry: return tr("Entry point");
    case Arguments: return tr("Arguments");
    case Result: return tr("Result");
  }
  return {};
}

void CallListModel::rowsArrived(qsizetype first, qsizetype count) {
  if (filtered_ || count <= 0) return;
  beginInsertRows({}, static_cast<int>(first), static_cast<int>(first + count - 1));
  endInsertRows();
}

void CallListModel::rebuild() {
  beginResetModel();
  cache_.clear();
  const TraceFacts& facts = document_->facts();
  filtered_ = filter_.active() || reordered();
  visible_.clear();
  row_of_position_.clear();
  if (filtered_) {
    std::vector<bool> named;  // rows that name the object, by position
    if (filter_.object) {
      named.assign(facts.rows.size(), false);
      if (const ObjectLife* life = facts.object(*filter_.object))
        for (std::uint64_t call : life->calls)
          if (const std::int64_t p = facts.row_of(call); p >= 0) named[static_cast<std::size_t>(p)] = true;
    }
    std::vector<bool> entry_matches(facts.entry_names.size(), true);
    if (!filter_.entry.isEmpty())
      for (std::size_t i = 0; i < facts.entry_names.size(); ++i)
        entry_matches[i] = QString::fromStdString(facts.entry_names[i]).contains(filter_.entry, Qt::CaseInsensitive);
    for (std::size_t i = 0; i < facts.rows.size(); ++i) {
      const CallRow& r = facts.rows[i];
      if (!entry_matches[r.name]) continue;
      if (filter_.thread >= 0 && r.thread != static_cast<std::uint32_t>(filter_.thread)) continue;
      if (filter_.errors && r.error == 0 && r.completed) continue;
      if (filter_.findings && !r.findings) continue;
      if (filter_.bookmarks && !bookmarks_.count(r.index)) continue;
      if (filter_.object && !named[i]) continue;
      visible_.push_back(static_cast<std::uint32_t>(i));
    }
  }
  if (reordered()) {
    orderVisible();
    row_of_position_.assign(facts.rows.size(), -1);
    for (std::size_t row = 0; row < visible_.size(); ++row)
      row_of_position_[visible_[row]] = static_cast<int>(row);
  }
  endResetModel();
}

void CallListModel::orderVisible() {
  const TraceFacts& facts = document_->facts();
  const bool descending = sort_order_ == Qt::DescendingOrder;
  // Compares two positions by `key`, in the order asked; equal keys keep the trace's order.
  auto by = [&](auto key) {
    std::stable_sort(visible_.begin(), visible_.end(), [&](std::uint32_t a, std::uint32_t b) {
      const auto& ka = key(facts.rows[a]);
      const auto& kb = key(facts.rows[b]);
      return descending ? kb < ka : ka < kb;
    });
  };
  switch (sort_column_) {
    case Index: by([](const CallRow& r) { return r.index; }); break;
    case Thread: by([&](const CallRow& r) { return facts.threads[r.thread]; }); break;
    case Time: by([](const CallRow& r) { return r.enter_ns; }); break;
    case Duration: by([](const CallRow& r) { return durationKey(r); }); break;
    case Entry: by([&](const CallRow& r) -> const std::string& { return facts.entry_names[r.name]; }); break;
    case Result:
      by([](const CallRow& r) { return r.completed ? static_cast<qint64>(r.error) : std::numeric_limits<qint64>::max(); });
      break;
    default: break;  // the arguments are decoded only for the rows on screen: call order
  }
}

void CallListModel::sort(int column, Qt::SortOrder order) {
  if (column == sort_column_ && order == sort_order_) return;
  sort_column_ = column;
  sort_order_ = order;
  rebuild();
}

void CallListModel::setFilter(const CallFilter& filter) {
  filter_ = filter;
  rebuild();
}

int CallListModel::nextFinding(int from, bool forward) const {
  const int n = rowCount();
  for (int step = 1; step <= n; ++step) {
    const int row = ((from + (forward ? step : -step)) % n + n) % n;
    if (rowAt(row).findings) return row;
  }
  return -1;
}

int CallListModel::nextBookmark(int from, bool forward) const {
  const int n = rowCount();
  if (bookmarks_.empty()) return -1;
  for (int step = 1; step <= n; ++step) {
    const int row = ((from + (forward ? step : -step)) % n + n) % n;
    if (bookmarks_.count(rowAt(row).index)) return row;
  }
  return -1;
}

int CallListModel::find(const QString& needle, int from, bool forward) const {
  const int n = rowCount();
  if (needle.isEmpty() || n == 0) return -1;
  const TraceFacts& facts = document_->facts();
  for (int step = 1; step <= n; ++step) {
    const int row = ((from + (forward ? step : -step)) % n + n) % n;
    const CallRow& r = rowAt(row);
    if (QString::fromStdString(facts.entry_names[r.name]).contains(needle, Qt::CaseInsensitive)) return row;
    if (QString::number(r.index) == needle) return row;
    const Text* t = text(row);
    if (t->arguments.contains(needle, Qt::CaseInsensitive) || t->result.contains(needle, Qt::CaseInsensitive))
      return row;
  }
  return -1;
}

void CallListModel::toggleBookmark(std::uint64_t index) {
  if (!bookmarks_.erase(index)) bookmarks_.insert(index);
  const int row = rowOfCall(index);
  if (row >= 0) emit dataChanged(this->index(row, Index), this->index(row, Index));
  if (filter_.bookmarks) rebuild();
}

void CallListModel::setBookmarks(std::set<std::uint64_t> bookmarks) {
  bookmarks_ = std::move(bookmarks);
  rebuild();
}

}  // namespace clvet::gui
