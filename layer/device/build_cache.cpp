// The build cache's folder and files: "clvet-build 1\n", the log's size and bytes, the bitcode's
// size and bytes (sizes as 8 little-endian bytes), then an XXH3 checksum of all before it.
#include "build_cache.h"

#include <unistd.h>
#include <xxhash.h>

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "options.h"

namespace clvet::device {
namespace {

constexpr std::string_view kMagic = "clvet-build 1\n";

// CLVET_BUILD_CACHE: "auto" is the XDG base directory specification's cache folder, which a
// user may clear at any time; "off" (or "0") keeps nothing.
std::optional<std::filesystem::path> folder() {
  const std::string setting = options::value("build_cache");
  if (setting.empty() || setting == "off" || setting == "0") return std::nullopt;
  if (setting != "auto") return std::filesystem::path(setting);
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && xdg[0] == '/')
    return std::filesystem::path(xdg) / "clvet" / "builds";
  if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/')
    return std::filesystem::path(home) / ".cache" / "clvet" / "builds";
  return std::nullopt;
}

void put_size(std::string& out, std::uint64_t size) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(size >> (8 * i)));
}

// The size at `at` in `file`, moving past it; nothing when the file ends first.
std::optional<std::uint64_t> take_size(const std::string& file, std::size_t& at) {
  if (file.size() - at < 8) return std::nullopt;
  std::uint64_t size = 0;
  for (int i = 0; i < 8; ++i) size |= std::uint64_t{static_cast<unsigned char>(file[at + i])} << (8 * i);
  at += 8;
  return size;
}

std::uint64_t checksum(const char* bytes, std::size_t size) { return XXH3_64bits(bytes, size); }

}  // namespace

std::string build_key(std::initializer_list<std::string_view> fields) {
  std::string all;
  for (std::string_view field : fields) {
    put_size(all, field.size());
    all.append(field);
  }
  const XXH128_hash_t hash = XXH3_128bits(all.data(), all.size());
  return fmt::format("{:016x}{:016x}", hash.high64, hash.low64);
}

std::optional<CachedBuild> find_build(const std::string& key) {
  const auto where = folder();
  if (!where) return std::nullopt;
  std::ifstream in(*where / (key + ".clvb"), std::ios::binary);
  if (!in) return std::nullopt;
  const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (file.size() < kMagic.size() + 8 || file.compare(0, kMagic.size(), kMagic) != 0) return std::nullopt;
  const std::size_t body = file.size() - 8;
  std::size_t at = body;
  if (take_size(file, at) != checksum(file.data(), body)) return std::nullopt;
  at = kMagic.size();
  CachedBuild build;
  const auto log_size = take_size(file, at);
  if (!log_size || *log_size > body - at) return std::nullopt;
  build.log.assign(file, at, *log_size);
  at += *log_size;
  const auto bitcode_size = take_size(file, at);
  if (!bitcode_size || *bitcode_size != body - at) return std::nullopt;
  build.bitcode.assign(file.begin() + static_cast<std::ptrdiff_t>(at), file.begin() + static_cast<std::ptrdiff_t>(body));
  return build;
}

void keep_build(const std::string& key, const CachedBuild& build) {
  const auto where = folder();
  if (!where) return;
  std::string file(kMagic);
  put_size(file, build.log.size());
  file += build.log;
  put_size(file, build.bitcode.size());
  file.append(reinterpret_cast<const char*>(build.bitcode.data()), build.bitcode.size());
  put_size(file, checksum(file.data(), file.size()));
  std::error_code error;
  std::filesystem::create_directories(*where, error);
  const std::filesystem::path final_name = *where / (key + ".clvb");
  const std::filesystem::path partial = *where / fmt::format("{}.{}.partial", key, getpid());
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    if (!out) return;
    out.write(file.data(), static_cast<std::streamsize>(file.size()));
    if (!out.flush()) {
      out.close();
      std::filesystem::remove(partial, error);
      return;
    }
  }
  std::filesystem::rename(partial, final_name, error);
  if (error) std::filesystem::remove(partial, error);
}

}  // namespace clvet::device
