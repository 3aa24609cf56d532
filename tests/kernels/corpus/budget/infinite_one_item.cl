// Only one work-item loops forever (its exit depends on a value the others write, but it
// reads its own slot): the whole launch must be stopped.
// env: CLVET_BUDGET_SECONDS=2
// run: kernel=one_stuck global=16 local=16
// arg 0: buffer int 16 init=zero

kernel void one_stuck(global volatile int* slots) {
  size_t lid = get_local_id(0);
  slots[lid] = lid == 5 ? 0 : 1;
  while (slots[lid] == 0) { }  // expect: budget-exceeded
}
