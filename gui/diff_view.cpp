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

#include <cmath>

#include "clvet/reports/formats.h"
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

void MismatchHeatMap::mousePressEvent(QMouseEvent* event) {
  if (rows_.empty()) return;
  const int h = std::clamp((height() - 24) / static_cast<int>(rows_.size()), 6, 28);
  const int row = (static_cast<int>(event->position().y()) - 22) / h;
  if (row >= 0 && row < static_cast<int>(rows_.size())) emit rowActivated(row);
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
  split->addWidget(left);
  split->addWidget(details_);
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
  connect(details_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item, int) {
    const QVariant launch = item->data(0, Qt::UserRole + 1), finding = item->data(0, Qt::UserRole + 2);
    if (launch.isValid() && finding.isValid())
      emit findingActivated(findings_[static_cast<std::size_t>(launch.toInt())][static_cast<std::size_t>(finding.toInt())]);
  });
  connect(helper_, &HelperProcess::finished, this, [this](int status, const QString& why, const QByteArray& out,
                                                           const QByteArray& err) {
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
}

void DiffView::runDiff(std::uint64_t enqueue) {
  if (!document_) return;
  QStringList arguments{QStringLiteral("diff"), QFileInfo(document_->path()).absoluteFilePath(), QStringLiteral("--format=json")};
  if (enqueue) arguments << QStringLiteral("--enqueue") << QString::number(enqueue);
  if (helper_->start(enqueue ? tr("re-run of launch #%1").arg(enqueue) : tr("clvet diff"), HelperProcess::clvetProgram(), arguments)) {
    run_->setEnabled(false);
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
  details_->clear();
  if (row < 0 || static_cast<std::size_t>(row) >= results_.size()) return;
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
  for (const QJsonValue& value : l.value(QStringLiteral("arguments")).toArray()) {
    const QJsonObject a = value.toObject();
    auto* arg = add(root, tr("argument %1 '%2' (%3)").arg(a.value(QStringLiteral("index")).toInt())
                              .arg(a.value(QStringLiteral("name")).toString(), a.value(QStringLiteral("type")).toString()),
                    tr("%1 of %2 elements differ").arg(number(a.value(QStringLiteral("mismatches"))), number(a.value(QStringLiteral("elements")))));
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
}

}  // namespace clvet::gui
