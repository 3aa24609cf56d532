// The call list's widgets around its model.
#include "call_list_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "call_list_model.h"
#include "clvet/trace/print.h"
#include "trace_document.h"

namespace clvet::gui {

CallListView::CallListView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  auto* bar = new QHBoxLayout;
  entry_ = new QLineEdit;
  entry_->setPlaceholderText(tr("entry point"));
  entry_->setClearButtonEnabled(true);
  entry_->setMaximumWidth(160);
  thread_ = new QComboBox;
  errors_ = new QCheckBox(tr("errors"));
  findings_ = new QCheckBox(tr("findings"));
  bookmarks_ = new QCheckBox(tr("bookmarks"));
  object_ = new QToolButton;
  object_->setVisible(false);
  object_->setToolTip(tr("calls that name this object; click to show all"));
  search_ = new QLineEdit;
  search_->setPlaceholderText(tr("search (Enter: next)"));
  search_->setClearButtonEnabled(true);
  search_->setMaximumWidth(200);
  auto button = [this, &bar](const QString& text, const QString& tip, void (CallListView::*slot)()) {
    auto* b = new QToolButton;
    b->setText(text);
    b->setToolTip(tip);
    connect(b, &QToolButton::clicked, this, slot);
    bar->addWidget(b);
  };
  bar->addWidget(new QLabel(tr("Filter:")));
  bar->addWidget(entry_);
  bar->addWidget(thread_);
  bar->addWidget(errors_);
  bar->addWidget(findings_);
  bar->addWidget(bookmarks_);
  bar->addWidget(object_);
  bar->addStretch();
  layout->addLayout(bar);
  // Search and navigation on a row of their own, so that the list stays narrow enough for
  // the inspector beside it.
  bar = new QHBoxLayout;
  bar->addWidget(search_);
  button(QStringLiteral("▲"), tr("previous match"), &CallListView::findPrevious);
  button(QStringLiteral("▼"), tr("next match"), &CallListView::findNext);
  button(tr("◀ finding"), tr("previous call with a finding (Shift+F3)"), &CallListView::previousFinding);
  button(tr("finding ▶"), tr("next call with a finding (F3)"), &CallListView::nextFinding);
  button(QStringLiteral("★"), tr("bookmark the selected call (Ctrl+B)"), &CallListView::toggleBookmark);
  bar->addStretch();
  count_ = new QLabel;
  bar->addWidget(count_);
  layout->addLayout(bar);

  table_ = new QTableView;
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setWordWrap(false);
  table_->setShowGrid(false);
  table_->setAlternatingRowColors(true);
  table_->verticalHeader()->setVisible(false);
  // Fixed row heights: a million rows are laid out by arithmetic, not by measuring each.
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
  table_->horizontalHeader()->setStretchLastSection(true);
  layout->addWidget(table_);

  connect(entry_, &QLineEdit::textChanged, this, &CallListView::applyFilter);
  connect(thread_, &QComboBox::currentIndexChanged, this, &CallListView::applyFilter);
  for (QCheckBox* box : {errors_, findings_, bookmarks_})
    connect(box, &QCheckBox::toggled, this, &CallListView::applyFilter);
  connect(object_, &QToolButton::clicked, this, [this] {
    object_filter_.reset();
    object_->setVisible(false);
    applyFilter();
  });
  connect(search_, &QLineEdit::returnPressed, this, &CallListView::findNext);
}

