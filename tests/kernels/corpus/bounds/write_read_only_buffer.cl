// A kernel writes into a buffer the host created with CL_MEM_READ_ONLY (OpenCL 1.2 §5.2.1:
// writing it from a kernel is undefined).
// run: kernel=scale_in_place global=64 local=64
// arg 0: buffer float 64 init=iota read_only

kernel void scale_in_place(global float* data) {
  size_t i = get_global_id(0);
  data[i] = data[i] * 2.0f;  // expect: read-only-write
}
