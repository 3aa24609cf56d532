// SPIR-V's integer dot products on the reference device through the API (clCreateProgramWithIL):
// the OpenCL SPIR-V environment's §5.2.24 (cl_khr_integer_dot_product) has a device with the
// extension accept modules that declare DotProduct, DotProductInput4x8BitPacked and (with
// CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR) DotProductInput4x8Bit, under
// SPV_KHR_integer_dot_product in SPIR-V 1.0-1.5 and as core capabilities in 1.6. Modules
// assembled here from text run OpSDot, OpUDot, OpSUDot and their AccSat forms, on 32-bit packed
// and four-8-bit vector inputs, with results of 8, 16, 32 and 64 bits, against the host's
// computation of the SPIR-V specification's definition; modules that use what the environment
// does not allow fail their build with a log that names it.
#include <spirv-tools/libspirv.hpp>

#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include <CL/cl_ext.h>

#include "reference_device.h"

namespace clvet::test {
namespace {

enum class Op { SDot, UDot, SUDot };
constexpr Op kOps[] = {Op::SDot, Op::UDot, Op::SUDot};
constexpr unsigned kWidths[] = {8, 16, 32, 64};
constexpr std::size_t kItems = 1024;

const char* op_name(Op op) {
  return op == Op::SDot ? "SDot" : op == Op::UDot ? "UDot" : "SUDot";
}
bool signed_a(Op op) { return op != Op::UDot; }
bool signed_b(Op op) { return op == Op::SDot; }

// One kernel of the module: out[i] = Op(a[i], b[i][, acc[i]]) with a result of `width` bits.
struct DotKernel {
  Op op;
  bool accumulate, packed;
  unsigned width;
  std::string name() const {
    return std::string(op_name(op)) + (accumulate ? "AccSat" : "") + (packed ? "_packed_" : "_v4_") +
           std::to_string(width);
  }
};

std::vector<DotKernel> every_kernel() {
  std::vector<DotKernel> kernels;
  for (Op op : kOps)
    for (bool accumulate : {false, true})
      for (bool packed : {false, true})
        for (unsigned width : kWidths) kernels.push_back({op, accumulate, packed, width});
  return kernels;
}

// How a module spells the instructions: SPIR-V 1.`minor`, under the extension (its KHR names and
// OpExtension) or, in 1.6, as core SPIR-V with no extension declared.
struct Spelling {
  unsigned minor;
  bool extension;
};

spv_target_env environment(unsigned minor) {
  constexpr spv_target_env kEnvironments[] = {
      SPV_ENV_UNIVERSAL_1_0, SPV_ENV_UNIVERSAL_1_1, SPV_ENV_UNIVERSAL_1_2, SPV_ENV_UNIVERSAL_1_3,
      SPV_ENV_UNIVERSAL_1_4, SPV_ENV_UNIVERSAL_1_5, SPV_ENV_UNIVERSAL_1_6};
  return kEnvironments[minor];
}

std::string type_of_width(unsigned width) { return "%i" + std::to_string(width); }

// The text of one kernel (its ids suffixed by its index: ids are the module's).
std::string kernel_text(const DotKernel& k, std::size_t index, bool khr) {
  const std::string n = std::to_string(index), r = type_of_width(k.width),
                    pr = "%p" + std::to_string(k.width), align = std::to_string(k.width / 8);
  std::string t = "%k" + n + " = OpFunction %void None %fn" + std::to_string(k.width) + "\n";
  t += "%out" + n + " = OpFunctionParameter " + pr + "\n";
  t += "%a" + n + " = OpFunctionParameter %p32\n";
  t += "%b" + n + " = OpFunctionParameter %p32\n";
  t += "%acc" + n + " = OpFunctionParameter " + pr + "\n";
  t += "%entry" + n + " = OpLabel\n";
  t += "%ids" + n + " = OpLoad %v3i64 %gid Aligned 32\n";
  t += "%gx" + n + " = OpCompositeExtract %i64 %ids" + n + " 0\n";
  t += "%pa" + n + " = OpInBoundsPtrAccessChain %p32 %a" + n + " %gx" + n + "\n";
  t += "%pb" + n + " = OpInBoundsPtrAccessChain %p32 %b" + n + " %gx" + n + "\n";
  if (k.packed) {
    t += "%va" + n + " = OpLoad %i32 %pa" + n + " Aligned 4\n";
    t += "%vb" + n + " = OpLoad %i32 %pb" + n + " Aligned 4\n";
  } else {
    t += "%qa" + n + " = OpBitcast %pv4 %pa" + n + "\n";
    t += "%qb" + n + " = OpBitcast %pv4 %pb" + n + "\n";
    t += "%va" + n + " = OpLoad %v4i8 %qa" + n + " Aligned 4\n";
    t += "%vb" + n + " = OpLoad %v4i8 %qb" + n + " Aligned 4\n";
  }
  std::string operands = "%va" + n + " %vb" + n;
  if (k.accumulate) {
    t += "%pc" + n + " = OpInBoundsPtrAccessChain " + pr + " %acc" + n + " %gx" + n + "\n";
    t += "%vc" + n + " = OpLoad " + r + " %pc" + n + " Aligned " + align + "\n";
    operands += " %vc" + n;
  }
  if (k.packed) operands += khr ? " PackedVectorFormat4x8BitKHR" : " PackedVectorFormat4x8Bit";
  t += "%r" + n + " = Op" + op_name(k.op) + (k.accumulate ? "AccSat" : "") + (khr ? "KHR " : " ") + r +
       " " + operands + "\n";
  t += "%po" + n + " = OpInBoundsPtrAccessChain " + pr + " %out" + n + " %gx" + n + "\n";
  t += "OpStore %po" + n + " %r" + n + " Aligned " + align + "\nOpReturn\nOpFunctionEnd\n";
  return t;
}

// A module of `kernels` in `spelling`, declaring `capabilities` (their core names; the KHR
// spelling appends KHR).
std::string module_text(const std::vector<DotKernel>& kernels, const Spelling& spelling,
                        const std::vector<std::string>& capabilities) {
  const bool khr = spelling.extension;
  std::string t = "OpCapability Addresses\nOpCapability Kernel\nOpCapability Int64\n"
                  "OpCapability Int8\nOpCapability Int16\n";
  for (const std::string& c : capabilities) t += "OpCapability " + c + (khr ? "KHR\n" : "\n");
  if (spelling.extension) t += "OpExtension \"SPV_KHR_integer_dot_product\"\n";
  t += "OpMemoryModel Physical64 OpenCL\n";
  for (std::size_t i = 0; i < kernels.size(); ++i)
    t += "OpEntryPoint Kernel %k" + std::to_string(i) + " \"" + kernels[i].name() + "\" %gid\n";
  t += R"(OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %gid Constant
%void = OpTypeVoid
%i8 = OpTypeInt 8 0
%i16 = OpTypeInt 16 0
%i32 = OpTypeInt 32 0
%i64 = OpTypeInt 64 0
%v4i8 = OpTypeVector %i8 4
%v3i64 = OpTypeVector %i64 3
%pid = OpTypePointer Input %v3i64
%gid = OpVariable %pid Input
%p8 = OpTypePointer CrossWorkgroup %i8
%p16 = OpTypePointer CrossWorkgroup %i16
%p32 = OpTypePointer CrossWorkgroup %i32
%p64 = OpTypePointer CrossWorkgroup %i64
%pv4 = OpTypePointer CrossWorkgroup %v4i8
%fn8 = OpTypeFunction %void %p8 %p32 %p32 %p8
%fn16 = OpTypeFunction %void %p16 %p32 %p32 %p16
%fn32 = OpTypeFunction %void %p32 %p32 %p32 %p32
%fn64 = OpTypeFunction %void %p64 %p32 %p32 %p64
)";
  for (std::size_t i = 0; i < kernels.size(); ++i) t += kernel_text(kernels[i], i, khr);
  return t;
}

std::vector<std::uint32_t> assemble(const std::string& text, unsigned minor) {
  spvtools::SpirvTools tools(environment(minor));
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t& at,
                               const char* message) {
    messages += "line " + std::to_string(at.line) + ": " + message + "\n";
  });
  std::vector<std::uint32_t> words;
  EXPECT_TRUE(tools.Assemble(text, &words)) << messages;
  return words;
}

