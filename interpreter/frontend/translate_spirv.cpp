// translate_spirv: a SPIR-V module validated against the OpenCL environment's rules
// (SPIRV-Tools) and translated to bitcode by the LLVM/SPIR-V translator, with the
// application's specialization constants applied.
#include <LLVMSPIRVLib/LLVMSPIRVLib.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <spirv-tools/libspirv.hpp>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>

#include "clvet/interp/frontend.h"
#include "clvet/interp/image.h"
#include "clvet/interp/language_features.h"
#include "frontend/module_io.h"
#include "frontend/spirv_integer_dot_product.h"
#include "frontend/spirv_lowering.h"

namespace clvet::interp {

namespace {

constexpr std::uint32_t kMagic = 0x07230203u;
constexpr const char* kNotSpirv =
    "clvet: the IL is not a SPIR-V module (no magic number, or not whole words)\n";

FrontEndResult failure(FrontEndStatus status, std::string log) {
  FrontEndResult result;
  result.status = status;
  result.log = std::move(log);
  return result;
}

// The module's words in host order (a module may be written in either byte order); empty
// when `il` is no SPIR-V module at all.
std::vector<std::uint32_t> words_of(const Bytes& il) {
  if (il.size() < 20 || il.size() % 4 != 0) return {};
  std::vector<std::uint32_t> words(il.size() / 4);
  std::memcpy(words.data(), il.data(), il.size());
  if (words[0] == kMagic) return words;
  if (__builtin_bswap32(words[0]) != kMagic) return {};
  for (std::uint32_t& w : words) w = __builtin_bswap32(w);
  return words;
}

std::string as_stream_bytes(const std::vector<std::uint32_t>& words) {
  std::string bytes(words.size() * 4, '\0');
  std::memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

// The translator reads an integer OpImageRead or OpImageWrite as OpenCL C's read_imagei or
// write_imagei (read_imageui, write_imageui), whose signedness SPIR-V does not have: the
// functions are renamed to the built-ins that read and write integer texels of either kind
// (kSignlessReadImage, kSignlessWriteImage), keeping their mangled parameters.
void name_signless_image_functions(llvm::Module& module) {
  static constexpr std::pair<std::string_view, const char*> kRenamed[] = {
      {"_Z11read_imagei", kSignlessReadImage},   {"_Z12read_imageui", kSignlessReadImage},
      {"_Z12write_imagei", kSignlessWriteImage}, {"_Z13write_imageui", kSignlessWriteImage}};
  for (llvm::Function& f : module) {
    const std::string name = f.getName().str();
    for (const auto& [prefix, to] : kRenamed) {
      if (!name.starts_with(prefix)) continue;
      const std::string parameters = name.substr(prefix.size());
      // The parameters start with the image type ("14ocl_image2d_ro"), never with a letter
      // that would continue the function's name.
      if (parameters.empty() || !std::isdigit(static_cast<unsigned char>(parameters[0]))) break;
      const std::string renamed = "_Z" + std::to_string(std::strlen(to)) + to + parameters;
      if (llvm::Function* existing = module.getFunction(renamed)) {
        f.replaceAllUsesWith(existing);
        break;
      }
      f.setName(renamed);
      break;
    }
  }
}

// The SPIR-V extensions a module may declare (OpExtension), each with the OpenCL extension of
// the device that allows it (OpenCL SPIR-V environment, chapter 5: "the implementation will
// include the OpenCL extension in ... CL_DEVICE_EXTENSIONS ..., but not the corresponding SPIR-V
// extension") and the translator's name for it. What each one's instructions and decorations
// become is honoured by the engine: NoSignedWrap and NoUnsignedWrap (the environment's §5.2.13)
// are the nsw and nuw flags of LLVM's integer arithmetic, which the engine computes wrapped (an
// overflow is undefined, so the wrapped result is one it may give); the LinkOnceODR linkage type
// is LLVM's linkonce_odr, one definition kept where clLinkProgram meets several; OpExpectKHR is
// llvm.expect, its first operand, and OpAssumeTrueKHR is llvm.assume, which the engine does
// not act on (an assumption that is false is undefined behaviour). SPV_KHR_integer_dot_product's
// instructions (core in SPIR-V 1.6, where no extension is declared) the translator 15 reads as
// calls of __spirv_SDotKHR_R<result type> and its kin, which builtins/integer_dot_product.cpp
// answers; what the module may use of them is checked first (spirv_integer_dot_product.h).
struct SpirvExtension {
  std::string_view spirv, opencl;
  SPIRV::ExtensionID id;
};
constexpr SpirvExtension kSpirvExtensions[] = {
    {"SPV_KHR_no_integer_wrap_decoration", "cl_khr_spirv_no_integer_wrap_decoration",
     SPIRV::ExtensionID::SPV_KHR_no_integer_wrap_decoration},
    {"SPV_KHR_linkonce_odr", "cl_khr_spirv_linkonce_odr", SPIRV::ExtensionID::SPV_KHR_linkonce_odr},
    {"SPV_KHR_expect_assume", "cl_khr_expect_assume", SPIRV::ExtensionID::SPV_KHR_expect_assume},
    // OpGroupNonUniformRotateKHR of Subgroup scope, which the translator reads as OpenCL C's
    // sub_group_rotate and sub_group_clustered_rotate (builtins/sub_group_shuffles.cpp); one of
    // Workgroup scope, which no OpenCL built-in gives, fails the build (spirv_lowering.h).
    {"SPV_KHR_subgroup_rotate", "cl_khr_subgroup_rotate", SPIRV::ExtensionID::SPV_KHR_subgroup_rotate},
    {"SPV_KHR_integer_dot_product", "cl_khr_integer_dot_product",
     SPIRV::ExtensionID::SPV_KHR_integer_dot_product},
};

// SPIR-V's numbers (SPIR-V specification §3) for the environment's rules below.
constexpr std::uint16_t kOpExtension = 10, kOpMemoryModel = 14, kOpEntryPoint = 15, kOpCapability = 17;
constexpr std::uint32_t kCapabilityShader = 1, kCapabilityFloat16 = 9, kCapabilityInt64Atomics = 12,
                        kAddressingPhysical64 = 2, kMemoryModelOpenCL = 2, kExecutionModelKernel = 6;

// What validation needs to know of a module beyond SPIRV-Tools' rules.
struct ModuleFacts {
  // The OpenCL SPIR-V environment's rules (its chapter 4, and chapter 3's capabilities, none of
  // which is Shader) broken, one line each: SPIRV-Tools checks them only under its OpenCL
  // environments, which stop at OpenCL 2.2 and SPIR-V 1.2.
  std::string problems;
  // Capabilities the environment's extensions allow (§5.2.4 Float16 with cl_khr_fp16, §5.2.8
  // Int64Atomics with cl_khr_int64_base_atomics), which SPIRV-Tools' OpenCL environments refuse.
  bool extension_capabilities = false;
  // The SPIR-V extensions the module declares (OpExtension).
  std::vector<std::string> extensions;
};

ModuleFacts inspect(const std::vector<std::uint32_t>& words) {
  ModuleFacts facts;
  auto instruction = [](void* user, const spv_parsed_instruction_t* i) -> spv_result_t {
    auto& out = *static_cast<ModuleFacts*>(user);
    auto operand = [i](int n) { return i->words[i->operands[n].offset]; };
    if (i->opcode == kOpExtension && i->num_operands >= 1)
      out.extensions.emplace_back(reinterpret_cast<const char*>(i->words + i->operands[0].offset));
    if (i->opcode == kOpCapability && i->num_operands >= 1) {
      if (operand(0) == kCapabilityShader)
        out.problems += "clvet: SPIR-V validation: the Shader capability is not one of an OpenCL "
                        "environment (OpenCL SPIR-V environment, chapter 3)\n";
      if (operand(0) == kCapabilityFloat16 || operand(0) == kCapabilityInt64Atomics)
        out.extension_capabilities = true;
    }
    if (i->opcode == kOpMemoryModel && i->num_operands >= 2) {
      if (operand(0) != kAddressingPhysical64)
        out.problems += "clvet: SPIR-V validation: the addressing model must be Physical64 on a "
                        "device of 64 address bits (OpenCL SPIR-V environment, chapter 4)\n";
      if (operand(1) != kMemoryModelOpenCL)
        out.problems += "clvet: SPIR-V validation: the memory model must be OpenCL (OpenCL SPIR-V "
                        "environment, chapter 4)\n";
    }
    if (i->opcode == kOpEntryPoint && i->num_operands >= 1 && operand(0) != kExecutionModelKernel)
      out.problems += "clvet: SPIR-V validation: an entry point's execution model must be Kernel "
                      "(OpenCL SPIR-V environment, chapter 4)\n";
    return SPV_SUCCESS;
  };
  spv_context context = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
  spvBinaryParse(context, &facts, words.data(), words.size(), nullptr, instruction, nullptr);
  spvContextDestroy(context);
  return facts;
}

// The SPIRV-Tools environment whose rules a module of SPIR-V 1.`minor` is validated by: the
// OpenCL environment that introduced the version, or, where `universal`, SPIR-V's own rules
// of the version (ModuleFacts::problems then checked here).
spv_target_env validation_environment(unsigned minor, bool universal) {
  if (!universal) return minor == 0 ? SPV_ENV_OPENCL_1_2 : SPV_ENV_OPENCL_2_2;
  switch (minor) {
    case 0: return SPV_ENV_UNIVERSAL_1_0;
    case 1:
    case 2: return SPV_ENV_UNIVERSAL_1_2;
    case 3: return SPV_ENV_UNIVERSAL_1_3;
    case 4: return SPV_ENV_UNIVERSAL_1_4;
    case 5: return SPV_ENV_UNIVERSAL_1_5;
    default: return SPV_ENV_UNIVERSAL_1_6;
  }
}

// `words` rewritten for the translator (spirv_lowering.h); false with `error` set when a
// module cannot be.
bool lowered(std::vector<std::uint32_t>& words, std::string& error) {
  error = lower_for_translator(words);
  return error.empty();
}

// The SPIR-V extensions the translator may read in a module that `device` builds: those its
// OpenCL extensions allow. `refused`: a line for each extension the module declares that none
// of them allows (empty when every one is allowed).
SPIRV::TranslatorOpts::ExtensionsStatusMap allowed_extensions(
    const std::vector<std::string>& declared, const TargetDevice& device, std::string& refused) {
  SPIRV::TranslatorOpts::ExtensionsStatusMap allowed;
  for (const SpirvExtension& e : kSpirvExtensions)
    if (claims(device, e.opencl)) allowed[e.id] = true;
  for (const std::string& name : declared) {
    const auto* known = std::find_if(std::begin(kSpirvExtensions), std::end(kSpirvExtensions),
                                     [&](const SpirvExtension& e) { return e.spirv == name; });
    if (known == std::end(kSpirvExtensions))
      refused += "clvet: SPIR-V translation: the module declares the SPIR-V extension " + name +
                 ", which the device does not take (OpenCL SPIR-V environment, chapter 5)\n";
    else if (!claims(device, known->opencl))
      refused += "clvet: SPIR-V translation: the module declares the SPIR-V extension " + name +
                 ", which the device takes only with " + std::string(known->opencl) +
                 " (not in CL_DEVICE_EXTENSIONS; OpenCL SPIR-V environment, chapter 5)\n";
  }
  return allowed;
}

}  // namespace

bool spirv_spec_constants(const Bytes& il, std::vector<std::pair<std::uint32_t, std::uint32_t>>& out,
                          std::string& error) {
  std::vector<std::uint32_t> words = words_of(il);
  if (words.empty()) {
    error = "the IL is not a SPIR-V module";
    return false;
  }
  std::vector<llvm::SpecConstInfoTy> info;
  if (!lowered(words, error)) {
    error = "the SPIR-V module cannot be read: " + error;
    return false;
  }
  std::istringstream in(as_stream_bytes(words));
  if (!llvm::getSpecConstInfo(in, info)) {
    error = "the SPIR-V module's specialization constants cannot be read";
    return false;
  }
  out.assign(info.begin(), info.end());
  return true;
}

FrontEndResult validate_spirv(const Bytes& il) {
  std::vector<std::uint32_t> words = words_of(il);
  if (words.empty()) return failure(FrontEndStatus::InvalidInput, kNotSpirv);
  // The OpenCL SPIR-V environment (§2.1 of its spec): the versions the device lists. The
  // translator (LLVM/SPIR-V 15) reads up to 1.4, and the newer versions' instructions it lacks
  // are rewritten for it (spirv_lowering.h).
  const std::uint32_t version = words[1];
  const unsigned major = (version >> 16) & 0xff, minor = (version >> 8) & 0xff;
  if (major != 1 || minor > kNewestSpirvMinor)
    return failure(FrontEndStatus::InvalidInput,
                   "clvet: SPIR-V " + std::to_string(major) + "." + std::to_string(minor) +
                       " is not supported (CL_DEVICE_IL_VERSION: " + il_version_string() + ")\n");
  const ModuleFacts facts = inspect(words);
  const bool universal = minor >= 3 || facts.extension_capabilities;
  if (universal && !facts.problems.empty()) return failure(FrontEndStatus::InvalidInput, facts.problems);
  spvtools::SpirvTools tools(validation_environment(minor, universal));
  std::string log;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t& at,
                               const char* message) {
    log += "clvet: SPIR-V validation: word " + std::to_string(at.index) + ": " + message + "\n";
  });
  if (!tools.Validate(words))
    return failure(FrontEndStatus::InvalidInput,
                   log.empty() ? "clvet: invalid SPIR-V module\n" : log);
  FrontEndResult result;
  result.status = FrontEndStatus::Ok;
  result.log = log;
  return result;
}

