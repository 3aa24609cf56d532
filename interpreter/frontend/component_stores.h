// Stores to some components of a vector in memory (`out[i].x = 42`, `v.zy = ...`), which Clang
// emits as a load of the whole vector, insertelement or shufflevector, and a store of the whole
// vector: split, before the link optimises, into stores of the components the source wrote, so
// that the program reads nothing (a CL_MEM_WRITE_ONLY buffer is not read) and writes no other
// component (another work-item's store to another component does not race with it).
#pragma once

namespace llvm {
class Module;
}

namespace clvet::interp {

// Replaces each such store to __global, __local or generic memory by one store per written
// component and drops the load; stores to private memory stay as they are (no other
// work-item sees them, and mem2reg keeps the variable in a register).
void split_component_stores(llvm::Module& module);

}  // namespace clvet::interp
