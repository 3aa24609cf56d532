// Which device of the target replays each device of the recording platform (--device).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "call_order.h"
#include "clvet/replay/controller.h"

namespace clvet::replay {

// The trace's devices mapped to `platform`'s: those Target::devices names where it names
// them; the others used by a call in order, from Target::device on, each to a device of its
// own (wrapping round to the platform's first); those only asked about to a device left over,
// or Target::device. nullopt with `error` when a mapping names a device that does not exist,
// or the trace uses more devices than the platform has and Target::skip_unsupported does not
// let the ones left over share Target::device.
std::optional<std::vector<DeviceMapping>> map_devices(const std::vector<RecordedDevice>& recorded,
                                                      const PlatformChoice& platform, const Target& target,
                                                      std::string& error);

}  // namespace clvet::replay
