// kernel_infos: the interfaces of a linked program's kernels (§5.9 clGetKernelInfo,
// clGetKernelArgInfo, clGetKernelWorkGroupInfo) from their calling convention and OpenCL
// metadata, whether Clang or the SPIR-V translator wrote it.
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>

#include <set>
#include <unordered_map>

#include "clvet/interp/executable.h"
#include "frontend/module_io.h"

namespace clvet::interp {

namespace {

// CL_KERNEL_ARG_* and CL_MEM_OBJECT_* values (the interpreter does not include CL headers).
constexpr std::uint32_t kAddressGlobal = 0x119B, kAddressLocal = 0x119C,
                        kAddressConstant = 0x119D, kAddressPrivate = 0x119E;
constexpr std::uint32_t kAccessReadOnly = 0x11A0, kAccessWriteOnly = 0x11A1,
                        kAccessReadWrite = 0x11A2, kAccessNone = 0x11A3;
constexpr std::uint64_t kTypeConst = 1 << 0, kTypeRestrict = 1 << 1, kTypeVolatile = 1 << 2,
                        kTypePipe = 1 << 3;

std::string md_string(const llvm::MDNode* node, unsigned i) {
  if (node == nullptr || i >= node->getNumOperands()) return {};
  if (const auto* s = llvm::dyn_cast_or_null<llvm::MDString>(node->getOperand(i).get()))
    return s->getString().str();
  return {};
}

std::int64_t md_int(const llvm::MDNode* node, unsigned i, std::int64_t otherwise) {
  if (node == nullptr || i >= node->getNumOperands()) return otherwise;
  if (const auto* c = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(node->getOperand(i)))
    return c->getSExtValue();
  return otherwise;
}

std::string without_blanks(std::string s) {
  std::erase_if(s, [](char c) { return c == ' ' || c == '\t'; });
  return s;
}

// The cl_mem_object_type an image argument of OpenCL C type `type` takes, 0 if no image.
std::uint32_t image_type(const std::string& type) {
  static const std::unordered_map<std::string, std::uint32_t> kImages = {
      {"image2d_t", 0x10F1},       {"image3d_t", 0x10F2},        {"image2d_array_t", 0x10F3},
      {"image1d_t", 0x10F4},       {"image1d_array_t", 0x10F5},  {"image1d_buffer_t", 0x10F6},
      {"image2d_depth_t", 0x10F1}, {"image2d_array_depth_t", 0x10F3},
      {"image2d_msaa_t", 0x10F1},  {"image2d_array_msaa_t", 0x10F3}};
  auto it = kImages.find(type);
  return it == kImages.end() ? 0 : it->second;
}

// The OpenCL C name of a vec_type_hint type ("float4", "uint").
std::string vector_type_name(llvm::Type* type, bool is_signed) {
  unsigned lanes = 1;
  if (auto* vector = llvm::dyn_cast<llvm::FixedVectorType>(type)) {
    lanes = vector->getNumElements();
    type = vector->getElementType();
  }
  std::string scalar;
  if (type->isHalfTy()) scalar = "half";
  else if (type->isFloatTy()) scalar = "float";
  else if (type->isDoubleTy()) scalar = "double";
  else if (type->isIntegerTy(8)) scalar = is_signed ? "char" : "uchar";
  else if (type->isIntegerTy(16)) scalar = is_signed ? "short" : "ushort";
  else if (type->isIntegerTy(32)) scalar = is_signed ? "int" : "uint";
  else if (type->isIntegerTy(64)) scalar = is_signed ? "long" : "ulong";
  else scalar = "?";
  return lanes == 1 ? scalar : scalar + std::to_string(lanes);
}

// The functions `kernel` may execute: itself and everything it calls, directly or not.
std::set<const llvm::Function*> reachable(const llvm::Function& kernel) {
  std::set<const llvm::Function*> seen{&kernel};
  std::vector<const llvm::Function*> work{&kernel};
  while (!work.empty()) {
    const llvm::Function* f = work.back();
    work.pop_back();
    for (const llvm::BasicBlock& block : *f)
      for (const llvm::Instruction& i : block)
        if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&i))
          if (const llvm::Function* callee = call->getCalledFunction())
            if (!callee->isDeclaration() && seen.insert(callee).second) work.push_back(callee);
  }
  return seen;
}

