// The names findings give a program's variables: a program-scope or __local variable as
// declared, and the array an element access goes through.
#pragma once

#include <string>

namespace llvm {
class GetElementPtrInst;
class GlobalVariable;
}  // namespace llvm

namespace clvet::interp::ir {

// A variable's name as declared and, for one declared in a function (every __local variable
// of OpenCL C 1.2, §6.5.2), that function's name: from the debug info when compiled with -g,
// else from Clang's name for function-scope variables, "<function>.<variable>".
void source_name(const llvm::GlobalVariable& g, std::string& name, std::string& function);

// What an array element access goes through, for findings: "array 'a' (private)",
// "an array in 's' (private)", "array 'tile' (__local in 'blur')". Names come from the IR
// (Clang keeps them) or, with -g, the debug info.
std::string array_description(const llvm::GetElementPtrInst& gep);

}  // namespace clvet::interp::ir
