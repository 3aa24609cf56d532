// Device entry points (OpenCL 1.2 §4.2-4.3, the 3.0 clGetDeviceInfo page, 2.1+ timers,
// cl_ext_device_fission): every device rule of rules/catalogue/platform.h, the answers of every
// device query and their consistency, and sub-devices.
#include <algorithm>
#include <cstring>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "clvet/rules/info_params.h"
#include "clvet_entry.h"
#include "fixtures.h"

namespace clvet::test {
namespace {

using GetDeviceIDsFn = cl_int(CL_API_CALL*)(cl_platform_id, cl_device_type, cl_uint,
                                            cl_device_id*, cl_uint*);
using CreateSubDevicesEXTFn = cl_int(CL_API_CALL*)(cl_device_id,
                                                   const cl_device_partition_property_ext*,
                                                   cl_uint, cl_device_id*, cl_uint*);
using DeviceEXTFn = cl_int(CL_API_CALL*)(cl_device_id);

class DeviceApi : public WithPlatform {
 protected:
  void SetUp() override {
    WithPlatform::SetUp();
    units = scalar<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS);
  }
  void TearDown() override {
    for (cl_device_id d : made) clReleaseDevice(d);
  }

  template <class T> T scalar(cl_device_id d, cl_device_info param) {
    T value{};
    size_t size = 0;
    EXPECT_EQ(clGetDeviceInfo(d, param, sizeof value, &value, &size), CL_SUCCESS) << param;
    EXPECT_EQ(size, sizeof value) << param;
    return value;
  }
  template <class T> std::vector<T> array(cl_device_id d, cl_device_info param) {
    size_t size = 0;
    EXPECT_EQ(clGetDeviceInfo(d, param, 0, nullptr, &size), CL_SUCCESS) << param;
    EXPECT_EQ(size % sizeof(T), 0u) << param;
    std::vector<T> values(size / sizeof(T));
    EXPECT_EQ(clGetDeviceInfo(d, param, size, values.data(), nullptr), CL_SUCCESS) << param;
    return values;
  }
  std::set<std::string> names(cl_device_info param) {
    std::set<std::string> result;
    for (const cl_name_version& v : array<cl_name_version>(device, param)) result.insert(v.name);
    return result;
  }

  // Sub-devices of `in`, kept for release at the end of the test.
  std::vector<cl_device_id> partition(cl_device_id in,
                                      std::vector<cl_device_partition_property> properties) {
    cl_uint count = 0;
    EXPECT_EQ(clCreateSubDevices(in, properties.data(), 0, nullptr, &count), CL_SUCCESS);
    std::vector<cl_device_id> out(count);
    cl_uint again = 0;
    EXPECT_EQ(clCreateSubDevices(in, properties.data(), count, out.data(), &again), CL_SUCCESS);
    EXPECT_EQ(again, count);
    made.insert(made.end(), out.begin(), out.end());
    return out;
  }
  // A released sub-device (clvet quarantines it, so the loader can still read it).
  cl_device_id released_sub_device() {
    cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
    std::vector<cl_device_id> out(units);
    EXPECT_EQ(clCreateSubDevices(device, equally, units, out.data(), nullptr), CL_SUCCESS);
    for (cl_device_id d : out) clReleaseDevice(d);
    return out[0];
  }
  cl_device_id not_a_device(cl_context context) { return reinterpret_cast<cl_device_id>(context); }
  cl_context live_context() {
    cl_int err;
    cl_context c = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return c;
  }
  void need_two_units() {
    if (units < 2) GTEST_SKIP() << "the host has one core: the device cannot be partitioned";
  }

  cl_uint units = 0;
  std::vector<cl_device_id> made;
};

// --- §4.2 clGetDeviceIDs ---------------------------------------------------------------------

// §4.2 table 4.2: the one CPU device answers CPU, DEFAULT and ALL, and any mask with CPU.
// Every clGetDeviceInfo parameter of the API table's info parameters that the device
// supports (core, or of an extension it lists) is answered in the shape and type the spec's
// table gives it (clvet/rules/info_params.def).
TEST_F(DeviceApi, AnswersEveryQueryOfTheInfoTableInItsType) {
  const std::string extensions = device_string(device, CL_DEVICE_EXTENSIONS);
  int answered = 0;
  for (const api::InfoParam& p : api::info_params("cl_device_info")) {
    if (p.since.starts_with("cl_") && extensions.find(p.since) == std::string::npos) continue;
    size_t size = 0;
    ASSERT_EQ(clGetDeviceInfo(device, p.value, 0, nullptr, &size), CL_SUCCESS) << p.name;
    EXPECT_TRUE(p.size_fits(size)) << p.name << ": " << size << " bytes of " << p.type;
    std::vector<unsigned char> value(size);
    ASSERT_EQ(clGetDeviceInfo(device, p.value, size, value.data(), nullptr), CL_SUCCESS) << p.name;
    if (p.shape == api::InfoShape::String) {
      EXPECT_TRUE(size >= 1 && value.back() == '\0' &&
                  std::strlen(reinterpret_cast<char*>(value.data())) == size - 1)
          << p.name;
    }
    ++answered;
  }
  EXPECT_GE(answered, 110);
}

TEST_F(DeviceApi, GetDeviceIDsMatchesCpuDefaultAndAll) {
  for (cl_device_type type : std::initializer_list<cl_device_type>{
           CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_DEFAULT, CL_DEVICE_TYPE_ALL,
           CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU}) {
    cl_uint count = 0;
    cl_device_id found = nullptr;
    EXPECT_EQ(clGetDeviceIDs(platform, type, 1, &found, &count), CL_SUCCESS) << type;
    EXPECT_EQ(count, 1u);
    EXPECT_EQ(found, device);
  }
}

// §4.2: CL_INVALID_PLATFORM if platform is not a valid platform (past the loader, which would
// answer a platform it does not know itself).
TEST_F(DeviceApi, GetDeviceIDsInvalidPlatform) {
  auto get_ids = clvet_entry<GetDeviceIDsFn>("clGetDeviceIDs");
  ASSERT_NE(get_ids, nullptr);
  cl_uint count;
  EXPECT_RULE(get_ids(nullptr, CL_DEVICE_TYPE_ALL, 0, nullptr, &count), CL_INVALID_PLATFORM,
              "GetDeviceIDsInvalidPlatform");
  EXPECT_RULE(get_ids(reinterpret_cast<cl_platform_id>(device), CL_DEVICE_TYPE_ALL, 0, nullptr,
                      &count),
              CL_INVALID_PLATFORM, "GetDeviceIDsInvalidPlatform");
}

// §4.2: CL_INVALID_DEVICE_TYPE if device_type is not a valid value.
TEST_F(DeviceApi, GetDeviceIDsInvalidDeviceType) {
  cl_uint count;
  EXPECT_RULE(clGetDeviceIDs(platform, 0, 0, nullptr, &count), CL_INVALID_DEVICE_TYPE,
              "GetDeviceIDsInvalidDeviceType");
  EXPECT_RULE(clGetDeviceIDs(platform, cl_device_type{1} << 40, 0, nullptr, &count),
              CL_INVALID_DEVICE_TYPE, "GetDeviceIDsInvalidDeviceType");
}

// §4.2: CL_INVALID_VALUE if num_entries is 0 and devices is not NULL, or both num_devices and
// devices are NULL.
TEST_F(DeviceApi, GetDeviceIDsBadArguments) {
  cl_device_id d;
  EXPECT_RULE(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, &d, nullptr), CL_INVALID_VALUE,
              "GetDeviceIDsBadArguments");
  EXPECT_RULE(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, nullptr, nullptr), CL_INVALID_VALUE,
              "GetDeviceIDsBadArguments");
}

// §4.2: CL_DEVICE_NOT_FOUND if no device matches device_type.
TEST_F(DeviceApi, GetDeviceIDsNotFound) {
  cl_uint count = 7;
  for (cl_device_type type : {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_CUSTOM})
    EXPECT_RULE(clGetDeviceIDs(platform, type, 0, nullptr, &count), CL_DEVICE_NOT_FOUND,
                "GetDeviceIDsNotFound");
}

// --- §4.2 clGetDeviceInfo --------------------------------------------------------------------

// The size every query of the 3.0 clGetDeviceInfo page returns; 0: a string or an array.
struct Query {
  cl_device_info param;
  size_t size;
  size_t element;  // arrays: the size of one element; strings: 1
};

constexpr size_t kU = sizeof(cl_uint), kS = sizeof(size_t), kL = sizeof(cl_ulong),
                 kB = sizeof(cl_bool), kNV = sizeof(cl_name_version),
                 kP = sizeof(cl_device_partition_property);

