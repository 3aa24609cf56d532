// Filling the kernel view from the calls that made, built and launched each program's kernels.
#include "kernel_view.h"

#include <QHeaderView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cstring>
#include <map>

#include "call_params.h"
#include "clvet/rules/opencl.h"
#include "clvet/trace/print.h"
#include "ndrange_grid.h"
#include "source_view.h"
#include "trace_document.h"

namespace clvet::gui {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString name(const trace::Handle& h) { return q(trace::format_handle(h)); }

// An argument's bytes read as what they most likely are: a handle-sized pointer, an int, a float.
QString argumentText(const std::string& bytes) {
  QString hex;
  for (unsigned char c : bytes.substr(0, 32)) hex += QStringLiteral("%1 ").arg(c, 2, 16, QLatin1Char('0'));
  if (bytes.size() > 32) hex += QStringLiteral("...");
  QString meaning;
  if (bytes.size() == 4) {
    std::int32_t i;
    float f;
    std::memcpy(&i, bytes.data(), 4);
    std::memcpy(&f, bytes.data(), 4);
    meaning = QStringLiteral("int %1, float %2").arg(i).arg(static_cast<double>(f), 0, 'g', 7);
  } else if (bytes.size() == 8) {
    std::uint64_t u;
    std::memcpy(&u, bytes.data(), 8);
    meaning = QStringLiteral("0x%1 (a memory object or a 64-bit value)").arg(u, 0, 16);
  }
  return meaning.isEmpty() ? hex.trimmed() : QStringLiteral("%1 [%2]").arg(meaning, hex.trimmed());
}

}  // namespace

KernelView::KernelView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("kernels"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  auto* split = new QSplitter(Qt::Horizontal);
  programs_ = new QTreeWidget;
  programs_->setHeaderLabels({tr("Program, kernel, launch"), tr("Call")});
  programs_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  split->addWidget(programs_);
  auto* right = new QSplitter(Qt::Vertical);
  tabs_ = new QTabWidget;
  source_ = new SourceView;
  build_ = new QPlainTextEdit;
  build_->setReadOnly(true);
  build_->setFont(source_->font());
  tabs_->addTab(source_, tr("Source"));
  tabs_->addTab(build_, tr("Build options and log"));
  right->addWidget(tabs_);
  auto* bottom = new QSplitter(Qt::Horizontal);
  launch_ = new QTreeWidget;
  launch_->setHeaderLabels({tr("Launch"), tr("Value")});
  launch_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  grid_ = new NDRangeGrid;
  auto* launchPane = new QWidget;
  auto* launchLayout = new QVBoxLayout(launchPane);
  launchLayout->setContentsMargins(0, 0, 0, 0);
  auto* rerun = new QPushButton(tr("Re-run this launch on the reference device, checkers on"));
  launchLayout->addWidget(launch_);
  launchLayout->addWidget(rerun);
  connect(rerun, &QPushButton::clicked, this, [this] {
    if (shown_launch_) emit rerunLaunch(shown_launch_);
  });
  bottom->addWidget(launchPane);
  bottom->addWidget(grid_);
  right->addWidget(bottom);
  right->setSizes({500, 260});
  split->addWidget(right);
  split->setSizes({300, 900});
  layout->addWidget(split);

  connect(programs_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (!item) return;
    if (item->data(0, CallRole).isValid()) showLaunch(item->data(0, CallRole).toULongLong());
    else if (item->data(0, FindingRole).isValid())
      showFinding(kernel_findings_[static_cast<std::size_t>(item->data(0, FindingRole).toInt())]);
    else if (item->data(0, HandleRole).isValid()) {
      const trace::Handle h = HandleKey{item->data(0, HandleRole).toULongLong()}.handle();
      if (h.kind == api::ObjectKind::Program) showProgram(h);
      else if (auto program = programOfKernel(h)) showProgram(*program);
    }
  });
  connect(programs_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item, int) {
    if (item->data(0, CallRole).isValid()) emit callActivated(item->data(0, CallRole).toULongLong());
  });
}

void KernelView::setDocument(TraceDocument* document) {
  document_ = document;
  kernel_findings_.clear();
  if (document_) connect(document_, &TraceDocument::scanFinished, this, &KernelView::refill);
  refill();
}

