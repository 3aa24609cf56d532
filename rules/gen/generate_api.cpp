// Writes the C++ that the API table drives: the argument structs every rule checks, the
// reference device's ICD entry points and dispatch table, and the layer's wrappers.
#include <fmt/format.h>
#include <fmt/os.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "clvet/rules/api.h"

namespace {

using clvet::api::Effect;
using clvet::api::EntryPoint;
using clvet::api::ObjectKind;
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

std::string_view effect_enumerator(Effect effect) {
  switch (effect) {
    case Effect::None: return "None";
    case Effect::Map: return "Map";
    case Effect::Unmap: return "Unmap";
    case Effect::FreeSvm: return "FreeSvm";
    case Effect::Launch: return "Launch";
    case Effect::Finish: return "Finish";
    case Effect::WaitForEvents: return "WaitForEvents";
    case Effect::Build: return "Build";
  }
  return "None";
}

// The first parameter of `role` naming objects of `kind`, or nullptr.
const Param* find_handle(const EntryPoint& entry, Role role, clvet::api::ObjectKind kind) {
  for (const Param& param : entry.params)
    if (param.role == role && param.kind == kind) return &param;
  return nullptr;
}

// The parameters that recurring clauses of the spec talk about, found by their roles, so that
// one check (rules/catalogue/recurring.h) serves every entry point that has them.
void write_role_accessors(fmt::ostream& out, const EntryPoint& entry) {
  using clvet::api::ObjectKind;
  if (const Param* q = find_handle(entry, Role::HandleIn, ObjectKind::CommandQueue))
    out.print("  cl_command_queue role_command_queue() const {{ return {}; }}\n", q->name);
  if (const Param* c = find_handle(entry, Role::HandleIn, ObjectKind::Context))
    out.print("  cl_context role_context() const {{ return {}; }}\n", c->name);
  if (const Param* w = find_handle(entry, Role::HandleArrayIn, ObjectKind::Event))
    out.print("  EventWaitList role_event_wait_list() const {{ return {{{}, {}}}; }}\n", w->peer,
              w->name);
}

void write_args(const char* path) {
  auto out = fmt::output_file(path);
  out.print("// Generated from rules/api/entry_points.cpp by generate_api. Do not edit.\n");
  out.print("#pragma once\n\n#include <string_view>\n\n#include \"clvet/rules/opencl.h\"\n\n");
  out.print("namespace clvet::args {{\n\n");
  out.print("// The events a call waits for, as it passed them.\n");
  out.print("struct EventWaitList {{\n  cl_uint count;\n  const cl_event* events;\n}};\n\n");
  int index = 0;
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (generated(entry)) {
      out.print("// The arguments of one {} call.\nstruct {} {{\n", entry.name, short_name(entry.name));
      out.print("  static constexpr std::string_view kName = \"{}\";\n", entry.name);
      out.print("  static constexpr int kEntryIndex = {};\n", index);
      for (const Param& param : entry.params) out.print("  {};\n", declare(param));
      write_role_accessors(out, entry);
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

// --- The layer's wrappers (layer/intercept) ------------------------------------------------------

// The object kind an object-returning entry point's return type names.
std::string_view returned_kind(std::string_view type) {
  if (type == "cl_context") return "Context";
  if (type == "cl_command_queue") return "CommandQueue";
  if (type == "cl_mem") return "Mem";
  if (type == "cl_sampler") return "Sampler";
  if (type == "cl_program") return "Program";
  if (type == "cl_kernel") return "Kernel";
  if (type == "cl_event") return "Event";
  return "None";
}

const Param* find_role(const EntryPoint& entry, Role role) {
  for (const Param& param : entry.params)
    if (param.role == role) return &param;
  return nullptr;
}

// clRetain* / clRelease*: one handle, whose application-visible count they change.
bool is_refcount_entry(const EntryPoint& entry, std::string_view prefix) {
  return entry.name.starts_with(prefix) && entry.params.size() == 1 &&
         entry.params[0].role == Role::HandleIn;
}

// The parameters a wrapper treats apart, found by their roles.
struct WrapperRoles {
  const Param* platform = nullptr;       // the first platform handle: the rules see the one it calls
  const Param* errcode = nullptr;        // errcode_ret
  const Param* info_value = nullptr;     // param_value of an info query
  const Param* size_ret = nullptr;       // param_value_size_ret of an info query
  const Param* command_event = nullptr;  // the event an enqueue returns
  const Param* array_out = nullptr;      // handles a call writes (clGetPlatformIDs, ...)
  const Param* count_out = nullptr;      // how many it has
};

WrapperRoles roles_of(const EntryPoint& entry) {
  WrapperRoles r;
  for (const Param& p : entry.params)
    if (p.role == Role::HandleIn && p.kind == clvet::api::ObjectKind::Platform && !r.platform)
      r.platform = &p;
  r.errcode = find_role(entry, Role::ErrcodeRet);
  r.info_value = find_role(entry, Role::InfoValueOut);
  r.size_ret = find_role(entry, Role::InfoSizeRet);
  if (!r.info_value || !r.size_ret) r.info_value = r.size_ret = nullptr;
  // A command's event: the layer asks for one where the application passes NULL and the
  // trace wants the command's device times (the layer releases it after reading them).
  if (entry.name.starts_with("clEnqueue") && !entry.params.empty() &&
      entry.params[0].role == Role::HandleIn &&
      entry.params[0].kind == clvet::api::ObjectKind::CommandQueue)
    for (const Param& p : entry.params)
      if (p.role == Role::HandleOut && p.kind == clvet::api::ObjectKind::Event) r.command_event = &p;
  r.array_out = find_role(entry, Role::HandleArrayOut);
  r.count_out = find_role(entry, Role::CountOut);
  if (!r.array_out || !r.count_out) r.array_out = r.count_out = nullptr;
  return r;
}

// Packs the arguments and judges the handles, so that the Call can check the rules. A
// dispatch slot's wrapper first asks whether the same call passed before (Call::passed_before:
// a kernel loop's calls), and judges nothing then; `indent` is that block's.
void write_judging(fmt::ostream& out, const EntryPoint& entry, const WrapperRoles& r,
                   std::string_view indent) {
  const std::string name = short_name(entry.name);
  for (const Param& p : entry.params) {
    const char* nullable = p.nullable ? "true" : "false";
    if (p.role == Role::HandleIn)
      out.print("{}call.handle(a.{}, ObjectKind::{}, {}, \"{}\");\n", indent, p.name,
                kind_enumerator(p.kind), nullable, p.name);
    if (p.role == Role::HandleArrayIn)
      out.print("{}call.handles(a.{}, a.{}, ObjectKind::{}, {}, \"{}\");\n", indent, p.name, p.peer,
                kind_enumerator(p.kind), nullable, p.name);
    if (p.role == Role::Properties && p.family == "cl_context_properties")
      out.print("{}call.context_properties(a.{});\n", indent, p.name);
  }
  if (r.platform) {
    // Read by admit() alone, within this block.
    out.print("{}args::{} checked = a;\n", indent, name);
    out.print("{0}checked.{1} = call.platform_for_rules(a.{1});\n", indent, r.platform->name);
    out.print("{}call.check_args(&checked);\n", indent);
  }
}

// Where the call goes, and what a refused call returns: the code the rule (or the layer)
// decided, the way the entry point reports it.
void write_refusal(fmt::ostream& out, const EntryPoint& entry, std::string_view indent) {
  out.print("{}if (!call.admit(forward != nullptr)) {{\n", indent);
  switch (entry.returns) {
    case Returns::ErrorCode: out.print("{}  return call.refuse();\n", indent); break;
    case Returns::ObjectWithErrcode:
    case Returns::PointerWithErrcode:
      // The error is written before refuse() ends the call, which records errcode_ret's value
      // as the call's output: the trace shows what the application received.
      out.print("{}  if (a.errcode_ret != nullptr) *a.errcode_ret = call.refusal_code();\n", indent);
      out.print("{0}  call.refuse();\n{0}  return nullptr;\n", indent);
      break;
    case Returns::Pointer:
    case Returns::FunctionAddress: out.print("{0}  call.refuse();\n{0}  return nullptr;\n", indent); break;
    case Returns::Void: out.print("{0}  call.refuse();\n{0}  return;\n", indent); break;
    case Returns::Unavailable: break;
  }
  out.print("{}}}\n", indent);
}

// The entry points whose calls the layer keeps verdicts of (layer/intercept/kept_verdicts.h)
// with a key written by hand (kept_keys.h): their rules read through pointers.
bool kept_by_hand(const EntryPoint& entry) {
  return entry.name == "clSetKernelArg" || entry.name == "clEnqueueNDRangeKernel" ||
         entry.name == "clEnqueueWriteBuffer" || entry.name == "clEnqueueReadBuffer";
}

// Those whose every argument is a value the rules read as it is (a handle, an enumerant, a
// size, flags, or an output pointer they do not read through), returning an error code: the
// key of a call is its arguments' values (info queries, retains and releases, clFinish).
bool kept_by_values(const EntryPoint& entry) {
  if (entry.slot < 0 || entry.returns != Returns::ErrorCode || entry.params.empty()) return false;
  for (const Param& p : entry.params)
    switch (p.role) {
      case Role::Value:
      case Role::Enum:
      case Role::Bitfield:
      case Role::HandleIn:
      case Role::InfoValueOut:
      case Role::InfoSizeRet:
        break;
      default:
        return false;
    }
  return true;
}

bool kept(const EntryPoint& entry) {
  return entry.slot >= 0 && (kept_by_hand(entry) || kept_by_values(entry));
}

// The key of a call of an entry point kept by its values: each argument's, in order.
void write_kept_key(fmt::ostream& out, const EntryPoint& entry) {
  out.print("template <class Key>\n[[gnu::always_inline]] inline bool kept_key(const args::{}& a, Key& key) {{\n",
            short_name(entry.name));
  for (const Param& p : entry.params) out.print("  key.add(a.{});\n", p.name);
  out.print("  return key.fits();\n}}\n\n");
}

// The arguments packed, the Call begun, the handles judged and the call admitted or refused.
void write_admission(fmt::ostream& out, const EntryPoint& entry, const WrapperRoles& r) {
  const std::string name = short_name(entry.name);
  out.print("{} CL_API_CALL {}_layer({}) {{\n", entry.return_type, name, parameter_list(entry));
  out.print("  const args::{} a{{{}}};\n", name, argument_names(entry));
  // A kept entry point's Call leaves what only judging reads to passed_before().
  out.print("  Call call(args::{}::kEntryIndex, &a{});\n", name,
            kept(entry) ? ", Call::kKeptWrapper" : "");
  if (is_refcount_entry(entry, "clRelease"))
    out.print("  call.releases(a.{});\n", entry.params[0].name);
  if (kept(entry)) {
    out.print("  auto* const forward = next().{};\n", entry.name);
    out.print("  if (!call.passed_before(forward != nullptr, a)) {{\n");
    write_judging(out, entry, r, "    ");
    write_refusal(out, entry, "    ");
    out.print("  }}\n");
    return;
  }
  if (entry.slot >= 0) {
    out.print("  auto* const forward = next().{};\n", entry.name);
    write_judging(out, entry, r, "  ");
    write_refusal(out, entry, "  ");
    return;
  }
  // An extension entry point's target is found through the call's platform: after its handles.
  write_judging(out, entry, r, "  ");
  out.print("  auto* const forward = reinterpret_cast<decltype(&{}_layer)>(\n"
            "      extensions::target(\"{}\", call.platform()));\n",
            name, entry.name);
  write_refusal(out, entry, "  ");
}

// The arguments forwarded: callbacks bound, and output pointers the application left NULL
// given a local so that the answer can be checked.
std::string write_forwarded_arguments(fmt::ostream& out, const EntryPoint& entry,
                                      const WrapperRoles& r) {
  std::vector<std::pair<std::string, std::string>> replaced;  // parameter -> expression
  for (const Param& p : entry.params) {
    if (p.role == Role::Callback && !p.peer.empty()) {
      out.print("  const auto {0}_bound = callbacks::bind(a.{0}, a.{1}, call);\n", p.name, p.peer);
      replaced.emplace_back(std::string(p.name), fmt::format("{}_bound.function", p.name));
      replaced.emplace_back(std::string(p.peer), fmt::format("{}_bound.user_data", p.name));
    }
  }
  // Builds ask the driver to keep what each kernel argument is declared as, so that the layer
  // can judge the handles inside kernel argument values (PoCL answers clGetKernelArgInfo only
  // with -cl-kernel-arg-info).
  if (entry.name == "clBuildProgram" || entry.name == "clCompileProgram")
    replaced.emplace_back("options", "call.build_options(a.options)");
  if (r.errcode) {
    out.print("  cl_int errcode_local = CL_SUCCESS;\n");
    out.print("  cl_int* const errcode = a.{0} != nullptr ? a.{0} : &errcode_local;\n", r.errcode->name);
    replaced.emplace_back(std::string(r.errcode->name), "errcode");
  }
  if (r.info_value) {
    out.print("  size_t size_ret_local = 0;\n");
    out.print("  size_t* const size_ret = a.{0} != nullptr ? a.{0} : &size_ret_local;\n", r.size_ret->name);
    replaced.emplace_back(std::string(r.size_ret->name), "size_ret");
  }
  if (r.command_event) {
    out.print("  cl_event event_local = nullptr;\n");
    out.print("  cl_event* const event_out = a.{0} != nullptr ? a.{0} : call.wants_event(a.{1}) ? &event_local : nullptr;\n",
              r.command_event->name, entry.params[0].name);
    replaced.emplace_back(std::string(r.command_event->name), "event_out");
  }
  if (r.array_out) {
    // Given only where the application passes the array: both NULL is its error to make.
    out.print("  cl_uint count_local = 0;\n");
    out.print("  cl_uint* const count_ret = a.{0} != nullptr ? a.{0} : a.{1} != nullptr ? &count_local : nullptr;\n",
              r.count_out->name, r.array_out->name);
    replaced.emplace_back(std::string(r.count_out->name), "count_ret");
  }
  std::string forwarded;
  for (const Param& p : entry.params) {
    if (!forwarded.empty()) forwarded += ", ";
    std::string value = fmt::format("a.{}", p.name);
    for (const auto& [param, expression] : replaced)
      if (param == p.name) value = expression;
    forwarded += value;
  }
  return forwarded;
}

// The call to the driver, and what the layer records when it succeeded: the objects it
// created, the command's event, a retain, an info answer to check.
void write_forward_and_record(fmt::ostream& out, const EntryPoint& entry, const WrapperRoles& r,
                              const std::string& forwarded) {
  switch (entry.returns) {
    case Returns::ErrorCode:
      out.print("  const cl_int result = forward({});\n", forwarded);
      out.print("  if (result == CL_SUCCESS) {{\n");
      break;
    case Returns::ObjectWithErrcode:
    case Returns::PointerWithErrcode:
      out.print("  {} const result = forward({});\n", entry.return_type, forwarded);
      out.print("  call.object_result(result, *errcode);\n");
      // A handle returned with an error code is the platform's fault (reported above), but
      // the application may well release it: it is an object all the same.
      if (entry.returns == Returns::ObjectWithErrcode)
        out.print("  if (result != nullptr) call.created(result, ObjectKind::{});\n",
                  returned_kind(entry.return_type));
      out.print("  if (*errcode == CL_SUCCESS) {{\n");
      break;
    case Returns::Pointer:
    case Returns::FunctionAddress:
      out.print("  void* const result = forward({});\n", forwarded);
      out.print("  if (result != nullptr) {{\n");
      break;
    case Returns::Void:
      out.print("  forward({});\n", forwarded);
      out.print("  {{\n");
      break;
    case Returns::Unavailable: break;
  }
  for (const Param& p : entry.params)
    if (p.role == Role::HandleOut)
      out.print("    if (a.{0} != nullptr) call.created(*a.{0}, ObjectKind::{1});\n", p.name,
                kind_enumerator(p.kind));
  if (r.array_out)
    out.print("    if (count_ret != nullptr) call.created_list(a.{0}, *count_ret < a.{1} ? *count_ret : a.{1}, ObjectKind::{2});\n",
              r.array_out->name, r.array_out->peer, kind_enumerator(r.array_out->kind));
  if (r.command_event)
    out.print("    if (event_out != nullptr) call.command_event(a.{}, *event_out, a.{} == nullptr);\n",
              entry.params[0].name, r.command_event->name);
  if (is_refcount_entry(entry, "clRetain")) out.print("    call.retained(a.{});\n", entry.params[0].name);
  if (r.info_value)
    out.print("    call.info_answered(a.param_name, a.{}, a.{}, *size_ret);\n", r.info_value->peer,
              r.info_value->name);
  out.print("  }}\n");
}

// What the wrapper returns, after the Call has checked the answer.
void write_finish(fmt::ostream& out, const EntryPoint& entry) {
  switch (entry.returns) {
    case Returns::ErrorCode: out.print("  return call.finish(result);\n"); break;
    case Returns::ObjectWithErrcode:
    case Returns::PointerWithErrcode:
      out.print("  call.finish(*errcode, result);\n  return result;\n");
      break;
    case Returns::Pointer:
    case Returns::FunctionAddress: {
      const bool hands_out = entry.name == "clGetExtensionFunctionAddress" ||
                             entry.name == "clGetExtensionFunctionAddressForPlatform";
      if (hands_out) {
        const std::string platform =
            entry.name == "clGetExtensionFunctionAddress" ? "nullptr" : "a.platform";
        out.print("  void* const handed_out = extensions::hand_out(a.func_name, result, {});\n", platform);
      }
      out.print("  call.{}(result);\n", entry.returns == Returns::Pointer ? "finish_pointer" : "finish_unchecked");
      out.print("  return {};\n", hands_out ? "handed_out" : "result");
      break;
    }
    case Returns::Void: out.print("  call.finish_unchecked();\n"); break;
    case Returns::Unavailable: break;
  }
  out.print("}}\n\n");
}

// One wrapper: pack the arguments, judge the handles, let the Call decide whether the
// driver sees the call, forward it, record what it created, check the answer.
void write_layer_wrapper(fmt::ostream& out, const EntryPoint& entry) {
  const WrapperRoles roles = roles_of(entry);
  write_admission(out, entry, roles);
  const std::string forwarded = write_forwarded_arguments(out, entry, roles);
  write_forward_and_record(out, entry, roles, forwarded);
  write_finish(out, entry);
}

void write_layer_wrappers(const char* path) {
  auto out = fmt::output_file(path);
  out.print("// Generated from rules/api/entry_points.cpp by generate_api. Do not edit.\n");
  out.print("// The layer's wrapper of every entry point: what each parameter is, for layer/intercept/call.h.\n");
  out.print("#include <cstddef>\n#include <cstdint>\n#include <string_view>\n\n");
  out.print("#include \"call.h\"\n#include \"callbacks.h\"\n#include \"clvet/rules/args.gen.h\"\n");
  out.print("#include \"kept_keys.h\"\n");
  out.print("#include \"dispatch.h\"\n#include \"extensions.h\"\n\n");
  out.print("namespace clvet::layer {{\n\n");
  out.print("namespace kept_verdicts {{\n\n");
  out.print("// The keys of the calls kept by their arguments' values (kept_keys.h has the others).\n");
  for (const EntryPoint& entry : clvet::api::entry_points())
    if (generated(entry) && kept_by_values(entry) && !kept_by_hand(entry)) write_kept_key(out, entry);
  out.print("bool keeps(std::uint32_t entry) {{\n  switch (entry) {{\n");
  for (const EntryPoint& entry : clvet::api::entry_points())
    if (generated(entry) && kept(entry))
      out.print("    case args::{}::kEntryIndex:\n", short_name(entry.name));
  out.print("      return true;\n    default:\n      return false;\n  }}\n}}\n\n");
  out.print("}}  // namespace kept_verdicts\n\nnamespace {{\n\nusing api::ObjectKind;\n\n");
  for (const EntryPoint& entry : clvet::api::entry_points())
    if (generated(entry)) write_layer_wrapper(out, entry);
  out.print("}}  // namespace\n\n");
  out.print("void fill_layer_dispatch(cl_icd_dispatch& table) {{\n");
  for (const EntryPoint& entry : clvet::api::entry_points())
    if (generated(entry) && entry.slot >= 0)
      out.print("  table.{} = &{}_layer;\n", entry.name, short_name(entry.name));
  out.print("}}\n\n");
  out.print("void* wrapper_address(std::string_view name) {{\n");
  for (const EntryPoint& entry : clvet::api::entry_points())
    if (generated(entry))
      out.print("  if (name == \"{}\") return reinterpret_cast<void*>(&{}_layer);\n", entry.name,
                short_name(entry.name));
  out.print("  return nullptr;\n}}\n\n}}  // namespace clvet::layer\n");
}


// --- The trace encoders (layer/intercept/trace_observer.cpp) -------------------------------------

const Param* find_name(const EntryPoint& entry, std::string_view name);
std::string host_extent(const EntryPoint& entry, const Param& p);

// The size expression of a parameter's `peer` or fixed length, empty when it has neither.
std::string length_of(const Param& p) {
  if (!p.peer.empty()) return fmt::format("a.{}", p.peer);
  if (p.fixed_length != 0) return fmt::format("{}", p.fixed_length);
  return "";
}

// A pointer into an SVM allocation or, elsewhere, host memory of `peer` bytes
// (clEnqueueSVMMemcpy's source and destination, 2.0 §5.6.2).
bool host_side(const Param& p) { return p.role == Role::MappedPtr && !p.peer.empty(); }

// One call's arguments: a value per parameter by its role, then the bytes the call reads.
void write_trace_arguments(fmt::ostream& out, const EntryPoint& entry) {
  const std::string name = short_name(entry.name);
  out.print("template <typename E>\nvoid encode_{0}([[maybe_unused]] BasicTraceEncoding<E>& t, [[maybe_unused]] const args::{0}& a) {{\n", name);
  // The encoder as a local (a RawEncoder's cursor then stays in a register), put back at the end.
  out.print("  [[maybe_unused]] encode::Local<E> e = t.encoder;\n");
  for (const Param& p : entry.params) {
    const std::string kind = std::string(kind_enumerator(p.kind));
    switch (p.role) {
      case Role::Value:
      case Role::Count:
      case Role::Enum:
      case Role::Bitfield: out.print("  encode::scalar(e, a.{});\n", p.name); break;
      case Role::HandleIn: out.print("  encode::handle(e, a.{}, ObjectKind::{});\n", p.name, kind); break;
      case Role::HandleArrayIn:
        out.print("  encode::handles(e, a.{}, a.{}, ObjectKind::{});\n", p.name, p.peer, kind);
        break;
      case Role::ArrayIn:
        if (length_of(p).empty()) out.print("  e.pointer(a.{});\n", p.name);
        else out.print("  encode::elements(e, a.{}, {});\n", p.name, length_of(p));
        break;
      case Role::StringIn: out.print("  encode::string(e, a.{});\n", p.name); break;
      case Role::StringArrayIn:
        out.print("  encode::strings(e, a.{}, a.{}, {}, t.data);\n", p.name, p.peer,
                  p.peer2.empty() ? std::string("nullptr") : fmt::format("a.{}", p.peer2));
        break;
      case Role::BinaryArrayIn:
        out.print("  encode::binaries(e, a.{}, a.{}, a.{}, t.data);\n", p.name, p.peer, p.peer2);
        break;
      case Role::StructIn:
        if (p.family.empty()) out.print("  e.pointer(a.{});\n", p.name);
        else out.print("  encode::structure(e, a.{}, sizeof({}));\n", p.name, p.family);
        break;
      case Role::Properties: out.print("  encode::properties(e, a.{});\n", p.name); break;
      case Role::Callback: out.print("  e.pointer(reinterpret_cast<const void*>(a.{}));\n", p.name); break;
      default: out.print("  e.pointer(a.{});\n", p.name); break;  // outputs, host memory, opaque
    }
  }
  // What the call reads from host memory: big contents only when data is captured.
  bool has_flags = false, has_size = false;
  for (const Param& p : entry.params) {
    has_flags = has_flags || p.name == "flags";
    has_size = has_size || p.name == "size";
  }
  for (std::size_t i = 0; i < entry.params.size(); ++i) {
    const Param& p = entry.params[i];
    if (p.role == Role::HostMemIn && !p.fill_color_of.empty())
      out.print("  encode::input_bytes(e, t.data, {}, a.{}, image_bytes::fill_color_size(a.{}));\n", i,
                p.name, p.fill_color_of);
    else if (p.role == Role::HostMemIn && !length_of(p).empty())
      out.print("  encode::input_bytes(e, t.data, {}, a.{}, {});\n", i, p.name, length_of(p));
    if (p.role == Role::KernelArgValue)
      out.print("  encode::kernel_argument(e, t.data, {}, a.{}, a.{});\n", i, p.name, p.peer);
    if (p.role == Role::HostPtr && has_flags && has_size)
      out.print("  if ((a.flags & (CL_MEM_COPY_HOST_PTR | CL_MEM_USE_HOST_PTR)) != 0 && t.data)"
                " encode::input_bytes(e, t.data, {}, a.{}, a.size);\n", i, p.name);
    // An SVM copy's source in host memory (no SVM allocation holds it): its bytes.
    if (host_side(p) && p.type.starts_with("const "))
      out.print("  if (encode::host_memory(a.{1})) encode::input_bytes(e, t.data, {0}, a.{1}, {2});\n", i, p.name,
                length_of(p));
  }
  out.print("  encode::put_back(t, e);\n}}\n\n");
}

// What the call wrote through its output parameters, read after it returned. Returns whether
// there is any (a retain's, a release's, a clSetKernelArg's encoder does nothing).
// `written`: the parameters whose outputs it encodes (each only when that pointer is not NULL).
bool write_trace_outputs(fmt::ostream& out, const EntryPoint& entry, std::vector<std::string>& written) {
  const std::string name = short_name(entry.name);
  out.print("template <typename E>\nvoid encode_{0}_outputs([[maybe_unused]] BasicTraceEncoding<E>& t, [[maybe_unused]] const args::{0}& a) {{\n", name);
  // The encoder as a local (a RawEncoder's cursor then stays in a register), put back at the end.
  out.print("  [[maybe_unused]] encode::Local<E> e = t.encoder;\n");
  fmt::memory_buffer body;
  const Param* count_out = find_role(entry, Role::CountOut);
  for (std::size_t i = 0; i < entry.params.size(); ++i) {
    const Param& p = entry.params[i];
    const std::string kind = std::string(kind_enumerator(p.kind));
    const std::size_t before = body.size();
    switch (p.role) {
      case Role::ErrcodeRet:
        fmt::format_to(std::back_inserter(body), "  if (a.{0} != nullptr) e.output({1}).sint(*a.{0});\n", p.name, i);
        break;
      case Role::HandleOut:
        fmt::format_to(std::back_inserter(body), "  if (t.success && a.{0} != nullptr) {{ e.output({1}); encode::handle(e, *a.{0}, ObjectKind::{2}); }}\n",
                  p.name, i, kind);
        break;
      case Role::HandleArrayOut: {
        std::string n = fmt::format("a.{}", p.peer);
        if (count_out)
          n = fmt::format("a.{0} != nullptr && *a.{0} < a.{1} ? *a.{0} : a.{1}", count_out->name, p.peer);
        fmt::format_to(std::back_inserter(body), "  if (t.success && a.{0} != nullptr) {{ e.output({1}); encode::handles(e, a.{0}, {2}, ObjectKind::{3}); }}\n",
                  p.name, i, n, kind);
        break;
      }
      case Role::CountOut:
      case Role::ValueOut:
      case Role::InfoSizeRet:
        fmt::format_to(std::back_inserter(body), "  if (t.success && a.{0} != nullptr) {{ e.output({1}); encode::scalar(e, *a.{0}); }}\n", p.name, i);
        break;
      case Role::ArrayOut:
        if (!length_of(p).empty())
          fmt::format_to(std::back_inserter(body), "  if (t.success && a.{0} != nullptr) {{ e.output({1}); encode::elements(e, a.{0}, {2}); }}\n",
                    p.name, i, length_of(p));
        break;
      case Role::InfoValueOut:
        fmt::format_to(std::back_inserter(body), "  if (t.success && a.{0} != nullptr) {{ e.output({1}); e.data(a.{0}, encode::answered(a.{2}, a.{3})); }}\n",
                  p.name, i, p.peer, p.peer2);
        break;
      case Role::MappedPtr:
        // An SVM copy into host memory, blocking: what the application read, as a read's.
        if (const Param* blocking = entry.blocking_param(); blocking && host_side(p) && !p.type.starts_with("const "))
          fmt::format_to(std::back_inserter(body), "  if (t.success && t.data && a.{0} && encode::host_memory(a.{1})) {{ e.output({2}); e.data(a.{1}, {3}); }}\n",
                    blocking->name, p.name, i, length_of(p));
        break;
      case Role::HostMemOut: {
        // What a blocking read gave the application, with data: what a replay compares.
        // Image reads are left out: their extent needs the image's element size.
        const Param* blocking = entry.blocking_param();
        const std::string extent = host_extent(entry, p);
        if (blocking && !extent.starts_with("host_span::image"))
          fmt::format_to(std::back_inserter(body), "  if (t.success && t.data && a.{0} && a.{1} != nullptr) {{ e.output({2}); e.data(a.{1}, {3}); }}\n",
                    blocking->name, p.name, i, extent);
        break;
      }
      default: break;
    }
    if (body.size() != before) written.emplace_back(p.name);
  }
  out.print("{}", std::string_view(body.data(), body.size()));
  out.print("  encode::put_back(t, e);\n}}\n\n");
  return body.size() != 0;
}

// The table's facts about one call that the recorder acts on besides encoding it (CallFacts
// in layer/intercept/trace_encode.h): whether it blocks, the buffer bytes it reads for the
// host, the region it maps or unmaps, the kernel argument it sets. Only for entry points
// that have one of them.
bool has_facts(const EntryPoint& entry) {
  return entry.blocking_param() != nullptr || entry.effect == Effect::Map || entry.effect == Effect::Unmap ||
         find_role(entry, Role::KernelArgValue) != nullptr;
}

void write_call_facts(fmt::ostream& out, const EntryPoint& entry) {
  const std::string name = short_name(entry.name);
  out.print("CallFacts facts_{0}([[maybe_unused]] const args::{0}& a) {{\n  CallFacts f;\n", name);
  out.print("  f.effect = api::Effect::{};\n", effect_enumerator(entry.effect));
  const Param* blocking = entry.blocking_param();
  if (blocking) out.print("  f.blocking = a.{} != CL_FALSE;\n", blocking->name);
  for (std::size_t i = 0; i < entry.params.size(); ++i) {
    const Param& p = entry.params[i];
    if (p.role == Role::HostMemOut && blocking) {
      // An image read's extent needs the image's element size: left to the image helpers.
      const std::string extent = host_extent(entry, p);
      if (!extent.starts_with("host_span::image"))
        out.print("  f.read_param = {};\n  f.read_ptr = a.{};\n  f.read_size = {};\n", i, p.name, extent);
    }
    if (p.role == Role::MappedPtr && entry.effect == Effect::Unmap)
      out.print("  f.unmapped = a.{};\n  f.unmapped_param = {};\n", p.name, i);
    // An SVM map names its region by the pointer it is given (the call returns none).
    if (p.role == Role::MappedPtr && entry.effect == Effect::Map) out.print("  f.map_ptr = a.{};\n", p.name);
    // An SVM copy into host memory: a read, for the trace like a buffer read.
    if (host_side(p) && !p.type.starts_with("const ") && blocking)
      out.print("  if (encode::host_memory(a.{1})) {{\n    f.read_param = {0};\n    f.read_ptr = a.{1};\n"
                "    f.read_size = {2};\n  }}\n", i, p.name, length_of(p));
    if (p.role == Role::KernelArgValue) {
      const Param* kernel = find_handle(entry, Role::HandleIn, ObjectKind::Kernel);
      const Param* index = find_name(entry, "arg_index");
      if (kernel && index)
        out.print("  f.sets_kernel_argument = true;\n  f.kernel = a.{};\n  f.arg_index = a.{};\n"
                  "  f.arg_value = a.{};\n  f.arg_size = a.{};\n",
                  kernel->name, index->name, p.name, p.peer);
    }
  }
  if (entry.effect == Effect::Map) {
    out.print("  f.map_flags = a.{};\n", find_name(entry, "map_flags") ? "map_flags" : "flags");
    // A buffer map's extent is its size; an image map's is a region of pixels.
    if (find_name(entry, "size")) out.print("  f.map_size = a.size;\n");
    else out.print("  f.map_image = true;\n");
  }
  out.print("  return f;\n}}\n\n");
}

// Whether a call's parameters and inputs are a function of its arguments' values and of the
// few bytes its encoder reads through them (a wait list, a work size, a kernel argument's value,
// a small input), which repeat_inputs() copies: a call whose arguments and those bytes are the
// same as an earlier call's, the objects unchanged, has the same parameters and inputs (a Repeat
// item, FORMAT.md 5.0). Strings, binaries, structs, property lists, the host memory of a new
// buffer or of an SVM copy, and an image fill's colour (its size depends on the image) are not
// gathered: calls of such entry points are always encoded.
bool parameters_repeatable(const EntryPoint& entry) {
  if (entry.params.empty()) return false;
  bool has_flags = false, has_size = false;
  for (const Param& p : entry.params) {
    has_flags = has_flags || p.name == "flags";
    has_size = has_size || p.name == "size";
  }
  for (const Param& p : entry.params)
    switch (p.role) {
      case Role::Value:
      case Role::Count:
      case Role::Enum:
      case Role::Bitfield:
      case Role::HandleIn:
      case Role::HandleOut:
      case Role::HandleArrayIn:
      case Role::HandleArrayOut:
      case Role::CountOut:
      case Role::ArrayIn:
      case Role::ArrayOut:
      case Role::HostMemOut:
      case Role::InfoValueOut:
      case Role::InfoSizeRet:
      case Role::ValueOut:
      case Role::Callback:
      case Role::UserData:
      case Role::ErrcodeRet:
      case Role::Opaque:
      case Role::KernelArgValue:
        break;
      case Role::StructIn:
        if (!p.family.empty()) return false;  // its bytes (encode::structure)
        break;
      case Role::HostMemIn:
        if (!p.fill_color_of.empty()) return false;
        break;
      case Role::HostPtr:
        if (has_flags && has_size) return false;  // a new buffer's contents
        break;
      case Role::MappedPtr:
        if (host_side(p)) return false;  // an SVM copy's host bytes, by the SVM table
        break;
      default:
        return false;
    }
  return true;
}

// Whether write_repeat_inputs() gathers anything for the entry point (its encoder reads through
// a pointer).
bool reads_through_pointers(const EntryPoint& entry) {
  for (const Param& p : entry.params)
    if (p.role == Role::HandleArrayIn || p.role == Role::KernelArgValue ||
        ((p.role == Role::ArrayIn || p.role == Role::HostMemIn) && !length_of(p).empty()))
      return true;
  return false;
}

// The bytes write_trace_arguments' encoder reads through the pointers of a repeatable call, in
// parameter order (their sizes follow from the arguments, compared beside them): gathered
// (encode::Gathered) or compared with those gathered from an earlier call (encode::Compared).
void write_repeat_inputs(fmt::ostream& out, const EntryPoint& entry) {
  const std::string name = short_name(entry.name);
  out.print("template <typename G>\nbool repeat_inputs_{0}([[maybe_unused]] G& g, [[maybe_unused]] bool data, "
            "[[maybe_unused]] const args::{0}& a) {{\n", name);
  for (const Param& p : entry.params) {
    switch (p.role) {
      case Role::HandleArrayIn: out.print("  g.elements(a.{}, a.{});\n", p.name, p.peer); break;
      case Role::ArrayIn:
        if (!length_of(p).empty()) out.print("  g.elements(a.{}, {});\n", p.name, length_of(p));
        break;
      case Role::HostMemIn:
        if (!length_of(p).empty()) out.print("  g.input_bytes(data, a.{}, {});\n", p.name, length_of(p));
        break;
      case Role::KernelArgValue: out.print("  g.kernel_argument(data, a.{}, a.{});\n", p.name, p.peer); break;
      default: break;
    }
  }
  out.print("  return g.ok;\n}}\n\n");
  // Out of line: its Compared would otherwise enlarge same_call()'s frame for every entry point.
  if (reads_through_pointers(entry))
    out.print("[[gnu::noinline]] bool same_inputs_{0}(const encode::Gathered& earlier, bool data, const args::{0}& a) {{\n"
              "  encode::Compared c(earlier);\n  return repeat_inputs_{0}(c, data, a) && c.all();\n}}\n\n",
              name);
}

void write_trace_encoders(const char* path) {
  auto out = fmt::output_file(path);
  out.print("// Generated from rules/api/entry_points.cpp by generate_api. Do not edit.\n");
  out.print("// How the trace records each entry point's arguments and outputs, by parameter role.\n");
  out.print("#include <cstddef>\n\n#include \"clvet/rules/args.gen.h\"\n#include \"clvet/rules/host_span.h\"\n#include \"image_bytes.h\"\n#include \"trace_encode.h\"\n\n");
  out.print("namespace clvet::layer {{\nnamespace {{\n\nusing api::ObjectKind;\n\n");
  std::vector<int> with_outputs;  // the entry points whose outputs encoder writes something
  // Those whose outputs are encoded through one pointer parameter: its offset in the arguments.
  std::vector<std::pair<int, std::string>> sole_output;
  int number = 0;
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    const int index = number++;
    if (!generated(entry)) continue;
    write_trace_arguments(out, entry);
    std::vector<std::string> written;
    if (write_trace_outputs(out, entry, written)) with_outputs.push_back(index);
    if (written.size() == 1)
      sole_output.emplace_back(index, fmt::format("offsetof(args::{}, {})", short_name(entry.name), written[0]));
    if (parameters_repeatable(entry)) write_repeat_inputs(out, entry);
    if (has_facts(entry)) write_call_facts(out, entry);
  }
  out.print("}}  // namespace\n\n");
  // Each for both encoders: a buffer's (CallEncoder) and the hot path's (RawEncoder).
  for (const char* which : {"arguments", "outputs"})
  for (const char* encoding : {"TraceEncoding", "RawTraceEncoding"}) {
    const bool outputs = std::string_view(which) == "outputs";
    out.print("void encode_{}({}& t, std::uint32_t entry, const void* args) {{\n", which, encoding);
    out.print("  switch (entry) {{\n");
    int index = 0;
    for (const EntryPoint& entry : clvet::api::entry_points()) {
      if (generated(entry))
        out.print("    case {}: encode_{}{}(t, *static_cast<const args::{}*>(args)); break;\n", index,
                  short_name(entry.name), outputs ? "_outputs" : "", short_name(entry.name));
      ++index;
    }
    out.print("    default: break;\n  }}\n}}\n\n");
  }
  out.print("bool encodes_outputs(std::uint32_t entry) {{\n  switch (entry) {{\n");
  for (const int index : with_outputs) out.print("    case {}: return true;\n", index);
  out.print("    default: return false;\n  }}\n}}\n\n");
  out.print("int sole_output_pointer(std::uint32_t entry) {{\n  switch (entry) {{\n");
  for (const auto& [index, offset] : sole_output)
    out.print("    case {}: return static_cast<int>({});\n", index, offset);
  out.print("    default: return -1;\n  }}\n}}\n\n");
  out.print("std::size_t repeatable_arguments(std::uint32_t entry) {{\n  switch (entry) {{\n");
  {
    int index = 0;
    for (const EntryPoint& entry : clvet::api::entry_points()) {
      if (generated(entry) && parameters_repeatable(entry))
        out.print("    case {}: return sizeof(args::{});\n", index, short_name(entry.name));
      ++index;
    }
  }
  out.print("    default: return 0;\n  }}\n}}\n\n");
  // Member by member, each as its bytes (padding between members is whatever the stack held),
  // then the bytes behind them against those gathered from the earlier call.
  out.print("bool same_call(std::uint32_t entry, const void* earlier, const encode::Gathered& earlier_inputs,\n"
            "               const void* args, bool data) {{\n"
            "  const auto same = [](const auto& x, const auto& y) {{ return std::memcmp(&x, &y, sizeof x) == 0; }};\n"
            "  switch (entry) {{\n");
  {
    int index = 0;
    for (const EntryPoint& entry : clvet::api::entry_points()) {
      if (generated(entry) && parameters_repeatable(entry)) {
        const std::string name = short_name(entry.name);
        out.print("    case {}: {{\n      const auto& x = *static_cast<const args::{}*>(earlier);\n"
                  "      const auto& y = *static_cast<const args::{}*>(args);\n      if (!(",
                  index, name, name);
        for (std::size_t i = 0; i < entry.params.size(); ++i)
          out.print("{}same(x.{}, y.{})", i == 0 ? "" : " && ", entry.params[i].name,
                    entry.params[i].name);
        out.print(")) return false;\n");
        if (reads_through_pointers(entry))
          out.print("      return same_inputs_{}(earlier_inputs, data, y);\n", name);
        else
          out.print("      (void)earlier_inputs;\n      (void)data;\n      return true;\n");
        out.print("    }}\n");
      }
      ++index;
    }
  }
  out.print("    default: return false;\n  }}\n}}\n\n");
  out.print("bool repeat_reads_memory(std::uint32_t entry) {{\n  switch (entry) {{\n");
  {
    int index = 0;
    for (const EntryPoint& entry : clvet::api::entry_points()) {
      if (generated(entry) && parameters_repeatable(entry) && reads_through_pointers(entry))
        out.print("    case {}: return true;\n", index);
      ++index;
    }
  }
  out.print("    default: return false;\n  }}\n}}\n\n");
  out.print("bool repeat_inputs(std::uint32_t entry, const void* args, bool data, encode::Gathered& g) {{\n"
            "  switch (entry) {{\n");
  {
    int index = 0;
    for (const EntryPoint& entry : clvet::api::entry_points()) {
      if (generated(entry) && parameters_repeatable(entry))
        out.print("    case {}: return repeat_inputs_{}(g, data, *static_cast<const args::{}*>(args));\n",
                  index, short_name(entry.name), short_name(entry.name));
      ++index;
    }
  }
  out.print("    default: return false;\n  }}\n}}\n\n");
  out.print("CallFacts call_facts(std::uint32_t entry, [[maybe_unused]] const void* args) {{\n  switch (entry) {{\n");
  int index = 0;
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (generated(entry) && has_facts(entry))
      out.print("    case {}: return facts_{}(*static_cast<const args::{}*>(args));\n", index,
                short_name(entry.name), short_name(entry.name));
    ++index;
  }
  out.print("    default: {{\n      CallFacts f;\n      f.effect = entry < api::entry_points().size() ? "
            "api::entry_points()[entry].effect : api::Effect::None;\n      return f;\n    }}\n  }}\n}}\n\n");
  out.print("}}  // namespace clvet::layer\n");
}

// --- The replayer's re-issuers (layer/replay) ------------------------------------------------

const Param* find_name(const EntryPoint& entry, std::string_view name) {
  for (const Param& param : entry.params)
    if (param.name == name) return &param;
  return nullptr;
}


// The host bytes a read or write touches when no parameter gives their number: a rectangle
// of a buffer read through the host's pitches (1.2 §5.2.3), or an image region (§5.3.3).
std::string host_extent(const EntryPoint& entry, const Param& p) {
  if (!length_of(p).empty()) return length_of(p);
  if (find_name(entry, "host_origin"))
    return "host_span::rectangle(a.host_origin, a.region, a.host_row_pitch, a.host_slice_pitch)";
  const Param* row = nullptr;
  const Param* slice = nullptr;
  for (const Param& q : entry.params) {
    if (q.name.ends_with("row_pitch") && !q.name.starts_with("buffer_")) row = &q;
    if (q.name.ends_with("slice_pitch") && !q.name.starts_with("buffer_")) slice = &q;
  }
  if (find_name(entry, "region") && row && slice)
    return fmt::format("host_span::image(a.region, a.{}, a.{})", row->name, slice->name);
  return "0";
}

// The handle parameter a read names (the buffer or image it reads), and its index.
std::pair<std::string, std::size_t> read_object(const EntryPoint& entry) {
  for (std::size_t i = 0; i < entry.params.size(); ++i)
    if (entry.params[i].role == Role::HandleIn && entry.params[i].kind == clvet::api::ObjectKind::Mem)
      return {fmt::format("a.{}", entry.params[i].name), i};
  return {"nullptr", 0};
}

// A recorded call re-issued on the target: each argument rebuilt by its role, the call
// made through the target's entry point, its effects bound (objects created, regions mapped)
// and what the application read compared.
void write_reissuer(fmt::ostream& out, const EntryPoint& entry, std::size_t index) {
  const std::string name = short_name(entry.name);
  out.print("void reissue_{0}([[maybe_unused]] Reissue& r) {{\n", name);
  if (entry.returns == Returns::FunctionAddress || entry.name == "clGetExtensionFunctionAddressForPlatform") {
    out.print("  // An address of the recording process: nothing to re-issue.\n}}\n\n");
    return;
  }
  out.print("  [[maybe_unused]] args::{} a{{}};\n", name);
  std::vector<std::string> unused_lengths;
  for (std::size_t i = 0; i < entry.params.size(); ++i) {
    const Param& p = entry.params[i];
    const std::string kind = std::string(kind_enumerator(p.kind));
    switch (p.role) {
      case Role::Value:
      case Role::Count:
      case Role::Enum:
      case Role::Bitfield:
      case Role::Opaque:
        out.print("  r.scalar(a.{}, {});\n", p.name, i);
        if (p.blocking) out.print("  r.blocking(a.{});\n", p.name);
        break;
      case Role::HandleIn:
        out.print("  r.handle(a.{}, {}, ObjectKind::{});\n", p.name, i, kind);
        if (i == 0 && p.kind == clvet::api::ObjectKind::CommandQueue) out.print("  r.queue(a.{});\n", p.name);
        break;
      case Role::HandleArrayIn:
        out.print("  r.handles(a.{}, {}, ObjectKind::{});\n", p.name, i, kind);
        // Recorded devices that share one device of the target: named once. Not where a
        // binary goes with each device.
        if (p.kind == ObjectKind::Device && !p.peer.empty() && find_role(entry, Role::BinaryArrayIn) == nullptr)
          out.print("  a.{0} = r.distinct(a.{1}, a.{0});\n", p.peer, p.name);
        break;
      case Role::HandleOut:
      case Role::CountOut:
      case Role::ValueOut:
      case Role::InfoSizeRet: out.print("  r.output(a.{}, {});\n", p.name, i); break;
      case Role::HandleArrayOut:
      case Role::ArrayOut:
        out.print("  r.output(a.{}, {}, {});\n", p.name, i, length_of(p).empty() ? "1" : length_of(p));
        break;
      case Role::InfoValueOut: out.print("  r.info_output(a.{}, {}, a.{});\n", p.name, i, p.peer); break;
      case Role::ArrayIn: out.print("  r.elements(a.{}, {});\n", p.name, i); break;
      case Role::StringIn: out.print("  r.string(a.{}, {});\n", p.name, i); break;
      case Role::StringArrayIn:
      case Role::BinaryArrayIn: {
        std::string lengths = p.peer2.empty() ? fmt::format("{}_lengths", p.name) : fmt::format("a.{}", p.peer2);
        if (p.peer2.empty()) out.print("  const size_t* {}_lengths = nullptr;\n", p.name);
        out.print("  r.{}(a.{}, {}, {});\n", p.role == Role::StringArrayIn ? "strings" : "binaries", p.name, i, lengths);
        break;
      }
      case Role::StructIn:
        if (p.family.empty()) out.print("  r.unknown(a.{}, {});\n", p.name, i);
        else out.print("  r.structure<{}>(a.{}, {});\n", p.family, p.name, i);
        break;
      case Role::Properties: out.print("  r.properties(a.{}, {});\n", p.name, i); break;
      case Role::Callback: out.print("  r.callback(a.{}, {});\n", p.name, i); break;
      case Role::UserData: out.print("  r.user_data(a.{});\n", p.name); break;
      case Role::ErrcodeRet: out.print("  r.errcode(a.{});\n", p.name); break;
      default: break;  // host memory: below, once the blocking flag and the queue are known
    }
  }
  for (std::size_t i = 0; i < entry.params.size(); ++i) {
    const Param& p = entry.params[i];
    switch (p.role) {
      case Role::HostMemIn: out.print("  r.host_in(a.{}, {}, {});\n", p.name, i, host_extent(entry, p)); break;
      case Role::KernelArgValue: out.print("  r.kernel_argument(a.{}, {}, a.{});\n", p.name, i, p.peer); break;
      case Role::HostMemOut: out.print("  r.host_out(a.{}, {}, {});\n", p.name, i, host_extent(entry, p)); break;
      case Role::HostPtr:
        out.print("  r.host_ptr(a.{}, {}, a.flags, {});\n", p.name, i, find_name(entry, "size") ? "a.size" : "0");
        break;
      case Role::MappedPtr:
        if (host_side(p))
          out.print("  r.mapped_or_host(a.{}, {}, {}, {});\n", p.name, i, length_of(p),
                    p.type.starts_with("const ") ? "true" : "false");
        else
          out.print("  r.mapped(a.{}, {});\n", p.name, i);
        break;
      default: break;
    }
  }
  // The platforms and devices the application found are the ones selected for the replay.
  for (std::size_t i = 0; i < entry.params.size(); ++i) {
    const Param& p = entry.params[i];
    if (p.role != Role::HandleArrayOut) continue;
    if (p.kind == clvet::api::ObjectKind::Platform) {
      out.print("  r.selected();\n}}\n\n");
      return;
    }
    const Param* platform = nullptr;
    for (const Param& q : entry.params)
      if (q.role == Role::HandleIn && q.kind == clvet::api::ObjectKind::Platform) platform = &q;
    if (p.kind == clvet::api::ObjectKind::Device && platform) {
      out.print("  r.selected();\n}}\n\n");
      return;
    }
  }
  const Param* built_program = entry.effect == Effect::Build ? find_handle(entry, Role::HandleIn, ObjectKind::Program) : nullptr;
  if (entry.effect == Effect::Launch && find_name(entry, "local_work_size"))
    out.print("  r.check_work_group(a.kernel, a.work_dim, a.local_work_size);\n");
  if (built_program) out.print("  r.check_program(a.{});\n", built_program->name);
  // A launch sees what the host wrote into fine-grain SVM allocations before it.
  if (entry.effect == Effect::Launch) out.print("  r.shared_memory_written();\n");
  // An SVM allocation: what the target's device offers of SVM is asked first.
  if (const Param* flags = find_name(entry, "flags");
      entry.returns == Returns::Pointer && flags != nullptr && flags->family == "cl_svm_mem_flags" && find_name(entry, "size"))
    out.print("  r.check_svm(a.flags, a.size);\n");
  // An image's format: whether the target lists it for the image's type and access is asked
  // first (3.0 §5.3.2, clGetSupportedImageFormats).
  if (find_name(entry, "image_format") && find_name(entry, "flags") &&
      find_handle(entry, Role::HandleIn, ObjectKind::Context))
    out.print("  r.check_image_format(a.context, a.flags, a.image_format, {});\n",
              find_name(entry, "image_desc") ? "a.image_desc" : "nullptr");
  out.print("  if (!r.ready()) return;\n");
  out.print("  using Fn = {} (CL_API_CALL*)({});\n", entry.return_type, parameter_list(entry));
  out.print("  const auto forward = r.function<Fn>({});\n  if (forward == nullptr) return;\n", index);
  const std::string forwarded = [&] {
    std::string list;
    for (const Param& p : entry.params) list += (list.empty() ? "a." : ", a.") + std::string(p.name);
    return list;
  }();
  const Param* size = find_name(entry, "size");
  switch (entry.returns) {
    case Returns::ErrorCode:
      out.print("  r.returned(forward({}));\n", forwarded);
      break;
    case Returns::ObjectWithErrcode:  // the call is sequenced before its errcode is read
      out.print("  auto* const result = forward({});\n", forwarded);
      out.print("  r.created(result, *a.errcode_ret, ObjectKind::{});\n", returned_kind(entry.return_type));
      break;
    case Returns::PointerWithErrcode: {
      const auto [memobj, unused] = read_object(entry);
      out.print("  void* const result = forward({});\n", forwarded);
      if (entry.effect == Effect::Map && !size && find_name(entry, "image_row_pitch")) {
        out.print("  r.mapped_image(result, *a.errcode_ret, {}, a.origin, a.region, a.image_row_pitch, "
                  "a.image_slice_pitch, a.map_flags);\n",
                  memobj);
        break;
      }
      out.print("  r.mapped_region(result, *a.errcode_ret, {}, {}, a.map_flags);\n", size ? "a.size" : "0", memobj);
      break;
    }
    case Returns::Pointer:
      out.print("  void* const result = forward({});\n", forwarded);
      out.print("  r.mapped_region(result, result != nullptr ? CL_SUCCESS : CL_OUT_OF_RESOURCES, {}, nullptr, 0);\n",
                size ? "a.size" : "0");
      break;
    case Returns::Void:
      out.print("  forward({});\n  r.returned(CL_SUCCESS);\n", forwarded);
      break;
    default: break;
  }
  if (built_program) out.print("  r.built(a.{});\n", built_program->name);
  out.print("  if (!r.succeeded()) return;\n");
  for (std::size_t i = 0; i < entry.params.size(); ++i) {
    const Param& p = entry.params[i];
    const std::string kind = std::string(kind_enumerator(p.kind));
    switch (p.role) {
      case Role::HandleOut: out.print("  r.bind(a.{}, {}, ObjectKind::{});\n", p.name, i, kind); break;
      case Role::HandleArrayOut:
        out.print("  r.bind_list(a.{}, {}, {}, ObjectKind::{});\n", p.name, i, length_of(p).empty() ? "1" : length_of(p), kind);
        break;
      case Role::HostMemOut: {
        const auto [object, object_index] = read_object(entry);
        const std::string extent = host_extent(entry, p);
        // An image's pixels, recorded packed: compared pixel by pixel at the call's pitches.
        if (extent.starts_with("host_span::image") && find_name(entry, "origin") && find_name(entry, "row_pitch"))
          out.print("  r.image_read_back(a.{}, {}, {}, a.origin, a.region, a.row_pitch, a.slice_pitch);\n", p.name,
                    i, object);
        else
          out.print("  r.read_back(a.{}, {}, {}, {}, {});\n", p.name, i, extent, object, object_index);
        break;
      }
      case Role::InfoValueOut:
        out.print("  r.answered(a.param_name, a.{}, a.{}, {});\n", p.name, p.peer, i);
        break;
      case Role::KernelArgValue: out.print("  r.argument_set(a.arg_index);\n"); break;
      case Role::MappedPtr:
        // An SVM unmap ends the map, not the allocation's region.
        if ((entry.effect == Effect::Unmap && find_handle(entry, Role::HandleIn, ObjectKind::Mem) != nullptr) ||
            entry.effect == Effect::FreeSvm)
          out.print("  r.unmapped(a.{});\n", p.name);
        if (entry.effect == Effect::Map && entry.returns == Returns::ErrorCode)
          out.print("  r.svm_mapped(a.{}, a.size, a.flags);\n", p.name);
        if (host_side(p) && !p.type.starts_with("const "))
          out.print("  r.host_read_back(a.{}, {}, {});\n", p.name, i, length_of(p));
        break;
      case Role::HandleIn:
        if (entry.effect == Effect::Finish && p.kind == ObjectKind::CommandQueue)
          out.print("  r.finished(a.{});\n", p.name);
        break;
      case Role::HandleArrayIn:
        if (entry.effect == Effect::WaitForEvents && p.kind == ObjectKind::Event) out.print("  r.waited({});\n", i);
        break;
      default: break;
    }
  }
  if (entry.effect == Effect::Launch) out.print("  r.launched();\n");
  // What the host found in fine-grain SVM allocations once the commands were complete.
  if (entry.effect == Effect::Finish || entry.effect == Effect::WaitForEvents) out.print("  r.shared_memory_read();\n");
  out.print("}}\n\n");
}

// Whether a call of `entry` can be re-issued straight from its record (DirectCall): it returns
// an error code, has no effect on the replay's state to record, and each parameter is a
// scalar, a handle or room for an answer.
bool direct(const EntryPoint& entry) {
  if (entry.returns != Returns::ErrorCode || entry.effect != Effect::None || entry.blocking_param() != nullptr)
    return false;
  // An extension's entry point: whether the target offers the extension is asked first.
  if (!entry.extension.empty()) return false;
  // Its queue's commands may use host memory the replay keeps for them: the controller
  // finishes the queue first.
  if (entry.name == "clReleaseCommandQueue" || entry.params.empty()) return false;
  for (const Param& p : entry.params) switch (p.role) {
      case Role::Value:
      case Role::Count:
      case Role::Enum:
      case Role::Bitfield:
      case Role::HandleIn:
      case Role::InfoSizeRet:
      case Role::CountOut:
      case Role::ValueOut:
        break;
      case Role::InfoValueOut:
        if (p.peer.empty()) return false;
        break;
      default: return false;
    }
  return true;
}

void write_direct_reissuer(fmt::ostream& out, const EntryPoint& entry, std::size_t index) {
  const std::string name = short_name(entry.name);
  out.print("bool direct_{0}(DirectCall& d) {{\n  args::{0} a{{}};\n", name);
  for (const Param& p : entry.params) switch (p.role) {
      case Role::HandleIn:
        out.print("  d.handle(a.{}, ObjectKind::{});\n", p.name, kind_enumerator(p.kind));
        break;
      case Role::InfoValueOut: out.print("  d.room(a.{}, a.{});\n", p.name, p.peer); break;
      case Role::InfoSizeRet:
      case Role::CountOut:
      case Role::ValueOut: out.print("  d.room(a.{});\n", p.name); break;
      default: out.print("  d.scalar(a.{});\n", p.name); break;
    }
  out.print("  if (!d.rest()) return false;\n");
  out.print("  using Fn = {} (CL_API_CALL*)({});\n", entry.return_type, parameter_list(entry));
  out.print("  const auto forward = d.function<Fn>({});\n  if (forward == nullptr) return false;\n", index);
  std::string list;
  for (const Param& p : entry.params) list += (list.empty() ? "a." : ", a.") + std::string(p.name);
  out.print("  d.returned(forward({}));\n  return true;\n}}\n\n", list);
}

void write_reissuers(const char* path) {
  auto out = fmt::output_file(path);
  out.print("// Generated from rules/api/entry_points.cpp by generate_api. Do not edit.\n");
  out.print("// How replay re-issues each entry point's recorded calls, by parameter role.\n");
  out.print("#include \"clvet/rules/args.gen.h\"\n#include \"clvet/rules/host_span.h\"\n#include \"direct_call.h\"\n#include \"reissue.h\"\n\n");
  out.print("namespace clvet::replay {{\nnamespace {{\n\nusing api::ObjectKind;\n\n");
  std::size_t index = 0;
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (generated(entry)) write_reissuer(out, entry, index);
    ++index;
  }
  out.print("}}  // namespace\n\n");
  out.print("void reissue(Reissue& r, std::uint32_t entry) {{\n  switch (entry) {{\n");
  index = 0;
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (generated(entry)) out.print("    case {}: reissue_{}(r); break;\n", index, short_name(entry.name));
    ++index;
  }
  out.print("    default: r.not_replayable(); break;\n  }}\n}}\n\n");
  out.print("namespace {{\n\n");
  index = 0;
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (generated(entry) && direct(entry)) write_direct_reissuer(out, entry, index);
    ++index;
  }
  out.print("}}  // namespace\n\n");
  out.print("bool reissue_directly(DirectCall& d, std::uint32_t entry) {{\n  switch (entry) {{\n");
  index = 0;
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (generated(entry) && direct(entry)) out.print("    case {}: return direct_{}(d);\n", index, short_name(entry.name));
    ++index;
  }
  out.print("    default: return false;\n  }}\n}}\n\n");
  // What each parameter of a direct entry point takes from a compact call, in order.
  out.print("std::span<const DirectSlot> direct_slots(std::uint32_t entry) {{\n  switch (entry) {{\n");
  index = 0;
  for (const EntryPoint& entry : clvet::api::entry_points()) {
    if (generated(entry) && direct(entry)) {
      std::string slots;
      for (const Param& p : entry.params) {
        if (!slots.empty()) slots += ", ";
        switch (p.role) {
          case Role::HandleIn: slots += fmt::format("{{DirectSlot::Kind::Handle, ObjectKind::{}}}", kind_enumerator(p.kind)); break;
          case Role::InfoValueOut:
          case Role::InfoSizeRet:
          case Role::CountOut:
          case Role::ValueOut: slots += "{DirectSlot::Kind::Room}"; break;
          default: slots += "{DirectSlot::Kind::Scalar}"; break;
        }
      }
      out.print("    case {}: {{\n      static constexpr DirectSlot slots[] = {{{}}};\n      return slots;\n    }}\n",
                index, slots);
    }
    ++index;
  }
  out.print("    default: return {{}};\n  }}\n}}\n\n}}  // namespace clvet::replay\n");
}

