// Program entry points (OpenCL 1.2 §5.6, 2.2 §5.8): every rule of rules/catalogue/program.h
// that the API can provoke, the program queries' answers, builds, compiles and links through
// the front ends, binaries, reference counts and release callbacks.
#include <signal.h>

#include <cstring>
#include <string>
#include <vector>

#include "clvet_entry.h"
#include "fixtures.h"

namespace clvet::test {
namespace {

const char* kSource = "kernel void k(global int* p) { p[0] = 1; }";

class ProgramApi : public WithContext {
 protected:
  cl_program make(const char* source = kSource) {
    cl_int err;
    cl_program p = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return p;
  }
  cl_program released_program() {
    cl_program p = make();
    clReleaseProgram(p);
    return p;  // quarantined by clvet: the loader can still read its dispatch pointer
  }
  cl_context other_context() {
    cl_int err;
    cl_context c = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return c;
  }
  cl_context released_context() {
    cl_context c = other_context();
    clReleaseContext(c);
    return c;
  }
  // A live handle of another kind where a device is expected: never one of the program's.
  cl_device_id not_a_device() { return reinterpret_cast<cl_device_id>(context); }

  std::string info_string(cl_program p, cl_program_info param) {
    size_t size = 0;
    EXPECT_EQ(clGetProgramInfo(p, param, 0, nullptr, &size), CL_SUCCESS);
    std::string s(size, '\0');
    EXPECT_EQ(clGetProgramInfo(p, param, size, s.data(), nullptr), CL_SUCCESS);
    if (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
  }
  std::string build_string(cl_program p, cl_program_build_info param) {
    size_t size = 0;
    EXPECT_EQ(clGetProgramBuildInfo(p, device, param, 0, nullptr, &size), CL_SUCCESS);
    std::string s(size, '\0');
    EXPECT_EQ(clGetProgramBuildInfo(p, device, param, size, s.data(), nullptr), CL_SUCCESS);
    EXPECT_TRUE(!s.empty() && s.back() == '\0');
    if (!s.empty()) s.pop_back();
    return s;
  }
  cl_build_status build_status(cl_program p) {
    cl_build_status status = 1;
    EXPECT_EQ(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status,
                                    nullptr),
              CL_SUCCESS);
    return status;
  }
  cl_uint refcount(cl_program p) {
    cl_uint count = 0;
    EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_REFERENCE_COUNT, sizeof count, &count, nullptr),
              CL_SUCCESS);
    return count;
  }
};

// What a build/compile/link notification received.
struct Notified {
  int calls = 0;
  cl_program program = nullptr;
  cl_build_status status_seen = 1;
  cl_device_id device = nullptr;
};
void CL_CALLBACK record_notify(cl_program program, void* user_data) {
  auto* n = static_cast<Notified*>(user_data);
  ++n->calls;
  n->program = program;
  clGetProgramBuildInfo(program, n->device, CL_PROGRAM_BUILD_STATUS, sizeof n->status_seen,
                        &n->status_seen, nullptr);
}
void CL_CALLBACK ignore_notify(cl_program, void*) {}

// ---------------------------------------------------------------- clCreateProgramWithSource

// §5.6.1: CL_INVALID_CONTEXT if context is not a valid context.
TEST_F(ProgramApi, CreateWithSourceInvalidContext) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateProgramWithSource(released_context(), 1, &kSource, nullptr, &err),
                      err, CL_INVALID_CONTEXT, "CreateProgramWithSourceInvalidContext");
}

