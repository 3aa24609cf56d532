// CLVET_PLATFORM_ORDER's encoding and the reordering the layer's clGetPlatformIDs applies
// (layer/options/platform_order.h), without a loader.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "platform_order.h"

namespace clvet::platform_order {
namespace {

// Handles the tests can tell apart: the addresses of these.
const char kA = 'a', kB = 'b', kC = 'c', kD = 'd';

const Identity kPocl{"Portable Computing Language", "The pocl project", "OpenCL 3.0 PoCL 3.1"};
const Identity kNvidia{"NVIDIA CUDA", "NVIDIA Corporation", "OpenCL 3.0 CUDA 12.4.131"};
const Identity kClvet{"clvet", "clvet", "OpenCL 3.0 clvet"};

TEST(PlatformOrderReorder, FullListFollowsTheOrder) {
  // What ocl-icd gives on the NVIDIA machine (GPUs first), and the order CUDA's loader gives.
  const std::vector<Listed> listed{{&kA, kNvidia}, {&kB, kPocl}};
  EXPECT_EQ(reorder(listed, {kPocl, kNvidia}), (std::vector<const void*>{&kB, &kA}));
  EXPECT_EQ(reorder(listed, {kNvidia, kPocl}), (std::vector<const void*>{&kA, &kB}));
}

TEST(PlatformOrderReorder, FirstEntriesAreTheReorderedListsFirst) {
  // clGetPlatformIDs(1, ...) takes the first of the reordered list, not of the loader's.
  const std::vector<Listed> listed{{&kA, kNvidia}, {&kB, kClvet}, {&kC, kPocl}};
  const auto ordered = reorder(listed, {kPocl, kNvidia, kClvet});
  ASSERT_EQ(ordered.size(), 3u);
  EXPECT_EQ(ordered.front(), &kC);
}

TEST(PlatformOrderReorder, UnmatchedPlatformsFollowInTheLoadersOrder) {
  // kClvet and kD's platform were not there when the order was taken (or differ in a string).
  const Identity other_pocl{kPocl.name, kPocl.vendor, "OpenCL 1.2 PoCL 1.8"};
  const std::vector<Listed> listed{{&kA, kClvet}, {&kB, kNvidia}, {&kC, kPocl}, {&kD, other_pocl}};
  EXPECT_EQ(reorder(listed, {kPocl, kNvidia}), (std::vector<const void*>{&kC, &kB, &kA, &kD}));
}

TEST(PlatformOrderReorder, EntriesWithoutPlatformsAreSkipped) {
  const std::vector<Listed> listed{{&kA, kNvidia}, {&kB, kPocl}};
  EXPECT_EQ(reorder(listed, {kClvet, kPocl}), (std::vector<const void*>{&kB, &kA}));
}

TEST(PlatformOrderReorder, DuplicatePlatformsKeepTheirRelativeOrder) {
  // Two identical PoCL platforms (two .icd files naming it): each entry takes one.
  const std::vector<Listed> listed{{&kA, kPocl}, {&kB, kNvidia}, {&kC, kPocl}};
  EXPECT_EQ(reorder(listed, {kPocl, kPocl, kNvidia}), (std::vector<const void*>{&kA, &kC, &kB}));
  EXPECT_EQ(reorder(listed, {kNvidia, kPocl, kPocl}), (std::vector<const void*>{&kB, &kA, &kC}));
  // One entry for two platforms: the second one comes after the ordered ones.
  EXPECT_EQ(reorder(listed, {kNvidia, kPocl}), (std::vector<const void*>{&kB, &kA, &kC}));
}

TEST(PlatformOrderReorder, EmptyOrderKeepsTheLoadersOrder) {
  const std::vector<Listed> listed{{&kA, kNvidia}, {&kB, kPocl}};
  EXPECT_EQ(reorder(listed, {}), (std::vector<const void*>{&kA, &kB}));
  EXPECT_TRUE(reorder({}, {kPocl}).empty());
}

TEST(PlatformOrderEncoding, RoundTrips) {
  const std::vector<Identity> order{kPocl, kNvidia, {"", "", ""}};
  const std::string spec = encode(order);
  EXPECT_EQ(spec.find('\n'), std::string::npos);
  const auto parsed = parse(spec);
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(*parsed, order);
}

TEST(PlatformOrderEncoding, EmptySpecIsAnEmptyOrder) {
  const auto parsed = parse("");
  ASSERT_TRUE(parsed.has_value());
  EXPECT_TRUE(parsed->empty());
}

TEST(PlatformOrderEncoding, MalformedSpecIsRefused) {
  EXPECT_FALSE(parse("Portable Computing Language").has_value());  // a name alone
  const std::string us(1, kFieldSeparator);
  EXPECT_FALSE(parse("a" + us + "b").has_value());                        // two fields
  EXPECT_FALSE(parse("a" + us + "b" + us + "c" + us + "d").has_value());  // four fields
  // One good entry does not save a bad one: a spec clvet run did not write is not guessed at.
  EXPECT_FALSE(parse(encode({kPocl}) + "\x1e" + "junk").has_value());
  EXPECT_FALSE(parse(encode({kPocl}) + "\x1e").has_value());  // a trailing separator
}

}  // namespace
}  // namespace clvet::platform_order
