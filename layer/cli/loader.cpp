// Finding the application's libOpenCL and judging whether it honours OPENCL_LAYERS.
#include "loader.h"

#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include <fmt/format.h>

#include "own_files.h"

namespace clvet::cli {
namespace {

namespace fs = std::filesystem;

// The program's file, searched on PATH as execvp does.
std::string program_file(const std::string& program) {
  if (program.find('/') != std::string::npos) return program;
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    fs::path candidate = fs::path(dir.empty() ? "." : dir) / program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// What ldd says the program loads for libOpenCL.so.1 (it follows RPATH and RUNPATH).
std::string loader_from_ldd(const std::string& file) {
  if (file.empty()) return {};
  FILE* pipe = popen(("ldd " + shell_quoted(file) + " 2>/dev/null").c_str(), "r");
  if (pipe == nullptr) return {};
  std::string found;
  char line[4096];
  while (std::fgets(line, sizeof line, pipe)) {
    std::string text(line);
    if (text.find("libOpenCL.so") == std::string::npos) continue;
    auto arrow = text.find("=> ");
    if (arrow == std::string::npos) continue;
    std::string path = text.substr(arrow + 3);
    path = path.substr(0, path.find(" ("));
    if (!path.empty() && path[0] == '/') found = path;
  }
  pclose(pipe);
  return found;
}

// What the dynamic linker finds for libOpenCL.so.1 with this environment: the loader of a
// program that opens it at run time (Python's pyopencl, a script's interpreter).
std::string loader_from_dlopen() {
  void* handle = dlopen("libOpenCL.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (handle == nullptr) return {};
  std::string found;
  link_map* map = nullptr;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map != nullptr && map->l_name != nullptr)
    found = map->l_name;
  dlclose(handle);
  return found;
}

// Loaders that support layers read the variable that lists them.
bool reads_opencl_layers(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return bytes.find("OPENCL_LAYERS") != std::string::npos;
}

// NVIDIA's OpenCL driver when the dynamic linker knows it and no .icd file in `vendors`
// names it; empty otherwise.
std::string nvidia_icd_missing_from(const std::string& vendors) {
  constexpr const char* kDriver = "libnvidia-opencl.so.1";
  std::error_code ec;
  for (const auto& file : fs::directory_iterator(vendors, ec)) {
    if (file.path().extension() != ".icd") continue;
    std::ifstream in(file.path());
    std::string named;
    std::getline(in, named);
    if (named.find("libnvidia-opencl") != std::string::npos) return {};
  }
  FILE* pipe = popen("/sbin/ldconfig -p 2>/dev/null", "r");
  if (pipe == nullptr) return {};
  bool known = false;
  char line[4096];
  while (std::fgets(line, sizeof line, pipe))
    if (std::string(line).find(kDriver) != std::string::npos) known = true;
  pclose(pipe);
  return known ? kDriver : std::string{};
}

// A temporary folder with the .icd files of `vendors` and one naming `extra`.
std::string icd_dir_with(const std::string& vendors, const std::string& extra) {
  char folder[] = "/tmp/clvet-icd-XXXXXX";
  if (mkdtemp(folder) == nullptr) return {};
  std::error_code ec;
  for (const auto& file : fs::directory_iterator(vendors, ec))
    if (file.path().extension() == ".icd")
      fs::copy_file(file.path(), fs::path(folder) / file.path().filename(), ec);
  std::ofstream(fs::path(folder) / "clvet-nvidia.icd") << extra << "\n";
  return folder;
}

}  // namespace

std::string clvet_loader_dir() { return own_file("loader").string(); }

std::string clvet_layer_path() { return own_file("libclvet-layer.so").string(); }

LoaderPlan plan_loader(const std::string& program, const std::string& mode) {
  LoaderPlan plan;
  plan.application_loader = loader_from_ldd(program_file(program));
  if (plan.application_loader.empty()) plan.application_loader = loader_from_dlopen();
  plan.honours_layers =
      !plan.application_loader.empty() && reads_opencl_layers(plan.application_loader);
  if (mode == "system") return plan;
  if (mode != "clvet" && plan.honours_layers) return plan;
  if (mode != "clvet" && plan.application_loader.empty()) return plan;  // no OpenCL at all

  const std::string dir = clvet_loader_dir();
  if (!fs::exists(fs::path(dir) / "libOpenCL.so.1")) {
    plan.message = fmt::format(
        "clvet: {} loads {}, which ignores OPENCL_LAYERS, and clvet's copy of ocl-icd is "
        "missing ({}/libOpenCL.so.1): the layer will not see its calls",
        program, plan.application_loader, dir);
    return plan;
  }
  plan.put_first = dir;
  const char* vendors = std::getenv("OCL_ICD_VENDORS");
  std::string icds = vendors && *vendors ? vendors : "/etc/OpenCL/vendors";
  if (!(vendors && *vendors)) {
    // CUDA's loader finds NVIDIA's driver without an .icd file; ocl-icd needs one.
    const std::string nvidia = nvidia_icd_missing_from(icds);
    if (!nvidia.empty()) {
      plan.icd_dir = icd_dir_with(icds, nvidia);
      if (!plan.icd_dir.empty())
        icds = fmt::format("{} and NVIDIA's {} (in {})", icds, nvidia, plan.icd_dir);
    }
  }
  plan.message =
      mode == "clvet"
          ? fmt::format(
                "clvet: running {} with clvet's copy of ocl-icd ({}/libOpenCL.so.1) "
                "first on LD_LIBRARY_PATH, over the ICDs in {}",
                program, dir, icds)
          : fmt::format(
                "clvet: {} loads {}, which ignores OPENCL_LAYERS: running it with clvet's "
                "copy of ocl-icd ({}/libOpenCL.so.1) first on LD_LIBRARY_PATH, over the "
                "ICDs in {}",
                program, plan.application_loader, dir, icds);
  return plan;
}

}  // namespace clvet::cli
