// The README's option table is the one options.def generates (Intel Intercept Layer's idea:
// documentation generated from the option table cannot drift).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "options.h"

namespace {

TEST(Readme, OptionTableMatchesOptionsDef) {
  std::ifstream in(CLVET_SOURCE_DIR "/README.md");
  std::stringstream readme;
  readme << in.rdbuf();
  EXPECT_NE(readme.str().find(clvet::options::markdown_table()), std::string::npos)
      << "regenerate the README's table with `clvet options --markdown`:\n"
      << clvet::options::markdown_table();
}

}  // namespace
