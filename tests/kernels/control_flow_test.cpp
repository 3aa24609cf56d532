// Control flow on the reference device judged against PoCL: each kernel of
// tests/kernels/control_flow/*.cl is built and run on both platforms through the loader with
// the same arguments, and every buffer is compared byte for byte afterwards.
//
// A kernel file says how to run it in comment lines of its own:
//
//   // RUN: global=256 local=64          (or global=32,16 local=8,8 for two dimensions)
//   // ARG: buffer int 256 index         a buffer of 256 ints holding 0, 1, 2, ...
//   // ARG: buffer uint 256 random       ... pseudo-random values (floats in [-100, 100))
//   // ARG: buffer long 256 zero         ... zeros (what the kernel writes)
//   // ARG: scalar int 7                 a scalar argument
//   // ARG: local 1024                   __local memory of that many bytes
//   // ARG: struct int=3 float=2.5 uchar=7 long=-5
//                                        a struct by value, laid out with natural alignment
//
// ARG lines give the kernel's arguments in order. Adding a case is adding one file.
//
// CLVET_CONTROL_FLOW_PLATFORM (a platform name's substring, "clvet" by default) runs the
// corpus on another platform instead of the reference device, e.g. Oclgrind, to check that a
// new case is deterministic across implementations; OCL_ICD_VENDORS is then left as it is
// (it must list PoCL and that platform).
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const char* const kCorpusDir = CLVET_SOURCE_DIR "/tests/kernels/control_flow";

// One kernel argument as the file describes it.
struct Arg {
  enum Kind { Buffer, Scalar, Local, Struct } kind = Buffer;
  std::string type;            // element or scalar type
  size_t count = 0;            // buffer elements, or local bytes
  std::string fill;            // buffer: index, random or zero
  std::vector<uint8_t> bytes;  // scalar or struct value, and a buffer's initial contents
};

struct KernelCase {
  std::string name;  // the file's stem, also the kernel's name
  std::string source;
  cl_uint dims = 1;
  size_t global[3] = {1, 1, 1};
  size_t local[3] = {1, 1, 1};
  std::vector<Arg> args;
  std::string error;  // what is wrong with the file, if anything
};

// Size and alignment of the OpenCL C types the files use (3-component vectors take four).
bool type_size(const std::string& type, size_t* size) {
  static const std::pair<const char*, size_t> kScalars[] = {
      {"char", 1}, {"uchar", 1}, {"short", 2}, {"ushort", 2}, {"int", 4},
      {"uint", 4}, {"float", 4}, {"long", 8},  {"ulong", 8},  {"double", 8}};
  std::string base = type;
  size_t lanes = 1;
  size_t digits = base.find_first_of("0123456789");
  if (digits != std::string::npos) {
    lanes = std::stoul(base.substr(digits));
    base = base.substr(0, digits);
    if (lanes == 3) lanes = 4;
  }
  for (const auto& [name, bytes] : kScalars)
    if (base == name) {
      *size = bytes * lanes;
      return true;
    }
  return false;
}

std::string scalar_base(const std::string& type) {
  return type.substr(0, type.find_first_of("0123456789"));
}

// Writes `text` as a value of scalar type `type` at `out`.
void encode(const std::string& type, const std::string& text, uint8_t* out) {
  if (type == "float") {
    float v = std::stof(text);
    std::memcpy(out, &v, 4);
    return;
  }
  if (type == "double") {
    double v = std::stod(text);
    std::memcpy(out, &v, 8);
    return;
  }
  size_t size = 0;
  type_size(type, &size);
  uint64_t v = static_cast<uint64_t>(std::stoll(text, nullptr, 0));
  std::memcpy(out, &v, size);  // little-endian host and devices
}

