// Which calls synchronise a work-group, and the `nomerge` marks that keep the optimiser from
// merging two of them into one (see synchronisation_calls.h).
#include "frontend/synchronisation_calls.h"

#include <llvm/IR/Attributes.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Module.h>

#include <set>

#include "frontend/opencl_builtins.h"

namespace clvet::interp {

bool is_synchronisation_builtin(std::string_view name) {
  return name == "barrier" || name.starts_with("work_group_") || name.starts_with("sub_group_") ||
         name == "async_work_group_copy" || name == "async_work_group_strided_copy" ||
         name == "wait_group_events" || name.starts_with("__spirv_ControlBarrier") ||
         name.starts_with("__spirv_Group");
}

void keep_synchronisation_calls_apart(llvm::Module& module) {
  // The functions that synchronise: the built-ins, then every defined function calling one
  // (a helper with a barrier inside, called on both sides of a branch), to a fixed point.
  std::set<const llvm::Function*> synchronising;
  for (const llvm::Function& f : module)
    if (f.isDeclaration() && is_synchronisation_builtin(base_name(f.getName().str())))
      synchronising.insert(&f);
  auto calls_one = [&](const llvm::Function& f) {
    for (const llvm::BasicBlock& block : f)
      for (const llvm::Instruction& i : block)
        if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&i))
          if (synchronising.count(call->getCalledFunction())) return true;
    return false;
  };
  for (bool grew = true; grew;) {
    grew = false;
    for (const llvm::Function& f : module)
      if (!f.isDeclaration() && !synchronising.count(&f) && calls_one(f)) {
        synchronising.insert(&f);
        grew = true;
      }
  }
  for (llvm::Function& f : module)
    for (llvm::BasicBlock& block : f)
      for (llvm::Instruction& i : block)
        if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i))
          if (synchronising.count(call->getCalledFunction()))
            call->addFnAttr(llvm::Attribute::NoMerge);
}

}  // namespace clvet::interp
