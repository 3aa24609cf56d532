// A loop whose exit condition can never hold (unsigned counter compared with -1 after a
// step of two from zero): stopped by the instruction budget.
// env: CLVET_BUDGET_INSTRUCTIONS=20000000
// run: kernel=never_ends global=8 local=8
// arg 0: buffer uint 8 init=zero

kernel void never_ends(global uint* out) {
  for (uint k = 0; k != 0xffffffffu; k += 2) { out[get_global_id(0)] = k; }  // expect: budget-exceeded
}
