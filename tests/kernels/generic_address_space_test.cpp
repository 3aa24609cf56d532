// The generic address space (OpenCL C 3.0 §6.7.1.1, §6.15.9): a pointer whose space each
// work-item decides at run time reads and writes the memory it points to, to_global /
// to_local / to_private return it only in that space (else NULL) and get_fence names the fence
// that orders it; against a host computation, as written and with -cl-opt-disable. The kernel
// checkers name the space a generic access really touched: a race through a generic pointer
// into __local memory is a __local race, an overflow of a private array through one names the
// private array, never global memory.
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "reference_device.h"

namespace clvet::test {
namespace {

// OpenCL C's cl_mem_fence_flags values (§6.12.8), as get_fence returns them.
constexpr cl_int kLocalMemFence = 1;   // CLK_LOCAL_MEM_FENCE
constexpr cl_int kGlobalMemFence = 2;  // CLK_GLOBAL_MEM_FENCE

const char* kSource = R"CLC(
int twice(const int* p) { return 2 * *p; }
void put(int* p, int v) { *p = v; }

kernel void mixed(global int* g, global int* out) {
  local int tile[16];
  const int lid = (int)get_local_id(0), gid = (int)get_global_id(0);
  int mine = 1000 + gid;
  tile[lid] = 100 + gid;
  barrier(CLK_LOCAL_MEM_FENCE);
  int* p = gid % 3 == 0 ? (int*)(g + gid) : gid % 3 == 1 ? (int*)(tile + lid) : (int*)&mine;
  out[5 * gid + 0] = twice(p);
  out[5 * gid + 1] = (to_global(p) != 0 ? 1 : 0) | (to_local(p) != 0 ? 2 : 0) |
                     (to_private(p) != 0 ? 4 : 0);
  out[5 * gid + 2] = (int)get_fence(p);
  put(p, -gid);
  out[5 * gid + 3] = *p;
  out[5 * gid + 4] = to_global((int*)0) == 0 ? 1 : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
}
)CLC";

TEST(GenericAddressSpace, PointersDecidedAtRunTimeAgainstTheHost) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  constexpr int kItems = 32;
  std::vector<cl_int> g(kItems);
  for (int i = 0; i < kItems; ++i) g[i] = 7 * i + 1;
  for (const char* options : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
    SCOPED_TRACE(options);
    cl_program p = dev.build(kSource, options);
    ASSERT_NE(p, nullptr);
    cl_kernel k = dev.kernel(p, "mixed");
    cl_mem gb = dev.buffer(g);
    cl_mem out = dev.buffer(std::vector<cl_int>(5 * kItems, -7));
    ASSERT_EQ(dev.run(k, {kItems}, {16}, gb, out), CL_SUCCESS);
    const std::vector<cl_int> got = dev.read<cl_int>(out, 5 * kItems);
    const std::vector<cl_int> g_after = dev.read<cl_int>(gb, kItems);
    for (int i = 0; i < kItems; ++i) {
      // The host's model: which space lane i's pointer is in, and what it holds there.
      const int space = i % 3;  // 0 global, 1 local, 2 private
      const int held = space == 0 ? g[i] : space == 1 ? 100 + i : 1000 + i;
      EXPECT_EQ(got[5 * i + 0], 2 * held) << "work-item " << i;
      EXPECT_EQ(got[5 * i + 1], space == 0 ? 1 : space == 1 ? 2 : 4) << "work-item " << i;
      EXPECT_EQ(got[5 * i + 2], space == 0   ? kGlobalMemFence
                                : space == 1 ? kLocalMemFence
                                             : 0)
          << "work-item " << i;
      EXPECT_EQ(got[5 * i + 3], -i) << "work-item " << i;
      EXPECT_EQ(got[5 * i + 4], 1) << "to_global(NULL)";
      EXPECT_EQ(g_after[i], space == 0 ? -i : g[i]) << "work-item " << i;
    }
  }
}

// The device's findings so far, from its JSON report (clvetWriteFindingsCLVET), forgotten after.
std::vector<nlohmann::json> take_findings(cl_platform_id platform) {
  using WriteFindings = cl_int(CL_API_CALL*)(const char*);
  auto write = reinterpret_cast<WriteFindings>(
      clGetExtensionFunctionAddressForPlatform(platform, "clvetWriteFindingsCLVET"));
  EXPECT_NE(write, nullptr);
  if (write == nullptr) return {};
  const std::string path = ::testing::TempDir() + "clvet_generic_findings.json";
  EXPECT_EQ(write(path.c_str()), CL_SUCCESS);
  std::ifstream in(path);
  const nlohmann::json report = nlohmann::json::parse(in, nullptr, false);
  std::vector<nlohmann::json> findings;
  if (report.is_object() && report.contains("findings"))
    for (const nlohmann::json& f : report.at("findings")) findings.push_back(f);
  return findings;
}

const char* kCheckedSource = R"CLC(
int get(const int* p, int i) { return p[i]; }
void set(int* p, int i, int v) { p[i] = v; }

kernel void local_race(global int* out) {
  local int tile[16];
  int lid = (int)get_local_id(0);
  set(tile, lid, lid);
  out[get_global_id(0)] = get(tile, 15 - lid);
}

kernel void private_overflow(global int* out, int n) {
  int a[4] = {1, 2, 3, 4};
  out[get_global_id(0)] = get(a, n);
}
)CLC";

TEST(GenericAddressSpace, CheckersNameTheActualSpace) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  for (const char* options : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
    SCOPED_TRACE(options);
    take_findings(dev.platform);
    cl_program p = dev.build(kCheckedSource, options);
    ASSERT_NE(p, nullptr);
    cl_mem out = dev.buffer(std::vector<cl_int>(16, 0));
    ASSERT_EQ(dev.run(dev.kernel(p, "local_race"), {16}, {16}, out), CL_SUCCESS);
    std::vector<nlohmann::json> findings = take_findings(dev.platform);
    ASSERT_FALSE(findings.empty());
    for (const nlohmann::json& f : findings) {
      const std::string text = f.dump();
      EXPECT_EQ(f.value("kind", ""), "race-read-write") << text;
      EXPECT_NE(text.find("__local"), std::string::npos) << text;
    }
    const cl_int n = 4;
    ASSERT_EQ(dev.run(dev.kernel(p, "private_overflow"), {1}, {1}, out, n), CL_SUCCESS);
    findings = take_findings(dev.platform);
    ASSERT_EQ(findings.size(), 1u);
    const std::string text = findings[0].dump();
    EXPECT_EQ(findings[0].value("kind", ""), "out-of-bounds") << text;
    EXPECT_EQ(text.find("argument 0"), std::string::npos) << text;
  }
}

}  // namespace
}  // namespace clvet::test
