// The diff view: each kernel launch of the trace re-run on the reference device and compared
// with what the recorded device produced (`clvet diff`, run as a helper process that can be
// cancelled), as a heat map of mismatches over launches and arguments, per launch the first
// mismatch (element, work-item, both values, ULP distance, what the spec allows) and the
// likely cause: the reference device's findings of that launch, which lead to their lines; and
// per argument a heat map over its elements, where a click names the element, its work-item
// and its values.
#pragma once

#include <QJsonObject>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

#include "clvet/reports/finding.h"

class QTreeWidget;
class QLabel;
class QPushButton;
class QTreeWidgetItem;

namespace clvet::gui {

class TraceDocument;
class HelperProcess;
class ElementHeatMap;

// Launches down, their buffer arguments across, each cell coloured by the share of its
// elements that differ (white: none, red: all; grey: not re-run).
class MismatchHeatMap : public QWidget {
  Q_OBJECT
 public:
  explicit MismatchHeatMap(QWidget* parent = nullptr);
  struct Cell {
    double share = 0;  // mismatches / elements
    bool run = true;
  };
  void setCells(std::vector<QString> rows, int columns, std::vector<std::vector<Cell>> cells);
  // The cell under a point: launch row and argument column.
  std::optional<std::pair<int, int>> cellAt(QPoint point) const;
  const std::vector<std::vector<Cell>>& cells() const { return cells_; }
  QSize sizeHint() const override { return {360, 200}; }

 signals:
  void rowActivated(int row);
  void cellActivated(int row, int column);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  std::vector<QString> rows_;
  int columns_ = 0;
  std::vector<std::vector<Cell>> cells_;
};

class DiffView : public QWidget {
  Q_OBJECT

 public:
  DiffView(HelperProcess* helper, QWidget* parent = nullptr);
  void setDocument(TraceDocument* document);
  // Runs `clvet diff` on the open trace in the helper process: every launch, or only the
  // launch of call `enqueue` (a re-run of one launch with the reference device's checkers).
  void runDiff(std::uint64_t enqueue = 0);
  // Shows the results of `clvet diff --format=json`; false with the reason in the message.
  bool loadResults(const QByteArray& json);
  QString message() const;
  QTreeWidget* launches() const { return launches_; }
  QTreeWidget* details() const { return details_; }
  MismatchHeatMap* heatMap() const { return heat_; }
  void showLaunch(int row);
  // Argument `argument` (its position in the launch's list) of launch `row` over its elements.
  void showArgument(int row, int argument);
  ElementHeatMap* elements() const { return element_map_; }
  // What a click on element `element` of the argument shown says: its index, place in the
  // grid, work-item, and both devices' values where they are known.
  void showElement(std::uint64_t element);
  QString elementText() const;

 signals:
  // The reference device's findings of every launch (their call indexes the trace's).
  void kernelFindings(const std::vector<reports::Finding>& findings);
  void findingActivated(const reports::Finding& finding);
  void callActivated(std::uint64_t call);

 private:
  TraceDocument* document_ = nullptr;
  HelperProcess* helper_;
  QPushButton* run_;
  QLabel* message_;
  QTreeWidget* launches_;
  MismatchHeatMap* heat_;
  QTreeWidget* details_;
  ElementHeatMap* element_map_;
  QLabel* element_info_;
  int shown_launch_ = -1, shown_argument_ = -1;
  bool waiting_ = false;  // a diff this view started runs in the helper
  std::vector<QJsonObject> results_;
  std::vector<std::vector<reports::Finding>> findings_;  // per launch
};

}  // namespace clvet::gui
