// An SVM allocation (coarse grain, OpenCL 2.2 §5.6.1) read one element past its end: the
// finding names the allocation and its clSVMAlloc call.
// run: kernel=shift global=16 local=16
// arg 0: svm int 16 init=iota
// arg 1: buffer int 16 init=zero

kernel void shift(global const int* in, global int* out) {
  size_t i = get_global_id(0);
  out[i] = in[i + 1];  // expect: out-of-bounds
}
