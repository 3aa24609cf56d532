// A kernel reads a buffer the host created with CL_MEM_WRITE_ONLY (OpenCL 1.2 §5.2.1).
// run: kernel=accumulate global=64 local=64
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=zero write_only

kernel void accumulate(global const int* in, global int* out) {
  size_t i = get_global_id(0);
  out[i] += in[i];  // expect: write-only-read
}