void KernelView::addKernelFindings(const std::vector<reports::Finding>& findings) {
  for (const reports::Finding& f : findings)
    if (f.kernel) kernel_findings_.push_back(f);
  refill();
}

std::optional<trace::Handle> KernelView::programOfKernel(const trace::Handle& kernel) {
  const ObjectLife* life = document_->facts().object(kernel);
  if (!life) return std::nullopt;
  for (const trace::Handle& p : life->parents)
    if (p.kind == api::ObjectKind::Program) return p;
  if (life->created_by)
    if (auto call = document_->call(life->created_by)) {
      const trace::Value& program = param(*call, "program");
      if (program.kind == trace::ValueKind::Handle) return program.as_handle();
    }
  return std::nullopt;
}

void KernelView::refill() {
  programs_->clear();
  if (!document_ || !document_->scanned()) return;
  const TraceFacts& facts = document_->facts();
  std::map<HandleKey, const ObjectLife*> programs, kernels;
  for (const auto& [key, life] : facts.objects) {
    if (life.handle.kind == api::ObjectKind::Program) programs.emplace(key, &life);
    if (life.handle.kind == api::ObjectKind::Kernel) kernels.emplace(key, &life);
  }
  std::map<HandleKey, QTreeWidgetItem*> program_items;
  for (const auto& [key, life] : programs) {
    auto* item = new QTreeWidgetItem(programs_, {name(life->handle), life->created_by ? QStringLiteral("#%1").arg(life->created_by) : QString()});
    item->setData(0, HandleRole, QVariant::fromValue<quint64>(key.bits));
    item->setExpanded(true);
    program_items[key] = item;
  }
  for (const auto& [key, life] : kernels) {
    QString kernel_name;
    if (life->created_by)
      if (auto call = document_->call(life->created_by)) kernel_name = q(param(*call, "kernel_name").bytes);
    const auto program = programOfKernel(life->handle);
    QTreeWidgetItem* parent = program ? program_items[HandleKey::of(*program)] : nullptr;
    auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(programs_);
    item->setText(0, kernel_name.isEmpty() ? name(life->handle) : QStringLiteral("%1 %2").arg(name(life->handle), kernel_name));
    item->setText(1, life->created_by ? QStringLiteral("#%1").arg(life->created_by) : QString());
    item->setData(0, HandleRole, QVariant::fromValue<quint64>(key.bits));
    int launches = 0;
    for (std::uint64_t index : life->calls) {
      const std::int64_t row = facts.row_of(index);
      if (row < 0) continue;
      const std::string& entry = facts.entry_names[facts.rows[static_cast<std::size_t>(row)].name];
      if (entry != "clEnqueueNDRangeKernel" && entry != "clEnqueueTask") continue;
      if (++launches > 500) continue;  // the first 500 by name; all are in the call list
      auto* launch = new QTreeWidgetItem(item, {tr("launch"), QStringLiteral("#%1").arg(index)});
      launch->setData(0, CallRole, QVariant::fromValue<quint64>(index));
      if (facts.findings_by_call.count(index)) launch->setForeground(0, QBrush(QColor(0xc0, 0x20, 0x20)));
    }
    item->setText(0, item->text(0) + (launches == 1 ? tr(" (1 launch)") : tr(" (%1 launches)").arg(launches)));
  }
  for (std::size_t i = 0; i < kernel_findings_.size(); ++i) {
    const reports::Finding& f = kernel_findings_[i];
    auto* item = new QTreeWidgetItem(programs_, {QStringLiteral("%1: %2 line %3").arg(q(std::string(reports::to_string(f.kernel->kind))), q(f.kernel->kernel)).arg(f.kernel->at.line),
                                                 f.kernel->enqueue ? QStringLiteral("#%1").arg(f.kernel->enqueue) : QString()});
    item->setData(0, FindingRole, static_cast<int>(i));
    item->setForeground(0, QBrush(QColor(0xc0, 0x20, 0x20)));
  }
  if (programs_->topLevelItemCount() == 0) new QTreeWidgetItem(programs_, {tr("The trace builds no program.")});
}

