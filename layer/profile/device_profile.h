// Device profiles: another device's clGetDeviceInfo answers (type, versions, extensions, limits)
// as a small JSON file, which the reference device reports and enforces (CLVET_DEVICE_PROFILE)
// and which `clvet profile --from-platform` writes from a real device.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "clvet/rules/info_params.h"
#include "clvet/rules/opencl.h"

namespace clvet::profile {

// The device queries a profile may set, named as the spec names them (CL_DEVICE_...). Queries
// the reference device cannot take from another device (its address bits, its platform, its
// partitions, what is derived from other answers such as CL_DEVICE_EXTENSIONS_WITH_VERSION)
// are not among them.
std::span<const api::InfoParam* const> settable_queries();
const api::InfoParam* settable_query(std::string_view name);

// A profile as read: each query it sets, with the bytes clGetDeviceInfo answers (a string with
// its NUL).
struct DeviceProfile {
  std::string name;         // the file's name without .json, or the "name" it gives
  std::string description;  // what device it describes
  std::map<cl_device_info, std::vector<unsigned char>> answers;
  std::map<cl_device_info, std::string> sources;  // where each value came from

  bool has(cl_device_info param) const { return answers.count(param) != 0; }
  std::optional<std::uint64_t> number(cl_device_info param) const;  // any integer scalar
  std::optional<std::string> text(cl_device_info param) const;
  std::vector<std::size_t> sizes(cl_device_info param) const;       // a size_t array
};

// Reads a profile's JSON; nullopt with `error` naming the key and what it expected.
std::optional<DeviceProfile> parse(std::string_view json, std::string name, std::string& error);
// Reads the file at `path` (its name without .json names the profile).
std::optional<DeviceProfile> load(const std::string& path, std::string& error);

// The file a profile name stands for: `name_or_path` itself when it names a file (it has a '/'
// or ends in .json), else NAME.json in the first of `folders` that has it; empty when none.
std::string find(std::string_view name_or_path, const std::vector<std::string>& folders);
// The profiles in `folders`, by name.
std::vector<std::string> list(const std::vector<std::string>& folders);

// A profile's JSON, every query with its value and, where known, its source.
std::string to_json(const DeviceProfile& profile);

// "OpenCL 1.2 ..." -> CL_MAKE_VERSION(1, 2, 0); "OpenCL C 3.0 ..." with `prefix` "OpenCL C ";
// nullopt when the text does not start that way.
std::optional<cl_version> version_in(std::string_view text, std::string_view prefix);

}  // namespace clvet::profile