// The pseudo-random contents of a buffer: the same on every run and for both platforms.
std::vector<uint8_t> fill_buffer(const std::string& type, size_t count, const std::string& fill) {
  size_t element = 0;
  type_size(type, &element);
  std::vector<uint8_t> data(element * count, 0);
  std::string base = scalar_base(type);
  size_t scalar = 0;
  type_size(base, &scalar);
  size_t lanes = element / scalar;
  uint64_t state = 0x2545F4914F6CDD1Dull ^ count;
  for (size_t i = 0; i < count * lanes; ++i) {
    uint8_t* at = data.data() + i * scalar;
    if (fill == "index") {
      encode(base, std::to_string(i / lanes), at);
    } else if (fill == "random") {
      state ^= state << 13, state ^= state >> 7, state ^= state << 17;
      if (base == "float") {
        float v = static_cast<float>((state >> 40) % 20000) / 100.0f - 100.0f;
        std::memcpy(at, &v, 4);
      } else if (base == "double") {
        double v = static_cast<double>((state >> 40) % 20000) / 100.0 - 100.0;
        std::memcpy(at, &v, 8);
      } else {
        std::memcpy(at, &state, scalar);
      }
    }
  }
  return data;
}

bool parse_sizes(const std::string& text, size_t* out, cl_uint* dims) {
  std::stringstream in(text);
  std::string part;
  cl_uint n = 0;
  while (std::getline(in, part, ',')) {
    if (n == 3 || part.empty()) return false;
    out[n++] = std::stoul(part);
  }
  if (dims) *dims = n;
  return n > 0;
}

KernelCase load_case(const fs::path& file) {
  KernelCase c;
  c.name = file.stem().string();
  std::ifstream in(file);
  std::stringstream whole;
  whole << in.rdbuf();
  c.source = whole.str();
  std::stringstream lines(c.source);
  std::string line;
  bool have_run = false;
  cl_uint local_dims = 0;
  while (std::getline(lines, line)) {
    std::stringstream words(line);
    std::string slashes, directive;
    words >> slashes >> directive;
    if (slashes != "//") continue;
    if (directive == "RUN:") {
      std::string item;
      while (words >> item) {
        if (item.rfind("global=", 0) == 0 && parse_sizes(item.substr(7), c.global, &c.dims))
          continue;
        if (item.rfind("local=", 0) == 0 && parse_sizes(item.substr(6), c.local, &local_dims))
          continue;
        c.error = "bad RUN item \"" + item + "\"";
      }
      have_run = true;
    } else if (directive == "ARG:") {
      Arg a;
      std::string kind;
      words >> kind;
      if (kind == "buffer") {
        a.kind = Arg::Buffer;
        words >> a.type >> a.count >> a.fill;
        size_t size = 0;
        if (!type_size(a.type, &size) || a.count == 0 ||
            (a.fill != "index" && a.fill != "random" && a.fill != "zero")) {
          c.error = "bad buffer argument: " + line;
          break;
        }
        a.bytes = fill_buffer(a.type, a.count, a.fill);
      } else if (kind == "scalar") {
        a.kind = Arg::Scalar;
        std::string value;
        words >> a.type >> value;
        size_t size = 0;
        if (!type_size(a.type, &size) || value.empty()) {
          c.error = "bad scalar argument: " + line;
          break;
        }
        a.bytes.resize(size);
        encode(a.type, value, a.bytes.data());
      } else if (kind == "local") {
        a.kind = Arg::Local;
        words >> a.count;
      } else if (kind == "struct") {
        a.kind = Arg::Struct;
        std::string field;
        size_t align = 1;
        while (words >> field) {
          size_t eq = field.find('='), size = 0;
          if (eq == std::string::npos || !type_size(field.substr(0, eq), &size)) {
            c.error = "bad struct field \"" + field + "\"";
            break;
          }
          size_t offset = (a.bytes.size() + size - 1) / size * size;
          a.bytes.resize(offset + size, 0);
          encode(field.substr(0, eq), field.substr(eq + 1), a.bytes.data() + offset);
          align = std::max(align, size);
        }
        a.bytes.resize((a.bytes.size() + align - 1) / align * align, 0);
      } else {
        c.error = "bad ARG kind \"" + kind + "\"";
        break;
      }
      c.args.push_back(std::move(a));
    }
  }
  if (!have_run) c.error = "no RUN line";
  if (c.error.empty() && local_dims != c.dims)
    c.error = "RUN: global and local differ in dimensions";
  return c;
}

std::vector<fs::path> corpus_files() {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(kCorpusDir, ec))
    if (entry.path().extension() == ".cl") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The loader sees the reference device and PoCL (the folder CMake made with both .icd files),