QString KernelView::programSource(const trace::Handle& program) {
  const ObjectLife* life = document_->facts().object(program);
  if (!life || !life->created_by) return {};
  auto call = document_->call(life->created_by);
  if (!call) return {};
  const trace::Value* strings = input(*call, "strings");
  const trace::Value& listed = strings ? *strings : param(*call, "strings");
  QString text;
  for (const trace::Value& item : listed.items) {
    auto bytes = document_->bytesOf(item);
    if (!bytes) continue;
    if (!bytes->empty() && bytes->back() == '\0') bytes->pop_back();
    text += QString::fromStdString(*bytes);
  }
  if (text.isEmpty() && call->name != "clCreateProgramWithSource")
    text = tr("// %1: created from IL or a binary; no source in the trace").arg(q(call->name));
  return text;
}

void KernelView::showProgram(const trace::Handle& program) {
  if (!document_) return;
  shown_program_ = program;
  source_->setSource(programSource(program));
  QString build;
  const ObjectLife* life = document_->facts().object(program);
  if (life) {
    for (std::uint64_t index : life->calls) {
      auto call = document_->call(index);
      if (!call) continue;
      if (call->name == "clBuildProgram" || call->name == "clCompileProgram" || call->name == "clLinkProgram") {
        const trace::Value& options = param(*call, "options");
        build += tr("#%1 %2 options: %3 -> %4\n").arg(index).arg(q(call->name))
                     .arg(options.kind == trace::ValueKind::String ? QStringLiteral("\"%1\"").arg(q(options.bytes)) : tr("(none)"))
                     .arg(q(trace::format_result(*call)));
      } else if (call->name == "clGetProgramBuildInfo" && param(*call, "param_name").number == CL_PROGRAM_BUILD_LOG) {
        if (const trace::Value* log = output(*call, "param_value"))
          if (auto bytes = document_->bytesOf(*log)) {
            std::string text = *bytes;
            while (!text.empty() && text.back() == '\0') text.pop_back();
            build += tr("#%1 build log:\n%2\n").arg(index).arg(text.empty() ? tr("(empty)") : q(text));
          }
      }
    }
  }
  build_->setPlainText(build.isEmpty() ? tr("The trace has no build of this program.") : build);
  // Findings at their lines: kernel findings of this program's kernels.
  QMap<int, QString> marks;
  std::vector<QString> kernel_names;
  for (const reports::Finding& f : kernel_findings_) {
    if (!f.kernel || !f.kernel->at.line) continue;
    const QString sourceText = source_->toPlainText();
    if (!sourceText.contains(q(f.kernel->kernel))) continue;  // another program's kernel
    QString& mark = marks[static_cast<int>(f.kernel->at.line)];
    if (!mark.isEmpty()) mark += QLatin1Char('\n');
    mark += QStringLiteral("%1: %2").arg(q(std::string(reports::to_string(f.kernel->kind))), q(f.detail.empty() ? f.clause : f.detail));
    if (f.kernel->other && f.kernel->other->line) {
      QString& other = marks[static_cast<int>(f.kernel->other->line)];
      if (!other.isEmpty()) other += QLatin1Char('\n');
      other += tr("%1 (the other side, line %2)").arg(q(std::string(reports::to_string(f.kernel->kind)))).arg(f.kernel->at.line);
    }
  }
  source_->setMarks(marks);
}