// §5.6.1: CL_INVALID_VALUE if count is zero or if strings or any entry in strings is NULL.
TEST_F(ProgramApi, CreateWithSourceBadStrings) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateProgramWithSource(context, 0, &kSource, nullptr, &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithSourceBadStrings");
  EXPECT_RULE_ERRCODE(clCreateProgramWithSource(context, 1, nullptr, nullptr, &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithSourceBadStrings");
  const char* strings[] = {"kernel void a() {}", nullptr};
  EXPECT_RULE_ERRCODE(clCreateProgramWithSource(context, 2, strings, nullptr, &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithSourceBadStrings");
}

// §5.6.1 and table 5.13 CL_PROGRAM_SOURCE: lengths[i] == 0 or lengths == NULL mean
// NUL-terminated; the source is the concatenation with any NULs stripped, NUL-terminated, and
// param_value_size_ret counts the terminator.
TEST_F(ProgramApi, SourceRoundTripsThroughProgramSource) {
  const char part0[] = "kernel ";
  const char part1[] = {'v', 'o', '\0', 'i', 'd', ' ', 'X', 'X'};  // 6 chars used, one NUL
  const char part2[] = "k() {}";
  const char* strings[] = {part0, part1, part2};
  const size_t lengths[] = {0, 6, 0};
  cl_int err;
  cl_program p = clCreateProgramWithSource(context, 3, strings, lengths, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  size_t size = 0;
  ASSERT_EQ(clGetProgramInfo(p, CL_PROGRAM_SOURCE, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, std::strlen("kernel void k() {}") + 1);
  EXPECT_EQ(info_string(p, CL_PROGRAM_SOURCE), "kernel void k() {}");
  clReleaseProgram(p);

  const char* whole[] = {"kernel void a() {}\n", "kernel void b() {}\n"};
  p = clCreateProgramWithSource(context, 2, whole, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(info_string(p, CL_PROGRAM_SOURCE), "kernel void a() {}\nkernel void b() {}\n");
  clReleaseProgram(p);
}

// ---------------------------------------------------------------- clCreateProgramWithIL

// 2.2 §5.8.1: CL_INVALID_CONTEXT if context is not a valid context.
TEST_F(ProgramApi, CreateWithILInvalidContext) {
  const unsigned int spirv[5] = {0x07230203u, 0x00010000u, 0, 1, 0};
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateProgramWithIL(released_context(), spirv, sizeof spirv, &err), err,
                      CL_INVALID_CONTEXT, "CreateProgramWithILInvalidContext");
}

// 2.2 §5.8.1: CL_INVALID_VALUE if il is NULL or if length is zero.
TEST_F(ProgramApi, CreateWithILNullOrEmpty) {
  const unsigned int spirv[5] = {0x07230203u, 0x00010000u, 0, 1, 0};
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateProgramWithIL(context, nullptr, sizeof spirv, &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithILNullOrEmpty");
  EXPECT_RULE_ERRCODE(clCreateProgramWithIL(context, spirv, 0, &err), err, CL_INVALID_VALUE,
                      "CreateProgramWithILNullOrEmpty");
}

// A valid SPIR-V 1.0 module for the OpenCL environment, with no kernel: its header, the
// capabilities Addresses, Linkage (a module without entry points) and Kernel, and
// "OpMemoryModel Physical64 OpenCL" (spirv-as --target-env opencl1.2; spirv-val accepts it).
std::vector<unsigned int> empty_module() {
  return {0x07230203u, 0x00010000u, 0x00070000u, 1, 0,  // magic, 1.0, generator, bound, schema
          0x00020011u, 4, 0x00020011u, 5, 0x00020011u, 6,  // OpCapability x 3
          0x0003000eu, 2, 2};                              // OpMemoryModel
}

// 2.2 §5.8.1: CL_INVALID_VALUE if il does not contain "well-formed intermediate language input
// that can be consumed by the OpenCL runtime": no SPIR-V magic number, not whole words, and
// (judged at creation by SPIRV-Tools, as the build would) a module cut short, an id bound past
// what any module can hold, a module without its memory model; a valid module is accepted.
TEST_F(ProgramApi, CreateWithILMalformed) {
  const unsigned int not_spirv[5] = {0xdeadbeefu, 0x00010000u, 0, 1, 0};
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateProgramWithIL(context, not_spirv, sizeof not_spirv, &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithILMalformed");
  const std::vector<unsigned int> valid = empty_module();
  const std::size_t bytes = valid.size() * sizeof(unsigned int);
  EXPECT_RULE_ERRCODE(clCreateProgramWithIL(context, valid.data(), bytes - 1, &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithILMalformed");
  // The last instruction cut short: its word count says 3, one word is there.
  EXPECT_RULE_ERRCODE(clCreateProgramWithIL(context, valid.data(), bytes - 8, &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithILMalformed");
  std::vector<unsigned int> huge_bound = valid;
  huge_bound[3] = 0xffffffffu;
  EXPECT_RULE_ERRCODE(clCreateProgramWithIL(context, huge_bound.data(), bytes, &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithILMalformed");
  const unsigned int header_only[5] = {0x07230203u, 0x00010000u, 0, 1, 0};
  EXPECT_RULE_ERRCODE(clCreateProgramWithIL(context, header_only, sizeof header_only, &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithILMalformed");
  cl_program p = clCreateProgramWithIL(context, valid.data(), bytes, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  clReleaseProgram(p);
}

// cl_khr_il_program: the same clauses.
TEST_F(ProgramApi, CreateWithILKHR) {
  using Fn = cl_program(CL_API_CALL*)(cl_context, const void*, size_t, cl_int*);
  auto create = clvet_entry<Fn>("clCreateProgramWithILKHR");
  ASSERT_NE(create, nullptr);
  const unsigned int spirv[5] = {0x07230203u, 0x00010000u, 0, 1, 0};
  cl_int err;
  EXPECT_RULE_ERRCODE(create(released_context(), spirv, sizeof spirv, &err), err,
                      CL_INVALID_CONTEXT, "CreateProgramWithILKHRInvalidContext");
  EXPECT_RULE_ERRCODE(create(context, nullptr, 0, &err), err, CL_INVALID_VALUE,
                      "CreateProgramWithILKHRNullOrEmpty");
  const unsigned int not_spirv[5] = {0xdeadbeefu, 0x00010000u, 0, 1, 0};
  EXPECT_RULE_ERRCODE(create(context, not_spirv, sizeof not_spirv, &err), err, CL_INVALID_VALUE,
                      "CreateProgramWithILKHRMalformed");
  EXPECT_RULE_ERRCODE(create(context, spirv, sizeof spirv, &err), err, CL_INVALID_VALUE,
                      "CreateProgramWithILKHRMalformed");
  const std::vector<unsigned int> valid = empty_module();
  cl_program p = create(context, valid.data(), valid.size() * sizeof(unsigned int), &err);
  EXPECT_EQ(err, CL_SUCCESS);
  clReleaseProgram(p);
}

// ---------------------------------------------------------------- clCreateProgramWithBinary

// §5.6.1: CL_INVALID_CONTEXT if context is not a valid context.
TEST_F(ProgramApi, CreateWithBinaryInvalidContext) {
  const unsigned char bits[4] = {1, 2, 3, 4};
  const unsigned char* binaries[] = {bits};
  size_t lengths[] = {sizeof bits};
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateProgramWithBinary(released_context(), 1, &device, lengths, binaries,
                                                nullptr, &err),
                      err, CL_INVALID_CONTEXT, "CreateProgramWithBinaryInvalidContext");
}

// §5.6.1: CL_INVALID_VALUE if device_list is NULL or num_devices is zero.
TEST_F(ProgramApi, CreateWithBinaryNoDevices) {
  const unsigned char bits[4] = {1, 2, 3, 4};
  const unsigned char* binaries[] = {bits};
  size_t lengths[] = {sizeof bits};
  cl_int err;
  EXPECT_RULE_ERRCODE(
      clCreateProgramWithBinary(context, 1, nullptr, lengths, binaries, nullptr, &err), err,
      CL_INVALID_VALUE, "CreateProgramWithBinaryNoDevices");
  EXPECT_RULE_ERRCODE(
      clCreateProgramWithBinary(context, 0, &device, lengths, binaries, nullptr, &err), err,
      CL_INVALID_VALUE, "CreateProgramWithBinaryNoDevices");
}

// §5.6.1: CL_INVALID_DEVICE if devices listed in device_list are not in the context.
TEST_F(ProgramApi, CreateWithBinaryDeviceNotInContext) {
  const unsigned char bits[4] = {1, 2, 3, 4};
  const unsigned char* binaries[] = {bits};
  size_t lengths[] = {sizeof bits};
  cl_device_id devices[] = {not_a_device()};
  cl_int err;
  EXPECT_RULE_ERRCODE(
      clCreateProgramWithBinary(context, 1, devices, lengths, binaries, nullptr, &err), err,
      CL_INVALID_DEVICE, "CreateProgramWithBinaryDeviceNotInContext");
}

// §5.6.1: CL_INVALID_VALUE if lengths or binaries are NULL or an entry is zero / NULL;
// binary_status[i] is CL_INVALID_VALUE for such entries.
TEST_F(ProgramApi, CreateWithBinaryMissingBinaries) {
  const unsigned char bits[4] = {1, 2, 3, 4};
  const unsigned char* binaries[] = {bits};
  size_t zero[] = {0};
  cl_int status = 1, err;
  EXPECT_RULE_ERRCODE(
      clCreateProgramWithBinary(context, 1, &device, zero, binaries, &status, &err), err,
      CL_INVALID_VALUE, "CreateProgramWithBinaryBadBinaries");
  EXPECT_EQ(status, CL_INVALID_VALUE);
  status = 1;
  EXPECT_RULE_ERRCODE(
      clCreateProgramWithBinary(context, 1, &device, nullptr, binaries, &status, &err), err,
      CL_INVALID_VALUE, "CreateProgramWithBinaryBadBinaries");
  EXPECT_EQ(status, CL_INVALID_VALUE);
  const unsigned char* none[] = {nullptr};
  size_t lengths[] = {sizeof bits};
  EXPECT_RULE_ERRCODE(clCreateProgramWithBinary(context, 1, &device, lengths, none, nullptr, &err),
                      err, CL_INVALID_VALUE, "CreateProgramWithBinaryBadBinaries");
}

// §5.6.1: CL_INVALID_BINARY if an invalid program binary was encountered; binary_status says
// which (the reference device loads no binary format yet).
TEST_F(ProgramApi, CreateWithBinaryRejectsBinaries) {
  const unsigned char bits[4] = {1, 2, 3, 4};
  const unsigned char* binaries[] = {bits};
  size_t lengths[] = {sizeof bits};
  cl_int status = 1, err;
  EXPECT_RULE_ERRCODE(
      clCreateProgramWithBinary(context, 1, &device, lengths, binaries, &status, &err), err,
      CL_INVALID_BINARY, "CreateProgramWithBinaryInvalidBinary");
  EXPECT_EQ(status, CL_INVALID_BINARY);
}

// ---------------------------------------------------------------- clCreateProgramWithBuiltInKernels

// §5.6.1: CL_INVALID_CONTEXT if context is not a valid context.
TEST_F(ProgramApi, CreateWithBuiltInKernelsInvalidContext) {
  cl_int err;
  EXPECT_RULE_ERRCODE(
      clCreateProgramWithBuiltInKernels(released_context(), 1, &device, "k", &err), err,
      CL_INVALID_CONTEXT, "CreateProgramWithBuiltInKernelsInvalidContext");
}

// §5.6.1: CL_INVALID_VALUE if device_list is NULL or num_devices is zero.
TEST_F(ProgramApi, CreateWithBuiltInKernelsNoDevices) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateProgramWithBuiltInKernels(context, 1, nullptr, "k", &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithBuiltInKernelsNoDevices");
  EXPECT_RULE_ERRCODE(clCreateProgramWithBuiltInKernels(context, 0, &device, "k", &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithBuiltInKernelsNoDevices");
}

// §5.6.1: CL_INVALID_DEVICE if devices listed in device_list are not in the context.
TEST_F(ProgramApi, CreateWithBuiltInKernelsDeviceNotInContext) {
  cl_device_id devices[] = {not_a_device()};
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateProgramWithBuiltInKernels(context, 1, devices, "k", &err), err,
                      CL_INVALID_DEVICE, "CreateProgramWithBuiltInKernelsDeviceNotInContext");
}

// §5.6.1: CL_INVALID_VALUE if kernel_names is NULL or names a kernel no listed device supports
// (the reference device has no built-in kernels).
TEST_F(ProgramApi, CreateWithBuiltInKernelsUnknownKernel) {
  EXPECT_EQ(device_string(device, CL_DEVICE_BUILT_IN_KERNELS), "");
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateProgramWithBuiltInKernels(context, 1, &device, nullptr, &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithBuiltInKernelsUnknownKernel");
  EXPECT_RULE_ERRCODE(clCreateProgramWithBuiltInKernels(context, 1, &device, "copy;fill", &err),
                      err, CL_INVALID_VALUE, "CreateProgramWithBuiltInKernelsUnknownKernel");
  EXPECT_RULE_ERRCODE(clCreateProgramWithBuiltInKernels(context, 1, &device, "", &err), err,
                      CL_INVALID_VALUE, "CreateProgramWithBuiltInKernelsUnknownKernel");
}

// ---------------------------------------------------------------- retain, release, callbacks

// §5.6.1: CL_INVALID_PROGRAM if program is not a valid program object.
TEST_F(ProgramApi, RetainReleaseInvalidProgram) {
  EXPECT_RULE(clRetainProgram(released_program()), CL_INVALID_PROGRAM,
              "RetainProgramInvalidProgram");
  EXPECT_RULE(clReleaseProgram(released_program()), CL_INVALID_PROGRAM,
              "ReleaseProgramInvalidProgram");
  EXPECT_RULE(clRetainProgram(reinterpret_cast<cl_program>(context)), CL_INVALID_PROGRAM,
              "RetainProgramInvalidProgram");
}

// §5.6.1: clCreateProgram* does an implicit retain; clRetainProgram / clReleaseProgram move
// CL_PROGRAM_REFERENCE_COUNT; the last release invalidates the handle.
TEST_F(ProgramApi, ReferenceCounting) {
  cl_program p = make();
  EXPECT_EQ(refcount(p), 1u);
  EXPECT_EQ(clRetainProgram(p), CL_SUCCESS);
  EXPECT_EQ(refcount(p), 2u);
  EXPECT_EQ(clReleaseProgram(p), CL_SUCCESS);
  EXPECT_EQ(refcount(p), 1u);
  EXPECT_EQ(clReleaseProgram(p), CL_SUCCESS);
  cl_uint count;
  EXPECT_RULE(clGetProgramInfo(p, CL_PROGRAM_REFERENCE_COUNT, sizeof count, &count, nullptr),
              CL_INVALID_PROGRAM, "GetProgramInfoInvalidProgram");
}

void CL_CALLBACK record_release(cl_program, void* user_data) { ++*static_cast<int*>(user_data); }

// 2.2 §5.8.2: CL_INVALID_PROGRAM if program is not a valid program object; CL_INVALID_VALUE if
// pfn_notify is NULL.
TEST_F(ProgramApi, SetReleaseCallbackErrors) {
  int data = 0;
  EXPECT_RULE(clSetProgramReleaseCallback(released_program(), record_release, &data),
              CL_INVALID_PROGRAM, "SetProgramReleaseCallbackInvalidProgram");
  cl_program p = make();
  EXPECT_RULE(clSetProgramReleaseCallback(p, nullptr, &data), CL_INVALID_VALUE,
              "SetProgramReleaseCallbackNullNotify");
  clReleaseProgram(p);
}

// 3.0 §5.8.2: CL_INVALID_OPERATION if no devices in the context associated with program support
// destructors for program scope global variables. The reference device compiles OpenCL C, which
// has none (it is no OpenCL 2.2 device and offers no cl_ext_cxx_for_opencl): every registration
// is refused, from source or IL, built or not, and the callback is never called.
TEST_F(ProgramApi, SetReleaseCallbackWithoutDestructorsIsInvalidOperation) {
  int calls = 0;
  cl_program p = make();
  EXPECT_RULE(clSetProgramReleaseCallback(p, record_release, &calls), CL_INVALID_OPERATION,
              "SetProgramReleaseCallbackUnsupported");
  ASSERT_EQ(clBuildProgram(p, 0, nullptr, "", nullptr, nullptr), CL_SUCCESS);
  EXPECT_RULE(clSetProgramReleaseCallback(p, record_release, &calls), CL_INVALID_OPERATION,
              "SetProgramReleaseCallbackUnsupported");
  clReleaseProgram(p);
  EXPECT_EQ(calls, 0);
}

// 2.2 §5.8.3: CL_INVALID_PROGRAM if program is not a valid program object created from IL.
TEST_F(ProgramApi, SpecializationConstantNeedsAnILProgram) {
  cl_uint value = 7;
  EXPECT_RULE(clSetProgramSpecializationConstant(released_program(), 0, sizeof value, &value),
              CL_INVALID_PROGRAM, "SetProgramSpecializationConstantInvalidProgram");
  cl_program p = make();
  EXPECT_RULE(clSetProgramSpecializationConstant(p, 0, sizeof value, &value), CL_INVALID_PROGRAM,
              "SetProgramSpecializationConstantInvalidProgram");
  clReleaseProgram(p);
}

// ---------------------------------------------------------------- clBuildProgram

// §5.6.2: CL_INVALID_PROGRAM if program is not a valid program object.
TEST_F(ProgramApi, BuildInvalidProgram) {
  EXPECT_RULE(clBuildProgram(released_program(), 0, nullptr, nullptr, nullptr, nullptr),
              CL_INVALID_PROGRAM, "BuildProgramInvalidProgram");
}

// §5.6.2: CL_INVALID_VALUE if device_list is NULL and num_devices > 0, or device_list is not
// NULL and num_devices is zero.
TEST_F(ProgramApi, BuildDeviceListMismatch) {
  cl_program p = make();
  EXPECT_RULE(clBuildProgram(p, 1, nullptr, nullptr, nullptr, nullptr), CL_INVALID_VALUE,
              "BuildProgramDeviceListMismatch");
  EXPECT_RULE(clBuildProgram(p, 0, &device, nullptr, nullptr, nullptr), CL_INVALID_VALUE,
              "BuildProgramDeviceListMismatch");
  EXPECT_EQ(build_status(p), CL_BUILD_NONE);
  clReleaseProgram(p);
}

// §5.6.2: CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL.
TEST_F(ProgramApi, BuildUserDataWithoutNotify) {
  cl_program p = make();
  int data = 0;
  EXPECT_RULE(clBuildProgram(p, 0, nullptr, nullptr, nullptr, &data), CL_INVALID_VALUE,
              "BuildProgramUserDataWithoutNotify");
  clReleaseProgram(p);
}

// §5.6.2: CL_INVALID_DEVICE if devices listed in device_list are not the program's.
TEST_F(ProgramApi, BuildDeviceNotInProgram) {
  cl_program p = make();
  cl_device_id devices[] = {device, not_a_device()};
  EXPECT_RULE(clBuildProgram(p, 2, devices, nullptr, nullptr, nullptr), CL_INVALID_DEVICE,
              "BuildProgramDeviceNotInProgram");
  clReleaseProgram(p);
}

// §5.6.2, §5.6.4: CL_INVALID_BUILD_OPTIONS if the build options are invalid: unknown options,
// a -D or -I without operand, an unknown -cl-std, a linker-only option.
TEST_F(ProgramApi, BuildInvalidOptions) {
  cl_program p = make();
  for (const char* options : {"-cl-no-such-option", "-DFOO -D", "-I", "-cl-std=CL9.9",
                              "-create-library", "fast"}) {
    SCOPED_TRACE(options);
    EXPECT_RULE(clBuildProgram(p, 0, nullptr, options, nullptr, nullptr),
                CL_INVALID_BUILD_OPTIONS, "BuildProgramInvalidOptions");
  }
  EXPECT_EQ(build_status(p), CL_BUILD_NONE);
  clReleaseProgram(p);
}

// §5.6.2: the build "has completed" when pfn_notify is called with user_data (builds are
// synchronous): status CL_BUILD_SUCCESS, the options recorded (table 5.14), an executable.
TEST_F(ProgramApi, BuildSucceedsAndNotifies) {
  cl_program p = make("kernel void k(global int* p) { p[0] = N + M; }");
  Notified notified;
  notified.device = device;
  const char* options = "-D N=4 -DM=1 -I /tmp -I/usr/include -cl-std=CL1.2 -cl-mad-enable -Werror";
  EXPECT_EQ(clBuildProgram(p, 1, &device, options, record_notify, &notified), CL_SUCCESS);
  EXPECT_EQ(notified.calls, 1);
  EXPECT_EQ(notified.program, p);
  EXPECT_EQ(notified.status_seen, CL_BUILD_SUCCESS);
  EXPECT_EQ(build_string(p, CL_PROGRAM_BUILD_OPTIONS), options);
  cl_program_binary_type type = 0;
  EXPECT_EQ(clGetProgramBuildInfo(p, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(type, CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  EXPECT_EQ(info_string(p, CL_PROGRAM_KERNEL_NAMES), "k");
  clReleaseProgram(p);
}

// §5.6.2: CL_BUILD_PROGRAM_FAILURE; the log holds Clang's diagnostic with file:line:col.
TEST_F(ProgramApi, BuildFailureHasALog) {
  cl_program p = make("kernel void k(global int* p) {\n  p[0] = nope;\n}\n");
  Notified notified;
  notified.device = device;
  EXPECT_RULE(clBuildProgram(p, 0, nullptr, nullptr, record_notify, &notified),
              CL_BUILD_PROGRAM_FAILURE, "BuildProgramFailure");
  EXPECT_EQ(notified.status_seen, CL_BUILD_ERROR);
  EXPECT_NE(build_string(p, CL_PROGRAM_BUILD_LOG).find(":2:10: error"), std::string::npos)
      << build_string(p, CL_PROGRAM_BUILD_LOG);
  clReleaseProgram(p);
}

// 3.0 §4.2 CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, "the maximum number of bytes of storage that may
// be allocated for any single variable in program scope or inside a function ... declared in
// the global address space": a program-scope or static __global variable one byte larger fails
// the build with a log naming the variable and the limit; variables of exactly the limit each
// (more than it together) build, and CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE adds them up.
TEST_F(ProgramApi, GlobalVariableAboveTheDeviceLimitFailsTheBuild) {
  size_t limit = 0;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, sizeof limit, &limit,
                            nullptr),
            CL_SUCCESS);
  ASSERT_GE(limit, 65536u);
  const std::string fits = "global char a[" + std::to_string(limit) + "];\n" +
                           "kernel void k(global char* out) {\n"
                           "  static global char b[" + std::to_string(limit) + "];\n" +
                           "  size_t i = get_global_id(0);\n  b[i] = out[i];\n"
                           "  out[i] = a[i] + b[i + 1];\n}\n";
  for (const char* opt : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
    cl_program p = make(fits.c_str());
    EXPECT_EQ(clBuildProgram(p, 0, nullptr, opt, nullptr, nullptr), CL_SUCCESS)
        << build_string(p, CL_PROGRAM_BUILD_LOG);
    size_t total = 0;
    EXPECT_EQ(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
                                    sizeof total, &total, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(total, 2 * limit) << opt;
    clReleaseProgram(p);
  }
  const std::string program_scope = "global char big[" + std::to_string(limit + 1) + "];\n" +
                                    "kernel void k(global char* out) {\n"
                                    "  out[get_global_id(0)] = big[get_global_id(0)];\n}\n";
  const std::string in_function = "kernel void k(global char* out) {\n"
                                  "  static global int big[" + std::to_string(limit / 4 + 1) +
                                  "];\n  big[get_global_id(0)] = out[0];\n"
                                  "  out[1] = big[1];\n}\n";
  for (const std::string& source : {program_scope, in_function}) {
    for (const char* opt : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
      cl_program p = make(source.c_str());
      EXPECT_RULE(clBuildProgram(p, 0, nullptr, opt, nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE,
                  "BuildProgramFailure");
      EXPECT_EQ(build_status(p), CL_BUILD_ERROR);
      const std::string log = build_string(p, CL_PROGRAM_BUILD_LOG);
      EXPECT_NE(log.find("variable 'big'"), std::string::npos) << log;
      EXPECT_NE(log.find("CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE (" + std::to_string(limit) +
                         " bytes)"),
                std::string::npos)
          << log;
      clReleaseProgram(p);
    }
  }
}

// OpenCL C 1.2 §6.9 i ("Recursion is not supported"): a recursive program is no valid program,
// so its build fails (§5.6.2 CL_BUILD_PROGRAM_FAILURE) with the call in the log.
TEST_F(ProgramApi, RecursionFailsTheBuild_6_9) {
  cl_program p = make("int f(int n) {\n  return n ? f(n - 1) + 1 : 0;\n}\n"
                      "kernel void k(global int* p) { p[0] = f(p[0]); }\n");
  EXPECT_RULE(clBuildProgram(p, 0, nullptr, nullptr, nullptr, nullptr),
              CL_BUILD_PROGRAM_FAILURE, "BuildProgramFailure");
  EXPECT_NE(build_string(p, CL_PROGRAM_BUILD_LOG).find(":2:14: error: 'f' calls itself"),
            std::string::npos)
      << build_string(p, CL_PROGRAM_BUILD_LOG);
  clReleaseProgram(p);
}

// No input may end the application: a program that makes Clang report a fatal error (LLVM's
// report_fatal_error, which exits or aborts the process unless a handler stops it) or crash
// (a trap in the compiler) fails its build (§5.6.2 CL_BUILD_PROGRAM_FAILURE) with the reason
// in the log, and the process builds and runs the next program as before. Clang's debug
// pragmas are inputs known to do each.
TEST_F(ProgramApi, CompilerFatalErrorsAndCrashesFailTheBuild_5_6_2) {
  const struct {
    const char* pragma;
    const char* logged;
  } cases[] = {
      {"llvm_fatal_error", "LLVM ERROR: #pragma clang __debug llvm_fatal_error"},
      {"crash", "signal "},
  };
  struct sigaction before {};
  sigaction(SIGSEGV, nullptr, &before);
  for (const auto& c : cases) {
    const std::string source = std::string("#pragma clang __debug ") + c.pragma +
                               "\nkernel void k(global int* p) { p[0] = 1; }\n";
    cl_program p = make(source.c_str());
    EXPECT_RULE(clBuildProgram(p, 0, nullptr, nullptr, nullptr, nullptr),
                CL_BUILD_PROGRAM_FAILURE, "BuildProgramFailure");
    EXPECT_EQ(build_status(p), CL_BUILD_ERROR);
    const std::string log = build_string(p, CL_PROGRAM_BUILD_LOG);
    EXPECT_NE(log.find("the OpenCL C compiler (Clang) stopped on an error it cannot recover from"),
              std::string::npos)
        << c.pragma << ": " << log;
    EXPECT_NE(log.find(c.logged), std::string::npos) << c.pragma << ": " << log;
    clReleaseProgram(p);
  }
  cl_program after = make();
  EXPECT_EQ(clBuildProgram(after, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(build_status(after), CL_BUILD_SUCCESS);
  clReleaseProgram(after);
  // The guard's signal handlers are there only while a build runs: the application's are back.
  struct sigaction now {};
  sigaction(SIGSEGV, nullptr, &now);
  EXPECT_EQ(now.sa_handler, before.sa_handler);
}

// ---------------------------------------------------------------- clCompileProgram

// §5.6.3: CL_INVALID_PROGRAM if program is not a valid program object.
TEST_F(ProgramApi, CompileInvalidProgram) {
  EXPECT_RULE(clCompileProgram(released_program(), 0, nullptr, nullptr, 0, nullptr, nullptr,
                               nullptr, nullptr),
              CL_INVALID_PROGRAM, "CompileProgramInvalidProgram");
}

// 3.0 §5.8.5: CL_INVALID_CONTEXT if the context of program and of the input_headers differ.
TEST_F(ProgramApi, CompileHeaderOfAnotherContext) {
  cl_program p = make();
  cl_context other = other_context();
  const char* header_source = "#define N 4\n";
  cl_int err;
  cl_program header = clCreateProgramWithSource(other, 1, &header_source, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const char* names[] = {"n.h"};
  EXPECT_RULE(clCompileProgram(p, 0, nullptr, nullptr, 1, &header, names, nullptr, nullptr),
              CL_INVALID_CONTEXT, "CompileProgramHeaderContextDiffers");
  clReleaseProgram(header);
  clReleaseContext(other);
  clReleaseProgram(p);
}

// §5.6.3: CL_INVALID_VALUE for a device_list / num_devices mismatch.
TEST_F(ProgramApi, CompileDeviceListMismatch) {
  cl_program p = make();
  EXPECT_RULE(clCompileProgram(p, 1, nullptr, nullptr, 0, nullptr, nullptr, nullptr, nullptr),
              CL_INVALID_VALUE, "CompileProgramDeviceListMismatch");
  EXPECT_RULE(clCompileProgram(p, 0, &device, nullptr, 0, nullptr, nullptr, nullptr, nullptr),
              CL_INVALID_VALUE, "CompileProgramDeviceListMismatch");
  clReleaseProgram(p);
}

// §5.6.3: CL_INVALID_VALUE if num_input_headers is zero and header_include_names or
// input_headers are not NULL, or not zero and either is NULL.
TEST_F(ProgramApi, CompileHeaderListMismatch) {
  cl_program p = make();
  cl_program header = make("#define N 4\n");
  const char* names[] = {"n.h"};
  EXPECT_RULE(clCompileProgram(p, 0, nullptr, nullptr, 0, &header, nullptr, nullptr, nullptr),
              CL_INVALID_VALUE, "CompileProgramHeaderListMismatch");
  EXPECT_RULE(clCompileProgram(p, 0, nullptr, nullptr, 0, nullptr, names, nullptr, nullptr),
              CL_INVALID_VALUE, "CompileProgramHeaderListMismatch");
  EXPECT_RULE(clCompileProgram(p, 0, nullptr, nullptr, 1, nullptr, names, nullptr, nullptr),
              CL_INVALID_VALUE, "CompileProgramHeaderListMismatch");
  EXPECT_RULE(clCompileProgram(p, 0, nullptr, nullptr, 1, &header, nullptr, nullptr, nullptr),
              CL_INVALID_VALUE, "CompileProgramHeaderListMismatch");
  clReleaseProgram(header);
  clReleaseProgram(p);
}

// §5.6.3: CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL.
TEST_F(ProgramApi, CompileUserDataWithoutNotify) {
  cl_program p = make();
  int data = 0;
  EXPECT_RULE(clCompileProgram(p, 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr, &data),
              CL_INVALID_VALUE, "CompileProgramUserDataWithoutNotify");
  clReleaseProgram(p);
}

// §5.6.3: CL_INVALID_DEVICE if devices listed in device_list are not the program's.
TEST_F(ProgramApi, CompileDeviceNotInProgram) {
  cl_program p = make();
  cl_device_id devices[] = {not_a_device()};
  EXPECT_RULE(clCompileProgram(p, 1, devices, nullptr, 0, nullptr, nullptr, nullptr, nullptr),
              CL_INVALID_DEVICE, "CompileProgramDeviceNotInProgram");
  clReleaseProgram(p);
}

// §5.6.3, §5.6.4: CL_INVALID_COMPILER_OPTIONS; linker options are not compiler options.
TEST_F(ProgramApi, CompileInvalidOptions) {
  cl_program p = make();
  for (const char* options : {"-create-library", "-cl-std=CL1.0", "-O3"}) {
    SCOPED_TRACE(options);
    EXPECT_RULE(clCompileProgram(p, 0, nullptr, options, 0, nullptr, nullptr, nullptr, nullptr),
                CL_INVALID_COMPILER_OPTIONS, "CompileProgramInvalidOptions");
  }
  clReleaseProgram(p);
}

// §5.6.3: a compile with an embedded header (input_headers, header_include_names) gives a
// compiled object; pfn_notify sees the finished compile; a compile error is
// CL_COMPILE_PROGRAM_FAILURE with a log.
TEST_F(ProgramApi, CompileWithHeaders) {
  cl_program p = make("#include \"inc/n.h\"\nkernel void k(global int* p) { p[0] = N; }");
  cl_program header = make("#define N 4\n");
  const char* names[] = {"inc/n.h"};
  Notified notified;
  notified.device = device;
  EXPECT_EQ(clCompileProgram(p, 1, &device, "-cl-fast-relaxed-math -cl-kernel-arg-info", 1,
                             &header, names, record_notify, &notified),
            CL_SUCCESS);
  EXPECT_EQ(notified.calls, 1);
  EXPECT_EQ(notified.status_seen, CL_BUILD_SUCCESS);
  EXPECT_EQ(build_string(p, CL_PROGRAM_BUILD_OPTIONS), "-cl-fast-relaxed-math -cl-kernel-arg-info");
  cl_program_binary_type type = 0;
  EXPECT_EQ(clGetProgramBuildInfo(p, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(type, CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
  EXPECT_RULE(clCompileProgram(p, 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr, nullptr),
              CL_COMPILE_PROGRAM_FAILURE, "CompileProgramFailure");
  EXPECT_NE(build_string(p, CL_PROGRAM_BUILD_LOG).find("inc/n.h"), std::string::npos);
  clReleaseProgram(header);
  clReleaseProgram(p);
}

// ---------------------------------------------------------------- clLinkProgram

// §5.6.3: CL_INVALID_CONTEXT if context is not a valid context.
TEST_F(ProgramApi, LinkInvalidContext) {
  cl_program p = make();
  cl_int err;
  EXPECT_RULE_ERRCODE(
      clLinkProgram(released_context(), 0, nullptr, nullptr, 1, &p, nullptr, nullptr, &err), err,
      CL_INVALID_CONTEXT, "LinkProgramInvalidContext");
  clReleaseProgram(p);
}

// 3.0 §5.8.5: CL_INVALID_CONTEXT if the input programs' context is not context.
TEST_F(ProgramApi, LinkInputOfAnotherContext) {
  cl_context other = other_context();
  cl_int err;
  cl_program p = clCreateProgramWithSource(other, 1, &kSource, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_RULE_ERRCODE(clLinkProgram(context, 0, nullptr, nullptr, 1, &p, nullptr, nullptr, &err),
                      err, CL_INVALID_CONTEXT, "LinkProgramInputContextDiffers");
  clReleaseProgram(p);
  clReleaseContext(other);
}

// §5.6.3: CL_INVALID_VALUE for a device_list / num_devices mismatch.
TEST_F(ProgramApi, LinkDeviceListMismatch) {
  cl_program p = make();
  cl_int err;
  EXPECT_RULE_ERRCODE(clLinkProgram(context, 1, nullptr, nullptr, 1, &p, nullptr, nullptr, &err),
                      err, CL_INVALID_VALUE, "LinkProgramDeviceListMismatch");
  EXPECT_RULE_ERRCODE(clLinkProgram(context, 0, &device, nullptr, 1, &p, nullptr, nullptr, &err),
                      err, CL_INVALID_VALUE, "LinkProgramDeviceListMismatch");
  clReleaseProgram(p);
}

// §5.6.3: CL_INVALID_VALUE if num_input_programs is zero or input_programs is NULL.
TEST_F(ProgramApi, LinkInputListMismatch) {
  cl_program p = make();
  cl_int err;
  EXPECT_RULE_ERRCODE(
      clLinkProgram(context, 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr, &err), err,
      CL_INVALID_VALUE, "LinkProgramInputListMismatch");
  EXPECT_RULE_ERRCODE(clLinkProgram(context, 0, nullptr, nullptr, 0, &p, nullptr, nullptr, &err),
                      err, CL_INVALID_VALUE, "LinkProgramInputListMismatch");
  EXPECT_RULE_ERRCODE(
      clLinkProgram(context, 0, nullptr, nullptr, 1, nullptr, nullptr, nullptr, &err), err,
      CL_INVALID_VALUE, "LinkProgramInputListMismatch");
  clReleaseProgram(p);
}

// §5.6.3: CL_INVALID_PROGRAM if programs in input_programs are not valid program objects.
TEST_F(ProgramApi, LinkInvalidInputProgram) {
  cl_program inputs[] = {make(), released_program()};
  cl_int err;
  EXPECT_RULE_ERRCODE(
      clLinkProgram(context, 0, nullptr, nullptr, 2, inputs, nullptr, nullptr, &err), err,
      CL_INVALID_PROGRAM, "LinkProgramInvalidInputProgram");
  clReleaseProgram(inputs[0]);
}

// §5.6.3: CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL.
TEST_F(ProgramApi, LinkUserDataWithoutNotify) {
  cl_program p = make();
  int data = 0;
  cl_int err;
  EXPECT_RULE_ERRCODE(clLinkProgram(context, 0, nullptr, nullptr, 1, &p, nullptr, &data, &err),
                      err, CL_INVALID_VALUE, "LinkProgramUserDataWithoutNotify");
  clReleaseProgram(p);
}

// §5.6.3: CL_INVALID_DEVICE if devices in device_list are not in the context.
TEST_F(ProgramApi, LinkDeviceNotInContext) {
  cl_program p = make();
  cl_device_id devices[] = {not_a_device()};
  cl_int err;
  EXPECT_RULE_ERRCODE(clLinkProgram(context, 1, devices, nullptr, 1, &p, nullptr, nullptr, &err),
                      err, CL_INVALID_DEVICE, "LinkProgramDeviceNotInContext");
  clReleaseProgram(p);
}

// §5.6.3, §5.6.5: CL_INVALID_LINKER_OPTIONS; -enable-link-options needs -create-library and
// compiler-only options are not linker options.
TEST_F(ProgramApi, LinkInvalidOptions) {
  cl_program p = make();
  cl_int err;
  for (const char* options : {"-enable-link-options", "-D N=1", "-cl-kernel-arg-info"}) {
    SCOPED_TRACE(options);
    EXPECT_RULE_ERRCODE(
        clLinkProgram(context, 0, nullptr, options, 1, &p, ignore_notify, nullptr, &err), err,
        CL_INVALID_LINKER_OPTIONS, "LinkProgramInvalidOptions");
  }
  clReleaseProgram(p);
}

// §5.6.3, §5.6.5: compiled objects linked into a library, the library into an executable;
// an undefined function is CL_LINK_PROGRAM_FAILURE.
TEST_F(ProgramApi, LinkLibraryAndExecutable) {
  cl_program caller = make("int helper(int);\nkernel void k(global int* p) { p[0] = helper(1); }");
  cl_program helper = make("int helper(int x) { return x + 1; }");
  for (cl_program p : {caller, helper})
    ASSERT_EQ(clCompileProgram(p, 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr, nullptr),
              CL_SUCCESS);
  Notified notified;
  notified.device = device;
  cl_int err;
  cl_program library = clLinkProgram(context, 1, &device,
                                     "-create-library -enable-link-options -cl-finite-math-only",
                                     1, &helper, record_notify, &notified, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(notified.calls, 1);
  cl_program_binary_type type = 0;
  EXPECT_EQ(clGetProgramBuildInfo(library, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type,
                                  nullptr),
            CL_SUCCESS);
  EXPECT_EQ(type, CL_PROGRAM_BINARY_TYPE_LIBRARY);
  cl_program inputs[] = {caller, library};
  cl_program exe = clLinkProgram(context, 0, nullptr, nullptr, 2, inputs, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(info_string(exe, CL_PROGRAM_KERNEL_NAMES), "k");
  // §5.6.3: a link that could begin returns its program object even when it fails, with
  // CL_LINK_PROGRAM_FAILURE; the build status and log say why. With a callback errcode_ret is
  // CL_SUCCESS and the callback sees the failed status.
  ::clvet::test::clear_last_rule();
  err = CL_SUCCESS;
  cl_program failed = clLinkProgram(context, 0, nullptr, nullptr, 1, &caller, nullptr, nullptr,
                                    &err);
  EXPECT_EQ(err, CL_LINK_PROGRAM_FAILURE);
  EXPECT_EQ(::clvet::test::last_rule(), "LinkProgramFailure");
  ASSERT_NE(failed, nullptr);
  cl_build_status status = CL_BUILD_SUCCESS;
  EXPECT_EQ(clGetProgramBuildInfo(failed, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status,
                                  nullptr),
            CL_SUCCESS);
  EXPECT_EQ(status, CL_BUILD_ERROR);
  size_t log_size = 0;
  EXPECT_EQ(clGetProgramBuildInfo(failed, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &log_size),
            CL_SUCCESS);
  std::string log(log_size, '\0');
  EXPECT_EQ(clGetProgramBuildInfo(failed, device, CL_PROGRAM_BUILD_LOG, log_size, log.data(),
                                  nullptr),
            CL_SUCCESS);
  EXPECT_NE(log.find("helper"), std::string::npos) << log;
  Notified failed_notified;
  failed_notified.device = device;
  cl_program failed_async = clLinkProgram(context, 0, nullptr, nullptr, 1, &caller, record_notify,
                                          &failed_notified, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  ASSERT_NE(failed_async, nullptr);
  EXPECT_EQ(failed_notified.calls, 1);
  EXPECT_EQ(failed_notified.status_seen, CL_BUILD_ERROR);
  EXPECT_EQ(clGetProgramBuildInfo(failed_async, device, CL_PROGRAM_BUILD_STATUS, sizeof status,
                                  &status, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(status, CL_BUILD_ERROR);
  EXPECT_EQ(clCreateKernel(failed, "k", &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_PROGRAM_EXECUTABLE);
  for (cl_program p : {failed, failed_async}) clReleaseProgram(p);
  // Some inputs compiled, one not: the rules for input_programs are not followed.
  cl_program source_only = make();
  cl_program mixed[] = {caller, source_only};
  EXPECT_RULE_ERRCODE(clLinkProgram(context, 0, nullptr, nullptr, 2, mixed, nullptr, nullptr, &err),
                      err, CL_INVALID_OPERATION, "LinkProgramMixedInputs");
  // §5.6.2: a program from clLinkProgram cannot be built.
  EXPECT_RULE(clBuildProgram(exe, 0, nullptr, nullptr, nullptr, nullptr), CL_INVALID_OPERATION,
              "BuildProgramNotFromSourceILOrBinary");
  for (cl_program p : {caller, helper, library, exe, source_only}) clReleaseProgram(p);
}

// §5.6.1, table 5.13: CL_PROGRAM_BINARIES round trip through clCreateProgramWithBinary; a
// compiled object loaded as binary is no executable (CL_INVALID_BINARY for clBuildProgram) and
// cannot be compiled (2.2 §5.8.4: not from source or IL).
TEST_F(ProgramApi, BinariesRoundTrip) {
  cl_program p = make();
  ASSERT_EQ(clBuildProgram(p, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
  size_t size = 0;
  ASSERT_EQ(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr), CL_SUCCESS);
  ASSERT_GT(size, 0u);
  std::vector<unsigned char> binary(size);
  unsigned char* binaries[] = {binary.data()};
  ASSERT_EQ(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof binaries, binaries, nullptr),
            CL_SUCCESS);
  const unsigned char* in[] = {binary.data()};
  cl_int status = 1, err;
  cl_program loaded = clCreateProgramWithBinary(context, 1, &device, &size, in, &status, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(status, CL_SUCCESS);
  EXPECT_EQ(clBuildProgram(loaded, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(info_string(loaded, CL_PROGRAM_KERNEL_NAMES), "k");
  // A truncated binary is CL_INVALID_BINARY, with the per-device status.
  size_t shorter = size - 3;
  EXPECT_RULE_ERRCODE(
      clCreateProgramWithBinary(context, 1, &device, &shorter, in, &status, &err), err,
      CL_INVALID_BINARY, "CreateProgramWithBinaryInvalidBinary");
  EXPECT_EQ(status, CL_INVALID_BINARY);

  cl_program object = make();
  ASSERT_EQ(clCompileProgram(object, 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clGetProgramInfo(object, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr),
            CL_SUCCESS);
  binary.resize(size);
  binaries[0] = binary.data();
  in[0] = binary.data();
  ASSERT_EQ(clGetProgramInfo(object, CL_PROGRAM_BINARIES, sizeof binaries, binaries, nullptr),
            CL_SUCCESS);
  cl_program loaded_object =
      clCreateProgramWithBinary(context, 1, &device, &size, in, &status, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_RULE(clBuildProgram(loaded_object, 0, nullptr, nullptr, nullptr, nullptr),
              CL_INVALID_BINARY, "BuildProgramInvalidBinary");
  EXPECT_RULE(clCompileProgram(loaded_object, 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr,
                               nullptr),
              CL_INVALID_OPERATION, "CompileProgramNoSourceOrIL");
  for (cl_program q : {p, loaded, object, loaded_object}) clReleaseProgram(q);
}

// §5.6.2, §5.6.3: CL_INVALID_OPERATION while kernel objects are attached to the program.
TEST_F(ProgramApi, BuildAndCompileRefusedWithKernelsAttached) {
  cl_program p = make();
  ASSERT_EQ(clBuildProgram(p, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
  cl_int err;
  cl_kernel k = clCreateKernel(p, "k", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_RULE(clBuildProgram(p, 0, nullptr, nullptr, nullptr, nullptr), CL_INVALID_OPERATION,
              "BuildProgramKernelsAttached");
  EXPECT_RULE(clCompileProgram(p, 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr, nullptr),
              CL_INVALID_OPERATION, "CompileProgramKernelsAttached");
  clReleaseKernel(k);
  EXPECT_EQ(clBuildProgram(p, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
  clReleaseProgram(p);
}

// ---------------------------------------------------------------- unloading the compiler

// §5.6.6: CL_INVALID_PLATFORM if platform is not a valid platform; otherwise a hint that
// succeeds. clUnloadCompiler (1.1, deprecated) always returns CL_SUCCESS.
TEST_F(ProgramApi, UnloadCompiler) {
  EXPECT_EQ(clUnloadPlatformCompiler(platform), CL_SUCCESS);
  EXPECT_RULE(clUnloadPlatformCompiler(reinterpret_cast<cl_platform_id>(context)),
              CL_INVALID_PLATFORM, "UnloadPlatformCompilerInvalidPlatform");
  EXPECT_EQ(clUnloadCompiler(), CL_SUCCESS);
  using Fn = cl_int(CL_API_CALL*)();
  auto unload = clvet_entry<Fn>("clUnloadCompiler");
  ASSERT_NE(unload, nullptr);
  EXPECT_EQ(unload(), CL_SUCCESS);
}

// ---------------------------------------------------------------- clGetProgramInfo

// Table 5.13 (and 2.2 §5.8.9) for a program from source that was never built.
TEST_F(ProgramApi, InfoOfAnUnbuiltProgram) {
  cl_program p = make();
  cl_context c = nullptr;
  EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_CONTEXT, sizeof c, &c, nullptr), CL_SUCCESS);
  EXPECT_EQ(c, context);
  cl_uint n = 0;
  EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_NUM_DEVICES, sizeof n, &n, nullptr), CL_SUCCESS);
  EXPECT_EQ(n, 1u);
  cl_device_id d = nullptr;
  size_t size = 0;
  EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_DEVICES, sizeof d, &d, &size), CL_SUCCESS);
  EXPECT_EQ(d, device);
  EXPECT_EQ(size, sizeof d);
  EXPECT_EQ(info_string(p, CL_PROGRAM_SOURCE), kSource);
  // CL_PROGRAM_IL of a program not from IL: value unchanged, size 0.
  char il[4] = {'x', 'x', 'x', 'x'};
  size = 99;
  EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_IL, sizeof il, il, &size), CL_SUCCESS);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(il[0], 'x');
  // No binary yet: size 0 per device, and CL_PROGRAM_BINARIES leaves the buffers alone.
  size_t binary_size = 99;
  EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof binary_size, &binary_size, &size),
            CL_SUCCESS);
  EXPECT_EQ(binary_size, 0u);
  EXPECT_EQ(size, sizeof(size_t));
  unsigned char buffer[4] = {7, 7, 7, 7};
  unsigned char* binaries[] = {buffer};
  EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof binaries, binaries, &size),
            CL_SUCCESS);
  EXPECT_EQ(size, sizeof binaries);
  EXPECT_EQ(buffer[0], 7);
  clReleaseProgram(p);
}

// §5.6.7: CL_INVALID_PROGRAM_EXECUTABLE for CL_PROGRAM_NUM_KERNELS and CL_PROGRAM_KERNEL_NAMES
// without a successfully built executable (3.0: also for the global ctor/dtor queries).
TEST_F(ProgramApi, KernelQueriesNeedAnExecutable) {
  cl_program p = make();
  size_t n;
  EXPECT_RULE(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof n, &n, nullptr),
              CL_INVALID_PROGRAM_EXECUTABLE, "GetProgramInfoNoExecutable");
  EXPECT_RULE(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, 0, nullptr, &n),
              CL_INVALID_PROGRAM_EXECUTABLE, "GetProgramInfoNoExecutable");
  cl_bool present;
  EXPECT_RULE(clGetProgramInfo(p, CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT, sizeof present, &present,
                               nullptr),
              CL_INVALID_PROGRAM_EXECUTABLE, "GetProgramInfoNoExecutableForGlobals");
  EXPECT_RULE(clGetProgramInfo(p, CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT, sizeof present, &present,
                               nullptr),
              CL_INVALID_PROGRAM_EXECUTABLE, "GetProgramInfoNoExecutableForGlobals");
  clReleaseProgram(p);
  p = make("kernel void k( {");
  clBuildProgram(p, 0, nullptr, nullptr, nullptr, nullptr);  // fails: still no executable
  EXPECT_RULE(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof n, &n, nullptr),
              CL_INVALID_PROGRAM_EXECUTABLE, "GetProgramInfoNoExecutable");
  clReleaseProgram(p);
}

// §5.6.7: CL_INVALID_VALUE for an unknown param_name or a too small param_value_size.
TEST_F(ProgramApi, InfoBadParam) {
  cl_program p = make();
  cl_uint value;
  EXPECT_RULE(clGetProgramInfo(p, 0x7fff, sizeof value, &value, nullptr), CL_INVALID_VALUE,
              "GetProgramInfoBadParam");
  EXPECT_RULE(clGetProgramInfo(p, CL_PROGRAM_REFERENCE_COUNT, 1, &value, nullptr),
              CL_INVALID_VALUE, "GetProgramInfoBadParam");
  char small[4];
  EXPECT_RULE(clGetProgramInfo(p, CL_PROGRAM_SOURCE, sizeof small, small, nullptr),
              CL_INVALID_VALUE, "GetProgramInfoBadParam");
  unsigned char* binaries[1];
  EXPECT_RULE(clGetProgramInfo(p, CL_PROGRAM_BINARIES, 1, binaries, nullptr), CL_INVALID_VALUE,
              "GetProgramInfoBadParam");
  clReleaseProgram(p);
}

// ---------------------------------------------------------------- clGetProgramBuildInfo

// Table 5.14 before any build: CL_BUILD_NONE, empty options and log, no binary, no globals.
TEST_F(ProgramApi, BuildInfoBeforeABuild) {
  cl_program p = make();
  EXPECT_EQ(build_status(p), CL_BUILD_NONE);
  EXPECT_EQ(build_string(p, CL_PROGRAM_BUILD_OPTIONS), "");
  EXPECT_EQ(build_string(p, CL_PROGRAM_BUILD_LOG), "");
  cl_program_binary_type type = 99;
  EXPECT_EQ(clGetProgramBuildInfo(p, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(type, CL_PROGRAM_BINARY_TYPE_NONE);
  size_t globals = 99;
  EXPECT_EQ(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
                                  sizeof globals, &globals, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(globals, 0u);
  clReleaseProgram(p);
}

// §5.6.7: CL_INVALID_PROGRAM, CL_INVALID_DEVICE (not the program's device) and CL_INVALID_VALUE
// (unknown param_name, too small param_value_size).
TEST_F(ProgramApi, BuildInfoErrors) {
  cl_build_status status;
  EXPECT_RULE(clGetProgramBuildInfo(released_program(), device, CL_PROGRAM_BUILD_STATUS,
                                    sizeof status, &status, nullptr),
              CL_INVALID_PROGRAM, "GetProgramBuildInfoInvalidProgram");
  cl_program p = make();
  EXPECT_RULE(clGetProgramBuildInfo(p, not_a_device(), CL_PROGRAM_BUILD_STATUS, sizeof status,
                                    &status, nullptr),
              CL_INVALID_DEVICE, "GetProgramBuildInfoInvalidDevice");
  EXPECT_RULE(clGetProgramBuildInfo(p, nullptr, CL_PROGRAM_BUILD_STATUS, sizeof status, &status,
                                    nullptr),
              CL_INVALID_DEVICE, "GetProgramBuildInfoInvalidDevice");
  EXPECT_RULE(clGetProgramBuildInfo(p, device, 0x7fff, sizeof status, &status, nullptr),
              CL_INVALID_VALUE, "GetProgramBuildInfoBadParam");
  EXPECT_RULE(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, 1, &status, nullptr),
              CL_INVALID_VALUE, "GetProgramBuildInfoBadParam");
  clReleaseProgram(p);
}

}  // namespace
}  // namespace clvet::test
