// Platform orders kept by what decides them, in files named after the key's hash.
#include "platform_order_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace clvet::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kMagic = "clvet-platform-order 1\n";

// A file as what identifies its contents without reading them.
std::string file_facts(const std::string& path) {
  struct stat s {};
  if (stat(path.c_str(), &s) != 0) return fmt::format("{} absent\n", path);
  return fmt::format("{} {} {} {} {}.{}\n", path, s.st_dev, s.st_ino, s.st_size, s.st_mtim.tv_sec,
                     s.st_mtim.tv_nsec);
}

// Where the dynamic linker would find `library` (a bare name: LD_LIBRARY_PATH's folders, then
// the system's), as facts of the first file found; an absolute path as itself. What the linker's
// cache says is in the key too.
std::string library_facts(const std::string& library) {
  if (library.find('/') != std::string::npos) return file_facts(library);
  std::vector<std::string> folders;
  if (const char* path = std::getenv("LD_LIBRARY_PATH")) {
    std::stringstream dirs(path);
    for (std::string dir; std::getline(dirs, dir, ':');)
      if (!dir.empty()) folders.push_back(dir);
  }
  for (const char* system : {"/usr/local/lib", "/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu",
                             "/lib64", "/usr/lib64", "/lib", "/usr/lib"})
    folders.emplace_back(system);
  for (const std::string& folder : folders) {
    const std::string candidate = folder + "/" + library;
    if (access(candidate.c_str(), F_OK) == 0) return file_facts(candidate);
  }
  return library + " not found\n";
}

// The .icd files of `folder`, in name order, each with the library it names.
std::string vendors_facts(const std::string& folder) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec))
    if (entry.path().extension() == ".icd") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::string facts = file_facts(folder);
  for (const fs::path& file : files) {
    facts += file_facts(file.string());
    std::ifstream in(file);
    std::string library;
    std::getline(in, library);
    facts += library_facts(library);
  }
  return facts;
}

bool decides_platforms(std::string_view name) {
  if (name == "OPENCL_LAYERS") return false;  // the probe unsets it
  for (std::string_view prefix : {"OCL_", "OPENCL_", "POCL_", "CUDA_", "LD_"})
    if (name.starts_with(prefix)) return true;
  return false;
}

std::optional<fs::path> folder() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && xdg[0] == '/')
    return fs::path(xdg) / "clvet" / "platform-order";
  if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/')
    return fs::path(home) / ".cache" / "clvet" / "platform-order";
  return std::nullopt;
}

std::optional<fs::path> file_of(const std::string& key) {
  const auto at = folder();
  if (!at) return std::nullopt;
  return *at / fmt::format("{:016x}", XXH3_64bits(key.data(), key.size()));
}

}  // namespace

std::string platform_order_key(const std::string& loader) {
  std::string key = "loader " + file_facts(loader);
  key += "linker cache " + file_facts("/etc/ld.so.cache");
  std::vector<std::string> variables;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string_view entry(*e);
    if (decides_platforms(entry.substr(0, entry.find('=')))) variables.emplace_back(entry);
  }
  std::sort(variables.begin(), variables.end());
  for (const std::string& v : variables) key += "env " + v + "\n";
  const char* vendors = std::getenv("OCL_ICD_VENDORS");
  const std::string icds = vendors && *vendors ? vendors : "/etc/OpenCL/vendors";
  key += fs::is_directory(icds) ? vendors_facts(icds) : library_facts(icds);
  if (const char* filenames = std::getenv("OCL_ICD_FILENAMES")) {
    std::stringstream names(filenames);
    for (std::string name; std::getline(names, name, ':');)
      if (!name.empty()) key += library_facts(name);
  }
  return key;
}

std::optional<std::vector<platform_order::Identity>> kept_platform_order(const std::string& key) {
  const auto file = file_of(key);
  if (!file) return std::nullopt;
  std::ifstream in(*file, std::ios::binary);
  if (!in) return std::nullopt;
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  // The magic, the key whole (a hash that collides names another key), then the order.
  const std::string head = std::string(kMagic) + key;
  if (text.size() < head.size() + 1 || text.compare(0, head.size(), head) != 0 || text[head.size()] != '\0')
    return std::nullopt;
  return platform_order::parse(std::string_view(text).substr(head.size() + 1));
}

void keep_platform_order(const std::string& key, const std::vector<platform_order::Identity>& order) {
  const auto file = file_of(key);
  if (!file) return;
  std::error_code ec;
  fs::create_directories(file->parent_path(), ec);
  // Written aside and renamed, so that a run at the same time reads all of it or nothing.
  const fs::path aside = file->string() + fmt::format(".{}", getpid());
  {
    std::ofstream out(aside, std::ios::binary);
    out << kMagic << key << '\0' << platform_order::encode(order);
    if (!out) {
      fs::remove(aside, ec);
      return;
    }
  }
  fs::rename(aside, *file, ec);
  if (ec) fs::remove(aside, ec);
}

}  // namespace clvet::cli
