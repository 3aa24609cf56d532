// Runs one case of the kernel corpus (tests/kernels/corpus/*.cl) on an OpenCL platform found
// through the ICD loader: builds it, creates and fills its buffers, enqueues its launches in
// order and releases everything. The findings are the platform's business (clvet writes them
// where CLVET_REPORT says; Oclgrind prints them on stderr); corpus_test judges them.
//
//   corpus_runner [--platform=NAME] [--options=BUILD OPTIONS] [--print] [--dump=FILE] CASE.cl
//
// --platform picks the first platform whose name contains NAME (default: clvet); --options is
// appended to each launch's build options; --print writes each buffer's first elements after
// the last launch; --dump writes every buffer's bytes after the last launch to FILE, one after
// the other in the order of the arguments (what a `compare:` case compares). Exit status: 0 ran, 1 an OpenCL call failed, 2 bad usage or case file,
// 3 no such platform or device, 4 the program did not build.
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "corpus_case.h"

namespace {

using clvet::corpus::Arg;
using clvet::corpus::Case;
using clvet::corpus::Launch;

struct Options {
  std::string platform = "clvet";
  std::string build_options;
  bool print = false;
  std::string dump;
  std::string path;
};

bool parse_options(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--platform=", 0) == 0) o.platform = a.substr(11);
    else if (a.rfind("--options=", 0) == 0) o.build_options = a.substr(10);
    else if (a == "--print") o.print = true;
    else if (a.rfind("--dump=", 0) == 0) o.dump = a.substr(7);
    else if (!a.empty() && a[0] != '-' && o.path.empty()) o.path = a;
    else return false;
  }
  return !o.path.empty();
}

cl_device_id find_device(const std::string& wanted) {
  cl_uint n = 0;
  if (clGetPlatformIDs(0, nullptr, &n) != CL_SUCCESS || n == 0) return nullptr;
  std::vector<cl_platform_id> platforms(n);
  clGetPlatformIDs(n, platforms.data(), nullptr);
  for (cl_platform_id p : platforms) {
    char name[256] = {};
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof name, name, nullptr);
    if (std::string(name).find(wanted) == std::string::npos) continue;
    cl_device_id device = nullptr;
    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &device, nullptr) == CL_SUCCESS) return device;
  }
  return nullptr;
}

// Everything the run created, released in reverse order at the end so that the platform sees
// a program that cleans up after itself (no leak findings).
struct Objects {
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  std::vector<cl_mem> parents, buffers;
  std::map<std::string, cl_program> programs;  // by build options
  std::vector<cl_kernel> kernels;
  std::vector<void*> svm;  // by argument (null for the others)
  ~Objects() {
    if (queue) clFinish(queue);
    for (void* p : svm)
      if (p) clSVMFree(context, p);
    for (cl_kernel k : kernels) clReleaseKernel(k);
    for (auto& [options, p] : programs) clReleaseProgram(p);
    for (cl_mem m : buffers)
      if (m) clReleaseMemObject(m);
    for (cl_mem m : parents)
      if (m) clReleaseMemObject(m);
    if (queue) clReleaseCommandQueue(queue);
    if (context) clReleaseContext(context);
  }
};

cl_mem_flags access_flags(const Arg& arg) {
  if (arg.access == "read_only") return CL_MEM_READ_ONLY;
  if (arg.access == "write_only") return CL_MEM_WRITE_ONLY;
  return CL_MEM_READ_WRITE;
}

// An `svm` argument's allocation (OpenCL 2.2 §5.6.1): coarse grain, filled through
// clEnqueueSVMMemcpy, or fine grain, written by the host directly; init=none writes nothing.
bool create_svm(Objects& o, const Arg& arg, void** out) {
  std::vector<std::uint8_t> data = clvet::corpus::initial_contents(arg);
  const cl_svm_mem_flags flags =
      access_flags(arg) | (arg.fine_grain ? CL_MEM_SVM_FINE_GRAIN_BUFFER : 0);
  *out = clSVMAlloc(o.context, flags, data.size(), 0);
  if (*out == nullptr) {
    std::fprintf(stderr, "corpus_runner: clSVMAlloc returned NULL\n");
    return false;
  }
  if (arg.init == "none") return true;
  if (arg.fine_grain) {
    std::memcpy(*out, data.data(), data.size());
    return true;
  }
  const cl_int err = clEnqueueSVMMemcpy(o.queue, CL_TRUE, *out, data.data(), data.size(), 0,
                                        nullptr, nullptr);
  if (err != CL_SUCCESS) std::fprintf(stderr, "corpus_runner: clEnqueueSVMMemcpy: error %d\n", err);
  return err == CL_SUCCESS;
}

