// compile_opencl_c: OpenCL C to bitcode with Clang 15 in process (spir64, Clang's declared
// built-ins, line tables always), clCompileProgram's embedded headers served from memory.
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstdio>
#include <mutex>

#include "clvet/interp/frontend.h"
#include "frontend/build_options.h"
#include "frontend/c11_atomics_declarations.h"
#include "frontend/clang_headers.h"
#include "frontend/module_io.h"

namespace clvet::interp {

namespace {

// Embedded headers are searched before the application's -I folders.
constexpr const char* kHeaderFolder = kEmbeddedHeaderFolder;

// The name of the program's source in the build log, the debug info and so in every finding
// (text and SARIF's artifactLocation): a file name, as compiler diagnostics and SARIF expect,
// stable for a given source text and different for different ones, so that findings of two
// programs of one application never share a file. "program-1f0c82a9.cl".
std::string program_source_name(std::string_view source) {
  std::uint32_t hash = 2166136261u;  // FNV-1a
  for (char c : source) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  char name[32];
  std::snprintf(name, sizeof name, "program-%08x.cl", hash);
  return name;
}

// -cl-ext: every optional feature and extension off, then exactly what the table claims for
// `device`, so that Clang's own macros (and what its Sema allows: the generic address space,
// program-scope variables, pipes under OpenCL C 3.0) match CL_DEVICE_EXTENSIONS and
// CL_DEVICE_OPENCL_C_FEATURES.
std::string extension_switches(const TargetDevice& device) {
  std::string switches = "-cl-ext=-all";
  for (const LanguageFeature& f : claimed(device, FeatureKind::Extension))
    switches += ",+" + std::string(f.name);
  for (const LanguageFeature& f : claimed(device, FeatureKind::OpenCLC))
    switches += ",+" + std::string(f.name);
  // Clang 15's opencl-c.h declares the image built-ins of OpenCL C 3.0 whatever the features
  // say, and Sema refuses them without __opencl_c_images: the feature stays on for the header,
  // and the undefinitions below take its macro away where the device does not claim it.
  return switches + ",+__opencl_c_images,+__opencl_c_read_write_images";
}

// Included after opencl-c.h: opencl-c-base.h defines feature and extension macros for SPIR
// under OpenCL C 2.0 and 3.0 whatever -cl-ext says (work-group collectives, the atomic orders
// and scopes, the sub-group extensions, ...); each one the device does not claim is undefined,
// so that a program testing a macro sees what the device's queries answer.
constexpr const char* kFeatureUndefinitions = "/clvet-embedded-headers/clvet-feature-macros.h";

// With Clang's built-in declarations, opencl-c-base.h is followed by opencl-c.h's C11 atomics
// (c11_atomics_declarations.h), then by the undefinitions.
constexpr const char* kC11Atomics = "/clvet-embedded-headers/clvet-c11-atomics.h";

// cl_khr_integer_dot_product's functions, which Clang 15's opencl-c.h declares only under the
// OpenCL C 3.0 features __opencl_c_integer_dot_product_input_4x8bit(_packed): declared here for
// OpenCL C 1.x, where the extension is claimed and no feature macro is defined.
constexpr const char* kIntegerDotProductDeclarations = R"(#define cl_khr_integer_dot_product 1
#define __clvet_dot __attribute__((overloadable, const))
uint __clvet_dot dot(uchar4, uchar4);
int __clvet_dot dot(char4, char4);
int __clvet_dot dot(uchar4, char4);
int __clvet_dot dot(char4, uchar4);
uint __clvet_dot dot_acc_sat(uchar4, uchar4, uint);
int __clvet_dot dot_acc_sat(char4, char4, int);
int __clvet_dot dot_acc_sat(uchar4, char4, int);
int __clvet_dot dot_acc_sat(char4, uchar4, int);
uint __clvet_dot dot_4x8packed_uu_uint(uint, uint);
int __clvet_dot dot_4x8packed_ss_int(uint, uint);
int __clvet_dot dot_4x8packed_us_int(uint, uint);
int __clvet_dot dot_4x8packed_su_int(uint, uint);
uint __clvet_dot dot_acc_sat_4x8packed_uu_uint(uint, uint, uint);
int __clvet_dot dot_acc_sat_4x8packed_ss_int(uint, uint, int);
int __clvet_dot dot_acc_sat_4x8packed_us_int(uint, uint, int);
int __clvet_dot dot_acc_sat_4x8packed_su_int(uint, uint, int);
#undef __clvet_dot
)";

// cl_khr_subgroup_rotate's functions for every scalar gentype, which Clang 15's opencl-c.h
// (though opencl-c-base.h defines the macro) does not declare.
constexpr const char* kSubGroupRotateDeclarations = R"(#if defined(cl_khr_fp16)
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif
#define __clvet_rotate(T) \
  T __attribute__((overloadable, convergent)) sub_group_rotate(T, int); \
  T __attribute__((overloadable, convergent)) sub_group_clustered_rotate(T, int, uint);
__clvet_rotate(char) __clvet_rotate(uchar) __clvet_rotate(short) __clvet_rotate(ushort)
__clvet_rotate(int) __clvet_rotate(uint) __clvet_rotate(long) __clvet_rotate(ulong)
__clvet_rotate(float)
#if defined(cl_khr_fp64)
__clvet_rotate(double)
#endif
#if defined(cl_khr_fp16)
__clvet_rotate(half)
#pragma OPENCL EXTENSION cl_khr_fp16 : disable
#endif
#undef __clvet_rotate
)";

