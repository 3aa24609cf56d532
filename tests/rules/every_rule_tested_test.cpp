// Every rule has a test that provokes it: its id appears in an API test (EXPECT_RULE...), or
// tests/api/untested_rules.txt says why it cannot be provoked through the API (an allocation
// failure, a limit no test can reach).
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
  for (const auto& file : std::filesystem::directory_iterator(CLVET_SOURCE_DIR "/tests/api"))
    if (file.path().extension() == ".cpp") tests += read(file.path());
  const std::string explained = read(CLVET_SOURCE_DIR "/tests/api/untested_rules.txt");
  std::size_t untested = 0;
  for (const Rule* rule : all_rules()) {
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
  std::printf("%zu of %zu rules provoked by tests; %zu explained in untested_rules.txt\n",
              all_rules().size() - untested, all_rules().size(), untested);
}

}  // namespace
}  // namespace clvet::rules
