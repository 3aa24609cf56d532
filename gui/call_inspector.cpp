// Filling the call inspector from a decoded call.
#include "call_inspector.h"

#include <QHeaderView>

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "clvet/reports/kernel_kinds.h"
#include "clvet/trace/cl_names.h"
#include "clvet/trace/print.h"
#include "trace_document.h"

namespace clvet::gui {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

trace::PrintOptions fullOptions() {
  trace::PrintOptions o;
  o.max_bytes = 64;
  o.max_items = 64;
  o.max_string = 4000;
  return o;
}

}  // namespace

CallInspector::CallInspector(QWidget* parent) : QTreeWidget(parent) {
  setColumnCount(2);
  setHeaderLabels({tr("Name"), tr("Value")});
  header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  setWordWrap(true);
  setUniformRowHeights(false);
  connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item, int) {
    const QVariant h = item->data(1, HandleRole);
    if (h.isValid()) emit objectActivated(HandleKey{h.toULongLong()}.handle());
    const QVariant f = item->data(0, FindingRole);
    if (f.isValid()) emit findingActivated(f.toInt());
  });
}

void CallInspector::setDocument(TraceDocument* document) {
  document_ = document;
  shown_ = 0;
  clear();
}

void CallInspector::addValue(QTreeWidgetItem* parent, const QString& name, const trace::Value& v,
                             const api::Param* param) {
  auto* item = new QTreeWidgetItem(parent, {name, q(trace::format_value(v, param, fullOptions()))});
  item->setToolTip(1, item->text(1));
  if (v.kind == trace::ValueKind::Handle && v.number) {
    item->setData(1, HandleRole, QVariant::fromValue<quint64>(HandleKey::of(v.as_handle()).bits));
    QFont f = item->font(1);
    f.setUnderline(true);
    item->setFont(1, f);
    item->setForeground(1, QBrush(QColor(0x20, 0x50, 0xb0)));
  }
  if (v.kind == trace::ValueKind::Array && v.items.size() > 1 &&
      !(param && param->role == api::Role::StructIn)) {
    for (std::size_t i = 0; i < v.items.size() && i < 4096; ++i)
      addValue(item, QStringLiteral("[%1]").arg(i), v.items[i], param);
  }
  if (v.kind == trace::ValueKind::Properties && param) {
    for (std::size_t i = 0; i + 1 < v.items.size(); i += 2) {
      const std::uint64_t key = v.items[i].number;
      const trace::PropertyMeaning pm = trace::property_meaning(param->family, key);
      const auto key_name = trace::constant_name(pm.key_family, key);
      api::Param value_param{"", "", api::Role::Enum, pm.handle, {}, {}, pm.value_family};
      addValue(item, key_name ? QString::fromUtf8(key_name->data(), static_cast<int>(key_name->size()))
                              : QStringLiteral("0x%1").arg(key, 0, 16),
               v.items[i + 1], pm.value_family.empty() ? nullptr : &value_param);
    }
  }
  if ((v.kind == trace::ValueKind::String || v.kind == trace::ValueKind::Blob) && v.bytes.size() > 80)
    item->setToolTip(1, q(v.bytes.substr(0, 4000)));
  // Bytes behind a blob (an info query's answer, a program's source): shown as the text they
  // hold when they are a C string, else their first bytes.
  if (v.kind == trace::ValueKind::Blob && v.size <= 65536 && document_)
    if (auto bytes = document_->bytesOf(v)) {
      const std::string_view text(bytes->data(), strnlen(bytes->data(), bytes->size()));
      const bool printable = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t' || c == '\r';
      });
      if (printable) {
        item->setText(1, QStringLiteral("\"%1\"").arg(QString::fromUtf8(text.data(), static_cast<qsizetype>(std::min<std::size_t>(text.size(), 300)))
                                                          .replace(QLatin1Char('\n'), QStringLiteral("\\n"))));
        item->setToolTip(1, QString::fromUtf8(text.data(), static_cast<qsizetype>(std::min<std::size_t>(text.size(), 8000))));
      } else {
        QString hex;
        for (std::size_t i = 0; i < bytes->size() && i < 32; ++i)
          hex += QStringLiteral("%1 ").arg(static_cast<unsigned char>((*bytes)[i]), 2, 16, QLatin1Char('0'));
        item->setText(1, QStringLiteral("<%1 bytes: %2%3>").arg(bytes->size()).arg(hex.trimmed()).arg(bytes->size() > 32 ? QStringLiteral(" ...") : QString()));
      }
    }
}

