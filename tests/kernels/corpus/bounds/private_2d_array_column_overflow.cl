// A column index past its row of a private 2D array: the address is still inside the array
// (the next row's first element), but m[1] is an array of 4 ints and index 4 is past its end
// (C99 §6.5.6, which OpenCL 1.2 §6 builds on).
// run: kernel=rows global=8 local=8
// arg 0: buffer int 8 init=zero
// arg 1: value int 4

kernel void rows(global int* out, int c) {
  int m[3][4];
  for (int r = 0; r < 3; ++r)
    for (int k = 0; k < 4; ++k) m[r][k] = r * 4 + k;
  out[get_global_id(0)] = m[1][c];  // expect: out-of-bounds
}
