// link_bitcode: compiled objects and libraries into a library or an executable. An executable
// must define every function its kernels call but the built-ins, and is optimised so that every
// memory access of the program stays as written (the kernel checkers watch each one).
#include <llvm/ADT/Triple.h>
#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>

#include <fmt/format.h>

#include <map>
#include <set>
#include <vector>

#include "clvet/interp/frontend.h"
#include "frontend/array_index_checks.h"
#include "frontend/build_options.h"
#include "frontend/component_stores.h"
#include "frontend/constant_expressions.h"
#include "frontend/module_io.h"
#include "frontend/opencl_builtins.h"
#include "frontend/query_calls.h"
#include "frontend/synchronisation_calls.h"
#include "frontend/uninitialised_values.h"

namespace clvet::interp {

namespace {

FrontEndResult failure(FrontEndStatus status, std::string log) {
  FrontEndResult result;
  result.status = status;
  result.log = std::move(log);
  return result;
}

// Runs `add` 's passes over the module with fresh analysis managers whose library info knows
// no library function (so printf and the math functions are never rewritten or folded).
template <class AddPasses> void run_passes(llvm::Module& module, AddPasses add) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager cgscc;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder;
  llvm::TargetLibraryInfoImpl library(llvm::Triple(module.getTargetTriple()));
  library.disableAllFunctions();
  functions.registerPass([&] { return llvm::TargetLibraryAnalysis(library); });
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgscc);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgscc, modules);
  llvm::ModulePassManager passes = add(builder);
  passes.run(module, modules);
}

// Every memory access left after mem2reg becomes volatile: no later pass may remove, merge,
// widen or reorder it, so the interpreter executes exactly the accesses the source makes.
void make_memory_accesses_volatile(llvm::Module& module) {
  llvm::LLVMContext& context = module.getContext();
  for (llvm::Function& f : module)
    for (llvm::BasicBlock& block : f)
      for (llvm::Instruction& i : block) {
        if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&i)) {
          load->setVolatile(true);
        } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i)) {
          store->setVolatile(true);
        } else if (auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&i)) {
          rmw->setVolatile(true);
        } else if (auto* cmpxchg = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&i)) {
          cmpxchg->setVolatile(true);
        } else if (auto* mem = llvm::dyn_cast<llvm::MemIntrinsic>(&i)) {
          mem->setVolatile(llvm::ConstantInt::getTrue(context));
        }
      }
}

// The first function a kernel reaches that is declared, not defined, and no built-in: the
// link of an executable fails naming it (and the kernel when one calls it).
bool undefined_functions(const llvm::Module& module, std::string& log) {
  bool found = false;
  for (const llvm::Function& f : module) {
    if (!f.isDeclaration() || f.isIntrinsic() || f.use_empty()) continue;
    if (f.getName() == kIndexCheckFunction) continue;
    if (is_opencl_builtin(f.getName().str())) continue;
    std::string caller;
    for (const llvm::User* user : f.users())
      if (const auto* call = llvm::dyn_cast<llvm::CallBase>(user)) {
        caller = call->getFunction()->getName().str();
        break;
      }
    log += "clvet: link error: function '" + base_name(f.getName().str()) + "'" +
           (caller.empty() ? "" : " (called by '" + base_name(caller) + "')") +
           " is not defined by any input program and is not an OpenCL C built-in\n";
    found = true;
  }
  return found;
}

