// The build cache (CLVET_BUILD_CACHE): a program built again, in this process or another, is
// taken from the cache rather than compiled; builds that differ in source, options or
// specialization constants are kept apart; a damaged or foreign file is built again; "off"
// keeps nothing. The cache is shown to be used by what it returns: a kept build replaced by
// another program's is what the next build of the first program gives.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "clvet_entry.h"
#include "fixtures.h"

namespace clvet::test {
namespace {

class BuildCache : public WithQueue {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() / ("clvet-build-cache-" + std::to_string(getpid()));
    std::filesystem::remove_all(folder_);
    setenv("CLVET_BUILD_CACHE", folder_.c_str(), 1);
    WithQueue::SetUp();
  }
  void TearDown() override {
    WithQueue::TearDown();
    unsetenv("CLVET_BUILD_CACHE");
    std::filesystem::remove_all(folder_);
  }

  // The files the cache holds, sorted by name.
  std::vector<std::filesystem::path> kept() const {
    std::vector<std::filesystem::path> files;
    if (std::filesystem::exists(folder_))
      for (const auto& entry : std::filesystem::directory_iterator(folder_)) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
  }

  // Builds `source` with `options`, runs its kernel `k` over one int and returns what it wrote;
  // `log` gets the build log.
  int build_and_run(const char* source, const char* options = "", std::string* log = nullptr) {
    cl_int err = CL_SUCCESS;
    cl_program p = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(clBuildProgram(p, 1, &device, options, nullptr, nullptr), CL_SUCCESS);
    if (log) {
      std::size_t size = 0;
      clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
      log->assign(size, '\0');
      clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, size, log->data(), nullptr);
    }
    cl_kernel k = clCreateKernel(p, "k", &err);
    EXPECT_EQ(err, CL_SUCCESS);
    int value = -1;
    cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof value, &value, &err);
    clSetKernelArg(k, 0, sizeof out, &out);
    const std::size_t one = 1;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &one, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
    EXPECT_EQ(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof value, &value, 0, nullptr, nullptr), CL_SUCCESS);
    clReleaseMemObject(out);
    clReleaseKernel(k);
    clReleaseProgram(p);
    return value;
  }

  std::filesystem::path folder_;
};

// A warning in the log, so that the log a kept build gives can be compared.
const char* kSeven = "kernel void k(global int* p) { int unused; p[0] = 7; }";
const char* kEight = "kernel void k(global int* p) { p[0] = 8; }";

TEST_F(BuildCache, ABuildIsKeptAndGivenBackWithItsLog) {
  std::string first_log, second_log;
  EXPECT_EQ(build_and_run(kSeven, "", &first_log), 7);
  ASSERT_EQ(kept().size(), 1u);
  const auto first_file = kept()[0];
  EXPECT_EQ(first_file.extension(), ".clvb");
  EXPECT_EQ(build_and_run(kSeven, "", &second_log), 7);
  EXPECT_EQ(kept().size(), 1u);  // found, not kept again
  EXPECT_EQ(second_log, first_log);

  // Another source, other options, another -D: each kept apart.
  EXPECT_EQ(build_and_run(kEight), 8);
  EXPECT_EQ(build_and_run(kSeven, "-cl-opt-disable"), 7);
  EXPECT_EQ(build_and_run("kernel void k(global int* p) { p[0] = N; }", "-DN=3"), 3);
  EXPECT_EQ(build_and_run("kernel void k(global int* p) { p[0] = N; }", "-DN=4"), 4);
  EXPECT_EQ(kept().size(), 5u);
}

TEST_F(BuildCache, TheKeptBuildIsWhatTheNextBuildGives) {
  EXPECT_EQ(build_and_run(kSeven), 7);
  const auto seven = kept().at(0);
  EXPECT_EQ(build_and_run(kEight), 8);
  std::filesystem::path eight;
  for (const auto& f : kept())
    if (f != seven) eight = f;
  ASSERT_FALSE(eight.empty());
  // The file kept for kSeven now holds kEight's build: building kSeven gives 8, compiled by
  // no one.
  std::filesystem::copy_file(eight, seven, std::filesystem::copy_options::overwrite_existing);
  EXPECT_EQ(build_and_run(kSeven), 8);
}

TEST_F(BuildCache, ADamagedFileIsBuiltAgain) {
  EXPECT_EQ(build_and_run(kSeven), 7);
  const auto file = kept().at(0);
  const auto size = std::filesystem::file_size(file);
  {
    std::fstream damage(file, std::ios::in | std::ios::out | std::ios::binary);
    damage.seekp(static_cast<std::streamoff>(size / 2));
    damage.put('\x5a');
    damage.put('\xa5');
  }
  EXPECT_EQ(build_and_run(kSeven), 7);
  std::filesystem::resize_file(file, size / 3);  // cut short
  EXPECT_EQ(build_and_run(kSeven), 7);
  EXPECT_EQ(std::filesystem::file_size(file), size);  // written again whole
  std::ofstream(file, std::ios::binary | std::ios::trunc) << "not a build";
  EXPECT_EQ(build_and_run(kSeven), 7);
  EXPECT_EQ(std::filesystem::file_size(file), size);
}

TEST_F(BuildCache, OffKeepsNothing) {
  setenv("CLVET_BUILD_CACHE", "off", 1);
  EXPECT_EQ(build_and_run(kSeven), 7);
  EXPECT_EQ(build_and_run(kSeven), 7);
  EXPECT_TRUE(kept().empty());
}

}  // namespace
}  // namespace clvet::test
