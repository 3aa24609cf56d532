// clvet-launch-runner: runs kernel launches that `clvet extract` wrote as traces of their own on
// a platform of the ICD loader, one after another in one process, and writes what each kernel
// left in its buffers. A process apart from clvet, so that a driver that crashes or a kernel
// that never ends takes only the launch it was running (clvet diff starts another runner for
// the rest); within it, each distinct program (source, IL or binary, and build options) is
// built once for all the launches that use it.
//   clvet-launch-runner [PLATFORM]
// reads folders from stdin, one a line, each holding launch.clvt; writes FOLDER/result.json
// (what happened), FOLDER/argN.bin (buffer argument N afterwards), FOLDER/findings.json (the
// reference device's findings of that launch) and FOLDER/output.txt (what the platform
// printed), then answers "done FOLDER" on stdout. A line "writer ARG OFFSET SIZE" asks which
// work-item last stored to those bytes of buffer argument ARG in the last launch (the
// reference device keeps it under CLVET_LAST_WRITERS=1); the answer is that line, ": ", and
// "global X Y Z group X Y Z local X Y Z" or "none".
#include <CL/cl.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "clvet/replay/launch.h"

namespace {

using clvet::replay::KernelArgument;
using clvet::replay::KernelLaunch;
using clvet::replay::ProgramKind;

std::string platform_text(cl_platform_id p, cl_platform_info what) {
  std::size_t n = 0;
  if (clGetPlatformInfo(p, what, 0, nullptr, &n) != CL_SUCCESS || n == 0) return "";
  std::string s(n, '\0');
  clGetPlatformInfo(p, what, n, s.data(), nullptr);
  s.resize(n - 1);
  return s;
}

std::string device_text(cl_device_id d, cl_device_info what) {
  std::size_t n = 0;
  if (clGetDeviceInfo(d, what, 0, nullptr, &n) != CL_SUCCESS || n == 0) return "";
  std::string s(n, '\0');
  clGetDeviceInfo(d, what, n, s.data(), nullptr);
  s.resize(n - 1);
  return s;
}

std::string arg_text(cl_kernel k, cl_uint i, cl_kernel_arg_info what) {
  std::size_t n = 0;
  if (clGetKernelArgInfo(k, i, what, 0, nullptr, &n) != CL_SUCCESS || n == 0) return "";
  std::string s(n, '\0');
  clGetKernelArgInfo(k, i, what, n, s.data(), nullptr);
  s.resize(n - 1);
  return s;
}

// The result of one launch, written to FOLDER/result.json.
struct Run {
  nlohmann::json result = nlohmann::json::object();
  std::string folder;

  void fail(const std::string& what, cl_int error = CL_SUCCESS) {
    result["status"] = "error";
    result["error"] = error == CL_SUCCESS ? what : fmt::format("{} failed with error {}", what, error);
  }
  void write() const { std::ofstream(folder + "/result.json") << result.dump(2) << "\n"; }
};

// The platform named by `wanted`: empty for the first, an index, or a unique part of its name.
cl_platform_id choose_platform(const std::string& wanted, std::string& error) {
  cl_uint n = 0;
  if (clGetPlatformIDs(0, nullptr, &n) != CL_SUCCESS || n == 0) {
    error = "the ICD loader offers no platform";
    return nullptr;
  }
  std::vector<cl_platform_id> platforms(n);
  clGetPlatformIDs(n, platforms.data(), nullptr);
  if (wanted.empty()) return platforms[0];
  if (wanted.find_first_not_of("0123456789") == std::string::npos) {
    const std::size_t i = std::stoul(wanted);
    if (i < n) return platforms[i];
    error = fmt::format("there is no platform {} (the loader offers {})", i, n);
    return nullptr;
  }
  cl_platform_id found = nullptr;
  std::string names;
  for (cl_platform_id p : platforms) {
    const std::string name = platform_text(p, CL_PLATFORM_NAME);
    names += (names.empty() ? "" : ", ") + name;
    if (name.find(wanted) == std::string::npos) continue;
    if (found != nullptr) {
      error = fmt::format("\"{}\" names more than one platform ({})", wanted, names);
      return nullptr;
    }
    found = p;
  }
  if (found == nullptr) error = fmt::format("no platform is named like \"{}\" ({})", wanted, names);
  return found;
}

// The platform, device, context and queue every launch runs on, set up at the first launch.
struct Target {
  bool ready = false;
  std::string error;  // why there is none
  std::string platform_name, device_name;
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  // The reference device's: each launch's findings written apart, and the work-item that
  // last stored to bytes of a buffer (nullptr elsewhere).
  cl_int(CL_API_CALL* write_findings)(const char*) = nullptr;
  cl_int(CL_API_CALL* last_store)(cl_mem, std::size_t, std::size_t, cl_ulong*) = nullptr;