// Clang 15's table of built-ins declares wait_group_events with a generic pointer under every
// OpenCL C version; before 2.0 there is no generic address space and opencl-c.h's declaration
// takes the events from private memory (1.2 §6.12.10).
constexpr const char* kOpenCLC1xDeclarations =
    "void __attribute__((overloadable)) wait_group_events(int, event_t*);\n";

// Clang looks a name up in its table of built-ins only when no declaration of it is in scope:
// beside the integer dot products declared for OpenCL C 1.x, the geometric dot of every
// floating-point type (1.2 §6.12.5) is declared too, as opencl-c.h declares it.
constexpr const char* kGeometricDotDeclarations = R"(#define __clvet_dot(T, S) \
  S __attribute__((overloadable, const)) dot(T, T);
__clvet_dot(float, float) __clvet_dot(float2, float) __clvet_dot(float3, float)
__clvet_dot(float4, float)
#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__clvet_dot(double, double) __clvet_dot(double2, double) __clvet_dot(double3, double)
__clvet_dot(double4, double)
#pragma OPENCL EXTENSION cl_khr_fp64 : disable
#endif
#if defined(cl_khr_fp16)
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__clvet_dot(half, half) __clvet_dot(half2, half) __clvet_dot(half3, half) __clvet_dot(half4, half)
#pragma OPENCL EXTENSION cl_khr_fp16 : disable
#endif
#undef __clvet_dot
)";

// Feature macros are OpenCL C 3.0's (§6.2.1): under 1.x, where Clang defines those -cl-ext
// names too, none is defined.
std::string feature_undefinitions(const TargetDevice& device, const std::string& language,
                                  bool declared) {
  const bool before_2_0 = language.rfind("CL1.", 0) == 0;
  std::string text = "// the macros of features the device does not claim\n";
  for (std::string_view macro : clang_feature_macros()) {
    const bool feature = macro.rfind("__opencl_c_", 0) == 0;
    if (!claims(device, macro) || (feature && before_2_0))
      text += "#undef " + std::string(macro) + "\n";
  }
  // The claimed features Clang 15 does not know (__opencl_c_fp16, of OpenCL C 3.0 §6.2.1), which
  // -cl-ext cannot define: defined here, where Clang defines the features it knows.
  const auto known = clang_feature_macros();
  if (!before_2_0)
    for (const LanguageFeature& f : claimed(device, FeatureKind::OpenCLC))
      if (std::find(known.begin(), known.end(), f.name) == known.end())
        text += "#define " + std::string(f.name) + " 1\n";
  if (before_2_0 && declared) text += kOpenCLC1xDeclarations;
  if (before_2_0 && claims(device, "cl_khr_integer_dot_product"))
    text += std::string(declared ? kGeometricDotDeclarations : "") + kIntegerDotProductDeclarations;
  if (claims(device, "cl_khr_subgroup_rotate")) text += kSubGroupRotateDeclarations;
  return text;
}

// The extensions Clang 15 leaves undefined before OpenCL C 2.0 (opencl-c-base.h defines the
// cl_khr_subgroup_* ones only from 2.0 on), though a device offers them to every OpenCL C
// version.
constexpr std::string_view kExtensionsClangDefinesFrom20[] = {
    "cl_khr_subgroup_extended_types", "cl_khr_subgroup_non_uniform_vote",
    "cl_khr_subgroup_ballot", "cl_khr_subgroup_non_uniform_arithmetic", "cl_khr_subgroup_shuffle",
    "cl_khr_subgroup_shuffle_relative", "cl_khr_subgroup_clustered_reduce",
    "cl_khr_subgroup_rotate"};

