// Places the array index checks (see array_index_checks.h).
#include "frontend/array_index_checks.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>

#include <vector>

#include "decode/variable_names.h"
#include "frontend/module_io.h"

namespace clvet::interp {

namespace {

// The function the checks call. It touches only memory no program sees, so the optimiser
// keeps every call (and its place among the accesses) but moves, splits and promotes the
// program's own variables around it as if it were not there.
llvm::FunctionCallee index_check_function(llvm::Module& module) {
  llvm::LLVMContext& context = module.getContext();
  llvm::Type* i64 = llvm::Type::getInt64Ty(context);
  llvm::Type* i32 = llvm::Type::getInt32Ty(context);
  auto* type = llvm::FunctionType::get(llvm::Type::getVoidTy(context), {i64, i64, i32}, false);
  llvm::FunctionCallee callee = module.getOrInsertFunction(kIndexCheckFunction, type);
  auto* f = llvm::cast<llvm::Function>(callee.getCallee());
  f->addFnAttr(llvm::Attribute::NoUnwind);
  f->addFnAttr(llvm::Attribute::WillReturn);
  f->addFnAttr(llvm::Attribute::NoSync);
  f->addFnAttr(llvm::Attribute::InaccessibleMemOnly);
  return callee;
}

// The address an access goes through, and the bytes it accesses.
const llvm::Value* access_address(const llvm::Instruction& i, std::uint64_t& bytes) {
  const llvm::DataLayout& layout = i.getModule()->getDataLayout();
  if (const auto* load = llvm::dyn_cast<llvm::LoadInst>(&i)) {
    bytes = layout.getTypeStoreSize(load->getType());
    return load->getPointerOperand();
  }
  if (const auto* store = llvm::dyn_cast<llvm::StoreInst>(&i)) {
    bytes = layout.getTypeStoreSize(store->getValueOperand()->getType());
    return store->getPointerOperand();
  }
  if (const auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&i)) {
    bytes = layout.getTypeStoreSize(rmw->getType());
    return rmw->getPointerOperand();
  }
  if (const auto* cmpxchg = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i)) {
    bytes = layout.getTypeStoreSize(cmpxchg->getCompareOperand()->getType());
    return cmpxchg->getPointerOperand();
  }
  return nullptr;
}

// A check before `access` of each variable array index of `gep` (the address or a GEP the
// address is a part of).
void check_indices(const llvm::GetElementPtrInst& gep, std::uint64_t bytes,
                   llvm::IRBuilder<>& builder, llvm::FunctionCallee check,
                   const llvm::Instruction& access) {
  llvm::LLVMContext& context = access.getContext();
  llvm::MDNode* description = nullptr;
  // The first index steps over whole objects (pointer arithmetic, bounded by the object);
  // each later one selects within the type reached so far.
  llvm::Type* type = gep.getSourceElementType();
  for (unsigned n = 2; n < gep.getNumOperands(); ++n) {
    llvm::Value* index = gep.getOperand(n);
    if (auto* st = llvm::dyn_cast<llvm::StructType>(type)) {
      type = st->getTypeAtIndex(index);
      continue;
    }
    auto* array = llvm::dyn_cast<llvm::ArrayType>(type);
    if (!array) break;  // a vector's element: the engine checks the address
    type = array->getElementType();
    const std::uint64_t count = array->getNumElements();
    // A flexible array member ([0 x T]) is bounded by its object only; a constant index inside
    // the array needs no check (one outside it, a loop's last trip unrolled by hand, is checked
    // where it runs).
    if (count == 0 || !index->getType()->isIntegerTy()) continue;
    if (const auto* constant = llvm::dyn_cast<llvm::ConstantInt>(index))
      if (constant->getValue().isNonNegative() && constant->getValue().ult(count)) continue;
    if (!description)
      description =
          llvm::MDNode::get(context, llvm::MDString::get(context, ir::array_description(gep)));
    // GEP indices are signed (LLVM's GEP semantics): the check sees them sign-extended.
    llvm::Value* wide = builder.CreateSExtOrTrunc(index, builder.getInt64Ty());
    llvm::CallInst* call = builder.CreateCall(
        check, {wide, builder.getInt64(count), builder.getInt32(static_cast<std::uint32_t>(bytes))});
    call->setDebugLoc(access.getDebugLoc());
    call->setMetadata(kIndexCheckArray, description);
  }
}

}  // namespace

void place_array_index_checks(llvm::Module& module) {
  if (has_module_flag(module, "clvet.index_checks")) return;
  set_module_string(module, "clvet.index_checks", "");
  std::vector<llvm::Instruction*> accesses;
  for (llvm::Function& f : module)
    for (llvm::BasicBlock& block : f)
      for (llvm::Instruction& i : block)
        if (std::uint64_t bytes = 0; access_address(i, bytes)) accesses.push_back(&i);
  if (accesses.empty()) return;
  llvm::FunctionCallee check = index_check_function(module);
  for (llvm::Instruction* access : accesses) {
    std::uint64_t bytes = 0;
    const llvm::Value* address = access_address(*access, bytes);
    llvm::IRBuilder<> builder(access);
    // `s.m.rows[r][0]` is a chain of GEPs, each selecting within what the one before it
    // reached: every array index on the way is checked. A GEP whose first index is not 0 does
    // pointer arithmetic (`p = &a[i]; p[1]`), bounded by the object: the chain stops there.
    for (int depth = 0; depth < 8; ++depth) {
      const auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(address);
      if (!gep) break;
      check_indices(*gep, bytes, builder, check, *access);
      const auto* first = llvm::dyn_cast<llvm::ConstantInt>(gep->getOperand(1));
      if (!first || !first->isZero()) break;
      address = gep->getPointerOperand();
    }
  }
}

}  // namespace clvet::interp