const Query kQueries[] = {
    {CL_DEVICE_TYPE, kL, 0}, {CL_DEVICE_VENDOR_ID, kU, 0}, {CL_DEVICE_MAX_COMPUTE_UNITS, kU, 0},
    {CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, kU, 0}, {CL_DEVICE_MAX_WORK_ITEM_SIZES, 0, kS},
    {CL_DEVICE_MAX_WORK_GROUP_SIZE, kS, 0},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, kU, 0}, {CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, kU, 0},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, kU, 0}, {CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, kU, 0},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, kU, 0},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, kU, 0},
    {CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, kU, 0}, {CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, kU, 0},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, kU, 0}, {CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, kU, 0},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, kU, 0}, {CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, kU, 0},
    {CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, kU, 0}, {CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, kU, 0},
    {CL_DEVICE_MAX_CLOCK_FREQUENCY, kU, 0}, {CL_DEVICE_ADDRESS_BITS, kU, 0},
    {CL_DEVICE_MAX_MEM_ALLOC_SIZE, kL, 0}, {CL_DEVICE_IMAGE_SUPPORT, kB, 0},
    {CL_DEVICE_MAX_READ_IMAGE_ARGS, kU, 0}, {CL_DEVICE_MAX_WRITE_IMAGE_ARGS, kU, 0},
    {CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, kU, 0}, {CL_DEVICE_IL_VERSION, 0, 1},
    {CL_DEVICE_ILS_WITH_VERSION, 0, kNV}, {CL_DEVICE_IMAGE2D_MAX_WIDTH, kS, 0},
    {CL_DEVICE_IMAGE2D_MAX_HEIGHT, kS, 0}, {CL_DEVICE_IMAGE3D_MAX_WIDTH, kS, 0},
    {CL_DEVICE_IMAGE3D_MAX_HEIGHT, kS, 0}, {CL_DEVICE_IMAGE3D_MAX_DEPTH, kS, 0},
    {CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, kS, 0}, {CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, kS, 0},
    {CL_DEVICE_MAX_SAMPLERS, kU, 0}, {CL_DEVICE_IMAGE_PITCH_ALIGNMENT, kU, 0},
    {CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, kU, 0}, {CL_DEVICE_MAX_PIPE_ARGS, kU, 0},
    {CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, kU, 0}, {CL_DEVICE_PIPE_MAX_PACKET_SIZE, kU, 0},
    {CL_DEVICE_MAX_PARAMETER_SIZE, kS, 0}, {CL_DEVICE_MEM_BASE_ADDR_ALIGN, kU, 0},
    {CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, kU, 0}, {CL_DEVICE_SINGLE_FP_CONFIG, kL, 0},
    {CL_DEVICE_DOUBLE_FP_CONFIG, kL, 0}, {CL_DEVICE_HALF_FP_CONFIG, kL, 0},
    {CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, kU, 0},
    {CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, kU, 0}, {CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, kL, 0},
    {CL_DEVICE_GLOBAL_MEM_SIZE, kL, 0}, {CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, kL, 0},
    {CL_DEVICE_MAX_CONSTANT_ARGS, kU, 0}, {CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, kS, 0},
    {CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE, kS, 0}, {CL_DEVICE_LOCAL_MEM_TYPE, kU, 0},
    {CL_DEVICE_LOCAL_MEM_SIZE, kL, 0}, {CL_DEVICE_ERROR_CORRECTION_SUPPORT, kB, 0},
    {CL_DEVICE_HOST_UNIFIED_MEMORY, kB, 0}, {CL_DEVICE_PROFILING_TIMER_RESOLUTION, kS, 0},
    {CL_DEVICE_ENDIAN_LITTLE, kB, 0}, {CL_DEVICE_AVAILABLE, kB, 0},
    {CL_DEVICE_COMPILER_AVAILABLE, kB, 0}, {CL_DEVICE_LINKER_AVAILABLE, kB, 0},
    {CL_DEVICE_EXECUTION_CAPABILITIES, kL, 0}, {CL_DEVICE_QUEUE_PROPERTIES, kL, 0},
    {CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, kL, 0}, {CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, kL, 0},
    {CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, kU, 0}, {CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, kU, 0},
    {CL_DEVICE_MAX_ON_DEVICE_QUEUES, kU, 0}, {CL_DEVICE_MAX_ON_DEVICE_EVENTS, kU, 0},
    {CL_DEVICE_BUILT_IN_KERNELS, 0, 1}, {CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, 0, kNV},
    {CL_DEVICE_PLATFORM, sizeof(cl_platform_id), 0}, {CL_DEVICE_NAME, 0, 1},
    {CL_DEVICE_VENDOR, 0, 1}, {CL_DRIVER_VERSION, 0, 1}, {CL_DEVICE_PROFILE, 0, 1},
    {CL_DEVICE_VERSION, 0, 1}, {CL_DEVICE_NUMERIC_VERSION, sizeof(cl_version), 0},
    {CL_DEVICE_OPENCL_C_VERSION, 0, 1}, {CL_DEVICE_OPENCL_C_ALL_VERSIONS, 0, kNV},
    {CL_DEVICE_OPENCL_C_FEATURES, 0, kNV}, {CL_DEVICE_EXTENSIONS, 0, 1},
    {CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, kNV}, {CL_DEVICE_PRINTF_BUFFER_SIZE, kS, 0},
    {CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, kB, 0},
    {CL_DEVICE_PARENT_DEVICE, sizeof(cl_device_id), 0},
    {CL_DEVICE_PARTITION_MAX_SUB_DEVICES, kU, 0}, {CL_DEVICE_PARTITION_PROPERTIES, 0, kP},
    {CL_DEVICE_PARTITION_AFFINITY_DOMAIN, kL, 0}, {CL_DEVICE_PARTITION_TYPE, 0, kP},
    {CL_DEVICE_REFERENCE_COUNT, kU, 0}, {CL_DEVICE_SVM_CAPABILITIES, kL, 0},
    {CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT, kU, 0},
    {CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT, kU, 0},
    {CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT, kU, 0}, {CL_DEVICE_MAX_NUM_SUB_GROUPS, kU, 0},
    {CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, kB, 0},
    {CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, kL, 0}, {CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, kL, 0},
    {CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, kB, 0},
    {CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, kB, 0},
    {CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, kB, 0},
    {CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, kL, 0}, {CL_DEVICE_PIPE_SUPPORT, kB, 0},
    {CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, kS, 0},
    {CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED, 0, 1},
    // cl_khr_device_uuid and cl_khr_extended_versioning, which the device advertises.
    {CL_DEVICE_UUID_KHR, CL_UUID_SIZE_KHR, 0}, {CL_DRIVER_UUID_KHR, CL_UUID_SIZE_KHR, 0},
    {CL_DEVICE_LUID_VALID_KHR, kB, 0}, {CL_DEVICE_LUID_KHR, CL_LUID_SIZE_KHR, 0},
    {CL_DEVICE_NODE_MASK_KHR, kU, 0}, {CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR, kU, 0},
};

// 3.0 clGetDeviceInfo: every query of the page succeeds with the size of its return type, on
// the root device and on a sub-device; strings are NUL-terminated; a buffer one byte too
// small is CL_INVALID_VALUE.
TEST_F(DeviceApi, EveryQueryAnswersWithItsTypesSize) {
  std::vector<cl_device_id> devices = {device};
  if (units >= 2) devices.push_back(partition(device, {CL_DEVICE_PARTITION_EQUALLY, 1, 0})[0]);
  for (cl_device_id d : devices) {
    for (const Query& q : kQueries) {
      size_t size = 0;
      ASSERT_EQ(clGetDeviceInfo(d, q.param, 0, nullptr, &size), CL_SUCCESS) << std::hex << q.param;
      if (q.size) {
        EXPECT_EQ(size, q.size) << std::hex << q.param;
      } else {
        EXPECT_EQ(size % q.element, 0u) << std::hex << q.param;
      }
      std::vector<unsigned char> value(size + 1, 0xEE);
      size_t again = 0;
      EXPECT_EQ(clGetDeviceInfo(d, q.param, size, value.data(), &again), CL_SUCCESS);
      EXPECT_EQ(again, size);
      EXPECT_EQ(value[size], 0xEE) << "wrote past param_value_size for " << std::hex << q.param;
      if (q.element == 1) {
        ASSERT_GE(size, 1u);
        EXPECT_EQ(value[size - 1], 0) << std::hex << q.param;
      }
      if (size > 0) {
        clear_last_rule();
        EXPECT_EQ(clGetDeviceInfo(d, q.param, size - 1, value.data(), nullptr), CL_INVALID_VALUE);
        EXPECT_EQ(last_rule(), "GetDeviceInfoBadParam");
      }
    }
  }
}

// §4.2: CL_INVALID_DEVICE if device is not valid: a live object of another kind, a released
// sub-device.
TEST_F(DeviceApi, GetDeviceInfoInvalidDevice) {
  cl_context context = live_context();
  cl_uint value;
  EXPECT_RULE(clGetDeviceInfo(not_a_device(context), CL_DEVICE_MAX_COMPUTE_UNITS, sizeof value,
                              &value, nullptr),
              CL_INVALID_DEVICE, "GetDeviceInfoInvalidDevice");
  clReleaseContext(context);
  if (units < 2) return;
  EXPECT_RULE(clGetDeviceInfo(released_sub_device(), CL_DEVICE_MAX_COMPUTE_UNITS, sizeof value,
                              &value, nullptr),
              CL_INVALID_DEVICE, "GetDeviceInfoInvalidDevice");
}

