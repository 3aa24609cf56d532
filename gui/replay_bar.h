// The bar under a contents viewer that replays the trace up to the call shown on a platform the
// user picks: the platform list, "Replay to this call", the replay's progress and a cancel
// button. The viewer owns what is replayed and what is shown; the bar owns the helper process
// (ReplayContents) and keeps its widgets in step with it.
#pragma once

#include <QWidget>

class QComboBox;
class QProgressBar;
class QPushButton;

namespace clvet::gui {

class ReplayContents;

class ReplayBar : public QWidget {
  Q_OBJECT

 public:
  // `what` ends the button's tooltip: what the viewer shows after the replay.
  explicit ReplayBar(const QString& what, QWidget* parent = nullptr);
  ReplayContents* contents() const { return contents_; }
  // The --platform value chosen, and the name shown for it.
  QString platform() const;
  QString platformShown() const;
  // Whether the viewer shows something a replay could read; the button follows it while no
  // replay runs.
  void setReplayable(bool replayable);
  // Shows the replay's progress and cancel button while one runs (`running` and the helper
  // running: a request answered at once runs nothing), and enables the button otherwise.
  void showRunning(bool running);

 signals:
  void replayRequested();

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  ReplayContents* contents_;
  QComboBox* platform_;
  QPushButton* button_;
  QProgressBar* progress_;
  QPushButton* cancel_;
  bool replayable_ = false;
  bool platforms_asked_ = false;
};

}  // namespace clvet::gui
