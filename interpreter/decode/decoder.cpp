// The decoder: reads a linked executable's LLVM IR once and lowers every function a kernel can
// reach into the compact form of program_ir.h. All LLVM lookups happen here; what cannot be
// executed exactly is refused here, with its name, so that a kernel never runs wrongly.
#include <llvm/ADT/MapVector.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <fmt/format.h>

#include <unordered_map>

#include "clvet/interp/source_position.h"
#include "decode/program_ir.h"
#include "decode/variable_names.h"
#include "frontend/array_index_checks.h"
#include "frontend/module_io.h"

namespace clvet::interp::ir {
namespace {

std::string describe(const llvm::Value& v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  v.print(os);
  return s;
}

// The element type and width of a first-class LLVM type, or false for what has no register
// form (aggregates are handled by the caller).
bool element_of(llvm::Type* t, Ty& ty, unsigned& width) {
  width = 1;
  if (auto* v = llvm::dyn_cast<llvm::FixedVectorType>(t)) {
    width = v->getNumElements();
    t = v->getElementType();
  }
  if (t->isPointerTy()) { ty = Ty::Ptr; return true; }
  if (t->isHalfTy()) { ty = Ty::F16; return true; }
  if (t->isFloatTy()) { ty = Ty::F32; return true; }
  if (t->isDoubleTy()) { ty = Ty::F64; return true; }
  if (auto* i = llvm::dyn_cast<llvm::IntegerType>(t)) {
    // Odd widths the optimiser makes (i2 for a switch on i % 4, i24...) live in the next
    // container; instructions carry their exact width (Instr::bits).
    unsigned bits = i->getBitWidth();
    if (bits == 1) ty = Ty::I1;
    else if (bits <= 8) ty = Ty::I8;
    else if (bits <= 16) ty = Ty::I16;
    else if (bits <= 32) ty = Ty::I32;
    else if (bits <= 64) ty = Ty::I64;
    else return false;
    return true;
  }
  return false;
}

// The exact width of an integer (element) type when it is narrower than its container, else 0.
// The intrinsics that compute on floating-point values (a half's are done in float).
bool is_float_intrinsic(IntrinsicKind k) {
  switch (k) {
    case IntrinsicKind::FMulAdd: case IntrinsicKind::Fma: case IntrinsicKind::FAbs:
    case IntrinsicKind::Sqrt: case IntrinsicKind::MinNum: case IntrinsicKind::MaxNum:
    case IntrinsicKind::Minimum: case IntrinsicKind::Maximum: case IntrinsicKind::CopySign:
    case IntrinsicKind::Floor: case IntrinsicKind::Ceil: case IntrinsicKind::Trunc:
    case IntrinsicKind::Rint: case IntrinsicKind::NearbyInt: case IntrinsicKind::Round:
    case IntrinsicKind::RoundEven: case IntrinsicKind::ReduceFAdd: case IntrinsicKind::ReduceFMul:
    case IntrinsicKind::ReduceFMax: case IntrinsicKind::ReduceFMin:
      return true;
    default:
      return false;
  }
}

std::uint8_t odd_bits(llvm::Type* t) {
  if (auto* v = llvm::dyn_cast<llvm::VectorType>(t)) t = v->getElementType();
  auto* i = llvm::dyn_cast<llvm::IntegerType>(t);
  if (!i) return 0;
  unsigned bits = i->getBitWidth();
  return bits == 1 || bits == 8 || bits == 16 || bits == 32 || bits == 64 ? 0
                                                                          : static_cast<std::uint8_t>(bits);
}

Scalar scalar_of(Ty ty, bool is_signed) {
  switch (ty) {
    case Ty::I1: return Scalar::Bool;
    case Ty::I8: return is_signed ? Scalar::Char : Scalar::UChar;
    case Ty::I16: return is_signed ? Scalar::Short : Scalar::UShort;
    case Ty::I32: return is_signed ? Scalar::Int : Scalar::UInt;
    case Ty::I64: return is_signed ? Scalar::Long : Scalar::ULong;
    case Ty::F16: return Scalar::Half;
    case Ty::F32: return Scalar::Float;
    case Ty::F64: return Scalar::Double;
    default: return Scalar::ULong;
  }
}

class FunctionDecoder;

class ModuleDecoder {
 public:
  ModuleDecoder(llvm::Module& m, Module& out, Resolver resolve_builtin)
      : resolve_builtin(resolve_builtin), m_(m), dl_(m.getDataLayout()), out_(out) {}

  // The engine's built-in library, asked for each built-in the program calls.
  const Resolver resolve_builtin;

  bool run(std::string& error);

  std::uint32_t function_index(const llvm::Function* f) {
    auto it = function_index_.find(f);
    if (it != function_index_.end()) return it->second;
    std::uint32_t index = static_cast<std::uint32_t>(out_.functions.size());
    out_.functions.emplace_back();
    function_index_[f] = index;
    pending_.push_back(f);
    return index;
  }
  std::uint32_t global_index(const llvm::GlobalVariable* g) {
    auto it = global_index_.find(g);
    if (it != global_index_.end()) return it->second;
    std::uint32_t index = static_cast<std::uint32_t>(out_.globals.size());
    global_index_[g] = index;
    out_.globals.emplace_back();
    pending_globals_.push_back(g);
    return index;
  }

  // Writes constant `c` (of type `t`) into bytes at `offset`, recording global addresses.
  bool serialize(const llvm::Constant* c, std::vector<std::uint8_t>& bytes, std::uint64_t offset,
                 std::vector<Relocation>& relocs, std::string& error);

  const llvm::DataLayout& dl() const { return dl_; }

  // The index of the file a debug location is in, in Module::files.
  std::uint32_t file_index(llvm::StringRef file);
  // The index of an IndexCheck's array description in Module::arrays.
  std::uint32_t array_index(std::string description) {
    auto it = array_index_.find(description);
    if (it != array_index_.end()) return it->second;
    std::uint32_t index = static_cast<std::uint32_t>(out_.arrays.size());
    array_index_.emplace(description, index);
    out_.arrays.push_back(std::move(description));
    return index;
  }

 private:
  bool decode_global(const llvm::GlobalVariable* g, std::string& error);

