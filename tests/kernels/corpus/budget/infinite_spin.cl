// A spin-wait on a flag that nothing ever sets: the kernel never ends and must be stopped by
// the budget and reported, not hang the application.
// env: CLVET_BUDGET_SECONDS=2
// run: kernel=spin global=4 local=4
// arg 0: buffer int 1 init=zero

kernel void spin(global volatile int* flag) {
  while (flag[0] == 0) { }  // expect: budget-exceeded
}
