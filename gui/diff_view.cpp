// Running `clvet diff` and showing its results.
#include "diff_view.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <array>
#include <cmath>

#include "clvet/reports/formats.h"
#include "buffer_format.h"
#include "element_heat_map.h"
#include "helper_process.h"
#include "trace_document.h"

namespace clvet::gui {
namespace {

constexpr int kLabelWidth = 170;

QColor shareColour(double share) {
  if (share <= 0) return QColor(0xf6, 0xf8, 0xfb);
  // Even one element in a million shows: the colour follows the share's logarithm.
  const double t = std::clamp((std::log10(share) + 6.0) / 6.0, 0.15, 1.0);
  return QColor::fromRgbF(1.0, 0.85 * (1 - t), 0.8 * (1 - t));
}

QString number(const QJsonValue& v) {
  const double d = v.toDouble();
  if (d < 0) return QStringLiteral("∞");
  return d == std::floor(d) && std::abs(d) < 1e15 ? QString::number(static_cast<qint64>(d)) : QString::number(d, 'g', 6);
}

}  // namespace

MismatchHeatMap::MismatchHeatMap(QWidget* parent) : QWidget(parent) { setMinimumHeight(80); }

void MismatchHeatMap::setCells(std::vector<QString> rows, int columns, std::vector<std::vector<Cell>> cells) {
  rows_ = std::move(rows);
  columns_ = columns;
  cells_ = std::move(cells);
  update();
}

void MismatchHeatMap::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  if (rows_.empty()) {
    p.drawText(rect(), Qt::AlignCenter, tr("no launches compared yet"));
    return;
  }
  const int h = std::clamp((height() - 24) / static_cast<int>(rows_.size()), 6, 28);
  const int w = std::max(8, (width() - kLabelWidth - 8) / std::max(1, columns_));
  p.drawText(QRect(4, 2, width() - 8, 18), Qt::AlignLeft | Qt::AlignVCenter,
             tr("share of each argument's elements that differ"));
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    const int y = 22 + static_cast<int>(r) * h;
    p.setPen(palette().color(QPalette::Text));
    if (h >= 12) p.drawText(QRect(4, y, kLabelWidth - 8, h), Qt::AlignVCenter | Qt::AlignLeft,
                            fontMetrics().elidedText(rows_[r], Qt::ElideRight, kLabelWidth - 8));
    for (std::size_t c = 0; c < cells_[r].size(); ++c) {
      const Cell& cell = cells_[r][c];
      const QRect box(kLabelWidth + static_cast<int>(c) * w, y, w - 2, h - 2);
      p.fillRect(box, cell.run ? shareColour(cell.share) : QColor(0xc8, 0xc8, 0xc8));
      p.setPen(QColor(0xa0, 0xa8, 0xb8));
      p.drawRect(box);
      if (cell.share > 0 && w > 40 && h >= 12) {
        p.setPen(cell.share > 0.1 ? Qt::white : Qt::black);
        p.drawText(box, Qt::AlignCenter, QStringLiteral("%1%").arg(cell.share * 100, 0, 'g', 3));
      }
    }
  }
}

std::optional<std::pair<int, int>> MismatchHeatMap::cellAt(QPoint point) const {
  if (rows_.empty() || point.y() < 22) return std::nullopt;
  const int h = std::clamp((height() - 24) / static_cast<int>(rows_.size()), 6, 28);
  const int w = std::max(8, (width() - kLabelWidth - 8) / std::max(1, columns_));
  const int row = (point.y() - 22) / h;
  if (row >= static_cast<int>(rows_.size())) return std::nullopt;
  const int column = point.x() < kLabelWidth ? -1 : (point.x() - kLabelWidth) / w;
  return std::make_pair(row, column < static_cast<int>(cells_[static_cast<std::size_t>(row)].size()) ? column : -1);
}

void MismatchHeatMap::mousePressEvent(QMouseEvent* event) {
  const auto at = cellAt(event->position().toPoint());
  if (!at) return;
  emit rowActivated(at->first);
  if (at->second >= 0) emit cellActivated(at->first, at->second);
}

