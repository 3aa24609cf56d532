// clvet-launch-runner: runs the one kernel launch of a trace that `clvet extract` wrote on a
// platform of the ICD loader, and writes what the kernel left in its buffers. A process of its
// own, so that the reference device's findings of that launch (its report at exit) are that
// launch's alone, and a driver that crashes takes nothing else with it.
//   clvet-launch-runner LAUNCH.clvt OUTDIR [PLATFORM]
// OUTDIR/result.json says what happened; OUTDIR/argN.bin holds buffer argument N afterwards.
#include <CL/cl.h>
#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
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

struct Run {
  nlohmann::json result = nlohmann::json::object();
  std::string folder;

  int fail(const std::string& what, cl_int error = CL_SUCCESS) {
    result["status"] = "error";
    result["error"] = error == CL_SUCCESS ? what : fmt::format("{} failed with error {}", what, error);
    return finish();
  }
  int finish() {
    std::ofstream(folder + "/result.json") << result.dump(2) << "\n";
    return 0;
  }
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

int run(const std::string& trace_path, Run& r, const std::string& wanted) {
  std::string error;
  auto reader = clvet::trace::Reader::open(trace_path, error);
  if (!reader) return r.fail(error);
  std::vector<KernelLaunch> launches = clvet::replay::read_launches(*reader);
  if (launches.size() != 1) return r.fail(fmt::format("{} holds {} launches, not one", trace_path, launches.size()));
  const KernelLaunch& launch = launches[0];
  if (!launch.rerunnable()) return r.fail(launch.problems.front());

  cl_platform_id platform = choose_platform(wanted, error);
  if (platform == nullptr) return r.fail(error);
  cl_device_id device = nullptr;
  cl_int err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr);
  if (err != CL_SUCCESS) return r.fail("clGetDeviceIDs", err);
  r.result["platform"] = platform_text(platform, CL_PLATFORM_NAME);
  r.result["device"] = device_text(device, CL_DEVICE_NAME);
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  if (err != CL_SUCCESS) return r.fail("clCreateContext", err);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
  if (err != CL_SUCCESS) return r.fail("clCreateCommandQueueWithProperties", err);

  cl_program program = nullptr;
  std::string options = launch.build_options;
  if (launch.program_kind == ProgramKind::Source) {
    const char* text = launch.program.c_str();
    const std::size_t length = launch.program.size();
    program = clCreateProgramWithSource(context, 1, &text, &length, &err);
    // Argument types for the comparison (1.2 §5.7.3: only with -cl-kernel-arg-info).
    options += " -cl-kernel-arg-info";
  } else if (launch.program_kind == ProgramKind::IL) {
    program = clCreateProgramWithIL(context, launch.program.data(), launch.program.size(), &err);
  } else {
    const auto* bytes = reinterpret_cast<const unsigned char*>(launch.program.data());
    const std::size_t length = launch.program.size();
    program = clCreateProgramWithBinary(context, 1, &device, &length, &bytes, nullptr, &err);
  }
  if (err != CL_SUCCESS) return r.fail("creating the program", err);
  err = clBuildProgram(program, 1, &device, options.c_str(), nullptr, nullptr);
  if (err != CL_SUCCESS) {
    std::size_t n = 0;
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
    std::string log(n, '\0');
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, n, log.data(), nullptr);
    r.result["build_log"] = log;
    return r.fail("clBuildProgram", err);
  }
  cl_kernel kernel = clCreateKernel(program, launch.kernel_name.c_str(), &err);
  if (err != CL_SUCCESS) return r.fail(fmt::format("clCreateKernel(\"{}\")", launch.kernel_name), err);

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

  std::map<std::uint32_t, cl_mem> buffers;
  for (const KernelArgument& arg : launch.arguments) {
    if (arg.kind == KernelArgument::Kind::Buffer) {
      if (arg.same_buffer_as == arg.index) {
        auto bytes = clvet::replay::bytes_of(*reader, arg.before);
        if (!bytes) return r.fail(fmt::format("argument {}: its contents are not in the trace", arg.index));
        buffers[arg.index] = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                            bytes->size(), bytes->data(), &err);
        if (err != CL_SUCCESS) return r.fail(fmt::format("clCreateBuffer for argument {}", arg.index), err);
      }
      cl_mem mem = buffers[arg.same_buffer_as];
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
  err = clEnqueueNDRangeKernel(queue, kernel, launch.work_dim, offset, global,
                               launch.has_local ? local : nullptr, 0, nullptr, nullptr);
  if (err != CL_SUCCESS) return r.fail("clEnqueueNDRangeKernel", err);
  nlohmann::json outputs = nlohmann::json::array();
  for (const KernelArgument& arg : launch.arguments) {
    if (arg.kind != KernelArgument::Kind::Buffer || arg.same_buffer_as != arg.index) continue;
    cl_mem mem = buffers[arg.index];
    std::size_t size = 0;
    clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof size, &size, nullptr);
    std::vector<char> bytes(size);
    err = clEnqueueReadBuffer(queue, mem, CL_TRUE, 0, size, bytes.data(), 0, nullptr, nullptr);
    if (err != CL_SUCCESS) return r.fail(fmt::format("clEnqueueReadBuffer of argument {}", arg.index), err);
    const std::string file = fmt::format("arg{}.bin", arg.index);
    std::ofstream(r.folder + "/" + file, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(size));
    outputs.push_back({{"index", arg.index}, {"file", file}});
  }
  r.result["outputs"] = outputs;
  r.result["status"] = "ok";
  for (auto& [index, mem] : buffers) clReleaseMemObject(mem);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return r.finish();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: clvet-launch-runner LAUNCH.clvt OUTDIR [PLATFORM]\n");
    return 2;
  }
  Run r;
  r.folder = argv[2];
  // A return from main: the reference device writes its report of the launch at exit.
  return run(argv[1], r, argc > 3 ? argv[3] : "");
}