// §4.2: CL_INVALID_VALUE if param_name is unknown, belongs to an extension the device does not
// support, or param_value_size is smaller than the value.
TEST_F(DeviceApi, GetDeviceInfoBadParam) {
  cl_ulong value;
  EXPECT_RULE(clGetDeviceInfo(device, 0x0FFF, sizeof value, &value, nullptr), CL_INVALID_VALUE,
              "GetDeviceInfoBadParam");
  // cl_khr_terminate_context and cl_ext_device_fission are not supported.
  for (cl_device_info param : {cl_device_info{CL_DEVICE_TERMINATE_CAPABILITY_KHR},
                               cl_device_info{CL_DEVICE_PARENT_DEVICE_EXT}}) {
    size_t size;
    EXPECT_RULE(clGetDeviceInfo(device, param, 0, nullptr, &size), CL_INVALID_VALUE,
                "GetDeviceInfoBadParam");
  }
  EXPECT_RULE(clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_SIZE, 4, &value, nullptr),
              CL_INVALID_VALUE, "GetDeviceInfoBadParam");
}

// 3.0 §4.2 (clGetDeviceInfo): a name the device does not answer (a vendor's, here NVIDIA's
// CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV) is how programs probe for an extension, so its
// CL_INVALID_VALUE is a note citing the clause of the device's version (OpenCL 3.0); a buffer
// too small for an answer is an error.
TEST_F(DeviceApi, ProbingQueryIsANote) {
  using WriteFindings = cl_int(CL_API_CALL*)(const char*);
  auto write = reinterpret_cast<WriteFindings>(
      clGetExtensionFunctionAddressForPlatform(platform, "clvetWriteFindingsCLVET"));
  ASSERT_NE(write, nullptr);
  const std::string path = ::testing::TempDir() + "clvet_probe_findings.json";
  ASSERT_EQ(write(path.c_str()), CL_SUCCESS);  // the findings so far, forgotten
  size_t size = 0;
  EXPECT_EQ(clGetDeviceInfo(device, 0x4000, 0, nullptr, &size), CL_INVALID_VALUE);
  cl_ulong value;
  EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_SIZE, 4, &value, nullptr),
            CL_INVALID_VALUE);
  ASSERT_EQ(write(path.c_str()), CL_SUCCESS);
  std::ifstream in(path);
  const nlohmann::json report = nlohmann::json::parse(in);
  std::vector<std::string> seen;
  for (const nlohmann::json& f : report.at("findings"))
    if (f.value("rule", "") == "GetDeviceInfoBadParam")
      seen.push_back(f.value("severity", "") + " " + f.value("spec", ""));
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<std::string>{"error OpenCL 1.2 §4.2", "note OpenCL 3.0 §4.2"}));
}

// 1.2 §4.2 and §4.4: CL_DEVICE_NOT_FOUND is the spec's answer to a device type the platform
// lacks, and asking for a GPU before falling back to the CPU is what programs do: a note, not
// an error (the layer over PoCL reports nothing for the same calls).
TEST_F(DeviceApi, AskingForAMissingDeviceTypeIsANote) {
  using WriteFindings = cl_int(CL_API_CALL*)(const char*);
  auto write = reinterpret_cast<WriteFindings>(
      clGetExtensionFunctionAddressForPlatform(platform, "clvetWriteFindingsCLVET"));
  ASSERT_NE(write, nullptr);
  const std::string path = ::testing::TempDir() + "clvet_device_type_findings.json";
  ASSERT_EQ(write(path.c_str()), CL_SUCCESS);  // the findings so far, forgotten
  cl_uint count = 0;
  EXPECT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 0, nullptr, &count), CL_DEVICE_NOT_FOUND);
  const cl_context_properties properties[] = {
      CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(platform), 0};
  cl_int err = CL_SUCCESS;
  EXPECT_EQ(clCreateContextFromType(properties, CL_DEVICE_TYPE_GPU, nullptr, nullptr, &err),
            nullptr);
  EXPECT_EQ(err, CL_DEVICE_NOT_FOUND);
  // A bad argument of the same call stays an error.
  EXPECT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, nullptr), CL_INVALID_VALUE);
  ASSERT_EQ(write(path.c_str()), CL_SUCCESS);
  std::ifstream in(path);
  const nlohmann::json report = nlohmann::json::parse(in);
  std::vector<std::string> seen;
  for (const nlohmann::json& f : report.at("findings"))
    seen.push_back(f.value("rule", "") + " " + f.value("severity", ""));
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<std::string>{"CreateContextFromTypeDeviceNotFound note",
                                            "GetDeviceIDsBadArguments error",
                                            "GetDeviceIDsNotFound note"}));
}

// 3.0 clGetDeviceInfo: the CPU device of a 3.0 full-profile platform, with the limits the
// page sets for devices that are not CL_DEVICE_TYPE_CUSTOM.
TEST_F(DeviceApi, AnswersAreThoseOfAFullProfileCpuDevice) {
  EXPECT_EQ(scalar<cl_device_type>(device, CL_DEVICE_TYPE), cl_device_type{CL_DEVICE_TYPE_CPU});
  EXPECT_EQ(scalar<cl_platform_id>(device, CL_DEVICE_PLATFORM), platform);
  EXPECT_EQ(scalar<cl_device_id>(device, CL_DEVICE_PARENT_DEVICE), nullptr);
  EXPECT_EQ(device_string(device, CL_DEVICE_PROFILE), "FULL_PROFILE");
  EXPECT_EQ(device_string(device, CL_DEVICE_VERSION).rfind("OpenCL 3.0 ", 0), 0u);
  const cl_version version = scalar<cl_version>(device, CL_DEVICE_NUMERIC_VERSION);
  EXPECT_EQ(CL_VERSION_MAJOR(version), 3u);
  EXPECT_EQ(CL_VERSION_MINOR(version), 0u);
  EXPECT_GE(units, 1u);
  EXPECT_EQ(scalar<cl_bool>(device, CL_DEVICE_AVAILABLE), cl_bool{CL_TRUE});
  EXPECT_EQ(scalar<cl_bool>(device, CL_DEVICE_COMPILER_AVAILABLE), cl_bool{CL_TRUE});
  EXPECT_EQ(scalar<cl_bool>(device, CL_DEVICE_LINKER_AVAILABLE), cl_bool{CL_TRUE});
  EXPECT_TRUE(scalar<cl_device_exec_capabilities>(device, CL_DEVICE_EXECUTION_CAPABILITIES) &
              CL_EXEC_KERNEL);
  const cl_device_fp_config single = scalar<cl_device_fp_config>(device, CL_DEVICE_SINGLE_FP_CONFIG);
  EXPECT_EQ(single & (CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN),
            cl_device_fp_config{CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN});
  EXPECT_GE(scalar<cl_ulong>(device, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE), 64u * 1024);
  EXPECT_GE(scalar<cl_uint>(device, CL_DEVICE_MAX_CONSTANT_ARGS), 8u);
  EXPECT_GE(scalar<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE), 32u * 1024);
  EXPECT_GE(scalar<size_t>(device, CL_DEVICE_MAX_PARAMETER_SIZE), 1024u);
  EXPECT_GE(scalar<size_t>(device, CL_DEVICE_PRINTF_BUFFER_SIZE), 1024u * 1024);
  // long16 is the largest built-in type of the full profile.
  EXPECT_GE(scalar<cl_uint>(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN), 16u * 8 * 8);
  EXPECT_GE(scalar<cl_uint>(device, CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE), 16u * 8);
  const auto on_host = scalar<cl_command_queue_properties>(device, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES);
  EXPECT_TRUE(on_host & CL_QUEUE_PROFILING_ENABLE);
  EXPECT_EQ(scalar<cl_command_queue_properties>(device, CL_DEVICE_QUEUE_PROPERTIES), on_host);
  EXPECT_GT(scalar<size_t>(device, CL_DEVICE_PROFILING_TIMER_RESOLUTION), 0u);
  EXPECT_GT(scalar<cl_uint>(device, CL_DEVICE_MAX_CLOCK_FREQUENCY), 0u);
  EXPECT_TRUE(scalar<cl_uint>(device, CL_DEVICE_ADDRESS_BITS) == 32 ||
              scalar<cl_uint>(device, CL_DEVICE_ADDRESS_BITS) == 64);
}

// 3.0 clGetDeviceInfo: global memory comes from the host, and CL_DEVICE_MAX_MEM_ALLOC_SIZE is
// at least max(min(1 GiB, global / 4), 32 MiB) and at most global memory.
TEST_F(DeviceApi, MemoryLimitsAreConsistent) {
  const cl_ulong global = scalar<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE);
  const cl_ulong max_alloc = scalar<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  EXPECT_GE(global, 128u * 1024 * 1024);
  EXPECT_GE(max_alloc, std::max<cl_ulong>(std::min<cl_ulong>(cl_ulong{1} << 30, global / 4),
                                          32u * 1024 * 1024));
  EXPECT_LE(max_alloc, global);
  EXPECT_GT(scalar<cl_uint>(device, CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE), 0u);
}

