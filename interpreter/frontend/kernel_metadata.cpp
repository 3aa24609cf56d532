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

// The image type an argument of OpenCL C type `type` takes, None if it is no image.
KernelArgInfo::Image image_type(const std::string& type) {
  using Image = KernelArgInfo::Image;
  static const std::unordered_map<std::string, Image> kImages = {
      {"image2d_t", Image::Image2D},         {"image3d_t", Image::Image3D},
      {"image2d_array_t", Image::Image2DArray}, {"image1d_t", Image::Image1D},
      {"image1d_array_t", Image::Image1DArray}, {"image1d_buffer_t", Image::Image1DBuffer},
      {"image2d_depth_t", Image::Image2D},   {"image2d_array_depth_t", Image::Image2DArray},
      {"image2d_msaa_t", Image::Image2D},    {"image2d_array_msaa_t", Image::Image2DArray}};
  auto it = kImages.find(type);
  return it == kImages.end() ? Image::None : it->second;
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

  arg.qualifiers.is_const = qualifiers.find("const") != std::string::npos;
  arg.qualifiers.is_restrict = qualifiers.find("restrict") != std::string::npos;
  arg.qualifiers.is_volatile = qualifiers.find("volatile") != std::string::npos;
  arg.qualifiers.is_pipe = qualifiers.find("pipe") != std::string::npos;
  using Access = KernelArgInfo::Access;
  arg.access = access == "read_only"    ? Access::ReadOnly
               : access == "write_only" ? Access::WriteOnly
               : access == "read_write" ? Access::ReadWrite
                                        : Access::None;
  const std::string& object = base_type.empty() ? type : base_type;
  arg.size = 8;
  if (KernelArgInfo::Image image = image_type(object); image != KernelArgInfo::Image::None) {
    arg.kind = KernelArgInfo::Kind::Image;
    arg.image = image;
    return arg;
  }
  if (object == "sampler_t") {
    arg.kind = KernelArgInfo::Kind::Sampler;
    return arg;
  }
  if (arg.qualifiers.is_pipe) {
    arg.kind = KernelArgInfo::Kind::Pipe;
    return arg;
  }
  if (object == "queue_t") {
    arg.kind = KernelArgInfo::Kind::Queue;
    return arg;
  }
  llvm::Type* llvm_type = value->getType();
  if (llvm_type->isPointerTy() && !value->hasByValAttr()) {
    switch (address) {
      case 2:
        arg.kind = KernelArgInfo::Kind::Constant;
        // A __constant pointee cannot be written: the argument is const (§5.9.4).
        arg.qualifiers.is_const = true;
        break;
      case 3: arg.kind = KernelArgInfo::Kind::Local; break;
      default: arg.kind = KernelArgInfo::Kind::Global;
    }
    return arg;
  }
  arg.kind = KernelArgInfo::Kind::Value;
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