void CallInspector::showCall(std::uint64_t index) {
  clear();
  shown_ = index;
  if (!document_) return;
  auto call = document_->call(index);
  if (!call) {
    new QTreeWidgetItem(this, {tr("call #%1").arg(index), tr("not in the trace, or its record is damaged")});
    return;
  }
  const TraceFacts& facts = document_->facts();
  auto* head = new QTreeWidgetItem(this, {tr("Call #%1 %2").arg(index).arg(q(call->name))});
  head->setFirstColumnSpanned(true);
  QFont bold = head->font(0);
  bold.setBold(true);
  head->setFont(0, bold);
  new QTreeWidgetItem(head, {tr("thread"), QString::number(call->thread)});
  new QTreeWidgetItem(head, {tr("entered"), q(fmt::format("{:.9f} s", call->enter_ns / 1e9))});
  new QTreeWidgetItem(head, {tr("duration"), q(trace::format_call_duration(*call))});
  if (call->completed) {
    auto* result = new QTreeWidgetItem(head, {tr("result"), q(trace::format_result(*call))});
    if (call->error != 0) result->setForeground(1, QBrush(QColor(0xc0, 0x20, 0x20)));
  }
  head->setExpanded(true);

  auto* params = new QTreeWidgetItem(this, {tr("Parameters")});
  params->setFont(0, bold);
  for (std::size_t i = 0; i < call->params.size(); ++i) {
    const auto p = static_cast<std::uint32_t>(i);
    addValue(params, q(trace::param_name(*call, p)), call->params[i], trace::param_of(*call, p));
  }
  params->setExpanded(true);
  if (!call->inputs.empty()) {
    auto* inputs = new QTreeWidgetItem(this, {tr("Read by the call")});
    inputs->setFont(0, bold);
    // Data behind a pointer is bytes, whatever the pointer's own family says.
    for (const trace::ParamValue& in : call->inputs)
      addValue(inputs, q(trace::param_name(*call, in.param)), in.value, nullptr);
    inputs->setExpanded(true);
  }
  if (!call->outputs.empty()) {
    auto* outputs = new QTreeWidgetItem(this, {tr("Written by the call")});
    outputs->setFont(0, bold);
    for (const trace::ParamValue& out : call->outputs)
      addValue(outputs, q(trace::param_name(*call, out.param)), out.value, trace::param_of(*call, out.param));
    outputs->setExpanded(true);
  }
  if (!call->created.empty()) {
    auto* created = new QTreeWidgetItem(this, {tr("Created")});
    created->setFont(0, bold);
    for (const trace::Handle& h : call->created)
      addValue(created, QString(), trace::Value::handle(h.kind, h.id), nullptr);
    created->setExpanded(true);
  }
  auto [first, last] = facts.findings_by_call.equal_range(index);
  std::vector<std::size_t> found;
  for (auto it = first; it != last; ++it) found.push_back(it->second);
  std::sort(found.begin(), found.end());
  if (!found.empty()) {
    auto* findings = new QTreeWidgetItem(this, {tr("Findings (%1)").arg(found.size())});
    findings->setFont(0, bold);
    for (std::size_t position : found) {
      const reports::Finding& f = facts.findings[position];
      // A kernel checker's finding carries no clause of its own: its kind names the section
      // and says what the kernel did that the section forbids.
      std::string section = f.spec, words = f.clause;
      if (f.kernel) {
        const reports::KernelKindInfo& kind = reports::describe(f.kernel->kind);
        if (section.empty()) section = kind.spec;
        if (words.empty()) words = kind.description;
      }
      auto* item = new QTreeWidgetItem(findings, {q(f.rule_id), q(f.detail.empty() ? words : f.detail)});
      item->setData(0, FindingRole, static_cast<int>(position));
      item->setForeground(0, QBrush(f.severity == reports::Severity::Error ? QColor(0xc0, 0x20, 0x20)
                                                                            : QColor(0xa0, 0x60, 0x00)));
      new QTreeWidgetItem(item, {tr("rule"), q(f.rule_id)});
      new QTreeWidgetItem(item, {tr("severity"), q(std::string(reports::to_string(f.severity))) + " (" +
                                                     q(std::string(reports::to_string(f.category))) + ")"});
      if (f.error_code) new QTreeWidgetItem(item, {tr("error"), q(reports::error_name(f.error_code))});
      new QTreeWidgetItem(item, {tr("section"), q(section)});
      auto* clause = new QTreeWidgetItem(item, {tr("spec"), q(words)});
      clause->setToolTip(1, q(words));
      if (!f.detail.empty()) new QTreeWidgetItem(item, {tr("detail"), q(f.detail)});
      if (f.count > 1) new QTreeWidgetItem(item, {tr("count"), QString::number(f.count)});
      item->setExpanded(true);
    }
    findings->setExpanded(true);
  }
}

}  // namespace clvet::gui
