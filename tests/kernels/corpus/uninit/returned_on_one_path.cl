// A helper whose result variable is set on one path only; the caller stores the result.
// run: kernel=picked global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: value int 0

int pick(int choose) {
  int result;
  if (choose) result = 7;
  return result;
}

kernel void picked(global int* out, int choose) {
  out[get_global_id(0)] = pick(choose);  // expect: uninitialised
}
