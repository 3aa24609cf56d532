// Program entry points (§5.6; 2.2 §5.8): creating programs from source, IL, binaries and
// built-in kernels, building, compiling and linking them (no compiler yet: builds fail the way
// the spec says, with a build log), unloading the compiler, and the program queries.
#include <algorithm>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include "catalogue/program.h"
#include "device_impl.gen.h"
#include "device_world.h"
#include "info.h"
#include "program.h"

namespace clvet::device::impl {

namespace {

using Origin = Program::Origin;

bool compiler_available(Device& device) {
  return rules::get<cl_bool>(DeviceWorld::instance(), rules::InfoQuery::Device, device.id(),
                             CL_DEVICE_COMPILER_AVAILABLE)
             .value_or(CL_FALSE) == CL_TRUE;
}

bool linker_available(Device& device) {
  return rules::get<cl_bool>(DeviceWorld::instance(), rules::InfoQuery::Device, device.id(),
                             CL_DEVICE_LINKER_AVAILABLE)
             .value_or(CL_FALSE) == CL_TRUE;
}

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

const char* kNoCompilerLog =
    "clvet: cannot build: the reference device has no OpenCL C compiler yet "
    "(CL_DEVICE_COMPILER_AVAILABLE is CL_FALSE)\n";
const char* kNoFrontEndLog =
    "clvet: cannot build: this build of the reference device has no front end for the "
    "program's language\n";

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

Result<cl_program> create_from_il(cl_context context, const void* il, std::size_t length,
                                  const rules::Rule& invalid_context,
                                  const rules::Rule& out_of_host_memory) {
  Ref<Context> c = lookup<Context>(context);
  if (!c) return fail(invalid_context);
  try {
    auto* program = new Program(c, c->devices(), Origin::IL);
    const auto* bytes = static_cast<const unsigned char*>(il);
    program->set_il({bytes, bytes + length});
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
                        rule::CreateProgramWithILOutOfHostMemory);
}

Result<cl_program> CreateProgramWithILKHR(const args::CreateProgramWithILKHR& a) {
  return create_from_il(a.context, a.il, a.length, rule::CreateProgramWithILKHRInvalidContext,
                        rule::CreateProgramWithILKHROutOfHostMemory);
}

// §5.6.1: binary_status gets one status per device. No binary format is loadable yet, so every
// well-formed binary is CL_INVALID_BINARY.
Result<cl_program> CreateProgramWithBinary(const args::CreateProgramWithBinary& a) {
  if (!lookup<Context>(a.context)) return fail(rule::CreateProgramWithBinaryInvalidContext);
  bool missing = false;
  for (cl_uint i = 0; i < a.num_devices; ++i) {
    bool absent = a.lengths == nullptr || a.binaries == nullptr || a.lengths[i] == 0 ||
                  a.binaries[i] == nullptr;
    missing = missing || absent;
    if (a.binary_status) a.binary_status[i] = absent ? CL_INVALID_VALUE : CL_INVALID_BINARY;
  }
  if (missing)
    return fail(rule::CreateProgramWithBinaryBadBinaries,
                "binary_status says which entries have no binary");
  return fail(rule::CreateProgramWithBinaryInvalidBinary,
              "the reference device loads no binary format yet");
}

Result<cl_program> CreateProgramWithBuiltInKernels(const args::CreateProgramWithBuiltInKernels& a) {
  Ref<Context> c = lookup<Context>(a.context);
  if (!c) return fail(rule::CreateProgramWithBuiltInKernelsInvalidContext);
  try {
    std::vector<Ref<Device>> devices = chosen_devices(a.num_devices, a.device_list, {});
    std::vector<std::string> names;
    std::string_view list(a.kernel_names);
    for (std::size_t start = 0; start <= list.size();) {
      std::size_t end = std::min(list.find(';', start), list.size());
      names.emplace_back(list.substr(start, end - start));
      start = end + 1;
    }
    auto* program = new Program(c, std::move(devices), Origin::BuiltInKernels);
    program->set_built_in_kernels(std::move(names));
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

Status SetProgramReleaseCallback(const args::SetProgramReleaseCallback& a) {
  Ref<Program> p = lookup<Program>(a.program);
  if (!p) return fail(rule::SetProgramReleaseCallbackInvalidProgram);
  try {
    p->add_release_callback(a.pfn_notify, a.user_data);
  } catch (const std::bad_alloc&) {
    return fail(rule::SetProgramReleaseCallbackOutOfHostMemory);
  }
  return {};
}

// Only IL programs reach this (the prechecks refuse others); the value is kept for the build,
// which validates ids and sizes against the module once a SPIR-V front end exists.
Status SetProgramSpecializationConstant(const args::SetProgramSpecializationConstant& a) {
  Ref<Program> p = lookup<Program>(a.program);
  if (!p || p->origin() != Origin::IL)
    return fail(rule::SetProgramSpecializationConstantInvalidProgram);
  try {
    const auto* bytes = static_cast<const unsigned char*>(a.spec_value);
    p->set_specialization_constant(a.spec_id, {bytes, bytes + a.spec_size});
  } catch (const std::bad_alloc&) {
    return fail(rule::SetProgramSpecializationConstantOutOfHostMemory);
  }
  return {};
}

// §5.6.2. With no compiler the build "has completed" unsuccessfully: every device's status is
// CL_BUILD_ERROR with a log saying why, the callback (if any) is called, and the call returns
// the clause's error.
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
        return fail(rule::BuildProgramInvalidBinary);
  if (!p->begin_build(raw(devices)))
    return fail(rule::BuildProgramInProgress, "another build of the program has not completed");
  bool no_compiler = false;
  try {
    for (const Ref<Device>& d : devices) no_compiler = no_compiler || !compiler_available(*d);
    record_failure(*p, devices, a.options, no_compiler ? kNoCompilerLog : kNoFrontEndLog);
  } catch (const std::bad_alloc&) {
    record_failure(*p, devices, nullptr, {});
    return fail(rule::BuildProgramOutOfHostMemory);
  }
  // "called when the program executable has been built (successfully or unsuccessfully)"
  if (a.pfn_notify) a.pfn_notify(p->id(), a.user_data);
  if (no_compiler && origin != Origin::Binary)
    return fail(rule::BuildProgramCompilerNotAvailable, "see the program's build log");
  return fail(rule::BuildProgramFailure, "see the program's build log");
}

// §5.6.3. The compiler-availability clause is a precheck; what reaches here would need a
// front end this build does not have.
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
  bool no_compiler = false;
  try {
    for (const Ref<Device>& d : devices) no_compiler = no_compiler || !compiler_available(*d);
    record_failure(*p, devices, a.options, no_compiler ? kNoCompilerLog : kNoFrontEndLog);
  } catch (const std::bad_alloc&) {
    record_failure(*p, devices, nullptr, {});
    return fail(rule::CompileProgramOutOfHostMemory);
  }
  if (a.pfn_notify) a.pfn_notify(p->id(), a.user_data);
  if (no_compiler) return fail(rule::CompileProgramCompilerNotAvailable, "see the build log");
  return fail(rule::CompileProgramFailure, "see the program's build log");
}

// §5.6.3. Devices for which no input holds a compiled binary get no executable (not an error);
// any other device would need the linker this build does not have.
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
  for (const Ref<Device>& d : devices) {
    if (!linker_available(*d)) return fail(rule::LinkProgramLinkerNotAvailable);
    for (const Ref<Program>& input : inputs) {
      if (!input->has_device(d.get())) continue;
      cl_program_binary_type type = input->build_of(*d).binary_type;
      if (type == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT || type == CL_PROGRAM_BINARY_TYPE_LIBRARY)
        return fail(rule::LinkProgramFailure, "this build of the reference device has no linker");
    }
  }
  try {
    auto* program = new Program(c, devices, Origin::Linked);
    if (a.pfn_notify) a.pfn_notify(program->id(), a.user_data);
    return program->id();
  } catch (const std::bad_alloc&) {
    return fail(rule::LinkProgramOutOfHostMemory);
  }
}

// "clUnloadCompiler will always return CL_SUCCESS"; both are hints, and there is no compiler
// to unload.
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
