// A private variable nothing wrote, read through a generic pointer and stored to global memory.
// run: kernel=leak global=8 local=8 options=-cl-std=CL3.0
// arg 0: buffer int 8 init=zero
// arg 1: value int 3

int read_through(const int* p) { return *p; }

kernel void leak(global int* out, int n) {
  int v;
  if (n > 5) v = n;
  out[get_global_id(0)] = read_through(&v);  // expect: uninitialised
}