DiffView::DiffView(HelperProcess* helper, QWidget* parent) : QWidget(parent), helper_(helper) {
  setObjectName(QStringLiteral("diff"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  auto* bar = new QHBoxLayout;
  run_ = new QPushButton(tr("Re-run every launch on the reference device and compare"));
  message_ = new QLabel(tr("Each launch of a trace recorded with --trace-kernel-buffers=1 is re-run on the reference "
                           "device (checkers on) from its recorded inputs, in a helper process."));
  message_->setWordWrap(true);
  bar->addWidget(run_);
  bar->addWidget(message_, 1);
  layout->addLayout(bar);
  auto* split = new QSplitter(Qt::Horizontal);
  auto* left = new QSplitter(Qt::Vertical);
  launches_ = new QTreeWidget;
  launches_->setRootIsDecorated(false);
  launches_->setHeaderLabels({tr("Call"), tr("Kernel"), tr("Result"), tr("Elements"), tr("Differ"), tr("Max ULP")});
  launches_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  heat_ = new MismatchHeatMap;
  left->addWidget(launches_);
  left->addWidget(heat_);
  left->setSizes({300, 200});
  details_ = new QTreeWidget;
  details_->setHeaderLabels({tr("Launch"), tr("Value")});
  details_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  auto* right = new QSplitter(Qt::Vertical);
  right->addWidget(details_);
  auto* elements = new QWidget;
  auto* elementsLayout = new QVBoxLayout(elements);
  elementsLayout->setContentsMargins(0, 0, 0, 0);
  element_map_ = new ElementHeatMap;
  element_info_ = new QLabel;
  element_info_->setWordWrap(true);
  element_info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  elementsLayout->addWidget(element_map_, 1);
  elementsLayout->addWidget(element_info_);
  right->addWidget(elements);
  right->setSizes({300, 260});
  split->addWidget(left);
  split->addWidget(right);
  split->setSizes({520, 700});
  layout->addWidget(split, 1);

  connect(run_, &QPushButton::clicked, this, [this] { runDiff(); });
  connect(launches_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (item) showLaunch(launches_->indexOfTopLevelItem(item));
  });
  connect(launches_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item, int) {
    emit callActivated(item->text(0).mid(1).toULongLong());
  });
  connect(heat_, &MismatchHeatMap::rowActivated, this, [this](int row) {
    launches_->setCurrentItem(launches_->topLevelItem(row));
  });
  connect(heat_, &MismatchHeatMap::cellActivated, this, [this](int row, int column) { showArgument(row, column); });
  connect(details_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (item && item->data(0, Qt::UserRole + 3).isValid()) showArgument(shown_launch_, item->data(0, Qt::UserRole + 3).toInt());
  });
  connect(element_map_, &ElementHeatMap::elementClicked, this, [this](std::uint64_t element) { showElement(element); });
  connect(details_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item, int) {
    const QVariant launch = item->data(0, Qt::UserRole + 1), finding = item->data(0, Qt::UserRole + 2);
    if (launch.isValid() && finding.isValid())
      emit findingActivated(findings_[static_cast<std::size_t>(launch.toInt())][static_cast<std::size_t>(finding.toInt())]);
  });
  if (!helper_) return;  // results loaded, never run (tests)
  connect(helper_, &HelperProcess::finished, this, [this](int status, const QString& why, const QByteArray& out,
                                                           const QByteArray& err) {
    if (!waiting_) return;  // another view's helper work
    waiting_ = false;
    run_->setEnabled(true);
    // clvet diff exits 1 when a launch differed: its report is still whole.
    if (status != 0 && status != 1) {
      message_->setText(why.isEmpty() ? tr("clvet diff failed (exit status %1): %2").arg(status).arg(QString::fromUtf8(err).trimmed())
                                      : why);
      return;
    }
    loadResults(out);
  });
}

void DiffView::setDocument(TraceDocument* document) {
  document_ = document;
  results_.clear();
  findings_.clear();
  launches_->clear();
  details_->clear();
  heat_->setCells({}, 0, {});
  element_map_->clear();
  element_info_->clear();
  shown_launch_ = shown_argument_ = -1;
}