// The predefined macros that follow the device rather than the language (OpenCL C 3.0 §6.12):
// Clang defines __IMAGE_SUPPORT__ for every SPIR target and no __OPENCL_VERSION__ at all. Under
// OpenCL C 1.x the claimed extensions Clang leaves undefined there are defined before opencl-c.h,
// which then declares their functions: every extension CL_DEVICE_EXTENSIONS lists has its macro
// (OpenCL C 3.0 §6.2.1).
std::vector<std::string> device_macros(const TargetDevice& device, unsigned language) {
  std::vector<std::string> args = {"-D__OPENCL_VERSION__=" + std::to_string(device.opencl_version)};
  if (!device.image_support) args.push_back("-U__IMAGE_SUPPORT__");
  // get_image_channel_data_type's table in the OpenCL C specification names
  // CLK_UNORM_INT_101010_2 from OpenCL C 2.0 on (the format came with OpenCL 2.1, which had no
  // OpenCL C of its own); Clang 15's opencl-c-base.h lacks it. Its value is the API's.
  if (device.image_support && language >= 200)
    args.push_back("-DCLK_UNORM_INT_101010_2=0x10E0");
  if (device.embedded_profile) args.push_back("-D__EMBEDDED_PROFILE__=1");
  if (language < 200)
    for (std::string_view name : kExtensionsClangDefinesFrom20)
      if (claims(device, name)) args.push_back("-D" + std::string(name) + "=1");
  // The claimed extensions Clang 15 does not know, whose macros neither -cl-ext nor its headers
  // define (every OpenCL C version has them).
  const auto known = clang_feature_macros();
  for (const LanguageFeature& f : claimed(device, FeatureKind::Extension))
    if (std::find(known.begin(), known.end(), f.name) == known.end())
      args.push_back("-D" + std::string(f.name) + "=1");
  return args;
}

// "CL1.2" -> 120; 0 when the name has no version.
unsigned language_version(std::string_view language) {
  if (language.size() < 5 || language.substr(0, 2) != "CL" || language[3] != '.') return 0;
  return static_cast<unsigned>((language[2] - '0') * 100 + (language[4] - '0') * 10);
}

// 2.2 §5.8.6.5: -cl-std=CL2.0 "will fail to compile the program for any devices with
// CL_DEVICE_OPENCL_C_VERSION = ... OpenCL C 1.2", and a 3.0 device may claim OpenCL C 2.0 only
// with every optional feature of it (3.0 clGetDeviceInfo, CL_DEVICE_OPENCL_C_VERSION).
std::string refuse_opencl_c_20(const TargetDevice& device) {
  const std::vector<std::string_view> missing = missing_for_opencl_c_20(device);
  if (missing.empty()) return {};
  std::string log = "clvet: -cl-std=CL2.0: the device does not support OpenCL C 2.0 (it lacks";
  for (std::string_view f : missing) log += " " + std::string(f);
  return log + "; -cl-std=CL3.0 compiles with the features CL_DEVICE_OPENCL_C_FEATURES lists)\n";
}

FrontEndResult failure(FrontEndStatus status, std::string log) {
  FrontEndResult result;
  result.status = status;
  result.log = std::move(log);
  return result;
}

}  // namespace