void KernelView::showLaunch(std::uint64_t index) {
  launch_->clear();
  shown_launch_ = index;
  if (!document_) return;
  auto call = document_->call(index);
  if (!call) return;
  const trace::Handle kernel = param(*call, "kernel").as_handle();
  // Shown again even when it is the program on screen: findings may have come since.
  if (auto program = programOfKernel(kernel)) showProgram(*program);
  new QTreeWidgetItem(launch_, {tr("call"), QStringLiteral("#%1 %2 = %3").arg(index).arg(q(call->name), q(trace::format_result(*call)))});
  new QTreeWidgetItem(launch_, {tr("kernel"), name(kernel)});
  std::array<std::uint64_t, 3> global{1, 1, 1}, local{0, 0, 0};
  const trace::Value& g = param(*call, "global_work_size");
  const trace::Value& l = param(*call, "local_work_size");
  for (std::size_t d = 0; d < 3 && d < g.items.size(); ++d) global[d] = g.items[d].number;
  for (std::size_t d = 0; d < 3 && d < l.items.size(); ++d) local[d] = l.items[d].number;
  new QTreeWidgetItem(launch_, {tr("global size"), q(trace::format_value(g))});
  new QTreeWidgetItem(launch_, {tr("local size"), l.is_null() ? tr("NULL (the implementation chooses)") : q(trace::format_value(l))});
  const trace::Value& offset = param(*call, "global_work_offset");
  if (!offset.is_null()) new QTreeWidgetItem(launch_, {tr("global offset"), q(trace::format_value(offset))});
  // The arguments: the last clSetKernelArg of each index before the launch.
  std::map<std::uint64_t, std::pair<std::uint64_t, QString>> arguments;
  if (const ObjectLife* life = document_->facts().object(kernel))
    for (std::uint64_t set : life->calls) {
      if (set >= index) break;
      auto c = document_->call(set);
      if (!c || c->name != "clSetKernelArg" || c->error != 0) continue;
      const trace::Value* value = input(*c, "arg_value");
      // Since format 1.1 an argument that holds a buffer, image, sampler or queue is that object.
      if (value && value->kind == trace::ValueKind::Handle) {
        arguments[param(*c, "arg_index").number] = {set, q(trace::format_handle(value->as_handle()))};
        continue;
      }
      const auto bytes = value ? document_->bytesOf(*value) : std::nullopt;
      arguments[param(*c, "arg_index").number] = {set, bytes ? argumentText(*bytes)
                                                             : tr("NULL, %1 bytes (__local)").arg(param(*c, "arg_size").number)};
    }
  auto* args = new QTreeWidgetItem(launch_, {tr("arguments"), QString::number(arguments.size())});
  for (const auto& [argument, set] : arguments) {
    auto* item = new QTreeWidgetItem(args, {tr("arg %1").arg(argument), set.second});
    item->setToolTip(1, tr("set by call #%1").arg(set.first));
  }
  args->setExpanded(true);
  const TraceFacts& facts = document_->facts();
  auto [first, last] = facts.findings_by_call.equal_range(index);
  for (auto it = first; it != last; ++it) {
    const reports::Finding& f = facts.findings[it->second];
    auto* item = new QTreeWidgetItem(launch_, {q(f.rule_id), q(f.detail.empty() ? f.clause : f.detail)});
    item->setForeground(0, QBrush(QColor(0xc0, 0x20, 0x20)));
  }
  grid_->setNDRange(global, local);
  grid_->setFinding(nullptr);
  for (const reports::Finding& f : kernel_findings_)
    if (f.kernel && f.kernel->enqueue == index) {
      grid_->setFinding(&f);
      break;
    }
}

void KernelView::showFinding(const reports::Finding& finding) {
  if (!finding.kernel || !document_) return;
  // The launch the finding names, else the first launch of a kernel of that name.
  std::uint64_t launch = 0;
  if (finding.kernel->enqueue) {
    auto call = document_->call(finding.kernel->enqueue);
    if (call && call->name == "clEnqueueNDRangeKernel") launch = finding.kernel->enqueue;
  }
  if (!launch) {
    for (const auto& [key, life] : document_->facts().objects) {
      if (life.handle.kind != api::ObjectKind::Kernel || !life.created_by) continue;
      auto created = document_->call(life.created_by);
      if (!created || param(*created, "kernel_name").bytes != finding.kernel->kernel) continue;
      for (std::uint64_t index : life.calls) {
        auto c = document_->call(index);
        if (c && c->name == "clEnqueueNDRangeKernel" && (!launch || index < launch)) launch = index;
      }
    }
  }
  if (launch) showLaunch(launch);
  grid_->setFinding(&finding);
  source_->showLine(static_cast<int>(finding.kernel->at.line));
}

void KernelView::showMostInteresting() {
  if (!kernel_findings_.empty()) {
    showFinding(kernel_findings_.front());
    return;
  }
  // The first launch in the tree.
  for (int i = 0; i < programs_->topLevelItemCount(); ++i) {
    QTreeWidgetItem* program = programs_->topLevelItem(i);
    for (int k = 0; k < program->childCount(); ++k)
      if (program->child(k)->childCount()) {
        programs_->setCurrentItem(program->child(k)->child(0));
        return;
      }
  }
  if (programs_->topLevelItemCount()) programs_->setCurrentItem(programs_->topLevelItem(0));
}

}  // namespace clvet::gui
