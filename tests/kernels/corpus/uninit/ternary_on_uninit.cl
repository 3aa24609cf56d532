// A conditional expression decides on a private variable nothing wrote; its result is stored
// (both branches of the choice are written values: the decision is the use).
// run: kernel=choose global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: value int 0

kernel void choose(global int* out, int enable) {
  int level;
  if (enable) level = 4;
  out[get_global_id(0)] = level > 2 ? 5 : 7;  // expect: uninitialised
}
