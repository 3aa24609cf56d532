// Checks of the indices into static arrays (`a[i]` of `T a[N]`, also inside a struct), placed
// at link before the optimiser: an index past its array is out of bounds even where the
// address stays inside the enclosing object (C99 §6.5.6, on which OpenCL 1.2 §6 builds), and
// once a loop over a private struct is unrolled and the struct cut into its members (SROA),
// the array and its index are gone from the accesses. A call carries the index through the
// optimiser instead: it becomes a constant where the loop is unrolled, and the decoder drops
// the checks whose constant index is inside the array, so unrolled code pays nothing.
#pragma once

namespace llvm {
class Module;
}

namespace clvet::interp {

// The function each check calls: (i64 index, i64 elements, i32 access bytes), with the array's
// description for findings as the call's kIndexCheckArray metadata (an MDString).
inline constexpr const char* kIndexCheckFunction = "__clvet_index_check";
inline constexpr const char* kIndexCheckArray = "clvet.array";

// Before each load, store, atomicrmw and cmpxchg of an executable whose address is an element
// of a static array selected by a variable index, a check of that index; once per module.
void place_array_index_checks(llvm::Module& module);

}  // namespace clvet::interp
