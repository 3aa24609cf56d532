// The layer as a loader sees it: exactly the four entry points of cl_layer.h, version 100,
// and a loader that offers fewer dispatch slots than clvet knows.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <CL/cl_layer.h>
#include "clvet/rules/opencl.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

// cl_layer.h of Debian 12 predates the v2 entry points: their types, as the Khronos loader
// declares them.
extern "C" {
typedef cl_properties cl_layer_properties;
typedef cl_int(CL_API_CALL* pfn_clInitLayerWithProperties)(
    cl_uint num_entries, const cl_icd_dispatch* target_dispatch, cl_uint* num_entries_ret,
    const cl_icd_dispatch** layer_dispatch_ret, const cl_layer_properties* properties);
typedef cl_int(CL_API_CALL* pfn_clDeinitLayer)(void);
}

namespace {

// A loader's table with only the first kOffered slots: the platform and device queries.
constexpr cl_uint kOffered = 4;
// What the stub hands out as a platform: an ICD object, whose first member is its driver's
// dispatch table (cl_khr_icd), set to the stub's own table by the test.
struct {
  const void* dispatch = nullptr;
} g_platform_object;

cl_int CL_API_CALL stub_get_platform_ids(cl_uint n, cl_platform_id* platforms, cl_uint* count) {
  if (platforms && n > 0) platforms[0] = reinterpret_cast<cl_platform_id>(&g_platform_object);
  if (count) *count = 1;
  return CL_SUCCESS;
}
cl_int CL_API_CALL stub_get_platform_info(cl_platform_id, cl_platform_info, size_t, void*,
                                          size_t*) {
  return CL_INVALID_PLATFORM;
}
cl_int CL_API_CALL stub_get_device_ids(cl_platform_id, cl_device_type, cl_uint, cl_device_id*,
                                       cl_uint*) {
  return CL_DEVICE_NOT_FOUND;
}

struct Layer {
  void* library = dlopen(CLVET_LAYER_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  template <class Fn>
  Fn symbol(const char* name) {
    return reinterpret_cast<Fn>(dlsym(library, name));
  }
};

TEST(LayerEntryPoints, ExportsTheFourLayerFunctions) {
  Layer layer;
  ASSERT_NE(layer.library, nullptr) << dlerror();
  for (const char* name :
       {"clGetLayerInfo", "clInitLayer", "clInitLayerWithProperties", "clDeinitLayer"})
    EXPECT_NE(dlsym(layer.library, name), nullptr) << name;
  // No OpenCL entry point of its own: the application's calls reach it through the loader.
  EXPECT_EQ(dlsym(layer.library, "clGetPlatformIDs"), nullptr);
}

TEST(LayerEntryPoints, ReportsApiVersion100AndItsName) {
  Layer layer;
  auto get_info = layer.symbol<pfn_clGetLayerInfo>("clGetLayerInfo");
  ASSERT_NE(get_info, nullptr);
  cl_layer_api_version version = 0;
  ASSERT_EQ(get_info(CL_LAYER_API_VERSION, sizeof version, &version, nullptr), CL_SUCCESS);
  EXPECT_EQ(version, static_cast<cl_layer_api_version>(CL_LAYER_API_VERSION_100));
  size_t size = 0;
  ASSERT_EQ(get_info(CL_LAYER_NAME, 0, nullptr, &size), CL_SUCCESS);
  std::string name(size, '\0');
  ASSERT_EQ(get_info(CL_LAYER_NAME, size, name.data(), nullptr), CL_SUCCESS);
  EXPECT_EQ(name.rfind("clvet", 0), 0u) << name;
  EXPECT_EQ(get_info(CL_LAYER_API_VERSION, 1, &version, nullptr), CL_INVALID_VALUE);
}

TEST(LayerEntryPoints, CopesWithALoaderOfferingFewerSlots) {
  Layer layer;
  auto init = layer.symbol<pfn_clInitLayer>("clInitLayer");
  ASSERT_NE(init, nullptr);
  // Only kOffered slots exist in the target's table: the layer must not read past them.
  void* slots[kOffered] = {reinterpret_cast<void*>(&stub_get_platform_ids),
                           reinterpret_cast<void*>(&stub_get_platform_info),
                           reinterpret_cast<void*>(&stub_get_device_ids), nullptr};
  g_platform_object.dispatch = slots;
  cl_uint entries = 0;
  const cl_icd_dispatch* table = nullptr;
  ASSERT_EQ(init(kOffered, reinterpret_cast<const cl_icd_dispatch*>(slots), &entries, &table),
            CL_SUCCESS);
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(entries, sizeof(cl_icd_dispatch) / sizeof(void*));

  cl_platform_id platform = nullptr;
  cl_uint count = 0;
  ASSERT_EQ(table->clGetPlatformIDs(1, &platform, &count), CL_SUCCESS);
  EXPECT_EQ(platform, reinterpret_cast<cl_platform_id>(&g_platform_object));
  // A slot the loader did not offer answers CL_INVALID_OPERATION instead of jumping to
  // whatever lies past the loader's table.
  EXPECT_EQ(table->clUnloadCompiler(), CL_INVALID_OPERATION);
  cl_device_id device = nullptr;
  EXPECT_EQ(table->clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr),
            CL_DEVICE_NOT_FOUND);
}

// The Khronos loader (v2 layers): clGetLayerInfo for the version, clInitLayerWithProperties with
// the dispatch table of the platform below (here tests/layer/fake_icd, found the way a loader
// finds an ICD: clIcdGetPlatformIDsKHR, then the dispatch pointer at the start of its
// platform), calls through the layer's table, then clDeinitLayer, which must write the report
// at once (the loader unloads the layer after it).
TEST(LayerEntryPoints, KhronosLoaderInitialisesAndDeinitialisesTheV2Way) {
  const std::string report = ::testing::TempDir() + "clvet-v2-report.txt";
  std::remove(report.c_str());
  setenv("CLVET_REPORT", report.c_str(), 1);  // read when the layer is initialised
  setenv("CLVET_LEAKS", "1", 1);

  void* icd = dlopen(CLVET_FAKE_ICD_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(icd, nullptr) << dlerror();
  auto icd_address =
      reinterpret_cast<void* (*)(const char*)>(dlsym(icd, "clGetExtensionFunctionAddress"));
  ASSERT_NE(icd_address, nullptr);
  auto icd_platforms = reinterpret_cast<cl_int(CL_API_CALL*)(cl_uint, cl_platform_id*, cl_uint*)>(
      icd_address("clIcdGetPlatformIDsKHR"));
  ASSERT_NE(icd_platforms, nullptr);
  cl_platform_id icd_platform = nullptr;
  ASSERT_EQ(icd_platforms(1, &icd_platform, nullptr), CL_SUCCESS);
  // Every ICD object starts with its dispatch table (cl_icd.h, struct _cl_platform_id).
  const cl_icd_dispatch* below = *reinterpret_cast<const cl_icd_dispatch* const*>(icd_platform);

  Layer layer;
  ASSERT_NE(layer.library, nullptr) << dlerror();
  auto get_info = layer.symbol<pfn_clGetLayerInfo>("clGetLayerInfo");
  auto init = layer.symbol<pfn_clInitLayerWithProperties>("clInitLayerWithProperties");
  auto deinit = layer.symbol<pfn_clDeinitLayer>("clDeinitLayer");
  ASSERT_TRUE(get_info && init && deinit);
  cl_layer_api_version version = 0;
  ASSERT_EQ(get_info(CL_LAYER_API_VERSION, sizeof version, &version, nullptr), CL_SUCCESS);
  ASSERT_EQ(version, static_cast<cl_layer_api_version>(CL_LAYER_API_VERSION_100));

  const cl_layer_properties properties[] = {0};
  cl_uint entries = 0;
  const cl_icd_dispatch* table = nullptr;
  ASSERT_EQ(init(sizeof(cl_icd_dispatch) / sizeof(void*), below, &entries, &table, properties),
            CL_SUCCESS);
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(entries, sizeof(cl_icd_dispatch) / sizeof(void*));
  EXPECT_NE(table, below);

  cl_platform_id platform = nullptr;
  ASSERT_EQ(table->clGetPlatformIDs(1, &platform, nullptr), CL_SUCCESS);
  EXPECT_EQ(platform, icd_platform);
  cl_device_id device = nullptr;
  ASSERT_EQ(table->clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr), CL_SUCCESS);
  cl_int err = CL_INVALID_VALUE;
  cl_context context = table->clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  // The fake's fault: a buffer of zero bytes succeeds (the spec demands CL_INVALID_BUFFER_SIZE).
  cl_mem empty = table->clCreateBuffer(context, CL_MEM_READ_WRITE, 0, nullptr, &err);
  EXPECT_EQ(err, CL_SUCCESS);  // the layer does not change the answer
  EXPECT_NE(empty, nullptr);
  // A released handle is refused by the layer, not forwarded to the fake.
  ASSERT_EQ(table->clReleaseMemObject(empty), CL_SUCCESS);
  EXPECT_EQ(table->clReleaseMemObject(empty), CL_INVALID_MEM_OBJECT);
  // The context is left held: a leak, listed by clDeinitLayer.

  ASSERT_EQ(deinit(), CL_SUCCESS);
  std::ifstream in(report);
  std::stringstream text;
  text << in.rdbuf();
  const std::string findings = text.str();
  EXPECT_NE(findings.find("CreateBufferSizeZero"), std::string::npos) << findings;
  EXPECT_NE(findings.find("already released"), std::string::npos) << findings;
  EXPECT_NE(findings.find("cl_context"), std::string::npos) << findings;
  EXPECT_NE(findings.find("still has 1 reference"), std::string::npos) << findings;
}

}  // namespace
