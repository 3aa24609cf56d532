// The places of clvet's own files, relative to /proc/self/exe.
#include "own_files.h"

#include <string>
#include <system_error>

namespace clvet::cli {

namespace fs = std::filesystem;

fs::path own_file(std::string_view name) {
  std::error_code ec;
  const fs::path self = fs::canonical("/proc/self/exe", ec).parent_path();
  // CLVET_LIBRARY_DIR_FROM_BIN and CLVET_DATA_DIR_FROM_BIN: the installed layout's folders
  // relative to its bin folder (GNUInstallDirs'), set at configure time.
  const fs::path installed = self / CLVET_LIBRARY_DIR_FROM_BIN / name;
  for (const fs::path& place :
       {self / name, self.parent_path() / name, installed, self / CLVET_DATA_DIR_FROM_BIN / name})
    if (fs::exists(place, ec)) return place.lexically_normal();
  return installed.lexically_normal();
}

}  // namespace clvet::cli
