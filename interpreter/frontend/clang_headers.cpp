// The Clang resource folder found from the library's own location (dladdr).
#include "frontend/clang_headers.h"

#include <dlfcn.h>

namespace clvet::interp {

const std::string& clang_resource_dir() {
  static const std::string folder = [] {
    Dl_info info{};
    std::string self;
    if (dladdr(reinterpret_cast<const void*>(&clang_resource_dir), &info) != 0 &&
        info.dli_fname != nullptr)
      self = info.dli_fname;
    const std::size_t slash = self.rfind('/');
    return (slash == std::string::npos ? std::string(".") : self.substr(0, slash)) + "/clang";
  }();
  return folder;
}

}  // namespace clvet::interp
