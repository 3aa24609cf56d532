// Maps the recording platform's devices to the target's: explicit choices first, then the
// devices calls use, each to a device of its own, then those the application only asked about.
#include "device_map.h"

#include <fmt/format.h>

#include <set>

#include "clvet/trace/print.h"

namespace clvet::replay {
namespace {

std::string device_list(const PlatformChoice& platform) {
  std::string out;
  for (std::size_t d = 0; d < platform.devices.size(); ++d)
    out += fmt::format("{}device {}: {}", d == 0 ? "" : ", ", d, platform.devices[d]);
  return out;
}

}  // namespace

std::optional<std::vector<DeviceMapping>> map_devices(const std::vector<RecordedDevice>& recorded,
                                                      const PlatformChoice& platform, const Target& target,
                                                      std::string& error) {
  const std::size_t count = platform.devices.size();
  if (target.device >= count) {
    error = fmt::format("platform {} has {} device(s) ({}); there is no device {}", platform.name, count,
                        device_list(platform), target.device);
    return std::nullopt;
  }
  std::vector<DeviceMapping> out(recorded.size());
  std::vector<bool> placed(recorded.size(), false);
  std::set<std::size_t> taken;  // the platform's devices that a used recorded device has
  for (std::size_t k = 0; k < recorded.size(); ++k) out[k] = {recorded[k].handle, k, recorded[k].used, 0, {}};
  for (const auto& [k, n] : target.devices) {
    if (k >= recorded.size()) {
      error = fmt::format("--device {}={}: the trace names {} device(s), numbered from 0; there is no "
                          "recorded device {}",
                          k, n, recorded.size(), k);
      return std::nullopt;
    }
    if (n >= count) {
      error = fmt::format("--device {}={}: platform {} has {} device(s) ({}); there is no device {}", k, n,
                          platform.name, count, device_list(platform), n);
      return std::nullopt;
    }
    out[k].device = n;
    out[k].how = fmt::format("--device {}={}", k, n);
    placed[k] = true;
    if (recorded[k].used) taken.insert(n);
  }
  // The next of the platform's devices from Target::device on that no used device has.
  auto next_free = [&]() -> std::optional<std::size_t> {
    for (std::size_t step = 0; step < count; ++step)
      if (const std::size_t d = (target.device + step) % count; !taken.contains(d)) return d;
    return std::nullopt;
  };
  std::vector<std::size_t> lacking;
  for (std::size_t k = 0; k < recorded.size(); ++k) {
    if (placed[k] || !recorded[k].used) continue;
    const auto free = next_free();
    if (!free) {
      lacking.push_back(k);
      continue;
    }
    out[k].device = *free;
    out[k].how = fmt::format("in order from --device {}", target.device);
    taken.insert(*free);
    placed[k] = true;
  }
  if (!lacking.empty() && !target.skip_unsupported) {
    std::size_t used = 0;
    std::string names;
    for (const RecordedDevice& d : recorded)
      if (d.used) names += fmt::format("{}{} (recorded device {})", used++ == 0 ? "" : ", ",
                                       trace::format_handle(d.handle), &d - recorded.data());
    error = fmt::format("the trace uses {} devices ({}); platform {} has {} ({}). --device K=N maps the "
                        "trace's device K to the platform's device N (several may share one), or "
                        "--skip-unsupported lets the devices left over share device {}",
                        used, names, platform.name, count, device_list(platform), target.device);
    return std::nullopt;
  }
  for (std::size_t k : lacking) {
    out[k].device = target.device;
    out[k].how = fmt::format("shares device {}: the platform has no device left for it (--skip-unsupported)",
                             target.device);
    placed[k] = true;
  }
  for (std::size_t k = 0; k < recorded.size(); ++k) {
    if (placed[k]) continue;
    const auto free = next_free();
    out[k].device = free.value_or(target.device);
    if (free) taken.insert(*free);
    out[k].how = "only asked about by the application";
  }
  return out;
}

}  // namespace clvet::replay