// Every call that recurses, directly or through other functions, named in the log as a
// compiler error at the call: OpenCL C has no recursion (OpenCL C 1.2 §6.9 i, "Recursion is
// not supported"), so a program with a cycle of calls is no valid program and its link fails.
bool recursive_calls(const llvm::Module& module, std::string& log) {
  std::map<const llvm::Function*, std::vector<const llvm::CallBase*>> calls;
  for (const llvm::Function& f : module)
    for (const llvm::BasicBlock& block : f)
      for (const llvm::Instruction& i : block)
        if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&i))
          if (const llvm::Function* callee = call->getCalledFunction();
              callee && !callee->isDeclaration())
            calls[&f].push_back(call);
  // Whether `target` is reached from `from` through calls.
  auto reaches = [&](const llvm::Function* from, const llvm::Function* target) {
    std::set<const llvm::Function*> seen{from};
    std::vector<const llvm::Function*> work{from};
    while (!work.empty()) {
      const llvm::Function* f = work.back();
      work.pop_back();
      if (f == target) return true;
      for (const llvm::CallBase* call : calls[f])
        if (seen.insert(call->getCalledFunction()).second) work.push_back(call->getCalledFunction());
    }
    return false;
  };
  bool found = false;
  for (const llvm::Function& f : module)
    for (const llvm::CallBase* call : calls[&f]) {
      const llvm::Function* callee = call->getCalledFunction();
      if (!reaches(callee, &f)) continue;
      std::string where = "clvet";
      if (const llvm::DebugLoc& at = call->getDebugLoc())
        where = fmt::format("{}:{}:{}", at->getFilename().str(), at.getLine(), at.getCol());
      const std::string caller = base_name(f.getName().str());
      const std::string called = base_name(callee->getName().str());
      log += callee == &f
                 ? fmt::format("{}: error: '{}' calls itself: recursion is not supported "
                               "(OpenCL C 1.2 §6.9 i)\n", where, caller)
                 : fmt::format("{}: error: '{}' calls '{}', which calls '{}' again: recursion is "
                               "not supported (OpenCL C 1.2 §6.9 i)\n", where, caller, called,
                               caller);
      found = true;
    }
  return found;
}

}  // namespace

FrontEndResult link_bitcode(const std::vector<Bytes>& inputs, std::string_view options) {
  LinkOptions parsed;
  std::string error;
  if (!parse_link_options(options, parsed, error))
    return failure(FrontEndStatus::InvalidOptions, "clvet: " + error + "\n");
  if (inputs.empty()) return failure(FrontEndStatus::InvalidInput, "clvet: nothing to link\n");

  llvm::LLVMContext context;
  std::string log;
  context.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo& info, void* text) {
        std::string line;
        llvm::raw_string_ostream out(line);
        llvm::DiagnosticPrinterRawOStream printer(out);
        info.print(printer);
        out.flush();
        *static_cast<std::string*>(text) += "clvet: link: " + line + "\n";
      },
      &log);

  std::unique_ptr<llvm::Module> linked;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    std::unique_ptr<llvm::Module> module = parse_bitcode(inputs[i], context, error);
    if (!module)
      return failure(FrontEndStatus::InvalidInput,
                     "clvet: input " + std::to_string(i) + ": " + error + "\n");
    if (!linked) {
      linked = std::move(module);
      continue;
    }
    if (llvm::Linker::linkModules(*linked, std::move(module)))
      return failure(FrontEndStatus::Failed, log.empty() ? "clvet: link failed\n" : log);
  }
  set_module_string(*linked, "clvet.link_options", options);

  if (!parsed.create_library) {
    if (undefined_functions(*linked, log)) return failure(FrontEndStatus::Failed, log);
    if (recursive_calls(*linked, log)) return failure(FrontEndStatus::Failed, log);
    split_component_stores(*linked);
    bool optimise = !parsed.opt_disable && !has_module_flag(*linked, "clvet.opt_disable");
    mark_uninitialised_variables(*linked);
    run_passes(*linked, [](llvm::PassBuilder&) {
      llvm::ModulePassManager passes;
      passes.addPass(llvm::createModuleToFunctionPassAdaptor(llvm::PromotePass()));
      return passes;
    });
    drop_unused_uninitialised_loads(*linked);
    place_array_index_checks(*linked);
    if (optimise) {
      make_memory_accesses_volatile(*linked);
      keep_synchronisation_calls_apart(*linked);
      free_query_calls(*linked);
      run_passes(*linked, [](llvm::PassBuilder& builder) {
        return builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
      });
    }
  }
  if (!parsed.create_library) expand_constant_expressions(*linked);
  std::string broken;
  llvm::raw_string_ostream broken_out(broken);
  if (llvm::verifyModule(*linked, &broken_out)) {
    broken_out.flush();
    return failure(FrontEndStatus::Failed, log + "clvet: the linked module is broken: " + broken);
  }
  FrontEndResult result;
  result.status = FrontEndStatus::Ok;
  result.log = log;
  result.bitcode = write_bitcode(*linked);
  return result;
}

}  // namespace clvet::interp