void DiffView::runDiff(std::uint64_t enqueue) {
  if (!document_ || !helper_) return;
  QStringList arguments{QStringLiteral("diff"), QFileInfo(document_->path()).absoluteFilePath(), QStringLiteral("--format=json")};
  if (enqueue) arguments << QStringLiteral("--enqueue") << QString::number(enqueue);
  if (helper_->start(enqueue ? tr("re-run of launch #%1").arg(enqueue) : tr("clvet diff"), HelperProcess::clvetProgram(), arguments)) {
    run_->setEnabled(false);
    waiting_ = true;
    message_->setText(tr("re-running the launches on the reference device..."));
  }
}

QString DiffView::message() const { return message_->text(); }

bool DiffView::loadResults(const QByteArray& json) {
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
  if (doc.isNull() || !doc.object().contains(QStringLiteral("launches"))) {
    message_->setText(tr("not the results of clvet diff: %1").arg(doc.isNull() ? error.errorString() : tr("no \"launches\"")));
    return false;
  }
  const QJsonObject root = doc.object();
  results_.clear();
  findings_.clear();
  launches_->clear();
  std::vector<reports::Finding> all;
  std::vector<QString> rows;
  std::vector<std::vector<MismatchHeatMap::Cell>> cells;
  int columns = 0;
  for (const QJsonValue& value : root.value(QStringLiteral("launches")).toArray()) {
    const QJsonObject l = value.toObject();
    results_.push_back(l);
    const QString result = l.value(QStringLiteral("result")).toString();
    auto* item = new QTreeWidgetItem(launches_, {QStringLiteral("#%1").arg(l.value(QStringLiteral("call_index")).toInteger()),
                                                 l.value(QStringLiteral("kernel")).toString(), result,
                                                 number(l.value(QStringLiteral("elements"))),
                                                 number(l.value(QStringLiteral("mismatches"))),
                                                 number(l.value(QStringLiteral("max_ulp")))});
    if (result == QLatin1String("different") || result == QLatin1String("failed"))
      for (int c = 0; c < 6; ++c) item->setForeground(c, QBrush(QColor(0xc0, 0x20, 0x20)));
    // The launch's findings, read as any report's.
    QJsonObject wrapper{{QStringLiteral("tool"), QStringLiteral("clvet")}, {QStringLiteral("findings"), l.value(QStringLiteral("findings"))}};
    const QByteArray bytes = QJsonDocument(wrapper).toJson(QJsonDocument::Compact);
    std::string why;
    auto findings = reports::read_json(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), why);
    findings_.push_back(findings ? *findings : std::vector<reports::Finding>{});
    all.insert(all.end(), findings_.back().begin(), findings_.back().end());
    rows.push_back(QStringLiteral("#%1 %2").arg(l.value(QStringLiteral("call_index")).toInteger()).arg(l.value(QStringLiteral("kernel")).toString()));
    std::vector<MismatchHeatMap::Cell> row;
    const bool run = result == QLatin1String("same") || result == QLatin1String("different");
    for (const QJsonValue& a : l.value(QStringLiteral("arguments")).toArray()) {
      const double elements = a.toObject().value(QStringLiteral("elements")).toDouble();
      const double mismatches = a.toObject().value(QStringLiteral("mismatches")).toDouble();
      row.push_back({elements > 0 ? mismatches / elements : 0, run});
    }
    if (row.empty()) row.push_back({0, run});
    columns = std::max(columns, static_cast<int>(row.size()));
    cells.push_back(std::move(row));
  }
  heat_->setCells(std::move(rows), columns, std::move(cells));
  const QJsonObject summary = root.value(QStringLiteral("summary")).toObject();
  message_->setText(tr("%1 launches against %2: %3 same, %4 different, %5 not re-run, %6 failed")
                        .arg(summary.value(QStringLiteral("launches")).toInt())
                        .arg(root.value(QStringLiteral("against")).toString())
                        .arg(summary.value(QStringLiteral("same")).toInt())
                        .arg(summary.value(QStringLiteral("different")).toInt())
                        .arg(summary.value(QStringLiteral("not_run")).toInt())
                        .arg(summary.value(QStringLiteral("failed")).toInt()));
  emit kernelFindings(all);
  // The first launch that differs, else the first.
  int first = results_.empty() ? -1 : 0;
  for (int i = 0; i < static_cast<int>(results_.size()); ++i)
    if (results_[static_cast<std::size_t>(i)].value(QStringLiteral("result")).toString() == QLatin1String("different")) {
      first = i;
      break;
    }
  if (first >= 0) launches_->setCurrentItem(launches_->topLevelItem(first));
  return true;
}