  llvm::Module& m_;
  const llvm::DataLayout& dl_;
  Module& out_;
  std::unordered_map<const llvm::Function*, std::uint32_t> function_index_;
  std::unordered_map<const llvm::GlobalVariable*, std::uint32_t> global_index_;
  std::unordered_map<std::string, std::uint32_t> file_index_;
  std::unordered_map<std::string, std::uint32_t> array_index_;
  std::vector<const llvm::Function*> pending_;
  std::vector<const llvm::GlobalVariable*> pending_globals_;
  friend class FunctionDecoder;
};

// The register form of a value's type: element type, width and bytes per lane.
bool register_of(const llvm::DataLayout& dl, llvm::Type* t, Register& r) {
  Ty ty;
  unsigned width;
  if (element_of(t, ty, width)) {
    r = Register{ty_size(ty) * width, ty, static_cast<std::uint16_t>(width)};
    return true;
  }
  if (t->isStructTy() || t->isArrayTy()) {
    r = Register{static_cast<std::uint32_t>(dl.getTypeAllocSize(t)), Ty::Agg, 1};
    return true;
  }
  return false;
}

bool ModuleDecoder::serialize(const llvm::Constant* c, std::vector<std::uint8_t>& bytes,
                              std::uint64_t offset, std::vector<Relocation>& relocs,
                              std::string& error) {
  llvm::Type* t = c->getType();
  if (llvm::isa<llvm::UndefValue>(c) || llvm::isa<llvm::ConstantAggregateZero>(c) ||
      llvm::isa<llvm::ConstantPointerNull>(c))
    return true;  // bytes are zero already
  if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(c)) {
    std::uint64_t v = ci->getZExtValue();
    unsigned size = (ci->getBitWidth() + 7) / 8;  // odd widths (i2) in their container
    std::memcpy(bytes.data() + offset, &v, size);
    return true;
  }
  if (auto* cf = llvm::dyn_cast<llvm::ConstantFP>(c)) {
    llvm::APInt bits = cf->getValueAPF().bitcastToAPInt();
    std::uint64_t v = bits.getZExtValue();
    std::memcpy(bytes.data() + offset, &v, bits.getBitWidth() / 8);
    return true;
  }
  if (auto* cds = llvm::dyn_cast<llvm::ConstantDataSequential>(c)) {
    llvm::StringRef raw = cds->getRawDataValues();
    if (cds->getElementType()->isIntegerTy(1)) {
      for (unsigned i = 0; i < cds->getNumElements(); ++i)
        bytes[offset + i] = static_cast<std::uint8_t>(cds->getElementAsInteger(i));
      return true;
    }
    std::memcpy(bytes.data() + offset, raw.data(), raw.size());
    return true;
  }
  if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(c)) {
    relocs.push_back({static_cast<std::uint32_t>(offset), global_index(g), 0});
    return true;
  }
  if (t->isPointerTy()) {
    // A constant address: a global plus a constant offset (GEP / casts of a global).
    llvm::APInt off(64, 0);
    const llvm::Value* base = c->stripAndAccumulateConstantOffsets(dl_, off, true);
    if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(base)) {
      relocs.push_back({static_cast<std::uint32_t>(offset), global_index(g), off.getSExtValue()});
      return true;
    }
    if (llvm::isa<llvm::ConstantPointerNull>(base)) {
      std::uint64_t v = off.getZExtValue();
      std::memcpy(bytes.data() + offset, &v, 8);
      return true;
    }
    // An address written as an integer ((global int*)0x7fff00001000): a valid program, whose
    // accesses the engine judges when they run (outside every object: refused and reported).
    if (auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(base);
        ce && ce->getOpcode() == llvm::Instruction::IntToPtr) {
      if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(ce->getOperand(0))) {
        std::uint64_t v = ci->getZExtValue() + off.getZExtValue();
        std::memcpy(bytes.data() + offset, &v, 8);
        return true;
      }
    }
    error = fmt::format("unsupported constant address '{}'", describe(*c));
    return false;
  }
  if (auto* st = llvm::dyn_cast<llvm::StructType>(t)) {
    const llvm::StructLayout* layout = dl_.getStructLayout(st);
    for (unsigned i = 0; i < st->getNumElements(); ++i)
      if (!serialize(c->getAggregateElement(i), bytes, offset + layout->getElementOffset(i),
                     relocs, error))
        return false;
    return true;
  }
  if (auto* at = llvm::dyn_cast<llvm::ArrayType>(t)) {
    std::uint64_t stride = dl_.getTypeAllocSize(at->getElementType());
    for (unsigned i = 0; i < at->getNumElements(); ++i)
      if (!serialize(c->getAggregateElement(i), bytes, offset + i * stride, relocs, error))
        return false;
    return true;
  }
  if (auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(t)) {
    Ty ty;
    unsigned width;
    if (!element_of(vt, ty, width)) {
      error = fmt::format("unsupported vector constant '{}'", describe(*c));
      return false;
    }
    for (unsigned i = 0; i < width; ++i)
      if (!serialize(c->getAggregateElement(i), bytes, offset + i * ty_size(ty), relocs, error))
        return false;
    return true;
  }
  if (auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(c)) {
    // Integers computed from addresses (ptrtoint of a global) cannot be pre-evaluated.
    error = fmt::format("unsupported constant expression '{}'", describe(*ce));
    return false;
  }
  error = fmt::format("unsupported constant '{}'", describe(*c));
  return false;
}

std::uint32_t ModuleDecoder::file_index(llvm::StringRef file) {
  std::string name = file.str();
  const std::string embedded = std::string(kEmbeddedHeaderFolder) + "/";
  if (name.starts_with(embedded)) name.erase(0, embedded.size());
  auto it = file_index_.find(name);
  if (it != file_index_.end()) return it->second;
  std::uint32_t index = static_cast<std::uint32_t>(out_.files.size());
  file_index_.emplace(name, index);
  out_.files.push_back(std::move(name));
  return index;
}

class FunctionDecoder {
 public:
  FunctionDecoder(ModuleDecoder& md, const llvm::Function& f, Function& out)
      : md_(md), dl_(md.dl()), f_(f), out_(out) {}

  bool run(std::string& error);

 private:
  std::uint32_t new_register(const Register& r) {
    out_.registers.push_back(r);
    return static_cast<std::uint32_t>(out_.registers.size() - 1);
  }
  // The register of a value: an instruction's result, a parameter or a constant.
  bool reg(const llvm::Value* v, std::uint32_t& r, std::string& error);
  bool fail(const llvm::Instruction& i, std::string what, std::string& error) {
    error = fmt::format("{} in function '{}': {}", what, f_.getName().str(), describe(i));
    return false;
  }
  bool decode(const llvm::Instruction& i, std::string& error);
  // The instruction families decode() hands each instruction to.
  bool decode_arithmetic(const llvm::Instruction& i, std::string& error);
  bool decode_cast(const llvm::Instruction& i, std::string& error);
  bool decode_memory(const llvm::Instruction& i, std::string& error);
  // The alignment a load or store of `type` through `pointer` needs: its type's (OpenCL 1.2
  // §6.1.5), but for a member of a packed struct (§6.11.1), whose alignment is the one Clang
  // gave the access (1). Clang's alignment is no rule elsewhere: it keeps a declared array's
  // (4 for an int2 read through a cast of &words[i]), where the read type needs 8.
  std::uint32_t access_alignment(llvm::Type* type, llvm::Align given,
                                 const llvm::Value* pointer) const {
    const std::uint64_t natural = dl_.getABITypeAlign(type).value();
    for (int depth = 0; depth < 8 && pointer; ++depth) {
      const auto* gep = llvm::dyn_cast<llvm::GEPOperator>(pointer);
      if (!gep) break;
      llvm::Type* t = gep->getSourceElementType();
      for (unsigned n = 2; n <= gep->getNumOperands(); ++n) {
        if (auto* st = llvm::dyn_cast<llvm::StructType>(t); st && st->isPacked())
          return static_cast<std::uint32_t>(std::min<std::uint64_t>(natural, given.value()));
        if (n == gep->getNumOperands()) break;
        if (auto* st = llvm::dyn_cast<llvm::StructType>(t))
          t = st->getTypeAtIndex(gep->getOperand(n));
        else if (auto* array = llvm::dyn_cast<llvm::ArrayType>(t))
          t = array->getElementType();
        else
          break;
      }
      pointer = gep->getPointerOperand();
    }
    return static_cast<std::uint32_t>(natural);
  }
  bool decode_element(const llvm::Instruction& i, std::string& error);
  bool decode_control(const llvm::Instruction& i, std::string& error);
  bool decode_index_check(const llvm::CallInst& call, std::string& error);
  void write_phis_directly();
  bool decode_call(const llvm::CallInst& call, std::string& error);
  bool decode_intrinsic(const llvm::IntrinsicInst& call, std::string& error);
  bool decode_builtin(const llvm::CallInst& call, const llvm::Function& callee, std::string& error);
  std::uint32_t edge(const llvm::BasicBlock* from, const llvm::BasicBlock* to, std::string& error,
                     bool& ok);
  Instr& emit(const llvm::Instruction& i, Op op) {
    Instr in;
    in.op = op;
    if (const llvm::DebugLoc& loc = i.getDebugLoc()) {
      in.line = pack_source_line(md_.file_index(loc->getFilename()), loc.getLine());
      in.column = loc.getCol();
    }
    out_.code.push_back(in);
    return out_.code.back();
  }
  void set_type(Instr& in, llvm::Type* t) {
    Register r;
    if (register_of(dl_, t, r)) {
      in.ty = r.ty;
      in.width = r.width;
      in.size = r.size;
      in.bits = odd_bits(t);
    }
  }

  ModuleDecoder& md_;
  const llvm::DataLayout& dl_;
  const llvm::Function& f_;
  Function& out_;
  std::unordered_map<const llvm::Value*, std::uint32_t> regs_;
  std::unordered_map<const llvm::BasicBlock*, std::uint32_t> block_index_;
  std::unordered_map<const llvm::PHINode*, std::uint32_t> phi_tmp_;
};

