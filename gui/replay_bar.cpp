// The replay bar's widgets, kept in step with its helper process.
#include "replay_bar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

#include <algorithm>

#include "replay_contents.h"

namespace clvet::gui {

ReplayBar::ReplayBar(const QString& what, QWidget* parent) : QWidget(parent) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  contents_ = new ReplayContents(this);
  platform_ = new QComboBox;
  platform_->setToolTip(tr("the platform the trace is replayed on: clvet's reference device or any of the ICD loader's"));
  button_ = new QPushButton(tr("Replay to this call"));
  button_->setToolTip(tr("re-issue the trace's calls up to the one shown on the platform chosen, in a helper "
                         "process, and show %1")
                          .arg(what));
  button_->setEnabled(false);
  progress_ = new QProgressBar;
  progress_->setMaximumWidth(220);
  progress_->setVisible(false);
  cancel_ = new QPushButton(tr("Cancel"));
  cancel_->setVisible(false);
  layout->addWidget(new QLabel(tr("Replay on:")));
  layout->addWidget(platform_, 1);
  layout->addWidget(button_);
  layout->addWidget(progress_);
  layout->addWidget(cancel_);
  layout->addStretch(1);
  auto fillPlatforms = [this] {
    const QString chosen = platform();
    const QSignalBlocker block(platform_);
    platform_->clear();
    for (const auto& [value, shown] : contents_->platforms()) platform_->addItem(shown, value);
    platform_->setCurrentIndex(std::max(0, platform_->findData(chosen)));
  };
  fillPlatforms();
  connect(contents_, &ReplayContents::platformsListed, this, fillPlatforms);
  connect(button_, &QPushButton::clicked, this, &ReplayBar::replayRequested);
  connect(cancel_, &QPushButton::clicked, contents_, &ReplayContents::cancel);
  connect(contents_, &ReplayContents::progress, this, [this](quint64 done, quint64 total) {
    progress_->setRange(0, 1000);
    progress_->setValue(total ? static_cast<int>(1000 * std::min(done, total) / total) : 0);
    progress_->setFormat(tr("%1 of %2 calls").arg(done).arg(total));
  });
  // Whatever ends the replay, the bar is ready for the next one.
  connect(contents_, &ReplayContents::contentsReady, this, [this] { showRunning(false); });
  connect(contents_, &ReplayContents::failed, this, [this] { showRunning(false); });
}

QString ReplayBar::platform() const { return platform_->currentData().toString(); }
QString ReplayBar::platformShown() const { return platform_->currentText(); }

void ReplayBar::setReplayable(bool replayable) {
  replayable_ = replayable;
  button_->setEnabled(replayable_ && !contents_->running());
}

void ReplayBar::showRunning(bool running) {
  running = running && contents_->running();
  progress_->setRange(0, 0);  // busy until the replay says how far it is
  progress_->setFormat(tr("replaying..."));
  progress_->setVisible(running);
  cancel_->setVisible(running);
  button_->setEnabled(!running && replayable_);
}

void ReplayBar::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (platforms_asked_) return;
  platforms_asked_ = true;  // the helper starts when a viewer is first seen, not at start-up
  contents_->listPlatforms();
}

}  // namespace clvet::gui
