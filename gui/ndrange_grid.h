// An NDRange drawn as work-groups of work-items (two dimensions; the third as slices side by
// side), with the lanes of a race or out-of-bounds finding marked: the work-item that made the
// access, and for a race the one on the other side.
#pragma once

#include <QWidget>

#include <array>
#include <optional>
#include <vector>

#include "clvet/reports/finding.h"

namespace clvet::gui {

class NDRangeGrid : public QWidget {
  Q_OBJECT

 public:
  explicit NDRangeGrid(QWidget* parent = nullptr);
  // The launch's global and local sizes (local 0: unknown, one group of everything).
  void setNDRange(std::array<std::uint64_t, 3> global, std::array<std::uint64_t, 3> local);
  // Marks the work-items a finding names; clears with nullptr.
  void setFinding(const reports::Finding* finding);
  // Marked work-items by global id, for tests: the finding's own first, then the other side.
  const std::vector<std::array<std::uint64_t, 3>>& marked() const { return marked_; }
  std::array<std::uint64_t, 3> groups() const;
  QSize sizeHint() const override { return {520, 320}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  std::array<std::uint64_t, 3> global_{1, 1, 1}, local_{1, 1, 1};
  std::vector<std::array<std::uint64_t, 3>> marked_;
  QString caption_;
};

}  // namespace clvet::gui
