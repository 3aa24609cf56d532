// A loop that never ends with only the race checker chosen: the instruction budget holds
// whichever checkers CLVET_CHECK picks.
// env: CLVET_CHECK=races
// env: CLVET_BUDGET_INSTRUCTIONS=20000000
// run: kernel=never_ends global=8 local=8
// arg 0: buffer uint 8 init=zero

kernel void never_ends(global uint* out) {
  for (uint k = 0; k != 0xffffffffu; k += 2) { out[get_global_id(0)] = k; }  // expect: budget-exceeded
}
