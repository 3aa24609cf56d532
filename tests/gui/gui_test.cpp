// clvet-gui's views on traces of real programs recorded under the layer on PoCL
// (tests/gui/record_traces.sh), checked against what the programs did (their source and
// their output) and against the trace reader; screenshots of each view under the build tree.
#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTableView>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>

#include "buffer_format.h"
#include "buffer_viewer.h"
#include "call_inspector.h"
#include "call_list_model.h"
#include "call_list_view.h"
#include "call_params.h"
#include "clvet/trace/print.h"
#include "clvet/trace/reader.h"
#include "diagnostics_dock.h"
#include "diff_view.h"
#include "element_heat_map.h"
#include "helper_process.h"
#include "image_viewer.h"
#include "kernel_view.h"
#include "ndrange_grid.h"
#include "object_browser.h"
#include "replay_contents.h"
#include "source_view.h"
#include "timeline_view.h"
#include "main_window.h"
#include "screenshot.h"
#include "trace_document.h"

using namespace clvet;
using namespace clvet::gui;

namespace {

QString tracePath(const char* name) { return QStringLiteral(CLVET_GUI_TRACES "/%1.clvt").arg(name); }

// Every item text of a tree, depth first, one per line: what the user reads.
QString treeText(QTreeWidget* tree) {
  QString out;
  std::function<void(QTreeWidgetItem*, int)> walk = [&](QTreeWidgetItem* item, int depth) {
    out += QString(depth * 2, QLatin1Char(' ')) + item->text(0) + QStringLiteral(" | ") + item->text(1) +
           QStringLiteral(" | ") + item->text(2) + QStringLiteral(" | ") + item->text(3) + QLatin1Char('\n');
    for (int i = 0; i < item->childCount(); ++i) walk(item->child(i), depth + 1);
  };
  for (int i = 0; i < tree->topLevelItemCount(); ++i) walk(tree->topLevelItem(i), 0);
  return out;
}

QByteArray readFile(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::uint64_t readerCallCount(const QString& path) {
  std::string error;
  auto reader = trace::Reader::open(path.toStdString(), error);
  std::uint64_t calls = 0;
  trace::RecordView r;
  while (reader && reader->next(r)) calls += r.kind == trace::RecordKind::Call;
  return calls;
}

// The window at `view` as a PNG of 256 colours, as --screenshot writes it. `prepare`: first
// shown as --screenshot shows it; else as the test left it.
void saveShot(MainWindow& window, const QString& view, const QString& name, bool prepare = true) {
  window.show();
  QApplication::processEvents();
  if (prepare) prepareView(window, view);
  else window.showView(view);
  for (int i = 0; i < 3; ++i) QApplication::processEvents();
  const QImage picture = window.grab().toImage().convertToFormat(QImage::Format_Indexed8, Qt::ThresholdDither);
  QVERIFY(picture.save(QStringLiteral(CLVET_GUI_SCREENSHOTS "/%1.png").arg(name), "PNG", 9));
}

}  // namespace

class GuiTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("clvet-tests"));
    QApplication::setApplicationName(QStringLiteral("clvet-gui-tests"));
  }

  // The call list of buffer_pipeline.c: one row per Call record, the calls the program makes
  // in its order, flags decoded by name, its one deliberate mistake marked.
  void callListOfBufferPipeline() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("buffer_pipeline")));
    window.document()->waitForScan();
    CallListModel* model = window.callList()->model();
    QCOMPARE(static_cast<std::uint64_t>(model->rowCount()), readerCallCount(tracePath("buffer_pipeline")));
    QCOMPARE(model->columnCount(), 7);
    QCOMPARE(model->data(model->index(0, CallListModel::Entry), Qt::DisplayRole).toString(),
             QStringLiteral("clGetPlatformIDs"));
    // buffer_pipeline.c creates its source buffer with CL_MEM_COPY_HOST_PTR.
    int create = -1;
    for (int row = 0; row < model->rowCount() && create < 0; ++row)
      if (model->data(model->index(row, CallListModel::Entry), Qt::DisplayRole).toString() == QLatin1String("clCreateBuffer") &&
          model->argumentsText(row).contains(QStringLiteral("CL_MEM_COPY_HOST_PTR")))
        create = row;
    QVERIFY(create >= 0);
    QVERIFY(model->argumentsText(create).startsWith(QStringLiteral("context#")));
    QVERIFY(model->resultText(create).startsWith(QStringLiteral("mem#")));
    // Its deliberate mistake: a read past the end of a buffer (CL_INVALID_VALUE, 1.2 §5.2.2).
    const int finding = model->nextFinding(-1, true);
    QVERIFY(finding >= 0);
    QCOMPARE(model->data(model->index(finding, CallListModel::Entry), Qt::DisplayRole).toString(),
             QStringLiteral("clEnqueueReadBuffer"));
    QCOMPARE(model->resultText(finding), QStringLiteral("CL_INVALID_VALUE"));
    QVERIFY(model->data(model->index(finding, CallListModel::Index), Qt::BackgroundRole).isValid());
    QCOMPARE(model->nextFinding(finding, true), finding);  // the only one, found again
  }

  // The call list's Duration column: one unit, microseconds, which its header names; each
  // timed call's value is its duration as the trace reader decodes it, and a call the layer did
  // not time (trace format 3.0's Returned marker) reads "not timed". Sorted by Duration the rows
  // come in the numeric order of the reader's durations, the calls not timed below every timed
  // one (first ascending, last descending); the selected call stays selected, every row's call
  // is found at its row, and Index ascending gives the trace's order back.
  void callListDurationsInOneUnitAndTheirOrder() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("buffer_pipeline")));
    window.document()->waitForScan();
    CallListModel* model = window.callList()->model();
    auto* table = window.callList()->findChild<QTableView*>();
    QVERIFY(table);
    std::string error;
    auto reader = trace::Reader::open(tracePath("buffer_pipeline").toStdString(), error);
    QVERIFY2(reader, error.c_str());
    std::map<std::uint64_t, std::optional<std::uint64_t>> durations;  // by call; nullopt: not timed
    trace::RecordView record;
    trace::Call call;
    while (reader->next(record))
      if (record.kind == trace::RecordKind::Call && reader->decode(record, call))
        durations[call.index] = call.timed ? std::optional(call.exit_ns - call.enter_ns) : std::nullopt;
    QCOMPARE(static_cast<std::size_t>(model->rowCount()), durations.size());
    QCOMPARE(model->headerData(CallListModel::Duration, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("Duration (µs)"));
    const QRegularExpression microseconds(QStringLiteral("^[0-9]+\\.[0-9]{3}$"));
    int timed = 0, untimed = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
      const auto d = durations.at(model->callIndex(row));
      const QString cell = model->data(model->index(row, CallListModel::Duration), Qt::DisplayRole).toString();
      if (!d) {
        QCOMPARE(cell, QStringLiteral("not timed"));
        ++untimed;
        continue;
      }
      ++timed;
      QVERIFY2(microseconds.match(cell).hasMatch(), qPrintable(cell));
      QVERIFY2(std::abs(cell.toDouble() * 1e3 - static_cast<double>(*d)) <= 0.5, qPrintable(cell));
    }
    const QByteArray counts = QStringLiteral("%1 timed, %2 not").arg(timed).arg(untimed).toUtf8();
    QVERIFY2(timed > 10, counts.constData());
    QVERIFY2(untimed > 0, counts.constData());  // its kernel arguments, info queries

    // The oracle's order: not timed below every timed duration.
    auto key = [&](int row) -> double {
      const auto d = durations.at(model->callIndex(row));
      return d ? static_cast<double>(*d) : -1.0;
    };
    window.show();
    const std::uint64_t chosen = model->callIndex(model->rowCount() / 2);
    window.callList()->showCall(chosen);
    QCOMPARE(window.callList()->currentCall(), chosen);
    table->sortByColumn(CallListModel::Duration, Qt::AscendingOrder);
    QCOMPARE(model->rowCount(), static_cast<int>(durations.size()));
    for (int row = 1; row < model->rowCount(); ++row) QVERIFY2(key(row - 1) <= key(row), qPrintable(QString::number(row)));
    QCOMPARE(model->data(model->index(0, CallListModel::Duration), Qt::DisplayRole).toString(), QStringLiteral("not timed"));
    QCOMPARE(window.callList()->currentCall(), chosen);
    for (int row = 0; row < model->rowCount(); ++row) QCOMPARE(model->rowOfCall(model->callIndex(row)), row);
    saveShot(window, QStringLiteral("calls"), QStringLiteral("calls_by_duration"), false);

    table->sortByColumn(CallListModel::Duration, Qt::DescendingOrder);
    for (int row = 1; row < model->rowCount(); ++row) QVERIFY(key(row - 1) >= key(row));
    QCOMPARE(model->data(model->index(model->rowCount() - 1, CallListModel::Duration), Qt::DisplayRole).toString(),
             QStringLiteral("not timed"));
    QCOMPARE(window.callList()->currentCall(), chosen);

    table->sortByColumn(CallListModel::Index, Qt::AscendingOrder);
    for (int row = 1; row < model->rowCount(); ++row) QVERIFY(model->callIndex(row - 1) < model->callIndex(row));
    QCOMPARE(window.callList()->currentCall(), chosen);
  }

  void callListFilters() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("buffer_pipeline")));
    window.document()->waitForScan();
    CallListModel* model = window.callList()->model();
    const int all = model->rowCount();
    CallFilter f;
    f.entry = QStringLiteral("clEnqueueReadBuffer");
    model->setFilter(f);
    QVERIFY(model->rowCount() > 0 && model->rowCount() < all);
    for (int row = 0; row < model->rowCount(); ++row)
      QVERIFY(model->data(model->index(row, CallListModel::Entry), Qt::DisplayRole).toString().startsWith(f.entry));
    f = {};
    f.errors = true;
    model->setFilter(f);
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->resultText(0), QStringLiteral("CL_INVALID_VALUE"));
    f = {};
    f.findings = true;
    model->setFilter(f);
    QCOMPARE(model->rowCount(), 1);
    // The object filter: every call that names the buffer the mistake reads.
    auto call = window.document()->call(model->callIndex(0));
    QVERIFY(call);
    const trace::Handle buffer = call->params[1].as_handle();
    QCOMPARE(buffer.kind, api::ObjectKind::Mem);
    window.callList()->filterByObject(buffer);
    QVERIFY(model->rowCount() >= 2);  // created, then read
    for (int row = 0; row < model->rowCount(); ++row)
      QVERIFY(model->argumentsText(row).contains(QString::fromStdString(trace::format_handle(buffer))) ||
              model->resultText(row).contains(QString::fromStdString(trace::format_handle(buffer))));
    // Bookmarks survive filters and filter by themselves.
    const std::uint64_t bookmarked = model->callIndex(0);
    model->toggleBookmark(bookmarked);
    f = {};
    f.bookmarks = true;
    model->setFilter(f);
    QCOMPARE(model->rowCount(), 1);
    QVERIFY(model->data(model->index(0, CallListModel::Index), Qt::DisplayRole).toString().startsWith(QStringLiteral("★")));
    // Next and previous bookmark go round the bookmarked calls in order.
    model->setFilter({});
    model->toggleBookmark(bookmarked);  // off again: only the two below
    model->toggleBookmark(5);
    model->toggleBookmark(12);
    window.callList()->showCall(1);
    window.callList()->nextBookmark();
    QCOMPARE(window.callList()->currentCall(), 5u);
    window.callList()->nextBookmark();
    QCOMPARE(window.callList()->currentCall(), 12u);
    window.callList()->nextBookmark();
    QCOMPARE(window.callList()->currentCall(), 5u);
    window.callList()->previousBookmark();
    QCOMPARE(window.callList()->currentCall(), 12u);
    // Search: by entry point, and by decoded argument text (the map's flags by name).
    model->setFilter({});
    const int fill = model->find(QStringLiteral("clEnqueueFill"), -1, true);
    QVERIFY(fill >= 0);
    QCOMPARE(model->data(model->index(fill, CallListModel::Entry), Qt::DisplayRole).toString(), QStringLiteral("clEnqueueFillBuffer"));
    const int map = model->find(QStringLiteral("CL_MAP_READ|CL_MAP_WRITE"), fill, true);
    QVERIFY(map >= 0);
    QCOMPARE(model->data(model->index(map, CallListModel::Entry), Qt::DisplayRole).toString(), QStringLiteral("clEnqueueMapBuffer"));
    QCOMPARE(model->find(QStringLiteral("CL_MAP_READ|CL_MAP_WRITE"), map, false), map);  // the only one
  }

  // The inspector shows the mistake's rule, section and the spec's words.
  void inspectorShowsFinding() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("buffer_pipeline")));
    window.document()->waitForScan();
    CallListModel* model = window.callList()->model();
    const int finding = model->nextFinding(-1, true);
    window.showCall(model->callIndex(finding));
    const QString text = treeText(window.inspector());
    QVERIFY2(text.contains(QStringLiteral("EnqueueReadBufferOutOfBounds")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("§5.2")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("blocking_read | CL_TRUE")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("result | CL_INVALID_VALUE")), qPrintable(text));
    // An info query's answer (a blob in the trace) is shown as the string it is: the platform's
    // name, as buffer_pipeline.c prints it ("platform: NAME, device: ...").
    window.showCall(2);
    const QString info = treeText(window.inspector());
    const QString printed = QString::fromUtf8(readFile(QStringLiteral(CLVET_GUI_TRACES "/buffer_pipeline.out")));
    const QString name = printed.section(QStringLiteral("platform: "), 1).section(QStringLiteral(", device:"), 0, 0);
    QVERIFY(!name.isEmpty());
    QVERIFY2(info.contains(QStringLiteral("param_value | \"%1\"").arg(name)), qPrintable(info + name));
    window.showCall(model->callIndex(finding));
    QCOMPARE(window.callList()->currentCall(), model->callIndex(finding));
    saveShot(window, QStringLiteral("inspector"), QStringLiteral("calls"));
  }

  void diagnosticsGroupByRule() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("use_after_release")));
    window.document()->waitForScan();
    const QString text = treeText(window.diagnostics());
    // use_after_release.c's three expected findings (its `expect:` comments).
    for (const char* rule : {"EnqueueWriteBufferInvalidMemObject", "WaitForEventsInvalidEvent", "FinishInvalidQueue"})
      QVERIFY2(text.contains(QLatin1String(rule)), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("The application broke the specification")));
    // Activating a finding selects its call.
    QTreeWidgetItem* category = window.diagnostics()->topLevelItem(0);
    QTreeWidgetItem* leaf = category->child(0)->child(0);
    const int position = leaf->data(0, DiagnosticsTree::FindingRole).toInt();
    emit window.diagnostics()->itemActivated(leaf, 0);
    QCOMPARE(window.callList()->currentCall(), window.document()->facts().findings[static_cast<std::size_t>(position)].call_index);
    saveShot(window, QStringLiteral("diagnostics"), QStringLiteral("diagnostics"));
  }

  // A trace cut in the middle opens up to the cut and says where it is.
  void truncatedTraceOpensToDamage() {
    QFile whole(tracePath("buffer_pipeline"));
    QVERIFY(whole.open(QIODevice::ReadOnly));
    const QByteArray bytes = whole.readAll();
    const QString cut = QStringLiteral(CLVET_GUI_TRACES "/cut.clvt");
    QFile out(cut);
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
    // Inside the record (or call block entry) of the middle call in file order: a call block
    // (format 2.0) holds the calls at the start of the file, the blobs and objects after it.
    std::vector<std::uint64_t> call_offsets;
    {
      std::string error;
      auto reader = trace::Reader::open(tracePath("buffer_pipeline").toStdString(), error);
      trace::RecordView r;
      while (reader && reader->next(r))
        if (r.kind == trace::RecordKind::Call) call_offsets.push_back(r.offset);
    }
    QVERIFY(call_offsets.size() > 12);
    const qsizetype at = static_cast<qsizetype>(call_offsets[call_offsets.size() / 2]) + 3;
    out.write(bytes.left(at));
    out.close();
    MainWindow window(false);
    QVERIFY(window.openTrace(cut));
    window.document()->waitForScan();
    const int rows = window.callList()->model()->rowCount();
    QVERIFY(rows > 5);
    QVERIFY(static_cast<std::uint64_t>(rows) < readerCallCount(tracePath("buffer_pipeline")));
    QVERIFY2(window.message().contains(QStringLiteral("at offset 0x")), qPrintable(window.message()));
    QVERIFY2(window.message().contains(QStringLiteral("truncated")), qPrintable(window.message()));
    // Damage in the middle: the bytes of call 10's record overwritten.
    std::uint64_t call10 = 0;
    {
      std::string error;
      auto reader = trace::Reader::open(tracePath("buffer_pipeline").toStdString(), error);
      trace::RecordView r;
      while (reader && reader->next(r) && !call10) {
        trace::Call c;
        if (r.kind == trace::RecordKind::Call && reader->decode(r, c) && c.index == 10) call10 = r.offset;
      }
    }
    QVERIFY(call10 > 0);
    QByteArray damaged = bytes;
    for (qsizetype i = 0; i < 24; ++i) damaged[static_cast<qsizetype>(call10) + 16 + i] = static_cast<char>(0x5a);
    const QString bad = QStringLiteral(CLVET_GUI_TRACES "/damaged.clvt");
    QFile badFile(bad);
    QVERIFY(badFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
    badFile.write(damaged);
    badFile.close();
    MainWindow other(false);
    QVERIFY(other.openTrace(bad));
    other.document()->waitForScan();
    QCOMPARE(other.callList()->model()->rowCount(), 9);  // calls 1 to 9, up to the damage
    const QString where = QStringLiteral("offset %1").arg(QStringLiteral("0x%1").arg(call10, 0, 16));
    QVERIFY2(other.message().contains(where) && other.message().contains(QStringLiteral("bad checksum")),
             qPrintable(other.message()));
    // Not a trace at all: refused with the reason.
    MainWindow third(false);
    QVERIFY(!third.openTrace(QStringLiteral(CLVET_GUI_PROGRAMS "/buffer_pipeline.c")));
    QVERIFY2(third.message().contains(QStringLiteral("not a clvet trace")), qPrintable(third.message()));
  }

  // use_after_release.c writes to a buffer and waits on an event after releasing both
  // (its `expect:` comments); leaks.c forgets a buffer and an event.
  void objectBrowserMarksLeaksAndUseAfterRelease() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("use_after_release")));
    window.document()->waitForScan();
    const QString text = treeText(window.objects()->list());
    QVERIFY2(text.contains(QRegularExpression(QStringLiteral("mem#\\d+ \\| #\\d+ clCreateBuffer \\| 0 \\| used after release \\(call #\\d+\\)"))), qPrintable(text));
    QVERIFY2(text.contains(QRegularExpression(QStringLiteral("event#\\d+ \\| #\\d+ clEnqueueMarkerWithWaitList \\| 0 \\| used after release"))), qPrintable(text));
    QCOMPARE(text.count(QStringLiteral("used after release")), 2);
    QCOMPARE(text.count(QStringLiteral("leaked")), 0);
    // The buffer's use after release is the write the program's comment names.
    const auto buffer = window.objects()->mostInteresting();
    QVERIFY(buffer);
    const ObjectLife* life = window.document()->facts().object(*buffer);
    auto call = window.document()->call(life->used_after_release);
    QVERIFY(call);
    QCOMPARE(QString::fromStdString(call->name), QStringLiteral("clEnqueueWriteBuffer"));
    window.showObject(*buffer);
    const QString details = treeText(window.objects()->details());
    QVERIFY2(details.contains(QStringLiteral("destroyed | #")) && details.contains(QStringLiteral("used after release | #")), qPrintable(details));
    saveShot(window, QStringLiteral("objects"), QStringLiteral("objects"));

    MainWindow leaks(false);
    QVERIFY(leaks.openTrace(tracePath("leaks")));
    leaks.document()->waitForScan();
    const QString leaked = treeText(leaks.objects()->list());
    QCOMPARE(leaked.count(QStringLiteral("| leaked")), 2);
    QVERIFY2(leaked.contains(QRegularExpression(QStringLiteral("mem#\\d+ \\| #\\d+ clCreateBuffer \\| 1 \\| leaked"))), qPrintable(leaked));
    QVERIFY2(leaked.contains(QRegularExpression(QStringLiteral("event#\\d+ \\| #\\d+ clEnqueueFillBuffer \\| 1 \\| leaked"))), qPrintable(leaked));
  }

  // Buffer contents rebuilt from the trace against buffer_pipeline.c's own host computation:
  // b = copy of a (a[i] = 3i + 1), second half filled with 7, first quarter doubled through a
  // mapping.
  void bufferContentsAtCalls() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("buffer_pipeline")));
    window.document()->waitForScan();
    TraceDocument* doc = window.document();
    std::optional<trace::Handle> a, b;
    std::uint64_t copy = 0, fill = 0, unmap = 0;
    for (const CallRow& row : doc->facts().rows) {
      auto call = doc->call(row.index);
      if (call->name == "clCreateBuffer") (a ? b : a) = call->result.as_handle();
      if (call->name == "clEnqueueFillBuffer") fill = row.index;
      if (call->name == "clEnqueueCopyBuffer") copy = row.index;
      if (call->name == "clEnqueueUnmapMemObject") unmap = row.index;
    }
    QVERIFY(a && b && copy && fill && unmap);
    BufferViewer* viewer = window.buffers();
    // Small integers read as floats are denormals: the format guessed for them is int.
    viewer->showBuffer(*b, 0);
    QCOMPARE(viewer->typed()->format().columnNames(), QStringList{QStringLiteral("int")});
    QCOMPARE(viewer->typed()->data(viewer->typed()->index(1023, 1), Qt::DisplayRole).toString(), QStringLiteral("7"));
    QVERIFY(viewer->setFormat(QStringLiteral("int value")));
    auto value = [viewer](int i) { return viewer->typed()->data(viewer->typed()->index(i, 1), Qt::DisplayRole).toString(); };
    viewer->showBuffer(*b, fill);
    QCOMPARE(viewer->typed()->rowCount(), 1024);
    for (int i : {0, 100, 511, 512, 1023}) QCOMPARE(value(i), QString::number(i < 512 ? 3 * i + 1 : 7));
    viewer->showBuffer(*b, 0);
    for (int i = 0; i < 1024; ++i)
      QCOMPARE(value(i), QString::number(i < 256 ? 2 * (3 * i + 1) : i < 512 ? 3 * i + 1 : 7));
    QVERIFY2(viewer->note().contains(QStringLiteral("last written by call #%1").arg(unmap)), qPrintable(viewer->note()));
    // Before the copy: created without data, every byte unknown.
    viewer->showBuffer(*b, copy - 1);
    QCOMPARE(value(0), QStringLiteral("??"));
    QCOMPARE(viewer->hex()->data(viewer->hex()->index(0, 0), Qt::DisplayRole).toString(), QStringLiteral("??"));
    // Hex of a: 3 * 1 + 1 = 4, little-endian.
    viewer->showBuffer(*a, 0);
    QCOMPARE(viewer->hex()->data(viewer->hex()->index(0, 4), Qt::DisplayRole).toString(), QStringLiteral("04"));
    // A typed layout of two members: int2 then float, 12 bytes padded to 16 (8-byte alignment).
    QVERIFY(viewer->setFormat(QStringLiteral("int2 pair; float f;")));
    QCOMPARE(viewer->typed()->format().stride, 16u);
    QCOMPARE(viewer->typed()->format().columnNames(), (QStringList{QStringLiteral("pair.x"), QStringLiteral("pair.y"), QStringLiteral("f")}));
    QCOMPARE(viewer->typed()->rowCount(), 4096 / 16);
    QCOMPARE(viewer->typed()->data(viewer->typed()->index(1, 2), Qt::DisplayRole).toString(), QString::number(3 * 5 + 1));
    QVERIFY(!viewer->setFormat(QStringLiteral("float4 pos; quaternion q;")));
    QVERIFY(viewer->note().contains(QStringLiteral("quaternion")));
    QVERIFY(viewer->setFormat(QStringLiteral("int value")));
    viewer->showBuffer(*b, 0);
    viewer->plotColumn(0);
    saveShot(window, QStringLiteral("buffers"), QStringLiteral("buffers"));

    // leaks.c fills its buffer with 7 and prints the sum (224).
    MainWindow leaks(false);
    QVERIFY(leaks.openTrace(tracePath("leaks")));
    leaks.document()->waitForScan();
    leaks.buffers()->setFormat(QStringLiteral("int"));
    for (const auto& [key, life] : leaks.document()->facts().objects)
      if (life.handle.kind == api::ObjectKind::Mem) leaks.buffers()->showBuffer(life.handle, 0);
    int sum = 0;
    for (int i = 0; i < leaks.buffers()->typed()->rowCount(); ++i)
      sum += leaks.buffers()->typed()->data(leaks.buffers()->typed()->index(i, 1), Qt::DisplayRole).toInt();
    QCOMPARE(QStringLiteral("sum of the filled buffer: %1").arg(sum),
             QString::fromUtf8(readFile(QStringLiteral(CLVET_GUI_TRACES "/leaks.out"))).trimmed());
  }

  // replay_subject.c traced on PoCL without kernel buffers: what its kernels wrote is not in the
  // trace, and the buffer viewer gets it by replay on the reference device in a helper process.
  // The program's own host computation: `out` (2 * 256 ints, created from zeros) holds 3 * i
  // in its first half after the first launch; after the clone's launch its second half holds
  // 3 * 2i (the host wrote 2i into `in` through a mapping before it).
  void bufferContentsByReplay() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("replay_subject_plain")));
    window.document()->waitForScan();
    TraceDocument* doc = window.document();
    QVERIFY(doc->facts().kernel_buffers.empty());
    std::vector<trace::Handle> buffers;
    std::vector<std::uint64_t> launches;
    for (const CallRow& row : doc->facts().rows) {
      auto call = doc->call(row.index);
      if (call->name == "clCreateBuffer") buffers.push_back(call->result.as_handle());
      if (call->name == "clEnqueueNDRangeKernel") launches.push_back(row.index);
    }
    QCOMPARE(launches.size(), 3u);
    QVERIFY(buffers.size() >= 2);
    const trace::Handle out = buffers[1];
    BufferViewer* viewer = window.buffers();
    QVERIFY(viewer->setFormat(QStringLiteral("int value")));
    auto value = [viewer](int i) { return viewer->typed()->data(viewer->typed()->index(i, 1), Qt::DisplayRole).toString(); };
    auto expect = [&](std::uint64_t launch) {
      QVERIFY(viewer->replayContents(QStringLiteral("reference")));
      QVERIFY(viewer->replay()->running());
      QVERIFY(viewer->replay()->wait(240000));
      QTRY_VERIFY2(viewer->replayed(), qPrintable(viewer->note()));
      QCOMPARE(viewer->typed()->rowCount(), 512);
      for (int i = 0; i < 512; ++i)
        QCOMPARE(value(i), QString::number(i < 256 ? 3 * i : launch == launches[0] ? 0 : 3 * 2 * (i - 256)));
      QVERIFY2(viewer->note().contains(QStringLiteral("replayed on reference: 2048 bytes")), qPrintable(viewer->note()));
    };
    // From the trace alone: the zeros `out` was created with, and a note that a kernel ran.
    viewer->showBuffer(out, launches[0]);
    QVERIFY2(viewer->note().contains(QStringLiteral("kernels ran from call #%1").arg(launches[0])), qPrintable(viewer->note()));
    QCOMPARE(value(1), QStringLiteral("0"));
    QVERIFY(!viewer->replayed());
    expect(launches[0]);
    viewer->showBuffer(out, launches[1]);
    QVERIFY(!viewer->replayed());
    expect(launches[1]);
    viewer->plotColumn(0);
    saveShot(window, QStringLiteral("buffers"), QStringLiteral("buffers-replay"), false);

    // A replay that never ends is cancelled from the viewer while the window goes on; one that
    // crashes is reported; the trace's bytes stay shown and the viewer replays again after.
    viewer->showBuffer(out, launches[2]);
    viewer->replay()->setProgram(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("while :; do :; done"), QStringLiteral("sh")});
    QVERIFY(viewer->replayContents(QStringLiteral("reference")));
    QVERIFY(!viewer->replayContents(QStringLiteral("reference")));  // one at a time
    int ticks = 0;
    QTimer timer;
    connect(&timer, &QTimer::timeout, this, [&] { ++ticks; });
    timer.start(20);
    // The window's thread goes on while the endless helper runs (a wait that blocked on it
    // would never return); under a loaded machine its timer may fire late, so wait for it.
    QTRY_VERIFY_WITH_TIMEOUT(ticks >= 5, 10000);
    QVERIFY(viewer->replay()->running());
    QVERIFY2(viewer->note().contains(QStringLiteral("Replaying on")), qPrintable(viewer->note()));
    viewer->replay()->cancel();
    QVERIFY(viewer->replay()->wait(5000));
    QTRY_VERIFY2(viewer->note().contains(QStringLiteral("cancelled")), qPrintable(viewer->note()));
    QVERIFY(!viewer->replayed());
    QCOMPARE(value(1), QStringLiteral("0"));
    viewer->replay()->setProgram(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("kill -SEGV $$"), QStringLiteral("sh")});
    QVERIFY(viewer->replayContents(QStringLiteral("reference")));
    QVERIFY(viewer->replay()->wait(5000));
    QTRY_VERIFY2(viewer->note().contains(QStringLiteral("crashed")), qPrintable(viewer->note()));
    // A replay that stops says why: no buffer of that number exists at the call.
    viewer->replay()->setProgram(HelperProcess::clvetProgram());
    viewer->showBuffer(trace::Handle{api::ObjectKind::Mem, out.id + 1000}, launches[0]);
    QVERIFY(viewer->replayContents(QStringLiteral("reference")));
    QVERIFY(viewer->replay()->wait(240000));
    QTRY_VERIFY2(viewer->note().contains(QStringLiteral("has no live object")), qPrintable(viewer->note()));
  }

  // A launch's buffer arguments before and after it ran (--trace-kernel-buffers=1).
  void kernelBuffersOfLaunches() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("image_pipeline")));
    window.document()->waitForScan();
    const auto& records = window.document()->facts().kernel_buffers;
    QVERIFY(records.size() >= 12);  // six kernels, before and after each
    for (const KernelBufferContents& k : records) {
      auto call = window.document()->call(k.call_index);
      QVERIFY(call);
      QCOMPARE(QString::fromStdString(call->name), QStringLiteral("clEnqueueNDRangeKernel"));
    }
    window.buffers()->showMostInteresting();
    QVERIFY2(window.buffers()->note().contains(QStringLiteral("launch #")), qPrintable(window.buffers()->note()));
    QVERIFY(window.buffers()->hex()->rowCount() > 0);
  }

  // traced_image.c's image: 2 x 4 RGBA8 from bytes 0..31, a write at (1, 0) and (1, 1), two
  // rows mapped and written; the program reads the image back and prints its 32 bytes.
  void imagePixelsFromTrace() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("traced_image")));
    window.document()->waitForScan();
    ImageViewer* viewer = window.images();
    viewer->showMostInteresting();
    const ImagePixels& pixels = viewer->pixels();
    QVERIFY2(pixels.error.isEmpty(), qPrintable(pixels.error));
    QCOMPARE(pixels.width, 2u);
    QCOMPARE(pixels.height, 4u);
    QCOMPARE(pixels.channel_names, QStringLiteral("RGBA"));
    const QStringList printed = QString::fromUtf8(readFile(QStringLiteral(CLVET_GUI_TRACES "/traced_image.out"))).trimmed().split(QLatin1Char(' '));
    QCOMPARE(printed.size(), 32);
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 2; ++x) {
        QStringList expected;
        for (int c = 0; c < 4; ++c) expected << QString::number(printed[(y * 2 + x) * 4 + c].toInt(nullptr, 16));
        QCOMPARE(pixels.pixelText(static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y)), expected.join(QStringLiteral(", ")));
      }
    QCOMPARE(viewer->describePixel(1, 0), QStringLiteral("pixel 1, 0: 176, 177, 178, 179 (RGBA)"));
    // On screen: the range 0..255 maps values as they are; red off leaves red 0.
    viewer->setRange(0, 255);
    QCOMPARE(qRed(viewer->picture().pixel(1, 0)), 176);
    QCOMPARE(qBlue(viewer->picture().pixel(1, 0)), 178);
    viewer->setChannelShown(0, false);
    QCOMPARE(qRed(viewer->picture().pixel(1, 0)), 0);
    QCOMPARE(qGreen(viewer->picture().pixel(1, 0)), 177);
    viewer->setChannelShown(2, false);  // green alone: shown as grey
    QCOMPARE(viewer->picture().pixel(1, 0), qRgb(177, 177, 177));
    viewer->setChannelShown(2, true);
    viewer->setChannelShown(0, true);
    // A narrower range stretches: 176 in 160..192 is half-way.
    viewer->setRange(160, 192);
    QCOMPARE(qRed(viewer->picture().pixel(1, 0)), 127);
    viewer->setRange(0, 255);
    // Before the write the pixel still holds its creation bytes 4..7.
    std::uint64_t write = 0;
    for (const CallRow& row : window.document()->facts().rows)
      if (window.document()->facts().entry_names[row.name] == "clEnqueueWriteImage") write = row.index;
    QVERIFY(write);
    viewer->showImage(window.document()->facts().objects.begin()->second.handle, 0);  // any object: must not crash
    for (const auto& [key, life] : window.document()->facts().objects)
      if (life.handle.kind == api::ObjectKind::Mem) viewer->showImage(life.handle, write - 1);
    QCOMPARE(viewer->pixels().pixelText(1, 0), QStringLiteral("4, 5, 6, 7"));
  }

  // ffmpeg's avgblur_opencl uploads each frame's planes as CL_R images: the luma plane the
  // viewer rebuilds from the trace is the one ffmpeg itself makes of the same test source.
  void imageOfFfmpegFrame() {
    if (!QFile::exists(tracePath("ffmpeg_avgblur"))) QSKIP("ffmpeg is not installed");
    QProcess ffmpeg;
    ffmpeg.start(QStringLiteral(CLVET_GUI_FFMPEG),
                 {QStringLiteral("-nostdin"), QStringLiteral("-loglevel"), QStringLiteral("error"), QStringLiteral("-f"),
                  QStringLiteral("lavfi"), QStringLiteral("-i"), QStringLiteral("testsrc=size=64x64:rate=5"),
                  QStringLiteral("-frames:v"), QStringLiteral("1"), QStringLiteral("-vf"), QStringLiteral("format=yuv420p"),
                  QStringLiteral("-f"), QStringLiteral("rawvideo"), QStringLiteral("-")});
    QVERIFY(ffmpeg.waitForFinished(60000));
    // yuv420p: the 64 x 64 luma plane, then the two 32 x 32 chroma planes.
    const QByteArray luma = ffmpeg.readAllStandardOutput().left(64 * 64);
    QCOMPARE(luma.size(), 64 * 64);
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("ffmpeg_avgblur")));
    window.document()->waitForScan();
    // The first clEnqueueWriteImage of a 64 x 64 image: frame 0's luma.
    std::uint64_t write = 0;
    trace::Handle image{};
    for (const CallRow& row : window.document()->facts().rows) {
      if (window.document()->facts().entry_names[row.name] != "clEnqueueWriteImage") continue;
      auto call = window.document()->call(row.index);
      if (call->params[4].items.size() == 3 && call->params[4].items[0].number == 64) {
        write = row.index;
        image = call->params[1].as_handle();
        break;
      }
    }
    QVERIFY(write);
    window.images()->showImage(image, write);
    const ImagePixels& pixels = window.images()->pixels();
    QCOMPARE(pixels.channel_names, QStringLiteral("R"));
    QVERIFY(pixels.normalized);
    for (int y = 0; y < 64; ++y)
      for (int x = 0; x < 64; ++x)
        QCOMPARE(pixels.channel(static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y), 0).value_or(-1),
                 static_cast<unsigned char>(luma[y * 64 + x]) / 255.0);
    window.images()->showMostInteresting();
    saveShot(window, QStringLiteral("images"), QStringLiteral("images"));
  }

  // tests/replay/programs/images.c traced on PoCL without kernel buffers: its `out` image is
  // written only by the kernel `invert`, so the trace has none of its pixels, and the image
  // viewer gets them by replay up to that launch on the reference device, in a helper process.
  // The program's own host computation: channel c of texel (x, y) of `in` is
  // (x * 13 + y * 29 + c * 7) mod 256, and `out` is 255 minus it. Its 1D image buffer `view`
  // holds the buffer's texels 0x01020304 * (i + 1), channel c being byte c (little-endian).
  void imageContentsByReplay() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("images_plain")));
    window.document()->waitForScan();
    TraceDocument* doc = window.document();
    QVERIFY(doc->facts().kernel_buffers.empty());
    std::vector<trace::Handle> images;
    std::vector<std::uint64_t> launches;
    for (const CallRow& row : doc->facts().rows) {
      auto call = doc->call(row.index);
      if (call->name == "clCreateImage") images.push_back(call->result.as_handle());
      if (call->name == "clEnqueueNDRangeKernel") launches.push_back(row.index);
    }
    QCOMPARE(images.size(), 3u);
    QCOMPARE(launches.size(), 2u);
    const trace::Handle out = images[1], view = images[2];
    ImageViewer* viewer = window.images();

    // From the trace alone: no pixel, and a note that a kernel ran.
    viewer->showImage(out, launches[0]);
    QVERIFY(!viewer->replayed());
    QCOMPARE(viewer->pixels().width, 16u);
    QCOMPARE(viewer->pixels().height, 8u);
    QVERIFY(std::none_of(viewer->pixels().known.begin(), viewer->pixels().known.end(), [](bool k) { return k; }));
    QVERIFY2(viewer->note().contains(QStringLiteral("kernels ran from call #%1").arg(launches[0])), qPrintable(viewer->note()));
    QCOMPARE(viewer->picture().pixel(0, 0), qRgba(0xff, 0x00, 0xff, 0xff));  // unknown: magenta

    QVERIFY(viewer->replayContents(QStringLiteral("reference")));
    QVERIFY(viewer->replay()->running());
    QVERIFY(!viewer->replayContents(QStringLiteral("reference")));  // one at a time
    QVERIFY(viewer->replay()->wait(240000));
    QTRY_VERIFY2(viewer->replayed(), qPrintable(viewer->note()));
    QVERIFY2(viewer->note().contains(QStringLiteral("replayed on reference to call #%1").arg(launches[0])),
             qPrintable(viewer->note()));
    const ImagePixels& pixels = viewer->pixels();
    QCOMPARE(pixels.channel_names, QStringLiteral("RGBA"));
    int differing = 0;
    for (std::uint64_t y = 0; y < 8; ++y)
      for (std::uint64_t x = 0; x < 16; ++x) {
        int want[4];
        for (int c = 0; c < 4; ++c) {
          want[c] = 255 - static_cast<int>((x * 13 + y * 29 + static_cast<std::uint64_t>(c) * 7) % 256);
          if (pixels.channel(x, y, c).value_or(-1) != want[c]) ++differing;
        }
        // The picture: R, G and B over the unsigned range 0..255, alpha off.
        const QRgb shown = viewer->picture().pixel(static_cast<int>(x), static_cast<int>(y));
        if (qRed(shown) != want[0] || qGreen(shown) != want[1] || qBlue(shown) != want[2] || qAlpha(shown) != 255)
          ++differing;
        if (viewer->describePixel(static_cast<int>(x), static_cast<int>(y)) !=
            QStringLiteral("pixel %1, %2: %3, %4, %5, %6 (RGBA)").arg(x).arg(y).arg(want[0]).arg(want[1]).arg(want[2]).arg(want[3]))
          ++differing;
      }
    QCOMPARE(differing, 0);
    viewer->setZoom(32);
    saveShot(window, QStringLiteral("images"), QStringLiteral("images-replay"), false);

    // The 1D image buffer, replayed to the launch that reads it.
    viewer->showImage(view, launches[1]);
    QVERIFY(!viewer->replayed());
    QVERIFY(viewer->replayContents(QStringLiteral("reference")));
    QVERIFY(viewer->replay()->wait(240000));
    QTRY_VERIFY2(viewer->replayed(), qPrintable(viewer->note()));
    QCOMPARE(viewer->pixels().width, 16u);
    QCOMPARE(viewer->pixels().height, 1u);
    for (std::uint64_t i = 0; i < 16; ++i) {
      const std::uint32_t texel = 0x01020304u * static_cast<std::uint32_t>(i + 1);
      for (int c = 0; c < 4; ++c) QCOMPARE(viewer->pixels().channel(i, 0, c).value_or(-1), double((texel >> (8 * c)) & 0xff));
    }

    // Asked again, the pixels replayed before come at once; an image that no longer exists at
    // a call says so.
    viewer->showImage(out, launches[0]);
    QVERIFY(viewer->replayContents(QStringLiteral("reference")));
    QVERIFY(!viewer->replay()->running());
    QVERIFY(viewer->replayed());
    viewer->showImage(trace::Handle{api::ObjectKind::Mem, out.id + 1000}, launches[0]);
    QVERIFY(!viewer->replayContents(QStringLiteral("reference")));  // not an image of the trace
  }

  // image_layouts.c traced over the reference device: images from host memory whose texels
  // are not packed channels of one size (its header's pattern, computed again here). CL_sRGBx
  // stores an ignored channel after the others (3.0 §5.3.1.1; the viewer shows the stored
  // values); a 1D array's layers (CL_RG, R checked) are the rows shown; a 2D array's layers are slices
  // after the first, which the viewer shows, and its replay reads all of them, as many bytes
  // as the trace's pixels.
  void imageLayouts() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("image_layouts")));
    window.document()->waitForScan();
    TraceDocument* doc = window.document();
    std::vector<trace::Handle> images;
    std::vector<std::uint64_t> reads;  // of each image in turn
    for (const CallRow& row : doc->facts().rows) {
      auto call = doc->call(row.index);
      if (call->name == "clCreateImage") images.push_back(call->result.as_handle());
      if (call->name == "clEnqueueReadImage") reads.push_back(row.index);
    }
    QCOMPARE(images.size(), 6u);
    QCOMPARE(reads.size(), 6u);
    auto value = [](std::uint64_t x, std::uint64_t y, std::uint64_t layer, int c) {
      return double((x * 7 + y * 31 + layer * 53 + static_cast<std::uint64_t>(c) * 11) % 256);
    };
    ImageViewer* viewer = window.images();
    int differing = 0;

    viewer->showImage(images[0], 0);
    QCOMPARE(viewer->pixels().channel_names, QStringLiteral("RGB"));
    QCOMPARE(viewer->pixels().element_size, 4u);
    for (std::uint64_t y = 0; y < 5; ++y)
      for (std::uint64_t x = 0; x < 12; ++x)
        for (int c = 0; c < 3; ++c) differing += viewer->pixels().channel(x, y, c).value_or(-1) != value(x, y, 0, c) / 255.0;
    QCOMPARE(differing, 0);

    viewer->showImage(images[2], 0);
    QCOMPARE(viewer->pixels().width, 12u);
    QCOMPARE(viewer->pixels().height, 4u);  // the layers
    QCOMPARE(viewer->pixels().element_size, 4u);
    for (std::uint64_t layer = 0; layer < 4; ++layer)
      for (std::uint64_t x = 0; x < 12; ++x) differing += viewer->pixels().channel(x, layer, 0).value_or(-1) != value(x, 0, layer, 0) * 257;
    QCOMPARE(differing, 0);

    viewer->showImage(images[1], reads[1]);  // replayed where it still exists
    QCOMPARE(viewer->pixels().depth, 3u);
    QCOMPARE(viewer->pixels().bytes.size(), std::size_t{12 * 5 * 3 * 4});
    QVERIFY(std::all_of(viewer->pixels().known.begin(), viewer->pixels().known.end(), [](bool k) { return k; }));
    for (std::uint64_t layer = 0; layer < 3; ++layer)
      for (std::uint64_t y = 0; y < 5; ++y)
        for (std::uint64_t x = 0; x < 12; ++x)
          for (int c = 0; c < 4; ++c)
            differing += static_cast<unsigned char>(viewer->pixels().bytes[((layer * 5 + y) * 12 + x) * 4 + static_cast<std::uint64_t>(c)]) !=
                         value(x, y, layer, c);
    QCOMPARE(differing, 0);
    const std::string traced = viewer->pixels().bytes;
    QVERIFY(viewer->replayContents(QStringLiteral("reference")));
    QVERIFY(viewer->replay()->wait(240000));
    QTRY_VERIFY2(viewer->replayed(), qPrintable(viewer->note()));
    QVERIFY(viewer->pixels().bytes == traced);
    // The picture is the layer chosen: RGB of layer 2 as stored (range 0..255, alpha off).
    QVERIFY(viewer->pixels().array);
    viewer->setRange(0, 255);
    for (std::uint64_t layer = 0; layer < 3; ++layer) {
      viewer->setSlice(static_cast<int>(layer));
      QCOMPARE(viewer->slice(), layer);
      for (std::uint64_t y = 0; y < 5; ++y)
        for (std::uint64_t x = 0; x < 12; ++x) {
          const QRgb shown = viewer->picture().pixel(static_cast<int>(x), static_cast<int>(y));
          differing += qRed(shown) != value(x, y, layer, 0) || qGreen(shown) != value(x, y, layer, 1) ||
                       qBlue(shown) != value(x, y, layer, 2) || qAlpha(shown) != 255;
        }
    }
    QCOMPARE(differing, 0);
    QCOMPARE(viewer->describePixel(3, 1),
             QStringLiteral("pixel 3, 1 of layer 2: %1, %2, %3, %4 (RGBA)")
                 .arg(value(3, 1, 2, 0)).arg(value(3, 1, 2, 1)).arg(value(3, 1, 2, 2)).arg(value(3, 1, 2, 3)));
    QVERIFY2(viewer->note().contains(QStringLiteral("12 x 5 RGBA, 3 layers, 4 bytes a pixel")), qPrintable(viewer->note()));

    // Packed types: each channel is its field of the element over the field's maximum.
    viewer->showImage(images[3], 0);
    QVERIFY2(viewer->pixels().error.isEmpty(), qPrintable(viewer->pixels().error));
    QCOMPARE(viewer->pixels().channel_names, QStringLiteral("RGB"));
    QCOMPARE(viewer->pixels().element_size, 2u);
    const int bits565[3] = {5, 6, 5};
    for (std::uint64_t y = 0; y < 5; ++y)
      for (std::uint64_t x = 0; x < 12; ++x)
        for (int c = 0; c < 3; ++c) {
          const double max = double((1 << bits565[c]) - 1);
          differing += viewer->pixels().channel(x, y, c).value_or(-1) != std::fmod(value(x, y, 0, c), max + 1) / max;
        }
    QCOMPARE(differing, 0);
    viewer->showImage(images[4], 0);
    QCOMPARE(viewer->pixels().channel_names, QStringLiteral("RGBA"));
    QCOMPARE(viewer->pixels().element_size, 4u);
    for (std::uint64_t y = 0; y < 5; ++y)
      for (std::uint64_t x = 0; x < 12; ++x)
        for (int c = 0; c < 4; ++c) {
          const double max = c < 3 ? 1023.0 : 3.0;
          differing += viewer->pixels().channel(x, y, c).value_or(-1) != std::fmod(value(x, y, 0, c), max + 1) / max;
        }
    QCOMPARE(differing, 0);

    // A 3D image: its slices, one channel shown as grey.
    viewer->showImage(images[5], 0);
    QCOMPARE(viewer->pixels().depth, 3u);
    QVERIFY(!viewer->pixels().array);
    QVERIFY2(viewer->note().contains(QStringLiteral("12 x 5 x 3 R, 1 byte a pixel")), qPrintable(viewer->note()));
    for (std::uint64_t z = 0; z < 3; ++z) {
      viewer->setSlice(static_cast<int>(z));
      for (std::uint64_t y = 0; y < 5; ++y)
        for (std::uint64_t x = 0; x < 12; ++x) {
          const double want = value(x, y, z, 0);
          differing += viewer->pixels().channel(x, y, 0, z).value_or(-1) != want;
          differing += viewer->picture().pixel(static_cast<int>(x), static_cast<int>(y)) != qRgb(int(want), int(want), int(want));
        }
    }
    QCOMPARE(differing, 0);
    QCOMPARE(viewer->describePixel(0, 0), QStringLiteral("pixel 0, 0 of slice 2: %1 (R)").arg(value(0, 0, 2, 0)));
    saveShot(window, QStringLiteral("images"), QStringLiteral("images-3d-slice"), false);
  }

  // ffmpeg's avgblur_opencl traced on PoCL without kernel buffers: the blurred luma plane its
  // kernel writes is not in the trace. The image viewer replays the trace up to the second
  // frame's read of that plane, on PoCL (where it was recorded) and on the reference device,
  // and shows the plane there; the oracle is the bytes that read gave ffmpeg when traced. PoCL
  // gives them exactly; the reference device within one step of CL_UNORM_INT8, the rounding
  // latitude write_imagef has (SPIR-V environment §7.4.1; real_program.ffmpeg_filters_reference
  // finds the same few bytes).
  void imageContentsOfFfmpegByReplay() {
    if (!QFile::exists(tracePath("ffmpeg_avgblur_plain"))) QSKIP("ffmpeg is not installed");
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("ffmpeg_avgblur_plain")));
    window.document()->waitForScan();
    TraceDocument* doc = window.document();
    // The reads of 64 x 64 images (the luma planes), in call order.
    std::vector<std::uint64_t> reads;
    trace::Handle plane{};
    std::uint64_t row_pitch = 0;
    for (const CallRow& row : doc->facts().rows) {
      if (doc->facts().entry_names[row.name] != "clEnqueueReadImage") continue;
      auto call = doc->call(row.index);
      if (param(*call, "region").items.size() != 3 || param(*call, "region").items[0].number != 64) continue;
      reads.push_back(row.index);
      plane = param(*call, "image").as_handle();
      row_pitch = param(*call, "row_pitch").number ? param(*call, "row_pitch").number : 64;
    }
    QVERIFY(reads.size() >= 2);
    const std::uint64_t at = reads[1];
    // The bytes that read gave ffmpeg: its output when blocking, else a ReadBytes record.
    std::optional<std::string> recorded;
    if (const trace::Value* out = output(*doc->call(at), "ptr")) recorded = doc->bytesOf(*out);
    if (!recorded) {
      std::string error;
      auto reader = trace::Reader::open(tracePath("ffmpeg_avgblur_plain").toStdString(), error);
      QVERIFY2(reader, error.c_str());
      trace::RecordView record;
      while (!recorded && reader->next(record)) {
        if (record.kind != trace::RecordKind::ReadBytes) continue;
        trace::ReadBytes read;
        QVERIFY(reader->decode(record, read));
        if (read.call_index == at) recorded = doc->bytesOf(read.bytes);
      }
    }
    QVERIFY(recorded);
    QVERIFY(recorded->size() >= 63 * row_pitch + 64);
    ImageViewer* viewer = window.images();
    viewer->showImage(plane, at);
    QVERIFY(!viewer->replayed());
    QVERIFY(std::none_of(viewer->pixels().known.begin(), viewer->pixels().known.end(), [](bool k) { return k; }));
    for (const QString& platform : {QStringLiteral("Portable"), QStringLiteral("reference")}) {
      viewer->showImage(plane, at);
      QVERIFY(viewer->replayContents(platform));
      QVERIFY(viewer->replay()->wait(240000));
      QTRY_VERIFY2(viewer->replayed(), qPrintable(viewer->note()));
      QVERIFY2(viewer->note().contains(QStringLiteral("replayed on %1 to call #%2").arg(platform).arg(at)), qPrintable(viewer->note()));
      const ImagePixels& pixels = viewer->pixels();
      QCOMPARE(pixels.channel_names, QStringLiteral("R"));
      const int latitude = platform == QStringLiteral("reference") ? 1 : 0;
      int differing = 0, beyond = 0;
      for (std::uint64_t y = 0; y < 64; ++y)
        for (std::uint64_t x = 0; x < 64; ++x) {
          const int byte = static_cast<unsigned char>((*recorded)[y * row_pitch + x]);
          const int shown = static_cast<int>(std::lround(pixels.channel(x, y, 0).value_or(-1) * 255));
          differing += shown != byte;
          beyond += std::abs(shown - byte) > latitude;
          // The picture: CL_R alone is shown grey, its [0, 1] range over 0..255.
          const QRgb colour = viewer->picture().pixel(static_cast<int>(x), static_cast<int>(y));
          beyond += std::abs(qRed(colour) - byte) > latitude + 1 || qRed(colour) != qGreen(colour);
        }
      QVERIFY2(beyond == 0, qPrintable(QStringLiteral("%1: %2 pixels beyond %3 of the recorded bytes").arg(platform).arg(beyond).arg(latitude)));
      qInfo("%s: %d of 4096 pixels differ by one from PoCL's recorded read", qPrintable(platform), differing);
    }
    saveShot(window, QStringLiteral("images"), QStringLiteral("images-replay-ffmpeg"), false);
  }


  // The timeline: a lane per host thread and per queue with device times; spans lead to calls.
  void timelineLanes() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("buffer_pipeline")));
    window.document()->waitForScan();
    TimelineView* timeline = window.timeline();
    const TraceFacts& facts = window.document()->facts();
    QVERIFY(!facts.commands.empty());  // the program's queue has profiling on
    QCOMPARE(timeline->laneCount(), static_cast<int>(facts.threads.size()) + 1);
    QVERIFY(timeline->laneName(1).contains(QStringLiteral("(device)")));
    QCOMPARE(timeline->placedCommands() + timeline->unplacedCommands(), facts.commands.size());
    QVERIFY(timeline->placedCommands() > 0);
    // Zoomed on a call, the span under the lane's middle at its time is that call.
    window.showView(QStringLiteral("timeline"));
    window.resize(1400, 860);
    QApplication::processEvents();
    const CallRow& row = facts.rows[facts.rows.size() / 2];
    const double middle = (row.enter_ns + row.exit_ns) / 2.0;
    timeline->setRange(middle - 50, middle + 50);
    const int x = 150 + (timeline->width() - 150 - 4) / 2;
    QCOMPARE(timeline->callAt(QPoint(x, 28 + 34 / 2)), row.index);
    timeline->zoomAt(middle, 2.0);
    QCOMPARE(timeline->end() - timeline->begin(), 200.0);
    saveShot(window, QStringLiteral("timeline"), QStringLiteral("timeline"));
  }

  // image_pipeline.c's program: its six kernels, their launches and arguments.
  void kernelViewOfImagePipeline() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("image_pipeline")));
    window.document()->waitForScan();
    KernelView* kernels = window.kernels();
    const QString tree = treeText(kernels->programs());
    for (const char* name : {"blur", "histogram", "scan", "stats", "tone_map", "report"})
      QVERIFY2(tree.contains(QRegularExpression(QStringLiteral("kernel#\\d+ %1 \\(1 launch\\)").arg(QLatin1String(name)))), qPrintable(tree));
    kernels->showMostInteresting();
    // The source is the program's: the kernels' definitions, as in image_pipeline.c.
    const QString source = kernels->source()->toPlainText();
    QVERIFY(source.contains(QStringLiteral("kernel void blur")) || source.contains(QStringLiteral("__kernel void blur")));
    QVERIFY2(kernels->build()->toPlainText().contains(QStringLiteral("clBuildProgram")), qPrintable(kernels->build()->toPlainText()));
    const QString launch = treeText(kernels->launch());
    QVERIFY2(launch.contains(QStringLiteral("global size |")), qPrintable(launch));
    QVERIFY2(launch.contains(QStringLiteral("arg 0 |")), qPrintable(launch));
    saveShot(window, QStringLiteral("kernels"), QStringLiteral("kernels"));
  }

  // A race between work-groups found by the reference device's checkers (its JSON report),
  // over the trace of the same kernel on PoCL: the lines the case's `expect:` comments name
  // are marked, and the two work-items are drawn in different work-groups of the NDRange.
  void kernelFindingsOnSourceAndNDRange() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("race")));
    window.document()->waitForScan();
    QVERIFY(window.loadFindings(QStringLiteral(CLVET_GUI_TRACES "/race.json")));
    KernelView* kernels = window.kernels();
    QVERIFY(!kernels->kernelFindings().empty());
    kernels->showMostInteresting();
    QSet<int> expected;
    const QStringList lines = QString::fromUtf8(readFile(QStringLiteral(CLVET_GUI_RACE_CASE))).split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i)
      if (lines[i].contains(QStringLiteral("// expect: race-write-write"))) expected.insert(i + 1);
    QCOMPARE(expected.size(), 2);
    QSet<int> marked;
    for (int line : kernels->source()->marks().keys()) marked.insert(line);
    QCOMPARE(marked, expected);
    QVERIFY(kernels->source()->marks().first().contains(QStringLiteral("race-write-write")));
    // The NDRange of the case's run line: global=128 local=32, four work-groups.
    QCOMPARE(kernels->grid()->groups(), (std::array<std::uint64_t, 3>{4, 1, 1}));
    QCOMPARE(kernels->grid()->marked().size(), 2u);
    QVERIFY(kernels->grid()->marked()[0][0] / 32 != kernels->grid()->marked()[1][0] / 32);
    QVERIFY(treeText(kernels->launch()).contains(QStringLiteral("global size | [128]")));
    saveShot(window, QStringLiteral("kernels"), QStringLiteral("kernel-race"));
    // The diagnostics list it, and lead to its line in the kernel view.
    const QString diagnostics = treeText(window.diagnostics());
    QVERIFY2(diagnostics.contains(QStringLiteral("race-write-write (1)")) &&
                 diagnostics.contains(QStringLiteral("overlap line 10, 12")),
             qPrintable(diagnostics));
    kernels->source()->showLine(1);
    QTreeWidgetItem* group = window.diagnostics()->topLevelItem(window.diagnostics()->topLevelItemCount() - 1);
    emit window.diagnostics()->itemActivated(group->child(0)->child(0), 0);
    QCOMPARE(kernels->source()->textCursor().blockNumber() + 1, 10);
    // A file that is not a report is refused with the reason.
    QVERIFY(!window.loadFindings(tracePath("race")));
    QVERIFY2(window.message().contains(QStringLiteral("not JSON")), qPrintable(window.message()));
  }

  // The same race traced under the layer over the reference device: the trace itself holds the
  // race with its evidence (no report loaded), at the lines the case's `expect:` comments name,
  // its work-items in different work-groups, and the launch it names is the trace's own call.
  void kernelFindingsFromTheTrace() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("race-reference")));
    window.document()->waitForScan();
    KernelView* kernels = window.kernels();
    QVERIFY(!kernels->kernelFindings().empty());
    std::uint64_t launch = 0;
    for (const CallRow& row : window.document()->facts().rows)
      if (window.document()->facts().entry_names[row.name] == "clEnqueueNDRangeKernel") launch = row.index;
    QVERIFY(launch != 0);
    bool race = false;
    for (const reports::Finding& f : kernels->kernelFindings()) {
      QCOMPARE(f.kernel->enqueue, launch);
      race = race || f.kernel->kind == reports::KernelKind::RaceWriteWrite;
    }
    QVERIFY(race);
    kernels->showMostInteresting();
    QSet<int> expected;
    const QStringList lines = QString::fromUtf8(readFile(QStringLiteral(CLVET_GUI_RACE_CASE))).split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i)
      if (lines[i].contains(QStringLiteral("// expect: race-write-write"))) expected.insert(i + 1);
    QSet<int> marked;
    for (int line : kernels->source()->marks().keys()) marked.insert(line);
    QCOMPARE(marked, expected);
    QCOMPARE(kernels->grid()->groups(), (std::array<std::uint64_t, 3>{4, 1, 1}));
    QCOMPARE(kernels->grid()->marked().size(), 2u);
    QVERIFY(kernels->grid()->marked()[0][0] / 32 != kernels->grid()->marked()[1][0] / 32);
    // The launch's argument is the buffer it was set to (a Handle since format 1.1).
    QVERIFY2(treeText(kernels->launch()).contains(QStringLiteral("arg 0 | mem#")), qPrintable(treeText(kernels->launch())));
    // The diagnostics list it once, among the kernel findings, and lead to its line.
    const QString diagnostics = treeText(window.diagnostics());
    QVERIFY2(diagnostics.count(QStringLiteral("overlap line 10, 12")) == 1, qPrintable(diagnostics));
    // Its row names the launch, and activating it shows that call in the inspector.
    QVERIFY2(diagnostics.contains(QStringLiteral("overlap line 10, 12 | #%1 |").arg(launch)), qPrintable(diagnostics));
    QTreeWidgetItem* group = window.diagnostics()->topLevelItem(window.diagnostics()->topLevelItemCount() - 1);
    emit window.diagnostics()->itemActivated(group->child(0)->child(0), 0);
    const QString inspector = treeText(window.inspector());
    QVERIFY2(inspector.contains(QStringLiteral("#%1 clEnqueueNDRangeKernel").arg(launch)), qPrintable(inspector));
    // The finding there names the section that forbids a race, and its words (OpenCL 1.2
    // §3.3.1: memory is consistent for a work-group only at a barrier).
    QVERIFY2(inspector.contains(QStringLiteral("section | OpenCL 1.2 §3.3.1")), qPrintable(inspector));
    QVERIFY2(inspector.contains(QStringLiteral("spec | two work-items write different values to the same bytes")), qPrintable(inspector));
    saveShot(window, QStringLiteral("kernels"), QStringLiteral("kernel-race-from-trace"));
  }

  // Recent files and the window's layout are kept between sessions (QSettings).
  void recentFilesAndLayoutRemembered() {
    QSettings().clear();
    {
      MainWindow window(true);
      QVERIFY(window.openTrace(tracePath("leaks")));
      QVERIFY(window.openTrace(tracePath("buffer_pipeline")));
      window.resize(1234, 777);
      window.diagnostics()->parentWidget()->hide();  // the diagnostics dock closed
      window.close();
    }
    const QStringList recent = QSettings().value(QStringLiteral("recent")).toStringList();
    QCOMPARE(recent.size(), 2);
    QCOMPARE(recent.front(), QFileInfo(tracePath("buffer_pipeline")).absoluteFilePath());
    MainWindow again(true);
    QCOMPARE(again.size(), QSize(1234, 777));
    QVERIFY(again.diagnostics()->parentWidget()->isHidden());
    QSettings().clear();
  }

  // Helper processes: one that never ends is cancelled while the window's event loop goes on
  // (a timer keeps firing), one that crashes is reported, neither takes the window down.
  void helperProcessCancelledAndCrashed() {
    MainWindow window(false);
    HelperProcess* helper = window.helper();
    int status = 0;
    QString why;
    connect(helper, &HelperProcess::finished, this, [&](int s, const QString& w, const QByteArray&, const QByteArray&) {
      status = s;
      why = w;
    });
    QVERIFY(helper->start(QStringLiteral("endless"), QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("while :; do :; done")}));
    QVERIFY(!helper->start(QStringLiteral("second"), QStringLiteral("/bin/true"), {}));  // one at a time
    int ticks = 0;
    QTimer timer;
    connect(&timer, &QTimer::timeout, this, [&] { ++ticks; });
    timer.start(20);
    QTRY_VERIFY_WITH_TIMEOUT(ticks >= 5, 10000);  // the window's thread goes on, however loaded
    QVERIFY(helper->running());
    helper->cancel();
    QVERIFY(helper->wait(5000));
    QTRY_VERIFY(!helper->running());
    QCOMPARE(status, -1);
    QVERIFY2(why.contains(QStringLiteral("endless: cancelled")), qPrintable(why));
    QVERIFY(helper->start(QStringLiteral("crashing"), QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("kill -SEGV $$")}));
    QVERIFY(helper->wait(5000));
    QTRY_COMPARE(status, -1);
    QVERIFY2(why.contains(QStringLiteral("crashing: the helper process crashed")), qPrintable(why));
    QVERIFY(helper->start(QStringLiteral("missing"), QStringLiteral("/nonexistent/helper"), {}));
    QTRY_VERIFY2(why.contains(QStringLiteral("could not be started")), qPrintable(why));
    QVERIFY(helper->start(QStringLiteral("exiting"), QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("exit 3")}));
    QVERIFY(helper->wait(5000));
    QTRY_COMPARE(status, 3);
    QVERIFY(why.isEmpty());
  }

  // The diff view runs `clvet diff` in its helper process on a kernel whose work-items read a
  // __local tile with no barrier (tests/kernels/corpus/races/local_missing_barrier.cl) traced on
  // PoCL: the reference device's result is the reversed tile (out[i] = in[63 - i % 64 + ...],
  // in = 0, 1, 2...), so element 0 is 63 there; the likely cause is the race at the lines the
  // case's `expect:` comments name.
  void diffViewOfMissingBarrier() {
    MainWindow window(false);
    QVERIFY(window.openTrace(tracePath("missing_barrier")));
    window.document()->waitForScan();
    DiffView* diff = window.diff();
    diff->runDiff();
    QVERIFY(window.helper()->running());
    QVERIFY(window.helper()->wait(240000));
    QTRY_VERIFY2(!window.helper()->running() && diff->launches()->topLevelItemCount() == 1, qPrintable(diff->message()));
    QTreeWidgetItem* launch = diff->launches()->topLevelItem(0);
    QCOMPARE(launch->text(1), QStringLiteral("reverse"));
    QCOMPARE(launch->text(3), QStringLiteral("256"));  // in and out, 128 floats each
    const QString details = treeText(diff->details());
    QVERIFY2(details.contains(QStringLiteral("first mismatch | element 0")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("reference device | 63")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("race-read-write line")), qPrintable(details));
    QCOMPARE(diff->heatMap()->cells().size(), 1u);
    QCOMPARE(diff->heatMap()->cells()[0][0].share, 0.0);  // in: read only
    QVERIFY(diff->heatMap()->cells()[0][1].share > 0);   // out
    // The element heat map of `out` marks exactly the elements where what PoCL left (the
    // trace's record of `out` after the launch) is not the reversed tile the kernel means,
    // out[i] = in[64 * (i / 64) + 63 - i % 64] with in = 0, 1, 2...; one row a work-group.
    ElementHeatMap* elements = diff->elements();
    QCOMPARE(elements->elements(), 128u);
    QCOMPARE(elements->columns(), 64u);
    std::optional<std::string> pocl;
    for (const KernelBufferContents& k : window.document()->facts().kernel_buffers)
      if (k.after)
        if (auto record = window.document()->kernelBuffers(k.offset))
          for (const trace::Value& pair : record->buffers.items)
            if (pair.items.size() == 2 && pair.items[0].number == 1) pocl = window.document()->bytesOf(pair.items[1]);
    QVERIFY(pocl && pocl->size() == 128 * sizeof(float));
    int differing = 0;
    std::uint64_t first_differing = 128;
    for (std::uint64_t i = 0; i < 128; ++i) {
      float recorded;
      std::memcpy(&recorded, pocl->data() + i * sizeof(float), sizeof recorded);
      const auto meant = static_cast<float>(64 * (i / 64) + 63 - i % 64);
      QCOMPARE(elements->mismatching(i), recorded != meant);
      differing += recorded != meant;
      if (recorded != meant && first_differing == 128) first_differing = i;
    }
    QCOMPARE(launch->text(4), QString::number(differing));
    // A click on a cell that differs names its element, work-item and both values.
    window.show();
    window.showView(QStringLiteral("diff"));
    QApplication::processEvents();
    const auto [cx, cy] = elements->cellOf(first_differing);
    QTest::mouseClick(elements, Qt::LeftButton, {}, elements->cellRect(cx, cy).center().toPoint());
    QVERIFY2(diff->elementText().contains(QStringLiteral("element %1 of argument 1 'out'").arg(first_differing)),
             qPrintable(diff->elementText()));
    QVERIFY2(diff->elementText().contains(QStringLiteral("the devices differ here")), qPrintable(diff->elementText()));
    QVERIFY2(diff->elementText().contains(QStringLiteral("reference device: %1").arg(64 * (first_differing / 64) + 63 - first_differing % 64)),
             qPrintable(diff->elementText()));
    // The cause's lines are marked in the kernel view.
    QSet<int> expected;
    const QStringList lines = QString::fromUtf8(readFile(QStringLiteral(CLVET_GUI_MISSING_BARRIER_CASE))).split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i)
      if (lines[i].contains(QStringLiteral("// expect: race-read-write"))) expected.insert(i + 1);
    window.kernels()->showMostInteresting();
    QSet<int> marked;
    for (int line : window.kernels()->source()->marks().keys()) marked.insert(line);
    QCOMPARE(marked, expected);
    saveShot(window, QStringLiteral("diff"), QStringLiteral("diff"));

    // One launch re-run from the kernel view: the reference device's findings at their lines.
    MainWindow again(false);
    QVERIFY(again.openTrace(tracePath("missing_barrier")));
    again.document()->waitForScan();
    again.kernels()->showMostInteresting();
    QVERIFY(again.kernels()->source()->marks().isEmpty());
    const std::uint64_t reverse = launch->text(0).mid(1).toULongLong();
    emit again.kernels()->rerunLaunch(reverse);
    QVERIFY(again.helper()->running());
    QVERIFY(again.helper()->wait(240000));
    QTRY_VERIFY2(!again.kernels()->kernelFindings().empty(), qPrintable(again.diff()->message()));
    QCOMPARE(again.kernels()->kernelFindings().front().kernel->enqueue, reverse);
    again.kernels()->showMostInteresting();
    marked.clear();
    for (int line : again.kernels()->source()->marks().keys()) marked.insert(line);
    QCOMPARE(marked, expected);
    QCOMPARE(again.kernels()->grid()->groups(), (std::array<std::uint64_t, 3>{2, 1, 1}));  // global=128 local=64
  }

  // The element heat map over a 2D launch's output, from clvet diff's JSON (the keys the diff
  // command writes): an 8 x 4 NDRange with one float per work-item is laid out as 4 rows of 8,
  // and the runs [3, 2] and [10, 1] mark elements 3, 4 and 10 and nothing else; a click on
  // element 10 names row 1, column 2 and the work-item (2, 1).
  void elementHeatMapOf2DLaunch() {
    DiffView diff(nullptr);
    diff.resize(1000, 700);
    const QByteArray json = R"json({"tool": "clvet", "against": "reference",
      "summary": {"launches": 1, "same": 0, "different": 1, "not_run": 0, "failed": 0},
      "launches": [{"call_index": 12, "kernel": "shade", "result": "different", "work_dim": 2,
        "global_offset": [0, 0, 0], "global_size": [8, 4, 1], "local_size": [4, 2, 1],
        "elements": 32, "mismatches": 3, "max_ulp": 12,
        "arguments": [{"index": 0, "name": "image", "type": "float", "elements": 32, "mismatches": 3,
          "max_ulp": 12, "allowed": {"ulp": 0, "abs": 0, "rel": 0, "why": ""},
          "first_mismatch": {"element": 3, "work_item": "global id (3, 0)", "device": "1.5", "reference": "1.25", "ulp": 12},
          "mismatch_runs": [[3, 2], [10, 1]]}],
        "findings": []}]})json";
    QVERIFY2(diff.loadResults(json), qPrintable(diff.message()));
    ElementHeatMap* elements = diff.elements();
    QCOMPARE(elements->elements(), 32u);
    QCOMPARE(elements->columns(), 8u);
    QCOMPARE(elements->rows(), 4u);
    for (std::uint64_t i = 0; i < 32; ++i) QCOMPARE(elements->mismatching(i), i == 3 || i == 4 || i == 10);
    // The first mismatch is described at once.
    QVERIFY2(diff.elementText().contains(QStringLiteral("element 3 of argument 0 'image' (float): row 0, column 3")),
             qPrintable(diff.elementText()));
    QVERIFY2(diff.elementText().contains(QStringLiteral("reference device: 1.25")), qPrintable(diff.elementText()));
    diff.show();
    QApplication::processEvents();
    const auto [x, y] = elements->cellOf(10);
    QCOMPARE(elements->cell(x, y).mismatches, 1u);
    QTest::mouseClick(elements, Qt::LeftButton, {}, elements->cellRect(x, y).center().toPoint());
    const QString text = diff.elementText();
    QVERIFY2(text.contains(QStringLiteral("element 10 of argument 0 'image' (float): row 1, column 2")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("global id (2, 1)")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("the devices differ here")), qPrintable(text));
    // An element that agrees says so.
    const auto [ax, ay] = elements->cellOf(0);
    QTest::mouseClick(elements, Qt::LeftButton, {}, elements->cellRect(ax, ay).center().toPoint());
    QVERIFY2(diff.elementText().contains(QStringLiteral("the devices agree here")), qPrintable(diff.elementText()));
  }

  // Real programs beside the examples: every call a row, nothing unreadable.
  void realProgramTraces() {
    for (const char* name : {"pyopencl_add", "ffmpeg_avgblur", "image_pipeline"}) {
      if (!QFile::exists(tracePath(name))) continue;  // python3 or ffmpeg not installed
      MainWindow window(false);
      QVERIFY(window.openTrace(tracePath(name)));
      window.document()->waitForScan();
      CallListModel* model = window.callList()->model();
      QCOMPARE(static_cast<std::uint64_t>(model->rowCount()), readerCallCount(tracePath(name)));
      QVERIFY(model->rowCount() > 10);
      for (int row = 0; row < model->rowCount(); ++row)
        QVERIFY2(!model->argumentsText(row).startsWith(QStringLiteral("(unreadable")), name);
      QVERIFY2(window.message().isEmpty(), qPrintable(window.message()));
    }
  }
};

QTEST_MAIN(GuiTest)
#include "gui_test.moc"
