// Keeps uninitialised private variables visible to the engine's uninitialised-value checker
// through mem2reg and the optimiser.
#pragma once

namespace llvm {
class Module;
}

namespace clvet::interp {

// The global whose bytes the engine treats as never written: every read of it gives an
// uninitialised value (exec/shadow_memory.h). It is a __constant object, so it counts neither
// in CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE nor as a race.
inline constexpr const char* kUninitialisedGlobal = "clvet.uninitialised";

// Run before mem2reg: each promotable private variable first receives a load of
// kUninitialisedGlobal. mem2reg would otherwise give a read before any write the value
// `undef`, which the optimiser folds away (phi [3, undef] becomes 3), so the read would vanish
// before the engine could see it; a load of an object whose contents no pass can know keeps
// it, and the optimiser deletes the load wherever the variable is written before it is read.
void mark_uninitialised_variables(llvm::Module& module);

// Run after mem2reg: deletes the loads that mem2reg left unused (every variable written before
// it is read), so that only reads that may see an unwritten variable pay for one.
void drop_unused_uninitialised_loads(llvm::Module& module);

}  // namespace clvet::interp
