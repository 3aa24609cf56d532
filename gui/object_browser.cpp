// Filling the object browser from the objects the scan collected.
#include "object_browser.h"

#include <QHeaderView>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

#include "clvet/trace/print.h"
#include "trace_document.h"

namespace clvet::gui {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString name(const trace::Handle& h) { return q(trace::format_handle(h)); }

QString kindTitle(api::ObjectKind kind) {
  switch (kind) {
    case api::ObjectKind::Platform: return QObject::tr("Platforms");
    case api::ObjectKind::Device: return QObject::tr("Devices");
    case api::ObjectKind::Context: return QObject::tr("Contexts");
    case api::ObjectKind::CommandQueue: return QObject::tr("Command queues");
    case api::ObjectKind::Mem: return QObject::tr("Memory objects");
    case api::ObjectKind::Sampler: return QObject::tr("Samplers");
    case api::ObjectKind::Program: return QObject::tr("Programs");
    case api::ObjectKind::Kernel: return QObject::tr("Kernels");
    case api::ObjectKind::Event: return QObject::tr("Events");
    case api::ObjectKind::None: break;
  }
  return QObject::tr("Other");
}

const QColor kLeak(0xff, 0xe0, 0xa0);
const QColor kUseAfterRelease(0xff, 0xc8, 0xc8);

}  // namespace

RefcountPlot::RefcountPlot(QWidget* parent) : QWidget(parent) {
  setMinimumHeight(90);
}

void RefcountPlot::setLife(const ObjectLife* life, std::uint64_t last_call) {
  steps_.clear();
  used_after_release_ = 0;
  last_call_ = std::max<std::uint64_t>(last_call, 1);
  if (life) {
    for (const trace::ObjectEvent& e : life->events)
      steps_.emplace_back(e.call_index ? e.call_index : last_call_,
                          e.action == trace::ObjectEvent::Action::Destroyed ? 0 : e.refcount);
    used_after_release_ = life->used_after_release;
  }
  update();
}

void RefcountPlot::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  const QRect area = rect().adjusted(36, 8, -8, -18);
  p.setPen(palette().color(QPalette::Mid));
  p.drawRect(area);
  std::uint32_t top = 1;
  for (const auto& s : steps_) top = std::max(top, s.second);
  p.setPen(palette().color(QPalette::Text));
  p.drawText(QRect(0, area.top() - 6, 32, 14), Qt::AlignRight, QString::number(top));
  p.drawText(QRect(0, area.bottom() - 7, 32, 14), Qt::AlignRight, QStringLiteral("0"));
  p.drawText(QRect(area.left(), area.bottom() + 2, area.width(), 14), Qt::AlignCenter,
             tr("reference count over calls 1 to %1").arg(last_call_));
  if (steps_.empty()) return;
  auto x = [&](std::uint64_t call) {
    return area.left() + static_cast<int>(static_cast<double>(call) / last_call_ * area.width());
  };
  auto y = [&](std::uint32_t count) {
    return area.bottom() - static_cast<int>(static_cast<double>(count) / top * (area.height() - 4));
  };
  QPen line(QColor(0x20, 0x60, 0xc0), 2);
  p.setPen(line);
  int px = x(steps_.front().first), py = y(steps_.front().second);
  for (std::size_t i = 1; i < steps_.size(); ++i) {
    const int nx = x(steps_[i].first), ny = y(steps_[i].second);
    p.drawLine(px, py, nx, py);
    p.drawLine(nx, py, nx, ny);
    px = nx;
    py = ny;
  }
  if (steps_.back().second > 0) p.drawLine(px, py, area.right(), py);  // still held at the end
  if (used_after_release_) {
    p.setPen(QPen(QColor(0xd0, 0x20, 0x20), 2));
    const int ux = x(used_after_release_);
    p.drawLine(ux, area.top(), ux, area.bottom());
    p.drawText(ux + 3, area.top() + 12, tr("used after release (#%1)").arg(used_after_release_));
  }
}