// 3.0 clGetDeviceInfo: three dimensions, one size each, every size at least the largest
// work-group, which is at least 1024 work-items.
TEST_F(DeviceApi, WorkItemLimitsAreConsistent) {
  const cl_uint dimensions = scalar<cl_uint>(device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
  EXPECT_EQ(dimensions, 3u);
  const size_t group = scalar<size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  EXPECT_GE(group, 1024u);
  auto sizes = array<size_t>(device, CL_DEVICE_MAX_WORK_ITEM_SIZES);
  ASSERT_EQ(sizes.size(), dimensions);
  for (size_t s : sizes) EXPECT_GE(s, group);
  EXPECT_GE(scalar<size_t>(device, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE), 1u);
}

// 3.0 clGetDeviceInfo: no image support (CLVET_IMAGES=0), so every image limit is 0.
TEST_F(DeviceApi, NoImagesMeansImageLimitsZero) {
  WithoutImages no_images;
  EXPECT_EQ(scalar<cl_bool>(device, CL_DEVICE_IMAGE_SUPPORT), cl_bool{CL_FALSE});
  for (cl_device_info p : {CL_DEVICE_MAX_READ_IMAGE_ARGS, CL_DEVICE_MAX_WRITE_IMAGE_ARGS,
                           CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, CL_DEVICE_MAX_SAMPLERS,
                           CL_DEVICE_IMAGE_PITCH_ALIGNMENT, CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT})
    EXPECT_EQ(scalar<cl_uint>(device, p), 0u) << p;
  for (cl_device_info p : {CL_DEVICE_IMAGE2D_MAX_WIDTH, CL_DEVICE_IMAGE2D_MAX_HEIGHT,
                           CL_DEVICE_IMAGE3D_MAX_WIDTH, CL_DEVICE_IMAGE3D_MAX_HEIGHT,
                           CL_DEVICE_IMAGE3D_MAX_DEPTH, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE,
                           CL_DEVICE_IMAGE_MAX_ARRAY_SIZE})
    EXPECT_EQ(scalar<size_t>(device, p), 0u) << p;
}

// 3.0 clGetDeviceInfo and 2.2 §5.3.2.1: with images, every limit at least the full profile's
// minimum of table 4.3, and the OpenCL C image features claimed.
TEST_F(DeviceApi, ImageLimitsMeetTheMinimums) {
  EXPECT_EQ(scalar<cl_bool>(device, CL_DEVICE_IMAGE_SUPPORT), cl_bool{CL_TRUE});
  EXPECT_GE(scalar<cl_uint>(device, CL_DEVICE_MAX_READ_IMAGE_ARGS), 128u);
  EXPECT_GE(scalar<cl_uint>(device, CL_DEVICE_MAX_WRITE_IMAGE_ARGS), 64u);
  EXPECT_GE(scalar<cl_uint>(device, CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS), 64u);
  EXPECT_GE(scalar<cl_uint>(device, CL_DEVICE_MAX_SAMPLERS), 16u);
  EXPECT_GE(scalar<size_t>(device, CL_DEVICE_IMAGE2D_MAX_WIDTH), 16384u);
  EXPECT_GE(scalar<size_t>(device, CL_DEVICE_IMAGE2D_MAX_HEIGHT), 16384u);
  for (cl_device_info p : {CL_DEVICE_IMAGE3D_MAX_WIDTH, CL_DEVICE_IMAGE3D_MAX_HEIGHT,
                           CL_DEVICE_IMAGE3D_MAX_DEPTH, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE})
    EXPECT_GE(scalar<size_t>(device, p), 2048u) << p;
  EXPECT_GE(scalar<size_t>(device, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE), 65536u);
  // "a power of 2" in pixels.
  for (cl_device_info p : {CL_DEVICE_IMAGE_PITCH_ALIGNMENT, CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT}) {
    const cl_uint v = scalar<cl_uint>(device, p);
    EXPECT_TRUE(v != 0 && (v & (v - 1)) == 0) << p;
  }
}

// 3.0 clGetDeviceInfo: the optional features the device lacks answer "none" consistently
// (pipes, device-side queues); those it has answer as CL_DEVICE_OPENCL_C_FEATURES
// says (buffer SVM, the generic address space, sub-groups of 32 without independent forward
// progress, program-scope variables with the full
// profile's 64 KiB for one).
TEST_F(DeviceApi, OptionalFeaturesAnswerConsistently) {
  EXPECT_EQ(scalar<cl_device_svm_capabilities>(device, CL_DEVICE_SVM_CAPABILITIES),
            cl_device_svm_capabilities{CL_DEVICE_SVM_COARSE_GRAIN_BUFFER |
                                       CL_DEVICE_SVM_FINE_GRAIN_BUFFER});
  const auto features = names(CL_DEVICE_OPENCL_C_FEATURES);
  EXPECT_EQ(scalar<cl_bool>(device, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT) == CL_TRUE,
            features.count("__opencl_c_generic_address_space") == 1);
  EXPECT_EQ(scalar<cl_bool>(device, CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT) == CL_TRUE,
            features.count("__opencl_c_work_group_collective_functions") == 1);
  const bool globals = features.count("__opencl_c_program_scope_global_variables") == 1;
  EXPECT_EQ(scalar<size_t>(device, CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE), globals ? 65536u : 0u);
  EXPECT_EQ(scalar<size_t>(device, CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE) != 0, globals);
  EXPECT_EQ(scalar<cl_bool>(device, CL_DEVICE_PIPE_SUPPORT), cl_bool{CL_FALSE});
  for (cl_device_info p : {CL_DEVICE_MAX_PIPE_ARGS, CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS,
                           CL_DEVICE_PIPE_MAX_PACKET_SIZE, CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE,
                           CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, CL_DEVICE_MAX_ON_DEVICE_QUEUES,
                           CL_DEVICE_MAX_ON_DEVICE_EVENTS})
    EXPECT_EQ(scalar<cl_uint>(device, p), 0u) << p;
  // "The minimum value is 1 if the device supports sub-groups": work-groups of up to
  // CL_DEVICE_MAX_WORK_GROUP_SIZE in sub-groups of 32.
  EXPECT_EQ(scalar<cl_uint>(device, CL_DEVICE_MAX_NUM_SUB_GROUPS),
            (scalar<std::size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE) + 31) / 32);
  EXPECT_EQ(scalar<cl_command_queue_properties>(device, CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES), 0u);
  EXPECT_EQ(scalar<cl_device_device_enqueue_capabilities>(device,
                                                          CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES),
            0u);
  EXPECT_EQ(scalar<cl_bool>(device, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS),
            cl_bool{CL_FALSE});
  // SPIR-V through the translator (3.0 §4.2 CL_DEVICE_IL_VERSION, CL_DEVICE_ILS_WITH_VERSION).
  EXPECT_EQ(device_string(device, CL_DEVICE_IL_VERSION),
            "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4 SPIR-V_1.5 SPIR-V_1.6");
  std::vector<cl_name_version> ils = array<cl_name_version>(device, CL_DEVICE_ILS_WITH_VERSION);
  ASSERT_EQ(ils.size(), 7u);
  for (cl_uint minor = 0; minor < 7; ++minor) {
    EXPECT_STREQ(ils[minor].name, "SPIR-V");
    EXPECT_EQ(ils[minor].version, CL_MAKE_VERSION(1, minor, 0));
  }
  EXPECT_EQ(device_string(device, CL_DEVICE_BUILT_IN_KERNELS), "");
  EXPECT_TRUE(array<cl_name_version>(device, CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION).empty());
  // The mandated minimum atomic capabilities.
  auto memory = scalar<cl_device_atomic_capabilities>(device, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES);
  EXPECT_EQ(memory & (CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP),
            cl_device_atomic_capabilities{CL_DEVICE_ATOMIC_ORDER_RELAXED |
                                          CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP});
  auto fence = scalar<cl_device_atomic_capabilities>(device, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES);
  EXPECT_TRUE(fence & CL_DEVICE_ATOMIC_ORDER_ACQ_REL);
}

// 3.0 clGetDeviceInfo: CL_DEVICE_EXTENSIONS_WITH_VERSION matches CL_DEVICE_EXTENSIONS; the
// OpenCL 1.1 extensions are there; double precision is claimed consistently by cl_khr_fp64,
// CL_DEVICE_DOUBLE_FP_CONFIG, the vector widths and __opencl_c_fp64; the platform lists every
// extension the device supports.
TEST_F(DeviceApi, ExtensionsAndFeaturesAreConsistent) {
  std::set<std::string> from_string;
  std::string list = device_string(device, CL_DEVICE_EXTENSIONS);
  for (size_t start = 0; start < list.size();) {
    size_t end = list.find(' ', start);
    if (end == std::string::npos) end = list.size();
    if (end > start) from_string.insert(list.substr(start, end - start));
    start = end + 1;
  }
  EXPECT_EQ(names(CL_DEVICE_EXTENSIONS_WITH_VERSION), from_string);
  EXPECT_EQ(array<cl_name_version>(device, CL_DEVICE_EXTENSIONS_WITH_VERSION).size(),
            from_string.size());
  for (const char* required : {"cl_khr_byte_addressable_store", "cl_khr_global_int32_base_atomics",
                               "cl_khr_global_int32_extended_atomics",
                               "cl_khr_local_int32_base_atomics",
                               "cl_khr_local_int32_extended_atomics"})
    EXPECT_TRUE(from_string.count(required)) << required;
  const bool fp64 = from_string.count("cl_khr_fp64") != 0;
  const auto features = names(CL_DEVICE_OPENCL_C_FEATURES);
  EXPECT_EQ(fp64, scalar<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG) != 0);
  EXPECT_EQ(fp64, scalar<cl_uint>(device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE) != 0);
  EXPECT_EQ(fp64, features.count("__opencl_c_fp64") != 0);
  EXPECT_TRUE(features.count("__opencl_c_int64"));
  // Half precision likewise: cl_khr_fp16, __opencl_c_fp16, CL_DEVICE_HALF_FP_CONFIG (a query of
  // the extension) and the half vector widths, which are 0 without it.
  const bool fp16 = from_string.count("cl_khr_fp16") != 0;
  EXPECT_EQ(fp16, features.count("__opencl_c_fp16") != 0);
  EXPECT_EQ(fp16, scalar<cl_uint>(device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF) != 0);
  EXPECT_EQ(fp16, scalar<cl_uint>(device, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF) != 0);
  cl_device_fp_config half_config = 0;
  EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_HALF_FP_CONFIG, sizeof half_config, &half_config,
                            nullptr),
            fp16 ? CL_SUCCESS : CL_INVALID_VALUE);
  std::string platform_list = " " + platform_string(platform, CL_PLATFORM_EXTENSIONS) + " ";
  for (const std::string& e : from_string)
    EXPECT_NE(platform_list.find(" " + e + " "), std::string::npos) << e;
}

