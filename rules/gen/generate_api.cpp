// Writes the C++ that the API table drives: the argument structs every rule checks, and the
// reference device's ICD entry points and dispatch table.
#include <fmt/format.h>
#include <fmt/os.h>

#include <cstdio>
#include <string>
#include <string_view>

#include "clvet/rules/api.h"

namespace {

using clvet::api::EntryPoint;
using clvet::api::Param;
using clvet::api::Returns;
using clvet::api::Role;

std::string short_name(std::string_view name) { return std::string(name.substr(2)); }

std::string_view kind_enumerator(clvet::api::ObjectKind kind) {
  using clvet::api::ObjectKind;
  switch (kind) {
    case ObjectKind::None: return "None";
    case ObjectKind::Platform: return "Platform";
    case ObjectKind::Device: return "Device";
    case ObjectKind::Context: return "Context";
    case ObjectKind::CommandQueue: return "CommandQueue";
    case ObjectKind::Mem: return "Mem";
    case ObjectKind::Sampler: return "Sampler";
    case ObjectKind::Program: return "Program";
    case ObjectKind::Kernel: return "Kernel";
    case ObjectKind::Event: return "Event";
  }
  return "None";
}

// A declaration of `param` under its own name; callbacks put the name inside the pointer.
std::string declare(const Param& param) {
  std::string type(param.type);
  if (param.role == Role::Callback) {
    auto star = type.find("CL_CALLBACK*");
    return type.insert(star + std::string_view("CL_CALLBACK*").size(), std::string(param.name));
  }
  return fmt::format("{} {}", type, param.name);
}

std::string parameter_list(const EntryPoint& entry) {
  std::string out;
  for (const Param& param : entry.params) {
    if (!out.empty()) out += ", ";
    out += declare(param);
  }
  return out;
}

std::string argument_names(const EntryPoint& entry) {
  std::string out;
  for (const Param& param : entry.params) {
    if (!out.empty()) out += ", ";
    out += param.name;
  }
  return out;
}

bool generated(const EntryPoint& entry) { return entry.returns != Returns::Unavailable; }

std::string result_type(const EntryPoint& entry) {
  switch (entry.returns) {
    case Returns::ErrorCode:
    case Returns::Void: return "void";
    default: return std::string(entry.return_type);
  }
}

void write_args(const char* path) {
  auto out = fmt::output_file(path);
  out.print("// Generated from rules/api/entry_points.cpp by generate_api. Do not edit.\n");
  out.print("#pragma once\n\n#include <string_view>\n\n#include \"clvet/rules/opencl.h\"\n\n");
  out.print("namespace clvet::args {{\n\n");
  int index = 0;
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (generated(entry)) {
      out.print("// The arguments of one {} call.\nstruct {} {{\n", entry.name, short_name(entry.name));
      out.print("  static constexpr std::string_view kName = \"{}\";\n", entry.name);
      out.print("  static constexpr int kEntryIndex = {};\n", index);
      for (const Param& param : entry.params) out.print("  {};\n", declare(param));
      out.print("}};\n\n");
    }
    ++index;
  }
  out.print("}}  // namespace clvet::args\n");
}

void write_device_impl_header(const char* path) {
  auto out = fmt::output_file(path);
  out.print("// Generated from rules/api/entry_points.cpp by generate_api. Do not edit.\n");
  out.print("// The reference device implements each of these, one file per family (layer/device/).\n");
  out.print("#pragma once\n\n#include \"clvet/rules/args.gen.h\"\n#include \"clvet/rules/result.h\"\n\n");
  out.print("namespace clvet::device::impl {{\n\n");
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (!generated(entry)) continue;
    out.print("Result<{}> {}(const args::{}& a);\n", result_type(entry), short_name(entry.name),
              short_name(entry.name));
  }
  out.print("\n}}  // namespace clvet::device::impl\n");
}

void write_device_dispatch(const char* path) {
  auto out = fmt::output_file(path);
  out.print("// Generated from rules/api/entry_points.cpp by generate_api. Do not edit.\n");
  out.print("// The reference device's ICD entry points: pack the arguments, check them against the\n");
  out.print("// rules, run the implementation, report its result the way the entry point returns it.\n");
  out.print("#include <cstddef>\n#include <string_view>\n\n#include \"device_impl.gen.h\"\n#include \"entry.h\"\n\n");
  // The table's slot numbers must be the header's: checked by the compiler.
  int slots = 0;
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (entry.slot < 0) continue;
    ++slots;
    out.print("static_assert(offsetof(cl_icd_dispatch, {}) == {} * sizeof(void*));\n", entry.name,
              entry.slot);
  }
  out.print("static_assert(sizeof(cl_icd_dispatch) == {} * sizeof(void*), \"the API table misses dispatch slots\");\n\n", slots);
  out.print("namespace clvet::device {{\nnamespace {{\n\n");
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (!generated(entry)) continue;
    std::string name = short_name(entry.name);
    const char* how = "";
    switch (entry.returns) {
      case Returns::ErrorCode: how = "return_code"; break;
      case Returns::ObjectWithErrcode:
      case Returns::PointerWithErrcode: how = "return_value_with_errcode"; break;
      case Returns::Pointer:
      case Returns::FunctionAddress: how = "return_value"; break;
      case Returns::Void: how = "return_nothing"; break;
      case Returns::Unavailable: break;
    }
    out.print("{} CL_API_CALL {}_entry({}) {{\n", entry.return_type, name, parameter_list(entry));
    out.print("  const args::{} a{{{}}};\n", name, argument_names(entry));
    out.print("  return entry::{}(a, &impl::{});\n}}\n\n", how, name);
  }
  out.print("}}  // namespace\n\n");
  out.print("void fill_dispatch(cl_icd_dispatch& table) {{\n");
  for (const EntryPoint& entry : clvet::api::entry_points())
    if (generated(entry) && entry.slot >= 0)
      out.print("  table.{} = &{}_entry;\n", entry.name, short_name(entry.name));
  out.print("}}\n\n");
  out.print("void* entry_point_address(std::string_view name) {{\n");
  for (const EntryPoint& entry : clvet::api::entry_points())
    if (generated(entry))
      out.print("  if (name == \"{}\") return reinterpret_cast<void*>(&{}_entry);\n", entry.name,
                short_name(entry.name));
  out.print("  return nullptr;\n}}\n\n}}  // namespace clvet::device\n");
}

