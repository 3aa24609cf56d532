// The front ends as the reference device calls them: libclvet-frontend.so (Clang, LLVM and
// the SPIR-V translator, most of what a process of the device would otherwise load) is
// loaded from beside the library this code is linked into when the first program is built
// or decoded, so that the processes that never build one (clinfo, a program's queries, most
// of the API tests) never load LLVM.
#include <dlfcn.h>
#include <sys/stat.h>

#include <fmt/format.h>

#include <string>

#include "frontend/frontend_entry.h"

namespace clvet::interp {
namespace {

struct Loaded {
  const FrontEndEntry* entry = nullptr;
  std::string error;  // why there is no entry
};

// dladdr names the file this code was loaded from (libclvet-device.so, wherever the loader
// found it): the front end is its neighbour in a build tree, an installed tree or a copy.
std::string library_path() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<const void*>(&library_path), &info) == 0 ||
      info.dli_fname == nullptr)
    return kFrontEndLibrary;
  const std::string self = info.dli_fname;
  const std::size_t slash = self.rfind('/');
  if (slash == std::string::npos) return kFrontEndLibrary;
  return self.substr(0, slash + 1) + kFrontEndLibrary;
}

Loaded load() {
  Loaded loaded;
  const std::string path = library_path();
  // Never closed: Clang's and LLVM's statics live until the process ends.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    loaded.error = fmt::format("clvet: the kernel compiler could not be loaded: {}\n", dlerror());
    return loaded;
  }
  auto* get = reinterpret_cast<const FrontEndEntry* (*)()>(dlsym(handle, kFrontEndEntrySymbol));
  const FrontEndEntry* entry = get != nullptr ? get() : nullptr;
  if (entry == nullptr || entry->size != sizeof(FrontEndEntry)) {
    loaded.error = fmt::format("clvet: {} is not the kernel compiler of this build of clvet\n", path);
    return loaded;
  }
  loaded.entry = entry;
  return loaded;
}

const Loaded& front_end() {
  static const Loaded loaded = load();
  return loaded;
}

FrontEndResult unavailable() { return {FrontEndStatus::Failed, front_end().error, {}}; }

}  // namespace

// The library and the OpenCL C headers beside it (clang_headers.h: every program compiles with
// them) by path, size and time of modification; a header that is missing is named so, and its
// build is not one a cache may answer for a tree that had it.
std::string front_end_identity() {
  const std::string path = library_path();
  auto about = [](const std::string& file) -> std::string {
    struct stat facts{};
    if (stat(file.c_str(), &facts) != 0) return file + " missing";
    return fmt::format("{} {} {}.{:09}", file, facts.st_size, facts.st_mtim.tv_sec, facts.st_mtim.tv_nsec);
  };
  std::string identity = about(path);
  if (identity.ends_with(" missing")) return {};
  const std::string headers = path.substr(0, path.rfind('/') + 1) + "clang/include/";
  for (const char* header : {"opencl-c.h", "opencl-c-base.h"}) identity += "\n" + about(headers + header);
  return identity;
}

FrontEndResult compile_opencl_c(std::string_view source, std::string_view options,
                                const std::vector<EmbeddedHeader>& headers,
                                const TargetDevice& device) {
  if (front_end().entry == nullptr) return unavailable();
  return front_end().entry->compile_opencl_c(source, options, headers, device);
}

FrontEndResult link_bitcode(const std::vector<Bytes>& inputs, std::string_view options) {
  if (front_end().entry == nullptr) return unavailable();
  return front_end().entry->link_bitcode(inputs, options);
}

FrontEndResult translate_spirv(const Bytes& il,
                               const std::vector<std::pair<std::uint32_t, Bytes>>& spec_constants,
                               const TargetDevice& device) {
  if (front_end().entry == nullptr) return unavailable();
  return front_end().entry->translate_spirv(il, spec_constants, device);
}

FrontEndResult validate_spirv(const Bytes& il) {
  if (front_end().entry == nullptr) return unavailable();
  return front_end().entry->validate_spirv(il);
}

bool spirv_spec_constants(const Bytes& il, std::vector<std::pair<std::uint32_t, std::uint32_t>>& out,
                          std::string& error) {
  if (front_end().entry == nullptr) {
    error = front_end().error;
    return false;
  }
  return front_end().entry->spirv_spec_constants(il, out, error);
}

bool kernel_infos(const Bytes& bitcode, std::vector<KernelInfo>& out, std::string& error) {
  if (front_end().entry == nullptr) {
    error = front_end().error;
    return false;
  }
  return front_end().entry->kernel_infos(bitcode, out, error);
}

bool ir::decode_module(const Bytes& bitcode, Module& out, std::string& error,
                       Resolver resolve_builtin) {
  if (front_end().entry == nullptr) {
    error = front_end().error;
    return false;
  }
  return front_end().entry->decode_module(bitcode, out, error, resolve_builtin);
}

}  // namespace clvet::interp
