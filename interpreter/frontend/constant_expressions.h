// Constant expressions the decoder cannot evaluate before a launch, made instructions: the
// optimiser folds comparisons, selects and integer casts of addresses into constants
// (`icmp eq (addrspacecast (ptr addrspace(1) null to ptr addrspace(4)), null)`, a generic
// pointer compared with NULL; `inttoptr (ptrtoint @local_variable)`, a union of pointers read
// as another member), whose value depends on where the program's variables lie at run time.
#pragma once

namespace llvm {
class Module;
}

namespace clvet::interp {

// Replaces every constant expression operand of an instruction that is not an address the
// decoder resolves itself (a variable plus a constant offset, NULL plus one, or an integer made
// a pointer) by the instructions computing it, placed before the instruction (before the end of
// the incoming block for a phi).
void expand_constant_expressions(llvm::Module& module);

}  // namespace clvet::interp
