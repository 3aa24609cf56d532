// Every rule has a test that provokes it: its id appears in an API test (EXPECT_RULE...), or
// tests/device_api/untested_rules.txt says why it cannot be provoked through the API. Runtime rules
// for resource exhaustion (CL_OUT_OF_HOST_MEMORY, CL_OUT_OF_RESOURCES,
// CL_MEM_OBJECT_ALLOCATION_FAILURE) are exempt: no test can make the host run out on cue.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "clvet/rules/rule.h"

namespace clvet::rules {
namespace {

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Rules, EveryRuleIsProvokedByATestOrExplained) {
  std::string tests;
  for (const auto& file : std::filesystem::directory_iterator(CLVET_SOURCE_DIR "/tests/device_api"))
    if (file.path().extension() == ".cpp") tests += read(file.path());
  const std::string explained = read(CLVET_SOURCE_DIR "/tests/device_api/untested_rules.txt");
  std::size_t untested = 0, exhaustion = 0;
  for (const Rule* rule : all_rules()) {
    if (!rule->is_precheck() &&
        (rule->code == CL_OUT_OF_HOST_MEMORY || rule->code == CL_OUT_OF_RESOURCES ||
         rule->code == CL_MEM_OBJECT_ALLOCATION_FAILURE)) {
      ++exhaustion;
      continue;
    }
    const std::string quoted = "\"" + std::string(rule->id) + "\"";
    const std::string listed = "\n" + std::string(rule->id) + " ";
    if (tests.find(quoted) != std::string::npos) {
      EXPECT_EQ(explained.find(listed), std::string::npos)
          << rule->id << " is tested; remove it from untested_rules.txt";
      continue;
    }
    ++untested;
    EXPECT_NE(explained.find(listed), std::string::npos)
        << rule->id << " (" << rule->entry << ", " << rule->clause << ") has no test";
  }
  std::printf("%zu of %zu rules provoked by tests; %zu resource-exhaustion rules; %zu listed in "
              "untested_rules.txt\n",
              all_rules().size() - untested - exhaustion, all_rules().size(), exhaustion, untested);
}

}  // namespace
}  // namespace clvet::rules
