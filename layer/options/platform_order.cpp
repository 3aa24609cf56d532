// CLVET_PLATFORM_ORDER's encoding and the reordering it asks for.
#include "platform_order.h"

namespace clvet::platform_order {
namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

}  // namespace

std::string encode(const std::vector<Identity>& order) {
  std::string out;
  for (const Identity& entry : order) {
    if (!out.empty()) out += kEntrySeparator;
    out += entry.name + kFieldSeparator + entry.vendor + kFieldSeparator + entry.version;
  }
  return out;
}

std::optional<std::vector<Identity>> parse(std::string_view spec) {
  std::vector<Identity> order;
  if (spec.empty()) return order;
  for (std::string_view entry : split(spec, kEntrySeparator)) {
    const auto fields = split(entry, kFieldSeparator);
    if (fields.size() != 3) return std::nullopt;
    order.push_back({std::string(fields[0]), std::string(fields[1]), std::string(fields[2])});
  }
  return order;
}

std::vector<const void*> reorder(const std::vector<Listed>& listed,
                                 const std::vector<Identity>& order) {
  std::vector<bool> taken(listed.size(), false);
  std::vector<const void*> handles;
  handles.reserve(listed.size());
  for (const Identity& entry : order) {
    for (std::size_t i = 0; i < listed.size(); ++i) {
      if (taken[i] || !(listed[i].identity == entry)) continue;
      taken[i] = true;
      handles.push_back(listed[i].handle);
      break;
    }
  }
  for (std::size_t i = 0; i < listed.size(); ++i)
    if (!taken[i]) handles.push_back(listed[i].handle);
  return handles;
}

}  // namespace clvet::platform_order
