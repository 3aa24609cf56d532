// Where the engine's source positions point: the executable's file table from the debug info
// (the program's source first, embedded headers by their include name, #line names), and
// each reported line carrying its file (clvet/interp/source_position.h).
#include <algorithm>

#include "clvet/interp/source_position.h"
#include "frontend_test_support.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

std::shared_ptr<Executable> load(const std::string& source, const std::string& options,
                                 const std::vector<EmbeddedHeader>& headers = {}) {
  FrontEndResult compiled = compile(source, options, headers);
  EXPECT_TRUE(compiled.ok()) << compiled.log;
  FrontEndResult linked = link_bitcode({compiled.bitcode}, "");
  EXPECT_TRUE(linked.ok()) << linked.log;
  std::string error;
  auto exe = Executable::load(linked.bitcode, error);
  EXPECT_TRUE(exe) << error;
  return exe;
}

// One work-group of `n` items of kernel `k(global int* out, int value)`, red zones on (the
// bounds checker), no observer: the engine's problems come back with the result.
LaunchResult run(Executable& exe, std::vector<int>& out, int value) {
  LaunchRequest r;
  r.kernel = "k";
  r.global_size[0] = r.local_size[0] = out.size();
  r.separate_objects = true;
  r.index_checks = true;
  LaunchArg buffer;
  buffer.kind = LaunchArg::Kind::Buffer;
  buffer.pointer = out.data();
  buffer.size = out.size() * sizeof(int);
  LaunchArg scalar;
  scalar.bytes.resize(sizeof value);
  std::memcpy(scalar.bytes.data(), &value, sizeof value);
  r.args = {buffer, scalar};
  return exe.launch(r);
}

std::uint32_t line_of(const clvet::interp::EngineProblem& problem) { return problem.site.line; }

std::size_t index_of(const std::vector<std::string>& files, const std::string& name) {
  return static_cast<std::size_t>(std::find(files.begin(), files.end(), name) - files.begin());
}

const char* kHeader = "int pick(const int* items, int k) {\n  return items[k];\n}\n";
const char* kSource =
    "#include \"pick.h\"\n"
    "typedef struct { int items[3]; int count; } Small;\n"
    "__kernel void k(__global int* out, int k) {\n"
    "  Small s = {{1, 2, 3}, 3};\n"
    "  out[get_global_id(0)] = s.items[k];\n"
    "}\n";

// OpenCL 1.2 §6 (C99 §6.5.6): s.items[3] is past the array even though it is s.count; the
// finding is on the access's line, in both builds.
TEST(SourceFiles, ArrayIndexPastTheEndInsideAStruct) {
  for (const char* options : {"", "-cl-opt-disable"}) {
    auto exe = load(kSource, options, {{"pick.h", kHeader}});
    ASSERT_TRUE(exe);
    std::vector<int> out(4, 0);
    LaunchResult inside = run(*exe, out, 2);
    EXPECT_TRUE(inside.problems.empty()) << options << ": " << inside.problems.front().message;
    EXPECT_EQ(out[0], 3);
    LaunchResult past = run(*exe, out, 3);
    ASSERT_FALSE(past.problems.empty()) << options;
    EXPECT_EQ(past.problems.front().event, clvet::interp::EngineEvent::IndexOutsideArray);
    EXPECT_EQ(source_line_of(line_of(past.problems.front())), 5u) << past.problems.front().message;
    EXPECT_EQ(source_file_of(line_of(past.problems.front())), 0u) << past.problems.front().message;
    EXPECT_NE(past.problems.front().message.find("index 3"), std::string::npos) << past.problems.front().message;
    EXPECT_NE(past.problems.front().message.find("'s'"), std::string::npos) << past.problems.front().message;
    LaunchResult before = run(*exe, out, -1);
    ASSERT_FALSE(before.problems.empty()) << options;
    EXPECT_NE(before.problems.front().message.find("before the start"), std::string::npos);
  }
}

// The file table: the program's source first, by its stable name; an embedded header by the
// name it was included with; a #line name as written (each file that holds code a kernel runs).
TEST(SourceFiles, FilesAreNamedAsTheDebugInfoNamesThem) {
  const std::string source = std::string(kSource) +
                             "#line 40 \"generated.cl\"\n"
                             "__kernel void g(__global int* out) { int v[2] = {1, 2}; out[0] = pick(v, 1); }\n";
  auto exe = load(source, "", {{"pick.h", kHeader}});
  ASSERT_TRUE(exe);
  const std::vector<std::string>& files = exe->kernels().front().source_files;
  ASSERT_FALSE(files.empty());
  EXPECT_TRUE(files[0].starts_with("program-") && files[0].ends_with(".cl")) << files[0];
  EXPECT_LT(index_of(files, "pick.h"), files.size());
  EXPECT_LT(index_of(files, "generated.cl"), files.size());
}

// An access made in a header reports the header's file and its own line.
TEST(SourceFiles, AccessInAnIncludedHeaderNamesTheHeader) {
  const char* source =
      "#include \"pick.h\"\n"
      "__kernel void k(__global int* out, int k) {\n"
      "  int items[3] = {1, 2, 3};\n"
      "  out[get_global_id(0)] = pick(items, k);\n"
      "}\n";
  for (const char* options : {"", "-cl-opt-disable"}) {
    auto exe = load(source, options, {{"pick.h", kHeader}});
    ASSERT_TRUE(exe);
    std::vector<int> out(4, 0);
    LaunchResult past = run(*exe, out, 5);  // past the private array: a red zone
    ASSERT_FALSE(past.problems.empty()) << options;
    std::uint32_t line = line_of(past.problems.front());
    ASSERT_LT(source_file_of(line), exe->kernels().front().source_files.size());
    EXPECT_EQ(exe->kernels().front().source_files[source_file_of(line)], "pick.h") << past.problems.front().message;
    EXPECT_EQ(source_line_of(line), 2u) << past.problems.front().message;
  }
}

// C99 §6.5.6: a pointer one past the end of an array may be formed and compared; only
// dereferencing it is out of bounds.
TEST(SourceFiles, OnePastTheEndPointerNotDereferencedIsFine) {
  const char* source =
      "__kernel void k(__global int* out, int n) {\n"
      "  int values[4] = {1, 2, 3, 4};\n"
      "  int* end = &values[n];\n"
      "  int total = 0;\n"
      "  for (int* p = values; p != end; ++p) total += *p;\n"
      "  out[get_global_id(0)] = total;\n"
      "}\n";
  for (const char* options : {"", "-cl-opt-disable"}) {
    auto exe = load(source, options);
    ASSERT_TRUE(exe);
    std::vector<int> out(4, 0);
    LaunchResult r = run(*exe, out, 4);
    EXPECT_TRUE(r.problems.empty()) << options << ": " << r.problems.front().message;
    EXPECT_EQ(out[0], 10);
  }
}

}  // namespace