void DiffView::showLaunch(int row) {
  const QSignalBlocker block(details_);
  details_->clear();
  if (row < 0 || static_cast<std::size_t>(row) >= results_.size()) return;
  shown_launch_ = row;
  const QJsonObject& l = results_[static_cast<std::size_t>(row)];
  auto add = [](QTreeWidgetItem* parent, const QString& name, const QString& value) {
    auto* item = new QTreeWidgetItem(parent, {name, value});
    item->setToolTip(1, value);
    return item;
  };
  QTreeWidgetItem* root = details_->invisibleRootItem();
  add(root, tr("call"), QStringLiteral("#%1 %2").arg(l.value(QStringLiteral("call_index")).toInteger()).arg(l.value(QStringLiteral("kernel")).toString()));
  add(root, tr("result"), l.value(QStringLiteral("result")).toString());
  if (l.contains(QStringLiteral("reason"))) add(root, tr("reason"), l.value(QStringLiteral("reason")).toString());
  if (l.contains(QStringLiteral("target"))) add(root, tr("re-run on"), l.value(QStringLiteral("target")).toString());
  int position = 0, worst = 0;
  double most = 0;
  for (const QJsonValue& value : l.value(QStringLiteral("arguments")).toArray()) {
    const QJsonObject a = value.toObject();
    if (const double differ = a.value(QStringLiteral("mismatches")).toDouble(); differ > most) {
      most = differ;
      worst = position;
    }
    auto* arg = add(root, tr("argument %1 '%2' (%3)").arg(a.value(QStringLiteral("index")).toInt())
                              .arg(a.value(QStringLiteral("name")).toString(), a.value(QStringLiteral("type")).toString()),
                    tr("%1 of %2 elements differ").arg(number(a.value(QStringLiteral("mismatches"))), number(a.value(QStringLiteral("elements")))));
    arg->setData(0, Qt::UserRole + 3, position++);
    if (a.value(QStringLiteral("mismatches")).toDouble() > 0) arg->setForeground(1, QBrush(QColor(0xc0, 0x20, 0x20)));
    const QJsonObject first = a.value(QStringLiteral("first_mismatch")).toObject();
    if (!first.isEmpty()) {
      auto* m = add(arg, tr("first mismatch"), tr("element %1").arg(number(first.value(QStringLiteral("element")))));
      add(m, tr("written by"), first.value(QStringLiteral("work_item")).toString());
      add(m, tr("recorded device"), first.value(QStringLiteral("device")).toString());
      add(m, tr("reference device"), first.value(QStringLiteral("reference")).toString());
      add(m, tr("ULP apart"), number(first.value(QStringLiteral("ulp"))));
      m->setExpanded(true);
    }
    const QJsonObject allowed = a.value(QStringLiteral("allowed")).toObject();
    if (!allowed.value(QStringLiteral("why")).toString().isEmpty())
      add(arg, tr("allowed"), tr("%1 ulp: %2").arg(number(allowed.value(QStringLiteral("ulp"))), allowed.value(QStringLiteral("why")).toString()));
    arg->setExpanded(true);
  }
  const auto& findings = findings_[static_cast<std::size_t>(row)];
  const QString result = l.value(QStringLiteral("result")).toString();
  auto* cause = add(root, tr("likely cause"), findings.empty()
                                                  ? (result == QLatin1String("different")
                                                         ? tr("the reference device found nothing wrong: the recorded device's results are suspect")
                                                         : tr("none found"))
                                                  : tr("found by the reference device in this launch"));
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const reports::Finding& f = findings[i];
    QString where = QString::fromStdString(f.rule_id);
    if (f.kernel) where = QStringLiteral("%1 line %2").arg(QString::fromStdString(std::string(reports::to_string(f.kernel->kind)))).arg(f.kernel->at.line);
    auto* item = add(cause, where, QString::fromStdString(f.detail));
    item->setData(0, Qt::UserRole + 1, row);
    item->setData(0, Qt::UserRole + 2, static_cast<int>(i));
    item->setForeground(0, QBrush(QColor(0xc0, 0x20, 0x20)));
  }
  cause->setExpanded(true);
  // The argument whose elements differ most, over its elements.
  showArgument(row, worst);
}

}  // namespace clvet::gui

