// Deliberately wrong programs (tests/layer/programs) under `clvet run` on PoCL: each gives
// exactly the findings its source marks with `expect:` / `expect platform:` (a correct one,
// none), and computes what it computes without clvet (or, where it cannot run without clvet,
// its `output:`).
#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "run_program.h"

namespace clvet::test {
namespace {

struct Source {
  std::string text;
  std::set<std::string> expected;  // finding_ids() form
  bool runs_without_clvet = false;
  std::string output;  // the `output:` lines, each with its newline
};

// The word after `marker` at `text[at]`, or empty when the marker is not there.
std::string word_after(std::string_view text, std::size_t at, std::string_view marker) {
  if (text.substr(at, marker.size()) != marker) return {};
  std::size_t end = at + marker.size();
  while (end < text.size() &&
         (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
    ++end;
  return std::string(text.substr(at + marker.size(), end - at - marker.size()));
}

Source read_source(const std::string& name) {
  const std::string text = read_file(std::string(CLVET_PROGRAMS_SOURCE_DIR "/") + name + ".c");
  Source source;
  source.text = text;
  // `expect: Id` and `expect platform: Id`.
  for (std::size_t at = text.find("expect"); at != std::string::npos;
       at = text.find("expect", at + 1)) {
    if (std::string id = word_after(text, at, "expect: "); !id.empty())
      source.expected.insert("application:" + id);
    else if (std::string id = word_after(text, at, "expect platform: "); !id.empty())
      source.expected.insert("platform:" + id);
  }
  source.runs_without_clvet = text.find("runs-without-clvet: yes") != std::string::npos;
  // `* output: text` lines, without a closing ` */`.
  std::istringstream lines(text);
  constexpr std::string_view kOutput = "* output: ";
  for (std::string line; std::getline(lines, line);) {
    const std::size_t at = line.find(kOutput);
    if (at == std::string::npos) continue;
    std::string_view out = std::string_view(line).substr(at + kOutput.size());
    if (out.ends_with(" */")) out.remove_suffix(3);
    source.output += std::string(out) + "\n";
  }
  return source;
}

std::string program(const std::string& name) {
  return CLVET_PROGRAMS_DIR "/" + name;
}

struct Outcome {
  Ran ran;
  std::set<std::string> findings;
};

// clvet run's exit status for a program that ran to its end with these findings (README,
// `clvet run`; layer/cli/run_command.cpp): the program's own status when it failed, else 1 when
// the report holds an error or a warning, else 0. Every finding these programs expect is an
// error or a warning (notes, which fail nothing, are of clvet's own circumstances: a trace not
// written, a query the device does not answer); their programs exit 0 once done.
int exit_status_for(const std::set<std::string>& expected) { return expected.empty() ? 0 : 1; }

// Program `name` under clvet run, checked as every run is: exactly the `expected` findings,
// and clvet run's exit status for them, so that clvet or the program crashing (128 + signal),
// a CHECK that failed (2) or a wrong status fails the test whatever else it asserts.
Outcome under_clvet(const std::string& name, const std::string& vendors,
                    const std::set<std::string>& expected,
                    const std::vector<std::string>& flags = {}) {
  const std::string report = temporary_path("report");
  std::vector<std::string> command = {CLVET_CLI, "run", "--report=" + report};
  command.insert(command.end(), flags.begin(), flags.end());
  command.push_back("--");
  command.push_back(program(name));
  Outcome outcome;
  outcome.ran = run(command, {{"OCL_ICD_VENDORS", vendors}, {"OCL_ICD_FILENAMES", ""}});
  outcome.findings = finding_ids(read_file(report));
  std::remove(report.c_str());
  std::string run_as = name + " on " + vendors;
  for (const std::string& flag : flags) run_as += " " + flag;
  EXPECT_EQ(outcome.findings, expected) << run_as << "\nstderr:\n" << outcome.ran.err;
  EXPECT_EQ(outcome.ran.status, exit_status_for(expected))
      << run_as << ": clvet run exits 1 when the program ran and there were findings, 0 when "
      << "there were none\nstderr:\n" << outcome.ran.err;
  return outcome;
}

class Program : public testing::TestWithParam<std::string> {};

TEST_P(Program, GivesExactlyItsExpectedFindingsOnPocl) {
  const Source source = read_source(GetParam());
  const Outcome outcome = under_clvet(GetParam(), CLVET_POCL_ICD, source.expected);
  if (source.runs_without_clvet) {
    const Ran alone = run({program(GetParam())}, {{"OCL_ICD_VENDORS", CLVET_POCL_ICD}});
    EXPECT_EQ(alone.status, 0) << alone.err;
    EXPECT_EQ(outcome.ran.out, alone.out) << "the program computes something else under clvet";
  } else {
    EXPECT_EQ(outcome.ran.out, source.output);
  }
}

INSTANTIATE_TEST_SUITE_P(Layer, Program,
                         testing::Values("double_release", "use_after_release", "wrong_sizes",
                                         "leaks", "bad_wait_lists", "callbacks", "threads",
                                         "rebuilt_program", "bad_kernel_arguments", "svm_pointers",
                                         "several_processes", "sub_device_context",
                                         "reused_addresses", "reused_sub_devices", "repeated_calls",
                                         "svm_freed_pointers", "svm_live_pointers",
                                         "svm_host_pointers", "kernels_attached",
                                         "kernels_in_program", "kernels_in_program_leaked"));

// Each build or compile while the application holds a kernel of the program is a finding,
// citing its clause (1.2 §5.6.2, §5.6.3), on PoCL, which refuses them all as the spec demands
// (the program prints its codes, the same without clvet): the kernel held, the same kernel
// retained and released once, a clone of it after the first is released. Once no kernel is
// held, the build and the compile are clean.
TEST(KernelsAttached, EachBuildWhileAKernelIsHeldIsFoundWithItsClause) {
  const std::string report = temporary_path("report");
  const Ran ran = run({CLVET_CLI, "run", "--report=" + report, "--trace=none", "--",
                       program("kernels_attached")},
                      {{"OCL_ICD_VENDORS", CLVET_POCL_ICD}, {"OCL_ICD_FILENAMES", ""}});
  const std::string text = read_file(report);
  std::remove(report.c_str());
  EXPECT_EQ(ran.status, 1) << ran.err;
  EXPECT_NE(text.find("[BuildProgramKernelsAttached] (call #8) (x3)\n  OpenCL 1.2 §5.6.2: "
                      "\"CL_INVALID_OPERATION if there are kernel objects attached to program.\""),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("[CompileProgramKernelsAttached] (call #9)\n  OpenCL 1.2 §5.6.3: "),
            std::string::npos)
      << text;
  EXPECT_EQ(ran.out,
            "built with its kernel held: -59\ncompiled with its kernel held: -59\n"
            "built with its kernel retained and released once: -59\n"
            "built with a clone of its kernel held: -59\nbuilt with no kernel held: 0\n"
            "compiled with no kernel held: 0\n");
}

// pyopencl's Program.all_kernels() (tests/layer/programs/kernels_in_program_leaked.c): the
// kernel retained once more than released, which PoCL counts 2 before the one release, is the
// one leak, with 1 reference, named by the clCreateKernelsInProgram call that wrote it (#8);
// the first call, which only counted the kernels (kernels NULL, 1.2 §5.7.1), created none.
TEST(KernelsInProgram, TheKernelPyopenclNeverReleasesIsTheOneLeak) {
  const std::string report = temporary_path("report");
  const Ran ran = run({CLVET_CLI, "run", "--report=" + report, "--trace=none", "--",
                       program("kernels_in_program_leaked")},
                      {{"OCL_ICD_VENDORS", CLVET_POCL_ICD}, {"OCL_ICD_FILENAMES", ""}});
  const std::string text = read_file(report);
  std::remove(report.c_str());
  EXPECT_EQ(ran.status, 1) << ran.err;
  EXPECT_EQ(ran.out, "reference count before the wrapper's release: 2\n");
  const std::size_t leak = text.find("[ObjectLeaked]");
  ASSERT_NE(leak, std::string::npos) << text;
  EXPECT_EQ(text.find("[ObjectLeaked]", leak + 1), std::string::npos) << "one leak only\n" << text;
  const std::size_t line = text.find('\n', leak) + 1;
  const std::string finding = text.substr(line, text.find('\n', line) - line);
  EXPECT_TRUE(finding.starts_with("  cl_kernel 0x")) << finding;
  EXPECT_TRUE(finding.ends_with(
      " created by clCreateKernelsInProgram (call #8) still has 1 reference at exit"))
      << finding;
}

// A call the layer refuses that returns an object: the application gets the rule's code in
// errcode_ret (OpenCL 1.2 §5.7.1, CL_INVALID_PROGRAM), and the trace records that value as the
// call's output, not what errcode_ret held before.
TEST(RefusedCall, ErrcodeRetInTheTraceIsWhatTheApplicationGot) {
  const std::string trace = temporary_path("clvt");
  const Outcome outcome =
      under_clvet("use_after_release", CLVET_POCL_ICD, read_source("use_after_release").expected,
                  {"--trace=" + trace, "--trace-data=0"});
  EXPECT_NE(outcome.ran.err.find("a buffer as the program: -44\n"), std::string::npos)
      << outcome.ran.err;
  const Ran dump = run({CLVET_CLI, "trace", "dump", trace}, {});
  std::remove(trace.c_str());
  ASSERT_EQ(dump.status, 0) << dump.err;
  const std::size_t call = dump.out.find("clCreateKernel(");
  ASSERT_NE(call, std::string::npos) << dump.out;
  const std::size_t next = dump.out.find("\n#", call);
  const std::string record = dump.out.substr(call, next - call);
  EXPECT_NE(record.find("= NULL (CL_INVALID_PROGRAM)"), std::string::npos) << record;
  EXPECT_NE(record.find("out errcode_ret: CL_INVALID_PROGRAM"), std::string::npos) << record;
}

// The same programs under the layer over clvet's reference device: the device reports the
// rules it enforces itself, the layer what it refuses to forward and the leaks.
class ProgramOverReferenceDevice : public testing::TestWithParam<std::string> {};

TEST_P(ProgramOverReferenceDevice, GivesTheSameFindings) {
  const Source source = read_source(GetParam());
  const Outcome outcome = under_clvet(GetParam(), CLVET_REFERENCE_ICD_DIR, source.expected);
  if (!source.runs_without_clvet) {
    EXPECT_EQ(outcome.ran.out, source.output);
  }
}

INSTANTIATE_TEST_SUITE_P(Layer, ProgramOverReferenceDevice,
                         testing::Values("double_release", "use_after_release", "wrong_sizes",
                                         "leaks", "bad_wait_lists", "callbacks", "threads",
                                         "several_processes", "released_kernel_arguments",
                                         "kernels_attached", "kernels_in_program",
                                         "kernels_in_program_leaked"));

// Calls from a pthread key's destructor, which glibc runs after the thread's C++ thread_local
// objects are gone (tests/layer/programs/thread_exit_calls.c): judged as any others, on PoCL and
// over the reference device, untraced, traced, and traced with kernel buffers (the recorder's
// per-thread list of open calls is gone by then too: before 2026-11-27 a traced run wrote into
// it and aborted in glibc's heap checks, "tcache_thread_shutdown(): unaligned tcache chunk
// detected"; the destructor's launch and map go through the recorder's per-thread events).
TEST(ThreadExit, CallsFromAThreadExitDestructorAreJudged) {
  const Source source = read_source("thread_exit_calls");
  const std::vector<std::vector<std::string>> configurations = {
      {"--trace=none"}, {}, {"--trace-kernel-buffers=1"}};
  for (const char* vendors : {CLVET_POCL_ICD, CLVET_REFERENCE_ICD_DIR}) {
    for (const std::vector<std::string>& flags : configurations) {
      const std::string how = flags.empty() ? "traced" : flags[0];
      const Outcome outcome = under_clvet("thread_exit_calls", vendors, source.expected, flags);
      EXPECT_EQ(outcome.ran.out, source.output) << vendors << " " << how;
    }
  }
}

// The rule for CL_INVALID_WORK_GROUP_SIZE on a global size the local size does not divide
// (3.0 §5.10) both ways: a misuse on PoCL, which reports no non-uniform work-group support, and
// none on the reference device, which has it, for the same program built with -cl-std=CL3.0.
TEST(NonUniformWorkGroups, AreAMisuseOnlyWhereTheDeviceLacksThem) {
  const Outcome pocl = under_clvet("non_uniform_groups", CLVET_POCL_ICD,
                                   {"application:EnqueueNDRangeKernelUniformRequired"});
  EXPECT_NE(pocl.ran.err.find("non-uniform work-group support: 0\n"), std::string::npos)
      << pocl.ran.err;
  const Outcome reference = under_clvet("non_uniform_groups", CLVET_REFERENCE_ICD_DIR, {});
  EXPECT_NE(reference.ran.err.find("non-uniform work-group support: 1\n"), std::string::npos)
      << reference.ran.err;
  EXPECT_NE(reference.ran.err.find("groups of 4 over 10 work-items: 0\n"), std::string::npos)
      << reference.ran.err;
  for (const Outcome* o : {&pocl, &reference}) EXPECT_EQ(o->ran.out, "1 2 3 4 5 6 7 8 9 10\n");
}

// A refused non-uniform launch names why its work-groups must be uniform (3.0 §5.10,
// clEnqueueNDRangeKernel): on PoCL, which reports no CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT,
// the device, for every program; over the reference device, which has the support (refused by
// the layer itself with --enforce=1), the program: built as OpenCL C 1.2, or with
// -cl-uniform-work-group-size, while the program built as OpenCL C 3.0 alone runs.
TEST(NonUniformWorkGroups, TheFindingNamesWhyTheyMustBeUniform) {
  const std::string dimension = "global_work_size[0] = 10 is not a multiple of local_work_size[0] = 4";
  const std::string device = "the device does not support non-uniform work-groups";
  const std::string old_c = "the program was built from source with -cl-std=CL1.2";
  const std::string option = "the program was built with -cl-uniform-work-group-size";
  const std::string text_report = temporary_path("report");
  const Ran pocl = run({CLVET_CLI, "run", "--report=" + text_report, "--", program("non_uniform_reasons")},
                       {{"OCL_ICD_VENDORS", CLVET_POCL_ICD}, {"OCL_ICD_FILENAMES", ""}});
  const std::string on_pocl = read_file(text_report);
  EXPECT_EQ(finding_ids(on_pocl), std::set<std::string>{"application:EnqueueNDRangeKernelUniformRequired"})
      << on_pocl << pocl.err;
  EXPECT_EQ(pocl.status, 1) << pocl.err;
  EXPECT_NE(on_pocl.find(dimension + ", and the work-groups must be uniform: " + device), std::string::npos)
      << on_pocl;
  EXPECT_EQ(on_pocl.find(old_c), std::string::npos) << on_pocl;
  EXPECT_NE(pocl.err.find("OpenCL C 3.0: -54\n"), std::string::npos) << pocl.err;

  const Ran reference = run({CLVET_CLI, "run", "--enforce=1", "--report=" + text_report, "--",
                             program("non_uniform_reasons")},
                            {{"OCL_ICD_VENDORS", CLVET_REFERENCE_ICD_DIR}, {"OCL_ICD_FILENAMES", ""}});
  const std::string on_reference = read_file(text_report);
  EXPECT_EQ(finding_ids(on_reference), std::set<std::string>{"application:EnqueueNDRangeKernelUniformRequired"})
      << on_reference << reference.err;
  EXPECT_EQ(reference.status, 1) << reference.err;
  EXPECT_NE(on_reference.find(dimension + ", and the work-groups must be uniform: " + old_c), std::string::npos)
      << on_reference;
  EXPECT_NE(on_reference.find(dimension + ", and the work-groups must be uniform: " + option), std::string::npos)
      << on_reference;
  EXPECT_EQ(on_reference.find(device), std::string::npos) << on_reference;
  EXPECT_NE(reference.err.find("OpenCL C 1.2: -54\n"), std::string::npos) << reference.err;
  EXPECT_NE(reference.err.find("-cl-uniform-work-group-size: -54\n"), std::string::npos) << reference.err;
  EXPECT_NE(reference.err.find("OpenCL C 3.0: 0\n"), std::string::npos) << reference.err;
  for (const Ran* r : {&pocl, &reference})
    EXPECT_EQ(r->out, "1 2 3 4 5 6 7 8 9 10\n1 2 3 4 5 6 7 8 9 10\n1 2 3 4 5 6 7 8 9 10\n");
}

// Extension functions come back as the layer's wrappers: what they create is tracked and
// their handles are judged. The reference device has cl_khr_create_command_queue.
TEST(ExtensionFunctions, AreWrappedOverTheReferenceDevice) {
  const Source source = read_source("extension_functions");
  const Outcome outcome = under_clvet("extension_functions", CLVET_REFERENCE_ICD_DIR, source.expected);
  EXPECT_EQ(outcome.ran.out, source.output);
  EXPECT_NE(outcome.ran.err.find("a released context through the extension: -34"),
            std::string::npos)
      << outcome.ran.err;
}

// tests/layer/fake_icd breaks the spec in known ways: each fault is a platform finding, and
// the 2.0 entry point is not forwarded to its 1.2 platform (the fake has no such slot).
TEST(FakePlatform, EveryFaultIsAPlatformFinding) {
  const Source source = read_source("fake_platform");
  const Outcome outcome = under_clvet("fake_platform", CLVET_FAKE_ICD, source.expected);
  EXPECT_EQ(outcome.ran.out,
            "buffer of zero bytes: 0\n"
            "finish: -48\n"
            "a 2.0 queue on a 1.2 platform: (nil), -59\n"
            "queue property: 0\n"
            "retain the queue: -59\n"
            "GPU context: -1\n");
}

// CLVET_ENFORCE=1: the call that breaks a rule gets the rule's code and never reaches the
// driver, so the fake's wrong success is neither seen by the program nor reported.
TEST(FakePlatform, EnforceReturnsTheRulesError) {
  Source source = read_source("fake_platform");
  source.expected.erase("platform:CreateBufferSizeZero");
  source.expected.erase("platform:InfoValueOutsideEnum");  // asked of the buffer never made
  const Outcome outcome = under_clvet("fake_platform", CLVET_FAKE_ICD, source.expected, {"--enforce=1"});
  EXPECT_NE(outcome.ran.out.find("buffer of zero bytes: -61\n"), std::string::npos)
      << outcome.ran.out;
}

// Handles inside kernel argument values and a NULL list of binaries crash PoCL when they reach
// it: each gets the spec's code from the layer instead (§5.7.2, §5.6.1), with and without
// CLVET_ENFORCE.
TEST(KernelArguments, HandlesInsideValuesNeverReachPocl) {
  for (const std::vector<std::string>& flags :
       {std::vector<std::string>{}, std::vector<std::string>{"--enforce=1"}}) {
    const Outcome outcome =
        under_clvet("bad_kernel_arguments", CLVET_POCL_ICD, read_source("bad_kernel_arguments").expected, flags);
    for (const char* line : {"a released buffer: -38\n", "the context as a buffer: -38\n",
                             "garbage as a buffer: -38\n", "a released sampler: -41\n",
                             "NULL for an int: -50\n", "no binaries: -30\n"})
      EXPECT_NE(outcome.ran.err.find(line), std::string::npos) << line << outcome.ran.err;
  }
}

// Launches of kernels whose argument the application released (its last reference) since it
// was set abort PoCL 3.1 when they reach it: a buffer (clEnqueueNDRangeKernel, clEnqueueTask), a
// sampler, an image, a buffer whose address a new buffer took, the buffer of a kernel's copy
// (clCloneKernel), argument 100 of a kernel of 101. Each gets CL_INVALID_KERNEL_ARGS (-52, §5.8;
// §5.7.2, §5.4.1) from the layer instead, with and without --enforce; the buffer released by one
// of its two references, and each argument set again after its release, are launched and compute
// what the host expects (the programs' `output:`). A host queue set as a queue_t argument, live
// or released, aborts PoCL at the launch too: the set gets CL_INVALID_DEVICE_QUEUE (2.2 §5.9.2).
TEST(KernelArguments, ReleasedArgumentsNeverReachPocl) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> programs = {
      {"released_kernel_arguments",
       {"a released buffer, NDRange: -52\n", "a released buffer, task: -52\n",
        "a released buffer, the kernel's copy: -52\n",
        "a released sampler: -52\n", "a released image: -52\n"}},
      {"reused_kernel_argument", {"a new buffer at the released one's address: -52\n"}},
      {"wide_kernel_arguments", {"argument 100 released: -52\n"}},
      {"queue_kernel_argument",
       {"a host queue as queue_t: -70\n", "a released host queue as queue_t: -70\n",
        "launched with its queue_t never set: -52\n"}}};
  for (const std::vector<std::string>& flags :
       {std::vector<std::string>{}, std::vector<std::string>{"--enforce=1"}})
    for (const auto& [name, lines] : programs) {
      const Source source = read_source(name);
      const Outcome outcome = under_clvet(name, CLVET_POCL_ICD, source.expected, flags);
      EXPECT_EQ(outcome.ran.out, source.output) << name << "\n" << outcome.ran.err;
      for (const std::string& line : lines)
        EXPECT_NE(outcome.ran.err.find(line), std::string::npos) << name << ": " << line
                                                                 << outcome.ran.err;
    }
}

// An argument past the first 64 of a kernel whose driver does not say how many it has (the fake
// ICD's "wide"), set to a buffer then released: the launch never reaches the driver, with and
// without --enforce; set again, it does.
TEST(FakePlatform, AReleasedArgumentPast64NeverReachesTheDriver) {
  const Source source = read_source("fake_wide_kernel");
  for (const std::vector<std::string>& flags :
       {std::vector<std::string>{}, std::vector<std::string>{"--enforce=1"}}) {
    const Outcome outcome = under_clvet("fake_wide_kernel", CLVET_FAKE_ICD, source.expected, flags);
    EXPECT_EQ(outcome.ran.out, source.output) << outcome.ran.err;
  }
}

// cl_khr_suggested_local_work_size on the fake ICD, the one platform here that offers it: the
// query for a kernel whose buffer argument was released since it was set never reaches the
// driver (which reads the arguments as for a launch), with and without --enforce; with live
// arguments it does, and the fake's suggestions come back (the program's `output:`).
TEST(FakePlatform, ASuggestedLocalSizeForAReleasedArgumentNeverReachesTheDriver) {
  const Source source = read_source("fake_suggested_local_size");
  for (const std::vector<std::string>& flags :
       {std::vector<std::string>{}, std::vector<std::string>{"--enforce=1"}}) {
    const Outcome outcome = under_clvet("fake_suggested_local_size", CLVET_FAKE_ICD, source.expected, flags);
    EXPECT_EQ(outcome.ran.out, source.output) << outcome.ran.err;
    EXPECT_EQ(outcome.ran.err.find("fake ICD:"), std::string::npos) << outcome.ran.err;
  }
}

// The fake ICD cannot say what its kernels' arguments are: a value that names a released
// buffer or an object of another kind is still kept from it, and the NULL list of binaries.
TEST(FakePlatform, HandlesInsideValuesNeverReachTheDriver) {
  const Source source = read_source("fake_kernel_arguments");
  const Outcome outcome = under_clvet("fake_kernel_arguments", CLVET_FAKE_ICD, source.expected);
  EXPECT_EQ(outcome.ran.out, source.output) << outcome.ran.err;
}

// SVM pointers inside values and an allocation freed twice never reach PoCL (§5.6.1, §5.9.2).
TEST(SvmPointers, FreedOrForeignPointersGetTheCodes) {
  const Outcome outcome = under_clvet("svm_pointers", CLVET_POCL_ICD, read_source("svm_pointers").expected);
  for (const char* line : {"a freed SVM pointer: -50\n", "a pointer clSVMAlloc never made: -50\n",
                           "a freed pointer freed again: -30\n"})
    EXPECT_NE(outcome.ran.err.find(line), std::string::npos) << line << outcome.ran.err;
}

// Pointers into SVM allocations already freed never reach PoCL, with or without --enforce=1:
// each call that takes one gets CL_INVALID_VALUE (2.2 §5.6.1 clEnqueueSVMMemFill, Map, Unmap,
// MigrateMem; §5.9.2 CL_KERNEL_EXEC_INFO_SVM_PTRS), and so does a copy to or from one whose
// memory is no longer mapped (clEnqueueSVMMemcpy takes host memory, which a freed allocation's
// addresses that are still mapped may be again: that copy is forwarded).
TEST(SvmPointers, FreedAllocationsNeverReachPocl) {
  const std::set<std::string> expected = read_source("svm_freed_pointers").expected;
  // With --enforce=1 the migration past the end of a live allocation never reaches PoCL
  // either, which would have migrated it.
  std::set<std::string> enforced = expected;
  enforced.erase("platform:EnqueueSVMMigrateMemRangeOutside");
  for (const bool enforce : {false, true}) {
    const Outcome outcome =
        under_clvet("svm_freed_pointers", CLVET_POCL_ICD, enforce ? enforced : expected,
                    enforce ? std::vector<std::string>{"--enforce=1"} : std::vector<std::string>{});
    EXPECT_EQ(outcome.ran.out, "7 7 7 7\n") << outcome.ran.err;
    for (const char* line :
         {"fill a freed allocation: -30\n", "map a freed allocation: -30\n", "unmap a freed allocation: -30\n",
          "migrate a freed allocation: -30\n", "a freed allocation in the kernel's SVM pointers: -30\n",
          "copy into unmapped memory: -30\n", "copy from unmapped memory: -30\n",
          "copy from a freed allocation still mapped: 0\n"})
      EXPECT_NE(outcome.ran.err.find(line), std::string::npos) << line << outcome.ran.err;
    if (enforce) {
      EXPECT_NE(outcome.ran.err.find("migrate past the end of a live allocation: -30\n"), std::string::npos)
          << outcome.ran.err;
    }
  }
}

// A program made by clLinkProgram runs uniform work-groups when one of its inputs must (3.0
// §5.10): compiled as OpenCL C 1.2, with -cl-uniform-work-group-size, or linked into a library
// from such an object. Over the reference device, which supports non-uniform work-groups, the
// layer refuses those launches itself with --enforce=1, naming the input's reason though the
// inputs were released after the link; the program linked from OpenCL C 3.0 objects runs. Without
// --enforce the device refuses them with the same finding. On PoCL the device is the reason.
TEST(NonUniformWorkGroups, ALinkedProgramIsUniformWhereAnInputIs) {
  const std::string report = temporary_path("report");
  const std::string linked = "the work-groups must be uniform: the program was linked from one whose "
                             "work-groups must be uniform (the program was built ";
  const Ran enforced = run({CLVET_CLI, "run", "--enforce=1", "--report=" + report, "--", program("non_uniform_linked")},
                           {{"OCL_ICD_VENDORS", CLVET_REFERENCE_ICD_DIR}, {"OCL_ICD_FILENAMES", ""}});
  const std::string text = read_file(report);
  EXPECT_EQ(finding_ids(text), std::set<std::string>{"application:EnqueueNDRangeKernelUniformRequired"})
      << text << enforced.err;
  EXPECT_EQ(enforced.status, 1) << enforced.err;
  for (const std::string reason : {"from source with -cl-std=CL1.2", "with -cl-uniform-work-group-size"})
    EXPECT_NE(text.find(linked + reason), std::string::npos) << reason << "\n" << text;
  // The library's launch has the same words as the 1.2 object's (the report folds them, x2); the
  // device's own would name the library as linked from a linked program.
  std::size_t refused = 0;
  for (std::size_t at = text.find("CLVET_ENFORCE=1: not forwarded"); at != std::string::npos;
       at = text.find("CLVET_ENFORCE=1: not forwarded", at + 1))
    ++refused;
  EXPECT_EQ(refused, 2u) << "the layer refused the three launches itself\n" << text;
  EXPECT_NE(text.find("(x2)"), std::string::npos) << text;
  EXPECT_EQ(text.find("uniform (the program was linked"), std::string::npos) << text;
  for (const char* line : {"linked from OpenCL C 1.2: -54\n", "linked from -cl-uniform-work-group-size: -54\n",
                           "linked from a library of OpenCL C 1.2: -54\n", "linked from OpenCL C 3.0: 0\n"})
    EXPECT_NE(enforced.err.find(line), std::string::npos) << line << enforced.err;
  EXPECT_EQ(enforced.out, "1 2 3 4 5 6 7 8 9 10\n");
  const Outcome device =
      under_clvet("non_uniform_linked", CLVET_REFERENCE_ICD_DIR, {"application:EnqueueNDRangeKernelUniformRequired"});
  EXPECT_NE(device.ran.err.find("linked from a library of OpenCL C 1.2: -54\n"), std::string::npos) << device.ran.err;
  EXPECT_EQ(device.ran.out, "1 2 3 4 5 6 7 8 9 10\n");
  const Outcome pocl =
      under_clvet("non_uniform_linked", CLVET_POCL_ICD, {"application:EnqueueNDRangeKernelUniformRequired"});
  EXPECT_NE(pocl.ran.err.find("linked from OpenCL C 3.0: -54\n"), std::string::npos) << pocl.ran.err;
  std::remove(report.c_str());
}

// The resident memory (kB) many_kernels.c printed after `kernels` kernels, -1 if it did not.
long resident_after(const Ran& ran, const std::string& kernels) {
  const std::string line = "resident after " + kernels + " kernels: ";
  const std::size_t at = ran.err.find(line);
  return at == std::string::npos ? -1 : std::stol(ran.err.substr(at + line.size()));
}

// A long-running application's loop on PoCL (many_kernels.c): kernels made, given a buffer
// argument and released, 20,000 then 40,000 more. The layer's records of released objects are
// bounded (checker::ObjectTable::kReleasedKept; before 2026-11-28 it kept one of every address
// PoCL handed out, about 860 bytes a kernel: the second part would have added some 34 MB), so
// the process is no bigger after 60,000 than after 20,000 but for a generous 8 MB; and a kernel
// and a buffer released after all those releases are still told apart from garbage, with the
// calls that made and released them.
TEST(ManyKernels, MemoryStaysBoundedAndUsesAfterReleaseAreStillNamed) {
  const Source source = read_source("many_kernels");
  const std::string report = temporary_path("report");
  const Ran ran = run({CLVET_CLI, "run", "--report=" + report, "--trace=none", "--",
                       program("many_kernels"), "20000"},
                      {{"OCL_ICD_VENDORS", CLVET_POCL_ICD}, {"OCL_ICD_FILENAMES", ""}});
  const std::string text = read_file(report);
  std::remove(report.c_str());
  EXPECT_EQ(finding_ids(text), source.expected) << text << ran.err;
  EXPECT_EQ(ran.status, 1) << ran.err;
  EXPECT_EQ(ran.out, source.output) << ran.err;
  const long first = resident_after(ran, "20000");
  const long all = resident_after(ran, "60000");
  ASSERT_GT(first, 0) << ran.err;
  ASSERT_GT(all, 0) << ran.err;
  EXPECT_LT(all - first, 8 * 1024) << "kB resident: " << first << " after 20,000 kernels, " << all
                                   << " after 60,000";
  for (const char* named :
       {"is a cl_kernel already released by clReleaseKernel (call #",
        "is a cl_mem already released by clReleaseMemObject (call #"})
    EXPECT_NE(text.find(named), std::string::npos) << named << "\n" << text;
}

// The same loop traced with kernel buffers (--trace-kernel-buffers=1, which keeps each kernel's
// buffer arguments to read them around its launches): a kernel destroyed takes its arguments
// with it. The growth from 20,000 to 60,000 kernels is that of the run without kernel buffers
// (the trace's own pages, about 8.7 MB here) but for 2 MB; before 2026-11-28 the arguments of
// every kernel ever made stayed, 5.8 MB more.
TEST(ManyKernels, KernelBuffersForgetTheArgumentsOfDestroyedKernels) {
  auto growth = [](const char* kernel_buffers) -> long {
    const std::string trace = temporary_path("clvt");
    const std::string report = temporary_path("report");
    const Ran ran = run({CLVET_CLI, "run", "--report=" + report, "--trace=" + trace, "--trace-data=0",
                         std::string("--trace-kernel-buffers=") + kernel_buffers, "--",
                         program("many_kernels"), "20000"},
                        {{"OCL_ICD_VENDORS", CLVET_POCL_ICD}, {"OCL_ICD_FILENAMES", ""}});
    std::remove(trace.c_str());
    std::remove(report.c_str());
    const long first = resident_after(ran, "20000");
    const long all = resident_after(ran, "60000");
    EXPECT_GT(first, 0) << ran.err;
    EXPECT_GT(all, 0) << ran.err;
    return all - first;
  };
  const long without = growth("0");
  const long with = growth("1");
  EXPECT_LT(with - without, 2 * 1024) << "kB grown from 20,000 to 60,000 kernels: " << with
                                      << " with kernel buffers, " << without << " without";
}

TEST(Enforce, OnPoclTheProgramGetsTheRulesCode) {
  const Outcome outcome = under_clvet("wrong_sizes", CLVET_POCL_ICD, read_source("wrong_sizes").expected, {"--enforce=1"});
  EXPECT_NE(outcome.ran.err.find("a buffer of zero bytes: -61"), std::string::npos)
      << outcome.ran.err;
  EXPECT_NE(outcome.ran.err.find("read past the end: -30"), std::string::npos) << outcome.ran.err;
}

}  // namespace
}  // namespace clvet::test