FrontEndResult translate_spirv(const Bytes& il,
                               const std::vector<std::pair<std::uint32_t, Bytes>>& spec_constants,
                               const TargetDevice& device) {
  std::vector<std::uint32_t> words = words_of(il);
  if (words.empty()) return failure(FrontEndStatus::InvalidInput, kNotSpirv);
  // The program's creation validated it already (validate_spirv); a module that reaches the
  // build otherwise (a test, a binary) is judged the same way, and its build fails.
  FrontEndResult valid = validate_spirv(il);
  if (!valid.ok()) {
    valid.status = FrontEndStatus::Failed;
    return valid;
  }
  std::string log = valid.log;
  std::string refused;
  SPIRV::TranslatorOpts options(SPIRV::VersionNumber::SPIRV_1_4,
                                allowed_extensions(inspect(words).extensions, device, refused));
  refused += integer_dot_product_problems(words, device);
  if (!refused.empty()) return failure(FrontEndStatus::Failed, refused);
  std::string error;
  if (!lowered(words, error))
    return failure(FrontEndStatus::Failed, "clvet: SPIR-V translation: " + error + "\n");

  for (const auto& [id, value] : spec_constants) {
    std::uint64_t number = 0;
    for (std::size_t i = 0; i < value.size() && i < 8; ++i)
      number |= std::uint64_t{value[i]} << (8 * i);
    options.setSpecConst(id, number);
  }
  llvm::LLVMContext context;
  // This translator (15.0) reads pointers as LLVM's typed pointers: under LLVM 15's default
  // opaque pointers it asks an opaque pointer for its element type (printf's format, the
  // pointer of OpAtomicIIncrement) and fails an assertion. The bitcode it gives is read back
  // with opaque pointers by the next steps.
  context.setOpaquePointers(false);
  llvm::Module* raw = nullptr;
  std::istringstream in(as_stream_bytes(words));
  if (!llvm::readSpirv(context, options, in, raw, error) || raw == nullptr)
    return failure(FrontEndStatus::Failed, "clvet: SPIR-V translation: " + error + "\n");
  std::unique_ptr<llvm::Module> module(raw);
  name_signless_image_functions(*module);
  // Argument names are reported only for programs built from source with -cl-kernel-arg-info
  // (§5.9.4 clGetKernelArgInfo), never from IL.
  for (llvm::Function& f : *module) f.setMetadata("kernel_arg_name", nullptr);
  set_module_string(*module, "clvet.compile_options", "");
  FrontEndResult result;
  result.status = FrontEndStatus::Ok;
  result.log = log;
  result.bitcode = write_bitcode(*module);
  return result;
}

}  // namespace clvet::interp
