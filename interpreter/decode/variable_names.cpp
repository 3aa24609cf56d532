// Variables' names for findings (see variable_names.h).
#include "decode/variable_names.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <fmt/format.h>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp::ir {

void source_name(const llvm::GlobalVariable& g, std::string& name, std::string& function) {
  llvm::SmallVector<llvm::DIGlobalVariableExpression*, 1> debug;
  g.getDebugInfo(debug);
  if (!debug.empty()) {
    const llvm::DIGlobalVariable* v = debug.front()->getVariable();
    name = v->getName().str();
    if (const auto* sub = llvm::dyn_cast_or_null<llvm::DISubprogram>(v->getScope()))
      function = sub->getName().str();
    return;
  }
  std::string ir = g.getName().str();
  std::size_t dot = ir.find('.');
  if (dot != std::string::npos && g.getParent()->getFunction(ir.substr(0, dot))) {
    function = ir.substr(0, dot);
    name = ir.substr(dot + 1);
    // A variable of another program linked in gets a ".1" suffix: not part of its name.
    if (std::size_t suffix = name.find('.'); suffix != std::string::npos) name.erase(suffix);
    return;
  }
  if (!g.hasPrivateLinkage()) name = ir;  // private ones are the compiler's (string literals)
}

std::string array_description(const llvm::GetElementPtrInst& gep) {
  const llvm::Value* object = llvm::getUnderlyingObject(gep.getPointerOperand());
  std::string name = object->getName().str();
  std::string where;
  if (const auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(object)) {
    for (const llvm::DbgVariableIntrinsic* declare : llvm::FindDbgDeclareUses(
             const_cast<llvm::AllocaInst*>(alloca)))
      name = declare->getVariable()->getName().str();
    where = "private";
  } else if (const auto* g = llvm::dyn_cast<llvm::GlobalVariable>(object)) {
    std::string function;
    source_name(*g, name, function);
    unsigned space = g->getAddressSpace();
    where = space == kLocal ? "__local" : space == kConstant ? "__constant" : "__global";
    if (!function.empty()) where += " in '" + function + "'";
  } else if (const auto* arg = llvm::dyn_cast<llvm::Argument>(object)) {
    where = fmt::format("argument {}", arg->getArgNo());
  }
  // The whole variable is the array (`int a[4]; a[i]`), or the array is a part of it.
  llvm::Type* type = nullptr;
  if (const auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(object)) type = alloca->getAllocatedType();
  if (const auto* g = llvm::dyn_cast<llvm::GlobalVariable>(object)) type = g->getValueType();
  const bool whole = type == gep.getSourceElementType();
  std::string what = whole ? "array" : "an array in";
  if (name.empty()) return where.empty() ? "an array" : fmt::format("{} ({})", what, where);
  return where.empty() ? fmt::format("{} '{}'", what, name)
                       : fmt::format("{} '{}' ({})", what, name, where);
}

}  // namespace clvet::interp::ir