bool FunctionDecoder::reg(const llvm::Value* v, std::uint32_t& r, std::string& error) {
  auto it = regs_.find(v);
  if (it != regs_.end()) {
    r = it->second;
    return true;
  }
  auto* c = llvm::dyn_cast<llvm::Constant>(v);
  if (!c) {
    error = fmt::format("value without a register in '{}': {}", f_.getName().str(), describe(*v));
    return false;
  }
  Register shape;
  if (!register_of(dl_, c->getType(), shape)) {
    error = fmt::format("unsupported constant type in '{}': {}", f_.getName().str(), describe(*v));
    return false;
  }
  ConstantValue cv;
  cv.reg = new_register(shape);
  cv.bytes.assign(shape.size, 0);
  if (!md_.serialize(c, cv.bytes, 0, cv.relocations, error)) return false;
  r = cv.reg;
  regs_[v] = r;
  out_.constants.push_back(std::move(cv));
  return true;
}

std::uint32_t FunctionDecoder::edge(const llvm::BasicBlock* from, const llvm::BasicBlock* to,
                                    std::string& error, bool& ok) {
  Edge e;
  e.target = block_index_.at(to);
  e.copy_first = static_cast<std::uint32_t>(out_.edge_copies.size());
  for (const llvm::PHINode& phi : to->phis()) {
    std::uint32_t src;
    if (!reg(phi.getIncomingValueForBlock(from), src, error)) {
      ok = false;
      return 0;
    }
    std::uint32_t tmp = phi_tmp_.at(&phi);
    out_.edge_copies.push_back({tmp, src, out_.registers[tmp].size});
  }
  e.copy_count = static_cast<std::uint32_t>(out_.edge_copies.size()) - e.copy_first;
  out_.edges.push_back(e);
  return static_cast<std::uint32_t>(out_.edges.size() - 1);
}

bool FunctionDecoder::run(std::string& error) {
  out_.name = f_.getName().str();
  // Parameters.
  for (const llvm::Argument& arg : f_.args()) {
    Register r;
    if (!register_of(dl_, arg.getType(), r)) {
      error = fmt::format("unsupported parameter type of '{}': {}", out_.name, describe(arg));
      return false;
    }
    std::uint32_t index = new_register(r);
    regs_[&arg] = index;
    out_.params.push_back(index);
    std::uint32_t byval_size = 0, byval_align = 0;
    if (arg.hasByValAttr()) {
      llvm::Type* t = arg.getParamByValType();
      byval_size = static_cast<std::uint32_t>(dl_.getTypeAllocSize(t));
      byval_align = static_cast<std::uint32_t>(
          std::max(arg.getParamAlign().valueOrOne(), dl_.getABITypeAlign(t)).value());
    }
    out_.byval_size.push_back(byval_size);
    out_.byval_align.push_back(byval_align);
  }
  llvm::Type* rt = f_.getReturnType();
  out_.return_reg = kNoRegister;
  if (!rt->isVoidTy()) {
    Register r;
    if (!register_of(dl_, rt, r)) {
      error = fmt::format("unsupported return type of '{}'", out_.name);
      return false;
    }
    out_.return_reg = new_register(r);
    out_.return_size = r.size;
  }
  // Registers for every instruction result, and phi temporaries, before any use is decoded.
  std::uint32_t b = 0;
  for (const llvm::BasicBlock& bb : f_) {
    block_index_[&bb] = b++;
    for (const llvm::Instruction& i : bb) {
      if (i.getType()->isVoidTy()) continue;
      Register r;
      if (!register_of(dl_, i.getType(), r)) return fail(i, "unsupported value type", error);
      regs_[&i] = new_register(r);
      if (auto* phi = llvm::dyn_cast<llvm::PHINode>(&i)) phi_tmp_[phi] = new_register(r);
    }
  }
  llvm::PostDominatorTree pdt(const_cast<llvm::Function&>(f_));
  for (const llvm::BasicBlock& bb : f_) {
    Block block;
    block.first = static_cast<std::uint32_t>(out_.code.size());
    block.phi_first = static_cast<std::uint32_t>(out_.phi_entries.size());
    for (const llvm::PHINode& phi : bb.phis()) {
      std::uint32_t dst = regs_.at(&phi);
      out_.phi_entries.push_back({dst, phi_tmp_.at(&phi), out_.registers[dst].size});
    }
    block.phi_count = static_cast<std::uint32_t>(out_.phi_entries.size()) - block.phi_first;
    for (const llvm::Instruction& i : bb) {
      if (llvm::isa<llvm::PHINode>(i)) continue;
      if (!decode(i, error)) return false;
    }
    block.end = static_cast<std::uint32_t>(out_.code.size());
    block.ipdom = kExitBlock;
    if (llvm::DomTreeNode* node = pdt.getNode(&bb))
      if (llvm::DomTreeNode* idom = node->getIDom())
        if (llvm::BasicBlock* p = idom->getBlock()) block.ipdom = block_index_.at(p);
    out_.blocks.push_back(block);
  }
  write_phis_directly();
  return true;
}

// A block's phis can take their values straight from the edges (no temporaries, no copies at
// the block's entry) unless some incoming value is itself a phi of that block: then all edge
// copies must read the old values first, as phis do, through the temporaries.
void FunctionDecoder::write_phis_directly() {
  std::vector<std::uint32_t> phi_of_tmp(out_.registers.size(), kNoRegister);
  std::vector<std::uint32_t> block_of_phi(out_.registers.size(), kNoRegister);
  for (std::uint32_t b = 0; b < out_.blocks.size(); ++b)
    for (std::uint32_t p = 0; p < out_.blocks[b].phi_count; ++p) {
      const PhiCopy& c = out_.phi_entries[out_.blocks[b].phi_first + p];
      phi_of_tmp[c.src] = c.dst;
      block_of_phi[c.dst] = b;
    }
  std::vector<bool> direct(out_.blocks.size(), true);
  for (const Edge& e : out_.edges)
    for (std::uint32_t c = 0; c < e.copy_count; ++c)
      if (block_of_phi[out_.edge_copies[e.copy_first + c].src] == e.target) direct[e.target] = false;
  for (Edge& e : out_.edges) {
    if (!direct[e.target]) continue;
    for (std::uint32_t c = 0; c < e.copy_count; ++c) {
      PhiCopy& copy = out_.edge_copies[e.copy_first + c];
      copy.dst = phi_of_tmp[copy.dst];
    }
  }
  for (std::uint32_t b = 0; b < out_.blocks.size(); ++b)
    if (direct[b]) out_.blocks[b].phi_count = 0;
}

// A check the link placed before an access through an element of a static array
// (frontend/array_index_checks.h): an IndexCheck of its index, but where the optimiser made
// the index a constant inside the array (an unrolled loop's trips), which needs none.
bool FunctionDecoder::decode_index_check(const llvm::CallInst& call, std::string& error) {
  const llvm::Value* index = call.getArgOperand(0);
  const auto* count = llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(1));
  const auto* size = llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(2));
  if (!count || !size) return fail(call, "malformed array index check", error);
  if (const auto* constant = llvm::dyn_cast<llvm::ConstantInt>(index)) {
    if (constant->getValue().isNonNegative() && constant->getValue().ult(count->getZExtValue()))
      return true;
  } else if (llvm::isa<llvm::Constant>(index)) {
    return true;  // undef or poison: no index to judge (an uninitialised one is the taint's)
  }
  std::uint32_t r;
  if (!reg(index, r, error)) return false;
  std::string description = "an array";
  if (const llvm::MDNode* node = call.getMetadata(kIndexCheckArray); node && node->getNumOperands())
    if (const auto* text = llvm::dyn_cast<llvm::MDString>(node->getOperand(0)))
      description = text->getString().str();
  Instr& in = emit(call, Op::Intrinsic);
  in.imm = static_cast<std::int64_t>(IntrinsicKind::IndexCheck);
  in.ty = Ty::I64;
  in.bits = 0;
  in.dst = kNoRegister;
  in.a = r;
  in.b = md_.array_index(description);
  in.c = kNoRegister;
  in.extra = static_cast<std::uint32_t>(out_.extra_imm.size());
  out_.extra_imm.push_back(static_cast<std::int64_t>(count->getZExtValue()));
  in.size = static_cast<std::uint32_t>(size->getZExtValue());
  return true;
}

