// Benchmark, not a test (`make bench-gui`): clvet-gui on a million-call trace. Writes the trace
// with the trace writer (a kernel loop of clSetKernelArg, clEnqueueNDRangeKernel and
// clEnqueueWriteBuffer on four threads, a finding every 10,000 calls), then measures, offscreen:
// the time from openTrace() to the first painted page of the call list, to the end of the scan
// (filters, objects, timeline ready), and the time to paint one page after a jump to a random
// place (the worst and the median of 200 jumps) and after a page-down (200 in a row).
//   gui_open [TRACE] [CALLS]   (QT_QPA_PLATFORM=offscreen)
#include <QApplication>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>

#include <algorithm>
#include <cstdio>
#include <random>
#include <thread>
#include <vector>

#include "call_list_model.h"
#include "call_list_view.h"
#include "clvet/rules/opencl.h"
#include "clvet/trace/writer.h"
#include "main_window.h"
#include "trace_document.h"

using namespace clvet;

namespace {

std::uint32_t entry(std::string_view name) {
  return static_cast<std::uint32_t>(api::find_entry_point(name) - api::entry_points().data());
}

// Four threads, each a kernel loop; call indexes interleave as in a real multithreaded trace.
void write_trace(const std::string& path, std::uint64_t calls) {
  std::string error;
  auto w = trace::Writer::create(path, error);
  if (!w) {
    std::fprintf(stderr, "%s\n", error.c_str());
    std::exit(1);
  }
  w->write_process_info(trace::current_process_info("clvet gui benchmark"));
  const std::uint32_t set_arg = entry("clSetKernelArg"), ndrange = entry("clEnqueueNDRangeKernel"),
                      write = entry("clEnqueueWriteBuffer");
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      const std::uint64_t mem = 1 + static_cast<std::uint64_t>(t);
      float data[16] = {};
      while (true) {
        const std::uint64_t index = w->next_call_index();
        if (index > calls) break;
        const std::uint64_t now = w->now();
        switch (index % 3) {
          case 0: {
            auto c = w->begin_call(set_arg, index, now);
            c.handle(api::ObjectKind::Kernel, 1 + static_cast<std::uint64_t>(t));
            c.uint(index % 2);
            c.uint(sizeof(cl_mem));
            c.inline_bytes(&mem, sizeof mem);
            c.result(CL_SUCCESS).sint(CL_SUCCESS);
            c.commit(w->now());
            break;
          }
          case 1: {
            auto c = w->begin_call(ndrange, index, now);
            c.handle(api::ObjectKind::CommandQueue, 1);
            c.handle(api::ObjectKind::Kernel, 1 + static_cast<std::uint64_t>(t));
            c.uint(1);
            c.null();
            c.array(1);
            c.uint(1024);
            c.null();
            c.uint(0);
            c.null();
            c.null();
            c.result(CL_SUCCESS).sint(CL_SUCCESS);
            c.commit(w->now());
            break;
          }
          default: {
            data[0] = static_cast<float>(index);
            auto c = w->begin_call(write, index, now);
            c.handle(api::ObjectKind::CommandQueue, 1);
            c.handle(api::ObjectKind::Mem, mem);
            c.uint(CL_FALSE);
            c.uint(0);
            c.uint(sizeof data);
            c.pointer(data);
            c.uint(0);
            c.null();
            c.null();
            c.input(5);
            c.data(data, sizeof data);
            c.result(CL_SUCCESS).sint(CL_SUCCESS);
            c.commit(w->now());
          }
        }
        if (index % 10000 == 0) {
          reports::Finding f;
          f.rule_id = "BenchmarkFinding";
          f.entry = "clSetKernelArg";
          f.spec = "OpenCL 1.2 §5.7.2";
          f.clause = "a finding every 10,000 calls";
          f.call_index = index;
          w->write_finding(f);
        }
      }
    });
  for (auto& t : threads) t.join();
  w->close();
}

double ms(const QElapsedTimer& t) { return static_cast<double>(t.nsecsElapsed()) / 1e6; }

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  const std::string path = argc > 1 ? argv[1] : "/tmp/clvet-gui-bench.clvt";
  const std::uint64_t calls = argc > 2 ? std::stoull(argv[2]) : 1'000'000;
  QElapsedTimer timer;
  timer.start();
  write_trace(path, calls);
  std::printf("wrote %llu calls to %s in %.0f ms\n", static_cast<unsigned long long>(calls), path.c_str(), ms(timer));

  gui::MainWindow window(false);
  window.show();
  QApplication::processEvents();
  timer.restart();
  if (!window.openTrace(QString::fromStdString(path))) {
    std::fprintf(stderr, "%s\n", qPrintable(window.message()));
    return 1;
  }
  QTableView* table = window.callList()->table();
  while (window.callList()->model()->rowCount() == 0) QApplication::processEvents(QEventLoop::WaitForMoreEvents);
  table->viewport()->repaint();
  const double first_paint = ms(timer);
  while (!window.document()->scanned()) QApplication::processEvents(QEventLoop::WaitForMoreEvents);
  const double scanned = ms(timer);
  QApplication::processEvents();

  // Scrolling: the time to lay out and paint a page, decoding its rows.
  QScrollBar* bar = table->verticalScrollBar();
  std::mt19937_64 random(42);
  std::vector<double> jumps, pages;
  for (int i = 0; i < 200; ++i) {
    timer.restart();
    bar->setValue(static_cast<int>(random() % static_cast<std::uint64_t>(std::max(1, bar->maximum()))));
    table->viewport()->repaint();
    jumps.push_back(ms(timer));
  }
  bar->setValue(bar->maximum() / 3);
  for (int i = 0; i < 200; ++i) {
    timer.restart();
    bar->setValue(bar->value() + bar->pageStep());
    table->viewport()->repaint();
    pages.push_back(ms(timer));
  }
  std::sort(jumps.begin(), jumps.end());
  std::sort(pages.begin(), pages.end());
  const int rows_per_page = table->viewport()->height() / std::max(1, table->verticalHeader()->defaultSectionSize());
  std::printf("\nclvet-gui on %llu calls (%d rows a page, offscreen)\n\n", static_cast<unsigned long long>(calls), rows_per_page);
  std::printf("| measure | ms |\n|---|---|\n");
  std::printf("| open to first painted page | %.1f |\n", first_paint);
  std::printf("| open to the end of the scan (filters, objects, timeline) | %.1f |\n", scanned);
  std::printf("| page after a jump, median | %.2f |\n", jumps[jumps.size() / 2]);
  std::printf("| page after a jump, worst of 200 | %.2f |\n", jumps.back());
  std::printf("| page down, median | %.2f |\n", pages[pages.size() / 2]);
  std::printf("| page down, worst of 200 | %.2f |\n", pages.back());
  std::printf("\nrows: %d, findings: %zu\n", window.callList()->model()->rowCount(), window.document()->facts().findings.size());
  std::remove(path.c_str());
  return 0;
}
