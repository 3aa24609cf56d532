// Constant expressions the decoder cannot evaluate before a launch, made instructions (see the
// header).
#include "frontend/constant_expressions.h"

#include <llvm/ADT/APInt.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <map>
#include <utility>
#include <vector>

namespace clvet::interp {
namespace {

// The addresses the decoder's constants hold: a variable, NULL or an integer address, each
// plus a constant offset (decode/decoder.cpp, ModuleDecoder::serialize).
bool resolved_by_decoder(const llvm::ConstantExpr& c, const llvm::DataLayout& dl) {
  if (!c.getType()->isPointerTy()) return false;
  llvm::APInt offset(dl.getIndexTypeSizeInBits(c.getType()), 0);
  const llvm::Value* base = c.stripAndAccumulateConstantOffsets(dl, offset, true);
  if (llvm::isa<llvm::GlobalVariable>(base) || llvm::isa<llvm::ConstantPointerNull>(base))
    return true;
  const auto* cast = llvm::dyn_cast<llvm::ConstantExpr>(base);
  return cast && cast->getOpcode() == llvm::Instruction::IntToPtr &&
         llvm::isa<llvm::ConstantInt>(cast->getOperand(0));
}

class Expander {
 public:
  explicit Expander(const llvm::DataLayout& dl) : dl_(dl) {}

  void expand(llvm::Instruction& user) {
    auto* phi = llvm::dyn_cast<llvm::PHINode>(&user);
    for (llvm::Use& use : user.operands()) {
      auto* c = llvm::dyn_cast<llvm::ConstantExpr>(use.get());
      if (!c || resolved_by_decoder(*c, dl_)) continue;
      if (phi) {
        // A phi's entries from one block must agree: one computation per block and constant.
        llvm::BasicBlock* from = phi->getIncomingBlock(use);
        auto [it, fresh] = phi_values_.try_emplace({from, c}, nullptr);
        if (fresh) it->second = make(*c, from->getTerminator());
        use.set(it->second);
        continue;
      }
      use.set(make(*c, &user));
    }
  }

 private:
  llvm::Instruction* make(const llvm::ConstantExpr& c, llvm::Instruction* before) {
    llvm::Instruction* made = c.getAsInstruction(before);
    expand(*made);
    return made;
  }

  const llvm::DataLayout& dl_;
  std::map<std::pair<llvm::BasicBlock*, const llvm::ConstantExpr*>, llvm::Instruction*>
      phi_values_;
};

}  // namespace

void expand_constant_expressions(llvm::Module& module) {
  Expander expander(module.getDataLayout());
  for (llvm::Function& f : module) {
    std::vector<llvm::Instruction*> instructions;
    for (llvm::BasicBlock& block : f)
      for (llvm::Instruction& i : block) instructions.push_back(&i);
    for (llvm::Instruction* i : instructions) expander.expand(*i);
  }
}

}  // namespace clvet::interp
