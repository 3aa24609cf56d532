// clvet's compact form of a kernel program: flat instruction arrays with register-index
// operands, constants pre-evaluated into byte images, built-ins resolved to function pointers.
// Nothing here refers to LLVM: the engine runs on this alone.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "clvet/interp/builtin_abi.h"
#include "clvet/interp/executable.h"

namespace clvet::interp::ir {

// Element types of registers. I1 is stored as one byte (0 or 1) per element.
enum class Ty : std::uint8_t { I1, I8, I16, I32, I64, F16, F32, F64, Ptr, Agg };

inline unsigned ty_size(Ty t) {
  switch (t) {
    case Ty::I1: case Ty::I8: return 1;
    case Ty::I16: case Ty::F16: return 2;
    case Ty::I32: case Ty::F32: return 4;
    default: return 8;
  }
}

enum class Op : std::uint16_t {
  // Arithmetic over `width` elements of `ty`: dst = a op b.
  Add, Sub, Mul, UDiv, SDiv, URem, SRem, Shl, LShr, AShr, And, Or, Xor,
  FAdd, FSub, FMul, FDiv, FRem, FNeg,
  ICmp, FCmp,          // imm: the predicate (llvm::CmpInst numbering); dst elements are I1
  Select,              // dst = a ? b : c; flags & kScalarCondition: a is one I1 per lane
  Cast,                // imm: the cast opcode (CastKind), aux: source Ty, aux2: source width bits
  Copy,                // dst = a, `size` bytes (bitcast, freeze, addrspacecast, ptr/int of same size)
  Load, Store,         // Load: dst = *a; Store: *b = a (size bytes); aux: address space
  Gep,                 // dst = a + imm + sum(extra index regs * scales)
  ExtractElement, InsertElement, ShuffleVector,
  ExtractValue, InsertValue,  // imm: byte offset, size: the member's size
  AtomicRMW, CmpXchg,  // imm: the operation; aux: address space
  Call,                // a user function (callee index in imm)
  CallBuiltin,         // a built-in (builtin index in imm)
  Intrinsic,           // an LLVM intrinsic handled by the engine (imm: IntrinsicKind)
  Barrier,             // barrier / work_group_barrier (imm: fence flags)
  Nop,
  // Terminators.
  Br, CondBr, Switch, Ret, Unreachable,
};

enum class CastKind : std::uint8_t {
  Trunc, ZExt, SExt, FPTrunc, FPExt, FPToUI, FPToSI, UIToFP, SIToFP,
};

enum class IntrinsicKind : std::uint16_t {
  Memcpy, Memmove, Memset,
  FMulAdd, Fma, FAbs, Sqrt, MinNum, MaxNum, Minimum, Maximum, CopySign,
  Floor, Ceil, Trunc, Rint, NearbyInt, Round, RoundEven,
  Abs, SMin, SMax, UMin, UMax,
  FShl, FShr, CtPop, CtLz, CtTz, BSwap, BitReverse,
  SAddSat, UAddSat, SSubSat, USubSat,
  SAddOverflow, UAddOverflow, SSubOverflow, USubOverflow, SMulOverflow, UMulOverflow,
  ReduceAdd, ReduceMul, ReduceAnd, ReduceOr, ReduceXor,
  ReduceSMax, ReduceSMin, ReduceUMax, ReduceUMin, ReduceFAdd, ReduceFMul, ReduceFMax, ReduceFMin,
  // clvet's own, before a load or store through an element of a static array (`a[i]` of
  // `T a[N]`): index register `a` (its type `ty`, `bits`) must be in [0, N), N being
  // Function::extra_imm[extra]; `b`: the array's description in Module::arrays; `size`: the
  // access's bytes; no result. An index past the array is out of bounds even where the
  // address lands in the enclosing object (the next struct member, the next row).
  IndexCheck,
};

inline constexpr std::uint8_t kScalarCondition = 1;  // Select with one condition per lane
inline constexpr std::uint8_t kVolatile = 2;

struct Instr {
  Op op = Op::Nop;
  Ty ty = Ty::I32;
  std::uint8_t flags = 0;
  std::uint8_t aux = 0;
  std::uint16_t width = 1;       // vector elements of the result (or of the operand for Store)
  std::uint16_t aux2 = 0;
  std::uint32_t dst = 0;
  std::uint32_t a = 0, b = 0, c = 0;
  std::uint32_t size = 0;        // bytes (Load/Store/Copy/ExtractValue...)
  std::uint32_t extra = 0;       // index into Function::extra
  std::uint32_t extra_count = 0;
  std::int64_t imm = 0;
  std::uint32_t line = 0, column = 0;  // source position (debug info), 0 when unknown
  // Integers narrower than their register element (i2, i24...): the width in bits, 0 when the
  // element's own. Values are kept zero-extended; arithmetic wraps at this width.
  std::uint8_t bits = 0;
};

// A register: `size` bytes per lane.
struct Register {
  std::uint32_t size = 0;
  Ty ty = Ty::I32;
  std::uint16_t width = 1;
};

// Bytes of a constant, and the global addresses to patch into them when a frame is set up.
struct Relocation {
  std::uint32_t offset = 0;      // within the constant's bytes
  std::uint32_t global = 0;      // index into Module::globals
  std::int64_t addend = 0;
};
struct ConstantValue {
  std::uint32_t reg = 0;
  std::vector<std::uint8_t> bytes;
  std::vector<Relocation> relocations;
};

struct PhiCopy {
  std::uint32_t dst = 0, src = 0, size = 0;
};

struct Block {
  std::uint32_t first = 0, end = 0;  // instructions [first, end); the last is the terminator
  std::uint32_t ipdom = 0;           // immediate post-dominator block (kExitBlock: none)
  std::uint32_t phi_first = 0, phi_count = 0;  // into Function::phi_entries: tmp -> phi copies
};
inline constexpr std::uint32_t kExitBlock = 0xffffffffu;

// An edge's phi copies (into the phis' incoming temporaries), and its target.
struct Edge {
  std::uint32_t target = 0;
  std::uint32_t copy_first = 0, copy_count = 0;  // into Function::edge_copies
};

struct Alloca {
  std::uint32_t reg = 0;
  std::uint32_t offset = 0;  // within the frame's private area of one lane
  std::uint32_t size = 0;
  std::uint32_t align = 16;  // what its type asks for (at least 16)
};

struct Function {
  std::string name;
  std::vector<Register> registers;
  std::vector<Instr> code;
  std::vector<Block> blocks;
  std::vector<Edge> edges;
  std::vector<PhiCopy> edge_copies;
  std::vector<PhiCopy> phi_entries;
  std::vector<std::uint32_t> extra;     // variable-length operands
  std::vector<std::int64_t> extra_imm;  // GEP scales, switch case values, shuffle masks
  std::vector<ConstantValue> constants;
  std::vector<Alloca> allocas;
  std::uint32_t private_size = 0;       // bytes per lane for allocas
  std::uint32_t private_align = 16;     // the largest alignment an alloca asks for (at least 16)
  std::vector<std::uint32_t> params;    // parameter registers
  // Per parameter: a struct passed by value (LLVM's byval, how Clang and the SPIR-V translator
  // pass a kernel's struct argument) is a pointer to the callee's own copy of these many bytes,
  // aligned to byval_align; 0 for every other parameter.
  std::vector<std::uint32_t> byval_size, byval_align;
  std::uint32_t return_reg = 0;         // kNoRegister for void
  std::uint32_t return_size = 0;
};
inline constexpr std::uint32_t kNoRegister = 0xffffffffu;

// A call's argument description for built-ins: register and the type the built-in sees.
struct BuiltinArg {
  std::uint32_t reg = 0;
  Scalar scalar = Scalar::Void;
  std::uint8_t width = 1;
  bool pointer = false;
  std::uint8_t address_space = 0;
};
struct BuiltinSite {
  BuiltinFn fn = nullptr;
  std::string name;
  std::vector<BuiltinArg> args;
  BuiltinArg result;
  std::uint32_t result_size = 0;
};

struct Global {
  std::string name;
  std::uint8_t address_space = 0;
  std::uint64_t size = 0, align = 1;
  std::vector<std::uint8_t> init;        // empty: zero
  std::vector<Relocation> relocations;
  std::uint64_t local_offset = 0;        // __local globals: offset in the work-group arena
  std::string source_name;               // as declared ("tile"); empty for the compiler's own
  std::string function;                  // a function-scope variable's kernel or function
};

struct Module {
  std::vector<Function> functions;
  std::vector<BuiltinSite> builtins;
  std::vector<Global> globals;
  std::vector<std::uint32_t> kernel_functions;  // index into functions, per KernelInfo
  std::vector<KernelInfo> kernels;
  std::uint64_t local_globals_size = 0;
  std::uint64_t global_globals_size = 0;  // program-scope __global/__constant bytes
  // Atomics on global memory make results depend on the order work-groups run in: such
  // programs run their groups one after another, in order, unless CLVET_THREADS says otherwise.
  bool global_atomics = false;
  std::vector<std::string> arrays;       // IndexCheck: "array 'items' in private variable 's'"
  // The source files the debug info names (the program's main source first): an
  // instruction's `line` carries its file's index here (clvet/interp/source_position.h).
  std::vector<std::string> files;
};

// Decodes a linked executable's bitcode, resolving each built-in call through
// `resolve_builtin` (the engine's BuiltinRegistry). False (with a message naming what is
// unsupported) when some instruction, intrinsic or built-in cannot be executed exactly.
bool decode_module(const Bytes& bitcode, Module& out, std::string& error,
                   Resolver resolve_builtin);

}  // namespace clvet::interp::ir
