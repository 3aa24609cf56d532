// clvet profile: the device profiles clvet has, the queries a profile sets, and a profile
// written from a real device's answers (--from-platform).
#include <dlfcn.h>
#include <fmt/format.h>

#include <cstdio>
#include <ctime>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "device_profile.h"
#include "own_files.h"

namespace clvet::cli {

namespace {

using ProfileGetPlatformIDs = cl_int (*)(cl_uint, cl_platform_id*, cl_uint*);
using ProfileGetPlatformInfo = cl_int (*)(cl_platform_id, cl_platform_info, size_t, void*, size_t*);
using ProfileGetDeviceIDs = cl_int (*)(cl_platform_id, cl_device_type, cl_uint, cl_device_id*, cl_uint*);
using ProfileGetDeviceInfo = cl_int (*)(cl_device_id, cl_device_info, size_t, void*, size_t*);

std::string profile_platform_text(ProfileGetPlatformInfo info, cl_platform_id platform,
                                  cl_platform_info param) {
  size_t size = 0;
  if (info(platform, param, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
  std::string text(size, '\0');
  if (info(platform, param, size, text.data(), nullptr) != CL_SUCCESS) return {};
  text.resize(text.find('\0'));
  return text;
}

// The profile of device `device_index` of platform `platform_index` of the system's loader:
// every settable query the device answers. Empty, with `error`, when there is no such device.
std::optional<profile::DeviceProfile> profile_from_platform(unsigned platform_index,
                                                            unsigned device_index,
                                                            std::string& error) {
  void* loader = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!loader) return error = "no OpenCL loader (libOpenCL.so.1) to ask", std::nullopt;
  auto get_platforms = reinterpret_cast<ProfileGetPlatformIDs>(dlsym(loader, "clGetPlatformIDs"));
  auto platform_info = reinterpret_cast<ProfileGetPlatformInfo>(dlsym(loader, "clGetPlatformInfo"));
  auto get_devices = reinterpret_cast<ProfileGetDeviceIDs>(dlsym(loader, "clGetDeviceIDs"));
  auto device_info = reinterpret_cast<ProfileGetDeviceInfo>(dlsym(loader, "clGetDeviceInfo"));
  if (!get_platforms || !platform_info || !get_devices || !device_info)
    return error = "the OpenCL loader lacks the platform and device queries", std::nullopt;
  cl_uint platform_count = 0;
  if (get_platforms(0, nullptr, &platform_count) != CL_SUCCESS) platform_count = 0;
  if (platform_index >= platform_count)
    return error = fmt::format("platform {} does not exist: the loader offers {}", platform_index,
                               platform_count),
           std::nullopt;
  std::vector<cl_platform_id> platforms(platform_count);
  get_platforms(platform_count, platforms.data(), nullptr);
  const cl_platform_id platform = platforms[platform_index];
  cl_uint device_count = 0;
  if (get_devices(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &device_count) != CL_SUCCESS)
    device_count = 0;
  if (device_index >= device_count)
    return error = fmt::format("device {} of platform {} does not exist: it has {}", device_index,
                               platform_index, device_count),
           std::nullopt;
  std::vector<cl_device_id> devices(device_count);
  get_devices(platform, CL_DEVICE_TYPE_ALL, device_count, devices.data(), nullptr);
  const cl_device_id device = devices[device_index];

  profile::DeviceProfile p;
  const std::string platform_name = profile_platform_text(platform_info, platform, CL_PLATFORM_NAME);
  const std::string platform_version =
      profile_platform_text(platform_info, platform, CL_PLATFORM_VERSION);
  char date[32] = {};
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  const std::string source = fmt::format(
      "clGetDeviceInfo on platform {} ({}, {}), device {}, by clvet profile --from-platform on {}",
      platform_index, platform_name, platform_version, device_index, date);
  for (const api::InfoParam* param : profile::settable_queries()) {
    size_t size = 0;
    // A query the device does not answer (an older version's device) is left out.
    if (device_info(device, param->value, 0, nullptr, &size) != CL_SUCCESS || size == 0) continue;
    std::vector<unsigned char> bytes(size);
    if (device_info(device, param->value, size, bytes.data(), nullptr) != CL_SUCCESS) continue;
    if (!param->size_fits(size)) continue;
    p.answers[param->value] = std::move(bytes);
    p.sources[param->value] = source;
  }
  p.name = "from-platform";
  if (auto name = p.text(CL_DEVICE_NAME)) p.description = *name + " on " + platform_name;
  return p;
}

}  // namespace

void add_profile_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "profile",
      "Device profiles for --device-profile: list those clvet has, the queries a profile sets, "
      "or write one from a real device (--from-platform)");
  static bool list = false, keys = false;
  static std::optional<unsigned> from_platform;
  static unsigned device_index = 0;
  static std::string output, name;
  cmd->add_flag("--list", list, "the profiles clvet has, by name");
  cmd->add_flag("--keys", keys, "the device queries a profile may set");
  cmd->add_option("--from-platform", from_platform,
                  "write the profile of a real device: the platform's index in the loader's list");
  cmd->add_option("--device", device_index, "with --from-platform: the device's index (default 0)");
  cmd->add_option("--name", name, "with --from-platform: the profile's name (default: the file's)");
  cmd->add_option("-o,--output", output, "with --from-platform: the file to write (default stdout)");
  cmd->callback([] {
    const std::vector<std::string> folders = {own_file("profiles").string()};
    if (list) {
      for (const std::string& n : profile::list(folders)) {
        std::string error;
        auto p = profile::load(profile::find(n, folders), error);
        fmt::print("{:<20} {}\n", n, p ? p->description : "unreadable: " + error);
      }
      return;
    }
    if (keys) {
      for (const api::InfoParam* p : profile::settable_queries())
        fmt::print("{:<50} {}\n", p->name, p->type);
      return;
    }
    if (!from_platform) throw CLI::ValidationError("profile", "give --list, --keys or --from-platform N");
    std::string error;
    std::optional<profile::DeviceProfile> p = profile_from_platform(*from_platform, device_index, error);
    if (!p) {
      std::fprintf(stderr, "clvet profile: %s\n", error.c_str());
      set_exit_status(2);
      return;
    }
    if (!name.empty()) p->name = name;
    else if (!output.empty()) p->name = std::filesystem::path(output).stem().string();
    const std::string text = profile::to_json(*p);
    if (output.empty()) {
      fmt::print("{}", text);
      return;
    }
    std::ofstream out(output, std::ios::binary);
    if (!(out << text)) {
      std::fprintf(stderr, "clvet profile: %s cannot be written\n", output.c_str());
      set_exit_status(2);
    }
  });
}

}  // namespace clvet::cli