// The functions whose instructions use `value`, looking through constant expressions.
void using_functions(const llvm::Value* value, std::set<const llvm::Function*>& out) {
  for (const llvm::User* user : value->users()) {
    if (const auto* i = llvm::dyn_cast<llvm::Instruction>(user)) {
      out.insert(i->getFunction());
    } else if (llvm::isa<llvm::Constant>(user)) {
      using_functions(user, out);
    }
  }
}

KernelArgInfo argument(const llvm::Function& kernel, unsigned index, const llvm::DataLayout& layout) {
  KernelArgInfo arg;
  const llvm::Argument* value = kernel.getArg(index);
  const int address = static_cast<int>(
      md_int(kernel.getMetadata("kernel_arg_addr_space"), index, 0));
  const std::string access = md_string(kernel.getMetadata("kernel_arg_access_qual"), index);
  const std::string type = without_blanks(md_string(kernel.getMetadata("kernel_arg_type"), index));
  const std::string base_type =
      without_blanks(md_string(kernel.getMetadata("kernel_arg_base_type"), index));
  const std::string qualifiers = md_string(kernel.getMetadata("kernel_arg_type_qual"), index);
  arg.name = md_string(kernel.getMetadata("kernel_arg_name"), index);
  // Clang keeps parameter names on the IR's arguments whatever -cl-kernel-arg-info says.
  arg.declared_name = arg.name.empty() ? value->getName().str() : arg.name;
  arg.type_name = type.empty() ? base_type : type;

  if (qualifiers.find("const") != std::string::npos) arg.type_qualifier |= kTypeConst;
  if (qualifiers.find("restrict") != std::string::npos) arg.type_qualifier |= kTypeRestrict;
  if (qualifiers.find("volatile") != std::string::npos) arg.type_qualifier |= kTypeVolatile;
  if (qualifiers.find("pipe") != std::string::npos) arg.type_qualifier |= kTypePipe;
  arg.access_qualifier = access == "read_only"    ? kAccessReadOnly
                         : access == "write_only" ? kAccessWriteOnly
                         : access == "read_write" ? kAccessReadWrite
                                                  : kAccessNone;
  const std::string& object = base_type.empty() ? type : base_type;
  arg.size = 8;
  if (std::uint32_t image = image_type(object)) {
    arg.kind = KernelArgInfo::Kind::Image;
    arg.image_type = image;
    arg.address_qualifier = kAddressGlobal;
    return arg;
  }
  if (object == "sampler_t") {
    arg.kind = KernelArgInfo::Kind::Sampler;
    arg.address_qualifier = kAddressPrivate;
    return arg;
  }
  if (arg.type_qualifier & kTypePipe) {
    arg.kind = KernelArgInfo::Kind::Pipe;
    arg.address_qualifier = kAddressGlobal;
    return arg;
  }
  if (object == "queue_t") {
    arg.kind = KernelArgInfo::Kind::Queue;
    arg.address_qualifier = kAddressPrivate;
    return arg;
  }
  llvm::Type* llvm_type = value->getType();
  if (llvm_type->isPointerTy() && !value->hasByValAttr()) {
    switch (address) {
      case 1: arg.kind = KernelArgInfo::Kind::Global; arg.address_qualifier = kAddressGlobal; break;
      case 2:
        arg.kind = KernelArgInfo::Kind::Constant;
        arg.address_qualifier = kAddressConstant;
        // A __constant pointee cannot be written: the argument is const (§5.9.4).
        arg.type_qualifier |= kTypeConst;
        break;
      case 3: arg.kind = KernelArgInfo::Kind::Local; arg.address_qualifier = kAddressLocal; break;
      default: arg.kind = KernelArgInfo::Kind::Global; arg.address_qualifier = kAddressGlobal;
    }
    return arg;
  }
  arg.kind = KernelArgInfo::Kind::Value;
  arg.address_qualifier = kAddressPrivate;
  llvm::Type* passed = value->hasByValAttr() ? value->getParamByValType() : llvm_type;
  arg.size = layout.getTypeStoreSize(passed).getFixedSize();
  // A 3-component vector takes the room of four (§6.1.5): cl_float3 is 16 bytes.
  if (auto* vector = llvm::dyn_cast<llvm::FixedVectorType>(passed); vector && vector->getNumElements() == 3)
    arg.size = layout.getTypeAllocSize(passed).getFixedSize();
  return arg;
}

}  // namespace