// unless another platform is tested. ocl-icd reads the variable on its first call.
void choose_platforms() {
  static const bool done = [] {
    const char* other = std::getenv("CLVET_CONTROL_FLOW_PLATFORM");
    if (!other || !*other) setenv("OCL_ICD_VENDORS", CLVET_KERNEL_PLATFORMS_DIR, 1);
    setenv("OCL_ICD_FILENAMES", "", 1);
    setenv("CLVET_REPORT", "none", 0);
    return true;
  }();
  (void)done;
}

// The first device of the platform whose name contains `wanted`, or null.
cl_device_id find_device(const char* wanted, std::string* listed) {
  cl_uint count = 0;
  if (clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS || count == 0) return nullptr;
  std::vector<cl_platform_id> platforms(count);
  clGetPlatformIDs(count, platforms.data(), nullptr);
  for (cl_platform_id p : platforms) {
    char name[256] = {};
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof name - 1, name, nullptr);
    *listed += std::string(listed->empty() ? "" : ", ") + "\"" + name + "\"";
    if (!std::strstr(name, wanted)) continue;
    cl_device_id device = nullptr;
    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &device, nullptr) != CL_SUCCESS) return nullptr;
    return device;
  }
  return nullptr;
}

// The buffers after running `c` on `device`, or what failed ("" and the buffers on success).
struct Outcome {
  std::string failure;
  std::vector<std::vector<uint8_t>> buffers;  // one per buffer argument, in order
};

