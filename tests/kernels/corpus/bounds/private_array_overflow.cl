// A private array indexed one past its end; the address may well land in the next private
// array, but the index is past the array it was computed from.
// run: kernel=private_overflow global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: value int 4

kernel void private_overflow(global int* out, int n) {
  int a[4];
  int b[4];
  for (int k = 0; k < 4; ++k) {
    a[k] = k;
    b[k] = 10 * k;
  }
  out[get_global_id(0)] = a[n] + b[0];  // expect: out-of-bounds
}
