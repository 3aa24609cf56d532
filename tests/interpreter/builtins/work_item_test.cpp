// The work-item functions (OpenCL C 1.2 §6.12.1, 2.0 §6.13.1) over a 2D NDRange with a global
// offset, resolved from the names Clang 15 gives them, against ids computed here by hand.
#include <gtest/gtest.h>

#include "fake_work_group.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

// NDRange (8, 6) at offset (10, 20) in groups of (4, 3): this is group (1, 1), 12 lanes.
FakeWorkGroup two_d_group() {
  FakeWorkGroup g(12);
  NDRangeGeometry& n = g.geometry_;
  n.work_dim = 2;
  n.global_size[0] = 8, n.global_size[1] = 6;
  n.global_offset[0] = 10, n.global_offset[1] = 20;
  n.local_size[0] = n.enqueued_local_size[0] = 4;
  n.local_size[1] = n.enqueued_local_size[1] = 3;
  n.num_groups[0] = 2, n.num_groups[1] = 2;
  g.group_[0] = 1, g.group_[1] = 1;
  for (std::uint32_t l = 0; l < 12; ++l) g.local_ids[l] = {l % 4, l / 4, 0};
  return g;
}

// Calls a size_t f(uint) for every lane with dimension `dim`.
std::vector<std::uint64_t> query(const char* mangled, FakeWorkGroup& g, std::uint32_t dim) {
  const std::uint32_t lanes = g.lane_count();
  LaneValues<std::uint32_t> d(lanes, Scalar::UInt);
  d.fill(dim);
  LaneValues<std::uint64_t> r(lanes, Scalar::ULong);
  r.fill(0xdeadbeef);
  Operand result = r.operand();
  call(resolve(mangled, 8), g, all_lanes(lanes), &result, {d.operand()});
  return r.values;
}

std::vector<std::uint64_t> query0(const char* mangled, FakeWorkGroup& g) {
  LaneValues<std::uint64_t> r(g.lane_count(), Scalar::ULong);
  Operand result = r.operand();
  call(resolve(mangled, 8), g, all_lanes(g.lane_count()), &result, {});
  return r.values;
}

}  // namespace

TEST(WorkItem, GetWorkDim_6_12_1) {
  FakeWorkGroup g = two_d_group();
  LaneValues<std::uint32_t> r(12, Scalar::UInt);
  Operand result = r.operand();
  call(resolve("_Z12get_work_dimv", 4), g, all_lanes(12), &result, {});
  for (std::uint32_t v : r.values) EXPECT_EQ(v, 2u);
}

TEST(WorkItem, GlobalAndLocalIdsWithOffset_6_12_1) {
  FakeWorkGroup g = two_d_group();
  std::vector<std::uint64_t> gx = query("_Z13get_global_idj", g, 0);
  std::vector<std::uint64_t> gy = query("_Z13get_global_idj", g, 1);
  std::vector<std::uint64_t> lx = query("_Z12get_local_idj", g, 0);
  std::vector<std::uint64_t> ly = query("_Z12get_local_idj", g, 1);
  for (std::uint32_t l = 0; l < 12; ++l) {
    EXPECT_EQ(gx[l], 10 + 4 + l % 4) << l;
    EXPECT_EQ(gy[l], 20 + 3 + l / 4) << l;
    EXPECT_EQ(lx[l], l % 4) << l;
    EXPECT_EQ(ly[l], l / 4) << l;
  }
}

TEST(WorkItem, SizesGroupsAndOffsets_6_12_1) {
  FakeWorkGroup g = two_d_group();
  struct {
    const char* name;
    std::uint64_t x, y;
  } cases[] = {
      {"_Z15get_global_sizej", 8, 6},
      {"_Z14get_local_sizej", 4, 3},
      {"_Z23get_enqueued_local_sizej", 4, 3},
      {"_Z14get_num_groupsj", 2, 2},
      {"_Z12get_group_idj", 1, 1},
      {"_Z17get_global_offsetj", 10, 20},
  };
  for (const auto& c : cases) {
    for (std::uint64_t v : query(c.name, g, 0)) EXPECT_EQ(v, c.x) << c.name;
    for (std::uint64_t v : query(c.name, g, 1)) EXPECT_EQ(v, c.y) << c.name;
  }
}

