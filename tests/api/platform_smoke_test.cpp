// The clvet platform is reachable through the ICD loader (cl_khr_icd).
#include "fixtures.h"

namespace clvet::test {
namespace {

TEST_F(WithPlatform, IsNamedClvetAndFullProfile) {
  EXPECT_EQ(platform_string(platform, CL_PLATFORM_NAME), "clvet");
  EXPECT_EQ(platform_string(platform, CL_PLATFORM_PROFILE), "FULL_PROFILE");
}

// OpenCL 1.2 §4.1: CL_INVALID_VALUE if num_entries is 0 and platforms is not NULL.
TEST_F(WithPlatform, GetPlatformIDsZeroEntriesWithArray) {
  cl_platform_id p;
  EXPECT_EQ(clGetPlatformIDs(0, &p, nullptr), CL_INVALID_VALUE);  // the loader answers this one
}

}  // namespace
}  // namespace clvet::test
