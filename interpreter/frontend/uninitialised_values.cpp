// Private variables start as a load of clvet.uninitialised (see uninitialised_values.h).
#include "frontend/uninitialised_values.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

#include <algorithm>
#include <vector>

namespace clvet::interp {

void mark_uninitialised_variables(llvm::Module& module) {
  const llvm::DataLayout& layout = module.getDataLayout();
  std::vector<llvm::AllocaInst*> variables;
  std::uint64_t largest = 0;
  for (llvm::Function& f : module) {
    if (f.isDeclaration()) continue;
    for (llvm::Instruction& i : f.getEntryBlock()) {
      auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(&i);
      // Only what mem2reg will promote: the rest stays in private memory, whose bytes the
      // engine already tracks.
      if (!alloca || !llvm::isAllocaPromotable(alloca)) continue;
      variables.push_back(alloca);
      largest = std::max<std::uint64_t>(largest, layout.getTypeAllocSize(alloca->getAllocatedType()));
    }
  }
  if (variables.empty()) return;
  llvm::LLVMContext& context = module.getContext();
  // External linkage: no pass may conclude that nothing writes it and fold its loads to zero.
  auto* bytes = llvm::ArrayType::get(llvm::Type::getInt8Ty(context), std::max<std::uint64_t>(largest, 16));
  auto* global = new llvm::GlobalVariable(
      module, bytes, false, llvm::GlobalValue::ExternalLinkage, llvm::ConstantAggregateZero::get(bytes),
      kUninitialisedGlobal, nullptr, llvm::GlobalValue::NotThreadLocal, 2 /* __constant */);
  global->setAlignment(llvm::Align(16));
  for (llvm::AllocaInst* alloca : variables) {
    // After the entry block's allocas, so that the store's address is defined.
    llvm::Instruction* at = &*alloca->getParent()->getFirstInsertionPt();
    while (llvm::isa<llvm::AllocaInst>(at)) at = at->getNextNode();
    if (at->comesBefore(alloca)) at = alloca->getNextNode();
    llvm::IRBuilder<> builder(at);
    builder.SetCurrentDebugLocation(llvm::DebugLoc());
    llvm::Type* type = alloca->getAllocatedType();
    llvm::Value* from = builder.CreatePointerCast(global, llvm::PointerType::get(type, 2));
    llvm::Value* garbage = builder.CreateAlignedLoad(type, from, llvm::Align(1));
    builder.CreateStore(garbage, alloca);
  }
}

void drop_unused_uninitialised_loads(llvm::Module& module) {
  llvm::GlobalVariable* global = module.getGlobalVariable(kUninitialisedGlobal);
  if (!global) return;
  std::vector<llvm::Instruction*> unused;
  auto consider = [&](llvm::User* user) {
    auto* load = llvm::dyn_cast<llvm::LoadInst>(user);
    if (load && load->use_empty()) unused.push_back(load);
  };
  for (llvm::User* user : global->users()) {
    consider(user);
    if (llvm::isa<llvm::ConstantExpr>(user))  // typed pointers: through a cast
      for (llvm::User* through : user->users()) consider(through);
  }
  for (llvm::Instruction* load : unused) load->eraseFromParent();
  global->removeDeadConstantUsers();
  if (global->use_empty()) global->eraseFromParent();
}

}  // namespace clvet::interp
