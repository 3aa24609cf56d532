// Lists the loader's platforms and picks the one a replay runs on.
#include "platform_choice.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace clvet::replay::platform_choice {
namespace {

std::vector<cl_platform_id> platform_ids() {
  cl_uint count = 0;
  if (clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS || count == 0) return {};
  std::vector<cl_platform_id> ids(count);
  if (clGetPlatformIDs(count, ids.data(), nullptr) != CL_SUCCESS) return {};
  return ids;
}

std::vector<cl_device_id> device_ids(cl_platform_id platform) {
  cl_uint count = 0;
  if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count) != CL_SUCCESS || count == 0)
    return {};
  std::vector<cl_device_id> ids(count);
  if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, ids.data(), nullptr) != CL_SUCCESS) return {};
  return ids;
}

template <typename Info, typename Object, typename Param>
std::string text(Info info, Object object, Param param) {
  size_t size = 0;
  if (info(object, param, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
  std::string out(size, '\0');
  if (info(object, param, size, out.data(), nullptr) != CL_SUCCESS) return {};
  while (!out.empty() && out.back() == '\0') out.pop_back();
  return out;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

}  // namespace

std::vector<PlatformChoice> list() {
  std::vector<PlatformChoice> out;
  const auto ids = platform_ids();
  for (std::size_t i = 0; i < ids.size(); ++i) {
    PlatformChoice choice;
    choice.index = i;
    choice.name = text(clGetPlatformInfo, ids[i], CL_PLATFORM_NAME);
    choice.vendor = text(clGetPlatformInfo, ids[i], CL_PLATFORM_VENDOR);
    choice.version = text(clGetPlatformInfo, ids[i], CL_PLATFORM_VERSION);
    choice.reference = choice.name == "clvet";
    for (cl_device_id device : device_ids(ids[i]))
      choice.devices.push_back(text(clGetDeviceInfo, device, CL_DEVICE_NAME));
    out.push_back(std::move(choice));
  }
  return out;
}

std::optional<PlatformChoice> find(const std::vector<PlatformChoice>& choices,
                                   const std::string& wanted, std::string& error) {
  if (choices.empty()) {
    error = "the ICD loader offers no OpenCL platform (OCL_ICD_VENDORS, OCL_ICD_FILENAMES)";
    return std::nullopt;
  }
  auto names = [&] {
    std::string all;
    for (const PlatformChoice& c : choices) all += fmt::format("\n  {}: {} ({})", c.index, c.name, c.version);
    return all;
  };
  if (wanted.empty()) return choices.front();
  if (std::all_of(wanted.begin(), wanted.end(), [](unsigned char c) { return std::isdigit(c); })) {
    const std::size_t index = std::stoul(wanted);
    if (index < choices.size()) return choices[index];
    error = fmt::format("there is no platform {}; the loader offers:{}", index, names());
    return std::nullopt;
  }
  if (lower(wanted) == "reference") {
    for (const PlatformChoice& c : choices)
      if (c.reference) return c;
    error = fmt::format("clvet's reference device is not among the loader's platforms:{}", names());
    return std::nullopt;
  }
  std::vector<const PlatformChoice*> matches;
  for (const PlatformChoice& c : choices) {
    if (lower(c.name) == lower(wanted)) return c;
    if (lower(c.name).find(lower(wanted)) != std::string::npos) matches.push_back(&c);
  }
  if (matches.size() == 1) return *matches.front();
  error = fmt::format("{} platform's name contains \"{}\"; the loader offers:{}",
                      matches.empty() ? "no" : "more than one", wanted, names());
  return std::nullopt;
}

std::optional<std::pair<cl_platform_id, std::vector<cl_device_id>>> open(const PlatformChoice& choice,
                                                                         std::size_t device,
                                                                         std::string& error) {
  const auto ids = platform_ids();
  if (choice.index >= ids.size()) {
    error = "the platform is gone from the loader's list";
    return std::nullopt;
  }
  auto devices = device_ids(ids[choice.index]);
  if (device >= devices.size()) {
    error = fmt::format("platform {} has {} device(s); there is no device {}", choice.name,
                        devices.size(), device);
    return std::nullopt;
  }
  return std::make_pair(ids[choice.index], std::move(devices));
}

}  // namespace clvet::replay::platform_choice