// Arithmetic, comparisons and selects.
bool FunctionDecoder::decode_arithmetic(const llvm::Instruction& i, std::string& error) {
  using llvm::Instruction;
  auto dst = [&] { return regs_.at(&i); };
  auto op_reg = [&](unsigned n, std::uint32_t& r) { return reg(i.getOperand(n), r, error); };
  if (auto* bo = llvm::dyn_cast<llvm::BinaryOperator>(&i)) {
    static const std::unordered_map<unsigned, Op> kOps = {
        {Instruction::Add, Op::Add},   {Instruction::Sub, Op::Sub},   {Instruction::Mul, Op::Mul},
        {Instruction::UDiv, Op::UDiv}, {Instruction::SDiv, Op::SDiv}, {Instruction::URem, Op::URem},
        {Instruction::SRem, Op::SRem}, {Instruction::Shl, Op::Shl},   {Instruction::LShr, Op::LShr},
        {Instruction::AShr, Op::AShr}, {Instruction::And, Op::And},   {Instruction::Or, Op::Or},
        {Instruction::Xor, Op::Xor},   {Instruction::FAdd, Op::FAdd}, {Instruction::FSub, Op::FSub},
        {Instruction::FMul, Op::FMul}, {Instruction::FDiv, Op::FDiv}, {Instruction::FRem, Op::FRem}};
    std::uint32_t a, b2;
    if (!op_reg(0, a) || !op_reg(1, b2)) return false;
    Instr& in = emit(i, kOps.at(bo->getOpcode()));
    set_type(in, i.getType());
    in.dst = dst();
    in.a = a;
    in.b = b2;
    return true;
  }
  switch (i.getOpcode()) {
    case Instruction::FNeg: {
      std::uint32_t a;
      if (!op_reg(0, a)) return false;
      Instr& in = emit(i, Op::FNeg);
      set_type(in, i.getType());
      in.dst = dst();
      in.a = a;
      return true;
    }
    case Instruction::ICmp:
    case Instruction::FCmp: {
      auto* cmp = llvm::cast<llvm::CmpInst>(&i);
      std::uint32_t a, b2;
      if (!op_reg(0, a) || !op_reg(1, b2)) return false;
      Instr& in = emit(i, i.getOpcode() == Instruction::ICmp ? Op::ICmp : Op::FCmp);
      set_type(in, cmp->getOperand(0)->getType());  // the compared type
      in.dst = dst();
      in.a = a;
      in.b = b2;
      in.imm = cmp->getPredicate();
      return true;
    }
    case Instruction::Select: {
      std::uint32_t c, a, b2;
      if (!op_reg(0, c) || !op_reg(1, a) || !op_reg(2, b2)) return false;
      Instr& in = emit(i, Op::Select);
      set_type(in, i.getType());
      if (!i.getOperand(0)->getType()->isVectorTy()) in.flags |= kScalarCondition;
      in.dst = dst();
      in.a = c;
      in.b = a;
      in.c = b2;
      return true;
    }
    default:
      return fail(i, fmt::format("unsupported instruction '{}'", i.getOpcodeName()), error);
  }
}

// Conversions between types, and casts that only rename the bits.
bool FunctionDecoder::decode_cast(const llvm::Instruction& i, std::string& error) {
  using llvm::Instruction;
  auto dst = [&] { return regs_.at(&i); };
  auto op_reg = [&](unsigned n, std::uint32_t& r) { return reg(i.getOperand(n), r, error); };
  switch (i.getOpcode()) {
    case Instruction::Trunc: case Instruction::ZExt: case Instruction::SExt:
    case Instruction::FPTrunc: case Instruction::FPExt: case Instruction::FPToUI:
    case Instruction::FPToSI: case Instruction::UIToFP: case Instruction::SIToFP: {
      static const std::unordered_map<unsigned, CastKind> kCasts = {
          {Instruction::Trunc, CastKind::Trunc},     {Instruction::ZExt, CastKind::ZExt},
          {Instruction::SExt, CastKind::SExt},       {Instruction::FPTrunc, CastKind::FPTrunc},
          {Instruction::FPExt, CastKind::FPExt},     {Instruction::FPToUI, CastKind::FPToUI},
          {Instruction::FPToSI, CastKind::FPToSI},   {Instruction::UIToFP, CastKind::UIToFP},
          {Instruction::SIToFP, CastKind::SIToFP}};
      std::uint32_t a;
      if (!op_reg(0, a)) return false;
      Ty src;
      unsigned w;
      if (!element_of(i.getOperand(0)->getType(), src, w)) return fail(i, "unsupported cast", error);
      Instr& in = emit(i, Op::Cast);
      set_type(in, i.getType());
      in.dst = dst();
      in.a = a;
      in.aux = static_cast<std::uint8_t>(src);
      in.aux2 = odd_bits(i.getOperand(0)->getType());
      in.imm = static_cast<std::int64_t>(kCasts.at(i.getOpcode()));
      return true;
    }
    case Instruction::BitCast: case Instruction::AddrSpaceCast: case Instruction::Freeze:
    case Instruction::PtrToInt: case Instruction::IntToPtr: {
      std::uint32_t a;
      if (!op_reg(0, a)) return false;
      Register from, to;
      register_of(dl_, i.getOperand(0)->getType(), from);
      register_of(dl_, i.getType(), to);
      if (from.size != to.size) {
        // ptrtoint/inttoptr between 64-bit pointers and narrower integers.
        Instr& in = emit(i, Op::Cast);
        set_type(in, i.getType());
        in.dst = dst();
        in.a = a;
        in.aux = static_cast<std::uint8_t>(from.ty == Ty::Ptr ? Ty::I64 : from.ty);
        if (in.ty == Ty::Ptr) in.ty = Ty::I64;
        in.imm = static_cast<std::int64_t>(from.size > to.size ? CastKind::Trunc : CastKind::ZExt);
        if (from.width != 1 || to.width != 1) return fail(i, "unsupported vector cast", error);
        return true;
      }
      Instr& in = emit(i, Op::Copy);
      set_type(in, i.getType());
      in.dst = dst();
      in.a = a;
      in.size = to.size;
      return true;
    }
    default:
      return fail(i, fmt::format("unsupported instruction '{}'", i.getOpcodeName()), error);
  }
}

