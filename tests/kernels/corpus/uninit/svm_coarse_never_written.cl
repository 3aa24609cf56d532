// A coarse-grain SVM allocation that nothing wrote (no map for writing, no SVM copy or fill, no
// kernel) copied into a buffer: its bytes are uninitialised.
// run: kernel=copy global=16 local=16
// arg 0: svm int 16 init=none
// arg 1: buffer int 16 init=zero

kernel void copy(global const int* in, global int* out) {
  size_t i = get_global_id(0);
  out[i] = in[i];  // expect: uninitialised
}