  void open(const std::string& wanted) {
    ready = true;
    cl_platform_id platform = choose_platform(wanted, error);
    if (platform == nullptr) return;
    platform_name = platform_text(platform, CL_PLATFORM_NAME);
    cl_int err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr);
    if (err != CL_SUCCESS) {
      error = fmt::format("clGetDeviceIDs failed with error {}", err);
      return;
    }
    device_name = device_text(device, CL_DEVICE_NAME);
    context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    if (err != CL_SUCCESS) {
      error = fmt::format("clCreateContext failed with error {}", err);
      return;
    }
    queue = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
    if (err != CL_SUCCESS) {
      error = fmt::format("clCreateCommandQueueWithProperties failed with error {}", err);
      return;
    }
    write_findings = reinterpret_cast<cl_int(CL_API_CALL*)(const char*)>(
        clGetExtensionFunctionAddressForPlatform(platform, "clvetWriteFindingsCLVET"));
    last_store = reinterpret_cast<cl_int(CL_API_CALL*)(cl_mem, std::size_t, std::size_t, cl_ulong*)>(
        clGetExtensionFunctionAddressForPlatform(platform, "clvetLastStoreCLVET"));
  }
};

// A program built once for every launch that uses it.
struct Built {
  cl_program program = nullptr;
  std::string error, log;
};
using ProgramKey = std::tuple<ProgramKind, std::string, std::string>;