// Private variables, loads, stores, address arithmetic and atomic operations.
bool FunctionDecoder::decode_memory(const llvm::Instruction& i, std::string& error) {
  using llvm::Instruction;
  auto dst = [&] { return regs_.at(&i); };
  auto op_reg = [&](unsigned n, std::uint32_t& r) { return reg(i.getOperand(n), r, error); };
  switch (i.getOpcode()) {
    case Instruction::Alloca: {
      auto* al = llvm::cast<llvm::AllocaInst>(&i);
      if (!al->isStaticAlloca()) return fail(i, "unsupported dynamic alloca", error);
      std::uint64_t size = dl_.getTypeAllocSize(al->getAllocatedType());
      if (auto* n = llvm::dyn_cast<llvm::ConstantInt>(al->getArraySize())) size *= n->getZExtValue();
      std::uint32_t align = static_cast<std::uint32_t>(std::max<std::uint64_t>(al->getAlign().value(), 8));
      out_.private_size = (out_.private_size + align - 1) / align * align;
      out_.private_align = std::max(out_.private_align, align);
      out_.allocas.push_back({dst(), out_.private_size, static_cast<std::uint32_t>(size),
                              std::max<std::uint32_t>(align, 16)});
      out_.private_size += static_cast<std::uint32_t>(size);
      return true;  // the register is filled when a frame is set up
    }
    case Instruction::Load: {
      auto* ld = llvm::cast<llvm::LoadInst>(&i);
      std::uint32_t p;
      if (!op_reg(0, p)) return false;
      Instr& in = emit(i, Op::Load);
      set_type(in, i.getType());
      if (in.ty == Ty::I1 && in.width > 1) return fail(i, "unsupported load of a vector of i1", error);
      in.size = static_cast<std::uint32_t>(dl_.getTypeStoreSize(i.getType()));
      if (in.ty == Ty::Agg) in.size = static_cast<std::uint32_t>(dl_.getTypeAllocSize(i.getType()));
      in.dst = dst();
      in.a = p;
      in.c = access_alignment(i.getType(), ld->getAlign(), ld->getPointerOperand());
      in.aux = static_cast<std::uint8_t>(ld->getPointerAddressSpace());
      if (ld->isVolatile()) in.flags |= kVolatile;
      if (ld->isAtomic()) in.flags |= kVolatile;
      return true;
    }
    case Instruction::Store: {
      auto* st = llvm::cast<llvm::StoreInst>(&i);
      std::uint32_t v, p;
      if (!op_reg(0, v) || !op_reg(1, p)) return false;
      Instr& in = emit(i, Op::Store);
      set_type(in, st->getValueOperand()->getType());
      if (in.ty == Ty::I1 && in.width > 1) return fail(i, "unsupported store of a vector of i1", error);
      in.size = static_cast<std::uint32_t>(dl_.getTypeStoreSize(st->getValueOperand()->getType()));
      if (in.ty == Ty::Agg)
        in.size = static_cast<std::uint32_t>(dl_.getTypeAllocSize(st->getValueOperand()->getType()));
      in.a = v;
      in.b = p;
      in.c = access_alignment(st->getValueOperand()->getType(), st->getAlign(),
                              st->getPointerOperand());
      in.aux = static_cast<std::uint8_t>(st->getPointerAddressSpace());
      if (st->isVolatile()) in.flags |= kVolatile;
      return true;
    }
    case Instruction::GetElementPtr: {
      auto* gep = llvm::cast<llvm::GetElementPtrInst>(&i);
      if (gep->getType()->isVectorTy()) return fail(i, "unsupported vector of pointers", error);
      llvm::MapVector<llvm::Value*, llvm::APInt> variable;
      llvm::APInt constant(64, 0);
      if (!llvm::cast<llvm::GEPOperator>(gep)->collectOffset(dl_, 64, variable, constant))
        return fail(i, "unsupported getelementptr", error);
      std::uint32_t base;
      if (!op_reg(0, base)) return false;
      std::vector<std::uint32_t> index_regs;
      std::vector<std::int64_t> scales;
      for (auto& [value, scale] : variable) {
        std::uint32_t r;
        if (!reg(value, r, error)) return false;
        index_regs.push_back(r);
        scales.push_back(scale.getSExtValue());
        scales.push_back(value->getType()->getIntegerBitWidth());
      }
      Instr& in = emit(i, Op::Gep);
      in.ty = Ty::Ptr;
      in.size = 8;
      in.dst = dst();
      in.a = base;
      in.imm = constant.getSExtValue();
      in.extra = static_cast<std::uint32_t>(out_.extra.size());
      in.extra_count = static_cast<std::uint32_t>(index_regs.size());
      in.aux2 = static_cast<std::uint16_t>(out_.extra_imm.size());
      // extra_imm may outgrow 16 bits in a huge function: keep its offset in `c`.
      in.c = static_cast<std::uint32_t>(out_.extra_imm.size());
      out_.extra.insert(out_.extra.end(), index_regs.begin(), index_regs.end());
      out_.extra_imm.insert(out_.extra_imm.end(), scales.begin(), scales.end());
      return true;
    }
    case Instruction::AtomicRMW: {
      auto* rmw = llvm::cast<llvm::AtomicRMWInst>(&i);
      std::uint32_t p, v;
      if (!op_reg(0, p) || !op_reg(1, v)) return false;
      Instr& in = emit(i, Op::AtomicRMW);
      set_type(in, i.getType());
      // No half atomics: cl_ext_float_atomics is not claimed.
      if (in.ty == Ty::F16) return fail(i, "unsupported half-precision atomic", error);
      in.dst = dst();
      in.a = p;
      in.b = v;
      in.imm = rmw->getOperation();
      in.aux = static_cast<std::uint8_t>(rmw->getPointerAddressSpace());
      if (in.aux != kLocal && in.aux != kPrivate) md_.out_.global_atomics = true;
      return true;
    }
    case Instruction::AtomicCmpXchg: {
      auto* cx = llvm::cast<llvm::AtomicCmpXchgInst>(&i);
      std::uint32_t p, cmp, nv;
      if (!op_reg(0, p) || !op_reg(1, cmp) || !op_reg(2, nv)) return false;
      Instr& in = emit(i, Op::CmpXchg);
      set_type(in, cx->getCompareOperand()->getType());
      in.dst = dst();
      in.a = p;
      in.b = cmp;
      in.c = nv;
      in.aux = static_cast<std::uint8_t>(cx->getPointerAddressSpace());
      if (in.aux != kLocal && in.aux != kPrivate) md_.out_.global_atomics = true;
      in.imm = static_cast<std::int64_t>(
          dl_.getStructLayout(llvm::cast<llvm::StructType>(cx->getType()))->getElementOffset(1));
      return true;
    }
    default:
      return fail(i, fmt::format("unsupported instruction '{}'", i.getOpcodeName()), error);
  }
}

// Elements of vectors and members of aggregates.
bool FunctionDecoder::decode_element(const llvm::Instruction& i, std::string& error) {
  using llvm::Instruction;
  auto dst = [&] { return regs_.at(&i); };
  auto op_reg = [&](unsigned n, std::uint32_t& r) { return reg(i.getOperand(n), r, error); };
  switch (i.getOpcode()) {
    case Instruction::ExtractElement: {
      std::uint32_t v, idx;
      if (!op_reg(0, v) || !op_reg(1, idx)) return false;
      Instr& in = emit(i, Op::ExtractElement);
      set_type(in, i.getType());
      in.dst = dst();
      in.a = v;
      in.b = idx;
      in.aux2 = static_cast<std::uint16_t>(i.getOperand(1)->getType()->getIntegerBitWidth());
      in.imm = llvm::cast<llvm::FixedVectorType>(i.getOperand(0)->getType())->getNumElements();
      return true;
    }
    case Instruction::InsertElement: {
      std::uint32_t v, e, idx;
      if (!op_reg(0, v) || !op_reg(1, e) || !op_reg(2, idx)) return false;
      Instr& in = emit(i, Op::InsertElement);
      set_type(in, i.getType());
      in.dst = dst();
      in.a = v;
      in.b = e;
      in.c = idx;
      in.aux2 = static_cast<std::uint16_t>(i.getOperand(2)->getType()->getIntegerBitWidth());
      return true;
    }
    case Instruction::ShuffleVector: {
      auto* sv = llvm::cast<llvm::ShuffleVectorInst>(&i);
      std::uint32_t a, b2;
      if (!op_reg(0, a) || !op_reg(1, b2)) return false;
      Instr& in = emit(i, Op::ShuffleVector);
      set_type(in, i.getType());
      in.dst = dst();
      in.a = a;
      in.b = b2;
      in.aux2 = static_cast<std::uint16_t>(
          llvm::cast<llvm::FixedVectorType>(sv->getOperand(0)->getType())->getNumElements());
      in.extra = static_cast<std::uint32_t>(out_.extra_imm.size());
      // An undefined element (-1) is written as zero: deterministic, and what PoCL writes into
      // the padding of 3-component vectors in memory.
      for (int m : sv->getShuffleMask()) out_.extra_imm.push_back(m < 0 ? -1 : m);
      in.extra_count = static_cast<std::uint32_t>(sv->getShuffleMask().size());
      return true;
    }
    case Instruction::ExtractValue:
    case Instruction::InsertValue: {
      bool extract = i.getOpcode() == Instruction::ExtractValue;
      llvm::Type* agg = i.getOperand(0)->getType();
      llvm::ArrayRef<unsigned> indices = extract ? llvm::cast<llvm::ExtractValueInst>(&i)->getIndices()
                                                 : llvm::cast<llvm::InsertValueInst>(&i)->getIndices();
      std::uint64_t offset = 0;
      llvm::Type* t = agg;
      for (unsigned index : indices) {
        if (auto* st = llvm::dyn_cast<llvm::StructType>(t)) {
          offset += dl_.getStructLayout(st)->getElementOffset(index);
          t = st->getElementType(index);
        } else {
          llvm::Type* e = t->isArrayTy() ? t->getArrayElementType() : nullptr;
          if (!e) return fail(i, "unsupported aggregate index", error);
          offset += index * dl_.getTypeAllocSize(e);
          t = e;
        }
      }
      Register member;
      register_of(dl_, t, member);
      std::uint32_t a, b2 = 0;
      if (!op_reg(0, a)) return false;
      if (!extract && !op_reg(1, b2)) return false;
      Instr& in = emit(i, extract ? Op::ExtractValue : Op::InsertValue);
      set_type(in, i.getType());
      in.dst = dst();
      in.a = a;
      in.b = b2;
      in.imm = static_cast<std::int64_t>(offset);
      in.c = member.size;
      return true;
    }
    default:
      return fail(i, fmt::format("unsupported instruction '{}'", i.getOpcodeName()), error);
  }
}