// Builds `words` on the device: the program, or null with the build log in `log`.
cl_program build_il(ReferenceDevice& dev, const std::vector<std::uint32_t>& words, std::string& log,
                    cl_int& err) {
  cl_program p = clCreateProgramWithIL(dev.context, words.data(), words.size() * 4, &err);
  if (err != CL_SUCCESS) return nullptr;
  err = clBuildProgram(p, 1, &dev.device, "", nullptr, nullptr);
  std::size_t size = 0;
  clGetProgramBuildInfo(p, dev.device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
  log.assign(size, '\0');
  clGetProgramBuildInfo(p, dev.device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
  if (err == CL_SUCCESS) return p;
  clReleaseProgram(p);
  return nullptr;
}

// Wide enough for a 64-bit accumulator plus a dot product, of either signedness.
__extension__ typedef __int128 Int128;

// The host's computation (SPIR-V specification, OpSDot ... OpSUDotAccSat): each input's four
// components (component c in bits 8c to 8c + 7, a vector's component c at byte c) sign-extended
// for a signed input and zero-extended otherwise, multiplied, summed exactly; the result's low
// `width` bits, or for AccSat the sum plus the accumulator clamped to the result's range (signed
// for SDot and SUDot, unsigned for UDot). False where the specification leaves the result
// undefined (AccSat whose sum alone overflows the result type).
std::int64_t component(std::uint32_t v, int c, bool is_signed) {
  const std::uint8_t byte = std::uint8_t(v >> (8 * c));
  return is_signed ? std::int64_t(std::int8_t(byte)) : std::int64_t(byte);
}
bool expected_result(const DotKernel& k, std::uint32_t a, std::uint32_t b, std::uint64_t acc,
                     std::uint64_t& result) {
  std::int64_t dot = 0;
  for (int c = 0; c < 4; ++c)
    dot += component(a, c, signed_a(k.op)) * component(b, c, signed_b(k.op));
  const std::uint64_t mask = k.width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << k.width) - 1;
  if (!k.accumulate) {
    result = std::uint64_t(dot) & mask;
    return true;
  }
  const bool is_signed = k.op != Op::UDot;
  const Int128 lo = is_signed ? -(Int128{1} << (k.width - 1)) : 0;
  const Int128 hi = is_signed ? (Int128{1} << (k.width - 1)) - 1 : (Int128{1} << k.width) - 1;
  if (dot < lo || dot > hi) return false;
  Int128 accumulator = acc & mask;
  if (is_signed && accumulator > hi) accumulator -= Int128{1} << k.width;
  Int128 sum = dot + accumulator;
  sum = sum < lo ? lo : sum > hi ? hi : sum;
  result = std::uint64_t(sum) & mask;
  return true;
}

std::uint64_t next(std::uint64_t& state) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return state >> 11 ^ state << 21;
}

