// The platform order `clvet run` learns from the application's own loader and hands the layer
// in CLVET_PLATFORM_ORDER: a loader clvet puts in its place (ocl-icd, which sorts GPUs first)
// may list the same platforms in another order, and a program that takes "the first platform"
// (OpenCL 1.2 §4.1, clGetPlatformIDs) would then run on another device under clvet.
//
// Pure: the encoding, and the reordering of a listed set by that order. Compiled into both
// the layer and the clvet command line.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clvet::platform_order {

// What identifies a platform across two loaders: its handle differs, its strings do not.
struct Identity {
  std::string name;     // CL_PLATFORM_NAME
  std::string vendor;   // CL_PLATFORM_VENDOR
  std::string version;  // CL_PLATFORM_VERSION
  bool operator==(const Identity&) const = default;
};

// One platform as the loader beneath the layer lists it.
struct Listed {
  const void* handle = nullptr;
  Identity identity;
};

// ASCII's unit and record separators: control characters no platform string holds.
inline constexpr char kFieldSeparator = '\x1f';
inline constexpr char kEntrySeparator = '\x1e';

// "name US vendor US version", entries joined by RS.
std::string encode(const std::vector<Identity>& order);
// The entries of `spec`; nullopt when an entry has not exactly three fields (a spec clvet did
// not write: better the loader's order than a guess). An empty spec is an empty order.
std::optional<std::vector<Identity>> parse(std::string_view spec);

// The handles of `listed`, those matching an entry first in the entries' order, then the rest
// in the order they were listed. Each entry takes the first listed platform not yet taken that
// has its three strings, so two identical platforms keep their relative order.
std::vector<const void*> reorder(const std::vector<Listed>& listed,
                                 const std::vector<Identity>& order);

}  // namespace clvet::platform_order
