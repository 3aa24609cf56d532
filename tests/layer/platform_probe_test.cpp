// The platform order through real loaders: the layer's clGetPlatformIDs under Debian's ocl-icd
// with PoCL and the reference device as two platforms (CLVET_PLATFORM_ORDER each way round),
// `clvet run`'s probe of a loader (layer/cli/platform_probe.h), and the two together.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "platform_order.h"
#include "platform_probe.h"
#include "run_program.h"

namespace clvet::test {
namespace {

using platform_order::Identity;

const std::string kProgram = CLVET_PROGRAMS_DIR "/list_platforms";

// What list_platforms prints: the count and first platform clGetPlatformIDs(1, ...) gives,
// then the whole list.
struct Listing {
  std::string count;
  std::string first;
  std::vector<std::string> platforms;  // "name | vendor | version"
};

Listing parse_listing(const std::string& out) {
  Listing listing;
  std::stringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.starts_with("count: ")) listing.count = line.substr(7);
    if (line.starts_with("first: ")) listing.first = line.substr(7);
    if (line.starts_with("platform: ")) listing.platforms.push_back(line.substr(10));
  }
  return listing;
}

Identity identity_of(const std::string& line) {
  const auto one = line.find(" | ");
  const auto two = line.find(" | ", one + 3);
  return {line.substr(0, one), line.substr(one + 3, two - one - 3), line.substr(two + 3)};
}

const std::vector<std::pair<std::string, std::string>> kTwoPlatforms{
    {"OCL_ICD_VENDORS", CLVET_TWO_PLATFORMS_DIR},
    {"OCL_ICD_FILENAMES", ""},
    {"CLVET_REPORT", "none"}};

Listing without_clvet() {
  const Ran ran = run({kProgram}, kTwoPlatforms);
  EXPECT_EQ(ran.status, 0) << ran.err;
  return parse_listing(ran.out);
}

Listing under_layer(const std::vector<Identity>& order) {
  auto environment = kTwoPlatforms;
  environment.emplace_back("OPENCL_LAYERS", CLVET_LAYER_LIBRARY);
  environment.emplace_back("CLVET_PLATFORM_ORDER", platform_order::encode(order));
  const Ran ran = run({kProgram}, environment);
  EXPECT_EQ(ran.status, 0) << ran.err;
  return parse_listing(ran.out);
}

TEST(PlatformOrderLayer, FirstPlatformFollowsTheOrderEitherWayRound) {
  const Listing plain = without_clvet();
  ASSERT_EQ(plain.platforms.size(), 2u) << "PoCL and the reference device";
  for (bool reversed : {false, true}) {
    std::vector<std::string> expected = plain.platforms;
    if (reversed) std::swap(expected[0], expected[1]);
    std::vector<Identity> order;
    for (const std::string& line : expected) order.push_back(identity_of(line));
    const Listing layered = under_layer(order);
    SCOPED_TRACE(reversed ? "reversed" : "as the loader lists them");
    EXPECT_EQ(layered.count, "2") << "num_platforms is the number there are, whatever num_entries";
    EXPECT_EQ(layered.first, expected[0]);
    EXPECT_EQ(layered.platforms, expected);
    EXPECT_EQ(std::set<std::string>(layered.platforms.begin(), layered.platforms.end()),
              std::set<std::string>(plain.platforms.begin(), plain.platforms.end()));
  }
}

TEST(PlatformOrderLayer, UnknownEntriesLeaveTheLoadersOrder) {
  const Listing plain = without_clvet();
  const Listing layered = under_layer({{"no such platform", "nobody", "OpenCL 1.0"}});
  EXPECT_EQ(layered.first, plain.first);
  EXPECT_EQ(layered.platforms, plain.platforms);
}

// The probe in this process's environment: the two platforms' .icd folder.
class PlatformOrderProbe : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("OCL_ICD_VENDORS", CLVET_TWO_PLATFORMS_DIR, 1);
    unsetenv("OCL_ICD_FILENAMES");
  }
};

TEST_F(PlatformOrderProbe, GivesTheProgramsOwnOrderThroughDebiansLoader) {
  const Listing plain = without_clvet();
  const cli::PlatformProbe probe = cli::probe_platforms(CLVET_DEBIAN_LOADER, 30);
  ASSERT_TRUE(probe.ok) << probe.failure;
  std::vector<Identity> expected;
  for (const std::string& line : plain.platforms) expected.push_back(identity_of(line));
  EXPECT_EQ(probe.platforms, expected);
}

