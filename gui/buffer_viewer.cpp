// The buffer viewer's models and widgets.
#include "buffer_viewer.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <cmath>
#include <cstring>
#include <map>

#include "buffer_contents.h"
#include "clvet/trace/print.h"
#include "replay_bar.h"
#include "replay_contents.h"
#include "trace_document.h"

namespace clvet::gui {
namespace {

QFont monospace() {
  QFont f(QStringLiteral("monospace"));
  f.setStyleHint(QFont::Monospace);
  return f;
}

// Source combo data: kind, then a Handle's bits and call, or a launch, argument and moment.
struct Source {
  bool launch = false;
  quint64 handle = 0, call = 0;
  quint32 argument = 0;
  bool after = false;
};

}  // namespace

bool BufferBytes::isKnown(std::uint64_t at, std::uint64_t n) const {
  if (at + n > bytes.size()) return false;
  if (known.empty()) return true;
  for (std::uint64_t i = at; i < at + n; ++i)
    if (!known[i]) return false;
  return true;
}

void TypedBufferModel::set(std::shared_ptr<const BufferBytes> bytes, const BufferFormat& format) {
  beginResetModel();
  bytes_ = std::move(bytes);
  format_ = format;
  endResetModel();
}

int TypedBufferModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() || !bytes_ || format_.stride == 0) return 0;
  return static_cast<int>(std::min<std::uint64_t>(bytes_->bytes.size() / format_.stride, 50'000'000));
}

int TypedBufferModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : format_.columnCount() + 1;
}

QVariant TypedBufferModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || !bytes_) return {};
  const std::uint64_t element = static_cast<std::uint64_t>(index.row()) * format_.stride;
  if (role == Qt::DisplayRole) {
    if (index.column() == 0) return QStringLiteral("0x%1").arg(element, 0, 16);
    const int column = index.column() - 1;
    // Only bytes the trace knows are shown as values.
    const auto [offset, size] = format_.span(column);
    if (!bytes_->isKnown(element + offset, size)) return QStringLiteral("??");
    return format_.value(bytes_->bytes, element, column);
  }
  if (role == Qt::TextAlignmentRole) return int(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::FontRole) return monospace();
  return {};
}

QVariant TypedBufferModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return {};
  if (orientation == Qt::Vertical) return section;
  if (section == 0) return tr("offset");
  return format_.columnNames().value(section - 1);
}

void HexBufferModel::set(std::shared_ptr<const BufferBytes> bytes) {
  beginResetModel();
  bytes_ = std::move(bytes);
  endResetModel();
}

int HexBufferModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() || !bytes_) return 0;
  return static_cast<int>((bytes_->bytes.size() + 15) / 16);
}

int HexBufferModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : 17; }

QVariant HexBufferModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || !bytes_) return {};
  const std::uint64_t row = static_cast<std::uint64_t>(index.row()) * 16;
  if (role == Qt::FontRole) return monospace();
  if (role != Qt::DisplayRole) return {};
  if (index.column() < 16) {
    const std::uint64_t at = row + static_cast<std::uint64_t>(index.column());
    if (at >= bytes_->bytes.size()) return {};
    if (!bytes_->isKnown(at, 1)) return QStringLiteral("??");
    return QStringLiteral("%1").arg(static_cast<unsigned char>(bytes_->bytes[at]), 2, 16, QLatin1Char('0'));
  }
  QString text;
  for (std::uint64_t at = row; at < row + 16 && at < bytes_->bytes.size(); ++at) {
    const auto c = static_cast<unsigned char>(bytes_->bytes[at]);
    text += !bytes_->isKnown(at, 1) ? QLatin1Char(' ') : (c >= 0x20 && c < 0x7f ? QLatin1Char(static_cast<char>(c)) : QLatin1Char('.'));
  }
  return text;
}

QVariant HexBufferModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return {};
  if (orientation == Qt::Vertical) return QStringLiteral("%1").arg(section * 16, 8, 16, QLatin1Char('0'));
  return section < 16 ? QStringLiteral("%1").arg(section, 0, 16) : tr("text");
}

