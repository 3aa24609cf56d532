// Finding the application's libOpenCL and judging whether it honours OPENCL_LAYERS.
#include "loader.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
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

// The dynamic linker an ELF program names (PT_INTERP); empty for a file that is not a
// dynamically linked ELF program (a script, a static program).
template <class Header, class ProgramHeader>
std::string interpreter_in(std::ifstream& in, const Header& header) {
  for (unsigned i = 0; i < header.e_phnum; ++i) {
    ProgramHeader segment{};
    in.seekg(static_cast<std::streamoff>(header.e_phoff + i * header.e_phentsize));
    if (!in.read(reinterpret_cast<char*>(&segment), sizeof segment)) return {};
    if (segment.p_type != PT_INTERP) continue;
    std::string path(std::min<std::size_t>(segment.p_filesz, PATH_MAX), '\0');
    in.seekg(static_cast<std::streamoff>(segment.p_offset));
    if (!in.read(path.data(), static_cast<std::streamsize>(path.size()))) return {};
    path.resize(std::strlen(path.c_str()));
    return path;
  }
  return {};
}

std::string interpreter_of(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  unsigned char ident[EI_NIDENT] = {};
  if (!in.read(reinterpret_cast<char*>(ident), sizeof ident) || std::memcmp(ident, ELFMAG, SELFMAG) != 0)
    return {};
  in.seekg(0);
  if (ident[EI_CLASS] == ELFCLASS64) {
    Elf64_Ehdr header{};
    return in.read(reinterpret_cast<char*>(&header), sizeof header)
               ? interpreter_in<Elf64_Ehdr, Elf64_Phdr>(in, header)
               : std::string{};
  }
  Elf32_Ehdr header{};
  return in.read(reinterpret_cast<char*>(&header), sizeof header)
             ? interpreter_in<Elf32_Ehdr, Elf32_Phdr>(in, header)
             : std::string{};
}

// What the program's dynamic linker loads for libOpenCL.so (it follows RPATH, RUNPATH and
// LD_LIBRARY_PATH): `ld.so --list`, what ldd runs, asked directly. ldd is a shell script that
// runs the linker three times more to pick it: 10 ms of CPU and 40-50 ms of wall time on a
// loaded two-core machine, against 0.7 and 4 for the linker alone (2026-11-27).
std::string loader_from_linker(const std::string& file) {
  if (file.empty()) return {};
  const std::string linker = interpreter_of(file);
  if (linker.empty()) return {};
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) return {};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  const char* argv[] = {linker.c_str(), "--list", file.c_str(), nullptr};
  pid_t child = -1;
  const int spawned = posix_spawn(&child, linker.c_str(), &actions, nullptr,
                                  const_cast<char* const*>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  std::string listed;
  char buffer[4096];
  for (ssize_t got; spawned == 0 && (got = read(out[0], buffer, sizeof buffer)) != 0;) {
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) break;
    listed.append(buffer, static_cast<std::size_t>(got));
  }
  close(out[0]);
  if (spawned != 0) return {};
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  std::string found;
  std::istringstream lines(listed);
  for (std::string text; std::getline(lines, text);) {
    if (text.find("libOpenCL.so") == std::string::npos) continue;
    auto arrow = text.find("=> ");
    if (arrow == std::string::npos) continue;
    std::string path = text.substr(arrow + 3);
    path = path.substr(0, path.find(" ("));
    if (!path.empty() && path[0] == '/') found = path;
  }
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
  plan.application_loader = loader_from_linker(program_file(program));
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
