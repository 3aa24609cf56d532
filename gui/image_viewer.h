// The image viewer: an image at any call as a picture, zoomed, with channels on and off,
// channel values mapped from a range (float images, integers beyond 255), and the value of
// the pixel under the cursor. Pixels come from the trace's data, or from a replay up to that
// call on a platform the user picks, in a helper process (what kernels wrote, which a trace
// holds only as the launch).
#pragma once

#include <QImage>
#include <QWidget>

#include <optional>

#include "clvet/trace/records.h"
#include "image_contents.h"

class QComboBox;
class QSpinBox;
class QDoubleSpinBox;
class QCheckBox;
class QLabel;
class QScrollArea;

namespace clvet::gui {

class TraceDocument;
class ReplayBar;
class ReplayContents;

// Paints an image at an integer zoom, nearest pixel, and says which pixel the cursor is on.
class ImageCanvas : public QWidget {
  Q_OBJECT
 public:
  explicit ImageCanvas(QWidget* parent = nullptr);
  void setImage(const QImage& image, int zoom);
  QSize sizeHint() const override;

 signals:
  void hovered(int x, int y);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

 private:
  QImage image_;
  int zoom_ = 1;
};

class ImageViewer : public QWidget {
  Q_OBJECT

 public:
  explicit ImageViewer(QWidget* parent = nullptr);
  void setDocument(TraceDocument* document);
  void showImage(const trace::Handle& mem, std::uint64_t at);
  const ImagePixels& pixels() const { return pixels_; }
  const QImage& picture() const { return picture_; }
  // "x, y: values" for pixel (x, y), as the line under the picture shows it on hover.
  QString describePixel(int x, int y) const;
  void setZoom(int zoom);
  // The 3D image's slice or the 2D array's layer shown (0 for other images).
  void setSlice(int slice);
  std::uint64_t slice() const;
  void setChannelShown(int channel, bool shown);
  void setRange(double low, double high);
  void showMostInteresting();

  // Replays the trace on `platform` (a --platform value; empty: the one chosen in the viewer)
  // up to the call shown, in a helper process, and shows the image's pixels there, read back
  // from the platform packed as the trace's pixels are; false when no image is shown or a
  // replay already runs. Its progress and a cancel button show in the viewer meanwhile.
  bool replayContents(const QString& platform = {});
  ReplayContents* replay() const { return replay_; }
  // The pixels shown came from a replay.
  bool replayed() const { return replayed_; }
  // The line above the picture: the image, its shape, where its pixels came from.
  QString note() const;

 private:
  void refill();
  void chosen();
  void render();
  // "12 x 5 RGBA, 4 bytes a pixel"; "12 x 5 x 3 R, ..." for a 3D image, "12 x 5 RGBA, 3 layers,
  // ..." for a 2D array.
  QString shape() const;

  TraceDocument* document_ = nullptr;
  QComboBox* image_;
  QSpinBox* at_;
  QSpinBox* slice_;
  QCheckBox* channels_[4];
  QDoubleSpinBox* low_;
  QDoubleSpinBox* high_;
  QSpinBox* zoom_;
  QLabel* info_;
  QLabel* hover_;
  QScrollArea* scroll_;
  ImageCanvas* canvas_;
  ImagePixels pixels_;
  QImage picture_;
  // Replay: the bar, its helper; the image and call shown.
  ReplayBar* replay_bar_;
  ReplayContents* replay_;
  std::optional<trace::Handle> shown_;
  std::uint64_t shown_at_ = 0;
  QString trace_note_;  // the note of the trace's pixels, kept when a replay fails
  bool replayed_ = false;
};

}  // namespace clvet::gui
