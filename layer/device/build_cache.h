// Program builds kept on disk (CLVET_BUILD_CACHE), keyed by everything a build's front-end
// result depends on, so that a program built again, in this process or a later one, skips Clang,
// the translator and LLVM's optimiser, as PoCL's kernel cache does: the CTS's hundreds of small
// programs and an application's every start compile once.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "clvet/interp/frontend.h"

namespace clvet::device {

// What a successful build's front end and link gave: the log and the linked bitcode.
struct CachedBuild {
  std::string log;
  interp::Bytes bitcode;
};

// The name a build is kept under: 32 hex digits of a hash of `fields`, each taken with its
// length so that no two lists of fields run together.
std::string build_key(std::initializer_list<std::string_view> fields);

// The build kept under `key`; nothing when the cache is off, holds no such build, or its file is
// damaged (it is then built and written again).
std::optional<CachedBuild> find_build(const std::string& key);

// Keeps `build` under `key` (a new file renamed into place, so that a process reading the cache
// meanwhile sees the whole file or none); a cache that cannot be written is left alone.
void keep_build(const std::string& key, const CachedBuild& build);

}  // namespace clvet::device