// Inputs: every pair of edge words (bytes 0x00, 0x01, 0x7f, 0x80, 0x81, 0xff), then words of
// small components (0..5, of either sign, -5..5), whose sums fit 8-bit results, of medium ones
// (0..63, -64..63), whose sums fit 16-bit results, and of random bytes.
void make_inputs(std::vector<cl_uint>& a, std::vector<cl_uint>& b) {
  const cl_uint kEdges[] = {0x00000000u, 0x01010101u, 0x7f7f7f7fu, 0x80808080u, 0x81818181u,
                            0xffffffffu, 0x807f01ffu, 0x7f80ff01u};
  std::size_t i = 0;
  for (cl_uint x : kEdges)
    for (cl_uint y : kEdges) a[i] = x, b[i++] = y;
  std::uint64_t seed = 16;
  auto word = [&](int lo, int hi) {
    std::uint32_t w = 0;
    for (int c = 0; c < 4; ++c)
      w |= std::uint32_t(std::uint8_t(lo + int(next(seed) % std::uint64_t(hi - lo + 1)))) << (8 * c);
    return w;
  };
  for (; i < a.size(); ++i) {
    switch (i % 5) {
      case 0: a[i] = word(0, 5), b[i] = word(0, 5); break;
      case 1: a[i] = word(-5, 5), b[i] = word(-5, 5); break;
      case 2: a[i] = word(0, 63), b[i] = word(0, 63); break;
      case 3: a[i] = word(-64, 63), b[i] = word(-64, 63); break;
      default: a[i] = std::uint32_t(next(seed)), b[i] = std::uint32_t(next(seed)); break;
    }
  }
}