// The OpenCL extensions that let a SPIR-V module declare a SPIR-V extension (OpenCL SPIR-V
// environment, chapter 5): cl_khr_spirv_no_integer_wrap_decoration, cl_khr_spirv_linkonce_odr
// and cl_khr_expect_assume, each at the version 1.0.0 its extension specification gives, in both
// lists and the platform's.
TEST_F(DeviceApi, SpirvExtensionsAreListedWithTheirVersions) {
  const std::string list = " " + device_string(device, CL_DEVICE_EXTENSIONS) + " ";
  const std::string platform_list = " " + platform_string(platform, CL_PLATFORM_EXTENSIONS) + " ";
  const auto versioned = array<cl_name_version>(device, CL_DEVICE_EXTENSIONS_WITH_VERSION);
  for (const std::string name : {"cl_khr_spirv_no_integer_wrap_decoration",
                                 "cl_khr_spirv_linkonce_odr", "cl_khr_expect_assume"}) {
    EXPECT_NE(list.find(" " + name + " "), std::string::npos) << name;
    EXPECT_NE(platform_list.find(" " + name + " "), std::string::npos) << name;
    const auto found = std::find_if(versioned.begin(), versioned.end(),
                                    [&](const cl_name_version& v) { return v.name == name; });
    ASSERT_NE(found, versioned.end()) << name;
    EXPECT_EQ(found->version, CL_MAKE_VERSION(1, 0, 0)) << name;
  }
}

// 3.0 §4.2 clGetDeviceInfo, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS: "This query must
// return CL_TRUE for devices that support the cl_khr_subgroups extension, and must return CL_FALSE
// for devices that do not support sub-groups". The lockstep device has sub-groups
// (__opencl_c_subgroups, CL_DEVICE_MAX_NUM_SUB_GROUPS above 0) without that progress, so it lists
// the feature and not the extension, neither in CL_DEVICE_EXTENSIONS nor in the versioned list
// nor the platform's; the cl_khr_subgroup_* extensions need no cl_khr_subgroups.
TEST_F(DeviceApi, SubGroupForwardProgressAgreesWithTheExtensionList) {
  const std::string list = " " + device_string(device, CL_DEVICE_EXTENSIONS) + " ";
  const bool extension = list.find(" cl_khr_subgroups ") != std::string::npos;
  const bool progress =
      scalar<cl_bool>(device, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS) == CL_TRUE;
  const bool sub_groups = scalar<cl_uint>(device, CL_DEVICE_MAX_NUM_SUB_GROUPS) > 0;
  if (extension) {
    EXPECT_TRUE(progress) << "cl_khr_subgroups listed without forward progress";
  }
  if (!sub_groups) {
    EXPECT_FALSE(progress) << "forward progress claimed without sub-groups";
  }
  EXPECT_EQ(sub_groups, names(CL_DEVICE_OPENCL_C_FEATURES).count("__opencl_c_subgroups") != 0);
  // What the reference device is: sub-groups in lockstep, hence no progress and no extension.
  EXPECT_TRUE(sub_groups);
  EXPECT_FALSE(progress);
  EXPECT_FALSE(extension);
  EXPECT_EQ(names(CL_DEVICE_EXTENSIONS_WITH_VERSION).count("cl_khr_subgroups"), 0u);
  const std::string platform_list = " " + platform_string(platform, CL_PLATFORM_EXTENSIONS) + " ";
  EXPECT_EQ(platform_list.find(" cl_khr_subgroups "), std::string::npos);
  EXPECT_NE(list.find(" cl_khr_subgroup_ballot "), std::string::npos);
}

// clGetDeviceInfo CL_DEVICE_DOUBLE_FP_CONFIG: a device with double precision that compiles
// OpenCL C 1.2 has the OpenCL 1.0-1.2 minimum, CL_FP_FMA | CL_FP_ROUND_TO_NEAREST |
// CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF | CL_FP_INF_NAN | CL_FP_DENORM (what the CTS's
// min_max_double_fp_config and the math brute-force test ask of every fp64 device); the directed
// modes are pinned where OpenCL C asks for them by tests/kernels/double_rounding_test.cpp.
TEST_F(DeviceApi, DoubleFpConfigHasTheOpenCL12Minimum) {
  const cl_device_fp_config minimum = CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
                                      CL_FP_ROUND_TO_INF | CL_FP_INF_NAN | CL_FP_DENORM;
  EXPECT_EQ(scalar<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG) & minimum, minimum);
}

// cl_khr_fp16's CL_DEVICE_HALF_FP_CONFIG: the extension's minimum is CL_FP_ROUND_TO_ZERO or
// CL_FP_ROUND_TO_NEAREST, with CL_FP_INF_NAN; the reference device keeps denormals (a half
// subnormal is exactly a float) and rounds to nearest even, and its fma is rounded once, which
// tests/kernels/half_test.cpp pins.
TEST_F(DeviceApi, HalfFpConfigSaysWhatTheDeviceDoes) {
  EXPECT_EQ(scalar<cl_device_fp_config>(device, CL_DEVICE_HALF_FP_CONFIG),
            CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA);
  EXPECT_EQ(scalar<cl_uint>(device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF), 8u);
  EXPECT_EQ(scalar<cl_uint>(device, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF), 8u);
}

// 3.0 clGetDeviceInfo CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED: a conformance version in the
// form vYYYY-MM-DD-XX (the CTS's computeinfo conformance_version checks it with this pattern);
// clvet has passed none, and says so with the earliest date the form allows (README).
TEST_F(DeviceApi, LatestConformanceVersionHasTheCtsForm) {
  const std::string version = device_string(device, CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED);
  EXPECT_TRUE(std::regex_match(
      version, std::regex(R"(v\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{2})")))
      << version;
  EXPECT_EQ(version, "v0000-01-01-00");
}

// 3.0 clGetDeviceInfo: the OpenCL C version string is among CL_DEVICE_OPENCL_C_ALL_VERSIONS,
// named "OpenCL C", which for a 3.0 device holds 1.0, 1.1, 1.2 and 3.0.
TEST_F(DeviceApi, OpenCLCVersionsAreConsistent) {
  std::set<cl_version> versions;
  for (const cl_name_version& v : array<cl_name_version>(device, CL_DEVICE_OPENCL_C_ALL_VERSIONS)) {
    EXPECT_STREQ(v.name, "OpenCL C");
    versions.insert(CL_MAKE_VERSION(CL_VERSION_MAJOR(v.version), CL_VERSION_MINOR(v.version), 0));
  }
  for (cl_version required : {CL_MAKE_VERSION(1, 0, 0), CL_MAKE_VERSION(1, 1, 0),
                              CL_MAKE_VERSION(1, 2, 0), CL_MAKE_VERSION(3, 0, 0)})
    EXPECT_TRUE(versions.count(required)) << required;
  const std::string c_version = device_string(device, CL_DEVICE_OPENCL_C_VERSION);
  ASSERT_EQ(c_version.rfind("OpenCL C ", 0), 0u);
  const cl_uint major = static_cast<cl_uint>(c_version[9] - '0');
  const cl_uint minor = static_cast<cl_uint>(c_version[11] - '0');
  EXPECT_TRUE(versions.count(CL_MAKE_VERSION(major, minor, 0))) << c_version;
  const cl_version numeric = scalar<cl_version>(device, CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR);
  EXPECT_EQ(CL_VERSION_MAJOR(numeric), major);
  EXPECT_EQ(CL_VERSION_MINOR(numeric), minor);
}

// cl_khr_device_uuid: a UUID that is not all zeros and stays the same; no valid LUID.
TEST_F(DeviceApi, DeviceUuid) {
  cl_uchar uuid[CL_UUID_SIZE_KHR] = {}, again[CL_UUID_SIZE_KHR] = {}, zero[CL_UUID_SIZE_KHR] = {};
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_UUID_KHR, sizeof uuid, uuid, nullptr), CL_SUCCESS);
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_UUID_KHR, sizeof again, again, nullptr), CL_SUCCESS);
  EXPECT_EQ(std::memcmp(uuid, again, sizeof uuid), 0);
  EXPECT_NE(std::memcmp(uuid, zero, sizeof uuid), 0);
  EXPECT_EQ(scalar<cl_bool>(device, CL_DEVICE_LUID_VALID_KHR), cl_bool{CL_FALSE});
}

// --- 2.1+ §4.2 timers ------------------------------------------------------------------------

