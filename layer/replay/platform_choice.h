// The platforms the ICD loader offers, and the one `--platform NAME|reference|INDEX` names.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "clvet/replay/controller.h"
#include "clvet/rules/opencl.h"

namespace clvet::replay::platform_choice {

std::vector<PlatformChoice> list();
// The platform `wanted` names: an index, "reference" (clvet's reference device), or a part
// of one platform's name (case-insensitive; an exact name wins over parts). Empty: the first.
std::optional<PlatformChoice> find(const std::vector<PlatformChoice>& choices,
                                   const std::string& wanted, std::string& error);
// The live platform and its devices; false with `error` when device `device` does not exist.
std::optional<std::pair<cl_platform_id, std::vector<cl_device_id>>> open(const PlatformChoice& choice,
                                                                         std::size_t device,
                                                                         std::string& error);

}  // namespace clvet::replay::platform_choice