// Terminators: branches, switches, returns and unreachable.
bool FunctionDecoder::decode_control(const llvm::Instruction& i, std::string& error) {
  using llvm::Instruction;
  auto op_reg = [&](unsigned n, std::uint32_t& r) { return reg(i.getOperand(n), r, error); };
  switch (i.getOpcode()) {
    case Instruction::Br: {
      auto* br = llvm::cast<llvm::BranchInst>(&i);
      bool ok = true;
      if (br->isUnconditional()) {
        std::uint32_t e = edge(i.getParent(), br->getSuccessor(0), error, ok);
        if (!ok) return false;
        Instr& in = emit(i, Op::Br);
        in.extra = e;
        return true;
      }
      std::uint32_t c;
      if (!op_reg(0, c)) return false;
      std::uint32_t t = edge(i.getParent(), br->getSuccessor(0), error, ok);
      if (!ok) return false;
      edge(i.getParent(), br->getSuccessor(1), error, ok);
      if (!ok) return false;
      Instr& in = emit(i, Op::CondBr);
      in.a = c;
      in.extra = t;  // the false edge is t + 1
      return true;
    }
    case Instruction::Switch: {
      auto* sw = llvm::cast<llvm::SwitchInst>(&i);
      std::uint32_t c;
      if (!op_reg(0, c)) return false;
      bool ok = true;
      std::uint32_t first = edge(i.getParent(), sw->getDefaultDest(), error, ok);
      if (!ok) return false;
      std::uint32_t values = static_cast<std::uint32_t>(out_.extra_imm.size());
      for (auto& kase : sw->cases()) {
        edge(i.getParent(), kase.getCaseSuccessor(), error, ok);
        if (!ok) return false;
        out_.extra_imm.push_back(kase.getCaseValue()->getSExtValue());
      }
      Instr& in = emit(i, Op::Switch);
      set_type(in, sw->getCondition()->getType());
      in.a = c;
      in.extra = first;
      in.extra_count = sw->getNumCases();
      in.c = values;
      return true;
    }
    case Instruction::Ret: {
      Instr in;
      std::uint32_t v = kNoRegister;
      if (i.getNumOperands() == 1 && !op_reg(0, v)) return false;
      Instr& r = emit(i, Op::Ret);
      r.a = v;
      r.size = out_.return_size;
      return true;
    }
    case Instruction::Unreachable:
      emit(i, Op::Unreachable);
      return true;
    default:
      return fail(i, fmt::format("unsupported instruction '{}'", i.getOpcodeName()), error);
  }
}

// One LLVM instruction into the engine's form, by family.
bool FunctionDecoder::decode(const llvm::Instruction& i, std::string& error) {
  using llvm::Instruction;
  if (llvm::isa<llvm::BinaryOperator>(&i)) return decode_arithmetic(i, error);
  switch (i.getOpcode()) {
    case Instruction::FNeg: case Instruction::ICmp: case Instruction::FCmp:
    case Instruction::Select:
      return decode_arithmetic(i, error);
    case Instruction::Trunc: case Instruction::ZExt: case Instruction::SExt:
    case Instruction::FPTrunc: case Instruction::FPExt: case Instruction::FPToUI:
    case Instruction::FPToSI: case Instruction::UIToFP: case Instruction::SIToFP:
    case Instruction::BitCast: case Instruction::AddrSpaceCast: case Instruction::Freeze:
    case Instruction::PtrToInt: case Instruction::IntToPtr:
      return decode_cast(i, error);
    case Instruction::Alloca: case Instruction::Load: case Instruction::Store:
    case Instruction::GetElementPtr: case Instruction::AtomicRMW: case Instruction::AtomicCmpXchg:
      return decode_memory(i, error);
    case Instruction::ExtractElement: case Instruction::InsertElement:
    case Instruction::ShuffleVector: case Instruction::ExtractValue: case Instruction::InsertValue:
      return decode_element(i, error);
    case Instruction::Br: case Instruction::Switch: case Instruction::Ret:
    case Instruction::Unreachable:
      return decode_control(i, error);
    case Instruction::Fence:
      return true;  // lanes run in order, and work-groups are ordered by host atomics
    case Instruction::PHI:
      return true;
    case Instruction::Call:
      return decode_call(*llvm::cast<llvm::CallInst>(&i), error);
    default:
      return fail(i, fmt::format("unsupported instruction '{}'", i.getOpcodeName()), error);
  }
}

bool FunctionDecoder::decode_call(const llvm::CallInst& call, std::string& error) {
  if (auto* intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&call))
    return decode_intrinsic(*intrinsic, error);
  const llvm::Function* callee = call.getCalledFunction();
  if (!callee) return fail(call, "unsupported call through a function pointer", error);
  if (callee->getName() == kIndexCheckFunction) return decode_index_check(call, error);
  if (callee->isDeclaration()) return decode_builtin(call, *callee, error);
  std::uint32_t index = md_.function_index(callee);
  std::vector<std::uint32_t> args;
  for (unsigned n = 0; n < call.arg_size(); ++n) {
    std::uint32_t r;
    if (!reg(call.getArgOperand(n), r, error)) return false;
    if (call.paramHasAttr(n, llvm::Attribute::ByVal)) {
      // A by-value aggregate: the callee gets a private copy (2.2 §6: arguments are copies).
      llvm::Type* t = call.getParamByValType(n);
      std::uint32_t size = static_cast<std::uint32_t>(dl_.getTypeAllocSize(t));
      const auto align = static_cast<std::uint32_t>(
          std::max<std::uint64_t>(dl_.getABITypeAlign(t).value(), 16));
      out_.private_size = (out_.private_size + align - 1) / align * align;
      out_.private_align = std::max(out_.private_align, align);
      std::uint32_t copy = new_register(Register{8, Ty::Ptr, 1});
      out_.allocas.push_back({copy, out_.private_size, size, align});
      out_.private_size += size;
      Instr& mc = emit(call, Op::Intrinsic);
      mc.imm = static_cast<std::int64_t>(IntrinsicKind::Memcpy);
      mc.a = copy;
      mc.b = r;
      mc.size = size;
      mc.aux = kPrivate;
      mc.c = kNoRegister;  // constant length: `size`
      r = copy;
    }
    args.push_back(r);
  }
  Instr& in = emit(call, Op::Call);
  in.imm = index;
  in.dst = call.getType()->isVoidTy() ? kNoRegister : regs_.at(&call);
  in.extra = static_cast<std::uint32_t>(out_.extra.size());
  in.extra_count = static_cast<std::uint32_t>(args.size());
  out_.extra.insert(out_.extra.end(), args.begin(), args.end());
  return true;
}

