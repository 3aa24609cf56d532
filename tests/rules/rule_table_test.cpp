// The rule catalogue and the API table are well-formed, and their coverage of the spec's error
// clauses is measured against the clause index read out of the spec (rules/spec/clauses.tsv).
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "clvet/rules/api.h"
#include "clvet/rules/coverage.h"
#include "clvet/rules/error_codes.h"
#include "clvet/rules/info_params.h"
#include "clvet/rules/rule.h"

namespace clvet::rules {
namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// cl_icd.h of Debian 12 (OpenCL-Headers 2022) has 149 dispatch slots.
TEST(ApiTable, DescribesEveryDispatchSlot) {
  EXPECT_EQ(api::dispatch_slot_count(), 149);
  std::set<int> slots;
  for (const api::EntryPoint& e : api::entry_points())
    if (e.slot >= 0) {
      EXPECT_TRUE(slots.insert(e.slot).second) << e.name;
    }
}

TEST(ApiTable, PeersNameParametersOfTheSameEntryPoint) {
  for (const api::EntryPoint& e : api::entry_points()) {
    for (const api::Param& p : e.params) {
      if (!p.peer.empty()) {
        EXPECT_TRUE(e.param_index(p.peer)) << e.name << "." << p.name << " peer " << p.peer;
      }
      if (!p.peer2.empty()) {
        EXPECT_TRUE(e.param_index(p.peer2)) << e.name << "." << p.name << " peer2 " << p.peer2;
      }
      if (p.role == api::Role::HandleIn || p.role == api::Role::HandleOut ||
          p.role == api::Role::HandleArrayIn || p.role == api::Role::HandleArrayOut) {
        EXPECT_NE(p.kind, api::ObjectKind::None) << e.name << "." << p.name;
      }
    }
  }
}

// Every clGet*Info entry point's param_name family has its parameters in the info table, and
// each parameter of the table says a version or an extension and has a type of some size.
TEST(InfoParams, DescribeEveryInfoQuery) {
  std::set<std::string_view> families;
  for (const api::EntryPoint& entry : api::entry_points()) {
    if (!entry.name.starts_with("clGet") || entry.name.find("Info") == std::string_view::npos) continue;
    for (const api::Param& p : entry.params)
      if (p.name == "param_name") families.insert(p.family);
  }
  ASSERT_GE(families.size(), 16u);
  for (std::string_view family : families)
    EXPECT_FALSE(api::info_params(family).empty()) << family;
  std::set<std::pair<std::string_view, std::string_view>> seen;
  for (const api::InfoParam& p : api::info_params()) {
    EXPECT_TRUE(families.contains(p.family)) << p.name << " of " << p.family;
    EXPECT_TRUE(seen.emplace(p.family, p.name).second) << p.name << " twice";
    EXPECT_GT(p.type_size, 0u) << p.name;
    EXPECT_TRUE(p.since.starts_with("cl_") ||
                (p.since.size() == 3 && p.since[0] >= '1' && p.since[0] <= '3' && p.since[1] == '.'))
        << p.name << " since " << p.since;
    if (p.shape == api::InfoShape::String) {
      EXPECT_EQ(p.type, "char") << p.name;
    }
    // A family's rows stand together: info_params(family) is one run of the table.
    const auto run = api::info_params(p.family);
    EXPECT_TRUE(&p >= run.data() && &p < run.data() + run.size()) << p.name << " apart";
  }
  // What the layer keeps: a device's limits, never a reference count.
  EXPECT_EQ(api::find_info_param("cl_device_info", CL_DEVICE_MAX_WORK_GROUP_SIZE)->lasting,
            api::Lasting::Yes);
  EXPECT_EQ(api::find_info_param("cl_mem_info", CL_MEM_REFERENCE_COUNT)->lasting,
            api::Lasting::No);
}

TEST(Rules, IdsAreUniqueAndEntryPointsExist) {
  std::set<std::string_view> ids;
  for (const Rule* rule : all_rules()) {
    EXPECT_TRUE(ids.insert(rule->id).second) << "duplicate rule id " << rule->id;
    EXPECT_NE(api::find_entry_point(rule->entry), nullptr) << rule->id << ": " << rule->entry;
  }
}

// A rule's clause is the spec's sentence for its error code, so it names that code. Entry
// points that report no code (clSVMAlloc returns NULL, clSVMFree nothing) have clauses without
// one.
TEST(Rules, ClauseNamesTheRulesErrorCode) {
  for (const Rule* rule : all_rules()) {
    const api::EntryPoint* entry = api::find_entry_point(rule->entry);
    if (entry && (entry->returns == api::Returns::Pointer || entry->returns == api::Returns::Void))
      continue;
    std::string_view name = error_code_name(rule->code);
    EXPECT_NE(std::string_view(rule->clause).find(name), std::string_view::npos) << rule->id;
  }
}

TEST(Rules, RuntimeRulesSayWhenTheyAreRaised) {
  for (const Rule* rule : all_rules()) {
    if (!rule->is_precheck()) {
      EXPECT_FALSE(rule->condition.empty()) << rule->id;
    }
    EXPECT_TRUE(rule->until == Version{} || rule->since < rule->until) << rule->id;
    EXPECT_FALSE(rule->section.empty()) << rule->id;
  }
}

// The index must be what the extractor reads from the spec; this prints the coverage and keeps
// it from shrinking.
TEST(Coverage, OfTheSpecsErrorClauses) {
  auto clauses = read_clause_index(read(CLVET_SOURCE_DIR "/rules/spec/clauses.tsv"));
  ASSERT_GT(clauses.size(), 1000u);
  std::size_t all = 0, covered = 0;
  for (const Coverage& c : measure_coverage(clauses)) {
    std::printf("%s: %zu of %zu error clauses have a rule\n", std::string(to_string(c.spec)).c_str(),
                c.covered, c.clauses);
    all += c.clauses;
    covered += c.covered;
  }
  std::printf("total: %zu of %zu clauses covered by %zu rules\n", covered, all, all_rules().size());
  EXPECT_GE(covered * 100, all * CLVET_MIN_COVERAGE_PERCENT);
}

// Within one document a rule encodes one clause: a rule that matched two would be counting a
// clause it does not check.
TEST(Coverage, EachRuleEncodesOneClausePerDocument) {
  auto clauses = read_clause_index(read(CLVET_SOURCE_DIR "/rules/spec/clauses.tsv"));
  std::set<std::pair<Spec, const Rule*>> seen;
  for (const SpecClause& clause : clauses) {
    const Rule* rule = rule_for_clause(clause);
    if (!rule) continue;
    EXPECT_TRUE(seen.insert({clause.spec, rule}).second)
        << rule->id << " matches a second clause of " << to_string(clause.spec) << ": "
        << clause.entry << " " << clause.text;
  }
}

}  // namespace
}  // namespace clvet::rules
