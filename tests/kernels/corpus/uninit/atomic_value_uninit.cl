// An atomic add into an initialised counter whose operand is a private variable set on one path
// only: the atomic stores what nothing wrote into global memory (§6.12.11).
// run: kernel=accumulate global=16 local=16
// arg 0: buffer int 1 init=zero
// arg 1: value int 0

kernel void accumulate(global int* counter, int enable) {
  int amount;
  if (enable) amount = 2;
  atomic_add(counter, amount);  // expect: uninitialised
}