// The bytes of an argument's buffer or SVM allocation after the launches.
bool read_back(cl_command_queue q, const Arg& arg, cl_mem m, void* svm, std::vector<char>& data) {
  data.resize(arg.count * clvet::corpus::type_size(arg.type));
  if (svm != nullptr)
    return clEnqueueSVMMemcpy(q, CL_TRUE, data.data(), svm, data.size(), 0, nullptr, nullptr) ==
           CL_SUCCESS;
  return clEnqueueReadBuffer(q, m, CL_TRUE, 0, data.size(), data.data(), 0, nullptr, nullptr) ==
         CL_SUCCESS;
}

// The buffer an argument names (null for local, value, null and svm arguments).
bool create_buffer(Objects& o, const Arg& arg, cl_mem* out) {
  *out = nullptr;
  if (arg.kind != Arg::Kind::Buffer && arg.kind != Arg::Kind::SubBuffer) return true;
  const std::size_t element = clvet::corpus::type_size(arg.type);
  std::vector<std::uint8_t> data = clvet::corpus::initial_contents(arg);
  const bool with_data = arg.init != "none";
  cl_mem_flags flags = access_flags(arg) | (with_data ? CL_MEM_COPY_HOST_PTR : 0);
  cl_int err = CL_SUCCESS;
  if (arg.kind == Arg::Kind::Buffer) {
    *out = clCreateBuffer(o.context, flags, data.size(), with_data ? data.data() : nullptr, &err);
    if (err != CL_SUCCESS) std::fprintf(stderr, "corpus_runner: clCreateBuffer: error %d\n", err);
    return err == CL_SUCCESS;
  }
  cl_mem parent = clCreateBuffer(o.context, CL_MEM_READ_WRITE | (with_data ? CL_MEM_COPY_HOST_PTR : 0),
                                 data.size(), with_data ? data.data() : nullptr, &err);
  o.parents.push_back(parent);
  if (err != CL_SUCCESS) {
    std::fprintf(stderr, "corpus_runner: clCreateBuffer (parent): error %d\n", err);
    return false;
  }
  cl_buffer_region region = {arg.origin * element, arg.count * element};
  *out = clCreateSubBuffer(parent, access_flags(arg), CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
  if (err != CL_SUCCESS) std::fprintf(stderr, "corpus_runner: clCreateSubBuffer: error %d\n", err);
  return err == CL_SUCCESS;
}

cl_program build(Objects& o, cl_device_id device, const Case& c, const std::string& options) {
  if (auto it = o.programs.find(options); it != o.programs.end()) return it->second;
  const char* text = c.source.c_str();
  cl_int err = CL_SUCCESS;
  cl_program p = clCreateProgramWithSource(o.context, 1, &text, nullptr, &err);
  if (!p) return nullptr;
  o.programs[options] = p;
  if (clBuildProgram(p, 1, &device, options.c_str(), nullptr, nullptr) == CL_SUCCESS) return p;
  std::size_t size = 0;
  clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
  std::string log(size, '\0');
  clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
  std::fprintf(stderr, "corpus_runner: the program did not build with options '%s':\n%s\n",
               options.c_str(), log.c_str());
  return nullptr;
}

bool set_args(cl_kernel k, const Case& c, const Launch& launch, const std::vector<cl_mem>& mems,
              const std::vector<void*>& svm) {
  for (cl_uint i = 0; i < launch.args.size(); ++i) {
    const Arg& arg = c.args[launch.args[i]];
    cl_int err = CL_SUCCESS;
    switch (arg.kind) {
      case Arg::Kind::Buffer:
      case Arg::Kind::SubBuffer:
        err = clSetKernelArg(k, i, sizeof(cl_mem), &mems[launch.args[i]]);
        break;
      case Arg::Kind::Null:
        err = clSetKernelArg(k, i, sizeof(cl_mem), nullptr);
        break;
      case Arg::Kind::Svm:
        err = clSetKernelArgSVMPointer(k, i, svm[launch.args[i]]);
        break;
      case Arg::Kind::Local:
        err = clSetKernelArg(k, i, arg.count, nullptr);
        break;
      case Arg::Kind::Value:
        err = clSetKernelArg(k, i, arg.bytes.size(), arg.bytes.data());
        break;
    }
    if (err != CL_SUCCESS) {
      std::fprintf(stderr, "corpus_runner: clSetKernelArg(%s, %u): error %d\n",
                   launch.kernel.c_str(), i, err);
      return false;
    }
  }
  return true;
}

// Appends the bytes of buffer `m` or allocation `svm` (argument `arg`) to `out`.
bool dump_buffer(cl_command_queue q, const Arg& arg, cl_mem m, void* svm, std::ofstream& out) {
  std::vector<char> data;
  if (!read_back(q, arg, m, svm, data)) return false;
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
  return static_cast<bool>(out);
}

void print_buffer(cl_command_queue q, std::size_t index, const Arg& arg, cl_mem m, void* svm) {
  const std::string scalar = clvet::corpus::scalar_type(arg.type);
  const std::size_t scalar_bytes = clvet::corpus::type_size(scalar);
  std::vector<char> data;
  if (!read_back(q, arg, m, svm, data)) return;
  std::printf("arg %zu:", index);
  for (std::size_t i = 0; i < 16 && (i + 1) * scalar_bytes <= data.size(); ++i) {
    const auto* at = reinterpret_cast<const std::uint8_t*>(data.data()) + i * scalar_bytes;
    if (scalar == "float") {
      float f;
      std::memcpy(&f, at, 4);
      std::printf(" %g", f);
    } else if (scalar == "double") {
      double d;
      std::memcpy(&d, at, 8);
      std::printf(" %g", d);
    } else {
      long long v = 0;
      std::memcpy(&v, at, scalar_bytes);
      std::printf(" %lld", v);
    }
  }
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse_options(argc, argv, options)) {
    std::fprintf(stderr, "usage: corpus_runner [--platform=NAME] [--options=OPTS] [--print] "
                         "[--dump=FILE] CASE.cl\n");
    return 2;
  }
  Case c = clvet::corpus::parse_case(options.path);
  if (!c.error.empty()) {
    std::fprintf(stderr, "%s: %s\n", options.path.c_str(), c.error.c_str());
    return 2;
  }
  // Before the first OpenCL call: the loader opens the platforms then, and they read options.
  for (const auto& [name, value] : c.env) setenv(name.c_str(), value.c_str(), 1);

  cl_device_id device = find_device(options.platform);
  if (!device) {
    std::fprintf(stderr, "corpus_runner: no platform named '%s' with a device\n",
                 options.platform.c_str());
    return 3;
  }
  int status = 0;
  {
    Objects o;
    cl_int err = CL_SUCCESS;
    o.context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    if (o.context) o.queue = clCreateCommandQueue(o.context, device, 0, &err);
    if (!o.queue) {
      std::fprintf(stderr, "corpus_runner: no context or queue: error %d\n", err);
      return 3;
    }
    std::vector<cl_mem> mems(c.args.size(), nullptr);
    o.svm.assign(c.args.size(), nullptr);
    for (std::size_t i = 0; i < c.args.size(); ++i) {
      bool made = c.args[i].kind == Arg::Kind::Svm ? create_svm(o, c.args[i], &o.svm[i])
                                                   : create_buffer(o, c.args[i], &mems[i]);
      o.buffers.push_back(mems[i]);
      if (!made) return 1;
    }
    for (const Launch& launch : c.launches) {
      std::string build_options = launch.options;
      if (!options.build_options.empty())
        build_options += (build_options.empty() ? "" : " ") + options.build_options;
      cl_program p = build(o, device, c, build_options);
      if (!p) return 4;
      cl_kernel k = clCreateKernel(p, launch.kernel.c_str(), &err);
      if (!k) {
        std::fprintf(stderr, "corpus_runner: clCreateKernel(%s): error %d\n", launch.kernel.c_str(),
                     err);
        return 1;
      }
      o.kernels.push_back(k);
      if (!set_args(k, c, launch, mems, o.svm)) return 1;
      err = clEnqueueNDRangeKernel(o.queue, k, launch.dims, nullptr, launch.global, launch.local, 0,
                                   nullptr, nullptr);
      if (err == CL_SUCCESS) err = clFinish(o.queue);
      if (err != CL_SUCCESS) {
        std::fprintf(stderr, "corpus_runner: kernel %s: error %d\n", launch.kernel.c_str(), err);
        status = 1;
      }
    }
    if (options.print)
      for (std::size_t i = 0; i < c.args.size(); ++i)
        if (mems[i] || o.svm[i]) print_buffer(o.queue, i, c.args[i], mems[i], o.svm[i]);
    if (!options.dump.empty()) {
      std::ofstream out(options.dump, std::ios::binary | std::ios::trunc);
      for (std::size_t i = 0; i < c.args.size(); ++i)
        if ((mems[i] || o.svm[i]) && !dump_buffer(o.queue, c.args[i], mems[i], o.svm[i], out)) {
          std::fprintf(stderr, "corpus_runner: cannot dump argument %zu to %s\n", i,
                       options.dump.c_str());
          status = 1;
        }
    }
  }
  return status;
}
