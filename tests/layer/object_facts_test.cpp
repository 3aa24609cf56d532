// The answers the layer keeps as an object's facts (layer/intercept/object_facts.h) are answers
// that cannot change while the object lives, of the size the API table gives their type, each
// in a place of its own among its object kind's facts.
#include "object_facts.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <utility>

#include "clvet/rules/info_params.h"

namespace clvet::layer {
namespace {

api::ObjectKind kind_of_query(rules::InfoQuery query) {
  using rules::InfoQuery;
  switch (query) {
    case InfoQuery::Platform: return api::ObjectKind::Platform;
    case InfoQuery::Device: return api::ObjectKind::Device;
    case InfoQuery::Context: return api::ObjectKind::Context;
    case InfoQuery::CommandQueue: return api::ObjectKind::CommandQueue;
    case InfoQuery::Mem:
    case InfoQuery::Image:
    case InfoQuery::Pipe: return api::ObjectKind::Mem;
    case InfoQuery::Sampler: return api::ObjectKind::Sampler;
    case InfoQuery::Program:
    case InfoQuery::ProgramBuild: return api::ObjectKind::Program;
    case InfoQuery::Kernel:
    case InfoQuery::KernelWorkGroup:
    case InfoQuery::KernelArg: return api::ObjectKind::Kernel;
    case InfoQuery::Event:
    case InfoQuery::EventProfiling: return api::ObjectKind::Event;
  }
  return api::ObjectKind::None;
}

TEST(ObjectFacts, AreLastingScalarAnswersOfTheirTypesSize) {
  for (const FactRow& row : kFactRows) {
    const api::InfoParam* param = api::find_info_param(rules::info_family(row.query), row.param);
    ASSERT_NE(param, nullptr) << row.param;
    SCOPED_TRACE(param->name);
    EXPECT_NE(param->lasting, api::Lasting::No);
    EXPECT_EQ(param->shape, api::InfoShape::Scalar);
    EXPECT_EQ(param->type_size, row.size);
    // Only the queries about an object and a device take a key.
    EXPECT_EQ(row.keyed, row.query == rules::InfoQuery::ProgramBuild ||
                             row.query == rules::InfoQuery::KernelWorkGroup);
    const FactPlace place = fact_place(row.query, row.param);
    EXPECT_EQ(place.place, row.place);
    EXPECT_EQ(place.size, row.size);
    EXPECT_EQ(place.keyed, row.keyed);
  }
}

TEST(ObjectFacts, EachHasAPlaceOfItsOwnAmongItsKindsFacts) {
  std::map<api::ObjectKind, std::set<unsigned>> taken;
  taken[api::ObjectKind::Kernel].insert(kKernelDeclarationsPlace);
  for (const FactRow& row : kFactRows) {
    EXPECT_LT(row.place, checker::ObjectTable::kFacts);
    EXPECT_TRUE(taken[kind_of_query(row.query)].insert(row.place).second)
        << "place " << unsigned{row.place} << " of " << row.param << " is taken";
  }
}

TEST(ObjectFacts, OtherAnswersHaveNoPlace) {
  // Counts and statuses, answers of other queries with the same value, and values far off.
  EXPECT_EQ(fact_place(rules::InfoQuery::CommandQueue, CL_QUEUE_REFERENCE_COUNT).size, 0);
  EXPECT_EQ(fact_place(rules::InfoQuery::Mem, CL_MEM_MAP_COUNT).size, 0);
  EXPECT_EQ(fact_place(rules::InfoQuery::Image, CL_MEM_SIZE).size, 0);
  EXPECT_EQ(fact_place(rules::InfoQuery::Event, CL_EVENT_COMMAND_EXECUTION_STATUS).size, 0);
  EXPECT_EQ(fact_place(rules::InfoQuery::Device, CL_DEVICE_AVAILABLE).size, 0);
  EXPECT_EQ(fact_place(rules::InfoQuery::Device, 0).size, 0);
  EXPECT_EQ(fact_place(rules::InfoQuery::Device, 0xffffffffu).size, 0);
  EXPECT_EQ(fact_place(static_cast<rules::InfoQuery>(99), CL_MEM_SIZE).size, 0);
}

}  // namespace
}  // namespace clvet::layer
