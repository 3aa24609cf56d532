// The uninitialised-value checker's view of host commands: a buffer created without
// host data holds undefined bytes (§5.2.1, "the contents ... are undefined" without
// CL_MEM_COPY_HOST_PTR / CL_MEM_USE_HOST_PTR); clEnqueueWriteBuffer(Rect) (§5.2.2),
// clEnqueueFillBuffer (§5.2.3), clEnqueueCopyBuffer(Rect) (§5.2.4) and a write mapping
// (§5.4.2) define exactly the bytes they write -- a copy carries the source's undefined bytes
// along. Each scenario runs in a child process whose JSON report (written at exit) is read
// back: kernels reading the written bytes must be silent, kernels reading any other byte found.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "reference_device.h"

namespace {

namespace fs = std::filesystem;

// Three probes, each on its own line: out[i] = in[base + i] over `count` work-items. Which of
// them the checker reports is what the scenarios assert.
const char* const kSource =
    "kernel void probe_written(global const int* in, global int* out, int base) {\n"  // line 1
    "  out[get_global_id(0)] = in[base + (int)get_global_id(0)];\n"                       // line 2
    "}\n"
    "kernel void probe_unwritten(global const int* in, global int* out, int base) {\n"  // line 4
    "  out[get_global_id(0)] = in[base + (int)get_global_id(0)];\n"                       // line 5
    "}\n";
constexpr int kWrittenLine = 2, kUnwrittenLine = 5;

constexpr std::size_t kInts = 64;  // every buffer: 64 ints

// One scenario's device: the buffers and a way to run the probes.
struct Scenario {
  clvet::test::ReferenceDevice& dev;
  cl_program program = nullptr;

