// A loop trip count from __local memory nobody wrote: the loop's branch depends on it.
// run: kernel=loop_garbage global=8 local=8
// arg 0: buffer int 8 init=zero

kernel void loop_garbage(global int* out) {
  local int count;
  int sum = 0;
  for (int k = 0; k < (count & 7); ++k) sum += k;  // expect: uninitialised
  out[get_local_id(0)] = 1;
}