// Accumulators of `width` bits: the range's ends and values next to them (where a sum saturates
// or just does not), 0 and -1, and random ones.
std::vector<std::uint64_t> make_accumulators(unsigned width, std::size_t n) {
  const std::uint64_t mask = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
  const std::uint64_t smax = mask >> 1, smin = smax + 1;
  const std::uint64_t kEdges[] = {0,        1,        mask,      smax,      smin,     smax - 1,
                                  smin + 1, mask - 1, smax - 50, smin + 50, mask - 99, 99};
  std::vector<std::uint64_t> acc(n);
  std::uint64_t seed = width;
  for (std::size_t i = 0; i < n; ++i)
    acc[i] = (i % 3 ? kEdges[(i / 3) % std::size(kEdges)] : next(seed)) & mask;
  return acc;
}

// Values of `width` bits as the bytes of a buffer of that type (little-endian host).
std::vector<std::uint8_t> as_bytes(const std::vector<std::uint64_t>& values, unsigned width) {
  std::vector<std::uint8_t> bytes(values.size() * width / 8);
  for (std::size_t i = 0; i < values.size(); ++i)
    std::memcpy(bytes.data() + i * width / 8, &values[i], width / 8);
  return bytes;
}
std::uint64_t value_at(const std::vector<std::uint8_t>& bytes, std::size_t i, unsigned width) {
  std::uint64_t v = 0;
  std::memcpy(&v, bytes.data() + i * width / 8, width / 8);
  return v;
}

std::vector<std::string> allowed_capabilities() {
  return {"DotProduct", "DotProductInput4x8Bit", "DotProductInput4x8BitPacked"};
}

class SpirvIntegerDotProduct : public ::testing::TestWithParam<Spelling> {};

// Every instruction, input form and result width, against the host.
TEST_P(SpirvIntegerDotProduct, EveryFormAgainstTheHost) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  const std::vector<DotKernel> kernels = every_kernel();
  const std::vector<std::uint32_t> words =
      assemble(module_text(kernels, GetParam(), allowed_capabilities()), GetParam().minor);
  ASSERT_FALSE(words.empty());
  ASSERT_EQ(words[1], 0x00010000u | GetParam().minor << 8);
  std::string log;
  cl_int err = CL_SUCCESS;
  cl_program program = build_il(dev, words, log, err);
  ASSERT_NE(program, nullptr) << "error " << err << ":\n" << log;
  std::vector<cl_uint> a(kItems), b(kItems);
  make_inputs(a, b);
  cl_mem ma = dev.buffer(a), mb = dev.buffer(b);
  for (const DotKernel& k : kernels) {
    SCOPED_TRACE(k.name());
    const std::vector<std::uint64_t> acc = make_accumulators(k.width, kItems);
    std::vector<std::uint8_t> out(kItems * k.width / 8, 0xa5);
    cl_mem mc = dev.buffer(as_bytes(acc, k.width)), mo = dev.buffer(out);
    cl_kernel kernel = clCreateKernel(program, k.name().c_str(), &err);
    ASSERT_EQ(err, CL_SUCCESS);
    ASSERT_EQ(dev.run(kernel, {kItems}, {}, mo, ma, mb, mc), CL_SUCCESS);
    clReleaseKernel(kernel);
    out = dev.read<std::uint8_t>(mo, out.size());
    std::size_t compared = 0, wrong = 0;
    for (std::size_t i = 0; i < kItems; ++i) {
      std::uint64_t want = 0;
      if (!expected_result(k, a[i], b[i], acc[i], want)) continue;
      ++compared;
      const std::uint64_t got = value_at(out, i, k.width);
      if (got != want && ++wrong <= 4)
        ADD_FAILURE() << std::hex << "a 0x" << a[i] << ", b 0x" << b[i] << ", acc 0x" << acc[i]
                      << ": got 0x" << got << ", want 0x" << want;
    }
    EXPECT_EQ(wrong, 0u);
    // Every defined result is compared: all of them but for AccSat of 8 and 16 bits, whose
    // sums of components 0..5 (8 bits; a fifth of the inputs after the 64 edge pairs) or 0..5
    // and 0..63 (16 bits; two fifths) always fit.
    const std::size_t tier = (kItems - 64) / 5;
    EXPECT_GE(compared, !k.accumulate || k.width > 16 ? kItems : k.width == 16 ? 2 * tier : tier);
  }
  clReleaseProgram(program);
}

