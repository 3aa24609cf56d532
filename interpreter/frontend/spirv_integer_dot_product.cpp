// spirv_integer_dot_product: the OpenCL SPIR-V environment's §5.2.24 (cl_khr_integer_dot_product)
// and the SPIR-V capabilities' rules for the integer dot product instructions' operands.
#include "frontend/spirv_integer_dot_product.h"

#include <spirv-tools/libspirv.h>
#include <spirv/unified1/spirv.h>

#include <algorithm>
#include <unordered_map>

#include "clvet/interp/frontend.h"

namespace clvet::interp {

namespace {

constexpr const char* kLog = "clvet: SPIR-V translation: ";
constexpr const char* kEnvironment = "OpenCL SPIR-V environment §5.2.24, cl_khr_integer_dot_product";

// The capabilities of SPV_KHR_integer_dot_product (core in SPIR-V 1.6) and the
// CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR bit that lets the device take each one (0: the
// extension alone; kNever: no bit of the query can).
constexpr std::uint64_t kNever = ~std::uint64_t{0};
struct DotCapability {
  std::uint32_t id;
  const char* name;
  std::uint64_t input;
};
constexpr DotCapability kCapabilities[] = {
    {SpvCapabilityDotProduct, "DotProduct", 0},
    {SpvCapabilityDotProductInput4x8BitPacked, "DotProductInput4x8BitPacked",
     kIntegerDotProductInput4x8BitPacked},
    {SpvCapabilityDotProductInput4x8Bit, "DotProductInput4x8Bit", kIntegerDotProductInput4x8Bit},
    {SpvCapabilityDotProductInputAll, "DotProductInputAll", kNever},
};

const char* op_name(std::uint32_t opcode) {
  switch (opcode) {
    case SpvOpSDot: return "OpSDot";
    case SpvOpUDot: return "OpUDot";
    case SpvOpSUDot: return "OpSUDot";
    case SpvOpSDotAccSat: return "OpSDotAccSat";
    case SpvOpUDotAccSat: return "OpUDotAccSat";
    case SpvOpSUDotAccSat: return "OpSUDotAccSat";
    default: return nullptr;
  }
}

// One dot product instruction: where it is, and its two input operands' ids.
struct DotInstruction {
  std::uint32_t opcode = 0;
  std::size_t word = 0;
  std::uint32_t inputs[2] = {0, 0};
  bool packed_format = false;  // the optional Packed Vector Format operand is there
};

// An integer or vector type: its components' width and count (1 for a scalar).
struct IntegerShape {
  std::uint32_t width = 0, count = 0;
};

struct ModuleScan {
  std::vector<std::uint32_t> capabilities;
  std::unordered_map<std::uint32_t, std::uint32_t> type_of;     // value id -> type id
  std::unordered_map<std::uint32_t, IntegerShape> integer_types;  // type id -> shape
  std::vector<DotInstruction> dots;
  std::size_t word = 5;  // the next instruction's first word (after the header)
};

spv_result_t scan_instruction(void* user, const spv_parsed_instruction_t* i) {
  auto& scan = *static_cast<ModuleScan*>(user);
  auto operand = [i](int n) { return i->words[i->operands[n].offset]; };
  if (i->opcode == SpvOpCapability && i->num_operands >= 1) scan.capabilities.push_back(operand(0));
  if (i->opcode == SpvOpTypeInt && i->num_operands >= 2)
    scan.integer_types[i->result_id] = {operand(1), 1};
  if (i->opcode == SpvOpTypeVector && i->num_operands >= 3) {
    auto component = scan.integer_types.find(operand(1));
    if (component != scan.integer_types.end())
      scan.integer_types[i->result_id] = {component->second.width, operand(2)};
  }
  if (i->result_id != 0 && i->type_id != 0) scan.type_of[i->result_id] = i->type_id;
  if (op_name(i->opcode) != nullptr && i->num_operands >= 4) {
    DotInstruction dot;
    dot.opcode = i->opcode;
    dot.word = scan.word;
    dot.inputs[0] = operand(2);
    dot.inputs[1] = operand(3);
    const bool accumulates = i->opcode == SpvOpSDotAccSat || i->opcode == SpvOpUDotAccSat ||
                             i->opcode == SpvOpSUDotAccSat;
    dot.packed_format = i->num_operands > (accumulates ? 5u : 4u);
    scan.dots.push_back(dot);
  }
  scan.word += i->num_words;
  return SPV_SUCCESS;
}

// What one input operand of `dot` takes, against the capabilities declared: "" when allowed.
std::string input_problem(const ModuleScan& scan, const DotInstruction& dot, int n,
                          bool packed_declared, bool vector_declared) {
  const std::string what = std::string("word ") + std::to_string(dot.word) + ": " +
                           op_name(dot.opcode) + "'s Vector " + std::to_string(n + 1);
  auto type = scan.type_of.find(dot.inputs[n]);
  auto shape = type == scan.type_of.end() ? scan.integer_types.end()
                                          : scan.integer_types.find(type->second);
  if (shape == scan.integer_types.end()) return what + " is not an integer or integer vector";
  const IntegerShape s = shape->second;
  if (s.count == 1) {
    if (s.width != 32 || !dot.packed_format)
      return what + " is a scalar of " + std::to_string(s.width) + " bits" +
             (dot.packed_format ? "" : " without a Packed Vector Format") +
             ": only 32-bit scalars with PackedVectorFormat4x8Bit are packed vectors (SPIR-V "
             "specification, " + op_name(dot.opcode) + ")";
    if (!packed_declared)
      return what + " is a packed vector, which needs the capability DotProductInput4x8BitPacked "
                    "the module does not declare (SPIR-V specification, " + op_name(dot.opcode) + ")";
    return {};
  }
  if (dot.packed_format)
    return what + " is a vector, for which a Packed Vector Format must not be given (SPIR-V "
                  "specification, " + op_name(dot.opcode) + ")";
  if (s.width != 8 || s.count != 4)
    return what + " is a vector of " + std::to_string(s.count) + " " + std::to_string(s.width) +
           "-bit integers, which only the capability DotProductInputAll allows; the device takes "
           "vectors of four 8-bit integers (DotProductInput4x8Bit; " + kEnvironment + ")";
  if (!vector_declared)
    return what + " is a vector of four 8-bit integers, which needs the capability "
                  "DotProductInput4x8Bit the module does not declare (SPIR-V specification, " +
           op_name(dot.opcode) + ")";
  return {};
}

}  // namespace

std::string integer_dot_product_problems(const std::vector<std::uint32_t>& words,
                                         const TargetDevice& device) {
  ModuleScan scan;
  spv_context context = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
  const spv_result_t parsed =
      spvBinaryParse(context, &scan, words.data(), words.size(), nullptr, scan_instruction, nullptr);
  spvContextDestroy(context);
  if (parsed != SPV_SUCCESS) return std::string(kLog) + "the module cannot be parsed\n";

  auto declares = [&](std::uint32_t capability) {
    return std::find(scan.capabilities.begin(), scan.capabilities.end(), capability) !=
           scan.capabilities.end();
  };
  std::string log;
  const bool extension = claims(device, "cl_khr_integer_dot_product");
  for (const DotCapability& c : kCapabilities) {
    if (!declares(c.id)) continue;
    const std::string declared = std::string(kLog) + "the module declares the capability " + c.name;
    if (!extension)
      log += declared + ", which the device takes only with cl_khr_integer_dot_product (not in "
                        "CL_DEVICE_EXTENSIONS; " + kEnvironment + ")\n";
    else if (c.input == kNever)
      log += declared + ", which cl_khr_integer_dot_product does not allow: the device takes "
                        "DotProduct, DotProductInput4x8Bit and DotProductInput4x8BitPacked, the "
                        "inputs CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR can report (" +
             kEnvironment + ")\n";
    else if ((c.input & kIntegerDotProductInputs) != c.input)
      log += declared + ", an input CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR does not "
                        "report (" + kEnvironment + ")\n";
  }
  const bool packed = declares(SpvCapabilityDotProductInput4x8BitPacked);
  const bool vector = declares(SpvCapabilityDotProductInput4x8Bit);
  for (const DotInstruction& dot : scan.dots)
    for (int n = 0; n < 2; ++n)
      if (std::string problem = input_problem(scan, dot, n, packed, vector); !problem.empty())
        log += std::string(kLog) + problem + "\n";
  return log;
}

}  // namespace clvet::interp