TEST_F(PlatformOrderProbe, GivesUpOnALoaderThatHangs) {
  const auto start = std::chrono::steady_clock::now();
  const cli::PlatformProbe probe = cli::probe_platforms(CLVET_HANGING_LOADER, 1);
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_FALSE(probe.ok);
  EXPECT_NE(probe.failure.find("no answer within 1 s"), std::string::npos) << probe.failure;
  EXPECT_LT(took, std::chrono::seconds(10));
}

TEST_F(PlatformOrderProbe, SaysWhyWhenTheLoaderCannotBeOpened) {
  const cli::PlatformProbe probe = cli::probe_platforms("/nonexistent/libOpenCL.so.1", 30);
  EXPECT_FALSE(probe.ok);
  EXPECT_NE(probe.failure.find("cannot open it"), std::string::npos) << probe.failure;
}

// `clvet run --loader=clvet` replaces the program's loader (here with the same ocl-icd, so the
// order cannot change: what is tested is that the probe's order reaches the layer and that
// clvet says so).
TEST(PlatformOrderClvetRun, HandsTheProbedOrderToTheLayerAndSaysSo) {
  const Listing plain = without_clvet();
  const Ran ran =
      run({CLVET_CLI, "run", "--loader=clvet", "--report=none", "--trace=none", "--", kProgram},
          kTwoPlatforms);
  // 1: findings, which the reference device has of ocl-icd's own probing (it asks each
  // platform for GPUs to sort them); the program itself succeeds.
  EXPECT_LE(ran.status, 1) << ran.err;
  EXPECT_NE(ran.err.find("the layer lists the platforms in the order"), std::string::npos)
      << ran.err;
  EXPECT_NE(ran.err.find("CLVET_PLATFORM_ORDER"), std::string::npos) << ran.err;
  const Listing layered = parse_listing(ran.out);
  EXPECT_EQ(layered.first, plain.first);
  EXPECT_EQ(layered.platforms, plain.platforms);
}

// The probed order is kept between runs by what decides it (layer/cli/platform_order_cache.h):
// a second run under the same loader, ICD files and environment takes it without probing and
// gives the program the same platforms in the same order; a run with a variable that a driver
// reads set otherwise, or with an ICD file changed since, probes again.
TEST(PlatformOrderClvetRun, KeepsTheOrderUntilWhatDecidesItChanges) {
  const std::string cache = temporary_path("cache");
  // temporary_path() makes a file of that name: a folder takes its place.
  ASSERT_EQ(std::system(("rm -f " + cache + " && mkdir " + cache).c_str()), 0);
  const std::string vendors = temporary_path("vendors");
  ASSERT_EQ(std::system(("rm -f " + vendors + " && cp -r " CLVET_TWO_PLATFORMS_DIR " " + vendors).c_str()), 0);
  auto environment = kTwoPlatforms;
  environment[0].second = vendors;
  environment.emplace_back("XDG_CACHE_HOME", cache);
  const Listing plain = parse_listing(run({kProgram}, environment).out);
  const std::string learnt = "as an earlier run learnt it";
  auto under_clvet = [&](const std::vector<std::pair<std::string, std::string>>& env) {
    const Ran ran = run({CLVET_CLI, "run", "--loader=clvet", "--report=none", "--trace=none", "--", kProgram}, env);
    EXPECT_LE(ran.status, 1) << ran.err;
    EXPECT_NE(ran.err.find("the layer lists the platforms in the order"), std::string::npos) << ran.err;
    const Listing layered = parse_listing(ran.out);
    EXPECT_EQ(layered.first, plain.first);
    EXPECT_EQ(layered.platforms, plain.platforms);
    return ran.err.find(learnt) != std::string::npos;
  };
  EXPECT_FALSE(under_clvet(environment)) << "nothing kept yet: probed";
  EXPECT_TRUE(under_clvet(environment)) << "the same loader, files and environment: kept";
  auto other = environment;
  other.emplace_back("POCL_DEVICES", "basic");
  EXPECT_FALSE(under_clvet(other)) << "a variable PoCL reads: probed again";
  EXPECT_TRUE(under_clvet(environment));
  ASSERT_EQ(std::system(("for f in " + vendors + "/*.icd; do touch -d '1 hour ago' \"$f\"; done").c_str()), 0);
  EXPECT_FALSE(under_clvet(environment)) << "an ICD file changed: probed again";
  std::system(("rm -rf " + cache + " " + vendors).c_str());
}

}  // namespace
}  // namespace clvet::test