  cl_mem uninitialised() {
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, kInts * 4, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return m;
  }
  cl_mem initialised() {
    std::vector<int> data(kInts, 5);
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(dev.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, kInts * 4,
                              data.data(), &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return m;
  }
  // Runs probe_written or probe_unwritten over ints [base, base + count) of `in`.
  void probe(bool expect_written, cl_mem in, int base, std::size_t count) {
    cl_int err = CL_SUCCESS;
    cl_kernel k = clCreateKernel(program, expect_written ? "probe_written" : "probe_unwritten", &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_mem out = initialised();
    clSetKernelArg(k, 0, sizeof(cl_mem), &in);
    clSetKernelArg(k, 1, sizeof(cl_mem), &out);
    clSetKernelArg(k, 2, sizeof(int), &base);
    ASSERT_EQ(clEnqueueNDRangeKernel(dev.queue, k, 1, nullptr, &count, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    clFinish(dev.queue);
    clReleaseMemObject(out);
    clReleaseKernel(k);
  }
};

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs `body` in a child process with the checkers reporting to a JSON file; the lines of the
// kernel source that got an "uninitialised" finding, or {-1} when the child failed.
std::set<int> uninitialised_lines(const std::function<void(Scenario&)>& body) {
  const fs::path report =
      fs::temp_directory_path() / ("clvet-uninit-host-" + std::to_string(getpid()) + ".json");
  fs::remove(report);
  pid_t child = fork();
  if (child == 0) {
    setenv("CLVET_REPORT", report.c_str(), 1);
    setenv("CLVET_REPORT_FORMAT", "json", 1);
    setenv("CLVET_CHECK", "uninit", 1);
    int failures = 0;
    {
      clvet::test::ReferenceDevice dev;
      if (!dev.available()) std::_Exit(2);
      Scenario s{dev, dev.build(kSource)};
      if (!s.program) std::_Exit(3);
      body(s);
      failures = testing::Test::HasFailure() ? 4 : 0;
    }
    std::exit(failures);  // exit, not _exit: the report is written at exit
  }
  int status = 0;
  waitpid(child, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return {-1};
  std::set<int> lines;
  std::string text = read_text(report);
  fs::remove(report);
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return lines;
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.contains("findings")) return {-1};
  for (const nlohmann::json& f : j["findings"])
    if (f.value("kind", std::string()) == "uninitialised") lines.insert(f.value("line", 0));
  return lines;
}

const std::set<int> kOnlyUnwritten = {kUnwrittenLine};

class UninitHostWrites : public testing::Test {
 protected:
  // Only asks whether the platform is there: a queue here would start the device's worker
  // thread, and fork() below would copy this process while that thread is halfway through
  // something (a lock, a static's initialisation) that the child then waits for forever.
  void SetUp() override {
    cl_uint n = 0;
    bool found = false;
    if (clGetPlatformIDs(0, nullptr, &n) == CL_SUCCESS && n > 0) {
      std::vector<cl_platform_id> platforms(n);
      clGetPlatformIDs(n, platforms.data(), nullptr);
      for (cl_platform_id p : platforms) {
        char name[64] = "";
        clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof name, name, nullptr);
        found = found || std::string(name) == "clvet";
      }
    }
    if (!found) GTEST_SKIP() << "no clvet platform";
  }
};

// §5.2.1: without host data every byte is undefined; the probes that read none of them stay
// silent only when the buffer has host data.
TEST_F(UninitHostWrites, BufferWithoutHostDataIsUnwrittenAndWithHostDataWritten) {
  EXPECT_EQ(uninitialised_lines([](Scenario& s) {
              s.probe(false, s.uninitialised(), 0, kInts);
              s.probe(true, s.initialised(), 0, kInts);
            }),
            kOnlyUnwritten);
}

// §5.2.2: clEnqueueWriteBuffer of ints [16, 32) writes exactly those bytes.
TEST_F(UninitHostWrites, WriteBufferMarksExactlyTheWrittenBytes) {
  EXPECT_EQ(uninitialised_lines([](Scenario& s) {
              cl_mem b = s.uninitialised();
              std::vector<int> data(16, 1);
              clEnqueueWriteBuffer(s.dev.queue, b, CL_TRUE, 16 * 4, 16 * 4, data.data(), 0,
                                   nullptr, nullptr);
              s.probe(true, b, 16, 16);
              s.probe(false, b, 15, 1);
              s.probe(false, b, 32, 1);
            }),
            kOnlyUnwritten);
}

// Byte precision: a write ending two bytes into int 32 leaves int 32 partly undefined.
TEST_F(UninitHostWrites, WriteBufferEndingInsideAnIntLeavesItUnwritten) {
  EXPECT_EQ(uninitialised_lines([](Scenario& s) {
              cl_mem b = s.uninitialised();
              std::vector<char> data(16 * 4 + 2, 1);
              clEnqueueWriteBuffer(s.dev.queue, b, CL_TRUE, 16 * 4, data.size(), data.data(), 0,
                                   nullptr, nullptr);
              s.probe(true, b, 16, 16);
              s.probe(false, b, 32, 1);
            }),
            kOnlyUnwritten);
}

// A probe of only the written bytes finds nothing at all (the unwritten line never appears).
TEST_F(UninitHostWrites, ReadingOnlyWrittenBytesFindsNothing) {
  EXPECT_EQ(uninitialised_lines([](Scenario& s) {
              cl_mem b = s.uninitialised();
              std::vector<int> data(16, 1);
              clEnqueueWriteBuffer(s.dev.queue, b, CL_TRUE, 16 * 4, 16 * 4, data.data(), 0,
                                   nullptr, nullptr);
              s.probe(true, b, 16, 16);
            }),
            std::set<int>{});
}

// §5.2.3: clEnqueueFillBuffer of ints [16, 32).
TEST_F(UninitHostWrites, FillBufferMarksExactlyTheFilledBytes) {
  EXPECT_EQ(uninitialised_lines([](Scenario& s) {
              cl_mem b = s.uninitialised();
              int pattern = 7;
              clEnqueueFillBuffer(s.dev.queue, b, &pattern, 4, 16 * 4, 16 * 4, 0, nullptr, nullptr);
              clFinish(s.dev.queue);
              s.probe(true, b, 16, 16);
              s.probe(false, b, 0, 16);
              s.probe(false, b, 32, 32);
            }),
            kOnlyUnwritten);
}

// §5.2.4: a copy from written bytes writes; a copy from unwritten bytes carries them along,
// even into a buffer that had host data.
TEST_F(UninitHostWrites, CopyBufferCarriesTheSourcesMarks) {
  EXPECT_EQ(uninitialised_lines([](Scenario& s) {
              cl_mem written = s.initialised();
              cl_mem unwritten = s.uninitialised();
              cl_mem target = s.uninitialised();
              clEnqueueCopyBuffer(s.dev.queue, written, target, 0, 16 * 4, 16 * 4, 0, nullptr,
                                  nullptr);
              cl_mem mixed = s.initialised();
              clEnqueueCopyBuffer(s.dev.queue, unwritten, mixed, 0, 8 * 4, 8 * 4, 0, nullptr,
                                  nullptr);
              clFinish(s.dev.queue);
              s.probe(true, target, 16, 16);
              s.probe(false, target, 0, 16);
              s.probe(true, mixed, 0, 8);
              s.probe(true, mixed, 16, 48);
              s.probe(false, mixed, 8, 8);
            }),
            kOnlyUnwritten);
}

// §5.2.2 rectangles: rows 2 and 3 (row pitch 8 ints) of ints 0..3 are written.
TEST_F(UninitHostWrites, WriteBufferRectMarksItsRows) {
  EXPECT_EQ(uninitialised_lines([](Scenario& s) {
              cl_mem b = s.uninitialised();
              std::vector<int> data(8, 3);
              const std::size_t buffer_origin[3] = {0, 2, 0}, host_origin[3] = {0, 0, 0};
              const std::size_t region[3] = {4 * 4, 2, 1};
              clEnqueueWriteBufferRect(s.dev.queue, b, CL_TRUE, buffer_origin, host_origin, region,
                                       8 * 4, 0, 4 * 4, 0, data.data(), 0, nullptr, nullptr);
              s.probe(true, b, 16, 4);
              s.probe(true, b, 24, 4);
              s.probe(false, b, 20, 4);
              s.probe(false, b, 28, 4);
            }),
            kOnlyUnwritten);
}

// §5.2.4 rectangles: the copied rows carry the source's marks.
TEST_F(UninitHostWrites, CopyBufferRectMarksItsRows) {
  EXPECT_EQ(uninitialised_lines([](Scenario& s) {
              cl_mem from = s.initialised();
              cl_mem b = s.uninitialised();
              const std::size_t origin[3] = {0, 2, 0};
              const std::size_t region[3] = {4 * 4, 2, 1};
              clEnqueueCopyBufferRect(s.dev.queue, from, b, origin, origin, region, 8 * 4, 0,
                                      8 * 4, 0, 0, nullptr, nullptr);
              clFinish(s.dev.queue);
              s.probe(true, b, 16, 4);
              s.probe(true, b, 24, 4);
              s.probe(false, b, 20, 4);
            }),
            kOnlyUnwritten);
}

// §5.4.2: after a write mapping is unmapped its region counts as written; a read mapping
// writes nothing.
TEST_F(UninitHostWrites, WriteMapMarksItsRegionAtUnmap) {
  EXPECT_EQ(uninitialised_lines([](Scenario& s) {
              cl_mem b = s.uninitialised();
              cl_int err = CL_SUCCESS;
              void* p = clEnqueueMapBuffer(s.dev.queue, b, CL_TRUE, CL_MAP_WRITE, 16 * 4, 16 * 4, 0,
                                           nullptr, nullptr, &err);
              ASSERT_EQ(err, CL_SUCCESS);
              std::memset(p, 0, 16 * 4);
              clEnqueueUnmapMemObject(s.dev.queue, b, p, 0, nullptr, nullptr);
              void* r = clEnqueueMapBuffer(s.dev.queue, b, CL_TRUE, CL_MAP_READ, 32 * 4, 16 * 4, 0,
                                           nullptr, nullptr, &err);
              ASSERT_EQ(err, CL_SUCCESS);
              clEnqueueUnmapMemObject(s.dev.queue, b, r, 0, nullptr, nullptr);
              clFinish(s.dev.queue);
              s.probe(true, b, 16, 16);
              s.probe(false, b, 32, 16);
            }),
            kOnlyUnwritten);
}

// A kernel's stores write too, and the marks last from one launch to the next.
TEST_F(UninitHostWrites, KernelStoresMarkAcrossLaunches) {
  EXPECT_EQ(uninitialised_lines([](Scenario& s) {
              cl_mem b = s.uninitialised();
              cl_mem written = s.initialised();
              // probe_written's store writes `b` as its output: ints [0, 16).
              cl_int err = CL_SUCCESS;
              cl_kernel k = clCreateKernel(s.program, "probe_written", &err);
              int base = 0;
              std::size_t count = 16;
              clSetKernelArg(k, 0, sizeof(cl_mem), &written);
              clSetKernelArg(k, 1, sizeof(cl_mem), &b);
              clSetKernelArg(k, 2, sizeof(int), &base);
              clEnqueueNDRangeKernel(s.dev.queue, k, 1, nullptr, &count, nullptr, 0, nullptr, nullptr);
              clFinish(s.dev.queue);
              clReleaseKernel(k);
              s.probe(true, b, 0, 16);
              s.probe(false, b, 16, 16);
            }),
            kOnlyUnwritten);
}

}  // namespace