ObjectBrowser::ObjectBrowser(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("objects"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  auto* split = new QSplitter(Qt::Horizontal);
  list_ = new QTreeWidget;
  list_->setColumnCount(4);
  list_->setHeaderLabels({tr("Object"), tr("Created by"), tr("References at end"), tr("Status")});
  list_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  list_->header()->setSectionResizeMode(1, QHeaderView::Interactive);
  list_->header()->resizeSection(1, 230);
  split->addWidget(list_);
  auto* right = new QWidget;
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  details_ = new QTreeWidget;
  details_->setColumnCount(2);
  details_->setHeaderLabels({tr("Fact"), tr("Value")});
  details_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  plot_ = new RefcountPlot;
  auto* calls = new QPushButton(tr("Show the calls that name it"));
  rightLayout->addWidget(details_);
  rightLayout->addWidget(plot_);
  rightLayout->addWidget(calls);
  split->addWidget(right);
  split->setSizes({700, 500});
  layout->addWidget(split);

  connect(list_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (item && item->data(0, HandleRole).isValid())
      showDetails(HandleKey{item->data(0, HandleRole).toULongLong()}.handle());
  });
  connect(list_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item, int) {
    if (item->data(0, HandleRole).isValid()) emit objectCalls(HandleKey{item->data(0, HandleRole).toULongLong()}.handle());
  });
  connect(details_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item, int) {
    if (item->data(1, CallRole).isValid()) emit callActivated(item->data(1, CallRole).toULongLong());
    if (item->data(1, HandleRole).isValid()) showObject(HandleKey{item->data(1, HandleRole).toULongLong()}.handle());
  });
  connect(calls, &QPushButton::clicked, this, [this] {
    QTreeWidgetItem* item = list_->currentItem();
    if (item && item->data(0, HandleRole).isValid())
      emit objectCalls(HandleKey{item->data(0, HandleRole).toULongLong()}.handle());
  });
}

void ObjectBrowser::setDocument(TraceDocument* document) {
  document_ = document;
  list_->clear();
  details_->clear();
  plot_->setLife(nullptr, 1);
  if (document_) connect(document_, &TraceDocument::scanFinished, this, &ObjectBrowser::refill);
  refill();
}

void ObjectBrowser::refill() {
  list_->clear();
  if (!document_ || !document_->scanned()) return;
  const TraceFacts& facts = document_->facts();
  std::map<HandleKey, const ObjectLife*> sorted;
  for (const auto& [key, life] : facts.objects) sorted.emplace(key, &life);
  std::map<api::ObjectKind, QTreeWidgetItem*> groups;
  for (const auto& [key, life] : sorted) {
    const api::ObjectKind kind = life->handle.kind;
    QTreeWidgetItem*& group = groups[kind];
    if (!group) {
      group = new QTreeWidgetItem(list_, {kindTitle(kind)});
      group->setExpanded(kind != api::ObjectKind::Event);
    }
    QString created;
    if (life->created_by) {
      const std::int64_t row = facts.row_of(life->created_by);
      created = QStringLiteral("#%1").arg(life->created_by);
      if (row >= 0) created += QLatin1Char(' ') + q(facts.entry_names[facts.rows[static_cast<std::size_t>(row)].name]);
    }
    QString status;
    QColor colour;
    if (life->used_after_release) {
      status = tr("used after release (call #%1)").arg(life->used_after_release);
      colour = kUseAfterRelease;
    } else if (life->leaked()) {
      status = tr("leaked");
      colour = kLeak;
    }
    auto* item = new QTreeWidgetItem(group, {name(life->handle), created,
                                             life->events.empty() ? QString() : QString::number(life->final_refcount()),
                                             status});
    item->setData(0, HandleRole, QVariant::fromValue<quint64>(key.bits));
    if (colour.isValid())
      for (int c = 0; c < 4; ++c) item->setBackground(c, colour);
  }
  for (auto& [kind, group] : groups) group->setText(0, QStringLiteral("%1 (%2)").arg(kindTitle(kind)).arg(group->childCount()));
}