Outcome run_case(const KernelCase& c, cl_device_id device) {
  Outcome out;
  cl_int err = CL_SUCCESS;
  auto fail = [&](const std::string& what, cl_int code) {
    out.failure = what + " returned " + std::to_string(code);
    return out;
  };
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  if (err != CL_SUCCESS) return fail("clCreateContext", err);
  // Released in reverse order whatever happens below.
  struct Cleanup {
    cl_context context;
    cl_command_queue queue = nullptr;
    cl_program program = nullptr;
    cl_kernel kernel = nullptr;
    std::vector<cl_mem> mems;
    ~Cleanup() {
      if (queue) clFinish(queue);
      for (cl_mem m : mems) clReleaseMemObject(m);
      if (kernel) clReleaseKernel(kernel);
      if (program) clReleaseProgram(program);
      if (queue) clReleaseCommandQueue(queue);
      clReleaseContext(context);
    }
  } held{context, nullptr, nullptr, nullptr, {}};
  held.queue = clCreateCommandQueue(context, device, 0, &err);
  if (err != CL_SUCCESS) return fail("clCreateCommandQueue", err);
  const char* text = c.source.c_str();
  held.program = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
  if (err != CL_SUCCESS) return fail("clCreateProgramWithSource", err);
  err = clBuildProgram(held.program, 1, &device, "", nullptr, nullptr);
  if (err != CL_SUCCESS) {
    size_t size = 0;
    clGetProgramBuildInfo(held.program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(held.program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    fail("clBuildProgram", err);
    out.failure += ", build log:\n" + log;
    return out;
  }
  held.kernel = clCreateKernel(held.program, c.name.c_str(), &err);
  if (err != CL_SUCCESS) return fail("clCreateKernel(\"" + c.name + "\")", err);
  for (cl_uint i = 0; i < c.args.size(); ++i) {
    const Arg& a = c.args[i];
    if (a.kind == Arg::Buffer) {
      cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a.bytes.size(),
                                const_cast<uint8_t*>(a.bytes.data()), &err);
      if (err != CL_SUCCESS) return fail("clCreateBuffer", err);
      held.mems.push_back(m);
      err = clSetKernelArg(held.kernel, i, sizeof m, &m);
    } else if (a.kind == Arg::Local) {
      err = clSetKernelArg(held.kernel, i, a.count, nullptr);
    } else {
      err = clSetKernelArg(held.kernel, i, a.bytes.size(), a.bytes.data());
    }
    if (err != CL_SUCCESS) return fail("clSetKernelArg(" + std::to_string(i) + ")", err);
  }
  err = clEnqueueNDRangeKernel(held.queue, held.kernel, c.dims, nullptr, c.global, c.local, 0,
                               nullptr, nullptr);
  if (err != CL_SUCCESS) return fail("clEnqueueNDRangeKernel", err);
  err = clFinish(held.queue);
  if (err != CL_SUCCESS) return fail("clFinish", err);
  size_t next = 0;
  for (const Arg& a : c.args) {
    if (a.kind != Arg::Buffer) continue;
    std::vector<uint8_t> data(a.bytes.size());
    err = clEnqueueReadBuffer(held.queue, held.mems[next++], CL_TRUE, 0, data.size(), data.data(),
                              0, nullptr, nullptr);
    if (err != CL_SUCCESS) return fail("clEnqueueReadBuffer", err);
    out.buffers.push_back(std::move(data));
  }
  return out;
}

// Where two buffers first differ, as elements of the argument's type.
// Empty when they do not differ. The fourth lane of a 3-component vector is padding (§6.1.5
// gives the type the size of four) whose contents no rule fixes: it is not compared.
std::string describe_difference(const Arg& a, size_t arg_index, const std::vector<uint8_t>& got,
                                const std::vector<uint8_t>& want) {
  size_t element = 0, compared = 0;
  type_size(a.type, &element);
  type_size(scalar_base(a.type), &compared);
  compared = a.type.ends_with("3") ? compared * 3 : element;
  size_t differing = 0, first = SIZE_MAX;
  for (size_t e = 0; e < a.count; ++e)
    if (std::memcmp(got.data() + e * element, want.data() + e * element, compared) != 0) {
      ++differing;
      if (first == SIZE_MAX) first = e;
    }
  if (differing == 0) return {};
  auto hex = [&](const std::vector<uint8_t>& bytes) {
    std::string s = "0x";
    char digits[3];
    for (size_t b = compared; b-- > 0;) {
      std::snprintf(digits, sizeof digits, "%02x", bytes[first * element + b]);
      s += digits;
    }
    return s;
  };
  return "argument " + std::to_string(arg_index) + " (" + a.type + "[" + std::to_string(a.count) +
         "]): " + std::to_string(differing) + " elements differ, the first at index " +
         std::to_string(first) + ": tested " + hex(got) + ", PoCL " + hex(want) +
         " (bytes as a little-endian number)";
}

class ControlFlow : public testing::TestWithParam<fs::path> {};

TEST_P(ControlFlow, SameBuffersAsPoCL) {
  KernelCase c = load_case(GetParam());
  ASSERT_TRUE(c.error.empty()) << GetParam() << ": " << c.error;
  choose_platforms();
  std::string listed;
  cl_device_id pocl = find_device("Portable Computing Language", &listed);
  ASSERT_NE(pocl, nullptr) << "PoCL is not among the platforms the loader lists (" << listed
                           << "); OCL_ICD_VENDORS=" << std::getenv("OCL_ICD_VENDORS");
  listed.clear();
  const char* tested = std::getenv("CLVET_CONTROL_FLOW_PLATFORM");
  if (!tested || !*tested) tested = "clvet";
  cl_device_id device = find_device(tested, &listed);
  ASSERT_NE(device, nullptr) << "no platform named like \"" << tested
                             << "\" among those the loader lists (" << listed << ")";

  Outcome want = run_case(c, pocl);
  if (!want.failure.empty())
    FAIL() << c.name << " fails on PoCL (a fault of the test case): " << want.failure;
  Outcome got = run_case(c, device);
  if (!got.failure.empty())
    FAIL() << c.name << " does not run on \"" << tested << "\": " << got.failure;

  size_t buffer = 0;
  for (size_t i = 0; i < c.args.size(); ++i) {
    if (c.args[i].kind != Arg::Buffer) continue;
    std::string difference =
        describe_difference(c.args[i], i, got.buffers[buffer], want.buffers[buffer]);
    if (!difference.empty()) ADD_FAILURE() << c.name << ": " << difference;
    ++buffer;
  }
}

std::string case_name(const testing::TestParamInfo<fs::path>& info) {
  std::string name = info.param.stem().string();
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Corpus, ControlFlow, testing::ValuesIn(corpus_files()), case_name);

// The corpus is where the test expects it, and holds the cases the issue asks for.
TEST(ControlFlowCorpus, HasItsKernels) {
  EXPECT_GE(corpus_files().size(), 15u) << "in " << kCorpusDir;
}

}  // namespace