void CallListView::setDocument(TraceDocument* document) {
  document_ = document;
  selected_ = 0;
  auto* old = model_;
  model_ = new CallListModel(document, this);
  table_->setModel(model_);
  delete old;
  QHeaderView* h = table_->horizontalHeader();
  const int digit = fontMetrics().horizontalAdvance(QLatin1Char('0'));
  h->resizeSection(CallListModel::Index, digit * 10);
  h->resizeSection(CallListModel::Thread, digit * 8);
  h->resizeSection(CallListModel::Time, digit * 11);
  h->resizeSection(CallListModel::Duration, digit * 15);  // "Duration (µs)" and the sort arrow
  h->resizeSection(CallListModel::Entry, digit * 30);
  h->resizeSection(CallListModel::Arguments, digit * 70);
  h->resizeSection(CallListModel::Result, digit * 26);
  // A click on a header orders the rows by that column (CallListModel::sort()); the trace's
  // order first. The selected call stays selected through a new order.
  h->setSortIndicator(CallListModel::Index, Qt::AscendingOrder);
  table_->setSortingEnabled(true);
  // After the table has taken the new rows (connected before, in setModel()).
  connect(model_, &QAbstractItemModel::modelReset, this, [this] { selectRow(model_->rowOfCall(selected_)); });
  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (!current.isValid()) return;
            selected_ = model_->callIndex(current.row());
            emit callSelected(selected_);
          });
  connect(document_, &TraceDocument::scanFinished, this, &CallListView::fillThreads);
  auto count = [this] { count_->setText(tr("%1 calls").arg(model_->rowCount())); };
  connect(model_, &QAbstractItemModel::rowsInserted, this, count);
  connect(model_, &QAbstractItemModel::modelReset, this, count);
  count();
  fillThreads();
}

void CallListView::fillThreads() {
  const QSignalBlocker block(thread_);
  thread_->clear();
  thread_->addItem(tr("all threads"));
  if (!document_) return;
  for (std::uint64_t tid : document_->facts().threads) thread_->addItem(tr("thread %1").arg(tid));
}

void CallListView::applyFilter() {
  if (!model_) return;
  const std::uint64_t current = currentCall();
  CallFilter f;
  f.entry = entry_->text();
  f.thread = thread_->currentIndex() - 1;
  f.errors = errors_->isChecked();
  f.findings = findings_->isChecked();
  f.bookmarks = bookmarks_->isChecked();
  f.object = object_filter_;
  model_->setFilter(f);
  if (current) selectRow(model_->rowOfCall(current));
}

void CallListView::filterByObject(const trace::Handle& handle) {
  object_filter_ = handle;
  object_->setText(QString::fromStdString(trace::format_handle(handle)) + QStringLiteral(" ✕"));
  object_->setVisible(true);
  applyFilter();
}

std::uint64_t CallListView::currentCall() const {
  const QModelIndex current = table_->currentIndex();
  return current.isValid() && model_ ? model_->callIndex(current.row()) : 0;
}

void CallListView::selectRow(int row) {
  if (row < 0 || !model_) return;
  const QModelIndex index = model_->index(row, CallListModel::Entry);
  table_->setCurrentIndex(index);
  table_->scrollTo(index, QAbstractItemView::PositionAtCenter);
}

void CallListView::showCall(std::uint64_t index) {
  if (!model_) return;
  int row = model_->rowOfCall(index);
  if (row < 0 && model_->filter().active()) {
    const QSignalBlocker b1(entry_), b2(thread_), b3(errors_), b4(findings_), b5(bookmarks_);
    entry_->clear();
    thread_->setCurrentIndex(0);
    errors_->setChecked(false);
    findings_->setChecked(false);
    bookmarks_->setChecked(false);
    object_filter_.reset();
    object_->setVisible(false);
    model_->setFilter({});
    row = model_->rowOfCall(index);
  }
  selectRow(row);
}

void CallListView::nextFinding() {
  if (model_) selectRow(model_->nextFinding(table_->currentIndex().isValid() ? table_->currentIndex().row() : -1, true));
}
void CallListView::previousFinding() {
  if (model_) selectRow(model_->nextFinding(table_->currentIndex().isValid() ? table_->currentIndex().row() : 0, false));
}
void CallListView::toggleBookmark() {
  if (const std::uint64_t call = currentCall()) model_->toggleBookmark(call);
}
void CallListView::nextBookmark() {
  if (model_) selectRow(model_->nextBookmark(table_->currentIndex().isValid() ? table_->currentIndex().row() : -1, true));
}
void CallListView::previousBookmark() {
  if (model_) selectRow(model_->nextBookmark(table_->currentIndex().isValid() ? table_->currentIndex().row() : 0, false));
}
void CallListView::findNext() {
  if (model_) selectRow(model_->find(search_->text(), table_->currentIndex().isValid() ? table_->currentIndex().row() : -1, true));
}
void CallListView::findPrevious() {
  if (model_) selectRow(model_->find(search_->text(), table_->currentIndex().isValid() ? table_->currentIndex().row() : 0, false));
}

}  // namespace clvet::gui