BufferViewer::BufferViewer(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("buffers"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  auto* bar = new QHBoxLayout;
  source_ = new QComboBox;
  source_->setMinimumContentsLength(20);
  source_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  at_ = new QSpinBox;
  at_->setPrefix(tr("after call #"));
  at_->setSpecialValueText(tr("at the end"));
  format_ = new QLineEdit(QStringLiteral("float"));
  format_->setToolTip(tr("one element, in OpenCL C: \"float4 pos; int id;\""));
  column_ = new QComboBox;
  auto* plot = new QPushButton(tr("Plot"));
  bar->addWidget(new QLabel(tr("Buffer:")));
  bar->addWidget(source_, 2);
  bar->addWidget(at_);
  bar->addWidget(new QLabel(tr("Format:")));
  bar->addWidget(format_, 2);
  bar->addWidget(column_);
  bar->addWidget(plot);
  layout->addLayout(bar);
  replay_bar_ = new ReplayBar(tr("the buffer's bytes there"));
  layout->addWidget(replay_bar_);
  replay_ = replay_bar_->contents();
  connect(replay_bar_, &ReplayBar::replayRequested, this, [this] { replayContents(); });
  connect(replay_, &ReplayContents::contentsReady, this,
          [this](const trace::Handle& mem, std::uint64_t at, const QString& platform, const QByteArray& bytes) {
            if (!shown_ || !(*shown_ == mem) || shown_at_ != at) return;  // the user moved on
            auto b = std::make_shared<BufferBytes>();
            b->bytes.assign(bytes.constData(), static_cast<std::size_t>(bytes.size()));
            replayed_ = true;
            setBytes(std::move(b), tr("%1 %2, replayed on %3: %4 bytes")
                                       .arg(QString::fromStdString(trace::format_handle(mem)))
                                       .arg(at ? tr("after call #%1").arg(at) : tr("at the end"), platform)
                                       .arg(bytes.size()));
          });
  connect(replay_, &ReplayContents::failed, this, [this](const trace::Handle& mem, std::uint64_t at, const QString& why) {
    if (!shown_ || !(*shown_ == mem) || shown_at_ != at) return;
    note_->setText(trace_note_ + QStringLiteral("\n") + tr("Replay: %1").arg(why));
  });
  note_ = new QLabel;
  note_->setWordWrap(true);
  layout->addWidget(note_);
  auto* split = new QSplitter(Qt::Vertical);
  tabs_ = new QTabWidget;
  typed_ = new TypedBufferModel(this);
  hex_ = new HexBufferModel(this);
  auto* typedView = new QTableView;
  typedView->setModel(typed_);
  typedView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  typedView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
  auto* hexView = new QTableView;
  hexView->setModel(hex_);
  hexView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  hexView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
  hexView->horizontalHeader()->setDefaultSectionSize(fontMetrics().horizontalAdvance(QStringLiteral("000")) + 8);
  hexView->horizontalHeader()->setStretchLastSection(true);
  tabs_->addTab(typedView, tr("Typed"));
  tabs_->addTab(hexView, tr("Hex"));
  split->addWidget(tabs_);
  chart_ = new QChartView;
  chart_->setRenderHint(QPainter::Antialiasing);
  chart_->setVisible(false);
  chart_->setMinimumHeight(220);
  split->addWidget(chart_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  layout->addWidget(split);

  connect(source_, &QComboBox::currentIndexChanged, this, &BufferViewer::sourceChosen);
  connect(at_, &QSpinBox::valueChanged, this, &BufferViewer::sourceChosen);
  connect(format_, &QLineEdit::textEdited, this, [this] { format_edited_ = true; });
  connect(format_, &QLineEdit::editingFinished, this, [this] { setFormat(format_->text()); });
  connect(plot, &QPushButton::clicked, this, [this] { plotColumn(column_->currentIndex()); });
  setFormat(format_->text());
}

void BufferViewer::setDocument(TraceDocument* document) {
  document_ = document;
  if (document_) connect(document_, &TraceDocument::scanFinished, this, &BufferViewer::refill);
  refill();
}

void BufferViewer::refill() {
  const QSignalBlocker block(source_);
  source_->clear();
  if (!document_ || !document_->scanned()) return;
  const TraceFacts& facts = document_->facts();
  at_->setRange(0, facts.rows.empty() ? 0 : static_cast<int>(std::min<std::uint64_t>(facts.rows.back().index, INT32_MAX)));
  // Launches' buffer arguments first: they hold what kernels made.
  for (const KernelBufferContents& k : facts.kernel_buffers) {
    auto record = document_->kernelBuffers(k.offset);
    if (!record) continue;
    for (const trace::Value& pair : record->buffers.items) {
      if (pair.items.size() != 2) continue;
      const auto argument = static_cast<quint32>(pair.items[0].number);
      Source s{true, 0, k.call_index, argument, k.after};
      QVariantList data{s.launch, s.handle, s.call, s.argument, s.after};
      source_->addItem(tr("launch #%1, argument %2, %3").arg(k.call_index).arg(argument).arg(k.after ? tr("after") : tr("before")),
                       data);
    }
  }
  std::map<HandleKey, const ObjectLife*> sorted;
  for (const auto& [key, life] : facts.objects)
    if (life.handle.kind == api::ObjectKind::Mem) sorted.emplace(key, &life);
  for (const auto& [key, life] : sorted) {
    QString created;
    if (const std::int64_t row = facts.row_of(life->created_by); row >= 0) {
      const std::string& entry = facts.entry_names[facts.rows[static_cast<std::size_t>(row)].name];
      if (entry.find("Image") != std::string::npos) continue;  // the image viewer's
      created = QString::fromStdString(entry);
    }
    QVariantList data{false, quint64{key.bits}, quint64{0}, quint32{0}, false};
    source_->addItem(QStringLiteral("%1 (%2 #%3)").arg(QString::fromStdString(trace::format_handle(life->handle)), created)
                         .arg(life->created_by),
                     data);
  }
  sourceChosen();
}

void BufferViewer::showMostInteresting() {
  // A launch's buffer if the trace has any; else the buffer the most calls name.
  int best = source_->count() ? 0 : -1;
  std::size_t most = 0;
  for (int i = 0; i < source_->count() && document_; ++i) {
    const QVariantList d = source_->itemData(i).toList();
    if (d.size() != 5) continue;
    if (d[0].toBool()) {
      best = i;
      break;
    }
    if (const ObjectLife* life = document_->facts().object(HandleKey{d[1].toULongLong()}.handle());
        life && life->calls.size() > most) {
      most = life->calls.size();
      best = i;
    }
  }
  if (best >= 0) source_->setCurrentIndex(best);
  sourceChosen();
}

void BufferViewer::sourceChosen() {
  if (!document_ || source_->currentIndex() < 0) return;
  const QVariantList d = source_->currentData().toList();
  if (d.size() != 5) return;
  at_->setEnabled(!d[0].toBool());
  replay_bar_->setReplayable(!d[0].toBool());
  if (d[0].toBool()) showKernelArgument(d[2].toULongLong(), d[3].toUInt(), d[4].toBool());
  else showBuffer(HandleKey{d[1].toULongLong()}.handle(), static_cast<std::uint64_t>(at_->value()));
}

void BufferViewer::showBuffer(const trace::Handle& mem, std::uint64_t at) {
  if (!document_) return;
  const BufferState state = buffer_at(*document_, mem, at);
  auto bytes = std::make_shared<BufferBytes>();
  bytes->bytes = state.bytes;
  bytes->known = state.known;
  QString note = tr("%1: %2 bytes").arg(QString::fromStdString(trace::format_handle(mem))).arg(state.size);
  if (state.last_write) note += tr(", last written by call #%1").arg(state.last_write);
  if (!state.note.isEmpty()) note += QStringLiteral("; ") + state.note;
  // The buffer and call shown are the ones chosen in the bar, whoever asked for them.
  for (int i = 0; i < source_->count(); ++i) {
    const QVariantList d = source_->itemData(i).toList();
    if (d.size() == 5 && !d[0].toBool() && d[1].toULongLong() == HandleKey::of(mem).bits) {
      const QSignalBlocker block(source_), blockAt(at_);
      source_->setCurrentIndex(i);
      at_->setValue(static_cast<int>(std::min<std::uint64_t>(at, INT32_MAX)));
      at_->setEnabled(true);
      break;
    }
  }
  shown_ = mem;
  shown_at_ = at;
  replay_bar_->setReplayable(true);
  replayed_ = false;
  trace_note_ = note;
  setBytes(std::move(bytes), note);
}

bool BufferViewer::replayContents(const QString& platform) {
  if (!document_ || !shown_ || replay_->running()) return false;
  const QString on = platform.isEmpty() ? replay_bar_->platform() : platform;
  if (!replay_->request(QFileInfo(document_->path()).absoluteFilePath(), on, *shown_, shown_at_)) return false;
  replay_bar_->showRunning(true);  // nothing runs when the bytes were known already
  if (replay_->running())
    note_->setText(trace_note_ + QStringLiteral("\n") + tr("Replaying on %1...").arg(replay_bar_->platformShown()));
  return true;
}

void BufferViewer::showKernelArgument(std::uint64_t launch, std::uint32_t argument, bool after) {
  if (!document_) return;
  shown_.reset();
  replayed_ = false;
  for (const KernelBufferContents& k : document_->facts().kernel_buffers) {
    if (k.call_index != launch || k.after != after) continue;
    auto record = document_->kernelBuffers(k.offset);
    if (!record) continue;
    for (const trace::Value& pair : record->buffers.items) {
      if (pair.items.size() != 2 || pair.items[0].number != argument) continue;
      auto bytes = std::make_shared<BufferBytes>();
      const auto contents = document_->bytesOf(pair.items[1]);
      if (contents) bytes->bytes = *contents;
      setBytes(std::move(bytes), contents ? tr("argument %1 of launch #%2, %3 it ran: %4 bytes")
                                                .arg(argument).arg(launch).arg(after ? tr("after") : tr("before"))
                                                .arg(contents->size())
                                          : tr("the read of argument %1 failed when it was recorded").arg(argument));
      return;
    }
  }
}

namespace {

// "int" for bytes whose 32-bit words, read as floats, are mostly denormal (small integers
// are), else "float": the format a buffer is shown in until the user writes one.
QString guessFormat(const BufferBytes& b) {
  std::size_t nonzero = 0, denormal = 0;
  for (std::size_t at = 0; at + 4 <= b.bytes.size() && at < 4096 * 4; at += 4) {
    if (!b.isKnown(at, 4)) continue;
    std::uint32_t w;
    std::memcpy(&w, b.bytes.data() + at, 4);
    if (w == 0) continue;
    ++nonzero;
    denormal += (w & 0x7f800000u) == 0;
  }
  return nonzero && denormal * 2 > nonzero ? QStringLiteral("int") : QStringLiteral("float");
}

}  // namespace

void BufferViewer::setBytes(std::shared_ptr<BufferBytes> bytes, const QString& note) {
  bytes_ = std::move(bytes);
  if (!format_edited_) {
    const QString guess = guessFormat(*bytes_);
    if (guess != format_->text()) {
      format_->setText(guess);
      setFormat(guess);
    }
  }
  note_->setText(note);
  hex_->set(bytes_);
  QString error;
  auto format = BufferFormat::parse(format_->text(), error);
  if (format) typed_->set(bytes_, *format);
  if (chart_->isVisible()) plotColumn(column_->currentIndex());
}

bool BufferViewer::setFormat(const QString& text) {
  if (format_->text() != text) {
    format_->setText(text);
    format_edited_ = true;  // set from outside: keep it
  }
  QString error;
  auto format = BufferFormat::parse(text, error);
  if (!format) {
    note_->setText(tr("format: %1").arg(error));
    return false;
  }
  typed_->set(bytes_, *format);
  const QSignalBlocker block(column_);
  column_->clear();
  column_->addItems(format->columnNames());
  return true;
}

QString BufferViewer::note() const { return note_->text(); }

void BufferViewer::plotColumn(int column) {
  if (!bytes_ || column < 0) return;
  const BufferFormat& format = typed_->format();
  if (column >= format.columnCount()) return;
  auto* series = new QLineSeries;
  series->setName(format.columnNames().value(column));
  const int rows = typed_->rowCount();
  // A plot of more points than pixels shows nothing more: every n-th element.
  const int step = std::max(1, rows / 4000);
  double low = 0, high = 0;
  bool first = true;
  for (int row = 0; row < rows; row += step) {
    const auto v = format.number(bytes_->bytes, static_cast<std::uint64_t>(row) * format.stride, column);
    if (!v || !std::isfinite(*v)) continue;
    series->append(row, *v);
    low = first ? *v : std::min(low, *v);
    high = first ? *v : std::max(high, *v);
    first = false;
  }
  auto* chart = new QChart;
  chart->addSeries(series);
  auto* x = new QValueAxis;
  x->setTitleText(tr("element"));
  x->setRange(0, std::max(1, rows - 1));
  x->setLabelFormat(QStringLiteral("%d"));
  auto* y = new QValueAxis;
  y->setRange(low, high > low ? high : low + 1);
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  series->attachAxis(x);
  series->attachAxis(y);
  chart->legend()->setVisible(true);
  QChart* old = chart_->chart();
  chart_->setChart(chart);
  delete old;
  chart_->setVisible(true);
}

}  // namespace clvet::gui