bool kernel_infos(const Bytes& bitcode, std::vector<KernelInfo>& out, std::string& error) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = parse_bitcode(bitcode, context, error);
  if (!module) return false;
  const llvm::DataLayout& layout = module->getDataLayout();

  // Which functions use which __local variables (address space 3).
  std::vector<std::pair<const llvm::GlobalVariable*, std::set<const llvm::Function*>>> locals;
  for (const llvm::GlobalVariable& g : module->globals())
    if (g.getAddressSpace() == 3) {
      std::set<const llvm::Function*> users;
      using_functions(&g, users);
      locals.emplace_back(&g, std::move(users));
    }

  out.clear();
  for (const llvm::Function& f : *module) {
    if (f.getCallingConv() != llvm::CallingConv::SPIR_KERNEL || f.isDeclaration()) continue;
    KernelInfo info;
    info.name = f.getName().str();
    for (unsigned i = 0; i < f.arg_size(); ++i) info.args.push_back(argument(f, i, layout));
    info.arg_info_available = f.getMetadata("kernel_arg_name") != nullptr;

    std::string attributes;
    auto add = [&](const std::string& a) { attributes += (attributes.empty() ? "" : " ") + a; };
    if (const llvm::MDNode* reqd = f.getMetadata("reqd_work_group_size")) {
      for (unsigned d = 0; d < 3; ++d) info.required_work_group_size[d] = md_int(reqd, d, 1);
      add("reqd_work_group_size(" + std::to_string(md_int(reqd, 0, 1)) + "," +
          std::to_string(md_int(reqd, 1, 1)) + "," + std::to_string(md_int(reqd, 2, 1)) + ")");
    }
    if (const llvm::MDNode* hint = f.getMetadata("work_group_size_hint"))
      add("work_group_size_hint(" + std::to_string(md_int(hint, 0, 1)) + "," +
          std::to_string(md_int(hint, 1, 1)) + "," + std::to_string(md_int(hint, 2, 1)) + ")");
    if (const llvm::MDNode* hint = f.getMetadata("vec_type_hint")) {
      if (const auto* type = llvm::dyn_cast_or_null<llvm::ValueAsMetadata>(hint->getOperand(0).get()))
        add("vec_type_hint(" + vector_type_name(type->getType(), md_int(hint, 1, 1) != 0) + ")");
    }
    info.attributes = attributes;

    std::set<const llvm::Function*> code = reachable(f);
    for (const auto& [variable, users] : locals)
      for (const llvm::Function* user : users)
        if (code.count(user)) {
          info.local_mem_size += layout.getTypeAllocSize(variable->getValueType()).getFixedSize();
          break;
        }
    for (const llvm::Function* g : code)
      for (const llvm::BasicBlock& block : *g)
        for (const llvm::Instruction& i : block)
          if (const auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(&i))
            if (auto size = alloca->getAllocationSizeInBits(layout))
              info.private_mem_size += size->getFixedSize() / 8;
    out.push_back(std::move(info));
  }
  return true;
}

}  // namespace clvet::interp