// 2.1+ §4.2: device and host timestamps, one clock; later readings are not earlier.
TEST_F(DeviceApi, DeviceAndHostTimer) {
  cl_ulong device_time = 0, host_time = 0;
  ASSERT_EQ(clGetDeviceAndHostTimer(device, &device_time, &host_time), CL_SUCCESS);
  EXPECT_GT(device_time, 0u);
  EXPECT_EQ(device_time, host_time);
  cl_ulong later = 0;
  ASSERT_EQ(clGetHostTimer(device, &later), CL_SUCCESS);
  EXPECT_GE(later, host_time);
}

// 2.1+ §4.2: CL_INVALID_DEVICE if device is not valid; CL_INVALID_VALUE if a timestamp
// pointer is NULL.
TEST_F(DeviceApi, TimerErrors) {
  cl_context context = live_context();
  cl_ulong t;
  EXPECT_RULE(clGetDeviceAndHostTimer(not_a_device(context), &t, &t), CL_INVALID_DEVICE,
              "GetDeviceAndHostTimerInvalidDevice");
  EXPECT_RULE(clGetHostTimer(not_a_device(context), &t), CL_INVALID_DEVICE,
              "GetHostTimerInvalidDevice");
  clReleaseContext(context);
  EXPECT_RULE(clGetDeviceAndHostTimer(device, nullptr, &t), CL_INVALID_VALUE,
              "GetDeviceAndHostTimerNullTimestamp");
  EXPECT_RULE(clGetDeviceAndHostTimer(device, &t, nullptr), CL_INVALID_VALUE,
              "GetDeviceAndHostTimerNullTimestamp");
  EXPECT_RULE(clGetHostTimer(device, nullptr), CL_INVALID_VALUE, "GetHostTimerNullTimestamp");
}

// --- §4.3 partitioning -----------------------------------------------------------------------

// §4.3 table 4.3: a device with two compute units or more lists every scheme, and the L1/L2
// affinity domains (each compute unit has its own) with NEXT_PARTITIONABLE.
TEST_F(DeviceApi, PartitionQueriesOfTheRootDevice) {
  need_two_units();
  auto schemes = array<cl_device_partition_property>(device, CL_DEVICE_PARTITION_PROPERTIES);
  for (cl_device_partition_property s : {CL_DEVICE_PARTITION_EQUALLY, CL_DEVICE_PARTITION_BY_COUNTS,
                                         CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN})
    EXPECT_NE(std::find(schemes.begin(), schemes.end(), s), schemes.end()) << s;
  const auto domains = scalar<cl_device_affinity_domain>(device, CL_DEVICE_PARTITION_AFFINITY_DOMAIN);
  EXPECT_EQ(domains, cl_device_affinity_domain{CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE |
                                               CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE |
                                               CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE});
  const cl_uint max_sub = scalar<cl_uint>(device, CL_DEVICE_PARTITION_MAX_SUB_DEVICES);
  EXPECT_GE(max_sub, 2u);
  EXPECT_LE(max_sub, units);
  // A root device has no partition type: one 0 property.
  EXPECT_EQ(array<cl_device_partition_property>(device, CL_DEVICE_PARTITION_TYPE),
            std::vector<cl_device_partition_property>{0});
}

