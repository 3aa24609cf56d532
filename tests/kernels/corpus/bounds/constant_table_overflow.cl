// A program-scope __constant table indexed past its end.
// run: kernel=table global=16 local=16
// arg 0: buffer float 16 init=zero

constant float kTable[8] = {1, 2, 3, 4, 5, 6, 7, 8};

kernel void table(global float* out) {
  size_t i = get_global_id(0);
  out[i] = kTable[i];  // expect: out-of-bounds
}
