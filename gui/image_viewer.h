// The image viewer: an image at any call as a picture, zoomed, with channels on and off,
// channel values mapped from a range (float images, integers beyond 255), and the value of
// the pixel under the cursor.
#pragma once

#include <QImage>
#include <QWidget>

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
  void setChannelShown(int channel, bool shown);
  void setRange(double low, double high);
  void showMostInteresting();

 private:
  void refill();
  void chosen();
  void render();

  TraceDocument* document_ = nullptr;
  QComboBox* image_;
  QSpinBox* at_;
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
};

}  // namespace clvet::gui