bool FunctionDecoder::decode_builtin(const llvm::CallInst& call, const llvm::Function& callee,
                                     std::string& error) {
  Demangled d;
  std::string symbol = callee.getName().str();
  if (!demangle(symbol, d)) return fail(call, fmt::format("unsupported function '{}'", symbol), error);
  // Work-group synchronisation is the engine's own business.
  if (d.name == "barrier" || d.name == "work_group_barrier") {
    std::uint32_t flags;
    if (!reg(call.getArgOperand(0), flags, error)) return false;
    Instr& in = emit(call, Op::Barrier);
    in.a = flags;
    return true;
  }
  if (d.name == "mem_fence" || d.name == "read_mem_fence" || d.name == "write_mem_fence")
    return true;  // lanes of a work-group run in order: every fence holds
  Signature sig;
  sig.name = d.name;
  sig.params = d.params;
  Register result{0, Ty::I32, 1};
  if (!call.getType()->isVoidTy() && !register_of(dl_, call.getType(), result))
    return fail(call, "unsupported built-in result type", error);
  sig.result_width = static_cast<std::uint8_t>(result.width);
  sig.result_element_size = call.getType()->isVoidTy() ? 0 : static_cast<std::uint8_t>(ty_size(result.ty));
  sig.result_is_float = result.ty == Ty::F16 || result.ty == Ty::F32 || result.ty == Ty::F64;
  BuiltinFn fn = md_.resolve_builtin(sig);
  if (!fn) {
    std::string types;
    for (const ParamType& p : d.params)
      types += fmt::format("{}{}{}{}", types.empty() ? "" : ", ", scalar_name(p.scalar),
                           p.width > 1 ? std::to_string(p.width) : "", p.pointer ? "*" : "");
    return fail(call, fmt::format("unsupported built-in function '{}({})'", d.name, types), error);
  }
  BuiltinSite site;
  site.fn = fn;
  site.name = d.name;
  if (d.name.rfind("atom", 0) == 0)
    for (const ParamType& p : d.params)
      if (p.pointer && p.address_space != kLocal && p.address_space != kPrivate)
        md_.out_.global_atomics = true;
  for (unsigned n = 0; n < call.arg_size(); ++n) {
    BuiltinArg arg;
    if (!reg(call.getArgOperand(n), arg.reg, error)) return false;
    Ty ty;
    unsigned width;
    llvm::Type* t = call.getArgOperand(n)->getType();
    if (n < d.params.size()) {
      const ParamType& p = d.params[n];
      arg.scalar = p.scalar;
      arg.width = p.width;
      arg.pointer = p.pointer;
      arg.address_space = p.address_space;
      if (p.pointer && t->isPointerTy()) arg.address_space = static_cast<std::uint8_t>(t->getPointerAddressSpace());
    } else if (element_of(t, ty, width)) {  // variadic (printf): the LLVM type
      arg.pointer = ty == Ty::Ptr;
      arg.scalar = arg.pointer ? Scalar::Char : scalar_of(ty, true);
      arg.width = static_cast<std::uint8_t>(width);
      if (arg.pointer) arg.address_space = static_cast<std::uint8_t>(t->getPointerAddressSpace());
    } else {
      return fail(call, "unsupported built-in argument type", error);
    }
    site.args.push_back(arg);
  }
  if (!call.getType()->isVoidTy()) {
    Ty ty;
    unsigned width;
    element_of(call.getType(), ty, width);
    site.result = BuiltinArg{regs_.at(&call), scalar_of(ty, true), static_cast<std::uint8_t>(width)};
    site.result_size = result.size;
  } else {
    site.result.reg = kNoRegister;
  }
  std::uint32_t index = static_cast<std::uint32_t>(md_.out_.builtins.size());
  md_.out_.builtins.push_back(std::move(site));
  Instr& in = emit(call, Op::CallBuiltin);
  in.imm = index;
  return true;
}

