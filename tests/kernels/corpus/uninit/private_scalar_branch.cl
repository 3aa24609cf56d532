// An uninitialised private variable decides a branch.
// run: kernel=branch_on_garbage global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: value int 0

kernel void branch_on_garbage(global int* out, int enable) {
  int limit;
  if (enable) limit = 10;
  if ((int)get_global_id(0) < limit) out[get_global_id(0)] = 1;  // expect: uninitialised
}
