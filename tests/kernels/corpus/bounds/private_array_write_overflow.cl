// A private array written past its end in a loop with an off-by-one bound.
// run: kernel=private_fill global=8 local=8
// arg 0: buffer int 8 init=zero
// arg 1: value int 8

kernel void private_fill(global int* out, int n) {
  int buf[8];
  int guard = 5;
  for (int k = 0; k <= n; ++k) buf[k] = k;  // expect: out-of-bounds
  out[get_global_id(0)] = buf[get_global_id(0)] + guard;
}
