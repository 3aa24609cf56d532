// One kernel launch as a readable C program that needs only libOpenCL (`clvet extract`): the
// program's source beside it, each buffer's contents before the launch in a file, and the
// contents after it (when the trace has them) to compare its own results with.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>

#include "clvet/replay/launch.h"

namespace clvet::replay {
namespace {

namespace fs = std::filesystem;

bool write_bytes(const fs::path& path, const std::string& bytes, std::string& error) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (out) return true;
  error = fmt::format("{}: cannot be written", path.string());
  return false;
}

std::string c_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') out += fmt::format("\\{}", static_cast<char>(c));
    else if (c >= 32 && c < 127) out += static_cast<char>(c);
    else out += fmt::format("\\{:03o}", c);
  }
  return out + "\"";
}

std::string c_bytes(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i)
    out += fmt::format("{}0x{:02x}", i == 0 ? "" : i % 12 == 0 ? ",\n    " : ", ",
                       static_cast<unsigned char>(s[i]));
  return out;
}

std::string c_sizes(const std::array<std::uint64_t, 3>& v, std::uint32_t dim) {
  std::string out;
  for (std::uint32_t d = 0; d < dim; ++d) out += fmt::format("{}{}", d ? ", " : "", v[d]);
  return out;
}

constexpr const char* kPrologue = R"(/* A kernel launch cut out of a clvet trace: %ORIGIN%.
 * Runs it alone with only libOpenCL:
 *   cc launch.c -o launch -lOpenCL && ./launch [PLATFORM_INDEX]
 * from this folder. It reads the program (%PROGRAM_FILE%) and each buffer's contents before the
 * launch (argN.before.bin), runs the kernel, writes each buffer afterwards to argN.out.bin and,
 * where the trace had them (argN.expected.bin), says whether the bytes are the same as the
 * recorded device's. Exit status: 0 same (or nothing to compare), 1 different, 2 an OpenCL
 * error. */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                             \
  do {                                                                          \
    cl_int err_ = (call);                                                       \
    if (err_ != CL_SUCCESS) {                                                   \
      fprintf(stderr, "%s:%d: %s failed with error %d\n", __FILE__, __LINE__, #call, err_); \
      exit(2);                                                                  \
    }                                                                           \
  } while (0)

/* The whole of a file; exits when it cannot be read. */
static unsigned char* read_file(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "%s: cannot be read\n", path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char* bytes = malloc(n > 0 ? (size_t)n + 1 : 1);
  if (n > 0 && fread(bytes, 1, (size_t)n, f) != (size_t)n) exit(2);
  bytes[n > 0 ? n : 0] = 0;
  fclose(f);
  *size = (size_t)(n > 0 ? n : 0);
  return bytes;
}

static void write_file(const char* path, const void* bytes, size_t size) {
  FILE* f = fopen(path, "wb");
  if (!f || fwrite(bytes, 1, size, f) != size) {
    fprintf(stderr, "%s: cannot be written\n", path);
    exit(2);
  }
  fclose(f);
}

/* 0 when `path` does not exist or holds `bytes`; 1 (and a line saying where) otherwise. */
static int compare_with(const char* path, const unsigned char* bytes, size_t size, int arg) {
  FILE* f = fopen(path, "rb");
  if (!f) return 0;
  fclose(f);
  size_t n = 0;
  unsigned char* expected = read_file(path, &n);
  size_t first = 0, differ = 0;
  for (size_t i = 0; i < size && i < n; ++i)
    if (bytes[i] != expected[i] && differ++ == 0) first = i;
  free(expected);
  if (differ == 0 && n == size) {
    printf("argument %d: %zu bytes, the same as the recorded device's\n", arg, size);
    return 0;
  }
  printf("argument %d: %zu of %zu bytes differ from the recorded device's, the first at byte %zu\n",
         arg, differ, size, first);
  return 1;
}

int main(int argc, char** argv) {
  cl_uint platform_index = argc > 1 ? (cl_uint)atoi(argv[1]) : 0;
  cl_uint count = 0;
  CHECK(clGetPlatformIDs(0, NULL, &count));
  if (platform_index >= count) {
    fprintf(stderr, "there is no platform %u (%u found)\n", platform_index, count);
    return 2;
  }
  cl_platform_id* platforms = malloc(count * sizeof *platforms);
  CHECK(clGetPlatformIDs(count, platforms, NULL));
  cl_device_id device;
  CHECK(clGetDeviceIDs(platforms[platform_index], CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  cl_int err;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);
)";

}  // namespace

bool write_launch_program(trace::Reader& reader, const KernelLaunch& launch, const std::string& folder,
                          std::string& error) {
  if (!launch.rerunnable()) {
    error = fmt::format("call {} cannot run alone: {}", launch.call_index, launch.problems.front());
    return false;
  }
  const fs::path dir = folder;
  std::error_code ec;
  fs::create_directories(dir, ec);
  const char* program_file = launch.program_kind == ProgramKind::Source ? "kernel.cl"
                             : launch.program_kind == ProgramKind::IL   ? "kernel.spv"
                                                                        : "kernel.bin";
  if (!write_bytes(dir / program_file, launch.program, error)) return false;

  std::string c = kPrologue;
  auto replace = [&c](std::string_view key, const std::string& value) {
    for (std::size_t at = c.find(key); at != std::string::npos; at = c.find(key, at + value.size()))
      c.replace(at, key.size(), value);
  };
  replace("%ORIGIN%", fmt::format("call #{} of {}, kernel \"{}\"", launch.call_index, reader.name(),
                                  launch.kernel_name));
  replace("%PROGRAM_FILE%", program_file);

  c += fmt::format("\n  size_t program_size = 0;\n  unsigned char* program_bytes = read_file(\"{}\", &program_size);\n",
                   program_file);
  switch (launch.program_kind) {
    case ProgramKind::Source:
      c += "  const char* source = (const char*)program_bytes;\n"
           "  cl_program program = clCreateProgramWithSource(context, 1, &source, &program_size, &err);\n";
      break;
    case ProgramKind::IL:
      c += "  cl_program program = clCreateProgramWithIL(context, program_bytes, program_size, &err);\n";
      break;
    case ProgramKind::Binary:
      c += "  const unsigned char* binary = program_bytes;\n"
           "  cl_program program = clCreateProgramWithBinary(context, 1, &device, &program_size, &binary, NULL, &err);\n";
      break;
  }
  c += fmt::format(
      "  CHECK(err);\n"
      "  err = clBuildProgram(program, 1, &device, {}, NULL, NULL);\n"
      "  if (err != CL_SUCCESS) {{\n"
      "    char log[16384] = \"\";\n"
      "    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);\n"
      "    fprintf(stderr, \"clBuildProgram failed with error %d:\\n%s\\n\", err, log);\n"
      "    return 2;\n"
      "  }}\n"
      "  cl_kernel kernel = clCreateKernel(program, {}, &err);\n"
      "  CHECK(err);\n",
      c_string(launch.build_options), c_string(launch.kernel_name));

  // Buffers, each created with its contents before the launch.
  for (const KernelArgument& arg : launch.arguments) {
    if (arg.kind != KernelArgument::Kind::Buffer) continue;
    if (arg.same_buffer_as != arg.index) {
      c += fmt::format("  cl_mem arg{0} = arg{1}; /* the same buffer as argument {1} */\n", arg.index,
                       arg.same_buffer_as);
      continue;
    }
    auto before = bytes_of(reader, arg.before);
    if (!before) {
      error = fmt::format("argument {}: its contents before the launch cannot be read", arg.index);
      return false;
    }
    if (!write_bytes(dir / fmt::format("arg{}.before.bin", arg.index), *before, error)) return false;
    if (launch.has_after)
      if (auto after = bytes_of(reader, arg.after))
        if (!write_bytes(dir / fmt::format("arg{}.expected.bin", arg.index), *after, error)) return false;
    c += fmt::format(
        "  size_t arg{0}_size = 0;\n"
        "  unsigned char* arg{0}_bytes = read_file(\"arg{0}.before.bin\", &arg{0}_size);\n"
        "  cl_mem arg{0} = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, arg{0}_size, arg{0}_bytes, &err);\n"
        "  CHECK(err);\n",
        arg.index);
  }
  for (const KernelArgument& arg : launch.arguments) {
    switch (arg.kind) {
      case KernelArgument::Kind::Buffer:
        c += fmt::format("  CHECK(clSetKernelArg(kernel, {0}, sizeof(cl_mem), &arg{0}));\n", arg.index);
        break;
      case KernelArgument::Kind::Scalar:
        c += fmt::format("  static const unsigned char arg{0}_value[] = {{{1}}};\n"
                         "  CHECK(clSetKernelArg(kernel, {0}, sizeof arg{0}_value, arg{0}_value));\n",
                         arg.index, c_bytes(arg.value));
        break;
      case KernelArgument::Kind::Local:
        c += fmt::format("  CHECK(clSetKernelArg(kernel, {0}, {1}, NULL)); /* __local */\n", arg.index,
                         arg.size);
        break;
      default:
        break;
    }
  }
  c += fmt::format("  const size_t global_offset[] = {{{}}};\n", c_sizes(launch.offset, launch.work_dim));
  c += fmt::format("  const size_t global_size[] = {{{}}};\n", c_sizes(launch.global, launch.work_dim));
  if (launch.has_local)
    c += fmt::format("  const size_t local_size[] = {{{}}};\n", c_sizes(launch.local, launch.work_dim));
  c += fmt::format("  CHECK(clEnqueueNDRangeKernel(queue, kernel, {}, global_offset, global_size, {}, 0, NULL, NULL));\n",
                   launch.work_dim, launch.has_local ? "local_size" : "NULL");
  c += "  CHECK(clFinish(queue));\n\n  int differ = 0;\n";
  for (const KernelArgument& arg : launch.arguments) {
    if (arg.kind != KernelArgument::Kind::Buffer || arg.same_buffer_as != arg.index) continue;
    c += fmt::format(
        "  CHECK(clEnqueueReadBuffer(queue, arg{0}, CL_TRUE, 0, arg{0}_size, arg{0}_bytes, 0, NULL, NULL));\n"
        "  write_file(\"arg{0}.out.bin\", arg{0}_bytes, arg{0}_size);\n"
        "  differ |= compare_with(\"arg{0}.expected.bin\", arg{0}_bytes, arg{0}_size, {0});\n",
        arg.index);
  }
  c += "  return differ;\n}\n";
  std::ofstream out(dir / "launch.c");
  out << c;
  if (!out) {
    error = fmt::format("{}: cannot be written", (dir / "launch.c").string());
    return false;
  }
  return true;
}

}  // namespace clvet::replay