bool FunctionDecoder::decode_intrinsic(const llvm::IntrinsicInst& call, std::string& error) {
  using llvm::Intrinsic::ID;
  ID id = call.getIntrinsicID();
  switch (id) {
    case llvm::Intrinsic::lifetime_start: case llvm::Intrinsic::lifetime_end:
    case llvm::Intrinsic::dbg_declare: case llvm::Intrinsic::dbg_value:
    case llvm::Intrinsic::dbg_label: case llvm::Intrinsic::assume:
    case llvm::Intrinsic::experimental_noalias_scope_decl:
    case llvm::Intrinsic::invariant_start: case llvm::Intrinsic::invariant_end:
    case llvm::Intrinsic::donothing: case llvm::Intrinsic::sideeffect:
    case llvm::Intrinsic::var_annotation:
      return true;
    // An annotation (Clang's annotate attribute, SPIR-V's UserSemantic decoration) says
    // something of a value to tools and leaves it as it is.
    case llvm::Intrinsic::ptr_annotation:
    case llvm::Intrinsic::annotation:
    case llvm::Intrinsic::expect: {
      std::uint32_t a;
      if (!reg(call.getArgOperand(0), a, error)) return false;
      Instr& in = emit(call, Op::Copy);
      set_type(in, call.getType());
      in.dst = regs_.at(&call);
      in.a = a;
      return true;
    }
    default: break;
  }
  static const std::unordered_map<unsigned, IntrinsicKind> kKinds = {
      {llvm::Intrinsic::memcpy, IntrinsicKind::Memcpy},
      {llvm::Intrinsic::memmove, IntrinsicKind::Memmove},
      {llvm::Intrinsic::memset, IntrinsicKind::Memset},
      {llvm::Intrinsic::fmuladd, IntrinsicKind::FMulAdd},
      {llvm::Intrinsic::fma, IntrinsicKind::Fma},
      {llvm::Intrinsic::fabs, IntrinsicKind::FAbs},
      {llvm::Intrinsic::sqrt, IntrinsicKind::Sqrt},
      {llvm::Intrinsic::minnum, IntrinsicKind::MinNum},
      {llvm::Intrinsic::maxnum, IntrinsicKind::MaxNum},
      {llvm::Intrinsic::minimum, IntrinsicKind::Minimum},
      {llvm::Intrinsic::maximum, IntrinsicKind::Maximum},
      {llvm::Intrinsic::copysign, IntrinsicKind::CopySign},
      {llvm::Intrinsic::floor, IntrinsicKind::Floor},
      {llvm::Intrinsic::ceil, IntrinsicKind::Ceil},
      {llvm::Intrinsic::trunc, IntrinsicKind::Trunc},
      {llvm::Intrinsic::rint, IntrinsicKind::Rint},
      {llvm::Intrinsic::nearbyint, IntrinsicKind::NearbyInt},
      {llvm::Intrinsic::round, IntrinsicKind::Round},
      {llvm::Intrinsic::roundeven, IntrinsicKind::RoundEven},
      {llvm::Intrinsic::abs, IntrinsicKind::Abs},
      {llvm::Intrinsic::smin, IntrinsicKind::SMin},
      {llvm::Intrinsic::smax, IntrinsicKind::SMax},
      {llvm::Intrinsic::umin, IntrinsicKind::UMin},
      {llvm::Intrinsic::umax, IntrinsicKind::UMax},
      {llvm::Intrinsic::fshl, IntrinsicKind::FShl},
      {llvm::Intrinsic::fshr, IntrinsicKind::FShr},
      {llvm::Intrinsic::ctpop, IntrinsicKind::CtPop},
      {llvm::Intrinsic::ctlz, IntrinsicKind::CtLz},
      {llvm::Intrinsic::cttz, IntrinsicKind::CtTz},
      {llvm::Intrinsic::bswap, IntrinsicKind::BSwap},
      {llvm::Intrinsic::bitreverse, IntrinsicKind::BitReverse},
      {llvm::Intrinsic::sadd_sat, IntrinsicKind::SAddSat},
      {llvm::Intrinsic::uadd_sat, IntrinsicKind::UAddSat},
      {llvm::Intrinsic::ssub_sat, IntrinsicKind::SSubSat},
      {llvm::Intrinsic::usub_sat, IntrinsicKind::USubSat},
      {llvm::Intrinsic::sadd_with_overflow, IntrinsicKind::SAddOverflow},
      {llvm::Intrinsic::uadd_with_overflow, IntrinsicKind::UAddOverflow},
      {llvm::Intrinsic::ssub_with_overflow, IntrinsicKind::SSubOverflow},
      {llvm::Intrinsic::usub_with_overflow, IntrinsicKind::USubOverflow},
      {llvm::Intrinsic::smul_with_overflow, IntrinsicKind::SMulOverflow},
      {llvm::Intrinsic::umul_with_overflow, IntrinsicKind::UMulOverflow},
      {llvm::Intrinsic::vector_reduce_add, IntrinsicKind::ReduceAdd},
      {llvm::Intrinsic::vector_reduce_mul, IntrinsicKind::ReduceMul},
      {llvm::Intrinsic::vector_reduce_and, IntrinsicKind::ReduceAnd},
      {llvm::Intrinsic::vector_reduce_or, IntrinsicKind::ReduceOr},
      {llvm::Intrinsic::vector_reduce_xor, IntrinsicKind::ReduceXor},
      {llvm::Intrinsic::vector_reduce_smax, IntrinsicKind::ReduceSMax},
      {llvm::Intrinsic::vector_reduce_smin, IntrinsicKind::ReduceSMin},
      {llvm::Intrinsic::vector_reduce_umax, IntrinsicKind::ReduceUMax},
      {llvm::Intrinsic::vector_reduce_umin, IntrinsicKind::ReduceUMin},
      {llvm::Intrinsic::vector_reduce_fadd, IntrinsicKind::ReduceFAdd},
      {llvm::Intrinsic::vector_reduce_fmul, IntrinsicKind::ReduceFMul},
      {llvm::Intrinsic::vector_reduce_fmax, IntrinsicKind::ReduceFMax},
      {llvm::Intrinsic::vector_reduce_fmin, IntrinsicKind::ReduceFMin},
  };
  auto it = kKinds.find(id);
  if (it == kKinds.end())
    return fail(call, fmt::format("unsupported intrinsic '{}'",
                                  call.getCalledFunction()->getName().str()), error);
  IntrinsicKind kind = it->second;
  Instr in;
  std::uint32_t regs[3] = {kNoRegister, kNoRegister, kNoRegister};
  unsigned operands = std::min<unsigned>(call.arg_size(), 3);
  for (unsigned n = 0; n < operands; ++n)
    if (!reg(call.getArgOperand(n), regs[n], error)) return false;
  Instr& out = emit(call, Op::Intrinsic);
  out.imm = static_cast<std::int64_t>(kind);
  out.dst = call.getType()->isVoidTy() ? kNoRegister : regs_.at(&call);
  out.a = regs[0];
  out.b = regs[1];
  out.c = regs[2];
  // The operand type decides the arithmetic (for reductions and overflow ops, the first argument).
  llvm::Type* t = call.getArgOperand(0)->getType();
  if (kind == IntrinsicKind::ReduceFAdd || kind == IntrinsicKind::ReduceFMul)
    t = call.getArgOperand(1)->getType();  // (start, vector)
  set_type(out, t);
  // Half has the floating-point intrinsics only (exec/work_group_intrinsics.cpp).
  if (out.ty == Ty::F16 && !is_float_intrinsic(kind))
    return fail(call, "unsupported half-precision intrinsic", error);
  switch (kind) {
    case IntrinsicKind::Memcpy: case IntrinsicKind::Memmove: case IntrinsicKind::Memset: {
      out.ty = Ty::I8;
      out.width = 1;
      out.aux = static_cast<std::uint8_t>(call.getArgOperand(0)->getType()->getPointerAddressSpace());
      out.aux2 = kind == IntrinsicKind::Memset
                     ? 0
                     : static_cast<std::uint16_t>(call.getArgOperand(1)->getType()->getPointerAddressSpace());
      if (auto* n = llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(2))) {
        out.size = static_cast<std::uint32_t>(n->getZExtValue());
        out.c = kNoRegister;
      } else {
        out.extra = call.getArgOperand(2)->getType()->getIntegerBitWidth();
      }
      break;
    }
    case IntrinsicKind::SAddOverflow: case IntrinsicKind::UAddOverflow:
    case IntrinsicKind::SSubOverflow: case IntrinsicKind::USubOverflow:
    case IntrinsicKind::SMulOverflow: case IntrinsicKind::UMulOverflow:
      if (out.width != 1) return fail(call, "unsupported vector overflow intrinsic", error);
      out.extra = static_cast<std::uint32_t>(dl_.getStructLayout(
          llvm::cast<llvm::StructType>(call.getType()))->getElementOffset(1));
      break;
    default:
      break;
  }
  return true;
}


bool ModuleDecoder::decode_global(const llvm::GlobalVariable* g, std::string& error) {
  Global& out = out_.globals[global_index_.at(g)];
  out.name = g->getName().str();
  source_name(*g, out.source_name, out.function);
  out.address_space = static_cast<std::uint8_t>(g->getAddressSpace());
  out.size = dl_.getTypeAllocSize(g->getValueType());
  out.align = std::max<std::uint64_t>(g->getAlign() ? g->getAlign()->value() : 1, 16);
  if (g->hasInitializer() && out.address_space != kLocal &&
      !llvm::isa<llvm::ConstantAggregateZero>(g->getInitializer()) &&
      !llvm::isa<llvm::UndefValue>(g->getInitializer())) {
    out.init.assign(out.size, 0);
    if (!serialize(g->getInitializer(), out.init, 0, out.relocations, error)) return false;
  }
  if (!g->hasInitializer() && out.address_space != kLocal) {
    error = fmt::format("program-scope variable '{}' has no definition", out.name);
    return false;
  }
  return true;
}

bool ModuleDecoder::run(std::string& error) {
  // The programs' main sources take the first places of the file table (the one program's
  // source is file 0), before the headers their code comes from.
  for (const llvm::DICompileUnit* unit : m_.debug_compile_units()) file_index(unit->getFilename());
  for (const KernelInfo& k : out_.kernels) {
    const llvm::Function* f = m_.getFunction(k.name);
    if (!f || f->isDeclaration()) {
      error = fmt::format("kernel '{}' has no body", k.name);
      return false;
    }
    out_.kernel_functions.push_back(function_index(f));
  }
  while (!pending_.empty()) {
    const llvm::Function* f = pending_.back();
    pending_.pop_back();
    Function decoded;
    FunctionDecoder d(*this, *f, decoded);
    if (!d.run(error)) return false;
    out_.functions[function_index_.at(f)] = std::move(decoded);
  }
  while (!pending_globals_.empty()) {
    const llvm::GlobalVariable* g = pending_globals_.back();
    pending_globals_.pop_back();
    if (!decode_global(g, error)) return false;
  }
  for (KernelInfo& k : out_.kernels) k.source_files = out_.files;
  // Lay out the program-scope globals and the __local ones (one arena per work-group).
  for (Global& g : out_.globals) {
    std::uint64_t& total = g.address_space == kLocal ? out_.local_globals_size : out_.global_globals_size;
    total = (total + g.align - 1) / g.align * g.align;
    g.local_offset = total;
    total += g.size;
  }
  return true;
}

}  // namespace

bool decode_module(const Bytes& bitcode, Module& out, std::string& error,
                   Resolver resolve_builtin) {
  llvm::LLVMContext context;
  auto buffer = llvm::MemoryBuffer::getMemBuffer(
      llvm::StringRef(reinterpret_cast<const char*>(bitcode.data()), bitcode.size()), "program",
      false);
  auto parsed = llvm::parseBitcodeFile(buffer->getMemBufferRef(), context);
  if (!parsed) {
    error = "the program's bitcode cannot be read: " + llvm::toString(parsed.takeError());
    return false;
  }
  ModuleDecoder decoder(**parsed, out, resolve_builtin);
  return decoder.run(error);
}

}  // namespace clvet::interp::ir
