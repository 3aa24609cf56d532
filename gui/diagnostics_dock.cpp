// Grouping the trace's findings for the diagnostics panel.
#include "diagnostics_dock.h"

#include <QHeaderView>

#include <map>

#include "trace_document.h"

namespace clvet::gui {

DiagnosticsTree::DiagnosticsTree(QWidget* parent) : QTreeWidget(parent) {
  setColumnCount(4);
  setHeaderLabels({tr("Finding"), tr("Call"), tr("Section"), tr("Detail")});
  header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
  connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item, int) {
    const QVariant f = item->data(0, FindingRole);
    if (f.isValid()) emit findingActivated(f.toInt());
    const QVariant k = item->data(0, KernelFindingRole);
    if (k.isValid()) emit kernelFindingActivated(k.toInt());
  });
}

void DiagnosticsTree::setKernelFindings(const std::vector<reports::Finding>& findings) {
  kernel_findings_ = findings;
  refill();
}

void DiagnosticsTree::setDocument(TraceDocument* document) {
  document_ = document;
  kernel_findings_.clear();
  clear();
  if (document_) connect(document_, &TraceDocument::scanFinished, this, &DiagnosticsTree::refill);
  refill();
}

void DiagnosticsTree::refill() {
  clear();
  if (!document_ || !document_->scanned()) return;
  const auto& findings = document_->facts().findings;
  // category -> rule -> findings, in the order of the trace within a rule.
  std::map<std::pair<int, std::string>, std::vector<int>> groups;
  std::size_t listed = 0;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const reports::Finding& f = findings[i];
    if (f.kernel) continue;  // with the kernel findings below, which lead to their lines
    groups[{static_cast<int>(f.category), f.rule_id}].push_back(static_cast<int>(i));
    ++listed;
  }
  QTreeWidgetItem* categories[2] = {nullptr, nullptr};
  for (const auto& [key, positions] : groups) {
    const int category = key.first;
    if (!categories[category]) {
      categories[category] = new QTreeWidgetItem(
          this, {category == 0 ? tr("The application broke the specification")
                               : tr("The platform broke the specification")});
      QFont bold = categories[category]->font(0);
      bold.setBold(true);
      categories[category]->setFont(0, bold);
      categories[category]->setExpanded(true);
    }
    const reports::Finding& sample = findings[static_cast<std::size_t>(positions.front())];
    auto* rule = new QTreeWidgetItem(categories[category],
                                     {QStringLiteral("%1 (%2)").arg(QString::fromStdString(key.second)).arg(positions.size()),
                                      QString(), QString::fromStdString(sample.spec),
                                      QString::fromStdString(sample.clause)});
    rule->setToolTip(3, QString::fromStdString(sample.clause));
    rule->setExpanded(positions.size() <= 20);
    for (int position : positions) {
      const reports::Finding& f = findings[static_cast<std::size_t>(position)];
      const QString where = QString::fromStdString(f.entry);
      auto* item = new QTreeWidgetItem(
          rule, {where, f.call_index ? QStringLiteral("#%1").arg(f.call_index) : QString(),
                 QString::fromStdString(f.spec),
                 QString::fromStdString(f.detail.empty() ? f.clause : f.detail)});
      item->setData(0, FindingRole, position);
      item->setToolTip(3, item->text(3));
      item->setForeground(0, QBrush(f.severity == reports::Severity::Error ? QColor(0xc0, 0x20, 0x20)
                                                                            : QColor(0xa0, 0x60, 0x00)));
    }
  }
  if (!kernel_findings_.empty()) {
    auto* group = new QTreeWidgetItem(this, {tr("Kernel findings of the reference device's checkers")});
    QFont bold = group->font(0);
    bold.setBold(true);
    group->setFont(0, bold);
    group->setExpanded(true);
    std::map<std::string, QTreeWidgetItem*> kinds;
    for (std::size_t i = 0; i < kernel_findings_.size(); ++i) {
      const reports::Finding& f = kernel_findings_[i];
      if (!f.kernel) continue;
      const std::string name(reports::to_string(f.kernel->kind));
      QTreeWidgetItem*& kind = kinds[name];
      if (!kind) {
        kind = new QTreeWidgetItem(group, {QString::fromStdString(name), QString(), QString::fromStdString(f.spec)});
        kind->setExpanded(true);
      }
      QString lines = QString::number(f.kernel->at.line);
      if (f.kernel->other && f.kernel->other->line) lines += QStringLiteral(", %1").arg(f.kernel->other->line);
      auto* item = new QTreeWidgetItem(kind, {QStringLiteral("%1 line %2").arg(QString::fromStdString(f.kernel->kernel), lines),
                                              f.kernel->enqueue ? QStringLiteral("#%1").arg(f.kernel->enqueue) : QString(),
                                              QString::fromStdString(f.spec), QString::fromStdString(f.detail)});
      item->setData(0, KernelFindingRole, static_cast<int>(i));
      item->setToolTip(3, item->text(3));
      item->setForeground(0, QBrush(QColor(0xc0, 0x20, 0x20)));
    }
    for (auto& [name, kind] : kinds) kind->setText(0, QStringLiteral("%1 (%2)").arg(kind->text(0)).arg(kind->childCount()));
  }
  if (listed == 0 && kernel_findings_.empty()) new QTreeWidgetItem(this, {tr("No findings")});
}

}  // namespace clvet::gui
