// The prechecks the layer refuses whatever CLVET_ENFORCE says (layer/intercept/dereference_rules):
// each one it picks forbids, in the spec's words, a NULL pointer or list or a region out of
// bounds (or outside the memory object), and the NULL-pointer clauses the issue of crashing drivers came from are all picked.
#include <gtest/gtest.h>

#include <string_view>

#include "clvet/rules/rule.h"
#include "dereference_rules.h"

namespace clvet::test {
namespace {

TEST(DereferenceRules, EveryRulePickedForbidsNullOrOutOfBounds) {
  std::size_t picked = 0;
  for (const rules::Rule* rule : rules::all_rules()) {
    if (!layer::guards_dereference(*rule)) continue;
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

TEST(DereferenceRules, NullListsTheDriverReadsArePicked) {
  for (std::string_view id : {"CreateContextNullDevices", "WaitForEventsBadList",
                              "CreateProgramWithSourceBadStrings", "EnqueueReadBufferNullPtr",
                              "EnqueueWriteBufferRectNullOriginOrRegion", "CreateKernelNullName",
                              "EnqueueReadBufferInvalidWaitList", "EnqueueNDRangeKernelBadGlobalSize"}) {
    const rules::Rule* rule = rules::find_rule(id);
    ASSERT_NE(rule, nullptr) << id;
    EXPECT_TRUE(layer::guards_dereference(*rule)) << id;
  }
  // Not a dereference: a user_data without its callback is never used.
  EXPECT_FALSE(layer::guards_dereference(*rules::find_rule("CreateContextUserDataWithoutNotify")));
}

}  // namespace
}  // namespace clvet::test