Built build(const Target& t, const KernelLaunch& launch) {
  Built b;
  cl_int err = CL_SUCCESS;
  std::string options = launch.build_options;
  if (launch.program_kind == ProgramKind::Source) {
    const char* text = launch.program.c_str();
    const std::size_t length = launch.program.size();
    b.program = clCreateProgramWithSource(t.context, 1, &text, &length, &err);
    // Argument types for the comparison (1.2 §5.7.3: only with -cl-kernel-arg-info).
    options += " -cl-kernel-arg-info";
  } else if (launch.program_kind == ProgramKind::IL) {
    b.program = clCreateProgramWithIL(t.context, launch.program.data(), launch.program.size(), &err);
  } else {
    const auto* bytes = reinterpret_cast<const unsigned char*>(launch.program.data());
    const std::size_t length = launch.program.size();
    b.program = clCreateProgramWithBinary(t.context, 1, &t.device, &length, &bytes, nullptr, &err);
  }
  if (err != CL_SUCCESS) {
    b.error = fmt::format("creating the program failed with error {}", err);
    return b;
  }
  err = clBuildProgram(b.program, 1, &t.device, options.c_str(), nullptr, nullptr);
  if (err != CL_SUCCESS) {
    std::size_t n = 0;
    clGetProgramBuildInfo(b.program, t.device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
    b.log.assign(n, '\0');
    clGetProgramBuildInfo(b.program, t.device, CL_PROGRAM_BUILD_LOG, n, b.log.data(), nullptr);
    b.error = fmt::format("clBuildProgram failed with error {}", err);
  }
  return b;
}

// Buffers and the kernel of one launch, kept until the next launch (for "writer" questions
// about it).
struct LaunchObjects {
  cl_kernel kernel = nullptr;
  std::map<std::uint32_t, cl_mem> buffers;
  void release() {
    for (auto& [index, mem] : buffers)
      if (mem != nullptr) clReleaseMemObject(mem);
    buffers.clear();
    if (kernel != nullptr) clReleaseKernel(kernel);
    kernel = nullptr;
  }
  ~LaunchObjects() { release(); }
};

void run_launch(Target& t, std::map<ProgramKey, Built>& programs, LaunchObjects& objects, Run& r) {
  std::string error;
  const std::string trace_path = r.folder + "/launch.clvt";
  auto reader = clvet::trace::Reader::open(trace_path, error);
  if (!reader) return r.fail(error);
  std::vector<KernelLaunch> launches = clvet::replay::read_launches(*reader);
  if (launches.size() != 1) return r.fail(fmt::format("{} holds {} launches, not one", trace_path, launches.size()));
  const KernelLaunch& launch = launches[0];
  if (!launch.rerunnable()) return r.fail(launch.problems.front());

  if (!t.error.empty()) return r.fail(t.error);
  r.result["platform"] = t.platform_name;
  r.result["device"] = t.device_name;
  const ProgramKey key{launch.program_kind, launch.program, launch.build_options};
  auto built = programs.find(key);
  if (built == programs.end()) built = programs.emplace(key, build(t, launch)).first;
  if (!built->second.error.empty()) {
    r.result["build_log"] = built->second.log;
    return r.fail(built->second.error);
  }
  cl_int err = CL_SUCCESS;
  objects.kernel = clCreateKernel(built->second.program, launch.kernel_name.c_str(), &err);
  if (err != CL_SUCCESS) return r.fail(fmt::format("clCreateKernel(\"{}\")", launch.kernel_name), err);
  cl_kernel kernel = objects.kernel;

  nlohmann::json arguments = nlohmann::json::array();
  cl_uint count = 0;
  clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof count, &count, nullptr);
  for (cl_uint i = 0; i < count; ++i) {
    cl_kernel_arg_address_qualifier address = 0;
    clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof address, &address, nullptr);
    arguments.push_back({{"index", i},
                         {"name", arg_text(kernel, i, CL_KERNEL_ARG_NAME)},
                         {"type", arg_text(kernel, i, CL_KERNEL_ARG_TYPE_NAME)},
                         {"global", address == CL_KERNEL_ARG_ADDRESS_GLOBAL || address == CL_KERNEL_ARG_ADDRESS_CONSTANT}});
  }
  r.result["arguments"] = arguments;

  for (const KernelArgument& arg : launch.arguments) {
    if (arg.kind == KernelArgument::Kind::Buffer) {
      if (arg.same_buffer_as == arg.index) {
        auto bytes = clvet::replay::bytes_of(*reader, arg.before);
        if (!bytes) return r.fail(fmt::format("argument {}: its contents are not in the trace", arg.index));
        objects.buffers[arg.index] = clCreateBuffer(t.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                                    bytes->size(), bytes->data(), &err);
        if (err != CL_SUCCESS) return r.fail(fmt::format("clCreateBuffer for argument {}", arg.index), err);
      }
      cl_mem mem = objects.buffers[arg.same_buffer_as];
      err = clSetKernelArg(kernel, arg.index, sizeof mem, &mem);
    } else if (arg.kind == KernelArgument::Kind::Scalar) {
      err = clSetKernelArg(kernel, arg.index, arg.value.size(), arg.value.data());
    } else if (arg.kind == KernelArgument::Kind::Local) {
      err = clSetKernelArg(kernel, arg.index, arg.size, nullptr);
    }
    if (err != CL_SUCCESS) {
      std::string type = arg.index < count ? arguments[arg.index]["type"].get<std::string>() : "";
      return r.fail(fmt::format("clSetKernelArg({}{})", arg.index, type.empty() ? "" : ", " + type), err);
    }
  }
  size_t offset[3], global[3], local[3];
  for (int d = 0; d < 3; ++d) {
    offset[d] = launch.offset[d];
    global[d] = launch.global[d];
    local[d] = launch.local[d];
  }
  err = clEnqueueNDRangeKernel(t.queue, kernel, launch.work_dim, offset, global,
                               launch.has_local ? local : nullptr, 0, nullptr, nullptr);
  if (err != CL_SUCCESS) return r.fail("clEnqueueNDRangeKernel", err);
  nlohmann::json outputs = nlohmann::json::array();
  for (const KernelArgument& arg : launch.arguments) {
    if (arg.kind != KernelArgument::Kind::Buffer || arg.same_buffer_as != arg.index) continue;
    cl_mem mem = objects.buffers[arg.index];
    std::size_t size = 0;
    clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof size, &size, nullptr);
    std::vector<char> bytes(size);
    err = clEnqueueReadBuffer(t.queue, mem, CL_TRUE, 0, size, bytes.data(), 0, nullptr, nullptr);
    if (err != CL_SUCCESS) return r.fail(fmt::format("clEnqueueReadBuffer of argument {}", arg.index), err);
    const std::string file = fmt::format("arg{}.bin", arg.index);
    std::ofstream(r.folder + "/" + file, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(size));
    outputs.push_back({{"index", arg.index}, {"file", file}});
  }
  r.result["outputs"] = outputs;
  r.result["status"] = "ok";
}

