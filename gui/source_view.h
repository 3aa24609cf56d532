// Kernel source with line numbers, and findings marked at their lines: a red dot in the margin,
// the line tinted, the finding's words beside it on hover.
#pragma once

#include <QMap>
#include <QPlainTextEdit>

namespace clvet::gui {

class SourceView : public QPlainTextEdit {
  Q_OBJECT

 public:
  explicit SourceView(QWidget* parent = nullptr);
  void setSource(const QString& text);
  // Line (from 1) -> what is wrong there; replaces the marks.
  void setMarks(const QMap<int, QString>& marks);
  const QMap<int, QString>& marks() const { return marks_; }
  void showLine(int line);
  int marginWidth() const;
  void paintMargin(QPaintEvent* event);

 protected:
  void resizeEvent(QResizeEvent* event) override;
  bool event(QEvent* event) override;

 private:
  void tint();
  QWidget* margin_;
  QMap<int, QString> marks_;
};

}  // namespace clvet::gui
