// The call list with its filters (entry point, object, thread, errors, findings, bookmarks),
// search, next / previous finding and bookmarks.
#pragma once

#include <QWidget>

#include "clvet/trace/records.h"

class QTableView;
class QLineEdit;
class QComboBox;
class QCheckBox;
class QToolButton;
class QLabel;

namespace clvet::gui {

class TraceDocument;
class CallListModel;

class CallListView : public QWidget {
  Q_OBJECT

 public:
  explicit CallListView(QWidget* parent = nullptr);
  void setDocument(TraceDocument* document);
  CallListModel* model() const { return model_; }
  QTableView* table() const { return table_; }

  // Selects (and scrolls to) call `index`; clears filters that hide it.
  void showCall(std::uint64_t index);
  void filterByObject(const trace::Handle& handle);
  std::uint64_t currentCall() const;

 public slots:
  void nextFinding();
  void previousFinding();
  void toggleBookmark();
  void nextBookmark();
  void previousBookmark();
  void findNext();
  void findPrevious();

 signals:
  void callSelected(std::uint64_t index);

 private:
  void applyFilter();
  void fillThreads();
  void selectRow(int row);

  TraceDocument* document_ = nullptr;
  CallListModel* model_ = nullptr;
  QTableView* table_;
  QLineEdit* entry_;
  QComboBox* thread_;
  QCheckBox* errors_;
  QCheckBox* findings_;
  QCheckBox* bookmarks_;
  QToolButton* object_;  // the object filter; a click clears it
  std::optional<trace::Handle> object_filter_;
  std::uint64_t selected_ = 0;  // the call last selected (0: none), kept through a new order
  QLineEdit* search_;
  QLabel* count_;
};

}  // namespace clvet::gui