// What the platform prints while a launch runs goes to FOLDER/output.txt.
void print_to(const std::string& path) {
  std::fflush(stdout);
  std::fflush(stderr);
  const int out = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (out < 0) return;
  dup2(out, 1);
  dup2(out, 2);
  close(out);
}

}  // namespace

// "writer ARG OFFSET SIZE": the work-item that last stored to bytes [OFFSET, OFFSET + SIZE) of
// buffer argument ARG in the last launch, as "global X Y Z group X Y Z local X Y Z", or "none".
std::string last_writer(const Target& t, const LaunchObjects& objects, const std::string& question) {
  std::uint32_t arg = 0;
  unsigned long long offset = 0, size = 0;
  if (std::sscanf(question.c_str(), "writer %u %llu %llu", &arg, &offset, &size) != 3) return "none";
  const auto buffer = objects.buffers.find(arg);
  if (t.last_store == nullptr || buffer == objects.buffers.end()) return "none";
  cl_ulong ids[9];
  if (t.last_store(buffer->second, offset, size, ids) != CL_SUCCESS) return "none";
  return fmt::format("global {} {} {} group {} {} {} local {} {} {}", ids[0], ids[1], ids[2], ids[3], ids[4],
                     ids[5], ids[6], ids[7], ids[8]);
}

int main(int argc, char** argv) {
  if (argc > 2 || (argc == 2 && std::string(argv[1]) == "--help")) {
    std::fprintf(stderr, "usage: clvet-launch-runner [PLATFORM] < FOLDERS (each holding launch.clvt)\n");
    return 2;
  }
  const std::string wanted = argc == 2 ? argv[1] : "";
  // Answers go to the stdout clvet diff reads; fd 1 and 2 become each launch's output.txt.
  FILE* answers = fdopen(dup(1), "w");
  if (answers == nullptr) return 2;
  Target target;
  std::map<ProgramKey, Built> programs;
  LaunchObjects objects;
  std::string folder;
  while (std::getline(std::cin, folder)) {
    if (folder.empty()) continue;
    if (folder.rfind("writer ", 0) == 0) {
      std::fprintf(answers, "%s: %s\n", folder.c_str(), last_writer(target, objects, folder).c_str());
      std::fflush(answers);
      continue;
    }
    objects.release();
    print_to(folder + "/output.txt");
    if (!target.ready) target.open(wanted);
    Run r;
    r.folder = folder;
    run_launch(target, programs, objects, r);
    if (target.write_findings != nullptr) target.write_findings((folder + "/findings.json").c_str());
    r.write();
    std::fprintf(answers, "done %s\n", folder.c_str());
    std::fflush(answers);
  }
  objects.release();
  for (auto& [key, built] : programs)
    if (built.program != nullptr) clReleaseProgram(built.program);
  if (target.queue != nullptr) clReleaseCommandQueue(target.queue);
  if (target.context != nullptr) clReleaseContext(target.context);
  return 0;
}