FrontEndResult compile_opencl_c(std::string_view source, std::string_view options,
                                const std::vector<EmbeddedHeader>& headers,
                                const TargetDevice& device) {
  CompileOptions parsed;
  std::string error;
  if (!parse_compile_options(options, parsed, error))
    return failure(FrontEndStatus::InvalidOptions, "clvet: " + error + "\n");
  // 2.2 §5.8.6.5: an OpenCL C version newer than the device's CL_DEVICE_OPENCL_C_VERSION (a
  // device profile's older device) fails to compile.
  if (const unsigned asked = language_version(parsed.language); asked > device.max_c_version)
    return failure(FrontEndStatus::Failed,
                   "clvet: -cl-std=" + parsed.language + ": the device supports OpenCL C up to " +
                       std::to_string(device.max_c_version / 100) + "." +
                       std::to_string(device.max_c_version / 10 % 10) + "\n");
  if (parsed.language == "CL2.0") {
    std::string refusal = refuse_opencl_c_20(device);
    if (!refusal.empty()) return failure(FrontEndStatus::Failed, refusal);
  }

  const std::string source_name = program_source_name(source);
  // Clang's own table of the built-in functions (OpenCL C 3.0 §6.15), each declared when a
  // program first names it, and opencl-c-base.h's types and macros, where opencl-c.h's 17,000
  // declarations took most of a build; opencl-c.h whole where its atomics cannot be read.
  const bool declared = !c11_atomics_declarations().empty();
  std::vector<std::string> args = {
      "-triple", "spir64-unknown-unknown", "-x", "cl", "-cl-std=" + parsed.language,
      "-finclude-default-header", "-resource-dir", clang_resource_dir(),
      extension_switches(device), "-main-file-name", source_name, "-dwarf-version=4",
      parsed.full_debug_info ? "-debug-info-kind=limited" : "-debug-info-kind=line-tables-only",
      "-ferror-limit", "0"};
  if (declared) args.push_back("-fdeclare-opencl-builtins");
  // IR as an optimising build emits it (no optnone, no noinline), optimised later by the link.
  if (parsed.opt_disable) {
    args.insert(args.end(), {"-O0", "-disable-O0-optnone"});
  } else {
    args.insert(args.end(), {"-O2", "-disable-llvm-passes"});
  }
  const unsigned language = language_version(parsed.language);
  const std::vector<std::string> macros = device_macros(device, language ? language : 120);
  args.insert(args.end(), macros.begin(), macros.end());
  if (!headers.empty()) args.insert(args.end(), {"-I", kHeaderFolder});
  args.insert(args.end(), parsed.clang_args.begin(), parsed.clang_args.end());
  args.push_back(source_name);
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());

  std::string log;
  llvm::raw_string_ostream log_stream(log);
  auto diagnostic_options = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  diagnostic_options->ShowColors = false;
  clang::TextDiagnosticPrinter printer(log_stream, diagnostic_options.get());
  auto invocation = std::make_shared<clang::CompilerInvocation>();
  {
    clang::DiagnosticsEngine diagnostics(llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(),
                                         diagnostic_options, &printer, false);
    if (!clang::CompilerInvocation::CreateFromArgs(*invocation, argv, diagnostics)) {
      log_stream.flush();
      return failure(FrontEndStatus::InvalidOptions, log);
    }
  }
  invocation->getPreprocessorOpts().addRemappedFile(
      source_name, llvm::MemoryBuffer::getMemBufferCopy(
                       llvm::StringRef(source.data(), source.size()), source_name)
                       .release());
  if (declared) invocation->getPreprocessorOpts().Includes.push_back(kC11Atomics);
  invocation->getPreprocessorOpts().Includes.push_back(kFeatureUndefinitions);
  invocation->getPreprocessorOpts().RetainRemappedFileBuffers = false;
  invocation->getFrontendOpts().DisableFree = false;

  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  memory->addFile(kFeatureUndefinitions, 0,
                  llvm::MemoryBuffer::getMemBufferCopy(
                      feature_undefinitions(device, parsed.language, declared), kFeatureUndefinitions));
  if (declared)
    memory->addFile(kC11Atomics, 0,
                    llvm::MemoryBuffer::getMemBufferCopy(c11_atomics_declarations(), kC11Atomics));
  for (const EmbeddedHeader& h : headers)
    memory->addFile(std::string(kHeaderFolder) + "/" + h.name, 0,
                    llvm::MemoryBuffer::getMemBufferCopy(h.source, h.name));
  auto files =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  files->pushOverlay(memory);

  clang::CompilerInstance compiler;
  compiler.setInvocation(std::move(invocation));
  compiler.createDiagnostics(&printer, false);
  compiler.createFileManager(files);
  compiler.setVerboseOutputStream(log_stream);  // "1 error generated." goes to the log

  llvm::LLVMContext context;
  clang::EmitLLVMOnlyAction action(&context);
  bool compiled = compiler.ExecuteAction(action);
  std::unique_ptr<llvm::Module> module = compiled ? action.takeModule() : nullptr;
  log_stream.flush();
  if (!compiled || module == nullptr || compiler.getDiagnostics().hasErrorOccurred())
    return failure(FrontEndStatus::Failed, log.empty() ? "clvet: compilation failed\n" : log);

  set_module_string(*module, "clvet.compile_options", options);
  if (parsed.opt_disable) set_module_string(*module, "clvet.opt_disable", "");
  FrontEndResult result;
  result.status = FrontEndStatus::Ok;
  result.log = log;  // warnings
  result.bitcode = write_bitcode(*module);
  return result;
}

}  // namespace clvet::interp
