// `clvet register`: makes the reference device a platform of every OpenCL application on the
// machine, by writing the .icd file the ICD loader reads (cl_khr_icd: one line naming the
// driver library) into /etc/OpenCL/vendors or another folder; `--remove` takes it away.
// Nothing registers the device unless asked.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#include "commands.h"
#include "own_files.h"

namespace clvet::cli {

void add_register_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "register",
      "Register the reference device with the system's ICD loader: write clvet.icd, naming "
      "this clvet's device library, into the vendors folder (or remove it)");
  static std::string vendors = "/etc/OpenCL/vendors";
  static bool remove = false;
  cmd->add_option("--vendors", vendors, "the folder the ICD loader reads .icd files from")
      ->capture_default_str();
  cmd->add_flag("--remove", remove, "remove clvet.icd from the folder instead");
  cmd->callback([] {
    namespace fs = std::filesystem;
    const fs::path icd = fs::path(vendors) / "clvet.icd";
    std::error_code ec;
    if (remove) {
      if (!fs::remove(icd, ec) && ec)
        throw CLI::RuntimeError(
            fmt::format("clvet: cannot remove {}: {}", icd.string(), ec.message()), 1);
      fmt::print("clvet: {} removed\n", icd.string());
      return;
    }
    const fs::path device = own_file("libclvet-device.so");
    if (!fs::exists(device))
      throw CLI::RuntimeError(
          fmt::format("clvet: the reference device is missing ({})", device.string()), 1);
    fs::create_directories(vendors, ec);
    std::ofstream out(icd);
    out << device.string() << "\n";
    if (!out.flush())
      throw CLI::RuntimeError(fmt::format("clvet: cannot write {}", icd.string()), 1);
    fmt::print("clvet: {} names {}\n", icd.string(), device.string());
  });
}

}  // namespace clvet::cli