namespace clvet::gui {
namespace {

// The NDRange of a launch as `clvet diff` gives it (unused dimensions 1).
struct NDRange {
  int dims = 1;
  std::array<std::uint64_t, 3> global{1, 1, 1}, offset{0, 0, 0}, local{0, 0, 0};
  bool has_local = false;
  std::uint64_t items() const { return global[0] * global[1] * global[2]; }
};

NDRange ndrange(const QJsonObject& l) {
  NDRange r;
  r.dims = std::clamp(l.value(QStringLiteral("work_dim")).toInt(1), 1, 3);
  auto read = [&l](const char* key, std::array<std::uint64_t, 3>& into) {
    const QJsonArray a = l.value(QLatin1String(key)).toArray();
    for (int i = 0; i < 3 && i < a.size(); ++i) into[static_cast<std::size_t>(i)] = static_cast<std::uint64_t>(a[i].toDouble());
    return a.size() == 3;
  };
  if (!read("global_size", r.global)) r.global = {0, 1, 1};
  read("global_offset", r.offset);
  r.has_local = read("local_size", r.local);
  return r;
}

// Elements each work-item has when an argument holds the same number for every work-item
// (0: it does not).
std::uint64_t per_work_item(const NDRange& r, std::uint64_t elements) {
  const std::uint64_t items = r.items();
  return items && elements % items == 0 ? elements / items : 0;
}

// Elements a row of the grid: the global size's first dimension when the NDRange is 2D or 3D
// (each row a line of work-items), a work-group when the NDRange is 1D and its work-groups are
// of a size a row can show, else wrapped near square.
std::uint64_t grid_width(const NDRange& r, std::uint64_t elements) {
  const std::uint64_t k = per_work_item(r, elements);
  if (k && r.dims >= 2 && r.global[1] > 1) return r.global[0] * k;
  if (k && r.has_local && k * r.local[0] >= 8 && k * r.local[0] <= 4096 && elements >= 2 * k * r.local[0])
    return k * r.local[0];
  const double side = std::sqrt(static_cast<double>(elements) * 2);
  return std::max<std::uint64_t>(1, std::uint64_t{1} << static_cast<int>(std::lround(std::log2(std::max(1.0, side)))));
}

}  // namespace

void DiffView::showArgument(int row, int argument) {
  if (row < 0 || static_cast<std::size_t>(row) >= results_.size()) return;
  const QJsonObject& l = results_[static_cast<std::size_t>(row)];
  const QJsonArray arguments = l.value(QStringLiteral("arguments")).toArray();
  if (argument < 0 || argument >= arguments.size()) return;
  shown_launch_ = row;
  shown_argument_ = argument;
  const QJsonObject a = arguments[argument].toObject();
  const auto elements = static_cast<std::uint64_t>(a.value(QStringLiteral("elements")).toDouble());
  std::vector<std::pair<std::uint64_t, std::uint64_t>> runs;
  for (const QJsonValue& run : a.value(QStringLiteral("mismatch_runs")).toArray()) {
    const QJsonArray pair = run.toArray();
    if (pair.size() == 2)
      runs.emplace_back(static_cast<std::uint64_t>(pair[0].toDouble()), static_cast<std::uint64_t>(pair[1].toDouble()));
  }
  const NDRange r = ndrange(l);
  const std::uint64_t width = grid_width(r, elements);
  QString title = tr("#%1 %2, argument %3 '%4': %5 of %6 elements differ (red), %7 a row")
                      .arg(l.value(QStringLiteral("call_index")).toInteger())
                      .arg(l.value(QStringLiteral("kernel")).toString())
                      .arg(a.value(QStringLiteral("index")).toInt())
                      .arg(a.value(QStringLiteral("name")).toString(), number(a.value(QStringLiteral("mismatches"))))
                      .arg(elements)
                      .arg(width);
  if (!a.contains(QStringLiteral("mismatch_runs")) && a.value(QStringLiteral("mismatches")).toDouble() > 0)
    title += tr(" (these results do not say which)");
  element_map_->setElements(elements, width, std::move(runs), a.value(QStringLiteral("mismatch_runs_truncated")).toBool(), title);
  const QJsonObject first = a.value(QStringLiteral("first_mismatch")).toObject();
  if (!first.isEmpty()) showElement(static_cast<std::uint64_t>(first.value(QStringLiteral("element")).toDouble()));
  else element_info_->setText(tr("Click a cell for its element, work-item and values."));
}

void DiffView::showElement(std::uint64_t element) {
  if (shown_launch_ < 0 || shown_argument_ < 0) return;
  const QJsonObject& l = results_[static_cast<std::size_t>(shown_launch_)];
  const QJsonObject a = l.value(QStringLiteral("arguments")).toArray()[shown_argument_].toObject();
  const auto elements = static_cast<std::uint64_t>(a.value(QStringLiteral("elements")).toDouble());
  if (element >= elements) return;
  const NDRange r = ndrange(l);
  const std::uint64_t width = element_map_->columns();
  const bool differs = element_map_->mismatching(element);
  const QString type = a.value(QStringLiteral("type")).toString();
  QStringList lines;
  lines << tr("element %1 of argument %2 '%3' (%4): row %5, column %6 of the grid; %7")
               .arg(element).arg(a.value(QStringLiteral("index")).toInt()).arg(a.value(QStringLiteral("name")).toString(), type)
               .arg(width ? element / width : 0).arg(width ? element % width : 0)
               .arg(differs ? tr("the devices differ here") : tr("the devices agree here"));
  // The work-item, when every work-item has the same number of the argument's elements.
  const QJsonObject first = a.value(QStringLiteral("first_mismatch")).toObject();
  const bool is_first = !first.isEmpty() && static_cast<std::uint64_t>(first.value(QStringLiteral("element")).toDouble()) == element;
  if (is_first && !first.value(QStringLiteral("work_item")).toString().isEmpty()) {
    lines << tr("work-item: %1").arg(first.value(QStringLiteral("work_item")).toString());
  } else if (const std::uint64_t k = per_work_item(r, elements)) {
    const std::uint64_t item = element / k;
    QStringList ids;
    std::uint64_t rest = item;
    for (int d = 0; d < r.dims; ++d) {
      ids << QString::number(rest % r.global[static_cast<std::size_t>(d)] + r.offset[static_cast<std::size_t>(d)]);
      rest /= r.global[static_cast<std::size_t>(d)];
    }
    lines << tr("work-item: global id (%1), if work-items have their %2 element(s) in order").arg(ids.join(QStringLiteral(", "))).arg(k);
  } else {
    lines << tr("work-item: unknown (the argument does not have the same number of elements per work-item)");
  }
  // The recorded device's value: the trace's record of the argument after the launch.
  QString recorded = is_first ? first.value(QStringLiteral("device")).toString() : QString();
  QString error;
  if (recorded.isEmpty() && document_)
    if (auto format = BufferFormat::parse(type, error); format && format->columnCount() > 0) {
      const auto call = static_cast<std::uint64_t>(l.value(QStringLiteral("call_index")).toDouble());
      const auto index = static_cast<std::uint64_t>(a.value(QStringLiteral("index")).toInt());
      for (const KernelBufferContents& k : document_->facts().kernel_buffers) {
        if (k.call_index != call || !k.after) continue;
        auto record = document_->kernelBuffers(k.offset);
        if (!record) continue;
        for (const trace::Value& pair : record->buffers.items)
          if (pair.items.size() == 2 && pair.items[0].number == index)
            if (auto bytes = document_->bytesOf(pair.items[1]))
              recorded = format->value(*bytes, element / static_cast<std::uint64_t>(format->columnCount()) * format->stride,
                                       static_cast<int>(element % static_cast<std::uint64_t>(format->columnCount())));
      }
    }
  lines << tr("recorded device: %1").arg(recorded.isEmpty() ? tr("not in the trace") : recorded);
  if (is_first) lines << tr("reference device: %1").arg(first.value(QStringLiteral("reference")).toString());
  else if (!differs) lines << tr("reference device: the same, within what the spec allows");
  else lines << tr("reference device: not in clvet diff's results (they give the first mismatch's values)");
  element_info_->setText(lines.join(QLatin1Char('\n')));
}

QString DiffView::elementText() const { return element_info_->text(); }

}  // namespace clvet::gui