// Development only (CLVET_ALLOW_MISSING_IMPL): weak stand-ins that stop the process, so a
// partly written device links. A normal build never compiles this file.
void write_device_fallback(const char* path) {
  auto out = fmt::output_file(path);
  out.print("// Generated by generate_api for CLVET_ALLOW_MISSING_IMPL builds only. Do not edit.\n");
  out.print("#include <cstdio>\n#include <cstdlib>\n\n#include \"device_impl.gen.h\"\n\n");
  out.print("namespace clvet::device::impl {{\n\n");
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (!generated(entry)) continue;
    out.print("__attribute__((weak)) Result<{}> {}(const args::{}&) {{\n", result_type(entry),
              short_name(entry.name), short_name(entry.name));
    out.print("  std::fprintf(stderr, \"clvet: {} has no implementation in this build\\n\");\n",
              entry.name);
    out.print("  std::abort();\n}}\n\n");
  }
  out.print("}}  // namespace clvet::device::impl\n");
}

// A test case per handle parameter of every dispatch slot: the call made straight through
// the device's dispatch table (no loader in between) with a bad handle in that parameter, a
// good handle of each kind elsewhere, and zero or NULL for everything else.
void write_bad_handle_cases(const char* path) {
  auto out = fmt::output_file(path);
  out.print("// Generated from rules/api/entry_points.cpp by generate_api. Do not edit.\n");
  out.print("#include \"bad_handle_cases.h\"\n\nnamespace clvet::test {{\n\n");
  out.print("const std::vector<BadHandleCase>& bad_handle_cases() {{\n");
  out.print("  static const std::vector<BadHandleCase> cases = {{\n");
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (!generated(entry) || entry.slot < 0) continue;
    for (std::size_t bad = 0; bad < entry.params.size(); ++bad) {
      const Param& target = entry.params[bad];
      if (target.role != Role::HandleIn && target.role != Role::HandleArrayIn) continue;
      std::string arguments;
      for (std::size_t i = 0; i < entry.params.size(); ++i) {
        const Param& p = entry.params[i];
        std::string value = "{}";
        std::string type(p.type);
        if (p.role == Role::Callback) value = "nullptr";
        if (p.role == Role::ErrcodeRet) value = "&err";
        if (p.role == Role::HandleIn)
          value = i == bad ? fmt::format("reinterpret_cast<{}>(bad)", type)
                           : fmt::format("reinterpret_cast<{}>(h.good(ObjectKind::{}))", type,
                                         kind_enumerator(p.kind));
        if (p.role == Role::HandleArrayIn)
          value = i == bad ? fmt::format("reinterpret_cast<{}>(&bad)", type) : "nullptr";
        if (p.role == Role::Count && target.role == Role::HandleArrayIn && target.peer == p.name)
          value = "1";
        if (!arguments.empty()) arguments += ", ";
        arguments += value;
      }
      const char* check = entry.returns == Returns::ErrorCode ? "code" : "none";
      if (entry.returns == Returns::ObjectWithErrcode || entry.returns == Returns::PointerWithErrcode)
        check = "null_with_errcode";
      if (entry.returns == Returns::Pointer || entry.returns == Returns::FunctionAddress)
        check = "null";
      out.print("      {{\"{}\", \"{}\", ObjectKind::{}, [](const cl_icd_dispatch* d, [[maybe_unused]] const GoodHandles& h, void* bad) {{\n",
                entry.name, target.name, kind_enumerator(target.kind));
      out.print("         cl_int err = CL_SUCCESS;\n");
      if (entry.returns == Returns::ErrorCode)
        out.print("         return Outcome::{}(d->{}({}), err);\n      }}}},\n", check, entry.name, arguments);
      else if (entry.returns == Returns::Void)
        out.print("         d->{}({});\n         return Outcome::none(err);\n      }}}},\n", entry.name, arguments);
      else  // the call must be sequenced before `err` is read
        out.print("         const bool null = d->{}({}) == nullptr;\n         return Outcome::{}(null, err);\n      }}}},\n",
                  entry.name, arguments, check);
    }
  }
  out.print("  }};\n  return cases;\n}}\n\n}}  // namespace clvet::test\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7) {
    std::fprintf(stderr,
                 "usage: generate_api ARGS_H DEVICE_IMPL_H DEVICE_DISPATCH_CPP FALLBACK_CPP "
                 "BAD_HANDLE_CASES_CPP STAMP\n");
    return 2;
  }
  write_args(argv[1]);
  write_device_impl_header(argv[2]);
  write_device_dispatch(argv[3]);
  write_device_fallback(argv[4]);
  write_bad_handle_cases(argv[5]);
  fmt::output_file(argv[6]).print("ok\n");
  return 0;
}
