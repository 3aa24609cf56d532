// The image viewer's widgets and the mapping of channel values to screen colours.
#include "image_viewer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

#include "clvet/rules/opencl.h"
#include "clvet/trace/print.h"
#include "replay_bar.h"
#include "replay_contents.h"
#include "trace_document.h"

namespace clvet::gui {

ImageCanvas::ImageCanvas(QWidget* parent) : QWidget(parent) { setMouseTracking(true); }

void ImageCanvas::setImage(const QImage& image, int zoom) {
  image_ = image;
  zoom_ = std::max(1, zoom);
  resize(sizeHint());
  update();
}

QSize ImageCanvas::sizeHint() const { return image_.size() * zoom_; }

void ImageCanvas::paintEvent(QPaintEvent*) {
  QPainter p(this);
  // A checkerboard under transparent pixels.
  const int cell = 8;
  for (int y = 0; y < height(); y += cell)
    for (int x = 0; x < width(); x += cell)
      p.fillRect(x, y, cell, cell, ((x / cell + y / cell) % 2) ? QColor(0xcc, 0xcc, 0xcc) : QColor(0xff, 0xff, 0xff));
  p.drawImage(QRect(QPoint(0, 0), image_.size() * zoom_), image_);
  if (zoom_ >= 16) {  // pixel grid
    p.setPen(QColor(0x80, 0x80, 0x80, 0x80));
    for (int x = 0; x <= image_.width(); ++x) p.drawLine(x * zoom_, 0, x * zoom_, image_.height() * zoom_);
    for (int y = 0; y <= image_.height(); ++y) p.drawLine(0, y * zoom_, image_.width() * zoom_, y * zoom_);
  }
}

void ImageCanvas::mouseMoveEvent(QMouseEvent* event) {
  const QPoint at = event->position().toPoint() / zoom_;
  if (at.x() < image_.width() && at.y() < image_.height()) emit hovered(at.x(), at.y());
}

ImageViewer::ImageViewer(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("images"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  auto* bar = new QHBoxLayout;
  image_ = new QComboBox;
  image_->setMinimumContentsLength(16);
  image_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  at_ = new QSpinBox;
  at_->setPrefix(tr("after call #"));
  at_->setSpecialValueText(tr("at the end"));
  // A 3D image's slice or a 2D array's layer: the picture is one of them.
  slice_ = new QSpinBox;
  slice_->setVisible(false);
  bar->addWidget(new QLabel(tr("Image:")));
  bar->addWidget(image_, 1);
  bar->addWidget(at_);
  bar->addWidget(slice_);
  for (int c = 0; c < 4; ++c) {
    channels_[c] = new QCheckBox(QString(QLatin1Char("RGBA"[c])));
    // Alpha off at first: an image's alpha is as often data as coverage.
    channels_[c]->setChecked(c < 3);
    bar->addWidget(channels_[c]);
    connect(channels_[c], &QCheckBox::toggled, this, &ImageViewer::render);
  }
  low_ = new QDoubleSpinBox;
  high_ = new QDoubleSpinBox;
  for (QDoubleSpinBox* box : {low_, high_}) {
    box->setRange(-1e30, 1e30);
    box->setDecimals(4);
    box->setMaximumWidth(110);  // the range's digits would make the window wide
    connect(box, &QDoubleSpinBox::valueChanged, this, &ImageViewer::render);
  }
  auto* autoRange = new QPushButton(tr("Fit range"));
  zoom_ = new QSpinBox;
  zoom_->setRange(1, 64);
  zoom_->setSuffix(QStringLiteral("x"));
  zoom_->setPrefix(tr("zoom "));
  bar->addWidget(new QLabel(tr("Range:")));
  bar->addWidget(low_);
  bar->addWidget(high_);
  bar->addWidget(autoRange);
  bar->addWidget(zoom_);
  layout->addLayout(bar);
  replay_bar_ = new ReplayBar(tr("the image's pixels there (what kernels wrote, which a trace holds only as their launches)"));
  layout->addWidget(replay_bar_);
  replay_ = replay_bar_->contents();
  connect(replay_bar_, &ReplayBar::replayRequested, this, [this] { replayContents(); });
  connect(replay_, &ReplayContents::contentsReady, this,
          [this](const trace::Handle& mem, std::uint64_t at, const QString& platform, const QByteArray& bytes) {
            if (!shown_ || !(*shown_ == mem) || shown_at_ != at) return;  // the user moved on
            // The target reads the whole image packed, as the trace's pixels are laid out:
            // rows of width * element size, then the next slice or layer's rows.
            const auto got = static_cast<std::size_t>(bytes.size()), want = pixels_.bytes.size();
            if (want == 0 || got != want) {
              info_->setText(trace_note_ + QStringLiteral("\n") +
                             tr("Replay on %1 gave %2 bytes, not the image's %3").arg(platform).arg(got).arg(want));
              return;
            }
            pixels_.bytes.assign(bytes.constData(), want);
            std::fill(pixels_.known.begin(), pixels_.known.end(), true);
            replayed_ = true;
            info_->setText(tr("%1: %2, replayed on %3 %4")
                               .arg(QString::fromStdString(trace::format_handle(mem)), shape())
                               .arg(platform, at ? tr("to call #%1").arg(at) : tr("to the end")));
            render();
          });
  connect(replay_, &ReplayContents::failed, this, [this](const trace::Handle& mem, std::uint64_t at, const QString& why) {
    if (!shown_ || !(*shown_ == mem) || shown_at_ != at) return;
    info_->setText(trace_note_ + QStringLiteral("\n") + tr("Replay: %1").arg(why));
  });
  info_ = new QLabel;
  info_->setWordWrap(true);
  layout->addWidget(info_);
  scroll_ = new QScrollArea;
  canvas_ = new ImageCanvas;
  scroll_->setWidget(canvas_);
  scroll_->setBackgroundRole(QPalette::Dark);
  layout->addWidget(scroll_, 1);
  hover_ = new QLabel(tr("move the cursor over the image for a pixel's value"));
  layout->addWidget(hover_);

  connect(image_, &QComboBox::currentIndexChanged, this, &ImageViewer::chosen);
  connect(at_, &QSpinBox::valueChanged, this, &ImageViewer::chosen);
  connect(zoom_, &QSpinBox::valueChanged, this, &ImageViewer::render);
  connect(slice_, &QSpinBox::valueChanged, this, &ImageViewer::render);
  connect(canvas_, &ImageCanvas::hovered, this, [this](int x, int y) { hover_->setText(describePixel(x, y)); });
  connect(autoRange, &QPushButton::clicked, this, [this] {
    double low = INFINITY, high = -INFINITY;
    for (std::uint64_t y = 0; y < pixels_.height; ++y)
      for (std::uint64_t x = 0; x < pixels_.width; ++x)
        for (int c = 0; c < pixels_.channels; ++c)
          if (auto v = pixels_.channel(x, y, c, slice()); v && std::isfinite(*v)) {
            low = std::min(low, *v);
            high = std::max(high, *v);
          }
    if (low <= high) setRange(low, high > low ? high : low + 1);
  });
}

void ImageViewer::setDocument(TraceDocument* document) {
  document_ = document;
  if (document_) connect(document_, &TraceDocument::scanFinished, this, &ImageViewer::refill);
  refill();
}

void ImageViewer::refill() {
  const QSignalBlocker block(image_);
  image_->clear();
  if (!document_ || !document_->scanned()) return;
  const TraceFacts& facts = document_->facts();
  at_->setRange(0, facts.rows.empty() ? 0 : static_cast<int>(std::min<std::uint64_t>(facts.rows.back().index, INT32_MAX)));
  std::map<HandleKey, const ObjectLife*> sorted;
  for (const auto& [key, life] : facts.objects)
    if (life.handle.kind == api::ObjectKind::Mem) sorted.emplace(key, &life);
  for (const auto& [key, life] : sorted) {
    const std::int64_t row = facts.row_of(life->created_by);
    if (row < 0) continue;
    const std::string& entry = facts.entry_names[facts.rows[static_cast<std::size_t>(row)].name];
    if (entry.find("Image") == std::string::npos) continue;
    image_->addItem(QStringLiteral("%1 (%2 #%3)").arg(QString::fromStdString(trace::format_handle(life->handle)),
                                                        QString::fromStdString(entry)).arg(life->created_by),
                    QVariant::fromValue<quint64>(key.bits));
  }
  if (image_->count() == 0) info_->setText(tr("The trace creates no image."));
  chosen();
}

void ImageViewer::showMostInteresting() {
  // The image with the most pixels the trace knows.
  int best = image_->count() ? 0 : -1;
  std::size_t most = 0;
  for (int i = 0; i < image_->count() && document_; ++i) {
    const ImagePixels p = image_at(*document_, HandleKey{image_->itemData(i).toULongLong()}.handle(), 0);
    const auto known = static_cast<std::size_t>(std::count(p.known.begin(), p.known.end(), true));
    if (known > most) {
      most = known;
      best = i;
    }
  }
  if (best >= 0) image_->setCurrentIndex(best);
  chosen();
}

void ImageViewer::chosen() {
  if (!document_ || image_->currentIndex() < 0) return;
  showImage(HandleKey{image_->currentData().toULongLong()}.handle(), static_cast<std::uint64_t>(at_->value()));
}

void ImageViewer::showImage(const trace::Handle& mem, std::uint64_t at) {
  if (!document_) return;
  // The image and call shown are the ones chosen in the bar, whoever asked for them.
  if (const int i = image_->findData(QVariant::fromValue<quint64>(HandleKey::of(mem).bits)); i >= 0) {
    const QSignalBlocker block(image_), blockAt(at_);
    image_->setCurrentIndex(i);
    at_->setValue(static_cast<int>(std::min<std::uint64_t>(at, INT32_MAX)));
  }
  pixels_ = image_at(*document_, mem, at);
  shown_ = mem;
  shown_at_ = at;
  replayed_ = false;
  replay_bar_->setReplayable(pixels_.element_size != 0);
  if (!pixels_.error.isEmpty()) {
    info_->setText(tr("%1: %2").arg(QString::fromStdString(trace::format_handle(mem)), pixels_.error));
    trace_note_ = info_->text();
    picture_ = {};
    canvas_->setImage(picture_, 1);
    return;
  }
  for (int c = 0; c < 4; ++c) {
    channels_[c]->setVisible(c < pixels_.channels);
    if (c < pixels_.channels) {
      const QSignalBlocker block(channels_[c]);
      channels_[c]->setText(QString(pixels_.channel_names[c]));
      channels_[c]->setChecked(pixels_.channel_names[c] != QLatin1Char('A'));
    }
  }
  {
    const QSignalBlocker block(slice_);
    slice_->setVisible(pixels_.depth > 1);
    slice_->setRange(0, static_cast<int>(std::min<std::uint64_t>(pixels_.depth, INT32_MAX) - 1));
    slice_->setPrefix(pixels_.array ? tr("layer ") : tr("slice "));
    slice_->setSuffix(tr(" (0 to %1)").arg(pixels_.depth - 1));
  }
  info_->setText(tr("%1: %2%3")
                     .arg(QString::fromStdString(trace::format_handle(mem)), shape())
                     .arg(pixels_.last_write ? tr(", last written by call #%1").arg(pixels_.last_write) : QString()));
  if (!pixels_.note.isEmpty()) info_->setText(info_->text() + QStringLiteral("; ") + pixels_.note);
  trace_note_ = info_->text();
  // The range the format implies: normalized values, else that of 8-bit integers until the
  // user fits it to the data.
  const QSignalBlocker b1(low_), b2(high_);
  low_->setValue(0);
  high_->setValue(pixels_.normalized || pixels_.type == CL_FLOAT || pixels_.type == CL_HALF_FLOAT ? 1.0 : 255.0);
  if (zoom_->value() == 1) {
    const std::uint64_t side = std::max(pixels_.width, pixels_.height);
    const QSignalBlocker b3(zoom_);
    zoom_->setValue(static_cast<int>(std::clamp<std::uint64_t>(512 / std::max<std::uint64_t>(side, 1), 1, 64)));
  }
  render();
}

void ImageViewer::render() {
  if (!pixels_.element_size) return;
  QImage out(static_cast<int>(pixels_.width), static_cast<int>(pixels_.height), QImage::Format_ARGB32);
  const double low = low_->value(), high = high_->value();
  const double scale = high > low ? 255.0 / (high - low) : 0;
  auto screen = [&](std::optional<double> v) {
    if (!v || !std::isfinite(*v)) return 0;
    return static_cast<int>(std::clamp((*v - low) * scale, 0.0, 255.0));
  };
  const QString& names = pixels_.channel_names;
  // One colour channel shown alone is shown as grey, as its values read best.
  int shown = 0, alone = -1;
  for (int c = 0; c < pixels_.channels; ++c)
    if (channels_[c]->isChecked() && names[c] != QLatin1Char('A')) {
      ++shown;
      alone = c;
    }
  const std::uint64_t z = slice();
  for (std::uint64_t y = 0; y < pixels_.height; ++y) {
    for (std::uint64_t x = 0; x < pixels_.width; ++x) {
      if (!pixels_.known[(z * pixels_.height + y) * pixels_.width + x]) {
        out.setPixel(static_cast<int>(x), static_cast<int>(y), qRgba(0xff, 0x00, 0xff, 0xff));
        continue;
      }
      int rgba[4] = {0, 0, 0, 255};
      bool grey = false;
      for (int c = 0; c < pixels_.channels; ++c) {
        if (!channels_[c]->isChecked()) continue;
        const int v = screen(pixels_.channel(x, y, c, z));
        switch (names[c].toLatin1()) {
          case 'R': rgba[0] = v; break;
          case 'G': rgba[1] = v; break;
          case 'B': rgba[2] = v; break;
          case 'A': rgba[3] = v; break;
          default: rgba[0] = rgba[1] = rgba[2] = v; grey = true; break;  // I, L, D
        }
      }
      if (shown == 1) {
        const int v = screen(pixels_.channel(x, y, alone, z));
        rgba[0] = rgba[1] = rgba[2] = v;
      }
      (void)grey;
      if (!names.contains(QLatin1Char('A')) || !channels_[names.indexOf(QLatin1Char('A'))]->isChecked()) rgba[3] = 255;
      out.setPixel(static_cast<int>(x), static_cast<int>(y), qRgba(rgba[0], rgba[1], rgba[2], rgba[3]));
    }
  }
  picture_ = out;
  canvas_->setImage(picture_, zoom_->value());
}

QString ImageViewer::describePixel(int x, int y) const {
  if (x < 0 || y < 0) return {};
  const auto at_x = static_cast<std::uint64_t>(x), at_y = static_cast<std::uint64_t>(y);
  if (pixels_.depth > 1)
    return tr("pixel %1, %2 of %3 %4: %5 (%6)").arg(x).arg(y).arg(pixels_.array ? tr("layer") : tr("slice")).arg(slice())
        .arg(pixels_.pixelText(at_x, at_y, slice()), pixels_.channel_names);
  return tr("pixel %1, %2: %3 (%4)").arg(x).arg(y).arg(pixels_.pixelText(at_x, at_y), pixels_.channel_names);
}

std::uint64_t ImageViewer::slice() const {
  return pixels_.depth > 1 ? std::min<std::uint64_t>(static_cast<std::uint64_t>(slice_->value()), pixels_.depth - 1) : 0;
}

void ImageViewer::setSlice(int slice) { slice_->setValue(slice); }

QString ImageViewer::shape() const {
  QString text = tr("%1 x %2").arg(pixels_.width).arg(pixels_.height);
  if (pixels_.depth > 1 && !pixels_.array) text += tr(" x %1").arg(pixels_.depth);
  text += QLatin1Char(' ') + pixels_.channel_names;
  if (pixels_.depth > 1 && pixels_.array) text += tr(", %1 layers").arg(pixels_.depth);
  return text + (pixels_.element_size == 1 ? tr(", 1 byte a pixel") : tr(", %1 bytes a pixel").arg(pixels_.element_size));
}

bool ImageViewer::replayContents(const QString& platform) {
  if (!document_ || !shown_ || pixels_.element_size == 0 || replay_->running()) return false;
  const QString on = platform.isEmpty() ? replay_bar_->platform() : platform;
  if (!replay_->request(QFileInfo(document_->path()).absoluteFilePath(), on, *shown_, shown_at_)) return false;
  replay_bar_->showRunning(true);  // nothing runs when the pixels were known already
  if (replay_->running())
    info_->setText(trace_note_ + QStringLiteral("\n") + tr("Replaying on %1...").arg(replay_bar_->platformShown()));
  return true;
}

QString ImageViewer::note() const { return info_->text(); }

void ImageViewer::setZoom(int zoom) { zoom_->setValue(zoom); }
void ImageViewer::setChannelShown(int channel, bool shown) {
  if (channel >= 0 && channel < 4) channels_[channel]->setChecked(shown);
}
void ImageViewer::setRange(double low, double high) {
  low_->setValue(low);
  high_->setValue(high);
  render();
}

}  // namespace clvet::gui
