// The prechecks the layer refuses whatever CLVET_ENFORCE says (layer/intercept/driver_guards):
// each one it picks forbids, in the spec's words, a NULL pointer or list or a region out of
// bounds (or outside the memory object), and the NULL-pointer clauses the issue of crashing drivers came from are all picked.
#include <gtest/gtest.h>

#include <string_view>

#include "clvet/rules/rule.h"
#include "driver_guards.h"

namespace clvet::test {
namespace {

TEST(DriverGuards, EveryRulePickedForbidsNullOrOutOfBounds) {
  std::size_t picked = 0;
  for (const rules::Rule* rule : rules::all_rules()) {
    if (!layer::guards_a_dereference(*rule)) continue;
    ++picked;
    EXPECT_TRUE(rule->is_precheck()) << rule->id;
    const std::string_view clause = rule->clause;
    EXPECT_TRUE(clause.find("NULL") != std::string_view::npos ||
                clause.find("out of bounds") != std::string_view::npos ||
                clause.find("outside") != std::string_view::npos)
        << rule->id << ": " << clause;
  }
  EXPECT_GT(picked, 60u);
}

TEST(DriverGuards, NullListsTheDriverReadsArePicked) {
  for (std::string_view id : {"CreateContextNullDevices", "WaitForEventsBadList",
                              "CreateProgramWithSourceBadStrings", "EnqueueReadBufferNullPtr",
                              "EnqueueWriteBufferRectNullOriginOrRegion", "CreateKernelNullName",
                              "EnqueueReadBufferInvalidWaitList", "EnqueueNDRangeKernelBadGlobalSize"}) {
    const rules::Rule* rule = rules::find_rule(id);
    ASSERT_NE(rule, nullptr) << id;
    EXPECT_TRUE(layer::guards_the_driver(*rule)) << id;
  }
  // Not a dereference: a user_data without its callback is never used.
  EXPECT_FALSE(layer::guards_the_driver(*rules::find_rule("CreateContextUserDataWithoutNotify")));
}

// The requests a driver is known to end the process on are rules of the catalogue.
TEST(DriverGuards, RequestsADriverAbortsOnAreRules) {
  std::size_t aborts = 0;
  for (const rules::Rule* rule : rules::all_rules())
    if (layer::guards_the_driver(*rule) && !layer::guards_a_dereference(*rule)) ++aborts;
  EXPECT_EQ(aborts, 4u);
}

}  // namespace
}  // namespace clvet::test
