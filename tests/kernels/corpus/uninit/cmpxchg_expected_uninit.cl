// atomic_cmpxchg whose new value was never written: a value nothing wrote is stored to global
// memory by the atomic (§6.12.11).
// run: kernel=swap global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: value int 0

kernel void swap(global int* slots, int enable) {
  int replacement;
  if (enable) replacement = 1;
  atomic_cmpxchg(&slots[get_global_id(0)], 0, replacement);  // expect: uninitialised
}