std::optional<trace::Handle> ObjectBrowser::mostInteresting() const {
  if (!document_) return std::nullopt;
  std::optional<trace::Handle> first_buffer, leaked;
  std::map<HandleKey, const ObjectLife*> sorted;
  for (const auto& [key, life] : document_->facts().objects) sorted.emplace(key, &life);
  for (const auto& [key, life] : sorted) {
    if (life->used_after_release) return life->handle;
    if (!leaked && life->leaked()) leaked = life->handle;
    if (!first_buffer && life->handle.kind == api::ObjectKind::Mem) first_buffer = life->handle;
  }
  return leaked ? leaked : first_buffer;
}

void ObjectBrowser::showObject(const trace::Handle& handle) {
  const quint64 bits = HandleKey::of(handle).bits;
  for (int g = 0; g < list_->topLevelItemCount(); ++g) {
    QTreeWidgetItem* group = list_->topLevelItem(g);
    for (int i = 0; i < group->childCount(); ++i)
      if (group->child(i)->data(0, HandleRole).toULongLong() == bits) {
        group->setExpanded(true);
        list_->setCurrentItem(group->child(i));
        list_->scrollToItem(group->child(i));
        return;
      }
  }
  showDetails(handle);
}

void ObjectBrowser::showDetails(const trace::Handle& handle) {
  details_->clear();
  if (!document_) return;
  const TraceFacts& facts = document_->facts();
  const ObjectLife* life = facts.object(handle);
  plot_->setLife(life, facts.rows.empty() ? 1 : facts.rows.back().index);
  auto* head = new QTreeWidgetItem(details_, {tr("Object"), name(handle)});
  QFont bold = head->font(0);
  bold.setBold(true);
  head->setFont(0, bold);
  head->setFont(1, bold);
  if (!life) return;
  auto callItem = [&](QTreeWidgetItem* parent, const QString& what, std::uint64_t call, const QString& extra) {
    QString text = QStringLiteral("#%1").arg(call);
    const std::int64_t row = facts.row_of(call);
    if (row >= 0) text += QLatin1Char(' ') + q(facts.entry_names[facts.rows[static_cast<std::size_t>(row)].name]);
    if (!extra.isEmpty()) text += QStringLiteral(" (%1)").arg(extra);
    auto* item = new QTreeWidgetItem(parent, {what, text});
    item->setData(1, CallRole, QVariant::fromValue<quint64>(call));
    return item;
  };
  if (life->created_by) callItem(details_->invisibleRootItem(), tr("created by"), life->created_by, {});
  auto* events = new QTreeWidgetItem(details_, {tr("Life"), QString::number(life->events.size())});
  for (const trace::ObjectEvent& e : life->events) {
    const QString what = q(std::string(trace::to_string(e.action)));
    const QString count = tr("count %1").arg(e.refcount);
    if (e.call_index) callItem(events, what, e.call_index, count);
    else new QTreeWidgetItem(events, {what, tr("at exit, %1").arg(count)});
  }
  events->setExpanded(true);
  auto handles = [&](const QString& title, const std::vector<trace::Handle>& list) {
    if (list.empty()) return;
    auto* group = new QTreeWidgetItem(details_, {title, QString::number(list.size())});
    for (const trace::Handle& h : list) {
      auto* item = new QTreeWidgetItem(group, {QString(), name(h)});
      item->setData(1, HandleRole, QVariant::fromValue<quint64>(HandleKey::of(h).bits));
      item->setForeground(1, QBrush(QColor(0x20, 0x50, 0xb0)));
    }
    group->setExpanded(list.size() <= 16);
  };
  handles(tr("Parents"), life->parents);
  handles(tr("Children"), life->children);
  auto* calls = new QTreeWidgetItem(details_, {tr("Calls that name it"), QString::number(life->calls.size())});
  for (std::size_t i = 0; i < life->calls.size() && i < 2000; ++i) callItem(calls, QString(), life->calls[i], {});
  if (life->used_after_release) {
    auto* item = callItem(details_->invisibleRootItem(), tr("used after release"), life->used_after_release, {});
    item->setBackground(0, kUseAfterRelease);
    item->setBackground(1, kUseAfterRelease);
  } else if (life->leaked()) {
    auto* item = new QTreeWidgetItem(details_, {tr("leaked"), tr("references held at exit: %1").arg(life->final_refcount())});
    item->setBackground(0, kLeak);
    item->setBackground(1, kLeak);
  }
}

}  // namespace clvet::gui
