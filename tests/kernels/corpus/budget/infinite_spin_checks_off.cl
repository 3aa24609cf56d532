// A spin-wait that never ends with every checker off: the time budget is a limit of the
// device, not a checker, and still stops the kernel and reports it.
// env: CLVET_CHECK=none
// env: CLVET_BUDGET_SECONDS=2
// run: kernel=spin global=4 local=4
// arg 0: buffer int 1 init=zero

kernel void spin(global volatile int* flag) {
  while (flag[0] == 0) { }  // expect: budget-exceeded
}
