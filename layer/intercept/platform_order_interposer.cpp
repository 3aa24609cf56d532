// clGetPlatformIDs answered in CLVET_PLATFORM_ORDER's order (layer/options/platform_order.h).
#include "platform_order_interposer.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "dispatch.h"
#include "findings.h"
#include "notes.h"
#include "options.h"
#include "platform_order.h"

namespace clvet::layer::platform_order_interposer {
namespace {

using platform_order::Identity;
using platform_order::Listed;

struct Driver {
  decltype(cl_icd_dispatch::clGetPlatformIDs) platform_ids = nullptr;
  decltype(cl_icd_dispatch::clGetPlatformInfo) platform_info = nullptr;
};

// Set at clInitLayer time, before any application call; only read afterwards.
Driver g_driver;
std::vector<Identity>* g_order = nullptr;  // never destroyed: wrappers may run during exit

std::string platform_string(cl_platform_id platform, cl_platform_info param) {
  std::size_t size = 0;
  if (g_driver.platform_info(platform, param, 0, nullptr, &size) != CL_SUCCESS || size == 0)
    return {};
  std::string value(size, '\0');
  if (g_driver.platform_info(platform, param, size, value.data(), nullptr) != CL_SUCCESS) return {};
  value.resize(std::strlen(value.c_str()));
  return value;
}

// OpenCL 1.2 §4.1: num_platforms is the number available whatever num_entries is, and the
// first num_entries of the list go into platforms. The list is the reordered one, so that an
// application asking for one platform gets the first of its own loader's order; the driver is
// asked for all of them even when the application wants fewer.
cl_int CL_API_CALL get_platform_ids(cl_uint num_entries, cl_platform_id* platforms,
                                    cl_uint* num_platforms) {
  // Counting only, or arguments the driver must refuse: nothing to order.
  if (platforms == nullptr || num_entries == 0)
    return g_driver.platform_ids(num_entries, platforms, num_platforms);
  cl_uint count = 0;
  cl_int result = g_driver.platform_ids(0, nullptr, &count);
  if (result != CL_SUCCESS || count == 0)
    return g_driver.platform_ids(num_entries, platforms, num_platforms);
  std::vector<cl_platform_id> all(count);
  cl_uint listed_count = 0;
  result = g_driver.platform_ids(count, all.data(), &listed_count);
  if (result != CL_SUCCESS) return result;
  all.resize(std::min(count, listed_count));

  std::vector<Listed> listed;
  for (cl_platform_id platform : all)
    listed.push_back({platform,
                      {platform_string(platform, CL_PLATFORM_NAME),
                       platform_string(platform, CL_PLATFORM_VENDOR),
                       platform_string(platform, CL_PLATFORM_VERSION)}});
  const std::vector<const void*> ordered = platform_order::reorder(listed, *g_order);
  const std::size_t given = std::min<std::size_t>(num_entries, ordered.size());
  for (std::size_t i = 0; i < given; ++i)
    platforms[i] = static_cast<cl_platform_id>(const_cast<void*>(ordered[i]));
  if (num_platforms != nullptr) *num_platforms = static_cast<cl_uint>(ordered.size());
  return CL_SUCCESS;
}

}  // namespace

void install() {
  const std::string spec = options::value("platform_order");
  if (spec.empty()) return;
  auto order = platform_order::parse(spec);
  if (!order) {
    report_note(check::kPlatformOrderNotApplied, 0,
                "CLVET_PLATFORM_ORDER is not a list clvet run wrote; the platforms keep the "
                "loader's order");
    return;
  }
  cl_icd_dispatch& table = next_for_interposers();
  if (table.clGetPlatformIDs == nullptr || table.clGetPlatformInfo == nullptr) return;
  if (table.clGetPlatformIDs == &get_platform_ids) return;  // already in place
  g_driver = {table.clGetPlatformIDs, table.clGetPlatformInfo};
  if (g_order == nullptr) g_order = new std::vector<Identity>;
  *g_order = std::move(*order);
  table.clGetPlatformIDs = &get_platform_ids;
}

}  // namespace clvet::layer::platform_order_interposer