// "Valid values of dimindx are 0 to get_work_dim() - 1. For other values of dimindx,
// get_global_size() returns 1" (likewise local size and group count; the ids and the offset 0).
TEST(WorkItem, OutOfRangeDimension_6_12_1) {
  FakeWorkGroup g = two_d_group();
  g.geometry_.global_size[2] = 7;  // never read: dimension 2 is not in use
  g.geometry_.global_offset[2] = 7;
  for (std::uint32_t dim : {2u, 3u, 1000u}) {
    for (const char* one : {"_Z15get_global_sizej", "_Z14get_local_sizej",
                            "_Z23get_enqueued_local_sizej", "_Z14get_num_groupsj"})
      for (std::uint64_t v : query(one, g, dim)) EXPECT_EQ(v, 1u) << one << " " << dim;
    for (const char* zero :
         {"_Z13get_global_idj", "_Z12get_local_idj", "_Z12get_group_idj", "_Z17get_global_offsetj"})
      for (std::uint64_t v : query(zero, g, dim)) EXPECT_EQ(v, 0u) << zero << " " << dim;
  }
}

// OpenCL C 2.0 §6.13.1: the linear ids leave the global offset out.
TEST(WorkItem, LinearIds_2_0_6_13_1) {
  FakeWorkGroup g = two_d_group();
  std::vector<std::uint64_t> global = query0("_Z20get_global_linear_idv", g);
  std::vector<std::uint64_t> local = query0("_Z19get_local_linear_idv", g);
  for (std::uint32_t l = 0; l < 12; ++l) {
    const std::uint64_t x = 4 + l % 4, y = 3 + l / 4;
    EXPECT_EQ(global[l], y * 8 + x) << l;
    EXPECT_EQ(local[l], l) << l;
  }
}

// Non-uniform work-groups (2.0): the last group is smaller; get_local_size says so, the
// enqueued size does not, and global ids continue from the full-sized groups before it.
TEST(WorkItem, NonUniformLastGroup_2_0_6_13_1) {
  FakeWorkGroup g(2);
  NDRangeGeometry& n = g.geometry_;
  n.work_dim = 1;
  n.global_size[0] = 10;
  n.enqueued_local_size[0] = 4;
  n.local_size[0] = 2;
  n.num_groups[0] = 3;
  g.group_[0] = 2;
  EXPECT_EQ(query("_Z14get_local_sizej", g, 0), (std::vector<std::uint64_t>{2, 2}));
  EXPECT_EQ(query("_Z23get_enqueued_local_sizej", g, 0), (std::vector<std::uint64_t>{4, 4}));
  EXPECT_EQ(query("_Z13get_global_idj", g, 0), (std::vector<std::uint64_t>{8, 9}));
  EXPECT_EQ(query0("_Z20get_global_linear_idv", g), (std::vector<std::uint64_t>{8, 9}));
}

// Only active lanes are written; the others keep what they held.
TEST(WorkItem, InactiveLanesUntouched) {
  FakeWorkGroup g = two_d_group();
  LaneValues<std::uint32_t> d(12, Scalar::UInt);
  LaneValues<std::uint64_t> r(12, Scalar::ULong);
  r.fill(99);
  Operand result = r.operand();
  call(resolve("_Z12get_local_idj", 8), g, {1, 5}, &result, {d.operand()});
  for (std::uint32_t l = 0; l < 12; ++l)
    EXPECT_EQ(r.values[l], l == 1 ? 1u : l == 5 ? 1u : 99u) << l;
}

// On spir (32-bit) size_t is 4 bytes: the result is written as such.
TEST(WorkItem, ThirtyTwoBitSizeT) {
  FakeWorkGroup g = two_d_group();
  LaneValues<std::uint32_t> d(12, Scalar::UInt);
  d.fill(1);
  LaneValues<std::uint32_t> r(12, Scalar::UInt);
  Operand result = r.operand();
  call(resolve("_Z13get_global_idj", 4), g, all_lanes(12), &result, {d.operand()});
  for (std::uint32_t l = 0; l < 12; ++l) EXPECT_EQ(r.values[l], 23 + l / 4) << l;
}

TEST(WorkItem, WrongShapesDoNotResolve) {
  // A get_global_id returning a float or taking no argument is not ours.
  EXPECT_EQ(BuiltinRegistry::instance().resolve(signature("_Z13get_global_idj", 2)), nullptr);
  EXPECT_EQ(BuiltinRegistry::instance().resolve(signature("_Z13get_global_idv", 8)), nullptr);
}