// §4.3 CL_DEVICE_PARTITION_EQUALLY: floor(units / n) sub-devices of n compute units, whose
// parent is the device and whose partition type is the properties given.
TEST_F(DeviceApi, PartitionEqually) {
  need_two_units();
  auto subs = partition(device, {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  ASSERT_EQ(subs.size(), units);
  std::set<cl_device_id> distinct(subs.begin(), subs.end());
  EXPECT_EQ(distinct.size(), subs.size());
  for (cl_device_id sub : subs) {
    EXPECT_NE(sub, device);
    EXPECT_EQ(scalar<cl_uint>(sub, CL_DEVICE_MAX_COMPUTE_UNITS), 1u);
    EXPECT_EQ(scalar<cl_device_id>(sub, CL_DEVICE_PARENT_DEVICE), device);
    EXPECT_EQ(scalar<cl_platform_id>(sub, CL_DEVICE_PLATFORM), platform);
    EXPECT_EQ(scalar<cl_device_type>(sub, CL_DEVICE_TYPE), cl_device_type{CL_DEVICE_TYPE_CPU});
    EXPECT_EQ(array<cl_device_partition_property>(sub, CL_DEVICE_PARTITION_TYPE),
              (std::vector<cl_device_partition_property>{CL_DEVICE_PARTITION_EQUALLY, 1, 0}));
    // One compute unit cannot be split: no scheme, no affinity domain.
    EXPECT_EQ(array<cl_device_partition_property>(sub, CL_DEVICE_PARTITION_PROPERTIES),
              std::vector<cl_device_partition_property>{0});
    EXPECT_EQ(scalar<cl_device_affinity_domain>(sub, CL_DEVICE_PARTITION_AFFINITY_DOMAIN), 0u);
  }
  if (units >= 3) {
    auto pairs = partition(device, {CL_DEVICE_PARTITION_EQUALLY, 2, 0});
    EXPECT_EQ(pairs.size(), units / 2);
  }
}

// §4.3 CL_DEVICE_PARTITION_BY_COUNTS: one sub-device per count; the compute units add up.
TEST_F(DeviceApi, PartitionByCounts) {
  need_two_units();
  const cl_device_partition_property first = units - 1;
  auto subs = partition(device, {CL_DEVICE_PARTITION_BY_COUNTS, first, 1,
                                 CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0});
  ASSERT_EQ(subs.size(), 2u);
  cl_uint total = 0;
  for (cl_device_id sub : subs) total += scalar<cl_uint>(sub, CL_DEVICE_MAX_COMPUTE_UNITS);
  EXPECT_EQ(total, units);
  EXPECT_EQ(scalar<cl_uint>(subs[0], CL_DEVICE_MAX_COMPUTE_UNITS), units - 1);
  EXPECT_EQ(array<cl_device_partition_property>(subs[1], CL_DEVICE_PARTITION_TYPE),
            (std::vector<cl_device_partition_property>{CL_DEVICE_PARTITION_BY_COUNTS, first, 1,
                                                       CL_DEVICE_PARTITION_BY_COUNTS_LIST_END,
                                                       0}));
}

// §4.3 CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN: NEXT_PARTITIONABLE splits at the first level
// that splits (L2 here, every compute unit sharing NUMA and L3) and CL_DEVICE_PARTITION_TYPE
// names that level.
TEST_F(DeviceApi, PartitionByAffinityDomain) {
  need_two_units();
  auto subs = partition(device, {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
                                 CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE, 0});
  ASSERT_EQ(subs.size(), units);
  EXPECT_EQ(array<cl_device_partition_property>(subs[0], CL_DEVICE_PARTITION_TYPE),
            (std::vector<cl_device_partition_property>{CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
                                                       CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE, 0}));
  auto l1 = partition(device, {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
                               CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE, 0});
  ASSERT_EQ(l1.size(), units);
  EXPECT_EQ(array<cl_device_partition_property>(l1[0], CL_DEVICE_PARTITION_TYPE)[1],
            cl_device_partition_property{CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE});
}

// §4.3: sub-devices can be partitioned again; their parent is the sub-device.
TEST_F(DeviceApi, SubSubDevices) {
  need_two_units();
  auto whole = partition(device, {CL_DEVICE_PARTITION_BY_COUNTS, units,
                                  CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0});
  ASSERT_EQ(whole.size(), 1u);
  EXPECT_EQ(scalar<cl_uint>(whole[0], CL_DEVICE_MAX_COMPUTE_UNITS), units);
  auto subs = partition(whole[0], {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  ASSERT_EQ(subs.size(), units);
  for (cl_device_id sub : subs) {
    EXPECT_EQ(scalar<cl_device_id>(sub, CL_DEVICE_PARENT_DEVICE), whole[0]);
    EXPECT_EQ(scalar<cl_uint>(sub, CL_DEVICE_MAX_COMPUTE_UNITS), 1u);
  }
}

// §4.3 clRetainDevice/clReleaseDevice: a sub-device's count moves, reaching 0 makes the handle
// invalid; a root device's count stays 1.
TEST_F(DeviceApi, RetainAndReleaseCounts) {
  EXPECT_EQ(clRetainDevice(device), CL_SUCCESS);
  EXPECT_EQ(scalar<cl_uint>(device, CL_DEVICE_REFERENCE_COUNT), 1u);
  EXPECT_EQ(clReleaseDevice(device), CL_SUCCESS);
  EXPECT_EQ(clReleaseDevice(device), CL_SUCCESS);
  EXPECT_EQ(scalar<cl_uint>(device, CL_DEVICE_REFERENCE_COUNT), 1u);
  need_two_units();
  cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  std::vector<cl_device_id> subs(units);
  ASSERT_EQ(clCreateSubDevices(device, equally, units, subs.data(), nullptr), CL_SUCCESS);
  cl_device_id sub = subs[0];
  for (size_t i = 1; i < subs.size(); ++i) clReleaseDevice(subs[i]);
  EXPECT_EQ(scalar<cl_uint>(sub, CL_DEVICE_REFERENCE_COUNT), 1u);
  EXPECT_EQ(clRetainDevice(sub), CL_SUCCESS);
  EXPECT_EQ(scalar<cl_uint>(sub, CL_DEVICE_REFERENCE_COUNT), 2u);
  EXPECT_EQ(clReleaseDevice(sub), CL_SUCCESS);
  EXPECT_EQ(scalar<cl_uint>(sub, CL_DEVICE_REFERENCE_COUNT), 1u);
  EXPECT_EQ(clReleaseDevice(sub), CL_SUCCESS);
  cl_uint count;
  EXPECT_RULE(clGetDeviceInfo(sub, CL_DEVICE_REFERENCE_COUNT, sizeof count, &count, nullptr),
              CL_INVALID_DEVICE, "GetDeviceInfoInvalidDevice");
}

// §4.3: CL_INVALID_DEVICE if device is not a valid (sub-)device.
TEST_F(DeviceApi, RetainReleaseInvalidDevice) {
  cl_context context = live_context();
  EXPECT_RULE(clRetainDevice(not_a_device(context)), CL_INVALID_DEVICE, "RetainDeviceInvalidDevice");
  EXPECT_RULE(clReleaseDevice(not_a_device(context)), CL_INVALID_DEVICE,
              "ReleaseDeviceInvalidDevice");
  clReleaseContext(context);
  if (units < 2) return;
  cl_device_id released = released_sub_device();
  EXPECT_RULE(clRetainDevice(released), CL_INVALID_DEVICE, "RetainDeviceInvalidDevice");
  EXPECT_RULE(clReleaseDevice(released), CL_INVALID_DEVICE, "ReleaseDeviceInvalidDevice");
}

// §4.3: CL_INVALID_DEVICE if in_device is not valid.
TEST_F(DeviceApi, CreateSubDevicesInvalidDevice) {
  cl_context context = live_context();
  cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  cl_uint count;
  EXPECT_RULE(clCreateSubDevices(not_a_device(context), equally, 0, nullptr, &count),
              CL_INVALID_DEVICE, "CreateSubDevicesInvalidDevice");
  clReleaseContext(context);
}

// §4.3: CL_INVALID_VALUE if values in properties are not valid (no list, no or an unknown
// scheme, two schemes, n = 0, a value that is not one affinity domain, no count) or are
// valid but not supported by the device (a domain it does not list).
TEST_F(DeviceApi, CreateSubDevicesBadProperties) {
  need_two_units();
  cl_uint count;
  auto expect_bad = [&](std::vector<cl_device_partition_property> properties) {
    EXPECT_RULE(clCreateSubDevices(device, properties.empty() ? nullptr : properties.data(), 0,
                                   nullptr, &count),
                CL_INVALID_VALUE, "CreateSubDevicesBadProperties");
  };
  expect_bad({});
  expect_bad({0});
  expect_bad({0x4321, 1, 0});
  expect_bad({CL_DEVICE_PARTITION_EQUALLY, 1, CL_DEVICE_PARTITION_BY_COUNTS, 1, 0, 0});
  expect_bad({CL_DEVICE_PARTITION_EQUALLY, 0, 0});
  expect_bad({CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN, CL_DEVICE_AFFINITY_DOMAIN_NUMA, 0});
  expect_bad({CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN, CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE, 0});
  expect_bad({CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
              CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE | CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE, 0});
  expect_bad({CL_DEVICE_PARTITION_BY_COUNTS, CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0});
}

// §4.3: CL_INVALID_VALUE if out_devices is not NULL and num_devices is less than the number
// of sub-devices the scheme makes (known up front for EQUALLY, found by the partition for an
// affinity domain).
TEST_F(DeviceApi, CreateSubDevicesTooFewEntries) {
  need_two_units();
  std::vector<cl_device_id> out(units, nullptr);
  cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  EXPECT_RULE(clCreateSubDevices(device, equally, units - 1, out.data(), nullptr),
              CL_INVALID_VALUE, "CreateSubDevicesTooFewEntries");
  cl_device_partition_property by_l1[] = {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
                                          CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE, 0};
  EXPECT_RULE(clCreateSubDevices(device, by_l1, units - 1, out.data(), nullptr), CL_INVALID_VALUE,
              "CreateSubDevicesTooFewEntries");
  EXPECT_EQ(out[0], nullptr);  // nothing was made
}

// §4.3: CL_DEVICE_PARTITION_FAILED if the scheme is supported but in_device cannot be split
// further: a sub-device of one compute unit.
TEST_F(DeviceApi, CreateSubDevicesPartitionFailed) {
  need_two_units();
  cl_device_id single = partition(device, {CL_DEVICE_PARTITION_EQUALLY, 1, 0})[0];
  cl_uint count;
  cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  EXPECT_RULE(clCreateSubDevices(single, equally, 0, nullptr, &count), CL_DEVICE_PARTITION_FAILED,
              "CreateSubDevicesPartitionFailed");
  cl_device_partition_property next[] = {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
                                         CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE, 0};
  EXPECT_RULE(clCreateSubDevices(single, next, 0, nullptr, &count), CL_DEVICE_PARTITION_FAILED,
              "CreateSubDevicesPartitionFailed");
}

// §4.3: CL_DEVICE_PARTITION_FAILED, not CL_INVALID_VALUE, for EQUALLY with a valid n that makes
// no smaller device (table 4.4: "as many smaller aggregate devices as can be created, each
// containing n compute units"): n equal to the device's compute units (the CTS's
// device_partition asks this of every device it splits). Nothing is made.
TEST_F(DeviceApi, CreateSubDevicesEquallyAllUnitsFails) {
  need_two_units();
  {
    cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, units, 0};
    cl_uint count = 77;
    EXPECT_RULE(clCreateSubDevices(device, equally, 0, nullptr, &count),
                CL_DEVICE_PARTITION_FAILED, "CreateSubDevicesPartitionFailed");
    EXPECT_EQ(count, 77u);
    cl_device_id out[2] = {nullptr, nullptr};
    EXPECT_RULE(clCreateSubDevices(device, equally, 2, out, nullptr), CL_DEVICE_PARTITION_FAILED,
                "CreateSubDevicesPartitionFailed");
    EXPECT_EQ(out[0], nullptr);
  }
  // One compute unit fewer is a smaller device.
  cl_device_partition_property fewer[] = {CL_DEVICE_PARTITION_EQUALLY, units - 1, 0};
  cl_uint count = 0;
  EXPECT_EQ(clCreateSubDevices(device, fewer, 0, nullptr, &count), CL_SUCCESS);
  EXPECT_EQ(count, units / (units - 1));
}

// §4.3: CL_INVALID_DEVICE_PARTITION_COUNT for BY_COUNTS asking for more compute units or
// sub-devices than the device has, or a negative count; and for EQUALLY asking for more
// compute units than the device has ("the total number of compute units requested exceeds",
// as the Khronos CTS's api negative_create_sub_devices reads it).
TEST_F(DeviceApi, CreateSubDevicesInvalidCount) {
  need_two_units();
  cl_uint count;
  const auto u = static_cast<cl_device_partition_property>(units);
  std::vector<std::vector<cl_device_partition_property>> bad = {
      {CL_DEVICE_PARTITION_BY_COUNTS, u, 1, CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0},
      {CL_DEVICE_PARTITION_BY_COUNTS, u + 1, CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0},
      {CL_DEVICE_PARTITION_BY_COUNTS, 1, -1, CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0},
  };
  std::vector<cl_device_partition_property> too_many = {CL_DEVICE_PARTITION_BY_COUNTS};
  too_many.insert(too_many.end(), units + 1, 1);
  too_many.insert(too_many.end(), {CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0});
  bad.push_back(too_many);
  bad.push_back({CL_DEVICE_PARTITION_EQUALLY, u + 1, 0});
  bad.push_back({CL_DEVICE_PARTITION_EQUALLY, 2 * u, 0});
  for (auto& properties : bad)
    EXPECT_RULE(clCreateSubDevices(device, properties.data(), 0, nullptr, &count),
                CL_INVALID_DEVICE_PARTITION_COUNT, "CreateSubDevicesInvalidCount");
}

// 1.2 §5.6.2: "A program binary ... built for a parent device can be used by all its
// sub-devices. If a program binary has not been built for a sub-device, the program binary
// associated with the parent device will be used." A program of a context holding a device and
// two of its sub-devices, built for the parent alone: each sub-device reports the parent's
// build and runs its kernel (the Khronos CTS's device_partition checks both). Built for a
// sub-device alone, the parent has no build: a binary passes down, never up.
TEST_F(DeviceApi, SubDevicesUseTheParentsBuild) {
  need_two_units();
  auto subs = partition(device, {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  cl_device_id devices[] = {device, subs[0], subs[1]};
  cl_int err = CL_SUCCESS;
  cl_context context = clCreateContext(nullptr, 3, devices, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const char* source = "kernel void triple(global int* out) { out[get_global_id(0)] = 3 * get_global_id(0); }";
  auto status = [](cl_program p, cl_device_id d) {
    cl_build_status s = CL_BUILD_ERROR;
    EXPECT_EQ(clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_STATUS, sizeof s, &s, nullptr), CL_SUCCESS);
    return s;
  };
  cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(program, 1, &device, nullptr, nullptr, nullptr), CL_SUCCESS);
  for (cl_device_id d : devices) EXPECT_EQ(status(program, d), CL_BUILD_SUCCESS);
  cl_kernel kernel = clCreateKernel(program, "triple", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, 64 * sizeof(cl_int), nullptr, &err);
  ASSERT_EQ(clSetKernelArg(kernel, 0, sizeof out, &out), CL_SUCCESS);
  for (cl_device_id sub : subs) {
    cl_command_queue queue = clCreateCommandQueueWithProperties(context, sub, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    const std::size_t global = 64;
    ASSERT_EQ(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<cl_int> got(64, -1);
    ASSERT_EQ(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 64 * sizeof(cl_int), got.data(), 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
    for (int i = 0; i < 64; ++i) EXPECT_EQ(got[i], 3 * i);
    clReleaseCommandQueue(queue);
  }
  clReleaseMemObject(out);
  clReleaseKernel(kernel);
  clReleaseProgram(program);

  program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
  ASSERT_EQ(clBuildProgram(program, 1, &subs[0], nullptr, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(status(program, subs[0]), CL_BUILD_SUCCESS);
  EXPECT_EQ(status(program, device), CL_BUILD_NONE);
  EXPECT_EQ(status(program, subs[1]), CL_BUILD_NONE);
  clReleaseProgram(program);
  clReleaseContext(context);
}

// --- cl_ext_device_fission (the device does not advertise it; reached past the loader) -------

class DeviceFissionEXT : public DeviceApi {
 protected:
  void SetUp() override {
    DeviceApi::SetUp();
    create = clvet_entry<CreateSubDevicesEXTFn>("clCreateSubDevicesEXT");
    retain = clvet_entry<DeviceEXTFn>("clRetainDeviceEXT");
    release = clvet_entry<DeviceEXTFn>("clReleaseDeviceEXT");
    ASSERT_TRUE(create && retain && release);
  }
  CreateSubDevicesEXTFn create = nullptr;
  DeviceEXTFn retain = nullptr, release = nullptr;
};

// cl_ext_device_fission: EQUALLY_EXT and BY_NAMES_EXT make sub-devices with their own counts;
// retain and release move a sub-device's count and leave a root device's alone.
TEST_F(DeviceFissionEXT, PartitionsAndCounts) {
  need_two_units();
  cl_device_partition_property_ext equally[] = {CL_DEVICE_PARTITION_EQUALLY_EXT, 1,
                                                CL_PROPERTIES_LIST_END_EXT};
  cl_uint count = 0;
  ASSERT_EQ(create(device, equally, 0, nullptr, &count), CL_SUCCESS);
  EXPECT_EQ(count, units);
  std::vector<cl_device_id> subs(count);
  ASSERT_EQ(create(device, equally, count, subs.data(), nullptr), CL_SUCCESS);
  made.insert(made.end(), subs.begin(), subs.end());
  EXPECT_EQ(scalar<cl_device_id>(subs[0], CL_DEVICE_PARENT_DEVICE), device);
  EXPECT_EQ(retain(subs[0]), CL_SUCCESS);
  EXPECT_EQ(scalar<cl_uint>(subs[0], CL_DEVICE_REFERENCE_COUNT), 2u);
  EXPECT_EQ(release(subs[0]), CL_SUCCESS);
  EXPECT_EQ(scalar<cl_uint>(subs[0], CL_DEVICE_REFERENCE_COUNT), 1u);
  EXPECT_EQ(retain(device), CL_SUCCESS);
  EXPECT_EQ(release(device), CL_SUCCESS);
  EXPECT_EQ(scalar<cl_uint>(device, CL_DEVICE_REFERENCE_COUNT), 1u);

  cl_device_partition_property_ext names[] = {CL_DEVICE_PARTITION_BY_NAMES_EXT, 0, 1,
                                              CL_PARTITION_BY_NAMES_LIST_END_EXT,
                                              CL_PROPERTIES_LIST_END_EXT};
  cl_device_id named = nullptr;
  ASSERT_EQ(create(device, names, 1, &named, &count), CL_SUCCESS);
  made.push_back(named);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(scalar<cl_uint>(named, CL_DEVICE_MAX_COMPUTE_UNITS), 2u);
}

// cl_ext_device_fission: CL_INVALID_DEVICE for a handle that is not a device.
TEST_F(DeviceFissionEXT, InvalidDevice) {
  cl_context context = live_context();
  cl_device_partition_property_ext equally[] = {CL_DEVICE_PARTITION_EQUALLY_EXT, 1, 0};
  cl_uint count;
  EXPECT_RULE(create(not_a_device(context), equally, 0, nullptr, &count), CL_INVALID_DEVICE,
              "CreateSubDevicesEXTInvalidDevice");
  EXPECT_RULE(retain(not_a_device(context)), CL_INVALID_DEVICE, "RetainDeviceEXTInvalidDevice");
  EXPECT_RULE(release(not_a_device(context)), CL_INVALID_DEVICE, "ReleaseDeviceEXTInvalidDevice");
  clReleaseContext(context);
}

// cl_ext_device_fission: CL_INVALID_VALUE for an unknown key or affinity domain, a missing
// list, or bad num_entries/out_devices/num_devices.
TEST_F(DeviceFissionEXT, InvalidValue) {
  cl_uint count;
  cl_device_partition_property_ext unknown[] = {0x4321, 1, 0};
  EXPECT_RULE(create(device, unknown, 0, nullptr, &count), CL_INVALID_VALUE,
              "CreateSubDevicesEXTBadProperties");
  EXPECT_RULE(create(device, nullptr, 0, nullptr, &count), CL_INVALID_VALUE,
              "CreateSubDevicesEXTBadProperties");
  cl_device_partition_property_ext domain[] = {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN_EXT, 0x7, 0};
  EXPECT_RULE(create(device, domain, 0, nullptr, &count), CL_INVALID_VALUE,
              "CreateSubDevicesEXTBadProperties");
  cl_device_partition_property_ext equally[] = {CL_DEVICE_PARTITION_EQUALLY_EXT, 1, 0};
  cl_device_id out;
  EXPECT_RULE(create(device, equally, 0, &out, nullptr), CL_INVALID_VALUE,
              "CreateSubDevicesEXTBadArguments");
  EXPECT_RULE(create(device, equally, 1, nullptr, nullptr), CL_INVALID_VALUE,
              "CreateSubDevicesEXTBadArguments");
}

// cl_ext_device_fission: CL_DEVICE_PARTITION_FAILED_EXT where the compute units share the
// cache level asked for (L3, NUMA), or the device has one compute unit.
TEST_F(DeviceFissionEXT, PartitionFailed) {
  need_two_units();
  cl_uint count;
  for (cl_device_partition_property_ext d : {CL_AFFINITY_DOMAIN_L3_CACHE_EXT, CL_AFFINITY_DOMAIN_NUMA_EXT}) {
    cl_device_partition_property_ext domain[] = {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN_EXT, d, 0};
    EXPECT_RULE(create(device, domain, 0, nullptr, &count), CL_DEVICE_PARTITION_FAILED_EXT,
                "CreateSubDevicesEXTPartitionFailed");
  }
  cl_device_id single = partition(device, {CL_DEVICE_PARTITION_EQUALLY, 1, 0})[0];
  cl_device_partition_property_ext equally[] = {CL_DEVICE_PARTITION_EQUALLY_EXT, 1, 0};
  EXPECT_RULE(create(single, equally, 0, nullptr, &count), CL_DEVICE_PARTITION_FAILED_EXT,
              "CreateSubDevicesEXTPartitionFailed");
}

// cl_ext_device_fission: CL_INVALID_PARTITION_COUNT_EXT for N = 0, more units than the device
// has, a count below 1; CL_INVALID_PARTITION_NAME_EXT for a name out of range or repeated.
TEST_F(DeviceFissionEXT, InvalidCountAndName) {
  need_two_units();
  cl_uint count;
  const cl_device_partition_property_ext u = units;
  cl_device_partition_property_ext zero[] = {CL_DEVICE_PARTITION_EQUALLY_EXT, 0, 0};
  EXPECT_RULE(create(device, zero, 0, nullptr, &count), CL_INVALID_PARTITION_COUNT_EXT,
              "CreateSubDevicesEXTInvalidCount");
  cl_device_partition_property_ext too_many[] = {CL_DEVICE_PARTITION_BY_COUNTS_EXT, u, 1,
                                                 CL_PARTITION_BY_COUNTS_LIST_END_EXT, 0};
  EXPECT_RULE(create(device, too_many, 0, nullptr, &count), CL_INVALID_PARTITION_COUNT_EXT,
              "CreateSubDevicesEXTInvalidCount");
  cl_device_partition_property_ext out_of_range[] = {CL_DEVICE_PARTITION_BY_NAMES_EXT, 0, u,
                                                     CL_PARTITION_BY_NAMES_LIST_END_EXT, 0};
  EXPECT_RULE(create(device, out_of_range, 0, nullptr, &count), CL_INVALID_PARTITION_NAME_EXT,
              "CreateSubDevicesEXTInvalidName");
  cl_device_partition_property_ext twice[] = {CL_DEVICE_PARTITION_BY_NAMES_EXT, 1, 1,
                                              CL_PARTITION_BY_NAMES_LIST_END_EXT, 0};
  EXPECT_RULE(create(device, twice, 0, nullptr, &count), CL_INVALID_PARTITION_NAME_EXT,
              "CreateSubDevicesEXTInvalidName");
}

}  // namespace
}  // namespace clvet::test
