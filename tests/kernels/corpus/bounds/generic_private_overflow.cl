// A private array read one past its end through a generic pointer (OpenCL C 3.0 §6.7.1.1):
// out of bounds of the private array, whatever space the pointer's type says.
// run: kernel=sum global=8 local=8 options=-cl-std=CL3.0
// arg 0: buffer int 8 init=zero
// arg 1: value int 4

int total(const int* p, int n) {
  int s = 0;
  for (int k = 0; k <= n; ++k) s += p[k];  // expect: out-of-bounds
  return s;
}

kernel void sum(global int* out, int n) {
  int a[4] = {1, 2, 3, 4};
  out[get_global_id(0)] = total(a, n);
}
