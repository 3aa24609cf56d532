// The object table's records of released objects are bounded (checker::ObjectTable::
// kReleasedKept): a driver that hands out a new address for each object (PoCL's kernels under
// the layer) must not make a long-running application's layer grow without end, and the most
// recent released objects are still told apart from garbage (a use after release names the call
// that released it, layer/intercept/objects.cpp).
#include <gtest/gtest.h>

#include <cstdint>

#include "clvet/checker/object_table.h"
#include "object_table_test_support.h"

namespace clvet::checker {
namespace {

using testing::handle;

constexpr std::size_t kKept = ObjectTable::kReleasedKept;

ObjectTable::Creation kernel_created(std::uint64_t call) {
  return testing::creation(api::ObjectKind::Kernel, "clCreateKernel", call);
}

// Four times kReleasedKept kernels, each at a new address, made and released one after the
// other, beside one made first and never released: the table holds no more records than the
// live object and the kept released ones (and the one being made), the last kReleasedKept
// released are each found released by its own call, the live one is live, and an address
// released before them is no longer known (what the table pays for its bound).
TEST(ObjectTableBounds, ReleasedRecordsAreBoundedAndTheRecentOnesKept) {
  ObjectTable table;
  const void* live = handle(0);
  table.created(live, kernel_created(1));
  const std::size_t made = 4 * kKept;
  for (std::size_t i = 1; i <= made; ++i) {
    table.created(handle(i), kernel_created(2 * i));
    ASSERT_EQ(table.released(handle(i), 2 * i + 1, "clReleaseKernel"), 0u);
  }
  EXPECT_LE(table.size(), kKept + 2);
  for (std::size_t i = made - kKept + 1; i <= made; ++i) {
    const auto record = table.find(handle(i));
    ASSERT_TRUE(record.has_value()) << "kernel " << i;
    EXPECT_EQ(record->state, HandleState::Released) << "kernel " << i;
    EXPECT_EQ(record->released_call, 2 * i + 1) << "kernel " << i;
    EXPECT_EQ(record->created_call, 2 * i) << "kernel " << i;
    EXPECT_EQ(table.identity(handle(i)).kind, api::ObjectKind::Kernel) << "kernel " << i;
    EXPECT_EQ(table.kind_of(handle(i)), api::ObjectKind::None) << "kernel " << i;
  }
  EXPECT_EQ(table.kind_of(live), api::ObjectKind::Kernel);
  EXPECT_EQ(table.find(live)->created_call, 1u);
  EXPECT_FALSE(table.find(handle(1)).has_value());
  EXPECT_EQ(table.identity(handle(1)).id, 0u);
  const std::vector<ObjectRecord> leaks = table.live_counted();
  ASSERT_EQ(leaks.size(), 1u);
  EXPECT_EQ(leaks[0].handle, live);
}

// A driver that reuses its addresses (PoCL alone, most drivers) revives the same records: none
// is ever recycled, and a released one stays released until its address names a new object,
// however many objects are made and released meanwhile.
TEST(ObjectTableBounds, ReusedAddressesKeepTheirRecords) {
  ObjectTable table;
  table.created(handle(1000), kernel_created(1));
  ASSERT_EQ(table.released(handle(1000), 2, "clReleaseKernel"), 0u);
  for (std::size_t i = 0; i < 4 * kKept; ++i) {
    table.created(handle(i % 8), kernel_created(10 + i));
    ASSERT_EQ(table.released(handle(i % 8), 10 + i, "clReleaseKernel"), 0u);
  }
  EXPECT_EQ(table.size(), 9u);
  const auto record = table.find(handle(1000));
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ(record->state, HandleState::Released);
  EXPECT_EQ(record->released_call, 2u);
}

// An object revived by unreleased() (the driver refused its release) is live again and never
// recycled, whatever is released after it.
TEST(ObjectTableBounds, AnUnreleasedObjectIsNeverRecycled) {
  ObjectTable table;
  table.created(handle(0), kernel_created(1));
  ASSERT_EQ(table.released(handle(0), 2, "clReleaseKernel"), 0u);
  table.unreleased(handle(0));
  for (std::size_t i = 1; i <= 2 * kKept + 10; ++i) {
    table.created(handle(i), kernel_created(2 * i));
    ASSERT_EQ(table.released(handle(i), 2 * i + 1, "clReleaseKernel"), 0u);
  }
  EXPECT_EQ(table.kind_of(handle(0)), api::ObjectKind::Kernel);
  EXPECT_EQ(table.find(handle(0))->refcount, 1u);
  EXPECT_LE(table.size(), kKept + 2);
}

}  // namespace
}  // namespace clvet::checker