std::string spelling_name(const ::testing::TestParamInfo<Spelling>& info) {
  return "Spirv1" + std::to_string(info.param.minor) + (info.param.extension ? "Extension" : "Core");
}

INSTANTIATE_TEST_SUITE_P(Versions, SpirvIntegerDotProduct,
                         ::testing::Values(Spelling{0, true}, Spelling{1, true}, Spelling{2, true},
                                           Spelling{3, true}, Spelling{4, true}, Spelling{5, true},
                                           Spelling{6, false}, Spelling{6, true}),
                         spelling_name);

// A module whose build must fail: the log names `named`.
void expect_refused(const std::string& text, unsigned minor, const std::string& named) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  const std::vector<std::uint32_t> words = assemble(text, minor);
  ASSERT_FALSE(words.empty());
  std::string log;
  cl_int err = CL_SUCCESS;
  cl_program program = build_il(dev, words, log, err);
  EXPECT_EQ(program, nullptr);
  EXPECT_EQ(err, CL_BUILD_PROGRAM_FAILURE);
  EXPECT_NE(log.find(named), std::string::npos) << log;
}

// CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR and what the SPIR-V front end takes agree: each
// input the query reports is a capability a module may declare and use (above), and
// DotProductInputAll, which no bit of the query can report, is refused, whatever the module
// computes with it; so are the inputs a module uses without declaring their capability.
TEST(SpirvIntegerDotProductLimits, CapabilitiesFollowTheQuery) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_device_integer_dot_product_capabilities_khr reported = 0;
  ASSERT_EQ(clGetDeviceInfo(dev.device, CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR,
                            sizeof reported, &reported, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(reported, cl_device_integer_dot_product_capabilities_khr(
                          CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR |
                          CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR));
  const DotKernel vector{Op::SUDot, true, false, 32}, packed{Op::SDot, false, true, 16};
  for (const Spelling& s : {Spelling{5, true}, Spelling{6, false}}) {
    SCOPED_TRACE(s.minor);
    for (const DotKernel& k : {vector, packed}) {
      std::vector<std::string> declared = {"DotProduct",
                                           k.packed ? "DotProductInput4x8BitPacked" : "DotProductInput4x8Bit"};
      std::string log;
      cl_int err = CL_SUCCESS;
      cl_program p = build_il(dev, assemble(module_text({k}, s, declared), s.minor), log, err);
      EXPECT_NE(p, nullptr) << log;
      if (p) clReleaseProgram(p);
    }
    std::vector<std::string> all = allowed_capabilities();
    all.push_back("DotProductInputAll");
    expect_refused(module_text({vector}, s, all), s.minor, "DotProductInputAll");
    expect_refused(module_text({vector}, s, {"DotProduct", "DotProductInput4x8BitPacked"}), s.minor,
                   "DotProductInput4x8Bit ");
    expect_refused(module_text({packed}, s, {"DotProduct", "DotProductInput4x8Bit"}), s.minor,
                   "DotProductInput4x8BitPacked");
  }
}

// Inputs of other types than 4x8 bits need DotProductInputAll: a module that declares it is
// refused before it computes anything, and one that uses such inputs without declaring it
// (which SPIRV-Tools 2023.1 lets pass) is refused naming the operand.
TEST(SpirvIntegerDotProductLimits, WiderInputsAreRefused) {
  const std::string head = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpCapability Int16
OpCapability DotProduct
OpCapability DotProductInput4x8Bit
OpCapability DotProductInput4x8BitPacked
)";
  const std::string body = R"(
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "wide"
%void = OpTypeVoid
%i16 = OpTypeInt 16 0
%i32 = OpTypeInt 32 0
%v3i16 = OpTypeVector %i16 3
%p = OpTypePointer CrossWorkgroup %v3i16
%po = OpTypePointer CrossWorkgroup %i32
%fn = OpTypeFunction %void %po %p
%k = OpFunction %void None %fn
%out = OpFunctionParameter %po
%in = OpFunctionParameter %p
%entry = OpLabel
%v = OpLoad %v3i16 %in Aligned 8
%r = OpSDot %i32 %v %v
OpStore %out %r Aligned 4
OpReturn
OpFunctionEnd
)";
  expect_refused(head + body, 6, "vector of 3 16-bit integers");
  expect_refused(head + "OpCapability DotProductInputAll\n" + body, 6, "DotProductInputAll");
}

}  // namespace
}  // namespace clvet::test