bool same_contents(const std::string& a, const std::string& b) {
  std::ifstream first(a, std::ios::binary), second(b, std::ios::binary);
  if (!first || !second) return false;
  return std::string(std::istreambuf_iterator<char>(first), {}) ==
         std::string(std::istreambuf_iterator<char>(second), {});
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 9) {
    std::fprintf(stderr,
                 "usage: generate_api ARGS_H DEVICE_IMPL_H DEVICE_DISPATCH_CPP "
                 "BAD_HANDLE_CASES_CPP LAYER_WRAPPERS_CPP TRACE_ENCODERS_CPP REISSUERS_CPP STAMP\n");
    return 2;
  }
  // Each file is written beside its old self and replaces it only when it differs: a change
  // to one generated file does not rebuild everything that includes the others.
  const std::pair<void (*)(const char*), const char*> outputs[] = {
      {write_args, argv[1]},          {write_device_impl_header, argv[2]},
      {write_device_dispatch, argv[3]}, {write_bad_handle_cases, argv[4]},
      {write_layer_wrappers, argv[5]}, {write_trace_encoders, argv[6]},
      {write_reissuers, argv[7]}};
  for (const auto& [write, path] : outputs) {
    const std::string fresh = std::string(path) + ".new";
    write(fresh.c_str());
    if (same_contents(fresh, path)) std::remove(fresh.c_str());
    else if (std::rename(fresh.c_str(), path) != 0) return 1;
  }
  fmt::output_file(argv[8]).print("ok\n");
  return 0;
}
