// Program entry points (§5.6; 2.2 §5.8): creating programs from source, IL, binaries and
// built-in kernels, building, compiling and linking them through the interpreter's front ends
// (synchronously: every build has completed when the call returns or calls pfn_notify),
// unloading the compiler, and the program queries.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "build_cache.h"
#include "clvet/interp/executable.h"
#include "clvet/interp/frontend.h"
#include "clvet/rules/rule_ids.gen.h"
#include "clvet/rules/work_group_uniformity.h"
#include "device_impl.gen.h"
#include "emulated_profile.h"
#include "info.h"
#include "program.h"

namespace clvet::device::impl {

namespace {

using Origin = Program::Origin;

// The devices of `list` (already checked to be the program's or the context's), or `all`.
std::vector<Ref<Device>> chosen_devices(cl_uint n, const cl_device_id* list,
                                        const std::vector<Ref<Device>>& all) {
  if (list == nullptr) return all;
  std::vector<Ref<Device>> devices;
  for (cl_uint i = 0; i < n; ++i)
    if (Ref<Device> d = lookup<Device>(list[i])) devices.push_back(d);
  return devices;
}

std::vector<Device*> raw(const std::vector<Ref<Device>>& devices) {
  std::vector<Device*> result;
  for (const Ref<Device>& d : devices) result.push_back(d.get());
  return result;
}

// Records a failed build, compile or link of `program` for `devices`: status CL_BUILD_ERROR,
// the options, and `log`.
void record_failure(Program& program, const std::vector<Ref<Device>>& devices,
                    const char* options, const std::string& log) {
  for (const Ref<Device>& d : devices) {
    Program::Build build;
    build.status = CL_BUILD_ERROR;
    build.options = options ? options : "";
    build.log = log;
    program.set_build(*d, std::move(build));
  }
}

KernelArgument::Kind argument_kind(interp::KernelArgInfo::Kind kind) {
  using From = interp::KernelArgInfo::Kind;
  using To = KernelArgument::Kind;
  switch (kind) {
    case From::Global:
    case From::Constant: return To::Buffer;
    case From::Local: return To::Local;
    case From::Image: return To::Image;
    case From::Sampler: return To::Sampler;
    case From::Pipe: return To::Pipe;
    case From::Queue: return To::DeviceQueue;
    case From::Value: break;
  }
  return To::Value;
}

// The API's values for an argument's address space (from its kind), access qualifier, type
// qualifiers and image type (§5.9.4 clGetKernelArgInfo, §5.3.1 cl_mem_object_type).
cl_kernel_arg_address_qualifier address_qualifier(interp::KernelArgInfo::Kind kind) {
  using Kind = interp::KernelArgInfo::Kind;
  switch (kind) {
    case Kind::Global:
    case Kind::Image:
    case Kind::Pipe: return CL_KERNEL_ARG_ADDRESS_GLOBAL;
    case Kind::Constant: return CL_KERNEL_ARG_ADDRESS_CONSTANT;
    case Kind::Local: return CL_KERNEL_ARG_ADDRESS_LOCAL;
    case Kind::Value:
    case Kind::Sampler:
    case Kind::Queue: break;
  }
  return CL_KERNEL_ARG_ADDRESS_PRIVATE;
}

cl_kernel_arg_access_qualifier access_qualifier(interp::KernelArgInfo::Access access) {
  using Access = interp::KernelArgInfo::Access;
  switch (access) {
    case Access::ReadOnly: return CL_KERNEL_ARG_ACCESS_READ_ONLY;
    case Access::WriteOnly: return CL_KERNEL_ARG_ACCESS_WRITE_ONLY;
    case Access::ReadWrite: return CL_KERNEL_ARG_ACCESS_READ_WRITE;
    case Access::None: break;
  }
  return CL_KERNEL_ARG_ACCESS_NONE;
}

cl_kernel_arg_type_qualifier type_qualifier(const interp::KernelArgInfo::TypeQualifiers& q) {
  cl_kernel_arg_type_qualifier bits = CL_KERNEL_ARG_TYPE_NONE;
  if (q.is_const) bits |= CL_KERNEL_ARG_TYPE_CONST;
  if (q.is_restrict) bits |= CL_KERNEL_ARG_TYPE_RESTRICT;
  if (q.is_volatile) bits |= CL_KERNEL_ARG_TYPE_VOLATILE;
  if (q.is_pipe) bits |= CL_KERNEL_ARG_TYPE_PIPE;
  return bits;
}

cl_mem_object_type image_type(interp::KernelArgInfo::Image image) {
  using Image = interp::KernelArgInfo::Image;
  switch (image) {
    case Image::Image1D: return CL_MEM_OBJECT_IMAGE1D;
    case Image::Image1DArray: return CL_MEM_OBJECT_IMAGE1D_ARRAY;
    case Image::Image1DBuffer: return CL_MEM_OBJECT_IMAGE1D_BUFFER;
    case Image::Image2D: return CL_MEM_OBJECT_IMAGE2D;
    case Image::Image2DArray: return CL_MEM_OBJECT_IMAGE2D_ARRAY;
    case Image::Image3D: return CL_MEM_OBJECT_IMAGE3D;
    case Image::None: break;
  }
  return 0;
}

std::vector<KernelSignature> signatures(const std::vector<interp::KernelInfo>& kernels) {
  std::vector<KernelSignature> list;
  for (const interp::KernelInfo& k : kernels) {
    KernelSignature s;
    s.name = k.name;
    s.attributes = k.attributes;
    for (int d = 0; d < 3; ++d) s.required_work_group_size[d] = k.required_work_group_size[d];
    s.local_mem_size = k.local_mem_size;
    s.private_mem_size = k.private_mem_size;
    s.arg_info_available = k.arg_info_available;
    for (const interp::KernelArgInfo& a : k.args) {
      KernelArgument arg;
      arg.kind = argument_kind(a.kind);
      arg.size = a.size;
      arg.image_type = image_type(a.image);
      arg.address = address_qualifier(a.kind);
      arg.access = access_qualifier(a.access);
      arg.type_qualifier = type_qualifier(a.qualifiers);
      arg.type_name = a.type_name;
      arg.name = a.name;
      s.arguments.push_back(std::move(arg));
    }
    list.push_back(std::move(s));
  }
  return list;
}

// The outcome of one front-end step for every device of a call (all devices of the platform
// are one kind of device, so the front ends run once).
struct Outcome {
  bool ok = false;
  bool bad_options = false;
  Program::Build build;  // on success: what each device records
};

Outcome failed(std::string log, bool bad_options = false) {
  Outcome o;
  o.bad_options = bad_options;
  o.build.log = std::move(log);
  return o;
}

// CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE bounds "any single variable in program scope or inside a
// function ... declared in the global address space" (3.0 §4.2, table of device queries): the
// first __global variable of `executable` larger than `device` allows, described for the log;
// empty when every one fits.
std::string variable_above_limit(const interp::Executable& executable, const Device& device) {
  const std::size_t limit = device.max_global_variable_size();
  for (const interp::Executable::ProgramVariable& v : executable.program_variables())
    if (!v.constant && v.size > limit)
      return "clvet: " + v.label + " takes " + std::to_string(v.size) +
             " bytes, more than the device's CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE (" +
             std::to_string(limit) +
             " bytes), the most any single program-scope or static __global variable may take "
             "(OpenCL 3.0 §4.2)\n";
  return {};
}

// A successful step that produced `bitcode` of `type`: executables are decoded for the
// interpreter now, and a program the interpreter cannot load, or whose variables exceed the
// limits of `device`, fails the build with the reason.
Outcome succeeded(interp::BinaryKind kind, const std::string& options, std::string log,
                  interp::Bytes bitcode, const Device* device) {
  Outcome o;
  Program::Build& b = o.build;
  b.status = CL_BUILD_SUCCESS;
  b.options = options;
  b.log = std::move(log);
  if (kind == interp::BinaryKind::Executable) {
    std::string error;
    std::shared_ptr<interp::Executable> executable = interp::Executable::load(bitcode, error);
    if (!executable) return failed(b.log + "clvet: the interpreter cannot run this program: " + error + "\n");
    if (device != nullptr)
      if (std::string too_large = variable_above_limit(*executable, *device); !too_large.empty())
        return failed(b.log + too_large);
    b.kernels = signatures(executable->kernels());
    b.global_variable_size = executable->global_variable_size();
    b.executable = std::move(executable);
  }
  b.binary_type = kind == interp::BinaryKind::Executable ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE
                  : kind == interp::BinaryKind::Library  ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                                                         : CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
  b.binary = interp::write_program_binary({kind, options, bitcode});
  b.bitcode = std::move(bitcode);
  o.ok = true;
  return o;
}

// clBuildProgram's options reach the link as well; of them only -cl-opt-disable matters there.
std::string link_part(const std::string& options) {
  std::vector<std::string> words;
  std::string error;
  interp::split_options(options, words, error);
  for (const std::string& w : words)
    if (w == "-cl-opt-disable") return w;
  return {};
}

// What OpenCL C's predefined macros and feature claims say of the program's devices (all alike:
// the root device and its sub-devices).
interp::TargetDevice target_of(const Program& p) {
  return p.devices().empty() ? interp::TargetDevice{} : p.devices().front()->target();
}

std::vector<std::pair<std::uint32_t, interp::Bytes>> spec_constants(const Program& p) {
  std::vector<std::pair<std::uint32_t, interp::Bytes>> list;
  for (auto& [id, value] : p.specialization_constants()) list.emplace_back(id, value);
  return list;
}

// The compile half of a build: source or IL to bitcode.
interp::FrontEndResult front_end(const Program& p, const std::string& options,
                                 const std::vector<interp::EmbeddedHeader>& headers) {
  if (p.origin() == Origin::IL) return interp::translate_spirv(p.il(), spec_constants(p), target_of(p));
  return interp::compile_opencl_c(p.source(), options, headers, target_of(p));
}

// The build cache's key of building `p` with `options`: every input of the front end and the
// link (source or IL, options, specialization constants, the device's language features) and
// the front end's own identity; empty (nothing cached) when that cannot be told.
std::string build_cache_key(const Program& p, const std::string& options) {
  const std::string compiler = interp::front_end_identity();
  if (compiler.empty()) return {};
  const interp::TargetDevice target = target_of(p);
  std::string device = fmt::format("{} {} {} {}", target.opencl_version, target.image_support,
                                   target.max_c_version, target.embedded_profile);
  for (const std::string& lacking : target.lacks) device += " -" + lacking;
  std::string constants;
  for (const auto& [id, value] : spec_constants(p))
    constants += fmt::format("{}:{};", id, std::string_view(reinterpret_cast<const char*>(value.data()), value.size()));
  const bool il = p.origin() == Origin::IL;
  const std::string_view input =
      il ? std::string_view(reinterpret_cast<const char*>(p.il().data()), p.il().size()) : std::string_view(p.source());
  return build_key({"executable", compiler, il ? "il" : "source", input, options, constants, device});
}

Outcome build_executable(const Program& p, const std::string& options, const Device* device) {
  const std::string key = build_cache_key(p, options);
  if (!key.empty())
    if (std::optional<CachedBuild> kept = find_build(key))
      return succeeded(interp::BinaryKind::Executable, options, std::move(kept->log),
                       std::move(kept->bitcode), device);
  interp::FrontEndResult compiled = front_end(p, options, {});
  if (!compiled.ok())
    return failed(compiled.log, compiled.status == interp::FrontEndStatus::InvalidOptions);
  interp::FrontEndResult linked = interp::link_bitcode({compiled.bitcode}, link_part(options));
  if (!linked.ok()) return failed(compiled.log + linked.log);
  if (!key.empty()) keep_build(key, {compiled.log + linked.log, linked.bitcode});
  return succeeded(interp::BinaryKind::Executable, options, compiled.log + linked.log,
                   std::move(linked.bitcode), device);
}

void record(Program& program, const std::vector<Ref<Device>>& devices, const Outcome& outcome,
            const char* options) {
  if (!outcome.ok) {
    record_failure(program, devices, options, outcome.build.log);
    return;
  }
  for (const Ref<Device>& d : devices) program.set_build(*d, outcome.build);
}

Result<cl_program> create_from_il(cl_context context, const void* il, std::size_t length,
                                  const rules::Rule& invalid_context, const rules::Rule& malformed,
                                  const rules::Rule& out_of_host_memory) {
  Ref<Context> c = lookup<Context>(context);
  if (!c) return fail(invalid_context);
  try {
    const auto* bytes = static_cast<const unsigned char*>(il);
    interp::Bytes module(bytes, bytes + length);
    // 2.2 §5.8.1: IL "that can be consumed by the OpenCL runtime" is judged here, at creation,
    // by the validator the build uses (the rule's precheck only looked at the magic number).
    // A front end that cannot be loaded judges nothing: the build says so.
    interp::FrontEndResult valid = interp::validate_spirv(module);
    if (valid.status == interp::FrontEndStatus::InvalidInput)
      return fail(malformed, valid.log.substr(0, valid.log.find_last_not_of('\n') + 1));
    auto* program = new Program(c, c->devices(), Origin::IL);
    program->set_il(std::move(module));
    return program->id();
  } catch (const std::bad_alloc&) {
    return fail(out_of_host_memory, "copying " + std::to_string(length) + " bytes of IL");
  }
}

}  // namespace

// §5.6.1: the strings are concatenated, each either NUL-terminated (lengths NULL or 0) or
// lengths[i] chars long; the program keeps the concatenation without any NULs.
Result<cl_program> CreateProgramWithSource(const args::CreateProgramWithSource& a) {
  Ref<Context> c = lookup<Context>(a.context);
  if (!c) return fail(rule::CreateProgramWithSourceInvalidContext);
  try {
    std::string source;
    for (cl_uint i = 0; i < a.count; ++i) {
      std::size_t n = (a.lengths && a.lengths[i]) ? a.lengths[i] : std::strlen(a.strings[i]);
      for (std::size_t j = 0; j < n; ++j)
        if (a.strings[i][j] != '\0') source.push_back(a.strings[i][j]);
    }
    auto* program = new Program(c, c->devices(), Origin::Source);
    program->set_source(std::move(source));
    return program->id();
  } catch (const std::bad_alloc&) {
    return fail(rule::CreateProgramWithSourceOutOfHostMemory);
  }
}

Result<cl_program> CreateProgramWithIL(const args::CreateProgramWithIL& a) {
  return create_from_il(a.context, a.il, a.length, rule::CreateProgramWithILInvalidContext,
                        rule::CreateProgramWithILMalformed, rule::CreateProgramWithILOutOfHostMemory);
}

Result<cl_program> CreateProgramWithILKHR(const args::CreateProgramWithILKHR& a) {
  return create_from_il(a.context, a.il, a.length, rule::CreateProgramWithILKHRInvalidContext,
                        rule::CreateProgramWithILKHRMalformed,
                        rule::CreateProgramWithILKHROutOfHostMemory);
}

// §5.6.1: binary_status gets one status per device; a binary is clvet's own format
// (CL_PROGRAM_BINARIES), anything else is CL_INVALID_BINARY for its device.
Result<cl_program> CreateProgramWithBinary(const args::CreateProgramWithBinary& a) {
  Ref<Context> c = lookup<Context>(a.context);
  if (!c) return fail(rule::CreateProgramWithBinaryInvalidContext);
  bool missing = false;
  for (cl_uint i = 0; i < a.num_devices; ++i) {
    bool absent = a.lengths == nullptr || a.binaries == nullptr || a.lengths[i] == 0 ||
                  a.binaries[i] == nullptr;
    missing = missing || absent;
    if (a.binary_status) a.binary_status[i] = absent ? CL_INVALID_VALUE : CL_SUCCESS;
  }
  if (missing)
    return fail(rule::CreateProgramWithBinaryBadBinaries,
                "binary_status says which entries have no binary");
  try {
    std::vector<Program::Build> builds;
    std::string errors;
    for (cl_uint i = 0; i < a.num_devices; ++i) {
      interp::ProgramBinary binary;
      std::string error;
      if (!interp::read_program_binary(a.binaries[i], a.lengths[i], binary, error)) {
        if (a.binary_status) a.binary_status[i] = CL_INVALID_BINARY;
        errors += (errors.empty() ? "" : "; ") + ("binaries[" + std::to_string(i) + "]: " + error);
        continue;
      }
      Program::Build b;
      b.options = binary.options;
      b.binary_type = binary.kind == interp::BinaryKind::Executable
                          ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE
                      : binary.kind == interp::BinaryKind::Library
                          ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                          : CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
      b.binary.assign(a.binaries[i], a.binaries[i] + a.lengths[i]);
      b.bitcode = std::move(binary.bitcode);
      b.uniform_reason = rules::uniformity::program_reason(false, b.options);
      builds.push_back(std::move(b));
    }
    if (!errors.empty()) return fail(rule::CreateProgramWithBinaryInvalidBinary, errors);
    auto* program = new Program(c, chosen_devices(a.num_devices, a.device_list, {}), Origin::Binary);
    for (cl_uint i = 0; i < a.num_devices; ++i)
      program->set_build(*program->devices()[i], std::move(builds[i]));
    return program->id();
  } catch (const std::bad_alloc&) {
    return fail(rule::CreateProgramWithBinaryOutOfHostMemory);
  }
}

Result<cl_program> CreateProgramWithBuiltInKernels(const args::CreateProgramWithBuiltInKernels& a) {
  Ref<Context> c = lookup<Context>(a.context);
  if (!c) return fail(rule::CreateProgramWithBuiltInKernelsInvalidContext);
  try {
    // The rules refuse every name: the device lists no built-in kernel (CL_DEVICE_BUILT_IN_KERNELS
    // is empty), so a program made here has none to create.
    auto* program =
        new Program(c, chosen_devices(a.num_devices, a.device_list, {}), Origin::BuiltInKernels);
    return program->id();
  } catch (const std::bad_alloc&) {
    return fail(rule::CreateProgramWithBuiltInKernelsOutOfHostMemory);
  }
}

Status RetainProgram(const args::RetainProgram& a) {
  Ref<Program> p = lookup<Program>(a.program);
  if (!p) return fail(rule::RetainProgramInvalidProgram);
  p->retain();
  return {};
}

Status ReleaseProgram(const args::ReleaseProgram& a) {
  Ref<Program> p = lookup<Program>(a.program);
  if (!p) return fail(rule::ReleaseProgramInvalidProgram);
  p->release();
  return {};
}

// 3.0 §5.8.2: the reference device runs no destructors of program-scope variables (it compiles
// OpenCL C, which has none), so the prechecks refuse every registration with
// CL_INVALID_OPERATION; nothing is left to do here.
Status SetProgramReleaseCallback(const args::SetProgramReleaseCallback& a) {
  if (!lookup<Program>(a.program)) return fail(rule::SetProgramReleaseCallbackInvalidProgram);
  return fail(rule::SetProgramReleaseCallbackUnsupported);
}

// Only IL programs reach this (the prechecks refuse others); ids and sizes are checked against
// the module's OpSpecConstant declarations, and the values are applied at the next build.
Status SetProgramSpecializationConstant(const args::SetProgramSpecializationConstant& a) {
  Ref<Program> p = lookup<Program>(a.program);
  if (!p || p->origin() != Origin::IL)
    return fail(rule::SetProgramSpecializationConstantInvalidProgram);
  try {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> declared;
    std::string error;
    if (!interp::spirv_spec_constants(p->il(), declared, error))
      return fail(rule::SetProgramSpecializationConstantInvalidSpecId, error);
    auto it = std::find_if(declared.begin(), declared.end(),
                           [&](const auto& d) { return d.first == a.spec_id; });
    if (it == declared.end())
      return fail(rule::SetProgramSpecializationConstantInvalidSpecId,
                  "the module declares no specialization constant " + std::to_string(a.spec_id));
    if (it->second != a.spec_size)
      return fail(rule::SetProgramSpecializationConstantBadValue,
                  "specialization constant " + std::to_string(a.spec_id) + " has " +
                      std::to_string(it->second) + " bytes");
    const auto* bytes = static_cast<const unsigned char*>(a.spec_value);
    p->set_specialization_constant(a.spec_id, {bytes, bytes + a.spec_size});
  } catch (const std::bad_alloc&) {
    return fail(rule::SetProgramSpecializationConstantOutOfHostMemory);
  }
  return {};
}

// §5.6.2. Builds are synchronous: every device's build has completed (CL_BUILD_SUCCESS or
// CL_BUILD_ERROR with a log) when pfn_notify is called and the call returns.
Status BuildProgram(const args::BuildProgram& a) {
  Ref<Program> p = lookup<Program>(a.program);
  if (!p) return fail(rule::BuildProgramInvalidProgram);
  std::vector<Ref<Device>> devices = chosen_devices(a.num_devices, a.device_list, p->devices());
  if (p->attached_kernels() > 0)
    return fail(rule::BuildProgramKernelsAttached,
                std::to_string(p->attached_kernels()) + " kernel objects are attached");
  Origin origin = p->origin();
  if (origin != Origin::Source && origin != Origin::IL && origin != Origin::Binary)
    return fail(rule::BuildProgramNotFromSourceILOrBinary);
  if (origin == Origin::Binary)
    for (const Ref<Device>& d : devices)
      if (p->build_of(*d).binary_type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
        return fail(rule::BuildProgramInvalidBinary,
                    "the binary loaded for a listed device is no program executable");
  if (!p->begin_build(raw(devices)))
    return fail(rule::BuildProgramInProgress, "another build of the program has not completed");
  const std::string options = a.options ? a.options : "";
  bool all_ok = true, bad_options = false;
  try {
    if (origin == Origin::Binary) {
      for (const Ref<Device>& d : devices) {
        Program::Build loaded = p->build_of(*d);
        Outcome o =
            succeeded(interp::BinaryKind::Executable, loaded.options, {}, loaded.bitcode, d.get());
        o.build.uniform_reason = rules::uniformity::program_reason(false, loaded.options + " " + options);
        all_ok = all_ok && o.ok;
        record(*p, {d}, o, loaded.options.c_str());
      }
    } else {
      // The devices of a program are one kind of device: the first judges for all.
      Outcome o =
          build_executable(*p, options, devices.empty() ? nullptr : devices.front().get());
      o.build.uniform_reason = rules::uniformity::program_reason(origin == Origin::Source, options);
      all_ok = o.ok;
      bad_options = o.bad_options;
      record(*p, devices, o, a.options);
    }
  } catch (const std::bad_alloc&) {
    record_failure(*p, devices, nullptr, {});
    return fail(rule::BuildProgramOutOfHostMemory);
  }
  // "called when the program executable has been built (successfully or unsuccessfully)"
  if (a.pfn_notify) a.pfn_notify(p->id(), a.user_data);
  if (bad_options)
    return fail(rule::BuildProgramInvalidOptions, "see the program's build log");
  if (!all_ok) return fail(rule::BuildProgramFailure, "see the program's build log");
  return {};
}

// §5.6.3. The headers are the sources of input_headers, found by header_include_names.
Status CompileProgram(const args::CompileProgram& a) {
  Ref<Program> p = lookup<Program>(a.program);
  if (!p) return fail(rule::CompileProgramInvalidProgram);
  std::vector<Ref<Device>> devices = chosen_devices(a.num_devices, a.device_list, p->devices());
  if (p->attached_kernels() > 0)
    return fail(rule::CompileProgramKernelsAttached,
                std::to_string(p->attached_kernels()) + " kernel objects are attached");
  if (p->origin() != Origin::Source && p->origin() != Origin::IL)
    return fail(rule::CompileProgramNoSourceOrIL);
  if (!p->begin_build(raw(devices)))
    return fail(rule::CompileProgramInProgress, "another build of the program has not completed");
  const std::string options = a.options ? a.options : "";
  Outcome o;
  try {
    std::vector<interp::EmbeddedHeader> headers;
    for (cl_uint i = 0; i < a.num_input_headers; ++i) {
      Ref<Program> header = lookup<Program>(a.input_headers[i]);
      headers.push_back({a.header_include_names[i], header ? header->source() : std::string()});
    }
    interp::FrontEndResult compiled = front_end(*p, options, headers);
    o = compiled.ok() ? succeeded(interp::BinaryKind::CompiledObject, options, compiled.log,
                                  std::move(compiled.bitcode), nullptr)
                      : failed(compiled.log,
                               compiled.status == interp::FrontEndStatus::InvalidOptions);
    o.build.uniform_reason =
        rules::uniformity::program_reason(p->origin() == Origin::Source, options);
    record(*p, devices, o, a.options);
  } catch (const std::bad_alloc&) {
    record_failure(*p, devices, nullptr, {});
    return fail(rule::CompileProgramOutOfHostMemory);
  }
  if (a.pfn_notify) a.pfn_notify(p->id(), a.user_data);
  if (o.bad_options) return fail(rule::CompileProgramInvalidOptions, "see the build log");
  if (!o.ok) return fail(rule::CompileProgramFailure, "see the program's build log");
  return {};
}

// §5.6.3. Devices for which no input holds a compiled binary or library get no executable (not
// an error); the others get the link of the inputs' bitcode: a library with -create-library,
// else an executable.
Result<cl_program> LinkProgram(const args::LinkProgram& a) {
  Ref<Context> c = lookup<Context>(a.context);
  if (!c) return fail(rule::LinkProgramInvalidContext);
  std::vector<Ref<Device>> devices = chosen_devices(a.num_devices, a.device_list, c->devices());
  std::vector<Ref<Program>> inputs;
  for (cl_uint i = 0; i < a.num_input_programs; ++i) {
    Ref<Program> input = lookup<Program>(a.input_programs[i]);
    if (!input) return fail(rule::LinkProgramInvalidInputProgram);
    inputs.push_back(std::move(input));
  }
  const std::string options = a.options ? a.options : "";
  try {
    for (const Ref<Device>& d : devices)
      if (!d->linker_available()) return fail(rule::LinkProgramLinkerNotAvailable);
    // Starts with the application's reference; `program` keeps it alive until we return.
    Ref<Program> program(new Program(c, devices, Origin::Linked));
    bool all_ok = true;
    for (const Ref<Device>& d : devices) {
      std::vector<interp::Bytes> bitcode;
      // "If the program was created using clLinkProgram, all input programs must support
      // non-uniform work-groups" (3.0 §5.10).
      std::string uniform_reason;
      for (const Ref<Program>& input : inputs) {
        if (!input->has_device(d.get())) continue;
        Program::Build b = input->build_of(*d);
        if (b.binary_type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT &&
            b.binary_type != CL_PROGRAM_BINARY_TYPE_LIBRARY)
          continue;
        if (uniform_reason.empty() && !b.uniform_reason.empty())
          uniform_reason = "the program was linked from one whose work-groups must be uniform (" +
                           b.uniform_reason + ")";
        bitcode.push_back(std::move(b.bitcode));
      }
      if (bitcode.empty()) continue;
      interp::FrontEndResult linked = interp::link_bitcode(bitcode, options);
      bool library = options.find("-create-library") != std::string::npos;
      Outcome o = linked.ok() ? succeeded(library ? interp::BinaryKind::Library
                                                  : interp::BinaryKind::Executable,
                                          options, linked.log, std::move(linked.bitcode),
                                          d.get())
                              : failed(linked.log);
      o.build.uniform_reason = std::move(uniform_reason);
      all_ok = all_ok && o.ok;
      record(*program, {d}, o, a.options);
    }
    if (a.pfn_notify) a.pfn_notify(program->id(), a.user_data);
    // §5.6.3: once the link could begin, the program object is returned either way, for its
    // build status and log. With a callback, errcode_ret is CL_SUCCESS and the status tells.
    if (!all_ok && !a.pfn_notify) {
      Error e = fail(rule::LinkProgramFailure, "see the program's build log");
      e.returned = program->id();
      return e;
    }
    return program->id();
  } catch (const std::bad_alloc&) {
    return fail(rule::LinkProgramOutOfHostMemory);
  }
}

// "clUnloadCompiler will always return CL_SUCCESS"; both are hints: the compiler lives in the
// process and costs nothing while unused.
Status UnloadCompiler(const args::UnloadCompiler&) { return {}; }

Status UnloadPlatformCompiler(const args::UnloadPlatformCompiler&) { return {}; }

// §5.6.7 table 5.13, 2.2 §5.8.9.
Status GetProgramInfo(const args::GetProgramInfo& a) {
  Ref<Program> p = lookup<Program>(a.program);
  if (!p) return fail(rule::GetProgramInfoInvalidProgram);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetProgramInfoBadParam);
  const auto& devices = p->devices();
  try {
    switch (a.param_name) {
      case CL_PROGRAM_REFERENCE_COUNT: return out.scalar<cl_uint>(p->reference_count());
      case CL_PROGRAM_CONTEXT: return out.scalar<cl_context>(p->context().id());
      case CL_PROGRAM_NUM_DEVICES: return out.scalar<cl_uint>(static_cast<cl_uint>(devices.size()));
      case CL_PROGRAM_DEVICES: {
        std::vector<cl_device_id> ids;
        for (const Ref<Device>& d : devices) ids.push_back(d->id());
        return out.array(ids);
      }
      case CL_PROGRAM_SOURCE:
        return out.string(p->origin() == Origin::Source ? std::string_view(p->source()) : "");
      case CL_PROGRAM_IL:
        // Programs not from IL: "param_value will be unchanged and param_value_size_ret will be
        // set to 0".
        return out.array(p->origin() == Origin::IL ? p->il() : std::vector<unsigned char>{});
      case CL_PROGRAM_BINARY_SIZES: {
        std::vector<size_t> sizes;
        for (const Ref<Device>& d : devices) sizes.push_back(p->build_of(*d).binary.size());
        return out.array(sizes);
      }
      case CL_PROGRAM_BINARIES: {
        // param_value is an array of n pointers the application allocated; NULL entries are
        // skipped.
        const std::size_t needed = devices.size() * sizeof(unsigned char*);
        if (a.param_value != nullptr) {
          if (a.param_value_size < needed)
            return fail(rule::GetProgramInfoBadParam,
                        "CL_PROGRAM_BINARIES needs room for " + std::to_string(devices.size()) +
                            " pointers");
          auto** targets = static_cast<unsigned char**>(a.param_value);
          for (std::size_t i = 0; i < devices.size(); ++i) {
            std::vector<unsigned char> binary = p->build_of(*devices[i]).binary;
            if (targets[i] != nullptr && !binary.empty())
              std::memcpy(targets[i], binary.data(), binary.size());
          }
        }
        if (a.param_value_size_ret) *a.param_value_size_ret = needed;
        return {};
      }
      case CL_PROGRAM_NUM_KERNELS:
        if (!p->has_executable()) return fail(rule::GetProgramInfoNoExecutable);
        return out.scalar<size_t>(p->kernels().size());
      case CL_PROGRAM_KERNEL_NAMES: {
        if (!p->has_executable()) return fail(rule::GetProgramInfoNoExecutable);
        std::string names;
        for (const KernelSignature& k : p->kernels()) names += (names.empty() ? "" : ";") + k.name;
        return out.string(names);
      }
      case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
      case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
        // Program-scope constructors and destructors are not supported: "may unconditionally
        // return CL_FALSE".
        if (!p->has_executable()) return fail(rule::GetProgramInfoNoExecutableForGlobals);
        return out.scalar<cl_bool>(CL_FALSE);
      default:
        return fail(rule::GetProgramInfoBadParam, "unknown param_name");
    }
  } catch (const std::bad_alloc&) {
    return fail(rule::GetProgramInfoOutOfHostMemory);
  }
}

// §5.6.7 table 5.14, 2.2 §5.8.9.
Status GetProgramBuildInfo(const args::GetProgramBuildInfo& a) {
  Ref<Program> p = lookup<Program>(a.program);
  if (!p) return fail(rule::GetProgramBuildInfoInvalidProgram);
  Ref<Device> d = lookup<Device>(a.device);
  if (!d || !p->has_device(d.get())) return fail(rule::GetProgramBuildInfoInvalidDevice);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetProgramBuildInfoBadParam);
  try {
    Program::Build build = p->build_of(*d);
    switch (a.param_name) {
      case CL_PROGRAM_BUILD_STATUS: return out.scalar<cl_build_status>(build.status);
      // "If build status ... is CL_BUILD_NONE, an empty string is returned."
      case CL_PROGRAM_BUILD_OPTIONS:
        return out.string(build.status == CL_BUILD_NONE ? "" : build.options);
      case CL_PROGRAM_BUILD_LOG:
        return out.string(build.status == CL_BUILD_NONE ? "" : build.log);
      case CL_PROGRAM_BINARY_TYPE: return out.scalar<cl_program_binary_type>(build.binary_type);
      case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
        return out.scalar<size_t>(build.global_variable_size);
      default:
        return fail(rule::GetProgramBuildInfoBadParam, "unknown param_name");
    }
  } catch (const std::bad_alloc&) {
    return fail(rule::GetProgramBuildInfoOutOfHostMemory);
  }
}

}  // namespace clvet::device::impl
