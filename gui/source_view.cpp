// The source view's margin and marks.
#include "source_view.h"

#include <QHelpEvent>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

namespace clvet::gui {
namespace {

class Margin : public QWidget {
 public:
  explicit Margin(SourceView* view) : QWidget(view), view_(view) {}
  QSize sizeHint() const override { return {view_->marginWidth(), 0}; }

 protected:
  void paintEvent(QPaintEvent* event) override { view_->paintMargin(event); }

 private:
  SourceView* view_;
};

}  // namespace

SourceView::SourceView(QWidget* parent) : QPlainTextEdit(parent), margin_(new Margin(this)) {
  setReadOnly(true);
  setLineWrapMode(QPlainTextEdit::NoWrap);
  QFont f(QStringLiteral("monospace"));
  f.setStyleHint(QFont::Monospace);
  setFont(f);
  connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(marginWidth(), 0, 0, 0); });
  connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& r, int dy) {
    if (dy) margin_->scroll(0, dy);
    else margin_->update(0, r.y(), margin_->width(), r.height());
  });
  setViewportMargins(marginWidth(), 0, 0, 0);
}

int SourceView::marginWidth() const {
  int digits = 1;
  for (int n = std::max(1, blockCount()); n >= 10; n /= 10) ++digits;
  return 18 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * (digits + 1);
}

void SourceView::resizeEvent(QResizeEvent* event) {
  QPlainTextEdit::resizeEvent(event);
  const QRect r = contentsRect();
  margin_->setGeometry(QRect(r.left(), r.top(), marginWidth(), r.height()));
}

void SourceView::setSource(const QString& text) {
  setPlainText(text);
  tint();
}

void SourceView::setMarks(const QMap<int, QString>& marks) {
  marks_ = marks;
  tint();
  margin_->update();
}

void SourceView::showLine(int line) {
  const QTextBlock block = document()->findBlockByNumber(line - 1);
  if (!block.isValid()) return;
  QTextCursor cursor(block);
  setTextCursor(cursor);
  centerCursor();
}

void SourceView::tint() {
  QList<QTextEdit::ExtraSelection> selections;
  for (auto it = marks_.begin(); it != marks_.end(); ++it) {
    const QTextBlock block = document()->findBlockByNumber(it.key() - 1);
    if (!block.isValid()) continue;
    QTextEdit::ExtraSelection s;
    s.format.setBackground(QColor(0xff, 0xdd, 0xdd));
    s.format.setProperty(QTextFormat::FullWidthSelection, true);
    s.cursor = QTextCursor(block);
    selections << s;
  }
  setExtraSelections(selections);
}

void SourceView::paintMargin(QPaintEvent* event) {
  QPainter p(margin_);
  p.fillRect(event->rect(), palette().window());
  QTextBlock block = firstVisibleBlock();
  int top = static_cast<int>(blockBoundingGeometry(block).translated(contentOffset()).top());
  const int h = fontMetrics().height();
  while (block.isValid() && top <= event->rect().bottom()) {
    const int line = block.blockNumber() + 1;
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(0, top, margin_->width() - 16, h, Qt::AlignRight, QString::number(line));
    if (marks_.contains(line)) {
      p.setPen(Qt::NoPen);
      p.setBrush(QColor(0xd0, 0x10, 0x10));
      p.drawEllipse(QPointF(margin_->width() - 8, top + h / 2.0), 4.5, 4.5);
    }
    top += static_cast<int>(blockBoundingRect(block).height());
    block = block.next();
  }
}

bool SourceView::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    const QTextCursor cursor = cursorForPosition(help->pos() - QPoint(marginWidth(), 0));
    const int line = cursor.blockNumber() + 1;
    if (marks_.contains(line)) QToolTip::showText(help->globalPos(), marks_.value(line), this);
    else QToolTip::hideText();
    return true;
  }
  return QPlainTextEdit::event(event);
}

}  // namespace clvet::gui
